/**
 * The per-e-mail limits of the session routes (failed logins, restore mails), kept in the database:
 * every instance on the same database counts the same events, requests sent together count one after
 * the other, and events out of the window stop counting and go. And the per-IP limit of each session
 * route, also counted in the database.
 */
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { AUTH_TEXT } from '../../domain/auth';
import { type App, buildApp } from '../../server/app';
import { authAttempts, mailOutbox, rateWindows, users } from '../../server/db/schema';
import { DEMO_PASSWORD } from '../../server/db/seed';
import { EmailWindow } from '../../server/services/emailWindow';
import { LoginFailures, MAX_FAILURES, WINDOW_MS } from '../../server/services/loginFailures';
import { MAX_RESTORE_REQUESTS } from '../../server/services/restoreRequests';
import { createTestApp, type TestApp } from './helpers';

let t: TestApp;
/** A second instance of the server on the same database, as behind a balancer. */
let other: App;
beforeAll(async () => {
  t = await createTestApp();
  other = await buildApp({ config: t.config, db: t.db, logger: false });
  await other.ready();
});
afterAll(async () => {
  await other?.close();
  await t?.close();
});

const login = (app: App, email: string, password: string) => app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password } });
const askRestore = (app: App, email: string) => app.inject({ method: 'POST', url: `/api/auth/sendUserTokenByEmail/${encodeURIComponent(email)}` });
const rowsOf = async (kind: string, emailKey: string) =>
  (await t.db.select({ n: sql<number>`count(*)::int` }).from(authAttempts).where(and(eq(authAttempts.kind, kind), eq(authAttempts.emailKey, emailKey))))[0].n;

describe('failed logins per e-mail', () => {
  it('counts the failures of every instance: ten between two of them refuse the e-mail on both, whatever its case', async () => {
    const email = 'operaciones@campo.test';
    for (let i = 0; i < MAX_FAILURES; i++) expect((await login(i % 2 ? other : t.app, i % 3 ? email : ` ${email.toUpperCase()}`, `Mala#clave${i}`)).statusCode).toBe(401);
    for (const app of [t.app, other]) {
      const refused = await login(app, email, DEMO_PASSWORD);
      expect([refused.statusCode, refused.json()]).toEqual([429, { message: AUTH_TEXT.tooManyFailures }]);
    }
    expect((await login(other, 'comercial@campo.test', DEMO_PASSWORD)).statusCode).toBe(200);
  });

  it('lets through at most ten of many wrong passwords sent at once', async () => {
    const email = 'administracion@campo.test';
    const answers = await Promise.all(Array.from({ length: 25 }, (_, i) => login(i % 2 ? other : t.app, email, `Mala#clave${i}`)));
    const codes = answers.map((a) => a.statusCode);
    expect(codes.filter((c) => c === 401)).toHaveLength(MAX_FAILURES);
    expect(codes.filter((c) => c === 429)).toHaveLength(25 - MAX_FAILURES);
  });

  it('forgets the failures once the e-mail logs in, and those out of the window stop counting', async () => {
    const email = 'cuentas@campo.test';
    for (let i = 0; i < MAX_FAILURES - 1; i++) expect((await login(t.app, email, `Mala#clave${i}`)).statusCode).toBe(401);
    expect((await login(other, email, DEMO_PASSWORD)).statusCode).toBe(200);
    expect(await rowsOf('login', email)).toBe(0);

    for (let i = 0; i < MAX_FAILURES; i++) expect((await login(t.app, email, `Mala#clave${i}`)).statusCode).toBe(401);
    expect((await login(t.app, email, DEMO_PASSWORD)).statusCode).toBe(429);
    // Fifteen minutes later (the rows aged by the database's clock): the e-mail logs in again.
    await t.db.update(authAttempts).set({ at: sql`${authAttempts.at} - make_interval(secs => ${WINDOW_MS / 1000 + 1})` }).where(eq(authAttempts.emailKey, email));
    expect((await login(other, email, DEMO_PASSWORD)).statusCode).toBe(200);
  });
  it('lets a locked-out e-mail in at once with the password it restored', async () => {
    const email = 'franquicia@campo.test';
    for (let i = 0; i < MAX_FAILURES; i++) expect((await login(t.app, email, `Mala#clave${i}`)).statusCode).toBe(401);
    expect((await login(t.app, email, DEMO_PASSWORD)).statusCode).toBe(429);
    expect((await askRestore(other, email)).statusCode).toBe(200);
    const [mail] = await t.db.select().from(mailOutbox).where(eq(mailOutbox.to, email)).orderBy(sql`${mailOutbox.id} desc`).limit(1);
    const token = /cambiarContrase%C3%B1a\/([A-Za-z0-9_-]+)/.exec(mail.text)![1];
    const [{ id }] = await t.db.select({ id: users.id }).from(users).where(eq(users.email, email));
    const password = 'Nueva#Clave2026';
    const restored = await t.app.inject({ method: 'POST', url: `/api/auth/restoreUserPassword/${id}`, payload: { password, confirmPassword: password, token } });
    expect(restored.statusCode).toBe(200);
    // Right after the answer, on the other instance too: the count went with the restore's commit.
    expect((await login(other, email, password)).statusCode).toBe(200);
  });
});

describe('restore mails per e-mail', () => {
  it('sends five an hour for one e-mail across instances, even asked for all at once, and the same 429 for an unknown one', async () => {
    const known = 'calidad1@campo.test';
    const unknown = 'nadie-limites@campo.test';
    const answers = await Promise.all(Array.from({ length: 8 }, (_, i) => askRestore(i % 2 ? other : t.app, i % 2 ? known.toUpperCase() : known)));
    expect(answers.filter((a) => a.statusCode === 200)).toHaveLength(MAX_RESTORE_REQUESTS);
    const refused = answers.filter((a) => a.statusCode === 429);
    expect(refused).toHaveLength(8 - MAX_RESTORE_REQUESTS);
    expect(refused[0].json()).toEqual({ message: AUTH_TEXT.tooManyRestores });
    for (let i = 0; i < MAX_RESTORE_REQUESTS; i++) expect((await askRestore(i % 2 ? other : t.app, unknown)).statusCode).toBe(200);
    const sixthUnknown = await askRestore(t.app, unknown);
    expect([sixthUnknown.statusCode, sixthUnknown.body]).toEqual([refused[0].statusCode, refused[0].body]);
  });
});

describe('the events table', () => {
  it('drops the events out of the window of every e-mail now and then, and keeps those within it', async () => {
    // A window of a minute, lived through without waiting: the old e-mail's row aged by the database's
    // clock, this instance's clock a window later. (A 200 ms window, slept through, pruned the new row too
    // when the machine was busy enough to take 200 ms between the insert and the prune.)
    const windowMs = 60_000;
    const window = new EmailWindow(t.db, 'test-prune', 3, windowMs);
    expect(await window.take('vieja@campo.test')).toBe(true);
    await t.db
      .update(authAttempts)
      .set({ at: sql`${authAttempts.at} - make_interval(secs => ${windowMs / 1000 + 1})` })
      .where(and(eq(authAttempts.kind, 'test-prune'), eq(authAttempts.emailKey, 'vieja@campo.test')));
    const now = Date.now();
    const later = vi.spyOn(Date, 'now').mockReturnValue(now + windowMs + 1000);
    try {
      // Another e-mail's check, a window later: the old e-mail's row goes, though nobody checks it again.
      expect(await window.take('nueva@campo.test')).toBe(true);
    } finally {
      later.mockRestore();
    }
    await expect.poll(() => rowsOf('test-prune', 'vieja@campo.test')).toBe(0);
    expect(await rowsOf('test-prune', 'nueva@campo.test')).toBe(1);
  });

  it('keeps the limits apart: a login failure is not a restore mail', async () => {
    const failures = new LoginFailures(t.db, 2, WINDOW_MS);
    expect(await failures.attempt('aparte@campo.test')).toBe(true);
    expect(await failures.attempt('aparte@campo.test')).toBe(true);
    expect(await failures.attempt('aparte@campo.test')).toBe(false);
    expect(await rowsOf('restore', 'aparte@campo.test')).toBe(0);
    await failures.succeeded(' APARTE@campo.test');
    expect(await failures.attempt('aparte@campo.test')).toBe(true);
  });
});

describe('requests per address to each session route', () => {
  /** Two more instances on the same database, each allowing 3 requests a minute per address and route. */
  let a: App;
  let b: App;
  beforeAll(async () => {
    [a, b] = await Promise.all([0, 1].map(() => buildApp({ config: { ...t.config, authRateLimit: 3 }, db: t.db, logger: false })));
    await Promise.all([a.ready(), b.ready()]);
  });
  afterAll(async () => {
    await Promise.all([a?.close(), b?.close()]);
  });
  const checkEmail = (app: App, address: string) =>
    app.inject({ method: 'POST', url: '/api/auth/checkValidEmail', remoteAddress: address, payload: { email: 'nadie@campo.test' } });

  it('allows the limit once across instances, even sent all at once, and counts each address and route apart', async () => {
    const answers = await Promise.all(Array.from({ length: 8 }, (_, i) => checkEmail(i % 2 ? b : a, '198.51.100.7')));
    const codes = answers.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 429)).toHaveLength(5);
    expect(codes.filter((c) => c !== 429)).toHaveLength(3);
    const refused = answers.find((r) => r.statusCode === 429)!;
    expect(refused.json().message).toMatch(/^Demasiad/);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(50);
    expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(60);
    // Another address, and another route from the same address, have their own counts.
    expect((await checkEmail(b, '198.51.100.8')).statusCode).not.toBe(429);
    expect((await a.inject({ method: 'POST', url: '/api/auth/login', remoteAddress: '198.51.100.7', payload: { email: 'nadie@campo.test', password: 'Mala#clave1' } })).statusCode).toBe(401);
  });

  it('refuses an address past its limit without the database until its window ends', async () => {
    const address = '198.51.100.10';
    for (let i = 0; i < 4; i++) await checkEmail(a, address);
    const hitsOf = async () => (await t.db.select({ hits: rateWindows.hits }).from(rateWindows).where(sql`${rateWindows.key} like ${`%${address}`}`))[0].hits;
    const counted = await hitsOf();
    expect(counted).toBe(4);
    for (let i = 0; i < 5; i++) expect((await checkEmail(a, address)).statusCode).toBe(429);
    // Instance a knew the address was over: nothing more was written. Instance b learns it on its first.
    expect(await hitsOf()).toBe(counted);
    expect((await checkEmail(b, address)).statusCode).toBe(429);
    expect(await hitsOf()).toBe(counted + 1);
  });

  it('counts an IPv6 address by its /64 network: a host cannot take a new address for each request', async () => {
    const answers = [];
    for (let i = 1; i <= 4; i++) answers.push((await checkEmail(a, `2001:db8:abcd:12::${i.toString(16)}`)).statusCode);
    expect(answers.slice(0, 3)).not.toContain(429);
    expect(answers[3]).toBe(429);
    expect((await checkEmail(a, '2001:db8:abcd:13::1')).statusCode).not.toBe(429);
  });

  it('starts a new window once the minute has passed (by the database clock)', async () => {
    const address = '198.51.100.9';
    for (let i = 0; i < 3; i++) expect((await checkEmail(a, address)).statusCode).not.toBe(429);
    expect((await checkEmail(b, address)).statusCode).toBe(429);
    await t.db.update(rateWindows).set({ startedAt: sql`${rateWindows.startedAt} - interval '61 seconds'` }).where(sql`${rateWindows.key} like ${`%${address}`}`);
    // Asked of the instance that never refused it (b remembers its refusal by its own clock, a minute).
    expect((await checkEmail(a, address)).statusCode).not.toBe(429);
    const [row] = await t.db.select().from(rateWindows).where(sql`${rateWindows.key} like ${`%${address}`}`);
    expect(row.hits).toBe(1);
  });
});
