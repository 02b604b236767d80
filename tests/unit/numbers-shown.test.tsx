// @vitest-environment jsdom
/**
 * Figures that reach a user's eyes outside the console's lists, written as every figure of the console: an
 * amount answer in the move's PDF ('1.250,5'), the moves selected for a mass assignment ('1.200') and the
 * server's count of the taken locations past the first five ('y 1.250 más'). (An amount in the review: review-amount.test.tsx.)
 */
import { cleanup, render, screen } from '@testing-library/react';
import { CoreAdminContext, type DataProvider } from 'ra-core';
import { afterEach, describe, expect, it } from 'vitest';
import type { AnsweredQuestionnaire, MoveDetail } from '../../domain/move-api';
import { newQuestion, withType } from '../../domain/questionnaires';
import { PROJECT_WRITE_TEXT } from '../../server/services/projects/write';
import { MassAssignDialog } from '../../src/resources/moves/list/MassAssignDialog';
import { pdfLines } from '../../src/resources/moves/review/downloads';

afterEach(cleanup);

describe("an amount answer in the move's PDF", () => {
  it('is written with the decimal comma and the thousands dotted, as the review and the report write it', () => {
    const question = { ...withType(newQuestion(), 'amount'), _id: 'q1', name: '¿Cuánto pagó?' };
    const answered = {
      id: 1,
      userMoveId: 1,
      questionnaire: { id: 1, name: 'Caja', version: 1, versionId: 1, dimensions: [{ _id: 'd1', name: 'Caja', subDimensions: [{ _id: 's1', name: 'Cobro', questions: [question] }] }] },
      replies: { q1: { replyData: 1250.5, replyObservation: null } },
    } as unknown as AnsweredQuestionnaire;
    const move = {
      code: 'M-000001',
      status: { id: 'APROBADA', name: 'Aprobada' },
      statusId: 'APROBADA',
      questionnaireResult: 87.5,
      projectLocation: { locations: { fullName: 'Café', clientLocationName: 'OP-1', street: '', city: '', state: '' }, projects: { name: 'Verano', campaigns: null, client: null } },
    } as unknown as MoveDetail;
    expect(pdfLines(move, answered).map((l) => l.text)).toContain('Respuesta: 1.250,5');
  });
});

describe('the mass assignment of moves to a quality agent', () => {
  it('counts the selected moves with the thousands dotted', () => {
    const selected = Array.from({ length: 1200 }, (_, i) => i + 1);
    render(
      <CoreAdminContext dataProvider={{} as DataProvider}>
        <MassAssignDialog query={{}} selected={selected} count={15_000} onClose={() => {}} />
      </CoreAdminContext>,
    );
    expect(screen.getByText('Las moves seleccionadas (1.200)')).toBeTruthy();
    expect(screen.getByText('Todas las moves del filtro (15.000)')).toBeTruthy();
  });
});

describe('the locations a project cannot drop', () => {
  it('name the first five and count the rest with the thousands dotted', () => {
    const names = Array.from({ length: 1255 }, (_, i) => `L${i + 1}`);
    expect(PROJECT_WRITE_TEXT.locationsTaken(names)).toBe('No se pueden quitar locaciones con moves ya tomadas: L1, L2, L3, L4, L5, y 1.250 más.');
    expect(PROJECT_WRITE_TEXT.locationsTaken(['L1', 'L2'])).toBe('No se pueden quitar locaciones con moves ya tomadas: L1, L2.');
  });
});
