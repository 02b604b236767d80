/**
 * Security checks the session and bank suites do not already make (see auth.test.ts for refresh
 * rotation and reuse, single-use and expiring reset tokens, the login limit): the reset routes'
 * limits, what the reset reveals, the password hash's cost, security headers and the CSP against the
 * configured frames, stored rich text, and secrets in the logs.
 */
import { type AddressInfo, connect } from 'node:net';
import { Writable } from 'node:stream';
import { eq } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GUIDELINE_SECTIONS } from '../../domain/guidelines';
import { clients, mailOutbox, users } from '../../server/db/schema';
import { DEMO_PASSWORD } from '../../server/db/seed';
import { trustProxy } from '../../server/config';
import { REFRESH_LIMIT_FACTOR } from '../../server/routes/auth';
import { createTestApp, TEST_JWT_SECRET, type TestApp } from './helpers';
import { expectSpanish } from './hostile-input';

let t: TestApp;
let admin: Record<string, string>;
beforeAll(async () => {
  t = await createTestApp();
  admin = t.authHeader((await t.login('admin@campo.test')).token);
});
afterAll(() => t?.close());

const post = (app: TestApp, url: string, payload?: unknown) => app.app.inject({ method: 'POST', url, ...(payload === undefined ? {} : { payload: payload as never }) });

describe('rate limits on the session and restore routes', () => {
  let limited: TestApp;
  beforeAll(async () => {
    limited = await createTestApp({ authRateLimit: 3 });
  });
  afterAll(() => limited?.close());

  it.each([
    ['login', '/api/auth/login', { email: 'admin@campo.test', password: 'mala' }],
    ['reset mail', `/api/auth/sendUserTokenByEmail/${encodeURIComponent('nadie@campo.test')}`, undefined],
    ['e-mail check', '/api/auth/checkValidEmail', { email: 'nadie@campo.test' }],
    ['reset token check', '/api/auth/checkValidToken/dG9rZW4tcXVlLW5vLWV4aXN0ZS0xMjM0NTY3ODkw', undefined],
    ['password restore', '/api/auth/restoreUserPassword/1', { password: 'Nueva#clave9', confirmPassword: 'Nueva#clave9', token: 'x'.repeat(40) }],
  ] as const)('%s: the 4th attempt of a minute is a Spanish 429', async (_name, url, body) => {
    const answers = [];
    for (let i = 0; i < 4; i++) answers.push(await post(limited, url, body));
    expect(answers.slice(0, 3).map((r) => r.statusCode)).not.toContain(429);
    expect(answers[3].statusCode).toBe(429);
    expectSpanish(answers[3].json().message, url);
  });

  it('refresh: allows ten times the limit (every open console renews), then a Spanish 429', async () => {
    const answers = [];
    for (let i = 0; i < 3 * REFRESH_LIMIT_FACTOR + 1; i++) answers.push(await post(limited, '/api/auth/refresh-token', { refreshToken: 'x'.repeat(40) }));
    expect(answers.slice(0, 3 * REFRESH_LIMIT_FACTOR).map((r) => r.statusCode)).not.toContain(429);
    expect(answers.at(-1)!.statusCode).toBe(429);
    expectSpanish(answers.at(-1)!.json().message, 'refresh');
  });

  it('counts the caller, not the X-Forwarded-For it sends (a new address each time once escaped the limit)', async () => {
    const spoofed = await createTestApp({ authRateLimit: 3 });
    try {
      const answers = [];
      for (let i = 0; i < 4; i++) {
        answers.push(await spoofed.app.inject({ method: 'POST', url: '/api/auth/login', headers: { 'x-forwarded-for': `203.0.113.${i + 1}` }, payload: { email: 'admin@campo.test', password: 'mala' } }));
      }
      expect(answers.map((r) => r.statusCode)).toEqual([401, 401, 401, 429]);
    } finally {
      await spoofed.close();
    }
  });
});

describe('TRUST_PROXY', () => {
  it('believes no proxy unless told, and then the ones named', () => {
    expect([undefined, '', 'false', ' ', 'FALSE'].map(trustProxy)).toEqual([false, false, false, false, false]);
    expect([trustProxy('true'), trustProxy('True')]).toEqual([true, true]);
    expect(trustProxy('127.0.0.1, 10.1.0.0/16, ::1')).toEqual(['127.0.0.1', '10.1.0.0/16', '::1']);
    // A hop count or a typo would be read as an address and trust nobody: the server does not start.
    for (const wrong of ['1', 'verdadero', '10.0.0.0/33', '10.0.0.1/8/1']) expect(() => trustProxy(wrong), wrong).toThrow(/^TRUST_PROXY: /);
  });
});

describe('the password restore', () => {
  it('answers an existing and an unknown e-mail byte for byte the same', async () => {
    const known = await post(t, `/api/auth/sendUserTokenByEmail/${encodeURIComponent('gerente@campo.test')}`);
    const unknown = await post(t, `/api/auth/sendUserTokenByEmail/${encodeURIComponent('nadie.nunca@campo.test')}`);
    expect(known.statusCode).toBe(unknown.statusCode);
    expect(known.body).toBe(unknown.body);
    const headers = (r: typeof known) => Object.keys(r.headers).filter((h) => !['date', 'x-ratelimit-reset', 'content-length'].includes(h)).sort();
    expect(headers(known)).toEqual(headers(unknown));
  });
});

describe('stored passwords', () => {
  it('are scrypt hashes with N ≥ 16384, a 16-byte salt and a 64-byte key, never the password', async () => {
    const rows = await t.db.select({ hash: users.passwordHash }).from(users).limit(200);
    expect(rows.length).toBeGreaterThan(10);
    for (const { hash } of rows) {
      expect(hash).not.toContain(DEMO_PASSWORD);
      const [scheme, n, salt, key] = hash!.split('$');
      expect(scheme).toBe('scrypt');
      expect(Number(n)).toBeGreaterThanOrEqual(16384);
      expect(Buffer.from(salt, 'base64')).toHaveLength(16);
      expect(Buffer.from(key, 'base64')).toHaveLength(64);
    }
  });

  it('salts each user created through the API on its own: one password, two different hashes', async () => {
    const password = 'Misma#clave1';
    const hashes: string[] = [];
    for (const n of [1, 2]) {
      const email = `sal${n}.${Date.now()}@campo.test`;
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/web-users/',
        headers: admin,
        payload: { names: 'Sal', lastName: `Prueba ${n}`, email, primaryPhone: '1144445555', linkSurveyMonkey: null, rolId: 2, clientId: null, status: true, sendWhatsappNotification: false, actions: [], password },
      });
      expect(res.statusCode, res.body).toBe(201);
      hashes.push((await t.db.select({ hash: users.passwordHash }).from(users).where(eq(users.email, email)))[0].hash!);
    }
    expect(hashes[0]).not.toBe(hashes[1]);
    expect(hashes[0].split('$')[2]).not.toBe(hashes[1].split('$')[2]);
  });

  it('take a measurable time to derive (a slow hash), not microseconds', async () => {
    const { hashPassword } = await import('../../server/services/passwords');
    const started = performance.now();
    await hashPassword('Una#clave123');
    expect(performance.now() - started).toBeGreaterThan(5);
  });
});

describe('security headers', () => {
  it('answers with nosniff, no framing by others, no referrer leak, no powered-by, and a strict CSP', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/settings/public' });
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-powered-by']).toBeUndefined();
    expect(res.headers['referrer-policy']).toBe('no-referrer');
    expect(res.headers['strict-transport-security']).toMatch(/max-age=\d+/);
    const csp = String(res.headers['content-security-policy']);
    const directive = (name: string) => csp.split(';').map((d) => d.trim()).find((d) => d.startsWith(`${name} `))?.slice(name.length + 1).split(' ') ?? [];
    expect(directive('default-src')).toEqual(["'self'"]);
    expect(directive('script-src')).toEqual(["'self'"]);
    expect(directive('object-src')).toEqual(["'none'"]);
    expect(directive('frame-ancestors')).toEqual(["'self'"]);
    expect(csp).not.toMatch(/unsafe-eval/);
    expect(directive('script-src')).not.toContain("'unsafe-inline'");
  });

  it('puts the same headers on a refused, a not-found and a failed answer as on a good one', async () => {
    const good = await t.app.inject({ method: 'GET', url: '/api/settings/public' });
    const names = ['x-content-type-options', 'referrer-policy', 'strict-transport-security', 'content-security-policy', 'x-frame-options'];
    const refused = await t.app.inject({ method: 'GET', url: '/api/clients/all-clients' });
    const missing = await t.app.inject({ method: 'GET', url: '/api/no-existe' });
    const bad = await t.app.inject({ method: 'GET', url: '/api/clients/all-clients?limit=abc', headers: admin });
    expect([refused.statusCode, missing.statusCode, bad.statusCode]).toEqual([401, 404, 400]);
    for (const res of [refused, missing, bad]) for (const name of names) expect(res.headers[name], name).toBe(good.headers[name]);
    expect(good.headers['x-frame-options']).toBe('SAMEORIGIN');
  });

  it('lets no browser or proxy keep a copy of an API answer, good or refused; the documentation pages keep theirs', async () => {
    const answers = [
      await t.app.inject({ method: 'GET', url: '/api/clients/all-clients?page=1&limit=5', headers: admin }),
      await t.app.inject({ method: 'GET', url: `/api/core-users/users/userProfile/1`, headers: admin }),
      await t.app.inject({ method: 'GET', url: '/api/clients/all-clients' }),
      await t.app.inject({ method: 'GET', url: '/api/no-existe' }),
      await post(t, '/api/auth/login', { email: 'admin@campo.test', password: DEMO_PASSWORD }),
      await t.app.inject({ method: 'GET', url: '/api/health' }),
    ];
    expect(answers.map((r) => r.statusCode)).toEqual([200, 200, 401, 404, 200, 200]);
    for (const res of answers) expect(res.headers['cache-control'], res.raw.req.url).toBe('no-store');
    const docs = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(docs.statusCode).toBe(200);
    expect(docs.headers['cache-control']).not.toBe('no-store');
  });

  it('lets every frame a client configured load (claims, contact, survey) and nothing that is not https', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/settings/public' });
    const csp = String(res.headers['content-security-policy']);
    const frameSrc = csp.split(';').map((d) => d.trim()).find((d) => d.startsWith('frame-src '))!.split(' ').slice(1);
    const allows = (url: string) => {
      const { protocol, origin } = new URL(url);
      return frameSrc.some((source) => source === `${protocol}` || source === origin || (source === "'self'" && origin === 'http://campo.test'));
    };
    const rows = await t.db.select({ claimUrl: clients.claimUrl, contactUrl: clients.contactUrl, survey: clients.linkSurveyMonkey }).from(clients);
    const userLinks = await t.db.select({ survey: users.linkSurveyMonkey }).from(users);
    const urls = [...rows.flatMap((r) => [r.claimUrl, r.contactUrl, r.survey]), ...userLinks.map((u) => u.survey)].filter((u): u is string => Boolean(u));
    expect(urls.length).toBeGreaterThan(3);
    for (const url of urls) expect(allows(/^https?:/.test(url) ? url : `https://${url}`), url).toBe(true);
    expect(allows('http://inseguro.test/marco')).toBe(false);
    expect(allows('javascript:alert(1)')).toBe(false);
  });
});

describe('rich text', () => {
  const XSS = [
    '<script>alert(1)</script>',
    '<img src=x onerror=alert(1)>',
    '<a href="javascript:alert(1)">clic</a>',
    '<a href="JaVaScRiPt:alert(1)">clic</a>',
    '<a href="&#106;avascript:alert(1)">clic</a>',
    '<iframe src="https://malo.test"></iframe>',
    '<svg><script>alert(1)</script></svg>',
    '<style>body{display:none}</style>',
    '<p style="background:url(javascript:alert(1))">x</p>',
    '<math><mi xlink:href="javascript:alert(1)">x</mi></math>',
    '<form action="https://malo.test"><input name=x></form>',
    '<object data="data:text/html,<script>alert(1)</script>"></object>',
    '<p onmouseover="alert(1)">x</p>',
    '<a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">x</a>',
    '<base href="https://malo.test/">',
    '<meta http-equiv="refresh" content="0;url=https://malo.test">',
  ];
  const DANGEROUS = /<\s*(script|iframe|style|object|embed|form|input|base|meta|svg|math)\b|\son\w+\s*=|javascript:|data:text\/html|style\s*=/i;
  const filler = `<p>${'Texto del instructivo que alcanza el largo mínimo exigido. '.repeat(3)}</p>`;

  it('stores every rich-text field of a guideline without a script, handler, frame or javascript: link', async () => {
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...XSS), fc.constantFrom(...GUIDELINE_SECTIONS.map((s) => s.key)), fc.string({ maxLength: 20 }), async (attack, field, noise) => {
        const body: Record<string, unknown> = { name: `Instructivo XSS ${Math.random().toString(36).slice(2, 8)}` };
        for (const { key } of GUIDELINE_SECTIONS) body[key] = key === field ? `${filler}${noise}${attack}${noise}` : filler;
        const res = await t.app.inject({ method: 'POST', url: '/api/guidelines', headers: admin, payload: body });
        if (res.statusCode >= 400) {
          expectSpanish(res.json().message, attack);
          return;
        }
        expect(res.statusCode, res.body).toBe(201);
        const stored = (await t.app.inject({ method: 'GET', url: `/api/guidelines/${res.json().id}`, headers: admin })).json() as Record<string, string>;
        for (const { key } of GUIDELINE_SECTIONS) expect(stored[key], `${key}: ${attack}`).not.toMatch(DANGEROUS);
      }),
      { numRuns: 64 },
    );
  });
});

describe('the logs', () => {
  it('never hold a password, an access, refresh or reset token, or the JWT secret, even at trace level', async () => {
    let log = '';
    const sink = new Writable({
      write(chunk, _encoding, done) {
        log += chunk.toString();
        done();
      },
    });
    const logged = await createTestApp({ logLevel: 'trace' }, { logStream: sink });
    try {
      const email = 'gerente@campo.test';
      const login = await post(logged, '/api/auth/login', { email, password: DEMO_PASSWORD });
      expect(login.statusCode).toBe(200);
      const { token, refreshToken } = login.json() as { token: string; refreshToken: string };
      await post(logged, '/api/auth/login', { email, password: 'Clave#Equivocada1' });
      const refreshed = await post(logged, '/api/auth/refresh-token', { refreshToken });
      expect(refreshed.statusCode).toBe(200);
      await logged.app.inject({ method: 'GET', url: '/api/core-users/users/userProfile/1', headers: logged.authHeader(token) });
      await post(logged, `/api/auth/sendUserTokenByEmail/${encodeURIComponent(email)}`);
      const [mail] = (await logged.db.select().from(mailOutbox).where(eq(mailOutbox.to, email))).slice(-1);
      const resetToken = /cambiarContrase%C3%B1a\/([A-Za-z0-9_-]+)/.exec(mail.text)![1];
      expect((await post(logged, `/api/auth/checkValidToken/${resetToken}`)).statusCode).toBe(200);
      const id = (await logged.db.select({ id: users.id }).from(users).where(eq(users.email, email)))[0].id;
      const newPassword = 'Nueva#clave9';
      const restored = await post(logged, `/api/auth/restoreUserPassword/${id}`, { password: newPassword, confirmPassword: newPassword, token: resetToken });
      expect(restored.statusCode, restored.body).toBe(200);
      await post(logged, '/api/auth/logout', { refreshToken: refreshed.json().refreshToken });

      expect(log.length).toBeGreaterThan(1000);
      expect(log).toContain('/api/auth/login');
      const secrets = {
        password: DEMO_PASSWORD,
        wrongPassword: 'Clave#Equivocada1',
        newPassword,
        accessToken: token,
        accessSignature: token.split('.')[2],
        refreshToken,
        newRefreshToken: refreshed.json().refreshToken,
        resetToken,
        jwtSecret: TEST_JWT_SECRET,
      };
      for (const [name, secret] of Object.entries(secrets)) expect(log.includes(secret), `${name} in the log`).toBe(false);
    } finally {
      await logged.close();
    }
  });
});

describe('a request Node’s HTTP parser refuses before any route', () => {
  /** Sends raw bytes and reads the whole answer until the server closes the connection. */
  const raw = (port: number, bytes: string) =>
    new Promise<string>((resolve, reject) => {
      const socket = connect(port, '127.0.0.1', () => socket.end(bytes));
      let answer = '';
      socket.setEncoding('utf8');
      socket.on('data', (d: string) => (answer += d));
      socket.on('close', () => resolve(answer));
      socket.on('error', (error) => (answer ? resolve(answer) : reject(error)));
    });

  it('is answered in the one Spanish shape, with its status, and the connection closed', async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as AddressInfo;
    const cases: [string, number, string][] = [
      ['NO ES HTTP\r\n\r\n', 400, 'La solicitud no es válida.'],
      ['GET /api/settings HTTP/1.1\r\nHost: x\r\nContent-Length: abc\r\n\r\n', 400, 'La solicitud no es válida.'],
      ['POST /api/auth/login HTTP/1.1\r\nHost: x\r\nContent-Length: 5\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n', 400, 'La solicitud no es válida.'],
      [`GET /api/settings HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${'a'.repeat(100_000)}\r\n\r\n`, 431, 'Las cabeceras de la solicitud son demasiado grandes.'],
    ];
    for (const [bytes, status, message] of cases) {
      const answer = await raw(port, bytes);
      const [head, body] = answer.split('\r\n\r\n');
      const label = bytes.slice(0, 40);
      expect(head.split('\r\n')[0], label).toBe(`HTTP/1.1 ${status} ${status === 431 ? 'Request Header Fields Too Large' : 'Bad Request'}`);
      expect(head, label).toMatch(/content-type: application\/json; charset=utf-8/i);
      expect(Number(/content-length: (\d+)/i.exec(head)?.[1]), label).toBe(Buffer.byteLength(body));
      expect(JSON.parse(body), label).toEqual({ message });
    }
  });
});
