import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { sameQuestionnaire, sameTree } from '../../domain/questionnaire-body';
import {
  answersSumProblem,
  checkQuestionWeighting,
  problemErrors,
  problemLine,
  QUESTIONNAIRE_TEXT as T,
  questionnaireProblems,
  questionsSumOk,
  repeatedNames,
  sectionSumOk,
  sumWeightings,
  wrongCloseQuestions,
} from '../../domain/questionnaire-weights';
import {
  defaultAnswers,
  type Dimension,
  finalizeQuestionnaire,
  initialWeighting,
  newPenaltyDimension,
  newQuestion,
  QUESTION_TYPE_LABELS,
  QUESTION_TYPES,
  type Question,
  restoreCloseAnswers,
  type QuestionnaireContent,
  type QuestionType,
  withType,
} from '../../domain/questionnaires';

/** Positive integers that add up to `total`: the weightings a valid section holds. */
const partition = (total: number, maxParts = 8) =>
  fc.array(fc.integer({ min: 1, max: total }), { minLength: 0, maxLength: maxParts - 1 }).map((cuts) => {
    const points = [...new Set(cuts.filter((c) => c < total))].sort((a, b) => a - b);
    return [...points, total].map((p, i, all) => p - (i ? all[i - 1] : 0));
  });

const close = (name: string, weighting: number): Question => ({ ...newQuestion(), name, weighting });

/** A valid questionnaire: two dimensions, each sub-dimension with close questions. */
function valid(): QuestionnaireContent {
  const d = (name: string, weighting: number, subs: [string, number, number[]][]): Dimension => ({
    _id: name,
    name,
    weighting,
    type: 'NORMAL',
    subDimensions: subs.map(([n, w, qs]) => ({ _id: n, name: n, weighting: w, type: 'NORMAL', questions: qs.map((qw, i) => close(`Pregunta ${n} ${i + 1}`, qw)) })),
  });
  return {
    name: 'Visita de prueba',
    questionnaire_version_type: 'Básico',
    dimensions: [d('Atención', 60, [['Saludo inicial', 50, [60, 40]], ['Despedida', 50, [100]]]), d('Limpieza', 40, [['Salón principal', 100, [30, 70]]])],
  };
}

const problems = (c: QuestionnaireContent) => questionnaireProblems(finalizeQuestionnaire(c));
const messages = (c: QuestionnaireContent) => problems(c).map(problemLine);

describe('type labels and defaults (spec 2 §3, §9)', () => {
  it('labels every question type with the spec words', () => {
    expect(QUESTION_TYPE_LABELS).toEqual({
      open: 'Opción Multiple',
      close: 'Opciones SI, NO, N/A',
      text: 'Abierta',
      amount: 'Cantidad',
      photographs: 'Fotos',
      multiple: 'Selección Múltiple',
      accumulative: 'Selección Múltiple Acumulativa',
      penalty: 'Penalidad',
    });
  });

  it('gives each type its default answers', () => {
    const w = (t: QuestionType) => defaultAnswers(t).map((a) => [a.answer, a.weighting]);
    expect(w('close')).toEqual([['Sí', 100], ['No', 0], ['N/A', -1]]);
    expect(w('open').map(([, x]) => x)).toEqual([0, 0]);
    expect(w('accumulative').map(([, x]) => x)).toEqual([50, 50]);
    expect(w('multiple').every(([, x]) => x === -1)).toBe(true);
    expect(w('photographs')).toEqual([['1', -1]]);
    expect(w('text')).toEqual([]);
    expect(w('amount')).toEqual([]);
  });

  it('starts a question at 0 for open, close and accumulative visible to the client, else -1', () => {
    for (const type of QUESTION_TYPES.filter((t) => t !== 'penalty')) {
      const scored = ['open', 'close', 'accumulative'].includes(type);
      expect(initialWeighting(type, true), type).toBe(scored ? 0 : -1);
      expect(initialWeighting(type, false), type).toBe(-1);
    }
    expect(initialWeighting('penalty', true, 'PENALTY_ABSOLUTE')).toBe(100);
    expect(checkQuestionWeighting(initialWeighting('penalty', true, 'PENALTY_ACCUMULATIVE'), 'PENALTY_ACCUMULATIVE')).toBeUndefined();
  });

  it('resets the answers when the type changes', () => {
    const q = { ...newQuestion(), answers: defaultAnswers('open').map((a) => ({ ...a, answer: 'Cambiada', weighting: 70 })) };
    const changed = withType(q, 'accumulative');
    expect(changed.answers.map((a) => a.weighting)).toEqual([50, 50]);
    expect(withType(q, 'text').answers).toEqual([]);
    expect(withType(q, 'multiple').weighting).toBe(-1);
  });

  it('builds the penalty dimension with weighting 0 and its two fixed sub-dimensions', () => {
    const p = newPenaltyDimension();
    expect(p).toMatchObject({ name: 'Penalizaciones', weighting: 0, type: 'PENALTY' });
    expect(p.subDimensions.map((s) => [s.type, s.weighting, s.questions.length])).toEqual([
      ['PENALTY_ABSOLUTE', 0, 0],
      ['PENALTY_ACCUMULATIVE', 0, 0],
    ]);
  });
});

describe('what a save computes', () => {
  it('sets answerRequired only for non-multiple, non-penalty questions the getter sees', () => {
    fc.assert(
      fc.property(fc.constantFrom(...QUESTION_TYPES.filter((t) => t !== 'penalty')), fc.boolean(), fc.boolean(), (type, getter, client) => {
        const c = valid();
        c.dimensions[0].subDimensions[0].questions[0] = { ...withType(newQuestion(), type), visibleToGetter: getter, visibleToUser: client, answerRequired: !getter };
        const q = finalizeQuestionnaire(c).dimensions[0].subDimensions[0].questions[0];
        expect(q.answerRequired).toBe(type !== 'multiple' && getter);
        if (!client) expect(q.weighting).toBe(-1);
      }),
    );
    const p = newPenaltyDimension();
    p.subDimensions[0].questions.push({ ...newQuestion('PENALTY_ABSOLUTE'), answerRequired: true });
    expect(finalizeQuestionnaire({ ...valid(), dimensions: [p] }).dimensions[0].subDimensions[0].questions[0].answerRequired).toBe(false);
  });

  it('keeps -1 for unscored types, drops text and amount answers, numbers answers and fixes the penalty weighting', () => {
    const c = valid();
    const qs = c.dimensions[0].subDimensions[0].questions;
    qs.push({ ...withType(newQuestion(), 'text'), weighting: 30, answers: defaultAnswers('close') });
    qs.push({ ...withType(newQuestion(), 'multiple'), weighting: 30 });
    const p = { ...newPenaltyDimension(), weighting: 40 };
    c.dimensions.push(p);
    const f = finalizeQuestionnaire(c);
    const [, , text, multiple] = f.dimensions[0].subDimensions[0].questions;
    expect([text.weighting, text.answers]).toEqual([-1, []]);
    expect(multiple.weighting).toBe(-1);
    expect(multiple.answers.map((a) => a.number)).toEqual([1, 2]);
    expect(f.dimensions[2].weighting).toBe(0);
  });
});

describe('weighting sums (spec 2 §5)', () => {
  it('accepts any split of 100 and refuses any other total', () => {
    fc.assert(
      fc.property(partition(100), (ws) => {
        expect(sectionSumOk(ws)).toBe(true);
      }),
    );
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 100 }), { minLength: 1, maxLength: 8 }), (ws) => {
        expect(sectionSumOk(ws)).toBe(ws.reduce((a, b) => a + b, 0) === 100);
      }),
    );
  });

  it('counts -1 as 0 and skips empty weightings', () => {
    fc.assert(
      fc.property(partition(100), fc.array(fc.constantFrom(-1, null), { maxLength: 5 }), (ws, extra) => {
        expect(sumWeightings([...ws, ...extra])).toBe(100);
        expect(sectionSumOk([...extra, ...ws])).toBe(true);
      }),
    );
  });

  it('lets a sub-dimension whose questions are all -1 pass, and no other that misses 100', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 20 }), (n) => {
        expect(questionsSumOk(Array(n).fill(-1))).toBe(true);
      }),
    );
    fc.assert(
      fc.property(partition(100), (ws) => {
        expect(questionsSumOk([...ws, -1])).toBe(true);
      }),
    );
    fc.assert(
      fc.property(partition(99), (ws) => {
        expect(questionsSumOk([...ws, -1])).toBe(false);
      }),
    );
  });

  it('tolerates decimals that add up to 100', () => {
    expect(sectionSumOk([33.33, 33.33, 33.34])).toBe(true);
    expect(sectionSumOk([33.33, 33.33, 33.33])).toBe(false);
  });

  it('wants open answers to sum at least 100 and accumulative ones exactly 100, -1 excluded', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: -1, max: 100 }), { minLength: 2, maxLength: 6 }), (ws) => {
        const sum = ws.filter((w) => w > 0).reduce((a, b) => a + b, 0);
        expect(answersSumProblem('open', ws)).toBe(sum >= 100 ? undefined : T.mustSumAtLeast100);
        expect(answersSumProblem('accumulative', ws)).toBe(sum === 100 ? undefined : T.mustSum100);
        expect(answersSumProblem('close', ws)).toBeUndefined();
      }),
    );
  });

  it('names the broken section in the spec words, or SIN NOMBRE', () => {
    expect(messages(valid())).toEqual([]);
    const c = valid();
    c.dimensions[0].weighting = 50;
    expect(messages(c)).toEqual(['Revise las ponderaciones que suman las dimensiones']);
    const d = valid();
    d.dimensions[0].subDimensions[1].weighting = 40;
    expect(messages(d)).toEqual(['Revise las ponderaciones dentro de la dimensión Atención']);
    d.dimensions[0].name = '  ';
    expect(messages(d)[0]).toBe('Revise las ponderaciones dentro de la dimensión SIN NOMBRE');
    const s = valid();
    s.dimensions[1].subDimensions[0].questions[0].weighting = 10;
    expect(messages(s)).toEqual(['Revise las ponderaciones dentro de la subdimensión Salón principal']);
    s.dimensions[1].subDimensions[0].name = '';
    expect(messages(s)[0]).toBe('Revise las ponderaciones dentro de la subdimensión SIN NOMBRE');
  });

  it('asks for a sub-dimension in a dimension that has none, instead of its weightings', () => {
    const c = valid();
    c.dimensions[0].subDimensions = [];
    expect(messages(c)).toEqual(['Dimensión «Atención»: Agregue al menos una subdimensión']);
    expect(problemErrors(problems(c))).toEqual({ 'dimensions.0.subDimensions': T.noSubDimensions });
  });

  it('asks for a question in a scoring sub-dimension that has none; the penalty ones may stay empty', () => {
    const c = valid();
    c.dimensions[0].subDimensions[1].questions = [];
    expect(problemErrors(problems(c))).toEqual({ 'dimensions.0.subDimensions.1.questions': T.noQuestions });
    expect(messages(c)).toEqual(['Dimensión «Atención» › Subdimensión «Despedida»: Agregue al menos una pregunta']);
    const p = valid();
    p.dimensions.push(newPenaltyDimension());
    expect(messages(p)).toEqual([]);
  });

  it('skips the sums of a dimension or sub-dimension whose weighting is empty (and asks for it)', () => {
    const c = valid();
    c.dimensions[0].subDimensions[1].weighting = null;
    c.dimensions[0].subDimensions[1].questions[0].weighting = 10;
    const found = problems(c);
    expect(found.some((p) => p.message.includes('subdimensión Despedida'))).toBe(false);
    expect(problemErrors(found)['dimensions.0.subDimensions.1.weighting']).toBe(T.required);
  });

  it('puts the sums before the fields and keeps penalties out of the dimension sum', () => {
    const c = valid();
    c.dimensions[1].weighting = 10;
    c.dimensions[0].subDimensions[0].questions[0].name = 'abc';
    c.dimensions.push(newPenaltyDimension());
    const found = problems(c);
    expect(found.map((p) => p.message)).toEqual([T.dimensionsSum, T.tooShort]);
    expect(found[1]).toMatchObject({ path: 'dimensions.0.subDimensions.0.questions.0.name' });
    expect(problemLine(found[1])).toBe('Dimensión «Atención» › Subdimensión «Saludo inicial» › Pregunta 1, nombre: El campo es demasiado corto');
  });

  it('refuses a questionnaire whose only dimension is the penalty one: its dimensions sum 0, not 100', () => {
    const onlyPenalties: QuestionnaireContent = { name: 'Solo penalizaciones', questionnaire_version_type: 'Básico', dimensions: [newPenaltyDimension()] };
    expect(problems(onlyPenalties)[0]).toMatchObject({ path: 'dimensions', message: T.dimensionsSum });
    expect(messages(onlyPenalties)).toEqual([T.dimensionsSum]);
    const withQuestions = valid();
    withQuestions.dimensions.push(newPenaltyDimension());
    expect(messages(withQuestions)).toEqual([]);
  });

  it('allows one penalty dimension only, with its two fixed sub-dimensions', () => {
    const c = valid();
    c.dimensions.push(newPenaltyDimension(), newPenaltyDimension());
    expect(messages(c)).toContain(`Dimensiones: ${T.onePenalty}`);
    const d = valid();
    const p = newPenaltyDimension();
    p.subDimensions.push({ ...p.subDimensions[0], _id: 'x' });
    d.dimensions.push(p);
    expect(problems(d).map((x) => x.message)).toContain(T.penaltyShape);
    // A dimension that scores with a penalty sub-dimension (sent by hand) is told where that one goes, not
    // that it were the penalty dimension.
    const e = valid();
    e.dimensions[0].subDimensions.push({ ...newPenaltyDimension().subDimensions[0], _id: 'y' });
    const said = problems(e).filter((x) => x.path === 'dimensions.0.subDimensions').map((x) => x.message);
    expect(said).toEqual([T.penaltyOutside]);
  });
});

describe('an unchanged questionnaire', () => {
  it('is the same tree whatever the order of its keys, an undefined key counting as absent', () => {
    expect(sameTree({ a: 1, b: [{ x: 1, y: 'z' }] }, { b: [{ y: 'z', x: 1, w: undefined }], a: 1 })).toBe(true);
    expect(sameTree({ a: 1, b: [{ x: 1 }] }, { a: 1, b: [{ x: 2 }] })).toBe(false);
    // Order inside a list is order: two questions swapped are a change.
    expect(sameTree([1, 2], [2, 1])).toBe(false);
    const stored = finalizeQuestionnaire(valid());
    const reordered = JSON.parse(JSON.stringify(stored, (_k, v: unknown) => (v && typeof v === 'object' && !Array.isArray(v) ? Object.fromEntries(Object.entries(v).reverse()) : v)));
    expect(sameQuestionnaire(stored, reordered)).toBe(true);
    expect(sameQuestionnaire(stored, { ...reordered, name: `${stored.name} bis` })).toBe(false);
    reordered.dimensions[0].subDimensions[0].questions[0].weighting = 1;
    expect(sameQuestionnaire(stored, reordered)).toBe(false);
  });
});

describe('an Opciones SI, NO, N/A question stored without its three answers', () => {
  const stored = (texts: [string, number][]) => texts.map(([answer, weighting], i) => ({ ...defaultAnswers('close')[0], _id: `a${i}`, answer, weighting, guide: `Guía de ${answer}`, number: i + 1 }));

  it('gets its missing answers back, keeping the ids, texts, weightings and guides it had', () => {
    const two = restoreCloseAnswers(stored([['SI', 80], ['No', 20]]));
    expect(two.map((a) => [a._id, a.answer, a.weighting, a.number])).toEqual([
      ['a0', 'SI', 80, 1],
      ['a1', 'No', 20, 2],
      [expect.any(String), 'N/A', -1, 3],
    ]);
    expect(two[0].guide).toBe('Guía de SI');
    expect(new Set(two.map((a) => a._id)).size).toBe(3);
    expect(restoreCloseAnswers([]).map((a) => [a.answer, a.weighting])).toEqual([['Sí', 100], ['No', 0], ['N/A', -1]]);
  });

  it('keeps the first Sí, No and N/A of five (in that order, whatever their accents, case or spaces) and drops the others', () => {
    const five = restoreCloseAnswers(stored([['no aplica', -1], ['Sí ', 100], ['A veces', 50], ['NO', 0], ['si', 10]]));
    expect(five.map((a) => [a._id, a.answer, a.weighting, a.number])).toEqual([
      ['a1', 'Sí ', 100, 1],
      ['a3', 'NO', 0, 2],
      ['a0', 'no aplica', -1, 3],
    ]);
  });

  it('is listed with its place until it has three answers, and then saves', () => {
    const content = valid();
    const q = content.dimensions[1].subDimensions[0].questions[0];
    q.answers = q.answers.slice(0, 2);
    expect(wrongCloseQuestions(content)).toEqual([{ path: 'dimensions.1.subDimensions.0.questions.0', where: `Dimensión «${content.dimensions[1].name}» › Subdimensión «${content.dimensions[1].subDimensions[0].name}» › Pregunta 1` }]);
    expect(questionnaireProblems(finalizeQuestionnaire(content)).map((p) => p.message)).toEqual([T.threeCloseAnswers]);
    q.answers = restoreCloseAnswers(q.answers);
    expect(wrongCloseQuestions(content)).toEqual([]);
    expect(questionnaireProblems(finalizeQuestionnaire(content))).toEqual([]);
    // Other types are not its business.
    expect(wrongCloseQuestions({ dimensions: [{ ...content.dimensions[0], subDimensions: [{ ...content.dimensions[0].subDimensions[0], questions: [{ ...withType(q, 'open'), answers: [] }] }] }] })).toEqual([]);
  });
});

describe('names that repeat', () => {
  it('refuses a dimension named as another (capitals and accents aside), and a sub-dimension as another of its dimension', () => {
    const c = valid();
    expect(repeatedNames(c)).toEqual([]);
    c.dimensions[1].name = ' ATENCION ';
    c.dimensions[0].subDimensions[1].name = 'saludo Inicial';
    expect(repeatedNames(c).map((p) => [p.path, p.message])).toEqual([
      ['dimensions.1.name', T.repeatedDimension],
      ['dimensions.0.subDimensions.1.name', T.repeatedSubDimension],
    ]);
    expect(problemLine(repeatedNames(c)[0])).toBe(`Dimensión «ATENCION», nombre: ${T.repeatedDimension}`);
  });

  it('lets a sub-dimension share a name with one of another dimension', () => {
    const c = valid();
    c.dimensions[1].subDimensions[0].name = 'Despedida';
    expect(repeatedNames(c)).toEqual([]);
  });

  it('keeps two of one name the version it replaces already had (their names are locked), not a new one named as them', () => {
    const c = valid();
    c.dimensions[1].name = 'Atención';
    expect(repeatedNames(c, new Set(['Atención', 'Limpieza']))).toEqual([]);
    c.dimensions.push({ ...c.dimensions[1], _id: 'nueva' });
    expect(repeatedNames(c, new Set(['Atención', 'Limpieza'])).map((p) => p.path)).toEqual(['dimensions.2.name']);
  });
});
