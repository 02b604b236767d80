/** Web users through the API: list and filters, exports, the form's rules, activation, roles. */
import { eq, inArray, ne, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { AUTH_TEXT } from '../../domain/auth';
import { ROLE } from '../../domain/roles';
import { INVALID_ID, MSG } from '../../domain/validation';
import { WEB_USER_TEXT, type WebUser } from '../../domain/webUsers';
import { clients, locations, locationZoneManagers, userActions, users } from '../../server/db/schema';
import { checkLocationRefs } from '../../server/services/locations';
import { adminOnPostgres, createTestApp, type TestApp, untilSomeoneWaitsOnALock } from './helpers';

let t: TestApp;
let admin: string;
let adminId: number;
let clientId: number;

beforeAll(async () => {
  t = await createTestApp();
  const session = await t.login('admin@campo.test');
  admin = session.token;
  adminId = session.id;
  [{ id: clientId }] = await t.db.select({ id: clients.id }).from(clients).where(eq(clients.name, 'Supermercados Andinos'));
});
afterAll(() => t?.close());

const PASSWORD = 'Secreta#2026';
const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown, token = admin) =>
  t.app.inject({ method, url, headers: t.authHeader(token), ...(payload === undefined ? {} : { payload: payload as never }) });
const list = async (query: string) => {
  const res = await call('GET', `/api/web-users${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { rows: WebUser[]; count: number };
};

const newUser = (overrides: Record<string, unknown> = {}) => ({
  names: 'Rosa',
  lastName: 'Benavídez',
  email: 'rosa.benavidez@andinos.com.ar',
  primaryPhone: '2614556677',
  password: PASSWORD,
  rolId: ROLE.CLIENT,
  clientId,
  linkSurveyMonkey: 'https://encuestas.campo.test/andinos',
  sendWhatsappNotification: true,
  actions: [1],
  ...overrides,
});

async function create(overrides: Record<string, unknown> = {}): Promise<WebUser> {
  const res = await call('POST', '/api/web-users/', newUser(overrides));
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

describe('listing web users', () => {
  it('pages the users in SQL with the total count, never with password hashes', async () => {
    const total = (await t.db.select({ n: sql<number>`count(*)::int` }).from(users))[0].n;
    const page1 = await list('?offset=0&limit=5&sort=id&order=ASC');
    const page2 = await list('?offset=5&limit=5&sort=id&order=ASC');
    expect(page1.count).toBe(total);
    expect(page1.rows).toHaveLength(5);
    expect(page2.rows[0].id).toBeGreaterThan(page1.rows[4].id);
    expect(JSON.stringify(page1)).not.toMatch(/passwordHash|scrypt\$/);
    expect(page1.rows[0]).toMatchObject({ id: adminId, email: 'admin@campo.test', role: { id: 1, description: 'Administrador' } });
  });

  it('filters by text over names, last name and e-mail, by status, client and role', async () => {
    expect((await list('?q=administradora')).rows.map((u) => u.email)).toEqual(['admin@campo.test']);
    expect((await list('?q=OPERACIONES%40campo')).rows.map((u) => u.email)).toContain('operaciones@campo.test');
    expect((await list('?q=%25')).count).toBe(0);
    const getters = await list('?rolId=7&limit=100');
    expect(getters.count).toBeGreaterThanOrEqual(20);
    expect(getters.rows.every((u) => u.rolId === ROLE.GETTER)).toBe(true);
    const inactive = await list('?status=false&limit=100');
    expect(inactive.count).toBeGreaterThan(0);
    expect(inactive.rows.every((u) => !u.status)).toBe(true);
    const ofClient = await list(`?clientId=${clientId}&limit=100`);
    expect(ofClient.count).toBeGreaterThan(0);
    expect(ofClient.rows.every((u) => u.client?.id === clientId && u.client.name === 'Supermercados Andinos')).toBe(true);
    // A role's and a state's first page (the role and the state written into the statement, kept by each connection):
    // the same rows as a page of a size no list offers, which runs with its values, again and again; each role its own.
    for (const filter of ['?rolId=7', '?rolId=1&status=true', '?status=false&sort=lastName&order=ASC']) {
      const unnamed = (await list(`${filter}&limit=12`)).rows.slice(0, 10);
      for (let i = 0; i < 12; i++) expect((await list(`${filter}&limit=10`)).rows, filter).toEqual(unnamed);
    }
    expect((await list('?rolId=1&limit=10')).rows.every((u) => u.rolId === ROLE.ADMIN)).toBe(true);
    for (const rolId of ['16', '1.5', '1 or true']) expect((await call('GET', `/api/web-users?rolId=${encodeURIComponent(rolId)}`)).statusCode, rolId).toBe(400);
  });

  it('sorts by last name and by role description both ways, and refuses unknown columns', async () => {
    const ascending = (await list('?sort=lastName&order=ASC&limit=1000')).rows.map((u) => u.id);
    const descending = (await list('?sort=lastName&order=DESC&limit=1000')).rows.map((u) => u.id);
    expect(descending).toEqual([...ascending].reverse());
    const firstByLastName = (await list('?sort=lastName&order=ASC&limit=1')).rows[0].lastName;
    expect(firstByLastName).toBe('Acosta');
    const byRole = (await list('?sort=role&order=ASC&limit=1')).rows[0];
    expect(byRole.role?.description).toBe('Administración');
    expect((await call('GET', '/api/web-users?sort=passwordHash')).statusCode).toBe(400);
  });

  it('sorts by e-mail as read, whatever case it was typed in', async () => {
    await create({ email: 'Zuleta.Mayusculas@Campo.test', rolId: ROLE.GETTER });
    const emails = (await list('?sort=email&order=ASC&limit=1000')).rows.map((u) => u.email);
    expect(emails.length).toBeGreaterThan(10);
    expect(emails.map((e) => e.toLowerCase())).toEqual(emails.map((e) => e.toLowerCase()).sort());
    // Typed in capitals, it still comes after the lower-case ones it follows in the alphabet.
    expect(emails.indexOf('Zuleta.Mayusculas@Campo.test')).toBeGreaterThan(emails.indexOf('admin@campo.test'));
  });

  it('answers every user of the filter at once on /get/all', async () => {
    const res = await call('GET', '/api/web-users/get/all?rolId=7');
    const all = res.json() as { rows: WebUser[]; count: number };
    expect(all.rows).toHaveLength(all.count);
    expect(all.count).toBe((await list('?rolId=7')).count);
  });

  it('streams the filter as CSV with the export fields and neutralised formulas', async () => {
    await create({ email: 'formula@andinos.com.ar', names: '=HYPERLINK("http://x")', lastName: '+54', rolId: ROLE.CLIENT });
    const res = await call('GET', `/api/web-users/csv?clientId=${clientId}&sort=id`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/csv/);
    expect(res.headers['content-disposition']).toMatch(/filename="usuarios_\d{8}_\d{4}\.csv"/);
    const lines = res.body.replace(/^\uFEFF/, '').trim().split('\r\n');
    expect(lines[0]).toBe('Id,Email,Nombres,Apellido,Rol,Teléfono,Estado,Cliente,Link de encuesta,Notificación por WhatsApp');
    expect(lines.length - 1).toBe((await list(`?clientId=${clientId}`)).count);
    const formula = lines.find((l) => l.includes('formula@andinos.com.ar'))!;
    expect(formula).toContain(`"'=HYPERLINK(""http://x"")",'+54,Cliente,2614556677,Activo,Supermercados Andinos`);
  });
});

describe('the user form rules', () => {
  it('creates a client user with its client, permissions and a hashed password', async () => {
    const user = await create();
    expect(user).toMatchObject({ rolId: 5, clientId, client: { name: 'Supermercados Andinos' }, status: true, sendWhatsappNotification: true });
    expect(user.users_actions).toEqual([expect.objectContaining({ action_id: 1, active: true })]);
    expect(JSON.stringify(user)).not.toContain('password');
    const [stored] = await t.db.select().from(users).where(eq(users.id, user.id));
    expect(stored.passwordHash).toMatch(/^scrypt\$/);
    expect((await t.login('rosa.benavidez@andinos.com.ar', PASSWORD)).id).toBe(user.id);
  });

  it('refuses a client, franchise, inactive or zone-manager user without a client', async () => {
    for (const rolId of [ROLE.CLIENT, ROLE.FRANCHISE, ROLE.INACTIVE, ROLE.ZONE_MANAGER]) {
      const res = await call('POST', '/api/web-users/', newUser({ email: `sin.cliente.${rolId}@campo.test`, rolId, clientId: null }));
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().errors).toEqual({ clientId: WEB_USER_TEXT.clientRequired });
    }
  });

  it('gives a new user, or a user moved to another client, only an active client; one already there keeps it', async () => {
    const [inactive] = await t.db.select({ id: clients.id }).from(clients).where(eq(clients.state, false)).limit(1);
    expect(inactive).toBeDefined();
    const res = await call('POST', '/api/web-users/', newUser({ email: 'cliente.inactivo@campo.test', rolId: ROLE.CLIENT, clientId: inactive.id }));
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().errors).toEqual({ clientId: WEB_USER_TEXT.clientInactive });
    expect(await t.db.select().from(users).where(eq(users.email, 'cliente.inactivo@campo.test'))).toEqual([]);

    const user = await create({ email: 'se.queda@campo.test', rolId: ROLE.CLIENT, clientId });
    expect((await call('PUT', '/api/web-users', { id: user.id, clientId: inactive.id })).json().errors).toEqual({ clientId: WEB_USER_TEXT.clientInactive });
    // Its client deactivated later, the user is still edited as before.
    await t.db.update(users).set({ clientId: inactive.id }).where(eq(users.id, user.id));
    const kept = await call('PUT', '/api/web-users', { id: user.id, names: 'Sigue' });
    expect(kept.statusCode, kept.body).toBe(200);
    expect(kept.json()).toMatchObject({ names: 'Sigue', clientId: inactive.id });
  });

  it('clears the client and the actions a staff role cannot have', async () => {
    const getter = await create({ email: 'nuevo.getter@campo.test', rolId: ROLE.GETTER, clientId, actions: [1] });
    expect(getter.clientId).toBeNull();
    expect(getter.users_actions).toEqual([]);
  });

  it('gives each field its Spanish message', async () => {
    const res = await call('POST', '/api/web-users/', {
      names: ' ',
      lastName: '',
      email: 'no-es-un-email',
      password: 'corta',
      rolId: null,
      primaryPhone: '011 15 4444',
      linkSurveyMonkey: 'no es una url',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({
      names: MSG.required,
      lastName: MSG.required,
      email: MSG.email,
      password: MSG.password,
      rolId: MSG.required,
      primaryPhone: MSG.phone,
      linkSurveyMonkey: MSG.url,
    });
    expect((await call('POST', '/api/web-users/', newUser({ email: 'x@campo.test', password: '' }))).json().errors).toEqual({ password: MSG.required });
    // An address with an invisible character reads as another's and receives no mail.
    for (const email of ['admin\u200b@campo.test', 'admin@campo\u200b.test', 'adm\u202ein@campo.test']) {
      const invisible = await call('POST', '/api/web-users/', newUser({ email }));
      expect([invisible.statusCode, invisible.json().errors], JSON.stringify(email)).toEqual([400, { email: MSG.email }]);
    }
    expect((await call('POST', '/api/web-users/', newUser({ email: 'x@campo.test', rolId: 16 }))).json().errors).toEqual({ rolId: WEB_USER_TEXT.roleInvalid });
  });

  it('reads a role, a client or a permission only from a number or its digits: true, [1] or "1e0" never make an administrator', async () => {
    const before = (await list('')).count;
    for (const rolId of [true, [ROLE.ADMIN], '1e0', ' 1']) {
      const res = await call('POST', '/api/web-users/', newUser({ email: 'coercion@andinos.com.ar', rolId }));
      expect(res.statusCode, JSON.stringify(rolId)).toBe(400);
      expect(res.json().errors).toEqual({ rolId: WEB_USER_TEXT.roleInvalid });
    }
    expect((await call('POST', '/api/web-users/', newUser({ email: 'coercion@andinos.com.ar', clientId: true }))).json().errors).toEqual({ clientId: INVALID_ID });
    expect((await call('POST', '/api/web-users/', newUser({ email: 'coercion@andinos.com.ar', actions: [true] }))).json().errors).toEqual({ 'actions.0': 'Permiso inválido' });
    expect((await list('')).count).toBe(before);

    const user = await create({ email: 'coercion@andinos.com.ar', rolId: ROLE.OPERATIONS, clientId: null, actions: [] });
    for (const change of [{ rolId: true }, { rolId: [ROLE.ADMIN] }, { rolId: ROLE.CLIENT, clientId: [clientId] }]) {
      const res = await call('PUT', '/api/web-users', { id: user.id, ...change });
      expect(res.statusCode, JSON.stringify(change)).toBe(400);
    }
    const [stored] = await t.db.select({ rolId: users.rolId, clientId: users.clientId }).from(users).where(eq(users.id, user.id));
    expect(stored).toEqual({ rolId: ROLE.OPERATIONS, clientId: null });
    // Digits as text are still an id, as a select may send them.
    const edited = await call('PUT', '/api/web-users', { id: user.id, rolId: String(ROLE.CLIENT), clientId: String(clientId) });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json()).toMatchObject({ rolId: ROLE.CLIENT, clientId });
  });

  it('refuses an e-mail already in use, whatever its case, and writes nothing', async () => {
    const before = (await list('')).count;
    const res = await call('POST', '/api/web-users/', newUser({ email: 'ADMIN@Campo.Test', rolId: ROLE.OPERATIONS }));
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ message: WEB_USER_TEXT.emailTaken, errors: { email: WEB_USER_TEXT.emailTaken } });
    expect((await list('')).count).toBe(before);
  });

  it('edits a user: an empty password keeps the old one, a new one must meet the rule', async () => {
    const user = await create({ email: 'edita@andinos.com.ar' });
    const edit = (overrides: Record<string, unknown>) => call('PUT', '/api/web-users', { ...newUser({ email: 'edita@andinos.com.ar' }), id: user.id, ...overrides });
    const kept = await edit({ password: '', names: 'Rosa María', actions: [] });
    expect(kept.statusCode, kept.body).toBe(200);
    expect(kept.json()).toMatchObject({ names: 'Rosa María', users_actions: [{ action_id: 1, active: false }] });
    await t.login('edita@andinos.com.ar', PASSWORD);
    expect((await edit({ password: 'sinsimbolo1' })).json().errors).toEqual({ password: MSG.password });
    expect((await edit({ password: 'Nueva#clave9' })).statusCode).toBe(200);
    await expect(t.login('edita@andinos.com.ar', PASSWORD)).rejects.toThrow(/401/);
    await t.login('edita@andinos.com.ar', 'Nueva#clave9');
    const taken = await edit({ email: 'Operaciones@campo.test' });
    expect(taken.statusCode).toBe(409);
    expect((await call('PUT', '/api/web-users', { ...newUser({ email: 'otro@campo.test' }), id: 999999 })).statusCode).toBe(404);
  });

  it('keeps on update every field left out: an inactive user stays inactive, with its phone, link, WhatsApp and permissions', async () => {
    const user = await create({ email: 'conserva@andinos.com.ar' });
    await call('PUT', '/api/web-users/state', { id: user.id, status: false });
    const update = async (body: Record<string, unknown>) => {
      const res = await call('PUT', '/api/web-users', { id: user.id, ...body });
      expect(res.statusCode, res.body).toBe(200);
      return res.json() as WebUser;
    };
    const kept = {
      status: false,
      sendWhatsappNotification: true,
      primaryPhone: '2614556677',
      linkSurveyMonkey: 'https://encuestas.campo.test/andinos',
      clientId,
      users_actions: [expect.objectContaining({ action_id: 1, active: true })],
    };
    expect(await update({ names: 'Rosa Inés', lastName: 'Benavídez', email: 'conserva@andinos.com.ar', rolId: ROLE.CLIENT, clientId })).toMatchObject({ names: 'Rosa Inés', ...kept });
    expect(await update({ lastName: 'Godoy' })).toMatchObject({ names: 'Rosa Inés', lastName: 'Godoy', email: 'conserva@andinos.com.ar', rolId: ROLE.CLIENT, ...kept });
    await expect(t.login('conserva@andinos.com.ar', PASSWORD)).rejects.toThrow(/401/);

    // Sent empty, they are cleared (the phone with the WhatsApp notifications it receives); a staff role drops the client and the permission.
    expect(await update({ primaryPhone: '', sendWhatsappNotification: false, linkSurveyMonkey: null })).toMatchObject({ primaryPhone: null, sendWhatsappNotification: false, linkSurveyMonkey: null, status: false });
    expect(await update({ rolId: ROLE.GETTER })).toMatchObject({ rolId: ROLE.GETTER, clientId: null, users_actions: [expect.objectContaining({ action_id: 1, active: false })] });
    // Back to a client role, the client it needs is not in the body nor stored.
    const noClient = await call('PUT', '/api/web-users', { id: user.id, rolId: ROLE.CLIENT });
    expect(noClient.statusCode).toBe(400);
    expect(noClient.json().errors).toEqual({ clientId: WEB_USER_TEXT.clientRequired });
    expect((await call('PUT', '/api/web-users', { id: user.id, names: '', rolId: null })).json().errors).toEqual({ names: MSG.required, rolId: MSG.required });
  });

  it('reads the permissions as GET answers them (users_actions), on create and update, and refuses them sent twice', async () => {
    const created = await call('POST', '/api/web-users/', { ...newUser({ email: 'permisos@andinos.com.ar' }), actions: undefined, users_actions: [{ action_id: 1, active: true }] });
    expect(created.statusCode, created.body).toBe(201);
    const user = created.json() as WebUser;
    expect(user.users_actions).toEqual([expect.objectContaining({ action_id: 1, active: true })]);
    const update = (body: Record<string, unknown>) => call('PUT', '/api/web-users', { id: user.id, ...body });
    // What GET answered, sent back with the permission turned off: taken away.
    const read = (await call('GET', `/api/web-users/${user.id}`)).json() as WebUser;
    const off = await update({ users_actions: read.users_actions!.map((a) => ({ ...a, active: false })) });
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json().users_actions).toEqual([expect.objectContaining({ action_id: 1, active: false })]);
    expect((await update({ users_actions: [{ action_id: 1, active: true }] })).json().users_actions).toEqual([expect.objectContaining({ action_id: 1, active: true })]);
    // Both ways at once could disagree: refused, nothing written.
    const twice = await update({ actions: [], users_actions: [{ action_id: 1, active: true }] });
    expect(twice.statusCode).toBe(400);
    expect(twice.json().errors).toEqual({ users_actions: WEB_USER_TEXT.actionsTwice });
    expect((await update({ users_actions: [{ action_id: 1, active: false }, { action_id: 1, active: true }] })).json().errors).toEqual({ users_actions: WEB_USER_TEXT.actionRepeated });
    expect((await update({ users_actions: [{ action_id: 'uno', active: 'sí' }] })).json().errors).toEqual({ 'users_actions.0.action_id': 'Permiso inválido', 'users_actions.0.active': 'Debe ser verdadero o falso' });
    expect(((await call('GET', `/api/web-users/${user.id}`)).json() as WebUser).users_actions).toEqual([expect.objectContaining({ action_id: 1, active: true })]);
  });

  it('refuses an e-mail whose letters only look Latin (fullwidth, Cyrillic), which would read as another account', async () => {
    expect((await call('POST', '/api/web-users/', newUser({ email: 'josé.peña@peña.com.ar', rolId: ROLE.OPERATIONS, clientId: null, actions: [] }))).statusCode).toBe(201);
    for (const email of ['\uff41dmin@campo.test', '\u0430dmin@campo.test']) {
      const res = await call('POST', '/api/web-users/', newUser({ email, rolId: ROLE.OPERATIONS, clientId: null, actions: [] }));
      expect(res.statusCode, email).toBe(400);
      expect(res.json().errors).toEqual({ email: MSG.email });
    }
  });

  it('refuses to change the client of a user still in charge of points of sale of its client, writing nothing', async () => {
    const [other] = await t.db.select({ id: clients.id }).from(clients).where(ne(clients.id, clientId)).limit(1);
    const owned = (await t.db.select({ id: locations.id }).from(locations).where(eq(locations.clientId, clientId)).orderBy(locations.id).limit(3)).map((l) => l.id);
    expect(owned).toHaveLength(3);
    const franchise = await create({ email: 'franquicia.pv@andinos.com.ar', rolId: ROLE.FRANCHISE });
    const zoneManager = await create({ email: 'gerente.pv@andinos.com.ar', rolId: ROLE.ZONE_MANAGER });
    await t.db.update(locations).set({ ownerId: franchise.id }).where(inArray(locations.id, owned.slice(0, 2)));
    await t.db.insert(locationZoneManagers).values({ locationId: owned[2], userId: zoneManager.id });
    const stored = async (userId: number) => (await t.db.select().from(users).where(eq(users.id, userId)))[0];
    const before = await stored(franchise.id);

    const moved = await call('PUT', '/api/web-users', { id: franchise.id, clientId: other.id, names: 'Otra' });
    expect(moved.statusCode, moved.body).toBe(409);
    expect(moved.json()).toEqual({ message: WEB_USER_TEXT.stillInCharge(2), errors: { clientId: WEB_USER_TEXT.stillInCharge(2) } });
    expect(WEB_USER_TEXT.stillInCharge(2)).toMatch(/todavía está a cargo de 2 puntos de venta de su cliente actual/);
    // A staff role drops the client too: refused as the role change it is, on the role.
    const toStaff = await call('PUT', '/api/web-users', { id: franchise.id, rolId: ROLE.GETTER });
    expect(toStaff.statusCode).toBe(409);
    expect(toStaff.json().errors).toEqual({ rolId: WEB_USER_TEXT.stillInCharge(2, 'rol') });
    expect(await stored(franchise.id)).toEqual(before);

    const managed = await call('PUT', '/api/web-users', { ...newUser({ email: 'gerente.pv@andinos.com.ar', rolId: ROLE.ZONE_MANAGER, password: '' }), id: zoneManager.id, clientId: other.id });
    expect(managed.statusCode).toBe(409);
    expect(managed.json().message).toBe(WEB_USER_TEXT.stillInCharge(1));
    expect(WEB_USER_TEXT.stillInCharge(1)).toMatch(/a cargo de 1 punto de venta de su cliente actual/);
    expect((await stored(zoneManager.id)).clientId).toBe(clientId);

    // Nor its role, in the same client: a client user cannot own a point of sale (it could not be saved).
    const demoted = await call('PUT', '/api/web-users', { id: franchise.id, rolId: ROLE.CLIENT });
    expect(demoted.statusCode, demoted.body).toBe(409);
    expect(demoted.json()).toEqual({ message: WEB_USER_TEXT.stillInCharge(2, 'rol'), errors: { rolId: WEB_USER_TEXT.stillInCharge(2, 'rol') } });
    expect(WEB_USER_TEXT.stillInCharge(2, 'rol')).toMatch(/^No se puede cambiar el rol: el usuario todavía está a cargo de 2 puntos de venta/);
    expect((await call('PUT', '/api/web-users', { id: zoneManager.id, rolId: ROLE.FRANCHISE })).json().errors).toEqual({ rolId: WEB_USER_TEXT.stillInCharge(1, 'rol') });
    expect(await stored(franchise.id)).toEqual(before);
    expect((await stored(zoneManager.id)).rolId).toBe(ROLE.ZONE_MANAGER);

    // The same client is no change; once freed of its points of sale, the user may move.
    expect((await call('PUT', '/api/web-users', { id: franchise.id, clientId, names: 'Dueña' })).statusCode).toBe(200);
    await t.db.update(locations).set({ ownerId: null }).where(inArray(locations.id, owned.slice(0, 2)));
    await t.db.delete(locationZoneManagers).where(eq(locationZoneManagers.userId, zoneManager.id));
    expect((await call('PUT', '/api/web-users', { id: franchise.id, clientId: other.id })).json()).toMatchObject({ clientId: other.id, names: 'Dueña' });
    expect((await call('PUT', '/api/web-users', { id: zoneManager.id, clientId: other.id })).json()).toMatchObject({ clientId: other.id });
  });

  it("keeps a client-side user's dashboard links ('Supervisión', 'Historial'), checks them as links and drops them for other roles", async () => {
    const links = { checklistAccessUrl: 'https://checklist.campo.test/supervision/andinos', checkerAccessToken: 'checker.campo.test/historial/andinos' };
    const bad = await call('POST', '/api/web-users/', newUser({ email: 'links.malos@andinos.com.ar', checklistAccessUrl: 'no es un enlace', checkerAccessToken: 'javascript:alert(1)' }));
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toEqual({ checklistAccessUrl: MSG.url, checkerAccessToken: MSG.url });
    expect(await t.db.select().from(users).where(eq(users.email, 'links.malos@andinos.com.ar'))).toEqual([]);

    const user = await create({ email: 'con.panel@andinos.com.ar', ...links });
    expect(user).toMatchObject(links);
    expect((await call('GET', `/api/web-users/${user.id}`)).json()).toMatchObject(links);
    // Left out, they stay; a bad one is refused on update too, and an empty one clears it.
    expect((await call('PUT', '/api/web-users', { id: user.id, names: 'Rosa Inés' })).json()).toMatchObject({ names: 'Rosa Inés', ...links });
    const badEdit = await call('PUT', '/api/web-users', { id: user.id, checkerAccessToken: 'historial' });
    expect(badEdit.statusCode).toBe(400);
    expect(badEdit.json().errors).toEqual({ checkerAccessToken: MSG.url });
    expect((await call('PUT', '/api/web-users', { id: user.id, checkerAccessToken: '' })).json()).toMatchObject({ checklistAccessUrl: links.checklistAccessUrl, checkerAccessToken: null });

    // The user's profile carries them, with its client's checklist, as the dashboard reads them.
    const { token, id } = await t.login('con.panel@andinos.com.ar', PASSWORD);
    const [client] = await t.db.select().from(clients).where(eq(clients.id, clientId));
    const profile = (await call('GET', `/api/core-users/users/userProfile/${id}`, undefined, token)).json();
    expect(profile).toMatchObject({ checklistAccessUrl: links.checklistAccessUrl, checkerAccessToken: null, client: { clientInfo: { checklist: client.checklist } } });

    // Roles without the dashboard's buttons have no such links: a staff role drops them.
    expect(await create({ email: 'staff.links@campo.test', rolId: ROLE.OPERATIONS, clientId: null, actions: [], ...links })).toMatchObject({ checklistAccessUrl: null, checkerAccessToken: null });
    expect((await call('PUT', '/api/web-users', { id: user.id, rolId: ROLE.GETTER })).json()).toMatchObject({ rolId: ROLE.GETTER, checklistAccessUrl: null, checkerAccessToken: null });
  });

  it('shows one user with its actions, and 404 for one that does not exist', async () => {
    const res = await call('GET', `/api/web-users/${adminId}`);
    expect(res.json()).toMatchObject({ id: adminId, email: 'admin@campo.test', users_actions: [] });
    expect(res.body).not.toContain('password');
    expect((await call('GET', '/api/web-users/999999')).json()).toEqual({ message: WEB_USER_TEXT.notFound });
  });
});

describe('activation and WhatsApp', () => {
  it('deactivates a user (who can no longer log in) and activates it again', async () => {
    const user = await create({ email: 'activa@andinos.com.ar' });
    const off = await call('PUT', '/api/web-users/state', { id: user.id, status: false });
    expect(off.json()).toMatchObject({ id: user.id, status: false });
    await expect(t.login('activa@andinos.com.ar', PASSWORD)).rejects.toThrow(/401/);
    expect((await call('PUT', '/api/web-users/state', { id: user.id, status: true })).json().status).toBe(true);
    await t.login('activa@andinos.com.ar', PASSWORD);
    const deleted = await call('DELETE', `/api/web-users/${user.id}`);
    expect(deleted.json().status).toBe(false);
    expect((await t.db.select().from(users).where(eq(users.id, user.id))).length).toBe(1);
  });

  it('an administrator who changes its own password stays in, and only its other sessions end', async () => {
    const here = await t.login('calidad1@campo.test');
    const elsewhere = await t.login('calidad1@campo.test');
    const changed = await call('PUT', '/api/web-users', { id: here.id, password: 'Otra#Clave2026' }, here.token);
    expect(changed.statusCode, changed.body).toBe(200);
    // This session goes on, and renews.
    expect((await call('GET', '/api/web-users?limit=1', undefined, here.token)).statusCode).toBe(200);
    const renewed = await t.app.inject({ method: 'POST', url: '/api/auth/refresh-token', payload: { refreshToken: here.refreshToken } });
    expect(renewed.statusCode, renewed.body).toBe(200);
    // The one on another device ends, token and refresh.
    expect((await call('GET', '/api/web-users?limit=1', undefined, elsewhere.token)).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'POST', url: '/api/auth/refresh-token', payload: { refreshToken: elsewhere.refreshToken } })).statusCode).toBe(401);
    await t.login('calidad1@campo.test', 'Otra#Clave2026');
    // Another user's new password ends all of that user's sessions, as before.
    const other = await t.login('calidad2@campo.test');
    expect((await call('PUT', '/api/web-users', { id: other.id, password: 'Otra#Clave2026' }, here.token)).statusCode).toBe(200);
    expect((await call('GET', '/api/web-users?limit=1', undefined, other.token)).statusCode).toBe(401);
  });

  it('does not let an administrator deactivate itself', async () => {
    const res = await call('PUT', '/api/web-users/state', { id: adminId, status: false });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(WEB_USER_TEXT.selfDeactivate);
    expect((await call('DELETE', `/api/web-users/${adminId}`)).statusCode).toBe(400);
  });

  it('does not let an administrator change its own role, and changes nothing', async () => {
    const before = (await t.db.select().from(users).where(eq(users.id, adminId)))[0];
    const own = { ...newUser({ names: 'Otro', email: 'admin@campo.test', rolId: ROLE.OPERATIONS, clientId: null, password: '' }), id: adminId, status: true };
    const res = await call('PUT', '/api/web-users', own);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().errors).toEqual({ rolId: WEB_USER_TEXT.selfRole });
    expect((await t.db.select().from(users).where(eq(users.id, adminId)))[0]).toEqual(before);
  });

  it('switches the WhatsApp notification', async () => {
    const user = await create({ email: 'whatsapp@andinos.com.ar', sendWhatsappNotification: false });
    const on = await call('PUT', '/api/web-users/whatsapp', { id: user.id, sendWhatsappNotification: true });
    expect(on.json().sendWhatsappNotification).toBe(true);
    const [stored] = await t.db.select().from(users).where(eq(users.id, user.id));
    expect(stored.sendWhatsappNotification).toBe(true);
  });

  it('turns WhatsApp on only for a user with a phone, and keeps the phone of one who gets it', async () => {
    const stored = async (userId: number) => (await t.db.select({ phone: users.primaryPhone, whatsapp: users.sendWhatsappNotification }).from(users).where(eq(users.id, userId)))[0];
    const needsPhone = { primaryPhone: WEB_USER_TEXT.whatsappNeedsPhone };

    const created = await call('POST', '/api/web-users/', newUser({ email: 'sin.telefono@andinos.com.ar', primaryPhone: '', sendWhatsappNotification: true }));
    expect([created.statusCode, created.json().errors]).toEqual([400, needsPhone]);
    expect(await t.db.select().from(users).where(eq(users.email, 'sin.telefono@andinos.com.ar'))).toEqual([]);

    const phoneless = await create({ email: 'sin.telefono@andinos.com.ar', primaryPhone: '', sendWhatsappNotification: false });
    const fromList = await call('PUT', '/api/web-users/whatsapp', { id: phoneless.id, sendWhatsappNotification: true });
    expect([fromList.statusCode, fromList.json().message]).toEqual([409, WEB_USER_TEXT.whatsappNoPhone]);
    const fromForm = await call('PUT', '/api/web-users', { id: phoneless.id, sendWhatsappNotification: true });
    expect([fromForm.statusCode, fromForm.json().errors]).toEqual([400, needsPhone]);
    expect(await stored(phoneless.id)).toEqual({ phone: null, whatsapp: false });
    expect((await call('PUT', '/api/web-users/whatsapp', { id: 999999, sendWhatsappNotification: true })).statusCode).toBe(404);

    // Its phone is kept while it gets the notifications; cleared with them off.
    const receiver = await create({ email: 'con.telefono@andinos.com.ar', sendWhatsappNotification: true });
    const removed = await call('PUT', '/api/web-users', { id: receiver.id, primaryPhone: '' });
    expect([removed.statusCode, removed.json().errors]).toEqual([400, needsPhone]);
    expect(await stored(receiver.id)).toEqual({ phone: '2614556677', whatsapp: true });
    expect((await call('PUT', '/api/web-users', { id: receiver.id, primaryPhone: '', sendWhatsappNotification: false })).statusCode).toBe(200);
    expect(await stored(receiver.id)).toEqual({ phone: null, whatsapp: false });

    // One stored on without a phone (before this rule) can still be turned off from the list.
    await t.db.update(users).set({ sendWhatsappNotification: true }).where(eq(users.id, receiver.id));
    const off = await call('PUT', '/api/web-users/whatsapp', { id: receiver.id, sendWhatsappNotification: false });
    expect([off.statusCode, off.json().sendWhatsappNotification]).toEqual([200, false]);
  });
});

describe('roles and permissions', () => {
  it('lists the 15 roles with their descriptions', async () => {
    const roles = (await call('GET', '/api/web-users-roles')).json() as { id: number; description: string }[];
    expect(roles).toHaveLength(15);
    expect(roles[0]).toEqual({ id: 1, description: 'Administrador' });
    expect(roles.find((r) => r.id === 15)?.description).toBe('Gerente zonal');
  });

  it('answers the actions of a role', async () => {
    expect((await call('GET', '/api/web-users/permissions/roles-actions?role_id=5')).json()).toEqual([{ actionId: 1, description: 'Descargar video mystery', roleId: 5 }]);
    expect((await call('GET', '/api/web-users/permissions/roles-actions?role_id=1')).json()).toEqual([]);
    expect((await call('GET', '/api/web-users/permissions/roles-actions')).statusCode).toBe(400);
  });

  it('admits only administrators: 403 for operations and client users, 401 without a session', async () => {
    const operations = (await t.login('operaciones@campo.test')).token;
    const client = (await t.login('cliente@campo.test')).token;
    const routes = [
      ['GET', '/api/web-users'],
      ['GET', '/api/web-users/get/all'],
      ['GET', '/api/web-users/csv'],
      ['GET', `/api/web-users/${adminId}`],
      ['POST', '/api/web-users/'],
      ['PUT', '/api/web-users'],
      ['PUT', '/api/web-users/state'],
      ['PUT', '/api/web-users/whatsapp'],
      ['DELETE', `/api/web-users/${adminId}`],
      ['GET', '/api/web-users-roles'],
      ['GET', '/api/web-users/permissions/roles-actions?role_id=5'],
      ['POST', '/api/web-users/massive'],
    ] as const;
    for (const [method, url] of routes) {
      for (const token of [operations, client]) {
        const res = await call(method, url, method === 'GET' || method === 'DELETE' ? undefined : newUser({ email: 'intruso@campo.test' }), token);
        expect(res.statusCode, `${method} ${url}`).toBe(403);
        expect(res.json()).toEqual({ message: AUTH_TEXT.forbidden });
      }
      expect((await t.app.inject({ method, url })).statusCode).toBe(401);
    }
    expect((await t.db.select().from(users).where(eq(users.email, 'intruso@campo.test'))).length).toBe(0);
    expect((await t.db.select().from(userActions).where(eq(userActions.userId, adminId))).length).toBe(0);
  });
});

describe.runIf(inject('postgresServer') !== null)('on PostgreSQL, a point of sale given to a franchise user while the user moves to another client', () => {
  // PGlite has one connection, so no other transaction can hold a row: this one runs on PostgreSQL.
  const postgres = adminOnPostgres();

  it('is waited for, then counted: the move is refused, and the point of sale keeps an owner of its client', async () => {
    const { pg, token } = postgres;
    const [{ id: andinos }] = await pg.db.select({ id: clients.id }).from(clients).where(eq(clients.name, 'Supermercados Andinos'));
    const [elsewhere] = await pg.db.select({ id: clients.id }).from(clients).where(ne(clients.id, andinos)).limit(1);
    const created = await pg.app.inject({ method: 'POST', url: '/api/web-users/', headers: pg.authHeader(token), payload: newUser({ email: 'franquicia.carrera@andinos.com.ar', rolId: ROLE.FRANCHISE, clientId: andinos }) });
    expect(created.statusCode, created.body).toBe(201);
    const franchise = created.json() as WebUser;
    const [place] = await pg.db
      .select({ id: locations.id, countryId: locations.countryId, stateId: locations.stateId, cityId: locations.cityId })
      .from(locations)
      .where(eq(locations.clientId, andinos))
      .orderBy(locations.id)
      .limit(1);
    // Another transaction saves the point of sale with that owner (as PUT /locations does) and has not committed.
    let commit!: () => void;
    const held = new Promise<void>((resolve) => (commit = resolve));
    let checked!: () => void;
    const ownerChecked = new Promise<void>((resolve) => (checked = resolve));
    const saving = pg.db.transaction(async (tx) => {
      await checkLocationRefs(tx, andinos, { countryId: place.countryId, stateId: place.stateId, cityId: place.cityId, ownerId: franchise.id, zoneManagersIds: [], featureValues: [], keysValues: [] }, place.id);
      checked();
      await held;
      await tx.update(locations).set({ ownerId: franchise.id }).where(eq(locations.id, place.id));
    });
    await ownerChecked;
    const ours = pg.app.inject({ method: 'PUT', url: '/api/web-users', headers: pg.authHeader(token), payload: { id: franchise.id, clientId: elsewhere.id } });
    await untilSomeoneWaitsOnALock(pg.db, async () => {
      commit();
      await saving.catch(() => undefined);
      return new Error(`Moving the user never waited for the point of sale being saved: it answered ${(await ours).statusCode}`);
    });
    commit();
    await saving;
    const res = await ours;
    expect([res.statusCode, res.json().message]).toEqual([409, WEB_USER_TEXT.stillInCharge(1)]);
    expect((await pg.db.select({ clientId: users.clientId }).from(users).where(eq(users.id, franchise.id)))[0].clientId).toBe(andinos);
  });
});

describe.runIf(inject('postgresServer') !== null)('on PostgreSQL, WhatsApp turned on while the phone is being removed', () => {
  const postgres = adminOnPostgres();

  it('waits for the removal, then refuses: no user gets WhatsApp without a phone', async () => {
    const { pg, token } = postgres;
    const created = await pg.app.inject({ method: 'POST', url: '/api/web-users/', headers: pg.authHeader(token), payload: newUser({ email: 'telefono.carrera@andinos.com.ar', sendWhatsappNotification: false }) });
    expect(created.statusCode, created.body).toBe(201);
    const user = created.json() as WebUser;
    // Another transaction removes the phone and has not committed.
    let commit!: () => void;
    const held = new Promise<void>((resolve) => (commit = resolve));
    let removed!: () => void;
    const phoneRemoved = new Promise<void>((resolve) => (removed = resolve));
    const removing = pg.db.transaction(async (tx) => {
      await tx.update(users).set({ primaryPhone: null }).where(eq(users.id, user.id));
      removed();
      await held;
    });
    await phoneRemoved;
    const ours = pg.app.inject({ method: 'PUT', url: '/api/web-users/whatsapp', headers: pg.authHeader(token), payload: { id: user.id, sendWhatsappNotification: true } });
    await untilSomeoneWaitsOnALock(pg.db, async () => {
      commit();
      await removing.catch(() => undefined);
      return new Error(`Turning WhatsApp on never waited for the phone being removed: it answered ${(await ours).statusCode}`);
    });
    commit();
    await removing;
    const res = await ours;
    expect([res.statusCode, res.json().message]).toEqual([409, WEB_USER_TEXT.whatsappNoPhone]);
    expect((await pg.db.select({ phone: users.primaryPhone, whatsapp: users.sendWhatsappNotification }).from(users).where(eq(users.id, user.id)))[0]).toEqual({ phone: null, whatsapp: false });
  });
});
