// @vitest-environment jsdom
/**
 * A weighting with decimals is written with the decimal comma, as every figure of the console ('12,5%'),
 * in the move's review and in the questionnaire's preview for the client: both read '12.5%'.
 */
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Dimension, Question, QuestionnaireContent } from '../../domain/questionnaires';
import { Answers } from '../../src/resources/moves/review/Answers';
import { PreviewDialog } from '../../src/resources/questionnaires/editor/Preview';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

const close: Question = {
  _id: 'q1',
  name: '¿Saludó al entrar?',
  weighting: 33.5,
  type: 'close',
  visibleToGetter: true,
  visibleToUser: true,
  answers: [
    { _id: 'a1', answer: 'Sí', weighting: 12.25 },
    { _id: 'a2', answer: 'No', weighting: 0 },
  ],
} as unknown as Question;
const photos: Question = { _id: 'q2', name: 'Foto de la vidriera', weighting: 66.5, type: 'photographs', visibleToGetter: true, visibleToUser: true, answers: [{ _id: 'a3', answer: '1.5', weighting: 0 }] } as unknown as Question;
const dimensions: Dimension[] = [
  { _id: 'd', name: 'Atención', weighting: 62.5, type: 'NORMAL', subDimensions: [{ _id: 's', name: 'Saludo', weighting: 100.5, type: 'NORMAL', questions: [close, photos] }] },
] as unknown as Dimension[];

describe('a weighting with decimals', () => {
  it("is written with the decimal comma in the move's review", () => {
    render(
      <Answers dimensions={dimensions} replies={{}} mode="view" problems={[]} onChange={() => {}} flags={new Set()} onFlag={() => {}} onDownloadPhoto={() => {}} />,
    );
    expect(screen.getByRole('heading', { level: 2 }).textContent).toBe('1. Atención (62,5%)');
    expect(screen.getByRole('heading', { level: 3 }).textContent).toBe('1.1 Saludo (100,5%)');
    expect(screen.getByText('Ponderación 33,5%')).toBeTruthy();
  });

  it("is written with the decimal comma in the questionnaire's preview for the client, in valid HTML", () => {
    // React reports markup the browser would rearrange (a chip's <div> inside the question's <p>) on the console.
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    const content = { name: 'Visita', questionnaire_version_type: 'NORMAL', dimensions } as unknown as QuestionnaireContent;
    render(<PreviewDialog content={content} onClose={() => {}} />);
    expect(screen.getByText('Adjuntar 1,5 foto(s)')).toBeTruthy();
    fireEvent.click(screen.getByRole('tab', { name: 'Vista del cliente' }));
    expect(screen.getByText('62,5%')).toBeTruthy();
    expect(screen.getByText('100,5%')).toBeTruthy();
    expect(screen.getByText('Ponderación 33,5')).toBeTruthy();
    expect(screen.getByText('Sí (12,25)')).toBeTruthy();
    expect(logged.mock.calls.map((call) => String(call[0]))).toEqual([]);
  });
});
