/** Client attributes through the API: the value rules with their messages, lists, edits and roles. */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTH_TEXT } from '../../domain/auth';
import { FEATURE_TEXT } from '../../domain/features';
import type { Tx } from '../../server/db/client';
import { clients, features, featureValues, locationFeatureValues, locations } from '../../server/db/schema';
import { applyRequiredDefault, holdClientForAttributes } from '../../server/services/features';
import { checkLocationRefs } from '../../server/services/locations';
import { adminOnPostgres, createTestApp, type TestApp, untilSomeoneWaitsOnALock } from './helpers';

let t: TestApp;
let admin: string;
let operations: string;
let clientId: number;

beforeAll(async () => {
  t = await createTestApp();
  admin = (await t.login('admin@campo.test')).token;
  operations = (await t.login('operaciones@campo.test')).token;
  clientId = (await t.db.select().from(clients).where(eq(clients.name, 'Banco Federal del Sur')))[0].id;
});
afterAll(() => t?.close());

const get = (url: string, token = admin) => t.app.inject({ method: 'GET', url, headers: t.authHeader(token) });
const send = (method: 'POST' | 'PUT', url: string, payload: unknown, token = admin) => t.app.inject({ method, url, payload: payload as never, headers: t.authHeader(token) });

const feature = (overrides: Record<string, unknown> = {}) => ({
  clientId,
  name: 'Accesibilidad',
  isRequired: false,
  values: [
    { value: 'Rampa', isDefault: true },
    { value: 'Sin rampa', isDefault: false },
  ],
  ...overrides,
});

describe('the rules of an attribute’s values', () => {
  it('needs at least one value, named in capitals', async () => {
    const res = await send('POST', '/api/features', feature({ name: 'Estacionamiento propio', values: [] }));
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Debe crearse al menos un valor para el atributo: ESTACIONAMIENTO PROPIO');
  });

  it('reads missing values as none, and says so of values that are not a list', async () => {
    const { values: _omitted, ...withoutValues } = feature({ name: 'Estacionamiento propio' });
    const missing = await send('POST', '/api/features', withoutValues);
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toBe('Debe crearse al menos un valor para el atributo: ESTACIONAMIENTO PROPIO');
    const text = await send('POST', '/api/features', feature({ values: 'Rampa' }));
    expect(text.statusCode).toBe(400);
    expect(text.json().message).toBe(FEATURE_TEXT.notAList);
  });

  it('needs a default value', async () => {
    const res = await send('POST', '/api/features', feature({ values: [{ value: 'Rampa', isDefault: false }] }));
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(FEATURE_TEXT.noDefault);
  });

  it('refuses an empty value, two defaults and a repeated value', async () => {
    const empty = await send('POST', '/api/features', feature({ values: [{ value: '  ', isDefault: true }] }));
    expect(empty.json().message).toBe(FEATURE_TEXT.emptyValue);
    const two = await send('POST', '/api/features', feature({ values: [{ value: 'A', isDefault: true }, { value: 'B', isDefault: true }] }));
    expect(two.json().message).toBe(FEATURE_TEXT.oneDefault);
    const repeated = await send('POST', '/api/features', feature({ values: [{ value: 'A', isDefault: true }, { value: 'a ', isDefault: false }] }));
    expect(repeated.json().message).toBe(FEATURE_TEXT.repeatedValue);
    // 'A  B' and 'A B' read the same on the list: one value twice.
    const spaced = await send('POST', '/api/features', feature({ values: [{ value: 'A  B', isDefault: true }, { value: 'a\u00a0b', isDefault: false }] }));
    expect(spaced.json().message).toBe(FEATURE_TEXT.repeatedValue);
  });

  it('needs a name and an existing client', async () => {
    const nameless = await send('POST', '/api/features', feature({ name: ' ' }));
    expect(nameless.statusCode).toBe(400);
    expect(nameless.json().errors.name).toBe(FEATURE_TEXT.required);
    expect((await send('POST', '/api/features', feature({ clientId: 999_999 }))).statusCode).toBe(400);
  });
});

describe('creating, listing and editing attributes', () => {
  let created: { id: number; data: { values: { id: number; value: string; isDefault: boolean }[] } };

  it('creates one and answers { id, data }', async () => {
    const res = await send('POST', '/api/features', feature(), operations);
    expect(res.statusCode, res.body).toBe(201);
    created = res.json();
    expect(created.data).toMatchObject({ id: created.id, clientId, name: 'Accesibilidad', isRequired: false });
    expect(created.data.values.map((v) => [v.value, v.isDefault])).toEqual([
      ['Rampa', true],
      ['Sin rampa', false],
    ]);
  });

  it('refuses a name another attribute of the client has (capitals and spaces aside), and writes nothing', async () => {
    const before = await t.db.select({ id: features.id }).from(features);
    for (const name of ['  accesibilidad ', 'ACCESIBILIDAD\u00a0']) {
      const twin = await send('POST', '/api/features', feature({ name }));
      expect(twin.statusCode, twin.body).toBe(409);
      expect(twin.json().errors.name).toBe(FEATURE_TEXT.duplicateName);
    }
    expect(await t.db.select({ id: features.id }).from(features)).toHaveLength(before.length);
    // Another client may use the name; a rename onto it is refused, keeping its own name is not.
    const other = (await t.db.select().from(clients).where(eq(clients.name, 'Café del Plata')))[0].id;
    const elsewhere = await send('POST', '/api/features', feature({ clientId: other, name: 'Accesibilidad' }));
    expect(elsewhere.statusCode, elsewhere.body).toBe(201);
    const second = await send('POST', '/api/features', feature({ name: 'Estacionamiento' }));
    expect(second.statusCode, second.body).toBe(201);
    const rename = await send('PUT', `/api/features/${second.json().id}`, { ...feature({ name: 'ACCESIBILIDAD' }), values: second.json().data.values });
    expect(rename.statusCode, rename.body).toBe(409);
    expect((await get(`/api/features/${second.json().id}`)).json().name).toBe('Estacionamiento');
    const same = await send('PUT', `/api/features/${created.id}`, { ...feature(), values: created.data.values });
    expect(same.statusCode, same.body).toBe(200);
  });

  it('lists a client’s attributes filtered by name, and every client’s at /features', async () => {
    const mine = (await get(`/api/features/client/${clientId}?q=acces`)).json() as { rows: { name: string; values: unknown[] }[]; count: number };
    expect(mine.rows.map((f) => f.name)).toEqual(['Accesibilidad']);
    expect(mine.rows[0].values).toHaveLength(2);
    const all = (await get('/api/features?limit=100')).json() as { rows: { clientId: number }[] };
    expect(new Set(all.rows.map((f) => f.clientId)).size).toBeGreaterThan(1);
    const filtered = (await get(`/api/features?clientId=${clientId}&limit=100`)).json() as { rows: { clientId: number }[] };
    expect(filtered.rows.every((f) => f.clientId === clientId)).toBe(true);
    expect((await get(`/api/features/${created.id}`)).json().name).toBe('Accesibilidad');
    expect((await get('/api/features/999999')).statusCode).toBe(404);
  });

  it('edits values in place, adds new ones and moves the default', async () => {
    const [rampa, sinRampa] = created.data.values;
    const res = await send('PUT', `/api/features/${created.id}`, {
      name: 'Accesibilidad edilicia',
      isRequired: false,
      values: [
        { id: rampa.id, value: 'Rampa de acceso', isDefault: false },
        { id: sinRampa.id, value: 'Sin rampa', isDefault: true },
        { value: 'Ascensor', isDefault: false },
      ],
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.values.map((v: { value: string; isDefault: boolean }) => [v.value, v.isDefault])).toEqual([
      ['Rampa de acceso', false],
      ['Sin rampa', true],
      ['Ascensor', false],
    ]);
    const invalid = await send('PUT', `/api/features/${created.id}`, { name: 'X', isRequired: false, values: [{ id: rampa.id, value: 'Rampa', isDefault: false }] });
    expect(invalid.json().message).toBe(FEATURE_TEXT.noDefault);
  });

  it('refuses a value sent twice by its id, and keeps the attribute as it was (on create too)', async () => {
    const before = (await get(`/api/features/${created.id}`)).json();
    const [first] = before.values as { id: number }[];
    const res = await send('PUT', `/api/features/${created.id}`, {
      name: 'Accesibilidad duplicada',
      isRequired: false,
      values: [
        { id: first.id, value: 'A', isDefault: true },
        { id: first.id, value: 'B', isDefault: false },
      ],
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ message: FEATURE_TEXT.repeatedValueId, errors: { values: FEATURE_TEXT.repeatedValueId } });
    expect((await get(`/api/features/${created.id}`)).json()).toEqual(before);
    const posted = await send('POST', '/api/features', feature({ name: 'Otro atributo', values: [{ id: first.id, value: 'A', isDefault: true }, { id: first.id, value: 'B', isDefault: false }] }));
    expect(posted.statusCode).toBe(400);
    expect(posted.json().message).toBe(FEATURE_TEXT.repeatedValueId);
  });

  it('made required, gives every location of the client its default value', async () => {
    const res = await send('PUT', `/api/features/${created.id}`, { ...feature({ isRequired: true }), values: created.data.values.map((v) => ({ ...v, isDefault: v.value === 'Sin rampa' })) });
    expect(res.statusCode, res.body).toBe(200);
    const clientLocations = await t.db.select().from(locations).where(eq(locations.clientId, clientId));
    const linked = await t.db.select().from(locationFeatureValues).where(eq(locationFeatureValues.featureId, created.id));
    expect(linked).toHaveLength(clientLocations.length);
    const [defaultValue] = await t.db.select().from(featureValues).where(and(eq(featureValues.featureId, created.id), eq(featureValues.isDefault, true)));
    expect(new Set(linked.map((l) => l.featureValueId))).toEqual(new Set([defaultValue.id]));
  });

  it('refuses to drop a value that locations use', async () => {
    const values = (await get(`/api/features/${created.id}`)).json().values as { id: number; value: string; isDefault: boolean }[];
    const res = await send('PUT', `/api/features/${created.id}`, { name: 'Accesibilidad', isRequired: true, values: values.filter((v) => !v.isDefault).map((v, i) => ({ ...v, isDefault: i === 0 })) });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(FEATURE_TEXT.valueInUse('Sin rampa'));
    expect((await t.db.select().from(features).where(eq(features.id, created.id)))[0].name).toBe('Accesibilidad');
  });
});

describe('roles', () => {
  it.each(['cliente@campo.test', 'franquicia@campo.test', 'plataforma@campo.test'])('%s gets 403', async (email) => {
    const token = (await t.login(email)).token;
    for (const res of [await get('/api/features', token), await get(`/api/features/client/${clientId}`, token), await send('POST', '/api/features', feature(), token)]) {
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBe(AUTH_TEXT.forbidden);
    }
  });
});

describe('on PostgreSQL, a point of sale saved while an attribute becomes required', () => {
  // PGlite has one connection, so no other transaction can hold a row: these run on PostgreSQL.
  const postgres = adminOnPostgres();

  /** A new point of sale of the client, written by `tx` as POST /locations does (its references checked first). */
  async function newLocation(tx: Tx, client: number, code: string): Promise<number> {
    const [model] = await tx.select().from(locations).where(eq(locations.clientId, client)).orderBy(locations.id).limit(1);
    const refs = await checkLocationRefs(tx, client, { countryId: model.countryId, stateId: model.stateId, cityId: model.cityId, ownerId: null, zoneManagersIds: [], featureValues: [], keysValues: [] });
    const { id: _id, createdAt: _c, updatedAt: _u, ...columns } = model;
    const [row] = await tx.insert(locations).values({ ...columns, clientLocationId: code, ownerId: null }).returning({ id: locations.id });
    if (refs.featureValues.length) await tx.insert(locationFeatureValues).values(refs.featureValues.map((v) => ({ locationId: row.id, featureId: v.featureId, featureValueId: v.id })));
    return row.id;
  }

  const valueOf = async (pg: TestApp, locationId: number, featureId: number) =>
    (await pg.db.select({ value: featureValues.value }).from(locationFeatureValues).innerJoin(featureValues, eq(featureValues.id, locationFeatureValues.featureValueId)).where(and(eq(locationFeatureValues.locationId, locationId), eq(locationFeatureValues.featureId, featureId))))[0]?.value;

  it('saved first: the attribute waits for it, then gives it its default', async () => {
    const { pg, token } = postgres;
    const [{ id: client }] = await pg.db.select({ id: clients.id }).from(clients).where(eq(clients.name, 'Banco Federal del Sur'));
    let commit!: () => void;
    const held = new Promise<void>((resolve) => (commit = resolve));
    let written!: (id: number) => void;
    const locationWritten = new Promise<number>((resolve) => (written = resolve));
    const saving = pg.db.transaction(async (tx) => {
      written(await newLocation(tx, client, 'CARRERA-ATR-1'));
      await held;
    });
    const locationId = await locationWritten;
    const attribute = pg.app.inject({ method: 'POST', url: '/api/features', headers: pg.authHeader(token), payload: feature({ clientId: client, name: 'Carrera con un punto de venta', isRequired: true, values: [{ value: 'Sí', isDefault: true }, { value: 'No', isDefault: false }] }) });
    await untilSomeoneWaitsOnALock(pg.db, async () => {
      commit();
      await saving.catch(() => undefined);
      return new Error(`The required attribute never waited for the point of sale being saved: it answered ${(await attribute).statusCode}`);
    });
    commit();
    await saving;
    const res = await attribute;
    expect(res.statusCode, res.body).toBe(201);
    expect(await valueOf(pg, locationId, res.json().id)).toBe('Sí');
  });

  it('the attribute first: the point of sale waits for it, then reads it as required and takes its default', async () => {
    const { pg, token } = postgres;
    const [{ id: client }] = await pg.db.select({ id: clients.id }).from(clients).where(eq(clients.name, 'Banco Federal del Sur'));
    const created = await pg.app.inject({ method: 'POST', url: '/api/features', headers: pg.authHeader(token), payload: feature({ clientId: client, name: 'Carrera hecha obligatoria', values: [{ value: 'Con cajero', isDefault: true }, { value: 'Sin cajero', isDefault: false }] }) });
    expect(created.statusCode, created.body).toBe(201);
    const attribute = created.json() as { id: number; data: { values: { id: number; value: string; isDefault: boolean }[]; updatedAt: string } };
    const [model] = await pg.db.select().from(locations).where(eq(locations.clientId, client)).orderBy(locations.id).limit(1);
    // Made required by PUT /features/:id while a point of sale is being created (POST /locations).
    let commit!: () => void;
    const held = new Promise<void>((resolve) => (commit = resolve));
    let started!: () => void;
    const attributeHeld = new Promise<void>((resolve) => (started = resolve));
    const requiring = pg.db.transaction(async (tx) => {
      await holdClientForAttributes(tx, client, true);
      await tx.update(features).set({ isRequired: true }).where(eq(features.id, attribute.id));
      started();
      await held;
      await applyRequiredDefault(tx, { id: attribute.id, clientId: client, isRequired: true }, attribute.data.values.find((v) => v.isDefault)!.id);
    });
    await attributeHeld;
    const location = pg.app.inject({
      method: 'POST',
      url: '/api/locations',
      headers: pg.authHeader(token),
      payload: {
        ...Object.fromEntries(
          (['fullName', 'clientLocationName', 'telephone', 'street', 'latitude', 'longitude', 'executive', 'emails', 'manager', 'emailManager', 'emailExecutive', 'workDays', 'openingHours', 'closingHours', 'countryId', 'stateId', 'cityId'] as const).map((k) => [k, model[k]]),
        ),
        clientId: client,
        clientLocationId: 'CARRERA-ATR-2',
        ownerId: null,
        zoneManagersIds: [],
        featureValues: [],
        keysValues: [],
      },
    });
    await untilSomeoneWaitsOnALock(pg.db, async () => {
      commit();
      await requiring.catch(() => undefined);
      return new Error(`The point of sale never waited for the attribute being made required: it answered ${(await location).statusCode} ${(await location).body}`);
    });
    commit();
    await requiring;
    const res = await location;
    expect(res.statusCode, res.body).toBe(201);
    expect(await valueOf(pg, res.json().id, attribute.id)).toBe('Con cajero');
  });
});
