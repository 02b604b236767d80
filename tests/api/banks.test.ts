/** The declarative banks' API: guidelines (with versions), tag groups, motives and characteristics. */
import { asc, eq } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTH_TEXT } from '../../domain/auth';
import { CHARACTERISTIC_TEXT } from '../../domain/characteristics';
import { GUIDELINE_TEXT, guidelineSchema } from '../../domain/guidelines';
import { MOTIVE_TEXT } from '../../domain/motives';
import { PICKER_IDS_CAP, PICKER_TEXT } from '../../domain/pickers';
import { VIDEO_MESSAGE } from '../../domain/richText';
import { TAG_TEXT } from '../../domain/tags';
import { MSG } from '../../domain/validation';
import { auditLog, characteristics, guidelines, motives, tagGroups } from '../../server/db/schema';
import { createTestApp, type TestApp } from './helpers';

const INVALID = 'Revise los datos ingresados.';

let t: TestApp;
let admin: string;
let operations: string;
let client: string;
let platform: string;

beforeAll(async () => {
  t = await createTestApp();
  admin = (await t.login('admin@campo.test')).token;
  operations = (await t.login('operaciones@campo.test')).token;
  client = (await t.login('cliente@campo.test')).token;
  platform = (await t.login('plataforma@campo.test')).token;
});
afterAll(() => t?.close());

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const call = (method: Method, url: string, payload?: unknown, token = admin) =>
  t.app.inject({ method, url, headers: t.authHeader(token), ...(payload === undefined ? {} : { payload: payload as never }) });
const ok = async <T = any>(method: Method, url: string, payload?: unknown, token = admin): Promise<T> => {
  const res = await call(method, url, payload, token);
  expect(res.statusCode, `${method} ${url} → ${res.body}`).toBeLessThan(300);
  return res.json() as T;
};

/** Everything the banks hold, and the audit trail: what a refused request must leave untouched. */
const snapshot = async () => ({
  guidelines: await t.db.select().from(guidelines).orderBy(asc(guidelines.id)),
  tags: await t.db.select().from(tagGroups).orderBy(asc(tagGroups.id)),
  motives: await t.db.select().from(motives).orderBy(asc(motives.id)),
  characteristics: await t.db.select().from(characteristics).orderBy(asc(characteristics.id)),
  audit: (await t.db.select().from(auditLog)).length,
});

/** A paragraph of real-looking text with at least `n` visible characters. */
const text = (n: number, lead = 'Instrucción') => {
  let body = `${lead}:`;
  while (body.length < n) body += ' revise el local, salude al personal y registre lo que observa';
  return `<p>${body.slice(0, n)}</p>`;
};

const newGuideline = (overrides: Record<string, unknown> = {}) => ({
  name: 'Atención en farmacia',
  generalities: text(130, 'General'),
  generalitiesVideo: 'https://youtu.be/M7lc1UVf-VE',
  generalitiesImg: 'https://cdn.campo.test/farmacia.jpg',
  beforeWork: text(140, 'Antes'),
  beforeWorkVideo: '',
  beforeWorkImg: '',
  duringWork: text(150, 'Durante'),
  duringWorkVideo: null,
  duringWorkImg: null,
  afterWork: text(160, 'Después'),
  afterWorkVideo: 'ScMzIvxBSi4',
  afterWorkImg: null,
  ...overrides,
});

/** Every role the guard refuses on the banks: a client user and the platform user with no role. */
const outsiders = () => [
  ['cliente@campo.test', client],
  ['plataforma@campo.test (sin rol)', platform],
];

async function expectForbidden(method: Method, url: string, payload?: unknown) {
  const before = await snapshot();
  for (const [who, token] of outsiders()) {
    const res = await call(method, url, payload, token);
    expect(res.statusCode, `${who} ${method} ${url}`).toBe(403);
    expect(res.json()).toEqual({ message: AUTH_TEXT.forbidden });
  }
  const anonymous = await t.app.inject({ method, url, ...(payload === undefined ? {} : { payload: payload as never }) });
  expect(anonymous.statusCode).toBe(401);
  expect(await snapshot()).toEqual(before);
}

describe('guidelines', () => {
  it('lists every version with its validity, paged and sorted in SQL', async () => {
    const all = await ok<{ rows: any[]; count: number }>('GET', '/api/guidelines?limit=100');
    // Seeded: 2 + 1 + 3 + 1 versions.
    expect(all.count).toBe(7);
    expect(all.rows[0]).toEqual({
      id: expect.any(Number),
      sequenceId: expect.any(Number),
      version: expect.any(Number),
      name: 'Apertura de cuenta en sucursal bancaria',
      createdAt: expect.any(String),
      deletedAt: null,
      editable: true,
    });
    expect(all.rows.map((g) => g.name)).toEqual([...all.rows.map((g) => g.name)].sort((a, b) => a.localeCompare(b)));
    const cars = all.rows.filter((g) => g.name === 'Prueba de manejo en concesionaria');
    expect(cars.map((g) => [g.version, g.editable])).toEqual([
      [1, false],
      [2, false],
      [3, true],
    ]);
    expect(new Set(cars.map((g) => g.sequenceId)).size).toBe(1);
    // Each ended version ends when the next one starts.
    expect(cars[0].deletedAt).toBe(cars[1].createdAt);

    const page = await ok<{ rows: any[]; count: number }>('GET', '/api/guidelines?offset=2&limit=2&sort=version&order=DESC');
    expect(page.count).toBe(7);
    expect(page.rows.map((g) => g.version)).toEqual([2, 1]);
    expect((await ok('GET', '/api/guidelines?current=true')).count).toBe(3);
    expect((await ok('GET', '/api/guidelines?current=false')).count).toBe(4);
    expect((await ok('GET', '/api/guidelines?q=MANEJO')).count).toBe(3);
    expect((await ok('GET', '/api/guidelines?q=%25')).count).toBe(0);

    const badSort = await call('GET', '/api/guidelines?sort=generalities');
    expect(badSort.statusCode).toBe(400);
    expect(badSort.json()).toEqual({ message: 'No se puede ordenar por "generalities".' });
  });

  it('searches the current versions by name, ignoring case and LIKE wildcards', async () => {
    const found = await ok<{ rows: any[]; count: number }>('GET', '/api/guidelines/search?searchValue=CONCESIONARIA');
    expect(found.rows.map((g) => [g.name, g.version])).toEqual([['Prueba de manejo en concesionaria', 3]]);
    expect((await ok('GET', '/api/guidelines/search?searchValue=góndolas')).count).toBe(0);
    expect((await ok('GET', '/api/guidelines/search?searchValue=_')).count).toBe(0);
    expect((await ok('GET', '/api/guidelines/search')).count).toBe(3);
  });

  it("answers the project form's picker: current versions by name, the versions it holds by id (current or not), one guideline's versions", async () => {
    const current = await ok<{ rows: any[]; count: number }>('GET', '/api/guidelines?current=true&q=CONCESIONARIA&limit=51&sort=name');
    expect(current.rows.map((g) => [g.name, g.version])).toEqual([['Prueba de manejo en concesionaria', 3]]);
    const cars = (await ok<{ rows: any[] }>('GET', '/api/guidelines?q=concesionaria&sort=version')).rows;
    const held = await ok<{ rows: any[]; count: number }>('GET', `/api/guidelines?ids=${cars[0].id},${cars[2].id},2147483647&sort=version`);
    expect(held.rows.map((g) => [g.version, g.editable])).toEqual([
      [1, false],
      [3, true],
    ]);
    expect(held.count).toBe(2);
    const ofSequence = await ok<{ rows: any[] }>('GET', `/api/guidelines?sequenceId=${cars[0].sequenceId}&current=true`);
    expect(ofSequence.rows.map((g) => g.id)).toEqual([cars[2].id]);
    for (const query of ['ids=abc', 'ids=0', 'ids=1,,2']) {
      const res = await call('GET', `/api/guidelines?${query}`);
      expect(res.statusCode, query).toBe(400);
      expect(res.json(), query).toEqual({ message: `${PICKER_TEXT.ids}.`, errors: { ids: PICKER_TEXT.ids } });
    }
    const tooMany = Array.from({ length: PICKER_IDS_CAP + 1 }, (_, i) => i + 1).join(',');
    expect((await call('GET', `/api/guidelines?ids=${tooMany}`)).json().errors).toEqual({ ids: PICKER_TEXT.tooManyIds });
    for (const query of ['sequenceId=abc', 'sequenceId=0', 'sequenceId=99999999999']) {
      const res = await call('GET', `/api/guidelines?${query}`);
      expect(res.statusCode, query).toBe(400);
      expect(res.json().errors, query).toEqual({ sequenceId: 'Identificador inválido' });
    }
  });

  it('shows one version with its texts, which meet the rules, and answers 404 in Spanish', async () => {
    const { rows } = await ok<{ rows: any[] }>('GET', '/api/guidelines?limit=100');
    for (const row of rows) {
      const guideline = await ok('GET', `/api/guidelines/${row.id}`);
      expect(guidelineSchema.safeParse(guideline).success, guideline.name).toBe(true);
    }
    const missing = await call('GET', '/api/guidelines/999999');
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ message: GUIDELINE_TEXT.notFound });
    expect((await call('GET', '/api/guidelines/abc')).json().errors).toEqual({ id: 'Identificador inválido' });
  });

  it('creates version 1, current, and records who did it', async () => {
    const res = await call('POST', '/api/guidelines', newGuideline(), operations);
    expect(res.statusCode).toBe(201);
    const created = res.json();
    expect(created).toMatchObject({ name: 'Atención en farmacia', version: 1, sequenceId: created.id, deletedAt: null, editable: true });
    expect(created.generalitiesVideo).toBe('https://youtu.be/M7lc1UVf-VE');
    expect(created.beforeWorkVideo).toBeNull();
    const [row] = await t.db.select().from(guidelines).where(eq(guidelines.id, created.id));
    expect(row.generalities).toBe(text(130, 'General'));
    const [entry] = await t.db.select().from(auditLog).where(eq(auditLog.entityId, String(created.id)));
    expect(entry).toMatchObject({ entity: 'guideline', action: 'create', userId: (await t.login('operaciones@campo.test')).id });
  });

  it('stores the texts sanitised: no script, handler or javascript link survives a save', async () => {
    const hostile =
      '<p onclick="steal()">Texto con <strong>formato</strong> y un <a href="javascript:alert(1)">enlace malo</a> y uno <a href="https://campo.test">bueno</a>.</p>' +
      '<script>alert("xss")</script><img src=x onerror="alert(2)"><iframe src="https://evil.example"></iframe>' +
      text(130);
    const created = await ok('POST', '/api/guidelines', newGuideline({ name: 'Instructivo con script', generalities: hostile }));
    const stored = (await ok('GET', `/api/guidelines/${created.id}`)).generalities as string;
    for (const bad of ['<script', 'alert', 'onclick', 'onerror', 'javascript:', '<img', '<iframe']) expect(stored).not.toContain(bad);
    expect(stored).toContain('<strong>formato</strong>');
    expect(stored).toContain('<a href="https://campo.test" target="_blank" rel="noopener noreferrer">bueno</a>');
    expect(stored).toContain('<a target="_blank" rel="noopener noreferrer">enlace malo</a>');
  });

  it('measures the 120 characters after sanitising: a text long only thanks to what is removed is refused', async () => {
    const before = await snapshot();
    const padded = `<p>${'a'.repeat(20)}</p><textarea>${'b'.repeat(200)}</textarea><select><option>${'c'.repeat(200)}</option></select>`;
    const res = await call('POST', '/api/guidelines', newGuideline({ duringWork: padded }));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: INVALID, errors: { duringWork: MSG.minLength120 } });
    expect(await snapshot()).toEqual(before);
  });

  it('refuses missing or short texts, a bad video or image link, naming each field in Spanish, and writes nothing', async () => {
    const before = await snapshot();
    const res = await call(
      'POST',
      '/api/guidelines',
      newGuideline({ name: ' ', generalities: '<p></p>', beforeWork: text(119), duringWork: undefined, afterWorkVideo: 'https://vimeo.com/1', beforeWorkImg: 'imagen' }),
    );
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      message: INVALID,
      errors: {
        name: 'Requerido',
        generalities: 'Requerido',
        beforeWork: 'Debe ingresar 120 caracteres o más',
        duringWork: 'Requerido',
        afterWorkVideo: VIDEO_MESSAGE,
        beforeWorkImg: MSG.url,
      },
    });
    expect(await snapshot()).toEqual(before);
  });

  it('refuses a second current guideline of the same name (any case, spaces around), keeping its own on edit', async () => {
    const first = await ok('POST', '/api/guidelines', newGuideline({ name: 'Auditoría de góndola en almacén' }));
    const before = await snapshot();
    const twin = await call('POST', '/api/guidelines', newGuideline({ name: '  auditoría DE GÓNDOLA en almacén ' }));
    expect(twin.statusCode).toBe(409);
    expect(twin.json()).toEqual({ message: GUIDELINE_TEXT.duplicate, errors: { name: GUIDELINE_TEXT.duplicate } });
    expect(await snapshot()).toEqual(before);
    // Its own next version keeps the name; another guideline cannot take it on edit either.
    const next = await ok('PUT', '/api/guidelines', { ...newGuideline({ name: 'Auditoría de góndola en almacén' }), id: first.id });
    const other = await ok('POST', '/api/guidelines', newGuideline({ name: 'Otro instructivo de cafetería' }));
    const renamed = await call('PUT', '/api/guidelines', { ...newGuideline({ name: 'AUDITORÍA de góndola en almacén' }), id: other.id });
    expect(renamed.statusCode).toBe(409);
    expect((await ok('GET', `/api/guidelines/${other.id}`)).editable).toBe(true);
    // Once it is no longer current, the name is free.
    expect((await call('DELETE', `/api/guidelines/${next.id}`)).statusCode).toBe(200);
    expect((await call('POST', '/api/guidelines', newGuideline({ name: 'Auditoría de góndola en almacén' }))).statusCode).toBe(201);
  });

  it('editing makes a new version and ends the validity of the old one, in one step', async () => {
    const first = await ok('POST', '/api/guidelines', newGuideline({ name: 'Retiro en sucursal' }));
    const edited = await ok('PUT', '/api/guidelines', { ...newGuideline({ name: 'Retiro en sucursal (2026)' }), id: first.id }, operations);
    expect(edited.id).not.toBe(first.id);
    expect(edited).toMatchObject({ sequenceId: first.id, version: 2, name: 'Retiro en sucursal (2026)', deletedAt: null, editable: true });

    const old = await ok('GET', `/api/guidelines/${first.id}`);
    expect(old).toMatchObject({ name: 'Retiro en sucursal', version: 1, editable: false });
    expect(old.deletedAt).toBe(edited.createdAt);

    const third = await ok('PUT', '/api/guidelines', { ...newGuideline({ name: 'Retiro en sucursal (2026)' }), id: edited.id });
    expect(third).toMatchObject({ sequenceId: first.id, version: 3 });
    const versions = await t.db.select().from(guidelines).where(eq(guidelines.sequenceId, first.id)).orderBy(asc(guidelines.version));
    expect(versions.map((v) => [v.version, v.deletedAt === null])).toEqual([
      [1, false],
      [2, false],
      [3, true],
    ]);
  });

  it('refuses to edit a version that is no longer current (409) or does not exist (404), writing nothing', async () => {
    const { rows } = await ok<{ rows: any[] }>('GET', '/api/guidelines?current=false&q=concesionaria');
    const before = await snapshot();
    const stale = await call('PUT', '/api/guidelines', { ...newGuideline(), id: rows[0].id });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toEqual({ message: GUIDELINE_TEXT.notCurrent });
    const missing = await call('PUT', '/api/guidelines', { ...newGuideline(), id: 999999 });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ message: GUIDELINE_TEXT.notFound });
    const invalid = await call('PUT', '/api/guidelines', { ...newGuideline({ afterWork: 'corto' }), id: rows[0].id });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().errors).toEqual({ afterWork: MSG.minLength120 });
    expect(await snapshot()).toEqual(before);
  });

  it('DELETE ends the validity of the current version; ending it twice is a 409', async () => {
    const created = await ok('POST', '/api/guidelines', newGuideline({ name: 'Instructivo a finalizar' }));
    const ended = await ok('DELETE', `/api/guidelines/${created.id}`, undefined, operations);
    expect(ended).toMatchObject({ id: created.id, editable: false, deletedAt: expect.any(String) });
    expect((await ok('GET', '/api/guidelines/search?searchValue=a finalizar')).count).toBe(0);
    const again = await call('DELETE', `/api/guidelines/${created.id}`);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ message: GUIDELINE_TEXT.alreadyEnded });
    expect((await call('DELETE', '/api/guidelines/999999')).statusCode).toBe(404);
  });

  it('admits staff to read and editors to write; client and role-less users get 403 everywhere', async () => {
    const [{ id }] = await t.db.select({ id: guidelines.id }).from(guidelines).limit(1);
    await expectForbidden('GET', '/api/guidelines');
    await expectForbidden('GET', '/api/guidelines/search?searchValue=a');
    await expectForbidden('GET', `/api/guidelines/${id}`);
    await expectForbidden('POST', '/api/guidelines', newGuideline());
    await expectForbidden('PUT', '/api/guidelines', { ...newGuideline(), id });
    await expectForbidden('DELETE', `/api/guidelines/${id}`);
    expect((await call('GET', '/api/guidelines', undefined, operations)).statusCode).toBe(200);
  });
});

describe('tag groups', () => {
  const group = (overrides: Record<string, unknown> = {}) => ({
    groupName: 'Tamaño del local',
    keysValues: [
      { key: 'S', value: 'Chico' },
      { key: 'M', value: 'Mediano' },
    ],
    active: true,
    ...overrides,
  });

  it('lists groups with their pairs, filters by active and name, sorts in SQL', async () => {
    const all = await ok<{ rows: any[]; count: number }>('GET', '/api/tags');
    expect(all.count).toBe(4);
    expect(all.rows.map((g) => g.groupName)).toEqual(['Canal de venta (histórico)', 'Formato de local', 'Horario de atención', 'Zona comercial']);
    expect(all.rows[3]).toMatchObject({ active: true, keysValues: expect.arrayContaining([{ key: 'CUY', value: 'Cuyo' }]), createdAt: expect.any(String) });
    const active = await ok<{ rows: any[]; count: number }>('GET', '/api/tags?active=true');
    expect(active.count).toBe(3);
    expect(active.rows.every((g) => g.active)).toBe(true);
    expect((await ok('GET', '/api/tags?active=false')).rows.map((g: any) => g.groupName)).toEqual(['Canal de venta (histórico)']);
    expect((await ok('GET', '/api/tags?q=LOCAL')).count).toBe(1);
    expect((await ok('GET', '/api/tags?sort=groupName&order=DESC&limit=1')).rows[0].groupName).toBe('Zona comercial');
    expect((await call('GET', '/api/tags?sort=keysValues')).statusCode).toBe(400);
  });

  it('creates a group and shows it by id', async () => {
    const created = await ok('POST', '/api/tags', group(), operations);
    expect(created).toMatchObject({ id: expect.any(Number), ...group() });
    expect(await ok('GET', `/api/tags/${created.id}`)).toEqual(created);
    expect((await call('GET', '/api/tags/999999')).json()).toEqual({ message: TAG_TEXT.notFound });
  });

  it("refuses a pair without key or value: 'Clave es requerida', 'Valor es requerido'; writes nothing", async () => {
    const before = await snapshot();
    const res = await call('POST', '/api/tags', group({ groupName: '', keysValues: [{ key: '', value: 'x' }, { key: 'y', value: '' }] }));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      message: INVALID,
      errors: { groupName: 'Requerido', 'keysValues.0.key': 'Clave es requerida', 'keysValues.1.value': 'Valor es requerido' },
    });
    const empty = await call('POST', '/api/tags', group({ keysValues: [] }));
    expect(empty.json().errors).toEqual({ keysValues: TAG_TEXT.atLeastOne });
    const repeated = await call('POST', '/api/tags', group({ keysValues: [{ key: 'A', value: '1' }, { key: 'a', value: '2' }] }));
    expect(repeated.json().errors).toEqual({ 'keysValues.1.key': TAG_TEXT.duplicateKey });
    expect(await snapshot()).toEqual(before);
  });

  it('refuses a second group with the same name in any case (409), on create and on rename', async () => {
    const before = await snapshot();
    const res = await call('POST', '/api/tags', group({ groupName: 'zona COMERCIAL' }));
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ message: TAG_TEXT.duplicateGroup, errors: { groupName: TAG_TEXT.duplicateGroup } });
    const [format] = await t.db.select().from(tagGroups).where(eq(tagGroups.groupName, 'Formato de local'));
    const rename = await call('PUT', '/api/tags', { ...group({ groupName: 'Zona Comercial' }), id: format.id });
    expect(rename.statusCode).toBe(409);
    expect(await snapshot()).toEqual(before);
  });

  it('edits a group (its own name may stay) and answers 404 for an unknown one', async () => {
    const created = await ok('POST', '/api/tags', group({ groupName: 'Accesibilidad' }));
    const edited = await ok('PUT', '/api/tags', { id: created.id, groupName: 'Accesibilidad', keysValues: [{ key: 'RAMPA', value: 'Con rampa' }], active: true });
    expect(edited.keysValues).toEqual([{ key: 'RAMPA', value: 'Con rampa' }]);
    const missing = await call('PUT', '/api/tags', { ...group({ groupName: 'Nuevo nombre' }), id: 999999 });
    expect(missing.statusCode).toBe(404);
  });

  it('keeps the state of a group whose edit does not send it: a deactivated one stays deactivated', async () => {
    const created = await ok('POST', '/api/tags', group({ groupName: 'Horario extendido' }));
    await ok('PUT', '/api/tags/state', { id: created.id, active: false });
    const renamed = await ok('PUT', '/api/tags', { id: created.id, groupName: 'Horario extendido (viejo)', keysValues: [{ key: 'NOCHE', value: 'Abre de noche' }] });
    expect(renamed).toMatchObject({ groupName: 'Horario extendido (viejo)', active: false });
    const [row] = await t.db.select().from(tagGroups).where(eq(tagGroups.id, created.id));
    expect(row.active).toBe(false);
    // Sent, it still changes.
    expect((await ok('PUT', '/api/tags', { id: created.id, groupName: 'Horario extendido', keysValues: [{ key: 'NOCHE', value: 'Abre de noche' }], active: true })).active).toBe(true);
  });

  it('activates and deactivates through PUT /tags/state', async () => {
    const created = await ok('POST', '/api/tags', group({ groupName: 'Temporada' }));
    expect((await ok('PUT', '/api/tags/state', { id: created.id, active: false }, operations)).active).toBe(false);
    expect((await ok<{ rows: any[] }>('GET', '/api/tags?active=true&limit=100')).rows.some((g) => g.id === created.id)).toBe(false);
    expect((await ok('PUT', '/api/tags/state', { id: created.id, active: true })).active).toBe(true);
    const actions = await t.db.select().from(auditLog).where(eq(auditLog.entityId, String(created.id)));
    expect(actions.filter((a) => a.entity === 'tag-group').map((a) => a.action)).toEqual(['create', 'deactivate', 'activate']);
    const bad = await call('PUT', '/api/tags/state', { id: created.id, active: 'no' });
    expect(bad.statusCode).toBe(400);
    expect((await call('PUT', '/api/tags/state', { id: 999999, active: true })).statusCode).toBe(404);
  });

  it('refuses clients and role-less users on reads and writes', async () => {
    const [{ id }] = await t.db.select({ id: tagGroups.id }).from(tagGroups).limit(1);
    await expectForbidden('GET', '/api/tags');
    await expectForbidden('GET', `/api/tags/${id}`);
    await expectForbidden('POST', '/api/tags', group({ groupName: 'Prohibido' }));
    await expectForbidden('PUT', '/api/tags', { ...group(), id });
    await expectForbidden('PUT', '/api/tags/state', { id, active: false });
  });
});

describe('motives', () => {
  it('lists motives by id, filters by isActive and text', async () => {
    const all = await ok<{ rows: any[]; count: number }>('GET', '/api/motives');
    expect(all.count).toBe(7);
    expect(all.rows.map((m) => m.id)).toEqual([...all.rows.map((m) => m.id)].sort((a, b) => a - b));
    expect(all.rows[0]).toEqual({
      id: expect.any(Number),
      motive: 'Video incompleto',
      description: expect.stringContaining('no registra la visita'),
      requiresUserComment: false,
      isActive: true,
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
    });
    expect((await ok('GET', '/api/motives?isActive=false')).rows.map((m: any) => m.motive)).toEqual(['Local cerrado sin aviso']);
    expect((await ok('GET', '/api/motives?isActive=true')).count).toBe(6);
    expect((await ok('GET', '/api/motives?q=evidencias')).rows.map((m: any) => m.motive)).toEqual(['Respuestas inconsistentes']);
    expect((await ok('GET', '/api/motives?sort=motive&order=DESC&limit=1')).rows[0].motive).toBe('Visita fuera de la franja horaria');
  });

  it("creates a motive; a description over 220 characters is refused with 'Máximo de 220 caracteres'", async () => {
    const before = await snapshot();
    const long = await call('POST', '/api/motives/', { motive: 'Demasiado largo', description: 'x'.repeat(221) });
    expect(long.statusCode).toBe(400);
    expect(long.json()).toEqual({ message: INVALID, errors: { description: 'Máximo de 220 caracteres' } });
    const empty = await call('POST', '/api/motives/', { motive: '', description: 'Sin nombre' });
    expect(empty.json().errors).toEqual({ motive: 'Requerido' });
    expect(await snapshot()).toEqual(before);

    const res = await call('POST', '/api/motives/', { motive: 'Producto equivocado', description: 'y'.repeat(220), requiresUserComment: true }, operations);
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ motive: 'Producto equivocado', requiresUserComment: true, isActive: true });
    expect(res.json().description).toHaveLength(220);
  });

  it('edits a motive with its id in the body; an unknown id is a 404', async () => {
    const created = await ok('POST', '/api/motives/', { motive: 'Ticket ilegible' });
    const edited = await ok('PUT', '/api/motives', { id: created.id, motive: 'Ticket ilegible o ausente', description: 'Sin ticket', requiresUserComment: true, isActive: true });
    expect(edited).toMatchObject({ id: created.id, motive: 'Ticket ilegible o ausente', description: 'Sin ticket', requiresUserComment: true });
    expect(await ok('GET', `/api/motives/${created.id}`)).toEqual(edited);
    const missing = await call('PUT', '/api/motives', { id: 999999, motive: 'x' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ message: MOTIVE_TEXT.notFound });
    expect((await call('PUT', '/api/motives', { id: created.id, motive: 'x', description: 'z'.repeat(221) })).json().errors).toEqual({
      description: MOTIVE_TEXT.descriptionMax,
    });
  });

  it('keeps what an edit does not send: a deactivated motive stays deactivated, its required comment and description stay', async () => {
    const created = await ok('POST', '/api/motives/', { motive: 'Precio no exhibido', description: 'Sin cartel de precios', requiresUserComment: true });
    await ok('PUT', '/api/motives/state', { id: created.id, isActive: false });
    const renamed = await ok('PUT', '/api/motives', { id: created.id, motive: 'Precio no exhibido en góndola' });
    expect(renamed).toMatchObject({ motive: 'Precio no exhibido en góndola', description: 'Sin cartel de precios', requiresUserComment: true, isActive: false });
    expect(await ok('GET', `/api/motives/${created.id}`)).toEqual(renamed);
    // Sent empty or null, the description is cleared; sent, the flags change.
    const cleared = await ok('PUT', '/api/motives', { id: created.id, motive: 'Precio no exhibido', description: null, requiresUserComment: false, isActive: true });
    expect(cleared).toMatchObject({ description: null, requiresUserComment: false, isActive: true });
    expect((await ok('PUT', '/api/motives', { id: created.id, motive: 'Precio no exhibido', description: 'Otra' })).description).toBe('Otra');
    expect((await ok('PUT', '/api/motives', { id: created.id, motive: 'Precio no exhibido', description: '' })).description).toBeNull();
  });

  it('refuses a motive name another motive has (capitals and spaces aside), on create and on rename, writing nothing', async () => {
    const first = await ok('POST', '/api/motives/', { motive: 'Foto borrosa' });
    const before = await t.db.select({ id: motives.id }).from(motives);
    const twin = await call('POST', '/api/motives/', { motive: '  FOTO  BORROSA ' });
    expect(twin.statusCode).toBe(409);
    expect(twin.json()).toEqual({ message: MOTIVE_TEXT.duplicate, errors: { motive: MOTIVE_TEXT.duplicate } });
    expect(await t.db.select({ id: motives.id }).from(motives)).toHaveLength(before.length);
    const second = await ok('POST', '/api/motives/', { motive: 'Foto oscura' });
    const rename = await call('PUT', '/api/motives', { id: second.id, motive: 'foto borrosa' });
    expect(rename.statusCode).toBe(409);
    expect((await ok('GET', `/api/motives/${second.id}`)).motive).toBe('Foto oscura');
    // Saving a motive under its own name is no clash.
    expect((await call('PUT', '/api/motives', { id: first.id, motive: 'Foto borrosa', description: 'Otra' })).statusCode).toBe(200);
  });

  it('switches on and off through PUT /motives/state; DELETE deactivates and keeps the row', async () => {
    const created = await ok('POST', '/api/motives/', { motive: 'Uniforme incorrecto' });
    expect((await ok('PUT', '/api/motives/state', { id: created.id, isActive: false })).isActive).toBe(false);
    expect((await ok('PUT', '/api/motives/state', { id: created.id, isActive: true })).isActive).toBe(true);
    const deleted = await ok('DELETE', `/api/motives/${created.id}`, undefined, operations);
    expect(deleted).toMatchObject({ id: created.id, isActive: false });
    const [row] = await t.db.select().from(motives).where(eq(motives.id, created.id));
    expect(row.isActive).toBe(false);
    expect((await call('DELETE', '/api/motives/999999')).statusCode).toBe(404);
  });

  it('refuses clients and role-less users on reads and writes', async () => {
    const [{ id }] = await t.db.select({ id: motives.id }).from(motives).limit(1);
    await expectForbidden('GET', '/api/motives');
    await expectForbidden('GET', `/api/motives/${id}`);
    await expectForbidden('POST', '/api/motives/', { motive: 'Prohibido' });
    await expectForbidden('PUT', '/api/motives', { id, motive: 'Prohibido' });
    await expectForbidden('PUT', '/api/motives/state', { id, isActive: false });
    await expectForbidden('DELETE', `/api/motives/${id}`);
  });
});

describe('characteristics', () => {
  it('lists by description, filters by state and sorts by Habilitada / Inhabilitada', async () => {
    const all = await ok<{ rows: any[]; count: number }>('GET', '/api/characteristics/');
    expect(all.count).toBe(7);
    expect(all.rows[0]).toEqual({ id: expect.any(Number), description: 'Acceso para personas con movilidad reducida', createdAt: expect.any(String), updatedAt: expect.any(String), deletedAt: null });
    expect((await ok('GET', '/api/characteristics/?enabled=false')).rows.map((c: any) => c.description)).toEqual(['Venta telefónica']);
    expect((await ok('GET', '/api/characteristics/?enabled=true')).count).toBe(6);
    expect((await ok('GET', '/api/characteristics/?sort=state&order=ASC&limit=1')).rows[0].description).toBe('Venta telefónica');
    expect((await ok('GET', '/api/characteristics/?q=WIFI')).count).toBe(1);
  });

  it("creates one; an empty description gets 'Requerido' and nothing is written", async () => {
    const before = await snapshot();
    const empty = await call('POST', '/api/characteristics/', { description: '   ' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toEqual({ message: INVALID, errors: { description: 'Requerido' } });
    expect(await snapshot()).toEqual(before);
    const res = await call('POST', '/api/characteristics/', { description: 'Cajero automático' }, operations);
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ id: expect.any(Number), description: 'Cajero automático', deletedAt: null });
  });

  it('refuses a description another characteristic has, enabled or not, on create and on rename', async () => {
    const first = await ok('POST', '/api/characteristics/', { description: 'Vidriera iluminada' });
    await ok('DELETE', `/api/characteristics/${first.id}`);
    const before = await snapshot();
    const twin = await call('POST', '/api/characteristics/', { description: 'vidriera\u00a0ILUMINADA ' });
    expect(twin.statusCode).toBe(409);
    expect(twin.json()).toEqual({ message: CHARACTERISTIC_TEXT.duplicate, errors: { description: CHARACTERISTIC_TEXT.duplicate } });
    expect(await snapshot()).toEqual(before);
    const second = await ok('POST', '/api/characteristics/', { description: 'Vidriera apagada' });
    expect((await call('PUT', '/api/characteristics/', { id: second.id, description: 'Vidriera iluminada' })).statusCode).toBe(409);
    expect((await ok('GET', `/api/characteristics/${second.id}`)).description).toBe('Vidriera apagada');
  });

  it('DELETE disables it (deletedAt set); PUT with deletedAt null enables it again; PUT edits the description', async () => {
    const created = await ok('POST', '/api/characteristics/', { description: 'Probador' });
    const disabled = await ok('DELETE', `/api/characteristics/${created.id}`);
    expect(disabled.deletedAt).toEqual(expect.any(String));
    // Disabling again keeps the first date.
    expect((await ok('DELETE', `/api/characteristics/${created.id}`)).deletedAt).toBe(disabled.deletedAt);
    const enabled = await ok('PUT', '/api/characteristics/', { id: created.id, deletedAt: null }, operations);
    expect(enabled).toMatchObject({ description: 'Probador', deletedAt: null });
    const edited = await ok('PUT', '/api/characteristics/', { id: created.id, description: 'Probadores' });
    expect(edited).toMatchObject({ description: 'Probadores', deletedAt: null });
    expect(await ok('GET', `/api/characteristics/${created.id}`)).toEqual(edited);
  });

  it('refuses a PUT that changes nothing, a deletedAt that is not null, and unknown ids', async () => {
    const [{ id }] = await t.db.select({ id: characteristics.id }).from(characteristics).limit(1);
    const before = await snapshot();
    const nothing = await call('PUT', '/api/characteristics/', { id });
    expect(nothing.statusCode).toBe(400);
    expect(nothing.json()).toEqual({ message: CHARACTERISTIC_TEXT.nothingToChange, errors: { _: CHARACTERISTIC_TEXT.nothingToChange } });
    const date = await call('PUT', '/api/characteristics/', { id, deletedAt: '2026-01-01' });
    expect(date.json().errors).toEqual({ deletedAt: CHARACTERISTIC_TEXT.onlyNull });
    expect((await call('PUT', '/api/characteristics/', { id: 999999, description: 'x' })).json()).toEqual({ message: CHARACTERISTIC_TEXT.notFound });
    expect((await call('DELETE', '/api/characteristics/999999')).statusCode).toBe(404);
    expect((await call('GET', '/api/characteristics/999999')).statusCode).toBe(404);
    expect(await snapshot()).toEqual(before);
  });

  it('refuses clients and role-less users on reads and writes', async () => {
    const [{ id }] = await t.db.select({ id: characteristics.id }).from(characteristics).limit(1);
    await expectForbidden('GET', '/api/characteristics/');
    await expectForbidden('GET', `/api/characteristics/${id}`);
    await expectForbidden('POST', '/api/characteristics/', { description: 'Prohibida' });
    await expectForbidden('PUT', '/api/characteristics/', { id, description: 'Prohibida' });
    await expectForbidden('PUT', '/api/characteristics/', { id, deletedAt: null });
    await expectForbidden('DELETE', `/api/characteristics/${id}`);
  });
});

describe('hostile bodies', () => {
  const nasty = fc.oneof(
    fc.string({ unit: 'binary', maxLength: 30 }),
    fc.constantFrom('', ' ', '\u0000', "'; drop table motives; --", '%', '<script>alert(1)</script>', 'x'.repeat(60_000)),
    fc.integer(),
    fc.double(),
    fc.boolean(),
    fc.constant(null),
    fc.jsonValue({ maxDepth: 2 }),
  );
  const valid: Record<string, Record<string, unknown>> = {
    '/api/guidelines': newGuideline(),
    '/api/tags': { groupName: 'Grupo aleatorio', keysValues: [{ key: 'K', value: 'V' }], active: true },
    '/api/motives/': { motive: 'Motivo aleatorio', description: 'd', requiresUserComment: false, isActive: true },
    '/api/characteristics/': { description: 'Característica aleatoria' },
  };
  const mutated = (base: Record<string, unknown>) =>
    fc
      .record({
        replace: fc.dictionary(fc.constantFrom(...Object.keys(base), 'id', 'deletedAt'), nasty, { maxKeys: 3 }),
        drop: fc.subarray(Object.keys(base), { maxLength: Math.min(2, Object.keys(base).length) }),
      })
      .map(({ replace, drop }) => {
        const body: Record<string, unknown> = { ...base, id: 1, ...replace };
        for (const key of drop) delete body[key];
        return body;
      });

  it.each([
    ['POST', '/api/guidelines', '/api/guidelines'],
    ['PUT', '/api/guidelines', '/api/guidelines'],
    ['POST', '/api/tags', '/api/tags'],
    ['PUT', '/api/tags', '/api/tags'],
    ['POST', '/api/motives/', '/api/motives/'],
    ['PUT', '/api/motives', '/api/motives/'],
    ['POST', '/api/characteristics/', '/api/characteristics/'],
    ['PUT', '/api/characteristics/', '/api/characteristics/'],
  ] as const)('%s %s never fails with a 5xx, answers in Spanish, and a refusal writes nothing', async (method, url, model) => {
    await fc.assert(
      fc.asyncProperty(fc.oneof(fc.jsonValue({ maxDepth: 3 }), mutated(valid[model])), async (body) => {
        const before = await snapshot();
        const res = await t.app.inject({ method, url, headers: { ...t.authHeader(admin), 'content-type': 'application/json' }, payload: JSON.stringify(body) });
        const label = `${method} ${url} ${JSON.stringify(body).slice(0, 200)} → ${res.statusCode} ${res.body.slice(0, 200)}`;
        expect(res.statusCode, label).toBeLessThan(500);
        if (res.statusCode >= 400) {
          expect(typeof res.json().message, label).toBe('string');
          expect(await snapshot(), label).toEqual(before);
        }
      }),
      { numRuns: Number(process.env.HOSTILE_RUNS) || 25 },
    );
  });
});
