// @vitest-environment jsdom
/**
 * The move's review, read (not edited), writes an amount answer as the client's report and the move's PDF
 * write it ('Respuesta: 1.250,5'), as every figure of the console; edited, its field shows the decimal comma ('1250,5').
 */
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { Dimension, Question } from '../../domain/questionnaires';
import { Answers } from '../../src/resources/moves/review/Answers';

afterEach(cleanup);

const amount: Question = { _id: 'q1', name: '¿Cuánto pagó por el café?', weighting: 0, type: 'amount', answers: [] } as unknown as Question;
const dimensions: Dimension[] = [
  { _id: 'd', name: 'Caja', weighting: 100, type: 'NORMAL', subDimensions: [{ _id: 's', name: 'Cobro', weighting: 100, type: 'NORMAL', questions: [amount] }] },
] as unknown as Dimension[];

/** The review of a move whose amount answer is 1250.5, read or edited. */
const review = (mode: 'view' | 'edit') =>
  render(
    <Answers
      dimensions={dimensions}
      replies={{ q1: { replyData: 1250.5, replyObservation: null, weighting: null, evidences: [], hasToEdit: false } }}
      mode={mode}
      problems={[]}
      onChange={() => {}}
      flags={new Set()}
      onFlag={() => {}}
      onDownloadPhoto={() => {}}
    />,
  );

describe("an amount's answer in the move's review", () => {
  it('is written with the decimal comma and the thousands dotted', () => {
    review('view');
    expect(screen.getByText('Respuesta: 1.250,5')).toBeTruthy();
  });

  it('shows the stored number with the decimal comma in its field when edited, as the field reads it', () => {
    review('edit');
    expect((screen.getByRole('textbox', { name: 'Respuesta' }) as HTMLInputElement).value).toBe('1250,5');
  });
});
