/** A motive of the bank in a review's reason: what the reviewer wrote of their own, and when it is missing. */
import { describe, expect, it } from 'vitest';
import { reasonBody, returnBody } from '../../domain/move-forms';
import { MOTIVE_TEXT, motiveReasonProblem, ownComment, reasonWithMotive } from '../../domain/motives';

const incomplete = { motive: 'Video incompleto', requiresUserComment: false };
const inconsistent = { motive: 'Respuestas inconsistentes', requiresUserComment: true };

describe('a reason that starts from a motive', () => {
  it('fills the reason with the motive’s text; one that requires a comment leaves a line for it', () => {
    expect(reasonWithMotive('', null, incomplete)).toBe('Video incompleto');
    expect(reasonWithMotive('', null, inconsistent)).toBe('Respuestas inconsistentes\n');
  });

  it('keeps what the reviewer wrote, under the motive, when a motive is chosen, changed or cleared', () => {
    const typed = reasonWithMotive('  Falta la foto de la góndola. ', null, incomplete);
    expect(typed).toBe('Video incompleto\nFalta la foto de la góndola.');
    const changed = reasonWithMotive(typed, incomplete, inconsistent);
    expect(changed).toBe('Respuestas inconsistentes\nFalta la foto de la góndola.');
    expect(reasonWithMotive(changed, inconsistent, null)).toBe('Falta la foto de la góndola.');
    expect(reasonWithMotive('Video incompleto', incomplete, null)).toBe('');
  });

  it('reads as the reviewer’s own what is beside the motive’s text, without the separators', () => {
    expect(ownComment('Respuestas inconsistentes', inconsistent.motive)).toBe('');
    expect(ownComment('Respuestas inconsistentes:  \n — ', inconsistent.motive)).toBe('');
    expect(ownComment('Respuestas inconsistentes: la góndola no es la del local', inconsistent.motive)).toBe('la góndola no es la del local');
    expect(ownComment('Visto en la foto 3. Respuestas inconsistentes', inconsistent.motive)).toBe('Visto en la foto 3.');
    // Rewritten by hand, the text is all the reviewer's own.
    expect(ownComment('Respuestas que no coinciden', inconsistent.motive)).toBe('Respuestas que no coinciden');
  });
});

describe('the motive’s rules', () => {
  it('asks a motive that requires a comment for more than its text', () => {
    for (const reason of ['Respuestas inconsistentes', 'Respuestas inconsistentes\n', 'Respuestas inconsistentes: ...', 'Respuestas inconsistentes — !?']) {
      expect(motiveReasonProblem(reason, inconsistent), JSON.stringify(reason)).toEqual({ field: 'reason', message: MOTIVE_TEXT.commentRequired });
    }
    expect(MOTIVE_TEXT.commentRequired).toBe('Este motivo requiere un comentario.');
    expect(motiveReasonProblem('Respuestas inconsistentes\nLa foto 2 muestra otro local.', inconsistent)).toBeNull();
    expect(motiveReasonProblem('Respuestas inconsistentes: 3', inconsistent)).toBeNull();
  });

  it('takes a motive that requires no comment with its text alone', () => {
    expect(motiveReasonProblem('Video incompleto', incomplete)).toBeNull();
  });

  it('refuses a deactivated motive, on the motive', () => {
    expect(motiveReasonProblem('Video incompleto\nFalta el pago.', { ...incomplete, isActive: false })).toEqual({ field: 'motiveId', message: MOTIVE_TEXT.inactive });
  });

  it('lets the reject, disapprove and return bodies name a motive, or none', () => {
    expect(reasonBody.parse({ id: 1, reason: 'Video incompleto', motiveId: '4' })).toMatchObject({ motiveId: 4 });
    expect(reasonBody.parse({ id: 1, reason: 'Sin motivo del banco' }).motiveId).toBeUndefined();
    expect(returnBody.parse({ id: 1, reason: 'Video incompleto', questions: ['q1'], motiveId: null }).motiveId).toBeNull();
    expect(reasonBody.safeParse({ id: 1, reason: 'x', motiveId: 0 }).success).toBe(false);
  });
});
