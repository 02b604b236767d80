import { and, eq, isNull, ne, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { AUTH_TEXT, type LoginAnswer, type UserProfile } from '../../domain/auth';
import { ROLE } from '../../domain/roles';
import { MSG } from '../../domain/validation';
import { clients, mailOutbox, refreshTokens, resetTokens, users } from '../../server/db/schema';
import { DEMO_PASSWORD } from '../../server/db/seed';
import { sha256 } from '../../server/services/sessions';
import { createTestApp, nowSeconds, signHs256, TEST_JWT_SECRET, type TestApp } from './helpers';

const SOOFT_SECRET = 'sooft-partner-shared-secret';
const SESSION_EXPIRED = AUTH_TEXT.sessionExpired;

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ sooftSecret: SOOFT_SECRET });
});
afterAll(() => t?.close());

const post = (url: string, payload?: unknown, headers?: Record<string, string>) => t.app.inject({ method: 'POST', url, payload: payload as never, headers });
const profile = (id: number, token?: string) =>
  t.app.inject({ method: 'GET', url: `/api/core-users/users/userProfile/${id}`, headers: token ? t.authHeader(token) : {} });
const userId = async (email: string) => (await t.db.select({ id: users.id }).from(users).where(eq(users.email, email)))[0].id;

describe('login', () => {
  it('refuses an account after ten wrong passwords, even with the right one, and no other account', async () => {
    const email = 'comercial@campo.test';
    for (let i = 0; i < 10; i++) expect((await post('/api/auth/login', { email, password: `Mala#clave${i}` })).statusCode).toBe(401);
    const blocked = await post('/api/auth/login', { email: email.toUpperCase(), password: DEMO_PASSWORD });
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toEqual({ message: AUTH_TEXT.tooManyFailures });
    expect((await post('/api/auth/login', { email: 'operaciones@campo.test', password: DEMO_PASSWORD })).statusCode).toBe(200);
  });

  it('answers an access token, its life in seconds, the user id and a refresh token', async () => {
    const res = await post('/api/auth/login', { email: 'admin@campo.test', password: DEMO_PASSWORD });
    expect(res.statusCode).toBe(200);
    const body = res.json() as LoginAnswer;
    expect(body).toEqual({ token: expect.any(String), expiration: t.config.accessTokenTtl, id: await userId('admin@campo.test'), refreshToken: expect.any(String) });
    expect(body.token.split('.')).toHaveLength(3);
    expect(body.refreshToken.length).toBeGreaterThanOrEqual(32);
    const stored = await t.db.select().from(refreshTokens).where(eq(refreshTokens.userId, body.id));
    // Stored hashed, never as given.
    expect(stored.filter((r) => r.tokenHash === sha256(body.refreshToken))).toHaveLength(1);
    expect(stored.some((r) => r.tokenHash === body.refreshToken)).toBe(false);
  });

  it('accepts the e-mail in any case and with surrounding spaces', async () => {
    const res = await post('/api/auth/login', { email: '  Admin@Campo.TEST ', password: DEMO_PASSWORD });
    expect(res.statusCode).toBe(200);
  });

  it('gives the client user its profile with role and client links', async () => {
    const { token, id } = await t.login('cliente@campo.test');
    const res = await profile(id, token);
    expect(res.statusCode).toBe(200);
    const body = res.json() as UserProfile;
    expect(body).toMatchObject({
      id,
      firstName: 'Carla',
      lastName: 'Cliente',
      email: 'cliente@campo.test',
      rolId: ROLE.CLIENT,
      rolDescription: 'Cliente',
      linkSurveyMonkey: 'https://encuestas.campo.test/satisfaccion',
      // The demo client holds 'Descargar video mystery' (action 1): its report opens each visit's video.
      permissions: [{ actionId: 1, active: true }],
    });
    expect(body.clientId).toEqual(expect.any(Number));
    expect(body.client).toEqual({
      claimUrl: 'https://forms.campo.test/reclamos/cafe-del-plata',
      contactUrl: 'https://forms.campo.test/contacto/cafe-del-plata',
      clientInfo: { urlInfoImg: null, checklist: true },
    });
  });

  it('describes the null-role user as Plataform with no client', async () => {
    const { token, id } = await t.login('plataforma@campo.test');
    const body = (await profile(id, token)).json() as UserProfile;
    expect(body).toMatchObject({ firstName: 'Pablo', rolId: null, rolDescription: 'Plataform', clientId: null, client: null });
  });

  it('refuses a wrong password and an unknown e-mail with the same 401', async () => {
    const wrong = await post('/api/auth/login', { email: 'admin@campo.test', password: 'Campo#2025' });
    const unknown = await post('/api/auth/login', { email: 'nadie@campo.test', password: DEMO_PASSWORD });
    for (const res of [wrong, unknown]) {
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ message: 'Usuario o contraseña incorrectos' });
    }
  });

  it('refuses a disabled account like a wrong password', async () => {
    await t.db.update(users).set({ status: false }).where(eq(users.email, 'inactivo@campo.test'));
    const res = await post('/api/auth/login', { email: 'inactivo@campo.test', password: DEMO_PASSWORD });
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toBe(AUTH_TEXT.wrongCredentials);
    await t.db.update(users).set({ status: true }).where(eq(users.email, 'inactivo@campo.test'));
  });

  it('answers a malformed body with a 400 in Spanish naming the fields', async () => {
    const empty = await post('/api/auth/login', {});
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toEqual({ message: 'Revise los datos ingresados.', errors: { email: MSG.required, password: MSG.required } });

    const noPassword = await post('/api/auth/login', { email: 'admin@campo.test', password: '' });
    expect(noPassword.statusCode).toBe(400);
    expect(noPassword.json().errors).toEqual({ password: MSG.required });

    const notJson = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: '{"email":', headers: { 'content-type': 'application/json' } });
    expect(notJson.statusCode).toBe(400);
    expect(notJson.json()).toEqual({ message: 'El cuerpo de la solicitud no es válido.' });
  });
});

describe('profile and bearer tokens', () => {
  it("gives a client-side user without a survey link of its own its client's, and keeps the user's own first", async () => {
    const { token, id } = await t.login('franquicia@campo.test');
    const [{ clientId }] = await t.db.select({ clientId: users.clientId }).from(users).where(eq(users.id, id));
    const [client] = await t.db.select().from(clients).where(eq(clients.id, clientId!));
    expect((await profile(id, token)).json().linkSurveyMonkey).toBeNull();
    try {
      await t.db.update(clients).set({ linkSurveyMonkey: 'https://encuestas.campo.test/del-cliente' }).where(eq(clients.id, client.id));
      expect((await profile(id, token)).json().linkSurveyMonkey).toBe('https://encuestas.campo.test/del-cliente');
      await t.db.update(users).set({ linkSurveyMonkey: 'https://encuestas.campo.test/propia' }).where(eq(users.id, id));
      expect((await profile(id, token)).json().linkSurveyMonkey).toBe('https://encuestas.campo.test/propia');
    } finally {
      await t.db.update(clients).set({ linkSurveyMonkey: client.linkSurveyMonkey }).where(eq(clients.id, client.id));
      await t.db.update(users).set({ linkSurveyMonkey: null }).where(eq(users.id, id));
    }
  });

  it('refuses another user profile to a non-admin and shows it to the admin', async () => {
    const client = await t.login('cliente@campo.test');
    const adminId = await userId('admin@campo.test');
    const res = await profile(adminId, client.token);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ message: AUTH_TEXT.forbidden });

    const admin = await t.login('admin@campo.test');
    const shown = await profile(client.id, admin.token);
    expect(shown.statusCode).toBe(200);
    expect(shown.json().email).toBe('cliente@campo.test');
  });

  it('answers 404 in Spanish for a profile that does not exist', async () => {
    const admin = await t.login('admin@campo.test');
    const res = await profile(987654, admin.token);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: 'El usuario no existe.' });
  });

  it('needs a session: no token is a 401', async () => {
    const res = await profile(1);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ message: 'Debe iniciar sesión para continuar.' });
  });

  it('refuses a token that is not a JWT, one signed with another key, an expired one and a refresh token', async () => {
    const { id, refreshToken } = await t.login('admin@campo.test');
    const claims = { sub: String(id), rol: ROLE.ADMIN, cid: null, typ: 'access' };
    const candidates = {
      garbage: 'not-a-token',
      otherKey: signHs256({ ...claims, iat: nowSeconds(), exp: nowSeconds() + 600 }, 'some-other-secret'),
      expired: signHs256({ ...claims, iat: nowSeconds() - 1200, exp: nowSeconds() - 600 }, TEST_JWT_SECRET),
      unsigned: signHs256({ ...claims, exp: nowSeconds() + 600 }, '', { alg: 'none', typ: 'JWT' }).replace(/[^.]+$/, ''),
      refresh: refreshToken,
    };
    for (const [name, token] of Object.entries(candidates)) {
      const res = await profile(id, token);
      expect(res.statusCode, name).toBe(401);
      expect(res.json(), name).toEqual({ message: SESSION_EXPIRED });
    }
    // The forged tokens fail for what they are, not because of how they were built.
    const wellSigned = signHs256({ ...claims, iat: nowSeconds(), exp: nowSeconds() + 600 }, TEST_JWT_SECRET);
    expect((await profile(id, wellSigned)).statusCode).toBe(200);
  });

  it('refuses a token of another type signed with the right key', async () => {
    const id = await userId('admin@campo.test');
    const token = t.app.jwt.sign({ sub: String(id), rol: ROLE.ADMIN, cid: null, typ: 'refresh' as never });
    const res = await profile(id, token);
    expect(res.statusCode).toBe(401);
  });
});

describe('a user changed after its token was issued', () => {
  const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
  const webUsers = (token: string) => t.app.inject({ method: 'GET', url: '/api/web-users?limit=1', headers: t.authHeader(token) });

  it('deactivated, its access token stops at once and its refresh token with it', async () => {
    const admin = (await t.login('admin@campo.test')).token;
    const id = await userId('lider.campo@campo.test');
    const leader = await t.login('lider.campo@campo.test');
    expect((await profile(id, leader.token)).statusCode).toBe(200);
    // Tokens carry their issue time in whole seconds: the change comes in a later one.
    await sleep(1100);
    const off = await t.app.inject({ method: 'PUT', url: '/api/web-users/state', headers: t.authHeader(admin), payload: { id, status: false } });
    expect(off.statusCode).toBe(200);
    const refused = await profile(id, leader.token);
    expect(refused.statusCode).toBe(401);
    expect(refused.json().message).toBe(SESSION_EXPIRED);
    expect((await post('/api/auth/refresh-token', { refreshToken: leader.refreshToken })).statusCode).toBe(401);
    await t.db.update(users).set({ status: true }).where(eq(users.id, id));
  });

  it('demoted, its old token no longer acts with the old role; a refresh gives the new one', async () => {
    const id = await userId('calidad2@campo.test');
    const [{ rolId }] = await t.db.select({ rolId: users.rolId }).from(users).where(eq(users.id, id));
    await t.db.update(users).set({ rolId: ROLE.ADMIN }).where(eq(users.id, id));
    const promoted = await t.login('calidad2@campo.test');
    expect((await webUsers(promoted.token)).statusCode).toBe(200);
    await sleep(1100);
    // Any path that changes the role (here SQL by hand, as a script would): the trigger dates it.
    await t.db.update(users).set({ rolId: ROLE.COMMERCIAL }).where(eq(users.id, id));
    await sleep(1100); // the guard trusts what it read for a second
    expect((await webUsers(promoted.token)).statusCode).toBe(401);
    const renewed = await post('/api/auth/refresh-token', { refreshToken: promoted.refreshToken });
    expect(renewed.statusCode).toBe(200);
    expect((await webUsers((renewed.json() as LoginAnswer).token)).statusCode).toBe(403);
    await t.db.update(users).set({ rolId }).where(eq(users.id, id));
  });

  it('moved to another client in the very second its token was issued, the token no longer acts for the old client', async () => {
    const id = await userId('cliente@campo.test');
    const [{ clientId }] = await t.db.select({ clientId: users.clientId }).from(users).where(eq(users.id, id));
    const [other] = await t.db.select({ id: clients.id }).from(clients).where(ne(clients.id, clientId!)).limit(1);
    const session = await t.login('cliente@campo.test');
    const { iat } = JSON.parse(Buffer.from(session.token.split('.')[1], 'base64url').toString()) as { iat: number };
    await t.db.update(users).set({ clientId: other.id }).where(eq(users.id, id));
    // The change dated in the second the token was issued, which is all the token's issue time says.
    await t.db.execute(sql`update users set sessions_valid_after = to_timestamp(${iat}) + interval '0.5 second' where id = ${id}`);
    const refused = await profile(id, session.token);
    expect(refused.statusCode).toBe(401);
    expect(refused.json().message).toBe(SESSION_EXPIRED);
    await t.db.update(users).set({ clientId }).where(eq(users.id, id));
  });

  it('moved to another client through another server, its renewed token works here at once', async () => {
    const id = await userId('cliente@campo.test');
    const [{ clientId, rolId }] = await t.db.select({ clientId: users.clientId, rolId: users.rolId }).from(users).where(eq(users.id, id));
    const [other] = await t.db.select({ id: clients.id }).from(clients).where(ne(clients.id, clientId!)).limit(1);
    const before = await t.login('cliente@campo.test');
    // Read here: this server keeps what it read for a second.
    expect((await profile(id, before.token)).statusCode).toBe(200);
    // Changed and renewed through another server (nothing this one answered): its token names the new client.
    await t.db.update(users).set({ clientId: other.id }).where(eq(users.id, id));
    const renewed = t.app.jwt.sign({ sub: String(id), rol: rolId as never, cid: other.id, typ: 'access' });
    expect((await profile(id, renewed)).statusCode).toBe(200);
    expect((await profile(id, before.token)).statusCode).toBe(401);
    await t.db.update(users).set({ clientId }).where(eq(users.id, id));
  });

  it('changed in what does not matter to a session (its name), keeps its token', async () => {
    const id = await userId('operaciones@campo.test');
    const ops = await t.login('operaciones@campo.test');
    await sleep(1100);
    await t.db.update(users).set({ names: 'Olga' }).where(eq(users.id, id));
    expect((await profile(id, ops.token)).statusCode).toBe(200);
  });
});

describe('refresh tokens', () => {
  const refresh = (refreshToken: string) => post('/api/auth/refresh-token', { refreshToken });

  it('rotates: the new refresh token works, reusing the old one revokes the whole family', async () => {
    const first = await t.login('operaciones@campo.test');
    const r1 = await refresh(first.refreshToken);
    expect(r1.statusCode).toBe(200);
    const second = r1.json() as LoginAnswer;
    expect(second).toEqual({ token: expect.any(String), expiration: t.config.accessTokenTtl, id: first.id, refreshToken: expect.any(String) });
    expect(second.refreshToken).not.toBe(first.refreshToken);
    expect((await profile(first.id, second.token)).statusCode).toBe(200);

    const r2 = await refresh(second.refreshToken);
    expect(r2.statusCode).toBe(200);
    const third = r2.json() as LoginAnswer;

    // The first token again: a theft signal.
    const reused = await refresh(first.refreshToken);
    expect(reused.statusCode).toBe(401);
    expect(reused.json()).toEqual({ message: SESSION_EXPIRED });
    // Even the newest token of that family is dead now.
    const newest = await refresh(third.refreshToken);
    expect(newest.statusCode).toBe(401);

    const family = await t.db.select().from(refreshTokens).where(eq(refreshTokens.userId, first.id));
    const familyId = family.find((r) => r.usedAt !== null)!.family;
    const members = family.filter((r) => r.family === familyId);
    expect(members).toHaveLength(3);
    expect(members.every((r) => r.revokedAt !== null)).toBe(true);
  });

  it('leaves other sessions of the same user alone when one family is revoked', async () => {
    const a = await t.login('gerente@campo.test');
    const b = await t.login('gerente@campo.test');
    expect((await refresh(a.refreshToken)).statusCode).toBe(200);
    expect((await refresh(a.refreshToken)).statusCode).toBe(401);
    expect((await refresh(b.refreshToken)).statusCode).toBe(200);
  });

  it('lets exactly one of two concurrent refreshes with the same token through', async () => {
    const { refreshToken } = await t.login('franquicia@campo.test');
    const answers = await Promise.all([refresh(refreshToken), refresh(refreshToken)]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 401]);
  });

  it('refuses an unknown, an empty and an expired refresh token', async () => {
    expect((await refresh('x'.repeat(43))).statusCode).toBe(401);
    const empty = await refresh('');
    expect(empty.statusCode).toBe(400);
    expect(empty.json().errors).toEqual({ refreshToken: MSG.required });

    const { refreshToken, id } = await t.login('franquicia@campo.test');
    await t.db.update(refreshTokens).set({ expiresAt: sql`now() - interval '1 minute'` }).where(eq(refreshTokens.userId, id));
    const res = await refresh(refreshToken);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ message: SESSION_EXPIRED });
  });

  it('ends a session on logout: its refresh token no longer works', async () => {
    const { refreshToken } = await t.login('admin@campo.test');
    const res = await post('/api/auth/logout', { refreshToken });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: 'Sesión cerrada' });
    expect((await refresh(refreshToken)).statusCode).toBe(401);
  });

  it('ends the access token with it, and leaves the same user\'s other sessions alone', async () => {
    const ended = await t.login('cliente@campo.test');
    const other = await t.login('cliente@campo.test');
    expect((await profile(ended.id, ended.token)).statusCode).toBe(200);
    expect((await post('/api/auth/logout', { refreshToken: ended.refreshToken })).statusCode).toBe(200);
    const res = await profile(ended.id, ended.token);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ message: SESSION_EXPIRED });
    expect((await profile(other.id, other.token)).statusCode).toBe(200);
  });

  it('ends the access tokens of a family revoked for a reused refresh token', async () => {
    const first = await t.login('gerente@campo.test');
    const second = (await refresh(first.refreshToken)).json() as LoginAnswer;
    expect((await profile(first.id, second.token)).statusCode).toBe(200);
    expect((await refresh(first.refreshToken)).statusCode).toBe(401);
    expect((await profile(first.id, second.token)).statusCode).toBe(401);
    expect((await profile(first.id, first.token)).statusCode).toBe(401);
  });

  it('adds no token to a family already ended, even one of its tokens left unrevoked (a logout racing a refresh)', async () => {
    const first = await t.login('operaciones@campo.test');
    const second = (await refresh(first.refreshToken)).json() as LoginAnswer;
    // The state a logout leaves when a refresh slipped its new token in beside it.
    await t.db.update(refreshTokens).set({ revokedAt: sql`now()` }).where(eq(refreshTokens.tokenHash, sha256(first.refreshToken)));
    const res = await refresh(second.refreshToken);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ message: SESSION_EXPIRED });
    expect((await profile(first.id, second.token)).statusCode).toBe(401);
  });

  it('answers logout with an unknown token the same way', async () => {
    const res = await post('/api/auth/logout', { refreshToken: 'nunca-existio' });
    expect(res.statusCode).toBe(200);
  });
});

/** One more app for the settings that differ: a small login limit, a 2 s access token, no partner secret. */
describe('with other settings', () => {
  let other: TestApp;
  beforeAll(async () => {
    other = await createTestApp({ authRateLimit: 3, accessTokenTtl: 2 });
  });
  afterAll(() => other?.close());

  const login = (password: string, remoteAddress = '127.0.0.1') =>
    other.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: 'admin@campo.test', password }, remoteAddress });

  it('answers 429 in Spanish once the login attempts of a minute run out', async () => {
    for (let i = 0; i < 3; i++) expect((await login('mala')).statusCode).toBe(401);
    const res = await login('mala');
    expect(res.statusCode).toBe(429);
    expect(res.json()).toEqual({ message: 'Demasiados intentos. Espere un momento y vuelva a intentarlo.' });
    // Even the right password waits.
    expect((await login(DEMO_PASSWORD)).statusCode).toBe(429);
    // Counted per client address and per route.
    expect((await login('mala', '10.0.0.7')).statusCode).toBe(401);
    const restore = await other.app.inject({ method: 'POST', url: '/api/auth/checkValidEmail', payload: { email: 'admin@campo.test' } });
    expect(restore.statusCode).toBe(200);
  });

  it('refuses an access token once its life is over', async () => {
    const res = await login(DEMO_PASSWORD, '10.0.0.9');
    expect(res.statusCode).toBe(200);
    const { token, id, expiration } = res.json() as LoginAnswer;
    expect(expiration).toBe(2);
    // exp is a whole second: the token lives between 1 and 2 seconds.
    const { exp } = JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString()) as { exp: number };
    expect(exp * 1000 - Date.now()).toBeGreaterThan(0);
    const url = `/api/core-users/users/userProfile/${id}`;
    expect((await other.app.inject({ url, headers: other.authHeader(token) })).statusCode).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, exp * 1000 - Date.now()) + 100));
    const expired = await other.app.inject({ url, headers: other.authHeader(token) });
    expect(expired.statusCode).toBe(401);
    expect(expired.json()).toEqual({ message: SESSION_EXPIRED });
  });

  it('keeps the sooft login closed when no partner secret is configured', async () => {
    const token = signHs256({ email: 'operaciones@campo.test', exp: nowSeconds() + 300 }, '');
    const res = await other.app.inject({ method: 'POST', url: '/api/auth/sooft-login', payload: { token } });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ message: AUTH_TEXT.invalidToken });
  });
});

describe('sooft single sign-on', () => {
  const sooft = (token: string) => post('/api/auth/sooft-login', { token });

  it('opens a session for the user named by a valid partner token', async () => {
    const token = signHs256({ email: 'Operaciones@campo.test', exp: nowSeconds() + 300 }, SOOFT_SECRET);
    const res = await sooft(token);
    expect(res.statusCode).toBe(200);
    const body = res.json() as LoginAnswer;
    expect(body.id).toBe(await userId('operaciones@campo.test'));
    expect((await profile(body.id, body.token)).json().rolId).toBe(ROLE.OPERATIONS);
  });

  it('refuses a bad signature, an expired token, another algorithm and an unknown user', async () => {
    const cases = {
      badSignature: signHs256({ email: 'operaciones@campo.test', exp: nowSeconds() + 300 }, 'not-the-secret'),
      expired: signHs256({ email: 'operaciones@campo.test', exp: nowSeconds() - 60 }, SOOFT_SECRET),
      otherAlgorithm: signHs256({ email: 'operaciones@campo.test' }, SOOFT_SECRET, { alg: 'HS512', typ: 'JWT' }),
      unknownUser: signHs256({ email: 'nadie@campo.test', exp: nowSeconds() + 300 }, SOOFT_SECRET),
      noEmail: signHs256({ sub: '1', exp: nowSeconds() + 300 }, SOOFT_SECRET),
      // A token must end, and soon: one leaked without an end (or a far one) would open a session forever.
      noExpiry: signHs256({ email: 'operaciones@campo.test' }, SOOFT_SECRET),
      farExpiry: signHs256({ email: 'operaciones@campo.test', exp: nowSeconds() + 24 * 3600 }, SOOFT_SECRET),
      longLived: signHs256({ email: 'operaciones@campo.test', iat: nowSeconds() - 3 * 3600, exp: nowSeconds() + 300 }, SOOFT_SECRET),
      notJwt: 'a.b',
    };
    for (const [name, token] of Object.entries(cases)) {
      const res = await sooft(token);
      expect(res.statusCode, name).toBe(401);
      expect(res.json(), name).toEqual({ message: AUTH_TEXT.invalidToken });
    }
  });
});

describe('password restore', () => {
  const EMAIL = 'gerente@campo.test';
  const NEW_PASSWORD = 'Nueva#clave9';
  const sendToken = (email: string) => post(`/api/auth/sendUserTokenByEmail/${encodeURIComponent(email)}`);
  const restore = (id: number, body: Record<string, unknown>) => post(`/api/auth/restoreUserPassword/${id}`, body);

  /** The token in the last restore mail sent to `to`, read from the outbox. */
  async function tokenFromOutbox(to: string): Promise<string> {
    const mails = await t.db.select().from(mailOutbox).where(eq(mailOutbox.to, to)).orderBy(mailOutbox.id);
    const mail = mails.at(-1)!;
    expect(mail.subject).toBe('Campo: restauración de contraseña');
    const match = /http:\/\/campo\.test\/cambiarContrase%C3%B1a\/([A-Za-z0-9_-]+)/.exec(mail.text);
    expect(match, mail.text).not.toBeNull();
    return match![1];
  }

  it('tells whether an e-mail belongs to an active account', async () => {
    expect((await post('/api/auth/checkValidEmail', { email: EMAIL })).json()).toEqual({ valid: true });
    expect((await post('/api/auth/checkValidEmail', { email: 'nadie@campo.test' })).json()).toEqual({ valid: false });
    const bad = await post('/api/auth/checkValidEmail', { email: 'no-es-un-email' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toEqual({ email: MSG.email });
  });

  it('restores an account whose address was made before the dots rule (two dots in a row)', async () => {
    const legacy = 'ana..paz@campo.test';
    const [source] = await t.db.select().from(users).where(eq(users.email, EMAIL));
    await t.db.insert(users).values({ names: 'Ana', lastName: 'Paz', email: legacy, passwordHash: source.passwordHash, rolId: source.rolId, clientId: source.clientId, status: true });
    expect((await sendToken(legacy)).statusCode).toBe(200);
    expect(await tokenFromOutbox(legacy)).toMatch(/^[A-Za-z0-9_-]+$/);
  });

  it('mails nothing for an unknown e-mail but answers the same', async () => {
    const before = await t.db.select().from(mailOutbox);
    const res = await sendToken('nadie@campo.test');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: AUTH_TEXT.tokenSent });
    expect(await t.db.select().from(mailOutbox)).toHaveLength(before.length);
  });

  it('mails one account at most five times an hour, whatever addresses ask, and answers an unknown e-mail alike', async () => {
    const known = 'analista@campo.test';
    const unknown = 'nadie.jamas@campo.test';
    // Each request from its own address: the per-IP limit never comes into it.
    let host = 0;
    const ask = (email: string) => t.app.inject({ method: 'POST', url: `/api/auth/sendUserTokenByEmail/${encodeURIComponent(email)}`, remoteAddress: `10.9.0.${++host}` });
    const mails = async () => (await t.db.select().from(mailOutbox).where(eq(mailOutbox.to, known))).length;
    const before = await mails();
    for (const email of [known, ' ANALISTA@campo.test', known, 'Analista@Campo.test', known]) {
      const res = await ask(email);
      expect([res.statusCode, res.json()]).toEqual([200, { message: AUTH_TEXT.tokenSent }]);
    }
    expect(await mails()).toBe(before + 5);
    for (let i = 0; i < 5; i++) expect((await ask(unknown)).statusCode).toBe(200);

    const sixth = await ask(known);
    const sixthUnknown = await ask(unknown);
    expect([sixth.statusCode, sixth.json()]).toEqual([429, { message: AUTH_TEXT.tooManyRestores }]);
    // Past the limit too, nothing tells an account from an unknown e-mail.
    expect([sixthUnknown.statusCode, sixthUnknown.body]).toEqual([sixth.statusCode, sixth.body]);
    expect((await ask(known.toUpperCase())).statusCode).toBe(429);
    expect(await mails()).toBe(before + 5);
    // The last link mailed still restores, and other accounts still get theirs.
    const id = await userId(known);
    const token = await tokenFromOutbox(known);
    expect((await post(`/api/auth/checkValidToken/${token}`)).json()).toEqual({ userId: id });
    expect((await ask('comercial@campo.test')).statusCode).toBe(200);
  });

  it('restores a password with the mailed token, once', async () => {
    const id = await userId(EMAIL);
    // A session open before the restore: it ends with it.
    const before = await t.login(EMAIL);
    await new Promise((resolve) => setTimeout(resolve, 1100));
    const sent = await sendToken(EMAIL);
    expect(sent.statusCode).toBe(200);
    expect(sent.json()).toEqual({ message: AUTH_TEXT.tokenSent });
    const token = await tokenFromOutbox(EMAIL);
    const stored = await t.db.select().from(resetTokens).where(eq(resetTokens.userId, id));
    expect(stored.map((r) => r.tokenHash)).toContain(sha256(token));
    expect(stored.map((r) => r.tokenHash)).not.toContain(token);

    const check = await post(`/api/auth/checkValidToken/${token}`);
    expect(check.statusCode).toBe(200);
    expect(check.json()).toEqual({ userId: id });

    const weak = await restore(id, { password: 'abcdefgh', confirmPassword: 'abcdefgh', token });
    expect(weak.statusCode).toBe(400);
    expect(weak.json()).toEqual({ message: 'Revise los datos ingresados.', errors: { password: MSG.password } });

    const mismatch = await restore(id, { password: NEW_PASSWORD, confirmPassword: `${NEW_PASSWORD}x`, token });
    expect(mismatch.statusCode).toBe(400);
    expect(mismatch.json().errors).toEqual({ confirmPassword: 'Las contraseñas deben coincidir' });

    const wrongUser = await restore(await userId('admin@campo.test'), { password: NEW_PASSWORD, confirmPassword: NEW_PASSWORD, token });
    expect(wrongUser.statusCode).toBe(400);
    expect(wrongUser.json()).toEqual({ message: AUTH_TEXT.invalidToken });

    const ok = await restore(id, { password: NEW_PASSWORD, confirmPassword: NEW_PASSWORD, token });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({ message: AUTH_TEXT.restored });
    expect((await post('/api/auth/refresh-token', { refreshToken: before.refreshToken })).statusCode).toBe(401);
    expect((await profile(id, before.token)).statusCode).toBe(401);

    expect((await t.login(EMAIL, NEW_PASSWORD)).id).toBe(id);
    const old = await post('/api/auth/login', { email: EMAIL, password: DEMO_PASSWORD });
    expect(old.statusCode).toBe(401);

    const again = await restore(id, { password: 'Otra#clave77', confirmPassword: 'Otra#clave77', token });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({ message: 'El Token utilizado es inválido o ha expirado.' });
    expect((await post(`/api/auth/checkValidToken/${token}`)).statusCode).toBe(400);
    expect((await t.login(EMAIL, NEW_PASSWORD)).id).toBe(id);
  });

  it.runIf(inject('postgresServer') !== null)('keeps one link alive: asked for at once, and after a restore no other link restores again', async () => {
    const EMAIL2 = 'cliente@campo.test';
    const id = await userId(EMAIL2);
    const live = () => t.db.select().from(resetTokens).where(and(eq(resetTokens.userId, id), isNull(resetTokens.usedAt)));
    const answers = await Promise.all([1, 2, 3, 4].map(() => sendToken(EMAIL2)));
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200, 200]);
    expect(await live()).toHaveLength(1);
    // Two links alive however it came about (a link of before this fix): the restore with one ends the other.
    const token = await tokenFromOutbox(EMAIL2);
    await t.db.insert(resetTokens).values({ userId: id, tokenHash: sha256('otro-enlace-vigente-0123456789'), expiresAt: sql`now() + interval '1 hour'` });
    expect((await restore(id, { password: NEW_PASSWORD, confirmPassword: NEW_PASSWORD, token })).statusCode).toBe(200);
    expect(await live()).toHaveLength(0);
    const other = await restore(id, { password: 'Otra#clave77', confirmPassword: 'Otra#clave77', token: 'otro-enlace-vigente-0123456789' });
    expect([other.statusCode, other.json()]).toEqual([400, { message: AUTH_TEXT.invalidToken }]);
    expect((await t.login(EMAIL2, NEW_PASSWORD)).id).toBe(id);
  });

  it('refuses an expired token', async () => {
    const id = await userId(EMAIL);
    await sendToken(EMAIL);
    const token = await tokenFromOutbox(EMAIL);
    await t.db.update(resetTokens).set({ expiresAt: sql`now() - interval '1 second'` }).where(eq(resetTokens.userId, id));

    const check = await post(`/api/auth/checkValidToken/${token}`);
    expect(check.statusCode).toBe(400);
    expect(check.json()).toEqual({ message: AUTH_TEXT.invalidToken });
    const res = await restore(id, { password: 'Vencida#123', confirmPassword: 'Vencida#123', token });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: 'El Token utilizado es inválido o ha expirado.' });
    expect((await t.login(EMAIL, NEW_PASSWORD)).id).toBe(id);
  });

  it('invalidates the previous token when a new one is sent', async () => {
    const id = await userId(EMAIL);
    await sendToken(EMAIL);
    const first = await tokenFromOutbox(EMAIL);
    await sendToken(EMAIL);
    const second = await tokenFromOutbox(EMAIL);
    expect(second).not.toBe(first);

    expect((await post(`/api/auth/checkValidToken/${first}`)).statusCode).toBe(400);
    const stale = await restore(id, { password: 'Primera#123', confirmPassword: 'Primera#123', token: first });
    expect(stale.statusCode).toBe(400);
    expect(stale.json()).toEqual({ message: AUTH_TEXT.invalidToken });

    expect((await post(`/api/auth/checkValidToken/${second}`)).json()).toEqual({ userId: id });
    const ok = await restore(id, { password: 'Segunda#123', confirmPassword: 'Segunda#123', token: second });
    expect(ok.statusCode).toBe(200);
    expect((await t.login(EMAIL, 'Segunda#123')).id).toBe(id);
  });
});
