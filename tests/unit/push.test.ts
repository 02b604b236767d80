/** The push form's rules (spec 2 §5) with their literal messages, and the result the sender reads. */
import { describe, expect, it } from 'vitest';
import { clipText, moveNotice, PUSH_TEXT, pushMessageSchema, sendSummary } from '../../domain/push';
import { sendAll } from '../../server/services/push';
import { fieldErrors } from '../../domain/validation';

const errorsOf = (values: Record<string, unknown>) => {
  const result = pushMessageSchema.safeParse(values);
  return result.success ? {} : fieldErrors(result.error);
};
const message = 'm'.repeat(15);

describe('a push notification', () => {
  it('needs a title of 7 to 40 characters once trimmed', () => {
    expect(errorsOf({ message }).title).toBe('Campo requerido');
    expect(errorsOf({ title: '      ', message }).title).toBe('Campo requerido');
    // A title that is no text at all (sent by hand) is not a missing one.
    expect(errorsOf({ title: 123456789, message }).title).toBe('Debe ser un texto.');
    expect(errorsOf({ title: null, message }).title).toBe('Campo requerido');
    expect(errorsOf({ title: '  abcdef  ', message }).title).toBe('El campo es demasiado corto');
    expect(errorsOf({ title: 'x'.repeat(41), message }).title).toBe('El campo es demasiado largo');
    expect(errorsOf({ title: 'abcdefg', message })).toEqual({});
    expect(errorsOf({ title: ` ${'x'.repeat(40)} `, message })).toEqual({});
    // An emoji is one character, not the two UTF-16 units `.length` counts.
    expect(errorsOf({ title: '🎉🎉🎉abc', message }).title).toBe('El campo es demasiado corto');
    expect(errorsOf({ title: '🎉'.repeat(40), message })).toEqual({});
    expect(errorsOf({ title: '🎉'.repeat(41), message }).title).toBe('El campo es demasiado largo');
  });

  it('needs a message of 15 to 150 characters once trimmed', () => {
    expect(errorsOf({ title: 'Un título' }).message).toBe('Campo requerido');
    expect(errorsOf({ title: 'Un título', message: '' }).message).toBe('Campo requerido');
    expect(errorsOf({ title: 'Un título', message: `   ${'m'.repeat(14)}   ` }).message).toBe('El campo es demasiado corto');
    expect(errorsOf({ title: 'Un título', message: 'm'.repeat(151) }).message).toBe('El campo es demasiado largo');
    expect(errorsOf({ title: 'Un título', message: 'm'.repeat(150) })).toEqual({});
  });

  it('tells an empty title or message only that it is required, not also that it is too short', () => {
    const issuesOf = (values: Record<string, unknown>, field: string) => {
      const result = pushMessageSchema.safeParse(values);
      return result.success ? [] : result.error.issues.filter((i) => i.path[0] === field).map((i) => i.message);
    };
    expect(issuesOf({ title: '', message }, 'title')).toEqual(['Campo requerido']);
    expect(issuesOf({ title: '   ', message }, 'title')).toEqual(['Campo requerido']);
    expect(issuesOf({ title: 'Un título', message: ' ' }, 'message')).toEqual(['Campo requerido']);
    expect(issuesOf({ title: 'corto', message }, 'title')).toEqual(['El campo es demasiado corto']);
  });

  it('is sent trimmed', () => {
    expect(pushMessageSchema.parse({ title: '  Hola Getters ', message: `  ${message}  ` })).toEqual({ title: 'Hola Getters', message });
  });

  it('tells the sender how many devices, successes and revoked tokens', () => {
    expect(sendSummary({ totalMessagesSended: 12, sucessfullMessages: 10, removedTokens: 2, failedMessages: 0 })).toEqual([
      'Dispositivos: 12',
      'Envíos exitosos: 10',
      'Tokens revocados (eliminados): 2',
    ]);
    expect(sendSummary({ totalMessagesSended: 3, sucessfullMessages: 1, removedTokens: 1, failedMessages: 1 })).toContain('Envíos fallidos: 1');
    expect(sendSummary({ totalMessagesSended: 0, sucessfullMessages: 0, removedTokens: 0, failedMessages: 0 })[0]).toMatch(/No hay dispositivos/);
  });

  it('writes a broadcast to thousands of devices with its thousands dotted, as the progress above it does', () => {
    expect(PUSH_TEXT.progress(1000, 50000)).toBe('Enviada a 1.000 de 50.000 dispositivos');
    expect(sendSummary({ totalMessagesSended: 50000, sucessfullMessages: 49990, removedTokens: 8, failedMessages: 2000 })).toEqual([
      'Dispositivos: 50.000',
      'Envíos exitosos: 49.990',
      'Tokens revocados (eliminados): 8',
      'Envíos fallidos: 2.000',
    ]);
  });
});

describe('the notice to a move’s Getter', () => {
  const facts = { code: 'M-0000123', place: 'Supermercado Norte', reason: 'El video no corresponde al local.' };
  const fits = (note: { title: string; body: string }) => pushMessageSchema.safeParse({ title: note.title, message: note.body }).success;

  it('names the move, its point of sale and the reason', () => {
    expect(moveNotice('reject', facts)).toEqual({ title: 'Move M-0000123 rechazada', body: 'Tu move en Supermercado Norte fue rechazada. Motivo: El video no corresponde al local.' });
    expect(moveNotice('return', facts)).toEqual({ title: 'Move M-0000123 devuelta', body: 'Tu move en Supermercado Norte fue devuelta para corregir. Motivo: El video no corresponde al local.' });
    expect(moveNotice('disapprove', facts)).toEqual({ title: 'Move M-0000123 desaprobada', body: 'Tu move en Supermercado Norte fue desaprobada y no se pagará. Motivo: El video no corresponde al local.' });
    // Already paid: the payment stays, so the notice does not say otherwise.
    expect(moveNotice('disapprove', { ...facts, paid: true })).toEqual({ title: 'Move M-0000123 desaprobada', body: 'Tu move en Supermercado Norte fue desaprobada. Motivo: El video no corresponde al local.' });
    expect(moveNotice('republish', { ...facts, newCode: 'M-0000456' })).toEqual({ title: 'Move M-0000123 republicada', body: 'Tu move en Supermercado Norte está disponible de nuevo como M-0000456.' });
  });

  it('stays within the push limits, cutting a long reason or place with an ellipsis', () => {
    const long = { ...facts, place: `Hipermercado ${'Gran Avenida '.repeat(10)}`, reason: `Faltan fotos.\n\n${'Repetir la visita completa. '.repeat(20)}` };
    for (const kind of ['reject', 'return', 'disapprove', 'republish'] as const) {
      const note = moveNotice(kind, { ...long, newCode: 'M-0000456' });
      expect(fits(note), kind).toBe(true);
      expect(note.body, kind).toContain('…');
      expect(note.body, kind).not.toContain('\n');
    }
    expect(moveNotice('reject', long).body).toMatch(/Motivo: Faltan fotos\. Repetir la visita completa\. .*…$/);
  });

  it('cuts on whole characters', () => {
    expect(clipText('  corto  ', 10)).toBe('corto');
    expect(clipText('abcdefghij', 10)).toBe('abcdefghij');
    expect(clipText('abcdefghijk', 10)).toBe('abcdefghi…');
    expect(clipText('abcd efghijk', 6)).toBe('abcd…');
    // Characters as a person counts them: an emoji is one (two UTF-16 units).
    expect(clipText('ab😀😀😀', 4)).toBe('ab😀…');
    expect(clipText('ab😀😀', 4)).toBe('ab😀😀');
  });
});

describe('sending to every device', () => {
  it('tells the progress after each device, with at most the given number in flight', async () => {
    const targets = Array.from({ length: 7 }, (_, i) => ({ token: `t${i}`, userId: i }));
    const seen: number[] = [];
    let inFlight = 0;
    let most = 0;
    const outcome = await sendAll(
      targets,
      3,
      async (t) => {
        inFlight += 1;
        most = Math.max(most, inFlight);
        await new Promise((r) => setTimeout(r, 5));
        inFlight -= 1;
        return t.token === 't2' ? 'unregistered' : t.token === 't5' ? 'failed' : 'delivered';
      },
      (sofar) => seen.push(sofar.delivered + sofar.unregistered.length + sofar.failed),
    );
    expect(outcome).toEqual({ delivered: 5, unregistered: ['t2'], failed: 1 });
    expect(seen).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(most).toBe(3);
  });

  it('says the progress as the devices reached, in Spanish numbers', () => {
    expect(PUSH_TEXT.progress(1200, 75000)).toBe('Enviada a 1.200 de 75.000 dispositivos');
  });
});
