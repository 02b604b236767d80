/** Points of sale through the API: lists by client, the regex search, the form's rules, roles. */
import { and, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTH_TEXT } from '../../domain/auth';
import { LOCATION_CODE_MAX, LOCATION_NAME_MAX, LOCATION_TEXT, ZONE_MANAGERS_NOT_LIST } from '../../domain/locations';
import { ROLE } from '../../domain/roles';
import { INVALID_ID, MSG } from '../../domain/validation';
import { cities, clients, countries, features, featureValues, locationFeatureValues, locations, states, tagGroups, users } from '../../server/db/schema';
import { pgErrorCode } from '../../server/db/errors';
import { createTestApp, type TestApp } from './helpers';

let t: TestApp;
let admin: string;
let operations: string;
let firstClient: number;
let otherClient: number;
let place: { countryId: number; stateId: number; cityId: number };
let elsewhere: { stateId: number; cityId: number };
let franchiseId: number;
let managerId: number;

beforeAll(async () => {
  t = await createTestApp();
  admin = (await t.login('admin@campo.test')).token;
  operations = (await t.login('operaciones@campo.test')).token;
  const all = await t.db.select().from(clients).orderBy(clients.id);
  firstClient = all.find((c) => c.name === 'Café del Plata')!.id;
  otherClient = all.find((c) => c.name === 'Supermercados Andinos')!.id;
  const [argentina] = await t.db.select().from(countries).where(eq(countries.name, 'Argentina'));
  const [cordoba] = await t.db.select().from(states).where(and(eq(states.countryId, argentina.id), eq(states.name, 'Córdoba')));
  const [city] = await t.db.select().from(cities).where(and(eq(cities.stateId, cordoba.id), eq(cities.name, 'Villa María')));
  place = { countryId: argentina.id, stateId: cordoba.id, cityId: city.id };
  const [mendoza] = await t.db.select().from(states).where(eq(states.name, 'Mendoza'));
  const [sanRafael] = await t.db.select().from(cities).where(eq(cities.name, 'San Rafael'));
  elsewhere = { stateId: mendoza.id, cityId: sanRafael.id };
  franchiseId = (await t.db.select().from(users).where(eq(users.email, 'franquicia@campo.test')))[0].id;
  managerId = (await t.db.select().from(users).where(eq(users.email, 'gerente@campo.test')))[0].id;
});
afterAll(() => t?.close());

const get = (url: string, token = admin) => t.app.inject({ method: 'GET', url, headers: t.authHeader(token) });
const send = (method: 'POST' | 'PUT', url: string, payload: unknown, token = admin) => t.app.inject({ method, url, payload: payload as never, headers: t.authHeader(token) });

/** The 409 that names the point of sale of the client with `code`, as the form shows it on the code's field. */
async function codeTakenBy(clientLocationId: string) {
  const [existing] = await t.db.select().from(locations).where(eq(locations.clientLocationId, clientLocationId));
  const message = LOCATION_TEXT.codeTakenBy(existing);
  expect(message).toBe(`Ya existe un punto de venta del cliente con ese código: "${existing.fullName}" (${existing.code}).`);
  return { message, errors: { clientLocationId: message } };
}

const newLocation = (overrides: Record<string, unknown> = {}) => ({
  clientId: firstClient,
  fullName: 'Café del Plata Villa María',
  clientLocationName: 'OP-VM-01',
  clientLocationId: 'VM-001',
  telephone: '3534123456',
  street: 'Bv. España 120',
  zone: 'Centro',
  ...place,
  latitude: '-32.4075',
  longitude: '-63.2402',
  linkSurveyMonkey: '',
  ownerId: franchiseId,
  zoneManagersIds: [String(managerId), 'no-es-un-id', 2.5],
  executive: 'Lucía Benítez',
  emails: ['ejecutivo@cafe.com.ar', 'EJECUTIVO@cafe.com.ar', 'calidad@cafe.com.ar'],
  manager: 'Raúl Encargado',
  emailManager: 'encargado@cafe.com.ar',
  emailExecutive: 'ejecutivo@cafe.com.ar',
  emailToNullCase: '',
  workDays: 'Lunes a sábado',
  openingHours: '08:00',
  closingHours: '20:00',
  observation: 'Frente a la plaza',
  // A pair of the demo's active group 'Zona comercial'.
  keysValues: [{ key: 'CUY', value: 'Cuyo' }],
  featureValues: [],
  ...overrides,
});

describe('listing a client’s points of sale', () => {
  it('pages, sorts and counts in SQL', async () => {
    const count = (await t.db.select().from(locations).where(eq(locations.clientId, firstClient))).length;
    const page = await get(`/api/locations/client/${firstClient}?offset=0&limit=3&sort=fullName&order=DESC`);
    expect(page.statusCode, page.body).toBe(200);
    const body = page.json() as { rows: { fullName: string; clientId: number; code: string }[]; count: number };
    expect(body.count).toBe(count);
    expect(body.rows).toHaveLength(3);
    expect(body.rows.map((r) => r.fullName)).toEqual([...body.rows.map((r) => r.fullName)].sort().reverse());
    expect(body.rows.every((r) => r.clientId === firstClient && /^PV-\d{6}$/.test(r.code))).toBe(true);
    // The count rides on the page's rows, which give no more than their fields; a page past the last one counts apart.
    expect(Object.keys(body.rows[0])).toEqual(['id', 'code', 'clientId', 'clientName', 'fullName', 'clientLocationName', 'clientLocationId', 'street', 'telephone', 'executive', 'status', 'stateName', 'cityName']);
    expect((await get(`/api/locations/client/${firstClient}?offset=${count + 10}&limit=3`)).json()).toEqual({ rows: [], count });
  });

  it('searches the client location code with a case-insensitive regular expression', async () => {
    const res = await get(`/api/locations/client/${firstClient}?q=${encodeURIComponent('^caf-00[12]$')}`);
    expect(res.statusCode, res.body).toBe(200);
    expect((res.json().rows as { clientLocationId: string }[]).map((r) => r.clientLocationId).sort()).toEqual(['CAF-001', 'CAF-002']);
  });

  it.each(['(', '[a-', '*abc', '\\p{L}'])('answers the invalid pattern %j with a 400 in Spanish, never a 500', async (pattern) => {
    const res = await get(`/api/locations/client/${firstClient}?q=${encodeURIComponent(pattern)}`);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().message).toBe(LOCATION_TEXT.invalidSearch);
  });

  it('refuses a back-reference with its own 400, before it reaches the database', async () => {
    const res = await get(`/api/locations?q=${encodeURIComponent('^(.*)*(.*)*(.*)*(.*)*\\1\\2\\3\\4$')}`);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toEqual({ message: LOCATION_TEXT.backReference, errors: { q: LOCATION_TEXT.backReference } });
  });

  it('refuses counted repetitions too big to build with their own 400, and keeps answering (PGlite stopped on them)', async () => {
    for (const pattern of ['(.{0,120}){0,120}x', '(.{0,60}){0,60}x']) {
      const res = await get(`/api/locations?q=${encodeURIComponent(pattern)}`);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json()).toEqual({ message: LOCATION_TEXT.tooComplex, errors: { q: LOCATION_TEXT.tooComplex } });
    }
    // What followed the first one on the embedded database, and the search that still may run.
    expect((await get(`/api/locations?q=${encodeURIComponent('\\u')}`)).statusCode).toBe(400);
    const fine = await get(`/api/locations/client/${firstClient}?q=${encodeURIComponent('^caf-0{2}[12]$')}`);
    expect(fine.statusCode, fine.body).toBe(200);
    expect((fine.json().rows as { clientLocationId: string }[]).map((r) => r.clientLocationId).sort()).toEqual(['CAF-001', 'CAF-002']);
  });

  it('answers the first page a screen opens on (a statement without values, kept by each connection) as any other page, changes included', async () => {
    const ids = async (url: string) => {
      const res = await get(url);
      expect(res.statusCode, res.body).toBe(200);
      return (res.json() as { rows: { id: number }[] }).rows.map((r) => r.id);
    };
    // 22 is no page size of the console: that page runs with its values, unnamed, as it always did.
    const unnamed = async () => (await ids('/api/locations?limit=22')).slice(0, 20);
    const before = await unnamed();
    expect(before).toHaveLength(20);
    // More times than the pool has connections, and past PostgreSQL's first custom plans of each.
    for (let i = 0; i < 12; i++) expect(await ids('/api/locations?limit=20')).toEqual(before);
    const created = await send('POST', '/api/locations', newLocation({ fullName: '0000 Primero de la lista', clientLocationId: 'KEPT-001', zoneManagersIds: [], ownerId: null }));
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().id as number;
    const after = await unnamed();
    expect(after[0]).toBe(id);
    for (let i = 0; i < 12; i++) expect(await ids('/api/locations?limit=20')).toEqual(after);
    // 'Activos' or 'Inactivos' alone: the state written into the statement, each kept apart.
    for (const status of ['true', 'false']) {
      const one = (await ids(`/api/locations?status=${status}&limit=22`)).slice(0, 20);
      expect(one.length, status).toBeGreaterThan(0);
      for (let i = 0; i < 12; i++) expect(await ids(`/api/locations?status=${status}&limit=20`), status).toEqual(one);
    }
  });

  it('lists across clients at /locations, filtered by client and status', async () => {
    const all = (await get('/api/locations?limit=1000')).json() as { rows: { clientId: number }[]; count: number };
    expect(new Set(all.rows.map((r) => r.clientId)).size).toBeGreaterThan(1);
    const one = (await get(`/api/locations?clientId=${otherClient}&limit=1000`)).json() as { rows: { clientId: number }[] };
    expect(one.rows.every((r) => r.clientId === otherClient)).toBe(true);
    const inactive = (await get(`/api/locations?status=false`)).json() as { rows: { status: boolean }[] };
    expect(inactive.rows.length).toBeGreaterThan(0);
    expect(inactive.rows.every((r) => r.status === false)).toBe(true);
  });

  it('counts /locations exactly up to a thousand, and beyond says the count is an estimate', async () => {
    const [{ n }] = ((await t.db.execute(sql`select count(*)::int as n from locations`)) as unknown as { rows: { n: number }[] }).rows;
    const exact = (await get('/api/locations?limit=5')).json() as { count: number; countEstimated?: true };
    expect(exact).toMatchObject({ count: n });
    expect(exact.countEstimated).toBeUndefined();
    // 1,500 more points of sale of one client, copies of one of its own with new codes.
    await t.db.execute(sql`insert into locations (client_id, full_name, client_location_name, client_location_id, telephone, street, country_id, state_id, city_id,
        latitude, longitude, executive, manager, email_manager, email_executive, work_days, opening_hours, closing_hours)
      select l.client_id, l.full_name || ' ' || g, l.client_location_name, 'EST-' || g, l.telephone, l.street, l.country_id, l.state_id, l.city_id,
        l.latitude, l.longitude, l.executive, l.manager, l.email_manager, l.email_executive, l.work_days, l.opening_hours, l.closing_hours
      from (select * from locations where client_id = ${otherClient} limit 1) l, generate_series(1, 1500) g`);
    try {
      await t.db.execute(sql`analyze locations`);
      const big = (await get('/api/locations?limit=5')).json() as { count: number; countEstimated?: true; rows: unknown[] };
      expect(big.countEstimated).toBe(true);
      expect(big.count).toBeGreaterThan(1000);
      expect(big.rows).toHaveLength(5);
      // The estimate never contradicts the page: a full page with more after it counts past itself, and
      // the page the rows end on is the end, counted exactly (an estimate short of the rows stopped the
      // console's paging at its guess: 2,000 points of sale loaded in bulk were out of reach).
      const total = n + 1500;
      const full = (await get(`/api/locations?limit=5&offset=${total - 10}`)).json() as { count: number; countEstimated?: true; rows: unknown[] };
      expect(full.rows).toHaveLength(5);
      expect(full.count).toBeGreaterThanOrEqual(total - 4);
      const last = (await get(`/api/locations?limit=5&offset=${total - 3}`)).json() as { count: number; countEstimated?: true; rows: unknown[] };
      expect(last).toMatchObject({ count: total });
      expect(last.rows).toHaveLength(3);
      expect(last.countEstimated).toBeUndefined();
      const lastFull = (await get(`/api/locations?limit=5&offset=${total - 5}`)).json() as { count: number; countEstimated?: true; rows: unknown[] };
      expect(lastFull).toMatchObject({ count: total });
      expect(lastFull.countEstimated).toBeUndefined();
      // A filter that leaves few is counted exactly again.
      const few = (await get(`/api/locations?clientId=${firstClient}&limit=5`)).json() as { count: number; countEstimated?: true };
      expect(few.countEstimated).toBeUndefined();
      expect(few.count).toBe((await t.db.select().from(locations).where(eq(locations.clientId, firstClient))).length);
    } finally {
      await t.db.execute(sql`delete from locations where client_location_id like 'EST-%'`);
      await t.db.execute(sql`analyze locations`);
    }
  });

  it('refuses to sort by a column it does not know', async () => {
    expect((await get(`/api/locations/client/${firstClient}?sort=passwordHash`)).statusCode).toBe(400);
  });

  it('answers each request with its own values when the statement is built once for its shape', async () => {
    // Same filters present, sort and order: one kept statement; only the bound values differ.
    const [a, b] = await Promise.all(
      [firstClient, otherClient].map(async (clientId) => (await get(`/api/locations?clientId=${clientId}&status=true&q=${encodeURIComponent('.')}&limit=1000`)).json() as { rows: { clientId: number }[]; count: number }),
    );
    for (const [body, clientId] of [[a, firstClient], [b, otherClient]] as const) {
      const active = (await t.db.select().from(locations).where(eq(locations.clientId, clientId))).filter((l) => l.status).length;
      expect(body.rows.length).toBe(active);
      expect(body.count).toBe(active);
      expect(body.rows.every((r) => r.clientId === clientId)).toBe(true);
    }
    const offsetOne = (await get(`/api/locations?clientId=${firstClient}&status=true&q=${encodeURIComponent('.')}&limit=1&offset=1`)).json() as { rows: { id: number }[] };
    expect(offsetOne.rows).toHaveLength(Math.min(1, Math.max(0, a.rows.length - 1)));
    if (a.rows.length > 1) expect(offsetOne.rows[0].id).toBe((a.rows as unknown as { id: number }[])[1].id);
  });
});

describe('reference lists and people of a client', () => {
  it('cascades countries → states → cities', async () => {
    const countryNames = ((await get('/api/countries')).json() as { name: string }[]).map((c) => c.name);
    expect(countryNames).toEqual(expect.arrayContaining(['Argentina', 'Uruguay', 'Chile', 'Paraguay', 'Brasil', 'Bolivia']));
    const provinces = (await get(`/api/states?countryId=${place.countryId}`)).json() as { name: string; countryId: number }[];
    expect(provinces).toHaveLength(24);
    expect(provinces.map((p) => p.name)).toContain('Ciudad Autónoma de Buenos Aires');
    const cityNames = ((await get(`/api/cities?stateId=${place.stateId}`)).json() as { name: string }[]).map((c) => c.name);
    expect(cityNames).toEqual(expect.arrayContaining(['Córdoba', 'Río Cuarto', 'Villa María']));
    expect((await get('/api/states')).statusCode).toBe(400);
  });

  it('lists the owners (role 6) and zone managers (role 15) of a client', async () => {
    const owners = (await get(`/api/web-users/client/${firstClient}?rolId=${ROLE.FRANCHISE}`)).json() as { id: number; fullName: string }[];
    expect(owners).toContainEqual({ id: franchiseId, fullName: 'Franco Franquicia' });
    const managers = (await get(`/api/web-users/client/${firstClient}?rolId=${ROLE.ZONE_MANAGER}`)).json() as { id: number }[];
    expect(managers.map((m) => m.id)).toContain(managerId);
    expect(managers.map((m) => m.id)).not.toContain(franchiseId);
  });

  it('names no other role of a client: the route serves the two choices of the form', async () => {
    for (const rolId of [ROLE.CLIENT, ROLE.ADMIN, 0]) {
      const res = await get(`/api/web-users/client/${firstClient}?rolId=${rolId}`);
      expect(res.statusCode, String(rolId)).toBe(400);
      expect(res.json().errors.rolId).toBe('El rol debe ser 6 (franquicia) o 15 (gerente zonal).');
    }
    expect((await get(`/api/web-users/client/${firstClient}?rolId=x`)).json().errors.rolId).toBe('Debe ser un número.');
  });
});

describe('creating and editing a point of sale', () => {
  it('creates one with every field, owner, zone managers (non-integers dropped), tags and required attributes at their default', async () => {
    const res = await send('POST', '/api/locations', newLocation(), operations);
    expect(res.statusCode, res.body).toBe(201);
    const created = res.json();
    expect(created.code).toMatch(/^PV-\d{6}$/);
    expect(created.emails).toEqual(['ejecutivo@cafe.com.ar', 'calidad@cafe.com.ar']);
    expect(created.zoneManagersIds).toEqual([managerId]);
    expect(created.owner).toEqual({ id: franchiseId, fullName: 'Franco Franquicia' });
    expect(created.latitude).toBe(-32.4075);
    expect(created.keysValues).toEqual([{ key: 'CUY', value: 'Cuyo' }]);
    const required = await t.db
      .select({ featureId: features.id, valueId: featureValues.id })
      .from(features)
      .innerJoin(featureValues, eq(featureValues.featureId, features.id))
      .where(and(eq(features.clientId, firstClient), eq(features.isRequired, true), eq(featureValues.isDefault, true)));
    const stored = await t.db.select().from(locationFeatureValues).where(eq(locationFeatureValues.locationId, created.id));
    expect(stored.map((s) => s.featureValueId).sort()).toEqual(required.map((r) => r.valueId).sort());

    const read = (await get(`/api/locations/${created.id}`)).json();
    expect(read).toMatchObject({ fullName: 'Café del Plata Villa María', cityName: 'Villa María', stateName: 'Córdoba', countryName: 'Argentina' });
    // The folded text the searches read stays in the database.
    expect(read).not.toHaveProperty('searchName');
  });

  it('asks for country, state and city with one message', async () => {
    const res = await send('POST', '/api/locations', newLocation({ clientLocationId: 'VM-002', cityId: null }));
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(LOCATION_TEXT.geography);
    const mismatch = await send('POST', '/api/locations', newLocation({ clientLocationId: 'VM-003', ...elsewhere, stateId: place.stateId }));
    expect(mismatch.statusCode).toBe(400);
    expect(mismatch.json().message).toBe(LOCATION_TEXT.geography);
  });

  it('checks every field with the form’s messages', async () => {
    const res = await send(
      'POST',
      '/api/locations',
      newLocation({ fullName: ' ', clientLocationId: 'VM 004', telephone: '35-34', emails: ['bien@cafe.com', 'mal@'], latitude: '-95', longitude: 'x', emailManager: 'no', workDays: '' }),
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toMatchObject({
      fullName: MSG.required,
      clientLocationId: LOCATION_TEXT.noSpaces,
      telephone: MSG.phone,
      'emails.1': LOCATION_TEXT.emailList,
      latitude: MSG.latitude,
      longitude: MSG.longitude,
      emailManager: MSG.email,
      workDays: MSG.required,
    });
    expect((await send('POST', '/api/locations', newLocation({ clientLocationId: 'VM-005', emails: [] }))).json().errors.emails).toBe(MSG.required);
  });

  it('takes a name of 250 characters in any script, and refuses a longer one or a code past 100 (no 500 from the index)', async () => {
    // 3 bytes each: 1,000 of them passed the old 2,000-character limit and broke the name's index.
    const han = (n: number) => '漢'.repeat(n);
    const taken = await send('POST', '/api/locations', newLocation({ clientLocationId: 'VM-LARGO-1', fullName: han(LOCATION_NAME_MAX), clientLocationName: han(LOCATION_NAME_MAX) }));
    expect(taken.statusCode, taken.body).toBe(201);
    const refused = await send(
      'POST',
      '/api/locations',
      // The code past even the 2000 every text has: still told its own cap.
      newLocation({ clientLocationId: '漢'.repeat(LOCATION_CODE_MAX * 30), fullName: han(1000), clientLocationName: han(LOCATION_NAME_MAX + 1) }),
    );
    expect(refused.statusCode, refused.body).toBe(400);
    expect(refused.json().errors).toMatchObject({ fullName: 'El campo es demasiado largo (máximo 250 caracteres)', clientLocationName: 'El campo es demasiado largo (máximo 250 caracteres)', clientLocationId: 'El campo es demasiado largo (máximo 100 caracteres)' });
    const { id } = taken.json() as { id: number };
    const edited = await send('PUT', '/api/locations', { ...newLocation({ clientLocationId: 'VM-LARGO-1', fullName: han(1200) }), id });
    expect([edited.statusCode, edited.json().errors?.fullName]).toEqual([400, 'El campo es demasiado largo (máximo 250 caracteres)']);
  });

  it('refuses an owner, zone manager or attribute value that is not the client’s', async () => {
    const [stranger] = await t.db.select().from(users).where(and(eq(users.clientId, otherClient), eq(users.rolId, ROLE.FRANCHISE)));
    const [otherValue] = await t.db.select({ id: featureValues.id }).from(featureValues).innerJoin(features, eq(features.id, featureValues.featureId)).where(eq(features.clientId, otherClient));
    const res = await send('POST', '/api/locations', newLocation({ clientLocationId: 'VM-006', ownerId: stranger.id, zoneManagersIds: [franchiseId], featureValues: [{ id: otherValue.id }] }));
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().errors).sort()).toEqual(['featureValues', 'ownerId', 'zoneManagersIds']);
  });

  it('keeps an owner and zone managers deactivated after they were assigned, but assigns no inactive user anew', async () => {
    const person = async (names: string, rolId: number) =>
      (
        await t.db
          .insert(users)
          .values({ names, lastName: 'Inactivo', email: `${names.toLowerCase()}.inactivo@campo.test`, passwordHash: 'x', rolId, clientId: firstClient })
          .returning({ id: users.id })
      )[0].id;
    const formerOwner = await person('Olga', ROLE.FRANCHISE);
    const formerManager = await person('Mateo', ROLE.ZONE_MANAGER);
    const created = await send('POST', '/api/locations', newLocation({ clientLocationId: 'VM-INACT', ownerId: formerOwner, zoneManagersIds: [formerManager, managerId] }));
    expect(created.statusCode, created.body).toBe(201);
    const locationId = created.json().id as number;
    await t.db.update(users).set({ status: false }).where(inArray(users.id, [formerOwner, formerManager]));

    // Read back with their names, and saved again as they are.
    const read = (await get(`/api/locations/${locationId}`)).json();
    expect(read.owner).toEqual({ id: formerOwner, fullName: 'Olga Inactivo' });
    expect(read.zoneManagers).toContainEqual({ id: formerManager, fullName: 'Mateo Inactivo' });
    const edit = (changes: Record<string, unknown>) =>
      send('PUT', '/api/locations', newLocation({ id: locationId, clientLocationId: 'VM-INACT', ownerId: read.ownerId, zoneManagersIds: read.zoneManagersIds, ...changes }));
    const kept = await edit({ observation: 'Sin cambios de responsables' });
    expect(kept.statusCode, kept.body).toBe(200);
    expect(kept.json()).toMatchObject({ owner: { id: formerOwner, fullName: 'Olga Inactivo' }, observation: 'Sin cambios de responsables' });
    expect([...kept.json().zoneManagersIds].sort()).toEqual([formerManager, managerId].sort());

    // A value that is no list is refused, and takes no zone manager off (it was read as none).
    for (const zoneManagersIds of ['abc', 12345, { a: 1 }]) {
      const wrong = await edit({ zoneManagersIds });
      expect(wrong.statusCode, JSON.stringify(zoneManagersIds)).toBe(400);
      expect(wrong.json().errors).toEqual({ zoneManagersIds: ZONE_MANAGERS_NOT_LIST });
    }
    expect([...(await get(`/api/locations/${locationId}`)).json().zoneManagersIds].sort()).toEqual([formerManager, managerId].sort());

    // Dropping the inactive zone manager is fine; putting an inactive user where they were not is refused.
    expect((await edit({ zoneManagersIds: [managerId] })).statusCode).toBe(200);
    const again = await edit({ zoneManagersIds: [managerId, formerManager] });
    expect(again.statusCode).toBe(400);
    expect(again.json().errors).toEqual({ zoneManagersIds: 'Los gerentes zonales deben ser usuarios gerentes zonales activos del cliente.' });
    const fresh = await send('POST', '/api/locations', newLocation({ clientLocationId: 'VM-INACT-2', ownerId: formerOwner }));
    expect(fresh.statusCode).toBe(400);
    expect(fresh.json().errors).toEqual({ ownerId: 'El responsable debe ser un usuario de franquicia activo del cliente.' });
    expect((await edit({ ownerId: franchiseId, zoneManagersIds: [managerId] })).statusCode).toBe(200);
    const back = await edit({ ownerId: formerOwner, zoneManagersIds: [managerId] });
    expect(back.statusCode).toBe(400);
    expect(back.json().errors).toEqual({ ownerId: 'El responsable debe ser un usuario de franquicia activo del cliente.' });
  });

  it('adds no point of sale to an inactive client, and still edits the ones an inactive client has', async () => {
    const [inactive] = await t.db.select().from(clients).where(eq(clients.state, false));
    const count = async () => (await t.db.select({ id: locations.id }).from(locations).where(eq(locations.clientId, inactive.id))).length;
    const before = await count();
    const res = await send('POST', '/api/locations', newLocation({ clientId: inactive.id, clientLocationId: 'INA-001', ownerId: null, zoneManagersIds: [], featureValues: [] }));
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().errors.clientId).toBe(LOCATION_TEXT.inactiveClient);
    expect(await count()).toBe(before);
    // A client made inactive keeps its points of sale editable.
    const [existing] = await t.db.select().from(locations).where(eq(locations.clientLocationId, 'CAF-003'));
    await t.db.update(clients).set({ state: false }).where(eq(clients.id, existing.clientId));
    try {
      const edit = await send('PUT', '/api/locations', newLocation({ id: existing.id, clientLocationId: 'CAF-003', fullName: 'Sigue editable', zoneManagersIds: [], ownerId: null }));
      expect(edit.statusCode, edit.body).toBe(200);
    } finally {
      await t.db.update(clients).set({ state: true }).where(eq(clients.id, existing.clientId));
    }
  });

  it('refuses a client location code the client already uses', async () => {
    const res = await send('POST', '/api/locations', newLocation({ clientLocationId: 'CAF-001' }));
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual(await codeTakenBy('CAF-001'));
    // Also with an invisible character inside, that reads the same on every screen.
    for (const code of ['CAF\u200b-001', 'CAF-\u2060001', 'CAF-0\u202a01']) {
      const same = await send('POST', '/api/locations', newLocation({ clientLocationId: code }));
      expect(same.statusCode, JSON.stringify(code)).toBe(409);
      expect(same.json()).toEqual(await codeTakenBy('CAF-001'));
    }
  });

  it('updates a location and keeps its client and code', async () => {
    const [existing] = await t.db.select().from(locations).where(eq(locations.clientLocationId, 'CAF-002'));
    const res = await send('PUT', '/api/locations', newLocation({ id: existing.id, clientLocationId: 'CAF-002', fullName: 'Recoleta renovado', zoneManagersIds: [], ownerId: null }));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ id: existing.id, code: existing.code, fullName: 'Recoleta renovado', zoneManagersIds: [], owner: null });
    const moved = await send('PUT', '/api/locations', newLocation({ id: existing.id, clientId: otherClient }));
    expect(moved.statusCode).toBe(400);
    expect((await send('PUT', '/api/locations', newLocation({ id: 999_999 }))).statusCode).toBe(404);
    // An id that can be none says so as every id does; none at all is 'Requerido', as any missing value.
    for (const bad of ['abc', 0]) expect((await send('PUT', '/api/locations', newLocation({ id: bad }))).json().errors.id, String(bad)).toBe(INVALID_ID);
    expect((await send('PUT', '/api/locations', newLocation({ id: undefined }))).json().errors.id).toBe('Requerido');
    // Nor is true or a list read as an id: the place, the owner and an attribute's value say so.
    const coerced = await send('PUT', '/api/locations', newLocation({ id: existing.id, countryId: true, ownerId: [existing.ownerId ?? 1], featureValues: [{ id: [1] }] }));
    expect(coerced.statusCode).toBe(400);
    expect(coerced.json().errors).toMatchObject({ countryId: INVALID_ID, ownerId: INVALID_ID, 'featureValues.0.id': INVALID_ID });
  });

  it('deactivates and activates with PUT /locations/disable', async () => {
    const [existing] = await t.db.select().from(locations).where(eq(locations.clientLocationId, 'CAF-003'));
    const off = await send('PUT', '/api/locations/disable', { id: existing.id, status: false }, operations);
    expect(off.json()).toEqual({ id: existing.id, status: false });
    expect((await t.db.select().from(locations).where(eq(locations.id, existing.id)))[0].status).toBe(false);
    await send('PUT', '/api/locations/disable', { id: existing.id, status: true });
    expect((await t.db.select().from(locations).where(eq(locations.id, existing.id)))[0].status).toBe(true);
    expect((await send('PUT', '/api/locations/disable', { id: existing.id, status: 'no' })).statusCode).toBe(400);
  });
});

describe('the client location code, unique within the client whatever its capitals', () => {
  const codesOf = async (clientId: number, folded: string) =>
    (await t.db.select({ code: locations.clientLocationId }).from(locations).where(and(eq(locations.clientId, clientId), sql`campo_code_fold(${locations.clientLocationId}) = ${folded}`))).map((l) => l.code);

  it.each(['caf-001', 'Caf-001', ' cAF-001 ', '\tCAF-001'])('refuses %j on create when the client has CAF-001: a 409 on the field', async (code) => {
    const res = await send('POST', '/api/locations', newLocation({ clientLocationId: code }));
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json()).toEqual(await codeTakenBy('CAF-001'));
    expect(await codesOf(firstClient, 'caf-001')).toEqual(['CAF-001']);
  });

  it('compares accented capitals too, and leaves other clients free to use the code', async () => {
    expect((await send('POST', '/api/locations', newLocation({ clientLocationId: 'ÑANDÚ-01' }))).statusCode).toBe(201);
    const clash = await send('POST', '/api/locations', newLocation({ clientLocationId: 'ñandú-01' }));
    expect(clash.statusCode).toBe(409);
    expect(clash.json()).toEqual(await codeTakenBy('ÑANDÚ-01'));
    const elsewhereRes = await send('POST', '/api/locations', newLocation({ clientId: otherClient, clientLocationId: 'caf-001', ownerId: null, zoneManagersIds: [] }));
    expect(elsewhereRes.statusCode, elsewhereRes.body).toBe(201);
    expect(await codesOf(otherClient, 'caf-001')).toEqual(['caf-001']);
  });

  it('compares the capitals of every Latin alphabet, and keeps accents apart (migration 0033)', async () => {
    expect((await send('POST', '/api/locations', newLocation({ clientLocationId: 'łódź-1' }))).statusCode).toBe(201);
    const clash = await send('POST', '/api/locations', newLocation({ clientLocationId: 'ŁÓDŹ-1' }));
    expect(clash.statusCode, clash.body).toBe(409);
    expect(clash.json()).toEqual(await codeTakenBy('łódź-1'));
    const accented = await send('POST', '/api/locations', newLocation({ clientLocationId: 'ŁÓDŻ-1' }));
    expect(accented.statusCode, accented.body).toBe(201);
    expect(await codesOf(firstClient, 'łódź-1')).toEqual(['łódź-1']);
  });

  it('refuses on edit another location’s code in other capitals, and lets a location change the capitals of its own', async () => {
    const [other] = await t.db.select().from(locations).where(eq(locations.clientLocationId, 'CAF-004'));
    const edit = (clientLocationId: string) => send('PUT', '/api/locations', newLocation({ id: other.id, clientLocationId, zoneManagersIds: [], ownerId: null }));
    const clash = await edit('caf-001 ');
    expect(clash.statusCode, clash.body).toBe(409);
    expect(clash.json()).toEqual(await codeTakenBy('CAF-001'));
    expect((await t.db.select().from(locations).where(eq(locations.id, other.id)))[0].clientLocationId).toBe('CAF-004');
    const own = await edit('caf-004');
    expect(own.statusCode, own.body).toBe(200);
    expect(own.json().clientLocationId).toBe('caf-004');
  });

  it('is the database’s rule: a row written around the API with the code in other capitals and spaces is refused', async () => {
    const [template] = await t.db.select().from(locations).where(eq(locations.clientLocationId, 'CAF-002'));
    const { id: _id, code: _code, searchName: _search, createdAt: _c, updatedAt: _u, ...row } = template;
    const insert = (clientLocationId: string) => t.db.insert(locations).values({ ...row, clientLocationId });
    await expect(insert(' caf-002 ')).rejects.toSatisfy((error) => pgErrorCode(error) === '23505');
    await expect(insert('CAF-002-B')).resolves.toBeDefined();
  });
});

describe('a point of sale the client already has, refused as the bulk load refuses it', () => {
  const countOf = async (clientId: number) => (await t.db.select({ id: locations.id }).from(locations).where(eq(locations.clientId, clientId))).length;
  const codeless = (overrides: Record<string, unknown> = {}) => newLocation({ clientLocationId: null, ownerId: null, zoneManagersIds: [], ...overrides });

  it('without a code, is the one with its name and address (capitals, accents and spaces aside): a 409 naming it, on the name', async () => {
    const [existing] = await t.db.select().from(locations).where(eq(locations.clientLocationId, 'CAF-002'));
    const before = await countOf(firstClient);
    const shout = (text: string) => `  ${text.normalize('NFD').replace(/\p{M}/gu, '').toUpperCase().replaceAll(' ', '   ')} `;
    const res = await send('POST', '/api/locations', codeless({ fullName: shout(existing.fullName), street: shout(existing.street) }));
    expect(res.statusCode, res.body).toBe(409);
    const message = `Ya existe un punto de venta del cliente con ese nombre y dirección: "${existing.fullName}" (${existing.code}). Si es otro, déle un código de locación del cliente.`;
    expect(res.json()).toEqual({ message, errors: { fullName: message } });
    expect(await countOf(firstClient)).toBe(before);
    // Another address, a code of its own, or another client: another point of sale.
    for (const other of [codeless({ fullName: existing.fullName, street: `${existing.street} bis` }), newLocation({ fullName: existing.fullName, street: existing.street, clientLocationId: 'CAF-002-BIS' }), codeless({ clientId: otherClient, fullName: existing.fullName, street: existing.street })]) {
      const created = await send('POST', '/api/locations', other);
      expect(created.statusCode, created.body).toBe(201);
    }
  });

  it('on edit, without a code, refuses another one’s name and address and keeps its own', async () => {
    const created = await send('POST', '/api/locations', codeless({ fullName: 'Sin código Alberdi', street: 'Alberdi 1500' }));
    expect(created.statusCode, created.body).toBe(201);
    const mine = created.json() as { id: number; code: string; updatedAt: string };
    const [existing] = await t.db.select().from(locations).where(eq(locations.clientLocationId, 'CAF-003'));
    const clash = await send('PUT', '/api/locations', codeless({ id: mine.id, fullName: existing.fullName.toLowerCase(), street: existing.street }));
    expect(clash.statusCode, clash.body).toBe(409);
    expect(clash.json().errors.fullName).toBe(LOCATION_TEXT.sameNameAndAddress(existing));
    const own = await send('PUT', '/api/locations', codeless({ id: mine.id, fullName: 'Sin código Alberdi', street: 'Alberdi 1500', telephone: '3534000000' }));
    expect(own.statusCode, own.body).toBe(200);
  });

  it('lets an old codeless repeat (stored before the rule) be edited in its other fields, and refuses it no more than before', async () => {
    const made = await send('POST', '/api/locations', newLocation({ fullName: 'Repetida de antes', street: 'Sarmiento 77', clientLocationId: 'ANTES-01', ownerId: null, zoneManagersIds: [] }));
    expect(made.statusCode, made.body).toBe(201);
    const [existing] = await t.db.select().from(locations).where(eq(locations.id, (made.json() as { id: number }).id));
    const { id: _id, code: _code, searchName: _search, createdAt: _c, updatedAt: _u, ...row } = existing;
    const [old] = await t.db.insert(locations).values({ ...row, clientLocationId: null, fullName: existing.fullName.toUpperCase() }).returning({ id: locations.id });
    const edit = (overrides: Record<string, unknown>) => send('PUT', '/api/locations', codeless({ id: old.id, fullName: existing.fullName.toUpperCase(), street: existing.street, ...overrides }));
    // Its name and address as stored (here in other capitals): the repeat predates this save, which changes the phone.
    const phone = await edit({ telephone: '3534111111' });
    expect(phone.statusCode, phone.body).toBe(200);
    expect((phone.json() as { telephone: string }).telephone).toBe('3534111111');
    // Written in other capitals and spaces, its name is still its own.
    expect((await edit({ fullName: `  ${existing.fullName.toLowerCase()} ` })).statusCode).toBe(200);
    // Given another point of sale's name and address, it is refused as any edit is.
    const [third] = await t.db.select().from(locations).where(eq(locations.clientLocationId, 'CAF-003'));
    const clash = await edit({ fullName: third.fullName, street: third.street });
    expect(clash.statusCode, clash.body).toBe(409);
    expect(clash.json().errors.fullName).toBe(LOCATION_TEXT.sameNameAndAddress(third));
  });

  it('takes the letters of other Latin alphabets for their plain ones, on create and on edit (migration 0032)', async () => {
    const created = await send('POST', '/api/locations', codeless({ clientId: otherClient, fullName: 'Cafe Tōkyō', street: 'Øster Allé 12' }));
    expect(created.statusCode, created.body).toBe(201);
    const tokyo = created.json() as { code: string; fullName: string; status: boolean };
    const plain = await send('POST', '/api/locations', codeless({ clientId: otherClient, fullName: 'CAFE TOKYO', street: 'oster alle 12' }));
    expect(plain.statusCode, plain.body).toBe(409);
    expect(plain.json().errors.fullName).toBe(LOCATION_TEXT.sameNameAndAddress(tokyo));

    const lodz = await send('POST', '/api/locations', codeless({ clientId: otherClient, fullName: 'Łódź Straße', street: 'Piłsudskiego 5' }));
    expect(lodz.statusCode, lodz.body).toBe(201);
    const mine = (await send('POST', '/api/locations', codeless({ clientId: otherClient, fullName: 'Otro local', street: 'Mitre 20' }))).json() as { id: number };
    const clash = await send('PUT', '/api/locations', codeless({ id: mine.id, clientId: otherClient, fullName: 'lodz strasse', street: 'PILSUDSKIEGO 5' }));
    expect(clash.statusCode, clash.body).toBe(409);
    expect(clash.json().errors.fullName).toBe(LOCATION_TEXT.sameNameAndAddress(lodz.json()));
  });

  it('names an inactive one as inactive', async () => {
    const [existing] = await t.db.select().from(locations).where(eq(locations.clientLocationId, 'CAF-003'));
    await t.db.update(locations).set({ status: false }).where(eq(locations.id, existing.id));
    try {
      const res = await send('POST', '/api/locations', codeless({ fullName: existing.fullName, street: existing.street }));
      expect(res.statusCode, res.body).toBe(409);
      expect(res.json().message).toBe(`Ya existe un punto de venta del cliente con ese nombre y dirección: "${existing.fullName}" (${existing.code}, inactivo). Si es otro, déle un código de locación del cliente.`);
    } finally {
      await t.db.update(locations).set({ status: true }).where(eq(locations.id, existing.id));
    }
  });

  it('is one point of sale when two are created at once: the second is refused, naming the first', async () => {
    const before = await countOf(otherClient);
    const both = await Promise.all([1, 2].map(() => send('POST', '/api/locations', codeless({ clientId: otherClient, fullName: 'A la vez', street: 'Mitre 10' }))));
    expect(both.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    const first = both.find((r) => r.statusCode === 201)!.json() as { code: string; fullName: string; status: boolean };
    expect(both.find((r) => r.statusCode === 409)!.json().errors.fullName).toBe(LOCATION_TEXT.sameNameAndAddress(first));
    expect(await countOf(otherClient)).toBe(before + 1);
    const coded = await Promise.all([1, 2].map((n) => send('POST', '/api/locations', newLocation({ clientId: otherClient, fullName: `A la vez ${n}`, clientLocationId: 'VEZ-01', ownerId: null, zoneManagersIds: [] }))));
    expect(coded.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    expect(coded.find((r) => r.statusCode === 409)!.json()).toEqual(await codeTakenBy('VEZ-01'));
  });
});

describe('the tags of a point of sale, pairs of active tag groups', () => {
  const pair = (key: string, value: string) => ({ key, value });

  it('refuses a pair no group has, a key with another group’s value, and a pair of an inactive group, naming them on the field', async () => {
    const unknown = await send('POST', '/api/locations', newLocation({ clientLocationId: 'TAG-001', keysValues: [pair('CUY', 'Cuyo'), pair('Región', 'Interior')] }));
    expect(unknown.statusCode, unknown.body).toBe(400);
    expect(unknown.json()).toEqual({ message: 'Revise los datos ingresados.', errors: { keysValues: 'Este tag no es de ningún grupo de tags activo: Región: Interior.' } });

    // 'Canal de venta (histórico)' is a demo group made inactive; CUY belongs to 'Zona comercial', with 'Cuyo'.
    const [inactive] = await t.db.select().from(tagGroups).where(eq(tagGroups.active, false));
    expect(inactive.keysValues).toContainEqual(pair('MAY', 'Mayorista'));
    const res = await send('POST', '/api/locations', newLocation({ clientLocationId: 'TAG-002', keysValues: [pair('MAY', 'Mayorista'), pair('CUY', 'Patagonia'), pair('cuy', 'Cuyo')] }));
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().errors).toEqual({ keysValues: LOCATION_TEXT.invalidTags([pair('MAY', 'Mayorista'), pair('CUY', 'Patagonia'), pair('cuy', 'Cuyo')]) });
    expect(res.json().errors.keysValues).toBe('Estos tags no son de ningún grupo de tags activo: MAY: Mayorista, CUY: Patagonia, cuy: Cuyo.');
    expect(await t.db.select().from(locations).where(inArray(locations.clientLocationId, ['TAG-001', 'TAG-002']))).toEqual([]);
  });

  it('keeps on edit a pair whose group was deactivated since, and refuses it on a location that did not have it', async () => {
    const created = await send('POST', '/api/tags', { groupName: 'Temporada (prueba)', keysValues: [pair('VER', 'Verano'), pair('INV', 'Invierno')], active: true });
    expect(created.statusCode, created.body).toBe(201);
    const groupId = created.json().id as number;
    const location = await send('POST', '/api/locations', newLocation({ clientLocationId: 'TAG-003', keysValues: [pair('VER', 'Verano')], zoneManagersIds: [], ownerId: null }));
    expect(location.statusCode, location.body).toBe(201);
    const locationId = location.json().id as number;
    expect((await send('PUT', '/api/tags/state', { id: groupId, active: false })).statusCode).toBe(200);

    const edit = (keysValues: unknown) => send('PUT', '/api/locations', newLocation({ id: locationId, clientLocationId: 'TAG-003', keysValues, zoneManagersIds: [], ownerId: null }));
    const kept = await edit([pair('VER', 'Verano'), pair('CUY', 'Cuyo')]);
    expect(kept.statusCode, kept.body).toBe(200);
    expect(kept.json().keysValues).toEqual([pair('VER', 'Verano'), pair('CUY', 'Cuyo')]);
    const added = await edit([pair('VER', 'Verano'), pair('INV', 'Invierno')]);
    expect(added.statusCode).toBe(400);
    expect(added.json().errors).toEqual({ keysValues: 'Este tag no es de ningún grupo de tags activo: INV: Invierno.' });
    const fresh = await send('POST', '/api/locations', newLocation({ clientLocationId: 'TAG-004', keysValues: [pair('VER', 'Verano')] }));
    expect(fresh.statusCode).toBe(400);
    expect(fresh.json().errors.keysValues).toBe('Este tag no es de ningún grupo de tags activo: VER: Verano.');

    // Active again, the group's pairs are offered again.
    expect((await send('PUT', '/api/tags/state', { id: groupId, active: true })).statusCode).toBe(200);
    expect((await edit([pair('VER', 'Verano'), pair('INV', 'Invierno')])).statusCode).toBe(200);
  });

  it('refuses a pair its active group no longer has', async () => {
    const [zone] = await t.db.select().from(tagGroups).where(eq(tagGroups.groupName, 'Zona comercial'));
    const edited = await send('PUT', '/api/tags', { id: zone.id, groupName: zone.groupName, keysValues: [...zone.keysValues, pair('LIT', 'Litoral')], active: true });
    expect(edited.statusCode, edited.body).toBe(200);
    expect((await send('POST', '/api/locations', newLocation({ clientLocationId: 'TAG-005', keysValues: [pair('LIT', 'Litoral')] }))).statusCode).toBe(201);
    await send('PUT', '/api/tags', { id: zone.id, groupName: zone.groupName, keysValues: zone.keysValues, active: true });
    const res = await send('POST', '/api/locations', newLocation({ clientLocationId: 'TAG-006', keysValues: [pair('LIT', 'Litoral')] }));
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({ keysValues: 'Este tag no es de ningún grupo de tags activo: LIT: Litoral.' });
  });
});

describe('roles', () => {
  it.each(['cliente@campo.test', 'franquicia@campo.test', 'gerente@campo.test', 'plataforma@campo.test'])('%s cannot read or write points of sale', async (email) => {
    const token = (await t.login(email)).token;
    for (const res of [
      await get(`/api/locations/client/${firstClient}`, token),
      await get('/api/locations', token),
      await get(`/api/web-users/client/${firstClient}?rolId=6`, token),
      await send('POST', '/api/locations', newLocation({ clientLocationId: 'NO-1' }), token),
      await send('PUT', '/api/locations/disable', { id: 1, status: false }, token),
    ]) {
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBe(AUTH_TEXT.forbidden);
    }
  });

  it('lets every signed-in user read the reference lists', async () => {
    const token = (await t.login('franquicia@campo.test')).token;
    expect((await get('/api/countries', token)).statusCode).toBe(200);
  });
});
