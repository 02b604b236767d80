/** What a move's PDF says ('Descargar PDF' on its review page). */
import { describe, expect, it } from 'vitest';
import type { AnsweredQuestionnaire, MoveDetail } from '../../domain/move-api';
import { defaultAnswers, newQuestion, withType } from '../../domain/questionnaires';
import { pdfLines } from '../../src/resources/moves/review/downloads';

const move = (over: Partial<MoveDetail>): MoveDetail =>
  ({
    id: 1,
    code: 'M-000001',
    status: { id: 'APROBADA', name: 'Aprobada' },
    statusId: 'APROBADA',
    version: 3,
    user: { id: 7, fullName: 'Juan Pérez' },
    assignedAgent: { id: 2, fullName: 'Rodrigo Castro' },
    returnReason: null,
    disapprovedReason: null,
    rejectionReason: null,
    cancelReason: null,
    startAuditDate: null,
    finishAnalysisDate: null,
    questionnaireResult: 87.5,
    projectLocation: {
      id: 4,
      locations: { id: 5, fullName: 'Café del Plata', clientLocationName: 'OP-12', client_location_id: 'S0012', street: 'Av. Corrientes 1234', city: 'CABA', state: 'Buenos Aires', openingHours: '', closingHours: '', observation: null },
      projects: { id: 6, name: 'Auditoría de verano', startDate: null, endDate: null, price: null, guideline: null, campaigns: { id: 8, name: 'Verano', client: { id: 9, name: 'Cafés Andinos' } }, client: { id: 9, name: 'Cafés Andinos' } },
    },
    ...over,
  }) as MoveDetail;

const texts = (m: MoveDetail, a?: AnsweredQuestionnaire) => pdfLines(m, a).map((l) => l.text);

describe('the move PDF', () => {
  it('gives the reason of the current status only, as the Información card does', () => {
    // Cancelled, rescued and approved: the old cancellation is no reason of an approved move.
    expect(texts(move({ cancelReason: 'El Getter no llegó' })).some((t) => t.startsWith('Motivo'))).toBe(false);
    // Returned once, then rejected: the rejection's reason, not the return's.
    expect(texts(move({ statusId: 'RECHAZADA', status: { id: 'RECHAZADA', name: 'Rechazada' }, returnReason: 'Falta la foto', rejectionReason: 'Fotos de otro local' }))).toContain('Motivo: Fotos de otro local');
    expect(texts(move({ statusId: 'DEVUELTA', status: { id: 'DEVUELTA', name: 'Devuelta' }, cancelReason: 'viejo', returnReason: 'Falta la foto' }))).toContain('Motivo: Falta la foto');
  });

  it('lists the details, then every question numbered with its answer and observation', () => {
    const question = { ...withType(newQuestion(), 'close'), _id: 'q1', name: '¿Saludó al entrar?' };
    question.answers = defaultAnswers('close');
    const yes = question.answers[0];
    const answered = {
      id: 1,
      userMoveId: 1,
      questionnaire: { id: 1, name: 'Atención', version: 1, versionId: 1, dimensions: [{ _id: 'd1', name: 'Atención', subDimensions: [{ _id: 's1', name: 'Ingreso', questions: [question] }] }] },
      replies: { q1: { replyData: yes._id, replyObservation: 'Con una sonrisa' } },
    } as unknown as AnsweredQuestionnaire;
    const lines = texts(move({}), answered);
    expect(lines.slice(0, 2)).toEqual(['Move cod. M-000001', 'Estado: Aprobada    Resultado: 87,50 %']);
    expect(lines).toContain('Cliente: Cafés Andinos    Campaña: Verano    Proyecto: Auditoría de verano');
    expect(lines).toContain('Punto de venta: Café del Plata (OP-12) - Av. Corrientes 1234, CABA, Buenos Aires, Argentina');
    expect(lines.slice(-5)).toEqual(['1. Atención', '1.1 Ingreso', '1.1.1 ¿Saludó al entrar? (Opciones SI, NO, N/A)', 'Respuesta: Sí', 'Observación: Con una sonrisa']);
  });

  it('dates the visit when the Getter finished it, as the reports do, and when they started it only if it is not finished', () => {
    const started = '2026-10-31T23:50:00.000-03:00';
    const finished = '2026-11-01T00:40:00.000-03:00';
    const visitLine = (m: MoveDetail) => texts(m).find((t) => t.startsWith('Fecha de visita'));
    expect(visitLine(move({ startAuditDate: started, completedAuditDate: finished }))).toMatch(/^Fecha de visita: 01\/11\/2026 /);
    expect(visitLine(move({ startAuditDate: started, completedAuditDate: null }))).toMatch(/^Fecha de visita: 31\/10\/2026 /);
    expect(visitLine(move({ startAuditDate: null, completedAuditDate: null }))).toMatch(/^Fecha de visita: - /);
  });

  it('writes every line as the PDF font can print it: a name with an emoji or a letter outside it is not garbled', () => {
    const place = { ...move({}).projectLocation.locations, fullName: 'Café ☕ Łódź' };
    const lines = texts(move({ projectLocation: { ...move({}).projectLocation, locations: place }, user: { id: 7, fullName: 'Zoë Kő', active: true } }));
    expect(lines).toContain('Punto de venta: Café Lódz (OP-12) - Av. Corrientes 1234, CABA, Buenos Aires, Argentina');
    expect(lines).toContain('Getter: Zoë Ko    Agente de calidad: Rodrigo Castro');
  });
});
