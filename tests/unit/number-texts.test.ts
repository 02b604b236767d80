/**
 * The texts of the console and the server's messages write their numbers as every figure of the console: the
 * thousands dotted ('5.000') and decimals after a comma ('0,01'). A limit, a count of questions or of moves
 * read '5000' or '0.01' beside a pager that says '5.000'.
 */
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { CAMPAIGN_TEXT } from '../../domain/campaigns';
import { MOVE_FORM_TEXT } from '../../domain/move-forms';
import { REPLY_TEXT, TOO_MANY_REPLIES } from '../../domain/move-replies';
import { MOVE_CONFIG_TEXT } from '../../domain/movesConfig';
import { limitText } from '../../domain/pickers';
import { TOO_MANY_QUESTIONS } from '../../domain/questionnaire-body';
import { QUESTIONNAIRE_MERGE_TEXT } from '../../domain/questionnaire-merge';
import { QUESTIONNAIRE_TEXT } from '../../domain/questionnaire-weights';
import { REMOVE_VERSION_TEXT } from '../../domain/questionnaires';
import { fieldErrors } from '../../domain/validation';

const errorsOf = (schema: z.ZodType, value: unknown) => {
  const parsed = schema.safeParse(value);
  return parsed.success ? {} : fieldErrors(parsed.error);
};

describe("zod's limits, said plainly", () => {
  it('write a number limit with the thousands dotted and its decimals after a comma', () => {
    const schema = z.object({ big: z.number().max(5000), small: z.number().min(0.5), under: z.number().lt(1_000_000), step: z.number().multipleOf(0.01), huge: z.bigint().max(12_345n) });
    expect(errorsOf(schema, { big: 5001, small: 0.1, under: 1_000_000, step: 0.001, huge: 20_000n })).toEqual({
      big: 'Debe ser como máximo 5.000.',
      small: 'Debe ser al menos 0,5.',
      under: 'Debe ser menor que 1.000.000.',
      step: 'Debe ser múltiplo de 0,01.',
      huge: 'Debe ser como máximo 12.345.',
    });
  });

  it('write a length limit the same way', () => {
    const schema = z.object({ text: z.string().max(5000), list: z.array(z.number()).min(1500), one: z.string().min(1) });
    expect(errorsOf(schema, { text: 'x'.repeat(5001), list: [], one: '' })).toEqual({
      text: 'Admite hasta 5.000 caracteres.',
      list: 'Debe tener al menos 1.500 elementos.',
      one: 'Debe tener al menos 1 carácter.',
    });
  });
});

describe('the limits and counts of the texts', () => {
  it("write a reply's and a questionnaire's limits with the thousands dotted", () => {
    expect(REPLY_TEXT.tooLong).toBe('Admite hasta 5.000 caracteres.');
    expect(TOO_MANY_REPLIES).toBe('Un cuestionario admite hasta 3.000 respuestas');
    expect(TOO_MANY_QUESTIONS).toBe('Un cuestionario admite hasta 3.000 preguntas');
  });

  it('write the counts of moves, projects, questions and problems the same way', () => {
    expect(MOVE_FORM_TEXT.willExport(1250)).toBe('Se exportarán las 1.250 moves del filtro a un archivo .xls.');
    expect(REMOVE_VERSION_TEXT.moves(1250)).toBe('1.250 moves ya usan esta versión: la conservan.');
    expect(MOVE_CONFIG_TEXT.linkedHint(1200)).toBe('Vinculada a 1.200 proyectos: sólo pueden modificarse el nombre y el estado.');
    expect(CAMPAIGN_TEXT.clientLockedHint(1200)).toBe('Asignada a 1.200 proyectos: no se puede cambiar su cliente.');
    expect(QUESTIONNAIRE_TEXT.wrongCloseOpened(1200)).toMatch(/^1\.200 preguntas Opciones/);
    expect(QUESTIONNAIRE_TEXT.closeRestored(1200)).toContain('de 1.200 preguntas:');
    expect(QUESTIONNAIRE_TEXT.moreProblems(1200)).toBe('Y 1.200 problemas más, marcados en rojo.');
  });

  it("write a picker's limit and the merge's notes past those listed the same way", () => {
    expect(limitText(5000)).toBe('El límite debe ser un número entero entre 1 y 5.000');
    expect(QUESTIONNAIRE_MERGE_TEXT.more(1200)).toBe('… y 1.200 más.');
  });
});
