import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTH_TEXT } from '../../domain/auth';
import { CLIENT_TEXT } from '../../domain/clients';
import { PICKER_IDS_CAP, PICKER_TEXT } from '../../domain/pickers';
import { ROLE } from '../../domain/roles';
import { MSG } from '../../domain/validation';
import { auditLog, clients, clientTypes, users } from '../../server/db/schema';
import { UNSTORABLE_TEXT } from '../../server/http';
import { createTestApp, type TestApp } from './helpers';

interface ListedClient {
  id: number;
  name: string;
  email: string;
  address: string;
  state: boolean;
  typeId: number | null;
  type: { id: number; name: string } | null;
}

const SEEDED_NAMES = ['Automotores Pampa', 'Banco Federal del Sur', 'Café del Plata', 'Farmacias Norte', 'Supermercados Andinos'];

let t: TestApp;
let admin: string;
let operations: string;
let operationsId: number;
let typeIds: Record<string, number>;
/** The seeded client type's id, by name. */
const typeId = (name: string) => typeIds[name];

beforeAll(async () => {
  t = await createTestApp();
  admin = (await t.login('admin@campo.test')).token;
  const ops = await t.login('operaciones@campo.test');
  operations = ops.token;
  operationsId = ops.id;
  typeIds = Object.fromEntries((await t.db.select().from(clientTypes)).map((c) => [c.name, c.id]));
});
afterAll(() => t?.close());

const get = (url: string, token = admin) => t.app.inject({ method: 'GET', url, headers: t.authHeader(token) });
const send = (method: 'POST' | 'PUT', url: string, payload: unknown, token = admin) =>
  t.app.inject({ method, url, payload: payload as never, headers: t.authHeader(token) });
const list = async (query: string, token = admin) => {
  const res = await get(`/api/clients/all-clients${query}`, token);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { rows: ListedClient[]; count: number };
};
const clientCount = async () => (await t.db.select().from(clients)).length;

const newClient = (overrides: Record<string, unknown> = {}) => ({
  name: 'Heladerías Glaciar',
  address: 'Mitre 1500, Bariloche',
  telephone: '2944123456',
  email: 'hola@glaciar.com.ar',
  imageUrl: 'https://cdn.glaciar.com.ar/logo.png',
  claimUrl: 'https://forms.campo.test/reclamos/glaciar',
  contactUrl: 'www.glaciar.com.ar/contacto',
  linkSurveyMonkey: '',
  typeId: typeId('Gastronomía'),
  ...overrides,
});

describe('listing clients', () => {
  it('pages the seeded clients sorted by name and counts them all', async () => {
    const page1 = await list('?offset=0&limit=2&sort=name&order=ASC');
    expect(page1.count).toBe(5);
    expect(page1.rows.map((c) => c.name)).toEqual(SEEDED_NAMES.slice(0, 2));
    const page2 = await list('?offset=2&limit=2&sort=name&order=ASC');
    expect(page2.rows.map((c) => c.name)).toEqual(SEEDED_NAMES.slice(2, 4));
    const page3 = await list('?offset=4&limit=2&sort=name&order=ASC');
    expect(page3.rows.map((c) => c.name)).toEqual(SEEDED_NAMES.slice(4));
    expect(page3.count).toBe(5);
  });

  it('still counts the clients on a page past the last one, searching or not', async () => {
    expect(await list('?offset=10&limit=2')).toEqual({ rows: [], count: 5 });
    expect(await list('?offset=2&limit=2&q=andinos')).toEqual({ rows: [], count: 1 });
    expect(await list('?offset=0&limit=2&q=inexistente')).toEqual({ rows: [], count: 0 });
  });

  it('sorts descending, by other columns, and takes the order in any case', async () => {
    expect((await list('?sort=name&order=desc')).rows.map((c) => c.name)).toEqual([...SEEDED_NAMES].reverse());
    const byEmail = (await list('?sort=email&order=ASC')).rows.map((c) => c.email);
    expect(byEmail).toEqual([...byEmail].sort());
    const byType = (await list('?sort=type&order=ASC')).rows.map((c) => c.type!.name);
    expect(byType).toEqual(['Automotriz', 'Banca y seguros', 'Gastronomía', 'Retail', 'Salud']);
    const byId = (await list('?sort=id&order=DESC')).rows.map((c) => c.id);
    expect(byId).toEqual([...byId].sort((a, b) => b - a));
  });

  it('answers each client with its type', async () => {
    const { rows } = await list('?q=Plata');
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      name: 'Café del Plata',
      address: 'Av. Corrientes 1234, CABA',
      telephone: '1145678900',
      email: 'contacto@cafedelplata.com.ar',
      state: true,
      type: { id: typeId('Gastronomía'), name: 'Gastronomía' },
    });
  });

  it('filters by state', async () => {
    const active = await list('?state=true');
    expect(active.count).toBe(4);
    expect(active.rows.every((c) => c.state)).toBe(true);
    const inactive = await list('?state=false');
    expect(inactive.count).toBe(1);
    expect(inactive.rows.map((c) => c.name)).toEqual(['Farmacias Norte']);
    const bad = await get('/api/clients/all-clients?state=quizas');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toEqual({ state: 'Debe ser true o false' });
  });

  it('answers the page the screen opens on (the active clients: the state written into a statement kept by each connection) as any other page, a client deactivated meanwhile included', async () => {
    // 19 is no page size of the console: that page runs with its values, unnamed, as it always did.
    const unnamed = async (state: string) => (await list(`?state=${state}&limit=19`)).rows.slice(0, 10);
    for (const state of ['true', 'false']) {
      const before = await unnamed(state);
      for (let i = 0; i < 12; i++) expect((await list(`?state=${state}&limit=10`)).rows, state).toEqual(before);
    }
    const [first] = (await list('?state=true&limit=10')).rows;
    await t.db.update(clients).set({ state: false }).where(eq(clients.id, first.id));
    try {
      const active = await list('?state=true&limit=10');
      expect(active.rows.map((c) => c.id)).not.toContain(first.id);
      expect(active.rows).toEqual(await unnamed('true'));
      expect((await list('?state=false&limit=10')).rows.map((c) => c.id)).toContain(first.id);
    } finally {
      await t.db.update(clients).set({ state: true }).where(eq(clients.id, first.id));
    }
  });

  it('searches name, e-mail and address, ignoring case, and counts the matches', async () => {
    expect((await list('?q=andinos')).rows.map((c) => c.name)).toEqual(['Supermercados Andinos']);
    expect((await list('?q=ROSARIO')).rows.map((c) => c.name)).toEqual(['Banco Federal del Sur']);
    expect((await list('?q=pampa.com')).rows.map((c) => c.name)).toEqual(['Automotores Pampa']);
    expect((await list(`?q=${encodeURIComponent('CAFÉ DEL')}`)).rows.map((c) => c.name)).toEqual(['Café del Plata']);
    const arg = await list('?q=.com.ar&limit=2');
    expect(arg.rows).toHaveLength(2);
    expect(arg.count).toBe(5);
    expect((await list('?q=inexistente')).count).toBe(0);
    // LIKE wildcards are text, not patterns.
    expect((await list('?q=%25')).count).toBe(0);
    expect((await list('?q=_')).count).toBe(0);
    expect((await list('?q=andinos&state=false')).count).toBe(0);
    // A match lies within one column: the end of a name and the start of its e-mail or address are not one text.
    const [client] = (await list('?q=andinos')).rows;
    for (const [end, start] of [[client.name, client.email], [client.email, client.address]]) {
      expect((await list(`?q=${encodeURIComponent(end.slice(-3) + start.slice(0, 3))}`)).count, `${end} | ${start}`).toBe(0);
      expect((await list(`?q=${encodeURIComponent(end.slice(-3) + ' ' + start.slice(0, 3))}`)).count, `${end} | ${start}`).toBe(0);
    }
  });

  it('names the clients a picker holds by id, active or not, by name; a filter asked with them still holds', async () => {
    const all = (await list('?limit=10')).rows;
    const idOf = (name: string) => all.find((c) => c.name === name)!.id;
    const held = await list(`?ids=${idOf('Supermercados Andinos')},${idOf('Farmacias Norte')}`);
    expect(held.rows.map((c) => c.name)).toEqual(['Farmacias Norte', 'Supermercados Andinos']);
    expect(held.count).toBe(2);
    expect((await list(`?ids=${idOf('Farmacias Norte')}&state=true`)).rows).toEqual([]);
    expect((await list(`?ids=${idOf('Café del Plata')},2147483647&q=plata`)).rows.map((c) => c.name)).toEqual(['Café del Plata']);
    // A page past the last one still counts what the ids name.
    expect(await list(`?ids=${idOf('Café del Plata')},${idOf('Farmacias Norte')}&offset=5`)).toEqual({ rows: [], count: 2 });
  });

  it('answers a picker its first matches by name and counts them all', async () => {
    const first = await list('?q=.com.ar&limit=2&sort=name&order=ASC');
    expect(first.rows.map((c) => c.name)).toEqual(SEEDED_NAMES.slice(0, 2));
    expect(first.count).toBe(5);
    const active = await list('?q=.com.ar&state=true&limit=51&sort=name&order=ASC');
    expect(active.rows.map((c) => c.name)).toEqual(SEEDED_NAMES.filter((n) => n !== 'Farmacias Norte'));
  });

  it('refuses ids that are not ids, or too many, in Spanish', async () => {
    for (const ids of ['abc', '1,,2', '0', '-3', '99999999999', '']) {
      const res = await get(`/api/clients/all-clients?ids=${ids}`);
      expect(res.statusCode, ids).toBe(400);
      expect(res.json(), ids).toEqual({ message: `${PICKER_TEXT.ids}.`, errors: { ids: PICKER_TEXT.ids } });
    }
    const tooMany = Array.from({ length: PICKER_IDS_CAP + 1 }, (_, i) => i + 1).join(',');
    const res = await get(`/api/clients/all-clients?ids=${tooMany}`);
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({ ids: PICKER_TEXT.tooManyIds });
  });

  it('refuses an unknown sort field and out-of-range or non-numeric paging with a 400', async () => {
    const sort = await get('/api/clients/all-clients?sort=password');
    expect(sort.statusCode).toBe(400);
    expect(sort.json()).toEqual({ message: 'No se puede ordenar por "password".' });
    const said = {
      'offset=abc': 'La posición de la página debe ser un número entero.',
      'offset=-1': 'La posición de la página debe ser al menos 0.',
      'limit=0': 'El tamaño de página debe ser al menos 1.',
      'limit=5000': 'El tamaño de página debe ser como máximo 1.000.',
      // Past the safe integers: the real limit, not zod's 9007199254740991.
      'limit=1e20': 'El tamaño de página debe ser como máximo 1.000.',
      'offset=99999999999999999999': 'La posición de la página debe ser como máximo 10.000.000.',
      'limit=1.5': 'El tamaño de página debe ser un número entero.',
      'order=sideways': 'El sentido del orden debe ser ASC o DESC.',
      [`q=${'a'.repeat(201)}`]: 'La búsqueda admite hasta 200 caracteres.',
      // A parameter given twice is said to be repeated, whatever its values.
      'limit=10&limit=20': 'La dirección repite el tamaño de página: debe ir una sola vez.',
      'q=a&q=b': 'La dirección repite la búsqueda: debe ir una sola vez.',
      'state=true&state=false': 'La dirección repite el filtro «state»: debe ir una sola vez.',
    };
    for (const [query, message] of Object.entries(said)) {
      const res = await get(`/api/clients/all-clients?${query}`);
      expect(res.statusCode, query).toBe(400);
      expect(res.json().message, query).toBe(message);
    }
  });

  it('lists the client types by name', async () => {
    const res = await get('/api/core-clients/clients/getClientsTypes');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual(
      ['Automotriz', 'Banca y seguros', 'Gastronomía', 'Retail', 'Salud'].map((name) => ({ id: typeId(name), name })),
    );
  });

  it('shows one client and answers 404 in Spanish for an unknown one', async () => {
    const [seeded] = await t.db.select().from(clients).where(eq(clients.name, 'Banco Federal del Sur'));
    const res = await get(`/api/clients/${seeded.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: seeded.id, name: 'Banco Federal del Sur', type: { name: 'Banca y seguros' } });

    const missing = await get('/api/clients/999999');
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ message: 'El cliente no existe.' });
    for (const bad of ['abc', '0', '-3', '1.5', '2147483648', '9007199254740993']) {
      const res = await get(`/api/clients/${bad}`);
      expect(res.statusCode, bad).toBe(400);
      expect(res.json().errors, bad).toEqual({ id: 'Identificador inválido' });
    }
    expect((await get('/api/clients/2147483647')).statusCode).toBe(404);
  });
});

describe('changing clients', () => {
  it('refuses a bad e-mail with the field message and writes nothing', async () => {
    const before = await clientCount();
    const res = await send('POST', '/api/clients/', newClient({ email: 'hola@glaciar' }));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: 'Revise los datos ingresados.', errors: { email: 'Dirección de email inválida' } });
    expect(await clientCount()).toBe(before);
  });

  it('names every missing or malformed field', async () => {
    const before = await clientCount();
    const res = await send('POST', '/api/clients/', { name: '  ', telephone: '12-34', claimUrl: 'no es url', imageUrl: 'ftp//x' });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({
      name: MSG.required,
      address: MSG.required,
      telephone: MSG.phone,
      email: MSG.required,
      imageUrl: MSG.url,
      claimUrl: MSG.url,
      contactUrl: MSG.required,
    });
    expect(await clientCount()).toBe(before);
  });

  it('refuses text PostgreSQL cannot store and ids past its integers, writing nothing', async () => {
    const before = await clientCount();
    const nul = await send('POST', '/api/clients/', newClient({ name: 'Glaciar\u0000', address: 'a\u0000b' }));
    expect(nul.statusCode).toBe(400);
    expect(nul.json()).toEqual({ message: 'Revise los datos ingresados.', errors: { name: UNSTORABLE_TEXT, address: UNSTORABLE_TEXT } });
    const hugeType = await send('POST', '/api/clients/', newClient({ typeId: 2 ** 31 }));
    expect(hugeType.statusCode).toBe(400);
    expect(hugeType.json().errors).toEqual({ typeId: CLIENT_TEXT.badType });
    const hugeId = await send('PUT', '/api/clients/state', { id: 2 ** 31, state: false });
    expect(hugeId.statusCode).toBe(400);
    expect(hugeId.json().errors).toEqual({ id: 'Identificador inválido' });
    const search = await get('/api/clients/all-clients?q=caf%00');
    expect(search.statusCode).toBe(400);
    expect(search.json().errors).toEqual({ q: UNSTORABLE_TEXT });
    expect(await clientCount()).toBe(before);
  });

  it('refuses a client type that does not exist', async () => {
    const before = await clientCount();
    const res = await send('POST', '/api/clients/', newClient({ typeId: 999999 }));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: 'Revise los datos ingresados.', errors: { typeId: CLIENT_TEXT.noType } });
    // Nor is true, a list or '1e0' read as type 1.
    for (const typeId of [true, [1], '1e0']) {
      const coerced = await send('POST', '/api/clients/', newClient({ typeId }));
      expect(coerced.statusCode, JSON.stringify(typeId)).toBe(400);
      expect(coerced.json().errors).toEqual({ typeId: CLIENT_TEXT.badType });
    }
    expect(await clientCount()).toBe(before);
  });

  it('creates a client (201), lists it and records who did it', async () => {
    const before = await clientCount();
    const res = await send('POST', '/api/clients/', newClient({ name: '  Heladerías Glaciar  ' }), operations);
    expect(res.statusCode).toBe(201);
    const created = res.json();
    expect(created).toMatchObject({
      id: expect.any(Number),
      name: 'Heladerías Glaciar',
      email: 'hola@glaciar.com.ar',
      linkSurveyMonkey: null,
      state: true,
      typeId: typeId('Gastronomía'),
    });
    expect(await clientCount()).toBe(before + 1);
    // The same client GET answers: its type, none of the table's internals.
    expect(created).toEqual((await get(`/api/clients/${created.id}`)).json());
    expect(created).not.toHaveProperty('searchText');
    // Its checklist is the form's own field now ('Tiene checklist'); left out, none.
    expect(created.checklist).toBe(false);

    const [row] = await t.db.select().from(clients).where(eq(clients.id, created.id));
    expect(row).toMatchObject({ name: 'Heladerías Glaciar', address: 'Mitre 1500, Bariloche', contactUrl: 'www.glaciar.com.ar/contacto', linkSurveyMonkey: null });

    const listed = await list('?q=glaciar');
    expect(listed.rows.map((c) => c.id)).toEqual([created.id]);
    expect(listed.rows[0].type).toEqual({ id: typeId('Gastronomía'), name: 'Gastronomía' });
    expect((await list('?limit=1')).count).toBe(before + 1);

    const entries = await t.db.select().from(auditLog).where(and(eq(auditLog.entity, 'client'), eq(auditLog.entityId, String(created.id))));
    expect(entries).toEqual([expect.objectContaining({ userId: operationsId, action: 'create' })]);
  });

  it('refuses a name another client has, capitals and outer spaces aside, creating or renaming, and writes nothing', async () => {
    const before = await clientCount();
    // Double and no-break spaces inside read as one on every screen: the same name. So do an accent typed
    // as its own mark after the letter, and invisible characters inside (a zero-width space, a direction mark).
    for (const name of ['Café del Plata', '  café DEL plata ', 'Café  del Plata', 'Café\u00a0del\u3000 Plata', 'Cafe\u0301 del Plata', 'Café del\u200b Plata', 'Ca\u200efé del Plata']) {
      const res = await send('POST', '/api/clients/', newClient({ name }), operations);
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual({ message: CLIENT_TEXT.duplicate, errors: { name: CLIENT_TEXT.duplicate } });
    }
    expect(await clientCount()).toBe(before);
    const other = (await send('POST', '/api/clients/', newClient({ name: 'Ópticas del Sur' }), operations)).json() as { id: number };
    const renamed = await send('PUT', '/api/clients', newClient({ id: other.id, name: 'CAFÉ DEL PLATA' }), operations);
    expect(renamed.statusCode).toBe(409);
    expect((await t.db.select().from(clients).where(eq(clients.id, other.id)))[0].name).toBe('Ópticas del Sur');
    // Its own name, saved again, is no clash.
    expect((await send('PUT', '/api/clients', newClient({ id: other.id, name: 'ópticas del sur' }), operations)).statusCode).toBe(200);
    // A name is stored with single spaces; one stored before with a double space is still found.
    const spaced = await send('POST', '/api/clients/', newClient({ name: 'Kiosco   del\u00a0Puerto' }), operations);
    expect(spaced.statusCode, spaced.body).toBe(201);
    expect(spaced.json().name).toBe('Kiosco del Puerto');
    // Stored as it reads: the accent one character, nothing invisible inside.
    const marked = await send('POST', '/api/clients/', newClient({ name: 'Pen\u0303a\u200b Hermanos' }), operations);
    expect(marked.statusCode, marked.body).toBe(201);
    expect(marked.json().name).toBe('Peña Hermanos');
    await t.db.update(clients).set({ name: 'Kiosco  del  Puerto' }).where(eq(clients.id, spaced.json().id));
    expect((await send('POST', '/api/clients/', newClient({ name: 'kiosco del puerto' }), operations)).statusCode).toBe(409);
  });

  it('creates and saves a client without a type, which the spec does not require', async () => {
    const res = await send('POST', '/api/clients/', newClient({ name: 'Kiosco Sin Tipo', typeId: null }), operations);
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ name: 'Kiosco Sin Tipo', typeId: null });
    const saved = await send('PUT', '/api/clients', newClient({ id: res.json().id, name: 'Kiosco Sin Tipo SA', typeId: '' }), operations);
    expect(saved.statusCode).toBe(200);
    expect((await list('?q=Kiosco%20Sin')).rows[0]).toMatchObject({ name: 'Kiosco Sin Tipo SA', type: null });
  });

  it('updates a client and records it', async () => {
    const [target] = await t.db.select().from(clients).where(eq(clients.name, 'Automotores Pampa'));
    const res = await send(
      'PUT',
      '/api/clients',
      newClient({ id: target.id, name: 'Automotores Pampa SA', email: 'postventa@pampa.com.ar', typeId: typeId('Automotriz'), telephone: null }),
      operations,
    );
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: target.id, name: 'Automotores Pampa SA', telephone: null });

    const [row] = await t.db.select().from(clients).where(eq(clients.id, target.id));
    expect(row).toMatchObject({ name: 'Automotores Pampa SA', telephone: null, address: 'Mitre 1500, Bariloche', state: true });
    expect(row.updatedAt.getTime()).toBeGreaterThanOrEqual(target.updatedAt.getTime());
    expect((await get(`/api/clients/${target.id}`)).json().name).toBe('Automotores Pampa SA');

    const entries = await t.db.select().from(auditLog).where(and(eq(auditLog.entity, 'client'), eq(auditLog.entityId, String(target.id))));
    expect(entries.map((e) => [e.userId, e.action])).toEqual([[operationsId, 'update']]);
  });

  it("sets whether a client has a checklist (its users' 'Supervisión'), keeps it when left out and refuses a non-boolean", async () => {
    const res = await send('POST', '/api/clients/', newClient({ name: 'Panaderías Checklist', checklist: true }), operations);
    expect(res.statusCode, res.body).toBe(201);
    const created = res.json();
    expect(created.checklist).toBe(true);
    expect((await get(`/api/clients/${created.id}`)).json().checklist).toBe(true);
    // An update that does not send it (the bulk upload's fields, an older caller) keeps it.
    const kept = await send('PUT', '/api/clients', newClient({ id: created.id, name: 'Panaderías Checklist', updatedAt: created.updatedAt }));
    expect(kept.statusCode, kept.body).toBe(200);
    expect(kept.json().checklist).toBe(true);
    const unticked = await send('PUT', '/api/clients', newClient({ id: created.id, name: 'Panaderías Checklist', checklist: false }));
    expect(unticked.json().checklist).toBe(false);
    const [row] = await t.db.select({ checklist: clients.checklist }).from(clients).where(eq(clients.id, created.id));
    expect(row.checklist).toBe(false);
    for (const checklist of ['sí', 1, null]) {
      const bad = await send('PUT', '/api/clients', newClient({ id: created.id, name: 'Panaderías Checklist', checklist }));
      expect(bad.statusCode, JSON.stringify(checklist)).toBe(400);
      expect(bad.json().errors).toEqual({ checklist: CLIENT_TEXT.badChecklist });
    }
  });

  it('answers 404 for updating a client that does not exist and records nothing', async () => {
    const auditBefore = (await t.db.select().from(auditLog)).length;
    const res = await send('PUT', '/api/clients', newClient({ id: 999999 }));
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: 'El cliente no existe.' });
    expect(await t.db.select().from(auditLog)).toHaveLength(auditBefore);
  });

  it('refuses an update with a bad field and leaves the row as it was', async () => {
    const [target] = await t.db.select().from(clients).where(eq(clients.name, 'Farmacias Norte'));
    const res = await send('PUT', '/api/clients', newClient({ id: target.id, claimUrl: 'no-es-url' }));
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({ claimUrl: MSG.url });
    const [row] = await t.db.select().from(clients).where(eq(clients.id, target.id));
    expect(row).toEqual(target);
  });

  it('deactivates and activates a client, recording each change', async () => {
    const [target] = await t.db.select().from(clients).where(eq(clients.name, 'Supermercados Andinos'));
    const off = await send('PUT', '/api/clients/state', { id: target.id, state: false });
    expect(off.statusCode).toBe(200);
    expect(off.json()).toMatchObject({ id: target.id, state: false });
    expect((await t.db.select().from(clients).where(eq(clients.id, target.id)))[0].state).toBe(false);
    expect((await list('?state=false&q=andinos')).count).toBe(1);

    const on = await send('PUT', '/api/clients/state', { id: target.id, state: true }, operations);
    expect(on.statusCode).toBe(200);
    expect((await t.db.select().from(clients).where(eq(clients.id, target.id)))[0].state).toBe(true);

    const adminId = (await t.db.select().from(users).where(eq(users.email, 'admin@campo.test')))[0].id;
    const entries = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'client'), eq(auditLog.entityId, String(target.id))))
      .orderBy(asc(auditLog.id));
    expect(entries.map((e) => [e.userId, e.action])).toEqual([
      [adminId, 'deactivate'],
      [operationsId, 'activate'],
    ]);
  });

  it("leaves a deactivated client's users their access to its history (docs/decisions.md)", async () => {
    const [cafe] = await t.db.select().from(clients).where(eq(clients.name, 'Café del Plata'));
    const contact = await t.login('cliente@campo.test');
    expect((await t.db.select({ clientId: users.clientId }).from(users).where(eq(users.id, contact.id)))[0].clientId).toBe(cafe.id);
    expect((await send('PUT', '/api/clients/state', { id: cafe.id, state: false })).statusCode).toBe(200);
    try {
      // The session it had still reads, and a new one starts: deactivating a client is not ending its users'.
      const before = await get('/api/reports/options', contact.token);
      expect(before.statusCode).toBe(200);
      expect(before.json().client).toEqual({ id: cafe.id, name: 'Café del Plata' });
      const again = await t.login('cliente@campo.test');
      expect((await get('/api/reports/options', again.token)).json().client.id).toBe(cafe.id);
    } finally {
      await send('PUT', '/api/clients/state', { id: cafe.id, state: true });
    }
  });

  it('refuses a state that is not a boolean and an unknown client', async () => {
    const [target] = await t.db.select().from(clients).where(eq(clients.name, 'Supermercados Andinos'));
    const bad = await send('PUT', '/api/clients/state', { id: target.id, state: 'false' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toEqual({ state: 'El estado debe ser verdadero o falso' });
    expect((await t.db.select().from(clients).where(eq(clients.id, target.id)))[0].state).toBe(true);

    const missing = await send('PUT', '/api/clients/state', { id: 999999, state: false });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ message: 'El cliente no existe.' });
  });
});

describe('who may use clients', () => {
  const outsiders = ['cliente@campo.test', 'franquicia@campo.test', 'plataforma@campo.test'];

  it.each(outsiders)('refuses %s every read and write with a 403 and changes nothing', async (email) => {
    const { token } = await t.login(email);
    const [target] = await t.db.select().from(clients).where(eq(clients.name, 'Café del Plata'));
    const before = await t.db.select().from(clients).orderBy(asc(clients.id));
    const auditBefore = (await t.db.select().from(auditLog)).length;
    const answers = {
      list: await get('/api/clients/all-clients', token),
      show: await get(`/api/clients/${target.id}`, token),
      types: await get('/api/core-clients/clients/getClientsTypes', token),
      create: await send('POST', '/api/clients/', newClient({ name: 'Intruso' }), token),
      update: await send('PUT', '/api/clients', newClient({ id: target.id, name: 'Intruso' }), token),
      state: await send('PUT', '/api/clients/state', { id: target.id, state: false }, token),
    };
    for (const [name, res] of Object.entries(answers)) {
      expect(res.statusCode, name).toBe(403);
      expect(res.json()).toEqual({ message: AUTH_TEXT.forbidden });
    }
    expect(await t.db.select().from(clients).orderBy(asc(clients.id))).toEqual(before);
    expect(await t.db.select().from(auditLog)).toHaveLength(auditBefore);
  });

  it('lets a field leader read but not write', async () => {
    const leader = await t.tokenAs(ROLE.FIELD_LEADER);
    expect((await get('/api/clients/all-clients', leader)).statusCode).toBe(200);
    const before = await clientCount();
    const res = await send('POST', '/api/clients/', newClient({ name: 'Del líder' }), leader);
    expect(res.statusCode).toBe(403);
    expect(await clientCount()).toBe(before);
  });

  it('needs a session', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/clients/all-clients' });
    expect(res.statusCode).toBe(401);
  });
});
