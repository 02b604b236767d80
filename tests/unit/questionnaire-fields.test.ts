import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { questionnaireBody } from '../../domain/questionnaire-body';
import { parseWeighting } from '../../src/resources/questionnaires/editor/inputs';
import {
  checkAnswerWeighting,
  checkGuide,
  checkPhotoCount,
  checkQuestionWeighting,
  checkSectionWeighting,
  checkText,
  LENGTHS,
  problemDialogLines,
  problemLine,
  QUESTIONNAIRE_TEXT as T,
  questionnaireProblems,
  sumWeightings,
  questionProblems,
} from '../../domain/questionnaire-weights';
import { defaultAnswers, finalizeQuestionnaire, newQuestion, type QuestionnaireContent, withType } from '../../domain/questionnaires';

/** A valid questionnaire with one sub-dimension whose questions are `questions`. */
const withQuestions = (questions: QuestionnaireContent['dimensions'][0]['subDimensions'][0]['questions']): QuestionnaireContent => ({
  name: 'Visita de prueba',
  questionnaire_version_type: 'Básico',
  dimensions: [{ _id: 'd', name: 'Atención', weighting: 100, type: 'NORMAL', subDimensions: [{ _id: 's', name: 'Saludo inicial', weighting: 100, type: 'NORMAL', questions }] }],
});
const problems = (c: QuestionnaireContent) => questionnaireProblems(finalizeQuestionnaire(c));

describe('field rules (spec 2 §5, §9)', () => {
  const lengthCase = (limits: { min: number; max: number }) =>
    fc.assert(
      fc.property(fc.integer({ min: 1, max: limits.max + 20 }), (n) => {
        const expected = n < limits.min ? T.tooShort : n > limits.max ? T.tooLong : undefined;
        expect(checkText('a'.repeat(n), limits)).toBe(expected);
      }),
    );

  it('checks the lengths of names, answers and guides', () => {
    expect(LENGTHS.subDimensionName).toEqual({ min: 5, max: 60 });
    expect(LENGTHS.questionName).toEqual({ min: 5, max: 1000 });
    expect(LENGTHS.answer).toEqual({ min: 2, max: 200 });
    expect(LENGTHS.guide).toEqual({ min: 10, max: 600 });
    for (const limits of Object.values(LENGTHS)) lengthCase(limits);
    expect(checkText('   ', LENGTHS.answer)).toBe('Este campo es requerido');
    expect(checkGuide('')).toBeUndefined();
    expect(checkGuide('corta')).toBe('El campo es demasiado corto');
  });

  it('keeps question weightings between -1 and 100, negative only for N/A', () => {
    fc.assert(
      fc.property(fc.double({ min: -5, max: 105, noNaN: true }), (w) => {
        const expected = w === -1 || (w >= 0 && w <= 100) ? undefined : w < 0 ? T.negativeOnlyNA : T.max100;
        expect(checkQuestionWeighting(w)).toBe(expected);
      }),
    );
    expect(checkQuestionWeighting(-0.5)).toBe('Sólo puede ser menor a cero en el caso de preguntas N/A');
    expect(checkQuestionWeighting(null)).toBe(T.required);
  });

  it('keeps accumulative penalties between 1 and 99 and absolute ones at 100', () => {
    fc.assert(
      fc.property(fc.integer({ min: -1, max: 120 }), (w) => {
        expect(checkQuestionWeighting(w, 'PENALTY_ACCUMULATIVE')).toBe(w >= 1 && w <= 99 ? undefined : T.penaltyAccumulative);
        expect(checkQuestionWeighting(w, 'PENALTY_ABSOLUTE')).toBe(w === 100 ? undefined : T.penaltyAbsolute);
      }),
    );
  });

  it('keeps answer weightings at -1..100 for open and close, 0..100 for accumulative', () => {
    fc.assert(
      fc.property(fc.integer({ min: -3, max: 103 }), (w) => {
        const inRange = w >= 0 && w <= 100;
        expect(checkAnswerWeighting(w, 'open') === undefined).toBe(inRange || w === -1);
        expect(checkAnswerWeighting(w, 'close') === undefined).toBe(inRange || w === -1);
        expect(checkAnswerWeighting(w, 'accumulative') === undefined).toBe(inRange);
      }),
    );
  });

  it('wants section weightings between 0 and 100', () => {
    expect(checkSectionWeighting(null)).toBe(T.required);
    expect(checkSectionWeighting(-1)).toBe(T.range0to100);
    expect(checkSectionWeighting(100)).toBeUndefined();
  });

  it('reads a half-typed weighting as its number, and calls one that is no number so, never "requerido"', () => {
    expect(['50.', '.5', ' 40 ', '-1', '33.33'].map(parseWeighting)).toEqual([50, 0.5, 40, -1, 33.33]);
    expect(parseWeighting('')).toBeNull();
    for (const text of ['1-2', '-', '.', '5.5.5']) {
      const w = parseWeighting(text);
      expect(checkSectionWeighting(w), text).toBe(T.notANumber);
      expect(checkQuestionWeighting(w), text).toBe(T.notANumber);
      expect(checkAnswerWeighting(w, 'close'), text).toBe(T.notANumber);
    }
    // Its own field says what is wrong: the sum skips it rather than read NaN.
    expect(sumWeightings([50, parseWeighting('1-2'), 30])).toBe(80);
  });

  it('wants a photo count of at least 1, decimals allowed', () => {
    expect(checkPhotoCount('1')).toBeUndefined();
    expect(checkPhotoCount('2.5')).toBeUndefined();
    expect(checkPhotoCount('0.5')).toBe(T.photoCount);
    expect(checkPhotoCount('dos')).toBe(T.photoCount);
    expect(checkPhotoCount('')).toBe(T.required);
  });

  it('keeps the three options of a question Opciones SI, NO, N/A: two or four are refused, as the editor never makes them', () => {
    const close = { ...newQuestion(), name: '¿Lo saludaron al entrar?', weighting: 100 };
    const answersProblems = (answers: typeof close.answers) => problems(withQuestions([{ ...close, answers }])).filter((p) => p.path.endsWith('.answers'));
    expect(answersProblems(close.answers)).toEqual([]);
    expect(answersProblems(close.answers.slice(0, 2)).map((p) => p.message)).toEqual([T.threeCloseAnswers]);
    expect(answersProblems([...close.answers, { ...close.answers[1], _id: 'otra', answer: 'A veces' }]).map((p) => p.message)).toEqual([T.threeCloseAnswers]);
  });

  it('refuses a penalty question outside the penalty dimension and other types inside it', () => {
    const c = withQuestions([
      { ...newQuestion(), name: '¿Lo saludaron al entrar?', weighting: 100 },
      { ...newQuestion('PENALTY_ACCUMULATIVE'), name: 'Uso del celular', weighting: -1 },
    ]);
    expect(problems(c).map((p) => p.message)).toContain(T.wrongType);
  });

  it('takes empty weightings as null and bounds the request', () => {
    const parsed = questionnaireBody.parse({ name: 'x', dimensions: [{ name: 'a', weighting: '', subDimensions: [] }] });
    expect(parsed.dimensions[0].weighting).toBeNull();
    expect(parsed.questionnaire_version_type).toBe('Básico');
    expect(questionnaireBody.safeParse({ name: 'x', dimensions: Array(51).fill({ name: 'a' }) }).success).toBe(false);
  });
});

describe('the question dialog', () => {
  it('checks one question with paths relative to it', () => {
    const q = { ...withType(newQuestion(), 'accumulative'), name: 'Sug', weighting: 100 };
    q.answers = defaultAnswers('accumulative').map((a, i) => ({ ...a, weighting: [50, 40][i] }));
    const found = questionProblems(q, 'NORMAL');
    expect(found.map((p) => [p.path, p.message])).toEqual([
      ['name', T.tooShort],
      ['answers', T.answersSum('Sug')],
    ]);
    expect(problemLine(found[1])).toBe('Revise las ponderaciones de las respuestas de la pregunta Sug');
  });
});

describe('the save error dialog (spec 2 §8)', () => {
  const messages = (n: number) => Array.from({ length: n }, (_, i) => `Problema ${i + 1}`);

  it('lists five messages, then how many more in singular or plural, then the reminder', () => {
    expect(problemDialogLines(messages(5))).toEqual([...messages(5), T.reminder]);
    expect(problemDialogLines(messages(6))).toEqual([...messages(5), 'Y 1 problema más, marcado en rojo.', T.reminder]);
    expect(problemDialogLines(messages(8))).toEqual([...messages(5), 'Y 3 problemas más, marcados en rojo.', T.reminder]);
  });

  it('counts a repeated message once', () => {
    expect(problemDialogLines([...messages(6), 'Problema 6', 'Problema 1'])).toEqual([...messages(5), 'Y 1 problema más, marcado en rojo.', T.reminder]);
  });
});
