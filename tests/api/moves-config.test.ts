/** Move configurations through the API: the whole list, the form's rules, the lock of linked ones. */
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTH_TEXT } from '../../domain/auth';
import { MOVE_CONFIG_TEXT, moveConfigAnswer, moveConfigListAnswer, type MoveConfigInfo, type MoveConfiguration, type MoveConfigurationRow } from '../../domain/movesConfig';
import { moveConfigurations } from '../../server/db/schema';
import { createTestApp, type TestApp } from './helpers';

let t: TestApp;
let admin: string;
let operations: string;

beforeAll(async () => {
  t = await createTestApp();
  admin = (await t.login('admin@campo.test')).token;
  operations = (await t.login('operaciones@campo.test')).token;
});
afterAll(() => t?.close());

const get = (url: string, token = admin) => t.app.inject({ method: 'GET', url, headers: t.authHeader(token) });
const send = (method: 'POST' | 'PUT', url: string, payload: unknown, token = admin) => t.app.inject({ method, url, payload: payload as never, headers: t.authHeader(token) });
const all = async () => (await get('/api/moves')).json() as { rows: MoveConfigurationRow[]; count: number };

const config = (overrides: Record<string, unknown> = {}) => ({
  name: 'Degustación',
  points: '120',
  minutesDuration: 25,
  consumptionPayment: true,
  needsVideoRecording: false,
  needsAudioRecording: true,
  needsCheckList: true,
  status: true,
  moveTypes: [1, 3],
  category: [1],
  ...overrides,
});

describe('the list and its supporting lists', () => {
  it('answers every configuration with how many projects use it, and one configuration with those projects by name', async () => {
    const list = await all();
    expect(list.count).toBe(list.rows.length);
    expect(list.rows.length).toBeGreaterThanOrEqual(2);
    const [{ byConfig }] = (
      (await t.db.execute(sql`select coalesce(json_object_agg(move_configuration_id, n), '{}') as "byConfig" from (select move_configuration_id, count(*)::int as n from projects where move_configuration_id is not null group by 1) s`)) as unknown as {
        rows: { byConfig: Record<string, number> }[];
      }
    ).rows;
    expect(Object.fromEntries(list.rows.map((c) => [String(c.id), c.projectsCount]))).toEqual(Object.fromEntries(list.rows.map((c) => [String(c.id), byConfig[c.id] ?? 0])));
    expect(list.rows.every((c) => !('projects' in c))).toBe(true);
    const linked = list.rows.find((c) => c.projectsCount > 0)!;
    const one = (await get(`/api/moves/get/${linked.id}`)).json() as MoveConfiguration;
    expect(one.projects).toHaveLength(linked.projectsCount);
    expect(list.rows.every((c) => /^MC-\d{4}$/.test(c.code))).toBe(true);
  });

  it('answers the move types and categories', async () => {
    const info = (await get('/api/moves/get/info-for-move-configuration')).json();
    expect(info.moveTypes.map((m: { name: string }) => m.name)).toEqual(expect.arrayContaining(['Visita', 'Llamado', 'Compra', 'Entrevista']));
    expect(info.categories[0]).toEqual({ id: 1, name: 'Con precio' });
  });
});

describe('creating and editing', () => {
  let id: number;

  it('creates one, points and minutes taken as numbers', async () => {
    const res = await send('POST', '/api/moves/post/new-move', config(), operations);
    expect(res.statusCode, res.body).toBe(201);
    id = res.json().id;
    expect(res.json()).toMatchObject({ name: 'Degustación', points: 120, minutesDuration: 25, moveTypes: [1, 3], category: [1], projectsCount: 0 });
    expect((await get(`/api/moves/get/${id}`)).json().name).toBe('Degustación');
  });

  it('refuses a name another configuration has, capitals and outer spaces aside, and keeps its own', async () => {
    const before = (await all()).count;
    const twin = await send('POST', '/api/moves/post/new-move', config({ name: '  degustación ' }), operations);
    expect(twin.statusCode).toBe(409);
    expect(twin.json()).toEqual({ message: MOVE_CONFIG_TEXT.duplicate, errors: { name: MOVE_CONFIG_TEXT.duplicate } });
    expect((await all()).count).toBe(before);
    const other = await send('POST', '/api/moves/post/new-move', config({ name: 'Degustación nocturna' }), operations);
    expect(other.statusCode).toBe(201);
    expect((await send('PUT', `/api/moves/put/${other.json().id}`, config({ name: 'DEGUSTACIÓN' }), operations)).statusCode).toBe(409);
    expect((await send('PUT', `/api/moves/put/${id}`, config(), operations)).statusCode).toBe(200);
  });

  it('requires the name, and numeric points and minutes', async () => {
    const res = await send('POST', '/api/moves/post/new-move', config({ name: ' ', points: '', minutesDuration: 'diez' }));
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toMatchObject({ name: MOVE_CONFIG_TEXT.required, points: MOVE_CONFIG_TEXT.required, minutesDuration: MOVE_CONFIG_TEXT.number });
    const unknown = await send('POST', '/api/moves/post/new-move', config({ moveTypes: [999], category: [888] }));
    expect(unknown.json().errors).toEqual({ moveTypes: MOVE_CONFIG_TEXT.unknownType, category: MOVE_CONFIG_TEXT.unknownCategory });
    // A type or category is a number or its digits: true and [1] were read as 1.
    const coerced = await send('POST', '/api/moves/post/new-move', config({ moveTypes: [true], category: [[1]] }));
    expect(coerced.statusCode).toBe(400);
    expect(coerced.json().errors).toEqual({ 'moveTypes.0': 'Identificador inválido', 'category.0': 'Identificador inválido' });
  });

  it('changes every field of a configuration without projects', async () => {
    const res = await send('PUT', `/api/moves/put/${id}`, config({ points: 90, minutesDuration: '15.5', moveTypes: [2], category: [2, 1] }));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ points: 90, minutesDuration: 15.5, moveTypes: [2], category: [2, 1] });
    // The documented answers (OpenAPI) admit the decimals the form accepts.
    expect(moveConfigAnswer.safeParse(res.json()).error).toBeUndefined();
    expect(moveConfigListAnswer.safeParse(await all()).error).toBeUndefined();
    expect((await send('PUT', '/api/moves/put/999999', config())).statusCode).toBe(404);
  });
});

describe('a configuration linked to projects', () => {
  const linked = async () => (await all()).rows.find((c) => c.projectsCount > 0)!;
  const asBody = (c: MoveConfigurationRow) => {
    const { id: _id, code: _code, projectsCount: _n, ...body } = c;
    return body;
  };

  it('changes its name and status', async () => {
    const current = await linked();
    const res = await send('PUT', `/api/moves/put/${current.id}`, { ...asBody(current), name: 'Visita estándar 2026', status: false });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ name: 'Visita estándar 2026', status: false, points: current.points });
  });

  it('reorders its move types (the same set), and refuses adding one', async () => {
    const current = (await all()).rows.find((c) => c.projectsCount > 0 && c.moveTypes.length > 1)!;
    expect(current, 'the demo links a configuration of two move types').toBeDefined();
    const reordered = [...current.moveTypes].reverse();
    const res = await send('PUT', `/api/moves/put/${current.id}`, { ...asBody(current), moveTypes: reordered });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ moveTypes: reordered });
    const another = ((await get('/api/moves/get/info-for-move-configuration')).json() as MoveConfigInfo).moveTypes.find((type) => !reordered.includes(type.id))!;
    const added = await send('PUT', `/api/moves/put/${current.id}`, { ...asBody(res.json()), moveTypes: [...reordered, another.id] });
    expect(added.statusCode).toBe(400);
    expect(added.json().errors).toEqual({ moveTypes: MOVE_CONFIG_TEXT.linked });
  });

  it('refuses any other change and keeps the row', async () => {
    const current = await linked();
    const res = await send('PUT', `/api/moves/put/${current.id}`, { ...asBody(current), points: current.points + 1, needsVideoRecording: !current.needsVideoRecording });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: MOVE_CONFIG_TEXT.linked, errors: { points: MOVE_CONFIG_TEXT.linked, needsVideoRecording: MOVE_CONFIG_TEXT.linked } });
    const [row] = await t.db.select().from(moveConfigurations).where(eq(moveConfigurations.id, current.id));
    expect(row.points).toBe(current.points);
  });
});

describe('roles', () => {
  it.each(['cliente@campo.test', 'franquicia@campo.test', 'plataforma@campo.test'])('%s gets 403', async (email) => {
    const token = (await t.login(email)).token;
    for (const res of [await get('/api/moves', token), await send('POST', '/api/moves/post/new-move', config(), token), await send('PUT', '/api/moves/put/1', config(), token)]) {
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBe(AUTH_TEXT.forbidden);
    }
  });
});
