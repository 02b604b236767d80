import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { AUTH_TEXT } from '../../domain/auth';
import { PICKER_IDS_CAP, PICKER_TEXT } from '../../domain/pickers';
import { QUESTIONNAIRE_CONFLICT, QUESTIONNAIRE_REMOVE_CONFLICT, TOO_MANY_QUESTIONS } from '../../domain/questionnaire-body';
import { LOCKED_TEXT } from '../../domain/questionnaire-locks';
import { QUESTIONNAIRE_TEXT as T } from '../../domain/questionnaire-weights';
import { newPenaltyDimension, newQuestion, type QuestionnaireContent, type QuestionnaireRow, type QuestionnaireVersion, withType } from '../../domain/questionnaires';
import { ROLE, type UserRole } from '../../domain/roles';
import { migrationsFolder, rowsOf } from '../../server/db/client';
import { campaigns, guidelines, moveConfigurations, projects, questionnaires, questionnaireVersions, userMoves } from '../../server/db/schema';
import { checkReferences } from '../../server/services/projects/references';
import { QUESTIONNAIRE_ERRORS } from '../../server/routes/questionnaires';
import { adminOnPostgres, createTestApp, type TestApp, untilSomeoneWaitsOnALock } from './helpers';

let t: TestApp;
let admin: string;
let operations: string;
let operationsId: number;

beforeAll(async () => {
  t = await createTestApp();
  admin = (await t.login('admin@campo.test')).token;
  const ops = await t.login('operaciones@campo.test');
  operations = ops.token;
  operationsId = ops.id;
});
afterAll(() => t?.close());

const tokenFor = (rol: UserRole) => t.tokenAs(rol);
const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown, token = admin) =>
  t.app.inject({ method, url: `/api${url}`, headers: t.authHeader(token), ...(payload === undefined ? {} : { payload: payload as never }) });
const ok = async <T>(method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown, token = admin) => {
  const res = await call(method, url, payload, token);
  expect(res.statusCode, res.body).toBeLessThan(300);
  return res.json() as T;
};
const list = (query = '') => ok<{ rows: QuestionnaireRow[]; count: number }>('GET', `/questionnariesV2${query}`);
const byName = async (name: string) => (await list('?limit=100')).rows.find((r) => r.name === name)!;

/** A questionnaire the rules accept: one dimension, one sub-dimension, a close, an open and a text question. */
/** The one question a new scoring sub-dimension needs (an empty one is refused). */
const onlyQuestion = (name: string) => [{ ...newQuestion(), name, weighting: 100 }];

function draft(name = 'Auditoría de prueba'): QuestionnaireContent {
  const close = { ...newQuestion(), name: '¿Lo saludaron al entrar?', weighting: 60 };
  const open = { ...withType(newQuestion(), 'open'), name: '¿Cómo fue la atención?', weighting: 40 };
  open.answers = open.answers.map((a, i) => ({ ...a, answer: ['Buena', 'Mala'][i], weighting: [100, 0][i] }));
  const text = { ...withType(newQuestion(), 'text'), name: 'Comentarios del auditor', visibleToGetter: false };
  return {
    name,
    questionnaire_version_type: 'Complejo',
    dimensions: [
      { _id: 'd1', name: 'Atención', weighting: 100, type: 'NORMAL', subDimensions: [{ _id: 's1', name: 'Saludo y trato', weighting: 100, type: 'NORMAL', questions: [close, open, text] }] },
    ],
  };
}

describe('listing questionnaires', () => {
  it('pages the seeded questionnaires, newest first, with who updated them and their last version', async () => {
    const all = await list('?offset=0&limit=5');
    expect(all.count).toBe(4);
    expect(all.rows.map((r) => r.name)).toEqual(['Control de góndolas en supermercado', 'Control de apertura de cafetería', 'Experiencia en sucursal bancaria', 'Visita a cafetería']);
    const cafe = all.rows.find((r) => r.name === 'Visita a cafetería')!;
    expect(cafe).toMatchObject({ lastVersion: 3, questionnaire_version_type: 'Básico', updatedBy: { name: 'Ana Administradora' } });
    expect(cafe.questionCount).toBeGreaterThan(10);
    const page2 = await list('?offset=3&limit=2&sort=name&order=ASC');
    expect(page2.count).toBe(4);
    expect(page2.rows.map((r) => r.name)).toEqual(['Visita a cafetería']);
  });

  it('sorts by name, last version and updater in SQL, filters by name and refuses unknown sorts', async () => {
    expect((await list('?sort=name&order=DESC')).rows.map((r) => r.name)).toEqual(['Visita a cafetería', 'Experiencia en sucursal bancaria', 'Control de góndolas en supermercado', 'Control de apertura de cafetería']);
    expect((await list('?sort=lastVersion&order=DESC')).rows.map((r) => r.lastVersion)).toEqual([3, 2, 1, 1]);
    const byUpdater = (await list('?sort=updatedBy&order=ASC')).rows.map((r) => r.updatedBy!.name);
    expect(byUpdater).toEqual([...byUpdater].sort());
    expect((await list('?q=banc')).rows.map((r) => r.name)).toEqual(['Experiencia en sucursal bancaria']);
    expect((await call('GET', '/questionnariesV2?sort=content')).statusCode).toBe(400);
  });
});

describe("the project form's questionnaire picker", () => {
  it('searches by name, blind to case and accents, the first by name, and names the questionnaires it holds by id', async () => {
    const found = await list(`?q=${encodeURIComponent('GONDOLAS')}&limit=51&sort=name&order=ASC`);
    expect(found.rows.map((r) => r.name)).toEqual(['Control de góndolas en supermercado']);
    const bySearch = await list('?q=en&limit=1&sort=name&order=ASC');
    expect(bySearch.rows.map((r) => r.name)).toEqual(['Control de góndolas en supermercado']);
    expect(bySearch.count).toBe(2);
    const cafe = await byName('Visita a cafetería');
    const bank = await byName('Experiencia en sucursal bancaria');
    const held = await list(`?ids=${cafe.id},${bank.id},2147483647&sort=name&order=ASC`);
    expect(held.rows.map((r) => r.name)).toEqual(['Experiencia en sucursal bancaria', 'Visita a cafetería']);
    expect(held.count).toBe(2);
    expect((await list(`?ids=${cafe.id}&q=banc`)).rows).toEqual([]);
  });

  it('searches the questionnaires and guidelines by their folded names through trigram indexes', async () => {
    // Banks of thousands (made in a transaction that is undone): over a handful the planner reads everything anyway.
    const undone = new Error('undone');
    const plans: string[] = [];
    await t.db
      .transaction(async (tx) => {
        await tx.execute(sql`insert into questionnaires (name, type, last_version) select 'Banco ' || g || ' de pruebas', 'Básico', 1 from generate_series(1, 3000) g`);
        await tx.execute(sql`insert into guidelines (sequence_id, version, name, generalities, before_work, during_work, after_work)
          select 900000 + g, 1, 'Instructivo ' || g || ' de pruebas', 'x', 'x', 'x', 'x' from generate_series(1, 3000) g`);
        for (const table of ['questionnaires', 'guidelines']) {
          await tx.execute(sql.raw(`analyze ${table}`));
          // Reading a few thousand stored names whole costs about as little: whether the index answers the search is what is asked.
          await tx.execute(sql`set local enable_seqscan = off`);
          const rows = await rowsOf<Record<string, string>>(tx, sql.raw(`explain select id from ${table} where search_name like '%sucursal%'`));
          plans.push(rows.map((r) => Object.values(r)[0]).join('\n'));
        }
        throw undone;
      })
      .catch((error: unknown) => {
        if (error !== undone) throw error;
      });
    expect(plans[0]).toContain('questionnaires_search_name_trgm_idx');
    expect(plans[1]).toContain('guidelines_search_name_trgm_idx');
    // Nothing is folded per row: the names are stored folded.
    for (const plan of plans) expect(plan).not.toContain('translate');
  });

  it('refuses ids that are not ids, or too many, in Spanish', async () => {
    for (const ids of ['abc', '1,,2', '0', '99999999999']) {
      const res = await call('GET', `/questionnariesV2?ids=${ids}`);
      expect(res.statusCode, ids).toBe(400);
      expect(res.json(), ids).toEqual({ message: `${PICKER_TEXT.ids}.`, errors: { ids: PICKER_TEXT.ids } });
    }
    const tooMany = Array.from({ length: PICKER_IDS_CAP + 1 }, (_, i) => i + 1).join(',');
    expect((await call('GET', `/questionnariesV2?ids=${tooMany}`)).json().errors).toEqual({ ids: PICKER_TEXT.tooManyIds });
  });
});

describe('opening one questionnaire', () => {
  it('gives the latest version by default, any version on request, and the list of versions', async () => {
    const cafe = await byName('Visita a cafetería');
    const latest = await ok<QuestionnaireVersion>('GET', `/questionnariesV2/get/${cafe.id}`);
    expect(latest).toMatchObject({ id: cafe.id, name: 'Visita a cafetería', version: 3, lastVersion: 3 });
    expect(latest.versions.map((v) => v.version)).toEqual([1, 2, 3]);
    expect(latest.dimensions.map((d) => d.weighting)).toEqual([50, 25, 25, 0]);
    const first = await ok<QuestionnaireVersion>('GET', `/questionnariesV2/get/${cafe.id}?version=1`);
    expect(first.version).toBe(1);
    expect(first.dimensions.some((d) => d.type === 'PENALTY')).toBe(false);
    const types = new Set(latest.dimensions.flatMap((d) => d.subDimensions.flatMap((s) => s.questions.map((q) => q.type))));
    expect([...types].sort()).toEqual(['accumulative', 'amount', 'close', 'multiple', 'open', 'penalty', 'photographs', 'text']);
  });

  it('answers 404 for an unknown questionnaire or version', async () => {
    const cafe = await byName('Visita a cafetería');
    const noVersion = await call('GET', `/questionnariesV2/get/${cafe.id}?version=9`);
    expect([noVersion.statusCode, noVersion.json().message]).toEqual([404, QUESTIONNAIRE_ERRORS.versionNotFound]);
    const none = await call('GET', '/questionnariesV2/get/999999');
    expect([none.statusCode, none.json().message]).toEqual([404, QUESTIONNAIRE_ERRORS.notFound]);
  });
});

describe('creating', () => {
  it('says there are too many questions before judging each (50,000 empty ones kept the server seconds), on create and update', async () => {
    const sub = (i: number) => ({ _id: `s${i}`, name: `S${i}`, weighting: 2, type: 'NORMAL', questions: Array.from({ length: 1000 }, () => ({})) });
    const body = { ...draft('Demasiadas preguntas'), dimensions: [{ _id: 'd1', name: 'D', weighting: 100, type: 'NORMAL', subDimensions: Array.from({ length: 50 }, (_, i) => sub(i)) }] };
    const existing = (await call('POST', '/questionnariesV2', draft('Con pocas preguntas'))).json() as QuestionnaireVersion;
    for (const [method, url] of [['POST', '/questionnariesV2'], ['PUT', `/questionnariesV2/update/${existing.id}`]] as const) {
      const started = performance.now();
      const res = await call(method, url, body);
      expect(res.statusCode, url).toBe(400);
      expect(res.json(), url).toEqual({ message: TOO_MANY_QUESTIONS, errors: { _: TOO_MANY_QUESTIONS } });
      expect(performance.now() - started, url).toBeLessThan(1000);
    }
    // 3,001 well-formed questions: the same words, from the schema's own count.
    const full = (n: number) => Array.from({ length: n }, (_, i) => ({ ...newQuestion(), name: `P${i}`, weighting: 1 }));
    const many = { ...draft('Justo de más'), dimensions: [{ _id: 'd1', name: 'D', weighting: 100, type: 'NORMAL', subDimensions: [1000, 1000, 1001].map((n, i) => ({ _id: `s${i}`, name: `S${i}`, weighting: 33, type: 'NORMAL', questions: full(n) })) }] };
    expect((await call('POST', '/questionnariesV2', many)).json().message).toBe(TOO_MANY_QUESTIONS);
  });

  it('stores version 1 with what a save computes', async () => {
    const res = await call('POST', '/questionnariesV2', draft('Creado en la prueba'), operations);
    expect(res.statusCode, res.body).toBe(201);
    const saved = res.json() as QuestionnaireVersion;
    expect(saved).toMatchObject({ name: 'Creado en la prueba', version: 1, questionnaire_version_type: 'Complejo', updatedBy: { id: operationsId } });
    const [close, open, text] = saved.dimensions[0].subDimensions[0].questions;
    expect([close.answerRequired, open.answerRequired, text.answerRequired]).toEqual([true, true, false]);
    expect(text.weighting).toBe(-1);
    expect(open.answers.map((a) => a.number)).toEqual([1, 2]);
    const rows = await t.db.select().from(questionnaireVersions).where(eq(questionnaireVersions.questionnaireId, saved.id));
    expect(rows.map((r) => [r.version, r.questionCount, r.createdBy])).toEqual([[1, 3, operationsId]]);
  });

  it.each([
    ['the dimensions', (c: QuestionnaireContent) => c.dimensions.push({ ...c.dimensions[0], _id: 'd2', name: 'Limpieza', weighting: 20 }), T.dimensionsSum],
    ['a dimension', (c: QuestionnaireContent) => (c.dimensions[0].subDimensions[0].weighting = 90), 'Revise las ponderaciones dentro de la dimensión Atención'],
    ['an unnamed dimension', (c: QuestionnaireContent) => Object.assign(c.dimensions[0], { name: '' }, { subDimensions: [{ ...c.dimensions[0].subDimensions[0], weighting: 10 }] }), 'Revise las ponderaciones dentro de la dimensión SIN NOMBRE'],
    ['a sub-dimension', (c: QuestionnaireContent) => (c.dimensions[0].subDimensions[0].questions[0].weighting = 50), 'Revise las ponderaciones dentro de la subdimensión Saludo y trato'],
  ])('refuses weightings that do not sum 100 in %s with the exact message', async (_what, breakIt, message) => {
    const before = (await list()).count;
    const c = draft();
    breakIt(c);
    const res = await call('POST', '/questionnariesV2', c);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(message);
    expect((await list()).count).toBe(before);
  });

  it('refuses a questionnaire with only the penalty dimension (nothing scores, the dimensions sum 0)', async () => {
    const before = (await list()).count;
    const res = await call('POST', '/questionnariesV2', { name: 'Solo penalizaciones', questionnaire_version_type: 'Básico', dimensions: [newPenaltyDimension()] });
    expect([res.statusCode, res.json().message]).toEqual([400, T.dimensionsSum]);
    expect(res.json().errors).toMatchObject({ dimensions: T.dimensionsSum });
    expect((await list()).count).toBe(before);
    const created = await ok<QuestionnaireVersion>('POST', '/questionnariesV2', draft('Con dimensión y penalizaciones'));
    const update = await call('PUT', `/questionnariesV2/update/${created.id}`, { name: created.name, questionnaire_version_type: 'Básico', dimensions: [newPenaltyDimension()] });
    expect([update.statusCode, update.json().message]).toEqual([400, T.dimensionsSum]);
    expect((await byName('Con dimensión y penalizaciones')).lastVersion).toBe(1);
  });

  it('refuses short, long and out-of-range fields with the spec messages on their paths', async () => {
    const c = draft();
    const [close, open] = c.dimensions[0].subDimensions[0].questions;
    c.dimensions[0].subDimensions[0].name = 'Sal';
    close.name = 'x'.repeat(1001);
    open.answers[0].guide = 'corta';
    open.answers[1].weighting = -3;
    const res = await call('POST', '/questionnariesV2', c);
    expect(res.statusCode).toBe(400);
    const body = res.json() as { message: string; errors: Record<string, string> };
    expect(body.errors).toMatchObject({
      'dimensions.0.subDimensions.0.name': T.tooShort,
      'dimensions.0.subDimensions.0.questions.0.name': T.tooLong,
      'dimensions.0.subDimensions.0.questions.1.answers.0.guide': T.tooShort,
      'dimensions.0.subDimensions.0.questions.1.answers.1.weighting': T.negativeOnlyNA,
    });
    expect(body.message).toBe('Dimensión «Atención» › Subdimensión «Sal», nombre: El campo es demasiado corto');
  });

  it('refuses a question Opciones SI, NO, N/A without its three options, and writes nothing', async () => {
    const c = draft('Con una pregunta SI NO de dos opciones');
    const close = c.dimensions[0].subDimensions[0].questions[0];
    close.answers = close.answers.slice(0, 2);
    const res = await call('POST', '/questionnariesV2', c);
    expect([res.statusCode, res.json().errors['dimensions.0.subDimensions.0.questions.0.answers']]).toEqual([400, T.threeCloseAnswers]);
    expect(await byName('Con una pregunta SI NO de dos opciones')).toBeUndefined();
  });

  it('refuses a scoring sub-dimension without questions, naming it, and writes nothing', async () => {
    const before = (await list()).count;
    const c = draft('Con una subdimensión vacía');
    c.dimensions[0].subDimensions[0].weighting = 50;
    c.dimensions[0].subDimensions.push({ _id: 's-vacia', name: 'Despedida', weighting: 50, type: 'NORMAL', questions: [] });
    const res = await call('POST', '/questionnariesV2', c);
    expect([res.statusCode, res.json().message]).toEqual([400, 'Dimensión «Atención» › Subdimensión «Despedida»: Agregue al menos una pregunta']);
    expect(res.json().errors).toEqual({ 'dimensions.0.subDimensions.1.questions': T.noQuestions });
    expect((await list()).count).toBe(before);
  });

  it('refuses a sub-dimension named as another of its dimension, or a dimension as another (accents aside), and writes nothing', async () => {
    const before = (await list()).count;
    const c = draft('Con nombres repetidos');
    const [attention] = c.dimensions;
    attention.subDimensions[0].weighting = 50;
    attention.subDimensions.push({ ...attention.subDimensions[0], _id: 's2', name: 'saludo Y TRATO' });
    const res = await call('POST', '/questionnariesV2', c);
    expect([res.statusCode, res.json().message]).toEqual([400, `Dimensión «Atención» › Subdimensión «saludo Y TRATO», nombre: ${T.repeatedSubDimension}`]);
    expect(res.json().errors).toEqual({ 'dimensions.0.subDimensions.1.name': T.repeatedSubDimension });
    const twice = draft('Con nombres repetidos');
    twice.dimensions[0].weighting = 50;
    twice.dimensions.push({ ...twice.dimensions[0], _id: 'd2', name: 'Atencion' });
    expect((await call('POST', '/questionnariesV2', twice)).json().errors).toEqual({ 'dimensions.1.name': T.repeatedDimension });
    expect((await list()).count).toBe(before);
  });

  it('keeps two sub-dimensions of one name a stored version already has (their names are locked), and refuses a new one named as them', async () => {
    const created = await ok<QuestionnaireVersion>('POST', '/questionnariesV2', draft('Repetidos de antes'));
    // Stored before the rule: two sub-dimensions of one name.
    const [stored] = await t.db.select().from(questionnaireVersions).where(eq(questionnaireVersions.questionnaireId, created.id));
    const dims = structuredClone((stored.content as { dimensions: QuestionnaireContent['dimensions'] }).dimensions);
    dims[0].subDimensions[0].weighting = 50;
    dims[0].subDimensions.push({ ...dims[0].subDimensions[0], _id: 's-twin' });
    await t.db.update(questionnaireVersions).set({ content: { dimensions: dims } }).where(eq(questionnaireVersions.id, stored.id));
    const next = { ...draft('Repetidos de antes'), dimensions: structuredClone(dims) };
    next.dimensions[0].subDimensions[0].questions[0].weighting = 30;
    next.dimensions[0].subDimensions[0].questions[1].weighting = 70;
    expect((await ok<QuestionnaireVersion>('PUT', `/questionnariesV2/update/${created.id}`, next)).version).toBe(2);
    next.dimensions[0].subDimensions = next.dimensions[0].subDimensions.map((s) => ({ ...s, weighting: 100 / 3 }));
    next.dimensions[0].subDimensions.push({ ...next.dimensions[0].subDimensions[0], _id: 's-new', weighting: 100 / 3 });
    const refused = await call('PUT', `/questionnariesV2/update/${created.id}`, next);
    expect([refused.statusCode, refused.json().errors]).toEqual([400, { 'dimensions.0.subDimensions.2.name': T.repeatedSubDimension }]);
  });

  it('refuses a second penalty dimension and wrong penalty weightings', async () => {
    const c = draft();
    const p = newPenaltyDimension();
    p.subDimensions[1].questions.push({ ...newQuestion('PENALTY_ACCUMULATIVE'), name: 'Uso del celular', weighting: 100 });
    c.dimensions.push(p, newPenaltyDimension());
    const body = (await call('POST', '/questionnariesV2', c)).json() as { errors: Record<string, string> };
    expect(body.errors.dimensions).toBe(T.onePenalty);
    expect(body.errors['dimensions.1.subDimensions.1.questions.0.weighting']).toBe(T.penaltyAccumulative);
  });

  it('refuses a penalty sub-dimension without a name, or with one too short, as any sub-dimension, and writes nothing', async () => {
    const before = (await list()).count;
    const c = draft('Penalizaciones sin nombre');
    const p = newPenaltyDimension();
    p.subDimensions[0].name = '   ';
    p.subDimensions[1].name = 'Pen';
    c.dimensions.push(p);
    const res = await call('POST', '/questionnariesV2', c);
    expect([res.statusCode, res.json().message]).toEqual([400, 'Dimensión «Penalizaciones» › Subdimensión «SIN NOMBRE», nombre: Este campo es requerido']);
    expect(res.json().errors).toEqual({ 'dimensions.1.subDimensions.0.name': 'Este campo es requerido', 'dimensions.1.subDimensions.1.name': 'El campo es demasiado corto' });
    expect((await list()).count).toBe(before);
  });

  it('refuses a name another questionnaire has (capitals and spaces aside) with 409, on creating and on renaming', async () => {
    const before = (await list()).count;
    for (const name of ['Visita a cafetería', '  VISITA A CAFETERÍA ']) {
      const res = await call('POST', '/questionnariesV2', draft(name));
      expect([res.statusCode, res.json()]).toEqual([409, { message: QUESTIONNAIRE_ERRORS.duplicate, errors: { name: QUESTIONNAIRE_ERRORS.duplicate } }]);
    }
    expect((await list()).count).toBe(before);
    const created = await ok<QuestionnaireVersion>('POST', '/questionnariesV2', draft('Nombre libre'));
    const renamed = await call('PUT', `/questionnariesV2/update/${created.id}`, { ...draft('Visita a cafetería'), dimensions: created.dimensions });
    expect([renamed.statusCode, renamed.json().message]).toEqual([409, QUESTIONNAIRE_ERRORS.duplicate]);
    expect((await byName('Nombre libre')).lastVersion).toBe(1);
    // A removed questionnaire's name is free again.
    await ok('DELETE', `/questionnariesV2/delete/${created.id}`);
    expect((await call('POST', '/questionnariesV2', draft('Nombre libre'))).statusCode).toBe(201);
  });

  it('keeps the last version when removing it would bring back a name another questionnaire took meanwhile', async () => {
    const a = await ok<QuestionnaireVersion>('POST', '/questionnariesV2', draft('Nombre que vuelve'));
    await ok('PUT', `/questionnariesV2/update/${a.id}`, { ...draft('Nombre nuevo'), dimensions: a.dimensions });
    await ok('POST', '/questionnariesV2', draft('Nombre que vuelve'));
    const res = await call('DELETE', `/questionnariesV2/delete/${a.id}`);
    expect([res.statusCode, res.json().message]).toEqual([409, QUESTIONNAIRE_ERRORS.previousNameTaken('Nombre que vuelve')]);
    expect(await byName('Nombre nuevo')).toMatchObject({ id: a.id, lastVersion: 2 });
  });

  it('removes the last version only when it is the one the user saw: another one is never removed in its place', async () => {
    const a = await ok<QuestionnaireVersion>('POST', '/questionnariesV2', draft('Quitar la que vi'));
    const withFirstQuestion = (name: string) => ({
      ...draft('Quitar la que vi'),
      dimensions: a.dimensions.map((d) => ({ ...d, subDimensions: d.subDimensions.map((sd) => ({ ...sd, questions: sd.questions.map((q, i) => (i === 0 ? { ...q, name } : q)) })) })),
    });
    await ok('PUT', `/questionnariesV2/update/${a.id}`, withFirstQuestion('¿Lo saludaron al llegar?'));
    await ok('PUT', `/questionnariesV2/update/${a.id}`, withFirstQuestion('¿Lo saludaron al entrar al local?'));
    // The list showed version 3; someone removed it meanwhile: removing "3" again must not remove version 2.
    await ok('DELETE', `/questionnariesV2/delete/${a.id}?expectedLastVersion=3`);
    const stale = await call('DELETE', `/questionnariesV2/delete/${a.id}?expectedLastVersion=3`);
    expect([stale.statusCode, stale.json().message]).toEqual([409, QUESTIONNAIRE_REMOVE_CONFLICT]);
    expect((await byName('Quitar la que vi')).lastVersion).toBe(2);
    for (const bad of ['0', 'x', '1.5']) expect((await call('DELETE', `/questionnariesV2/delete/${a.id}?expectedLastVersion=${bad}`)).statusCode).toBe(400);
    await ok('DELETE', `/questionnariesV2/delete/${a.id}?expectedLastVersion=2`);
    expect((await byName('Quitar la que vi')).lastVersion).toBe(1);
  });

  it('refuses a malformed body', async () => {
    expect((await call('POST', '/questionnariesV2', { name: 'x', dimensions: 'no' })).statusCode).toBe(400);
    expect((await call('POST', '/questionnariesV2', { ...draft(), questionnaire_version_type: 'Otro' })).statusCode).toBe(400);
  });
});

describe('versions', () => {
  it('adds no copy of the last version: an unchanged save is refused with 409 saying so; an older version saved again is a new one', async () => {
    const created = await ok<QuestionnaireVersion>('POST', '/questionnariesV2', draft('Sin cambios'));
    const same = { name: created.name, questionnaire_version_type: created.questionnaire_version_type, dimensions: structuredClone(created.dimensions) };
    const res = await call('PUT', `/questionnariesV2/update/${created.id}`, { ...same, expectedLastVersion: 1 });
    expect([res.statusCode, res.json().message]).toEqual([409, 'El cuestionario no tiene cambios respecto de su versión 1: no se registró una versión nueva.']);
    expect((await byName('Sin cambios')).lastVersion).toBe(1);
    // Only the name changed: a new version.
    const renamed = await ok<QuestionnaireVersion>('PUT', `/questionnariesV2/update/${created.id}`, { ...same, name: 'Sin cambios (renombrado)' });
    expect(renamed.version).toBe(2);
    // Version 1 saved again while version 2 is the last: that brings it back, as version 3.
    const back = await ok<QuestionnaireVersion>('PUT', `/questionnariesV2/update/${created.id}`, same);
    expect([back.version, back.name]).toEqual([3, 'Sin cambios']);
  });

  it('adds a version on update and leaves the previous one unchanged', async () => {
    const created = await ok<QuestionnaireVersion>('POST', '/questionnariesV2', draft('Versionado'));
    const v1 = await ok<QuestionnaireVersion>('GET', `/questionnariesV2/get/${created.id}?version=1`);
    const next = draft('Versionado');
    next.dimensions[0].subDimensions[0].questions[0].weighting = 30;
    next.dimensions[0].subDimensions[0].questions[1].weighting = 70;
    const v2 = await ok<QuestionnaireVersion>('PUT', `/questionnariesV2/update/${created.id}`, next, operations);
    expect([v2.version, v2.lastVersion, v2.updatedBy?.id]).toEqual([2, 2, operationsId]);
    expect(v2.versions.map((v) => v.version)).toEqual([1, 2]);
    expect(await ok<QuestionnaireVersion>('GET', `/questionnariesV2/get/${created.id}?version=1`)).toEqual({ ...v1, lastVersion: 2, updatedBy: v2.updatedBy, versions: v2.versions });
    expect((await byName('Versionado')).lastVersion).toBe(2);
    const bad = await call('PUT', `/questionnariesV2/update/${created.id}`, { ...next, dimensions: [{ ...next.dimensions[0], weighting: 10 }] });
    expect([bad.statusCode, bad.json().message]).toEqual([400, T.dimensionsSum]);
    expect((await call('PUT', '/questionnariesV2/update/999999', next)).statusCode).toBe(404);
  });

  it('keeps the name and type each version was saved with, and removing the last one brings back the previous ones', async () => {
    const created = await ok<QuestionnaireVersion>('POST', '/questionnariesV2', draft('Nombre de la versión 1'));
    const v2 = await ok<QuestionnaireVersion>('PUT', `/questionnariesV2/update/${created.id}`, { ...draft('Nombre de la versión 2'), questionnaire_version_type: 'Básico' });
    expect([v2.version, v2.name, v2.questionnaire_version_type]).toEqual([2, 'Nombre de la versión 2', 'Básico']);
    const first = await ok<QuestionnaireVersion>('GET', `/questionnariesV2/get/${created.id}?version=1`);
    expect([first.version, first.name, first.questionnaire_version_type]).toEqual([1, 'Nombre de la versión 1', 'Complejo']);
    const listed = async () => (await list('?limit=100')).rows.find((r) => r.id === created.id)!;
    expect(await listed()).toMatchObject({ name: 'Nombre de la versión 2', questionnaire_version_type: 'Básico', lastVersion: 2 });

    await ok('DELETE', `/questionnariesV2/delete/${created.id}`);
    expect(await listed()).toMatchObject({ name: 'Nombre de la versión 1', questionnaire_version_type: 'Complejo', lastVersion: 1 });
    const back = await ok<QuestionnaireVersion>('GET', `/questionnariesV2/get/${created.id}`);
    expect([back.version, back.name, back.questionnaire_version_type]).toEqual([1, 'Nombre de la versión 1', 'Complejo']);
    expect((await list('?q=versión 2')).rows.some((r) => r.id === created.id)).toBe(false);
  });

  it('gives the versions saved before versions kept their name the questionnaire\'s name (migration 0011)', async () => {
    const migration = readFileSync(join(migrationsFolder, '0011_questionnaire_version_name.sql'), 'utf8').split('--> statement-breakpoint');
    const rollback = new Error('rollback');
    const rows = <T>(result: unknown) => (result as { rows: T[] }).rows;
    // The table as it was before the migration, migrated again, inside a transaction that is rolled back.
    const migrated = t.db.transaction(async (tx) => {
      await tx.execute(sql`alter table questionnaire_versions drop column name`);
      for (const statement of migration) await tx.execute(sql.raw(statement));
      const names = rows<{ version: string; questionnaire: string }>(
        await tx.execute(sql`select v.name as version, q.name as questionnaire from questionnaire_versions v join questionnaires q on q.id = v.questionnaire_id`),
      );
      expect(names.length).toBeGreaterThan(3);
      for (const n of names) expect(n.version).toBe(n.questionnaire);
      const [column] = rows<{ nullable: string }>(
        await tx.execute(sql`select is_nullable as nullable from information_schema.columns where table_name = 'questionnaire_versions' and column_name = 'name'`),
      );
      expect(column.nullable).toBe('NO');
      throw rollback;
    });
    await expect(migrated).rejects.toBe(rollback);
    expect((await ok<QuestionnaireVersion>('GET', `/questionnariesV2/get/${(await byName('Visita a cafetería')).id}?version=1`)).name).toBe('Visita a cafetería');
  });

  it('removes only the last version, never reuses its number, and the questionnaire with its only version', async () => {
    const created = await ok<QuestionnaireVersion>('POST', '/questionnariesV2', draft('Para quitar'));
    await ok('PUT', `/questionnariesV2/update/${created.id}`, draft('Para quitar'));
    const removed = await ok<{ removedVersion: number; lastVersion: number }>('DELETE', `/questionnariesV2/delete/${created.id}`);
    expect(removed).toMatchObject({ removedVersion: 2, lastVersion: 1 });
    expect((await call('GET', `/questionnariesV2/get/${created.id}?version=2`)).statusCode).toBe(404);
    expect((await ok<QuestionnaireVersion>('GET', `/questionnariesV2/get/${created.id}`)).version).toBe(1);
    expect((await ok<QuestionnaireVersion>('PUT', `/questionnariesV2/update/${created.id}`, draft('Para quitar'))).version).toBe(3);
    await ok('DELETE', `/questionnariesV2/delete/${created.id}`);
    await ok('DELETE', `/questionnariesV2/delete/${created.id}`);
    expect((await call('GET', `/questionnariesV2/get/${created.id}`)).statusCode).toBe(404);
    expect((await list('?limit=100')).rows.some((r) => r.id === created.id)).toBe(false);
    expect((await call('DELETE', `/questionnariesV2/delete/${created.id}`)).statusCode).toBe(404);
    // The removed versions' content stays for the moves that answered them.
    const kept = await t.db.select().from(questionnaireVersions).where(eq(questionnaireVersions.questionnaireId, created.id));
    expect(kept.map((v) => [v.version, v.removedAt !== null]).sort()).toEqual([
      [1, true],
      [2, true],
      [3, true],
    ]);
  });

  it("tells what removing the last version touches: the version new moves go back to, and how many moves keep the removed one", async () => {
    const created = await ok<QuestionnaireVersion>('POST', '/questionnariesV2', draft('Para contar'));
    const usage = (id = created.id) => ok<{ id: number; lastVersion: number; previousVersion: number | null; moves: number }>('GET', `/questionnariesV2/usage/${id}`);
    expect(await usage()).toEqual({ id: created.id, lastVersion: 1, previousVersion: null, moves: 0 });
    await ok('PUT', `/questionnariesV2/update/${created.id}`, draft('Para contar'));
    await ok('PUT', `/questionnariesV2/update/${created.id}`, draft('Para contar (3)'));
    // Two of the demo's moves made on version 3 (put back at the end: the other tests read them).
    const [v3] = await t.db.select({ id: questionnaireVersions.id }).from(questionnaireVersions).where(and(eq(questionnaireVersions.questionnaireId, created.id), eq(questionnaireVersions.version, 3)));
    const borrowed = await t.db.select({ id: userMoves.id, versionId: userMoves.questionnaireVersionId }).from(userMoves).orderBy(userMoves.id).limit(2);
    await t.db.update(userMoves).set({ questionnaireVersionId: v3.id }).where(inArray(userMoves.id, borrowed.map((m) => m.id)));
    try {
      expect(await usage()).toEqual({ id: created.id, lastVersion: 3, previousVersion: 2, moves: 2 });
      // Version 2 removed in between (not possible from the list, which removes the last): new moves go back to version 1.
      await t.db.update(questionnaireVersions).set({ removedAt: sql`now()` }).where(and(eq(questionnaireVersions.questionnaireId, created.id), eq(questionnaireVersions.version, 2)));
      expect(await usage()).toMatchObject({ previousVersion: 1, moves: 2 });
      // Removed, version 3 stays with its two moves; version 1 holds none.
      await ok('DELETE', `/questionnariesV2/delete/${created.id}?expectedLastVersion=3`);
      expect(await usage()).toEqual({ id: created.id, lastVersion: 1, previousVersion: null, moves: 0 });
      const held = await t.db.select({ versionId: userMoves.questionnaireVersionId }).from(userMoves).where(inArray(userMoves.id, borrowed.map((m) => m.id)));
      expect(held).toEqual([{ versionId: v3.id }, { versionId: v3.id }]);
    } finally {
      for (const m of borrowed) await t.db.update(userMoves).set({ questionnaireVersionId: m.versionId }).where(eq(userMoves.id, m.id));
    }
    expect((await call('GET', '/questionnariesV2/usage/999999')).statusCode).toBe(404);
    expect((await call('GET', '/questionnariesV2/usage/abc')).statusCode).toBe(400);
    await ok('DELETE', `/questionnariesV2/delete/${created.id}`);
    expect((await call('GET', `/questionnariesV2/usage/${created.id}`)).statusCode).toBe(404);
  });

  it('refuses with 409, writing nothing, a save based on a last version another save replaced', async () => {
    const created = await ok<QuestionnaireVersion>('POST', '/questionnariesV2', draft('Editado a la vez'));
    const opened = await ok<QuestionnaireVersion>('GET', `/questionnariesV2/get/${created.id}`);
    // Two editors opened version 1; the first one saves.
    const first = draft('Editado a la vez');
    first.dimensions[0].subDimensions[0].questions[0].weighting = 30;
    first.dimensions[0].subDimensions[0].questions[1].weighting = 70;
    const v2 = await ok<QuestionnaireVersion>('PUT', `/questionnariesV2/update/${created.id}`, { ...first, expectedLastVersion: opened.lastVersion }, operations);
    expect(v2.version).toBe(2);
    // The second one, still on version 1, is told and nothing is written.
    const second = draft('Editado a la vez (otro)');
    const res = await call('PUT', `/questionnariesV2/update/${created.id}`, { ...second, expectedLastVersion: opened.lastVersion });
    expect([res.statusCode, res.json()]).toEqual([409, { message: QUESTIONNAIRE_CONFLICT }]);
    const versions = await t.db.select({ version: questionnaireVersions.version }).from(questionnaireVersions).where(eq(questionnaireVersions.questionnaireId, created.id));
    expect(versions.map((v) => v.version).sort()).toEqual([1, 2]);
    const now = await ok<QuestionnaireVersion>('GET', `/questionnariesV2/get/${created.id}`);
    expect([now.name, now.lastVersion, now.updatedBy?.id, now.dimensions[0].subDimensions[0].questions[0].weighting]).toEqual(['Editado a la vez', 2, operationsId, 30]);
    // Reopened, it saves on top of the other's version.
    expect((await ok<QuestionnaireVersion>('PUT', `/questionnariesV2/update/${created.id}`, { ...second, expectedLastVersion: now.lastVersion })).version).toBe(3);
    // A removal in between counts too.
    await ok('DELETE', `/questionnariesV2/delete/${created.id}`);
    expect((await call('PUT', `/questionnariesV2/update/${created.id}`, { ...second, expectedLastVersion: 3 })).statusCode).toBe(409);
    expect((await call('PUT', `/questionnariesV2/update/${created.id}`, { ...second, expectedLastVersion: 0 })).statusCode).toBe(400);
  });

  it('keeps the only version of a questionnaire a project uses', async () => {
    const created = await ok<QuestionnaireVersion>('POST', '/questionnariesV2', draft('En uso'));
    await t.db.insert(projects).values({ name: 'Proyecto de prueba', questionnaireId: created.id });
    const res = await call('DELETE', `/questionnariesV2/delete/${created.id}`);
    expect([res.statusCode, res.json().message]).toEqual([409, QUESTIONNAIRE_ERRORS.inUse]);
    const [row] = await t.db.select().from(questionnaires).where(and(eq(questionnaires.id, created.id)));
    expect([row.removedAt, row.lastVersion]).toEqual([null, 1]);
    await ok('PUT', `/questionnariesV2/update/${created.id}`, draft('En uso'));
    expect((await ok<{ lastVersion: number }>('DELETE', `/questionnariesV2/delete/${created.id}`)).lastVersion).toBe(1);
  });
});

describe('a new version keeps the name and type of the dimensions and sub-dimensions it already had (spec 2 §2)', () => {
  /** What the editor sends back for the version it opened. */
  const reopened = (v: QuestionnaireVersion): QuestionnaireContent => ({ name: v.name, questionnaire_version_type: v.questionnaire_version_type, dimensions: structuredClone(v.dimensions) });
  const stored = async (questionnaireId: number) => {
    const versions = await t.db.select({ version: questionnaireVersions.version }).from(questionnaireVersions).where(eq(questionnaireVersions.questionnaireId, questionnaireId));
    const [row] = await t.db.select({ lastVersion: questionnaires.lastVersion, name: questionnaires.name }).from(questionnaires).where(eq(questionnaires.id, questionnaireId));
    return { versions: versions.map((v) => v.version).sort(), ...row };
  };
  const withPenalties = () => {
    const c = draft('Con penalizaciones');
    c.dimensions.push(newPenaltyDimension());
    return c;
  };

  it.each([
    [
      'renaming a dimension',
      draft,
      (c: QuestionnaireContent) => (c.dimensions[0].name = 'Atención al cliente'),
      { 'dimensions.0.name': LOCKED_TEXT },
      `Dimensión «Atención», nombre: ${LOCKED_TEXT}`,
    ],
    [
      'renaming a sub-dimension',
      draft,
      (c: QuestionnaireContent) => (c.dimensions[0].subDimensions[0].name = 'Saludo y despedida'),
      { 'dimensions.0.subDimensions.0.name': LOCKED_TEXT },
      `Dimensión «Atención» › Subdimensión «Saludo y trato», nombre: ${LOCKED_TEXT}`,
    ],
    [
      'swapping the types of the penalty sub-dimensions',
      withPenalties,
      (c: QuestionnaireContent) => {
        const [absolute, accumulative] = c.dimensions[1].subDimensions;
        [absolute.type, accumulative.type] = [accumulative.type, absolute.type];
      },
      { 'dimensions.1.subDimensions.0.type': LOCKED_TEXT, 'dimensions.1.subDimensions.1.type': LOCKED_TEXT },
      `Dimensión «Penalizaciones» › Subdimensión «Penalización absoluta», tipo: ${LOCKED_TEXT}`,
    ],
    [
      'turning the penalty dimension into a normal one',
      withPenalties,
      (c: QuestionnaireContent) => {
        c.dimensions[0].weighting = 50;
        Object.assign(c.dimensions[1], { type: 'NORMAL', weighting: 50, subDimensions: [{ _id: 'nueva', name: 'Faltas graves', weighting: 100, type: 'NORMAL', questions: onlyQuestion('¿Hubo faltas graves?') }] });
      },
      { 'dimensions.1.type': LOCKED_TEXT },
      `Dimensión «Penalizaciones», tipo: ${LOCKED_TEXT}`,
    ],
  ])('refuses %s with 400 and writes nothing', async (what, first, change, errors, message) => {
    // Each case its own questionnaire (names are unique).
    const created = await ok<QuestionnaireVersion>('POST', '/questionnariesV2', { ...first(), name: `Bloqueos: ${what}` });
    const before = await stored(created.id);
    const next = reopened(created);
    change(next);
    next.name = `${created.name} renombrado`;
    const res = await call('PUT', `/questionnariesV2/update/${created.id}`, next, operations);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toEqual({ message, errors });
    expect(await stored(created.id)).toEqual(before);
    expect(before).toMatchObject({ versions: [1], lastVersion: 1 });
  });

  it('accepts new dimensions and sub-dimensions, new weightings, removals and any change to the questions', async () => {
    const created = await ok<QuestionnaireVersion>('POST', '/questionnariesV2', withPenalties());
    const next = reopened(created);
    const [attention] = next.dimensions;
    attention.weighting = 70;
    const [close, open] = attention.subDimensions[0].questions;
    attention.subDimensions[0].weighting = 40;
    attention.subDimensions[0].questions = [{ ...withType(close, 'accumulative'), name: '¿Qué ofrecieron al entrar?', weighting: 100 }, { ...open, visibleToUser: false }];
    attention.subDimensions.push({ _id: 's-nueva', name: 'Despedida', weighting: 60, type: 'NORMAL', questions: onlyQuestion('¿Lo despidieron?') });
    next.dimensions.splice(1, 1, { _id: 'd-nueva', name: 'Limpieza', weighting: 30, type: 'NORMAL', subDimensions: [{ _id: 's-limpieza', name: 'Baños y salón', weighting: 100, type: 'NORMAL', questions: onlyQuestion('¿Estaban limpios?') }] });
    const v2 = await ok<QuestionnaireVersion>('PUT', `/questionnariesV2/update/${created.id}`, next, operations);
    expect(v2.version).toBe(2);
    expect(v2.dimensions.map((d) => [d._id, d.name, d.weighting, d.subDimensions.map((s) => s.name)])).toEqual([
      [created.dimensions[0]._id, 'Atención', 70, ['Saludo y trato', 'Despedida']],
      ['d-nueva', 'Limpieza', 30, ['Baños y salón']],
    ]);
    expect(v2.dimensions[0].subDimensions[0].questions.map((q) => [q.name, q.type, q.weighting])).toEqual([
      ['¿Qué ofrecieron al entrar?', 'accumulative', 100],
      ['¿Cómo fue la atención?', 'open', -1],
    ]);
    expect(await stored(created.id)).toMatchObject({ versions: [1, 2], lastVersion: 2 });
  });

  it('compares with the last version that was not removed', async () => {
    const created = await ok<QuestionnaireVersion>('POST', '/questionnariesV2', draft('Quitada y vuelta'));
    const next = reopened(created);
    next.dimensions[0].name = 'Servicio';
    expect((await call('PUT', `/questionnariesV2/update/${created.id}`, next)).statusCode).toBe(400);
    // A version whose dimension is new (another id) may name it as it wants; the next one keeps it.
    next.dimensions[0]._id = 'd-servicio';
    const v2 = await ok<QuestionnaireVersion>('PUT', `/questionnariesV2/update/${created.id}`, next);
    expect(v2.dimensions[0].name).toBe('Servicio');
    expect((await call('PUT', `/questionnariesV2/update/${created.id}`, reopened(created))).statusCode).toBe(200);
    await ok('DELETE', `/questionnariesV2/delete/${created.id}`);
    await ok('DELETE', `/questionnariesV2/delete/${created.id}`);
    const back = await ok<QuestionnaireVersion>('GET', `/questionnariesV2/get/${created.id}`);
    expect([back.version, back.dimensions[0].name]).toEqual([1, 'Atención']);
    const renamed = reopened(back);
    renamed.dimensions[0].name = 'Servicio';
    const res = await call('PUT', `/questionnariesV2/update/${created.id}`, renamed);
    expect([res.statusCode, res.json().errors]).toEqual([400, { 'dimensions.0.name': LOCKED_TEXT }]);
  });
});

describe('roles (ACCESS.questionnaires: read staff, write editors)', () => {
  it('lets staff read and only editors write', async () => {
    const agent = await tokenFor(ROLE.AGENT);
    expect((await call('GET', '/questionnariesV2', undefined, agent)).statusCode).toBe(200);
    const cafe = await byName('Visita a cafetería');
    expect((await call('GET', `/questionnariesV2/get/${cafe.id}`, undefined, agent)).statusCode).toBe(200);
    for (const [method, url] of [
      ['POST', '/questionnariesV2'],
      ['PUT', `/questionnariesV2/update/${cafe.id}`],
      ['DELETE', `/questionnariesV2/delete/${cafe.id}`],
    ] as const) {
      const res = await call(method, url, method === 'DELETE' ? undefined : draft(), agent);
      expect([res.statusCode, res.json()], `${method} ${url}`).toEqual([403, { message: AUTH_TEXT.forbidden }]);
    }
    for (const role of [ROLE.CLIENT, ROLE.FRANCHISE, ROLE.GETTER, null]) {
      expect((await call('GET', '/questionnariesV2', undefined, await tokenFor(role))).statusCode, String(role)).toBe(403);
    }
    expect((await t.app.inject({ method: 'GET', url: '/api/questionnariesV2' })).statusCode).toBe(401);
    expect((await byName('Visita a cafetería')).lastVersion).toBe(3);
  });
});

describe.runIf(inject('postgresServer') !== null)('on PostgreSQL, a project created with the questionnaire while its only version is removed', () => {
  // PGlite has one connection, so no other transaction can hold a row: this one runs on PostgreSQL.
  const postgres = adminOnPostgres();

  it('is waited for, then counted: the removal is refused and the project keeps a questionnaire with its version', async () => {
    const { pg, token } = postgres;
    const created = (await pg.app.inject({ method: 'POST', url: '/api/questionnariesV2', headers: pg.authHeader(token), payload: draft('Elegido a la vez') })).json() as QuestionnaireVersion;
    const [campaign] = await pg.db.select({ id: campaigns.id, clientId: campaigns.clientId }).from(campaigns).where(isNull(campaigns.deletedAt)).limit(1);
    const [move] = await pg.db.select({ id: moveConfigurations.id }).from(moveConfigurations).where(eq(moveConfigurations.status, true)).limit(1);
    const [guideline] = await pg.db.select({ id: guidelines.id }).from(guidelines).where(isNull(guidelines.deletedAt)).limit(1);
    // Another transaction checks the project's references (as POST /projects does) and has not written it yet.
    let commit!: () => void;
    const held = new Promise<void>((resolve) => (commit = resolve));
    let checked!: () => void;
    const referencesChecked = new Promise<void>((resolve) => (checked = resolve));
    const other = pg.db.transaction(async (tx) => {
      await checkReferences(tx, { clientId: campaign.clientId!, campaignId: campaign.id, moveConfigurationId: move.id, questionnaireId: created.id, guidelineId: guideline.id });
      checked();
      await held;
      await tx.insert(projects).values({ name: 'Proyecto concurrente', clientId: campaign.clientId, campaignId: campaign.id, questionnaireId: created.id });
    });
    await referencesChecked;
    const ours = pg.app.inject({ method: 'DELETE', url: `/api/questionnariesV2/delete/${created.id}`, headers: pg.authHeader(token) });
    // The removal must wait on the questionnaire's row until the project is written.
    await untilSomeoneWaitsOnALock(pg.db, async () => {
      commit();
      await other.catch(() => undefined);
      return new Error(`The removal never waited for the project being created: it answered ${(await ours).statusCode}`);
    });
    commit();
    await other;
    const res = await ours;
    expect([res.statusCode, res.json().message]).toEqual([409, QUESTIONNAIRE_ERRORS.inUse]);
    const [row] = await pg.db.select({ removedAt: questionnaires.removedAt, lastVersion: questionnaires.lastVersion }).from(questionnaires).where(eq(questionnaires.id, created.id));
    expect(row).toEqual({ removedAt: null, lastVersion: 1 });
  });
});
