/**
 * Push notifications: the outbox sender by default, and the FCM HTTP v1 sender against an
 * FCM-like server on 127.0.0.1 (OAuth2 token endpoint and messages:send), dead tokens and outages.
 */
import { createVerify, generateKeyPairSync } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { asc, count, desc, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { AnsweredQuestionnaire } from '../../domain/move-api';
import { PUSH_LIMITS, PUSH_TEXT, type PushHistoryRow, type PushSendResult } from '../../domain/push';
import { ROLE } from '../../domain/roles';
import { deviceTokens, locations, projectLocations, pushMessages, pushOutbox, transactions, userMoves, users } from '../../server/db/schema';
import { deliver, PUSH_CONCURRENCY, type PushSender, pushNoticesFor } from '../../server/services/push';
import { createTestApp, type TestApp } from './helpers';
import { auditsOf, caller, type Detail, inStatus, type MoveRow, movesWhere, notRepublished, reload, withAgent } from './moves-helpers';

const GOOD = { title: 'Nuevas moves disponibles', message: 'Hay nuevas moves publicadas cerca tuyo, entrá a la app.' };

/** Moves whose Getter is active and has at least `devices` devices. */
const getterWithDevices = (devices = 1) =>
  sql`(select count(*) from device_tokens d join users u on u.id = d.user_id where d.user_id = ${userMoves.userId} and u.status) >= ${devices}`;

const tokensOf = async (t: TestApp, userId: number) =>
  (await t.db.select({ token: deviceTokens.token }).from(deviceTokens).where(eq(deviceTokens.userId, userId))).map((r) => r.token).sort();

/** The point of sale's name (the Getter does not know the client's internal code). */
const placeOf = async (t: TestApp, move: MoveRow) => {
  const [row] = await t.db
    .select({ name: locations.fullName })
    .from(projectLocations)
    .innerJoin(locations, eq(locations.id, projectLocations.locationId))
    .where(eq(projectLocations.id, move.projectLocationId));
  return row.name;
};

/**
 * ENVIAR as the console does it: the send is taken at once (202, SENDING, its devices counted) and goes
 * out after the answer; once the sends in flight are done, the message as `GET /push-notifications/:id` tells it.
 */
async function sendAndWait(t: TestApp, api: ReturnType<typeof caller>, token: string, body: Record<string, unknown>): Promise<PushSendResult> {
  const res = await api.call('POST', '/push-notifications/send-message', token, body);
  expect(res.statusCode, res.body).toBe(202);
  expect(['SENDING', 'SENT', 'ERROR']).toContain(res.json().status);
  await pushNoticesFor(t.app).idle();
  return api.ok<PushSendResult>('GET', `/push-notifications/${res.json().id}`, token);
}

const historySize = async (t: TestApp) => (await t.db.select({ n: count() }).from(pushMessages))[0].n;

/** The move's audit entry of the notice to its Getter, once the notices in flight are done. */
const noticeOf = async (t: TestApp, moveId: number) => {
  await pushNoticesFor(t.app).idle();
  return (await auditsOf(t, moveId)).filter((a) => a.action === 'notify');
};

const activeGetterTokens = (t: TestApp) =>
  t.db
    .select({ token: deviceTokens.token, userId: deviceTokens.userId })
    .from(deviceTokens)
    .innerJoin(users, eq(users.id, deviceTokens.userId))
    .where(eq(users.status, true))
    .orderBy(asc(deviceTokens.id));

describe('with the outbox (no FCM configured)', () => {
  let t: TestApp;
  let api: ReturnType<typeof caller>;
  let admin: string;
  beforeAll(async () => {
    t = await createTestApp();
    api = caller(t);
    admin = (await t.login('admin@campo.test')).token;
  });
  afterAll(() => t?.close());

  it('checks title and message with the spec’s messages', async () => {
    const cases: [Record<string, unknown>, string, string][] = [
      [{ title: '   ' }, 'title', 'Campo requerido'],
      [{ title: undefined }, 'title', 'Campo requerido'],
      [{ title: ' Corto  ' }, 'title', 'El campo es demasiado corto'],
      [{ title: 'x'.repeat(41) }, 'title', 'El campo es demasiado largo'],
      [{ message: '' }, 'message', 'Campo requerido'],
      [{ message: '  muy corto    ' }, 'message', 'El campo es demasiado corto'],
      [{ message: 'y'.repeat(151) }, 'message', 'El campo es demasiado largo'],
    ];
    const before = await t.db.select({ n: count() }).from(pushMessages);
    for (const [change, field, message] of cases) {
      const res = await api.call('POST', '/push-notifications/send-message', admin, { ...GOOD, ...change });
      expect(res.statusCode, JSON.stringify(change)).toBe(400);
      expect(res.json().errors[field], JSON.stringify(change)).toBe(message);
    }
    expect(await t.db.select({ n: count() }).from(pushMessages)).toEqual(before);
  });

  it('writes what each active Getter’s device would receive and records the send, newest first', async () => {
    const tokens = await activeGetterTokens(t);
    expect(tokens.length).toBeGreaterThan(5);
    // An inactive Getter's device gets nothing.
    const [inactive] = await t.db.select({ id: users.id }).from(users).where(eq(users.status, false)).limit(1);
    await t.db.insert(deviceTokens).values({ userId: inactive.id, token: 'token-de-un-getter-inactivo' });
    const result = await sendAndWait(t, api, admin, { title: `  ${GOOD.title}  `, message: GOOD.message });
    expect(result).toMatchObject({ title: GOOD.title, body: GOOD.message, totalMessagesSended: tokens.length, processedMessages: tokens.length, sucessfullMessages: tokens.length, removedTokens: 0, failedMessages: 0, status: 'SENT' });
    const outbox = await t.db.select().from(pushOutbox).where(eq(pushOutbox.messageId, result.id));
    expect(outbox.map((o) => o.token).sort()).toEqual(tokens.map((x) => x.token).sort());
    expect(outbox[0]).toMatchObject({ title: GOOD.title, body: GOOD.message });

    const history = await api.ok<{ rows: PushHistoryRow[]; count: number }>('GET', '/push-notifications/historial', admin);
    expect(history.rows[0]).toMatchObject({ id: result.id, title: GOOD.title, body: GOOD.message, totalMessagesSended: tokens.length, sucessfullMessages: tokens.length, removedTokens: 0, sentBy: { fullName: 'Ana Administradora' } });
    const dates = history.rows.map((r) => r.createdAt);
    expect(dates).toEqual([...dates].sort().reverse());
    expect(history.count).toBeGreaterThan(history.rows.length - 1);
    expect(history.rows.some((r) => r.status === 'ERROR' && r.error)).toBe(true);
  });

  it('logs a review action’s notice to the move’s Getter, outside the outbox and the history', async () => {
    const [move] = await movesWhere(t, inStatus('EN_REVISION'), withAgent, getterWithDevices());
    const [history, outbox] = [await historySize(t), (await t.db.select({ n: count() }).from(pushOutbox))[0].n];
    await api.ok('POST', '/user-moves/reject-one', admin, { id: move.id, reason: 'El video no corresponde al local.' });
    const devices = (await tokensOf(t, move.userId!)).length;
    expect(await noticeOf(t, move.id)).toMatchObject([
      { userId: expect.any(Number), detail: { notice: 'reject', getterId: move.userId, title: `Move ${move.code} rechazada`, devices, delivered: devices, removedTokens: 0 } },
    ]);
    expect(await historySize(t)).toBe(history);
    expect((await t.db.select({ n: count() }).from(pushOutbox))[0].n).toBe(outbox);
  });

  it('sorts the history by each of its columns, both ways, the id breaking ties; an unknown column is a 400', async () => {
    const made = await t.db
      .insert(pushMessages)
      .values([
        { title: 'Ñandú en la plaza', body: 'Zona norte con moves nuevas.', status: 'SENT', totalMessages: 30, successfulMessages: 5, removedTokens: 2, createdAt: sql`now() - interval '3 days'` },
        { title: 'árbol caído', body: 'avenida cortada hoy.', status: 'ERROR', totalMessages: 10, successfulMessages: 50, removedTokens: 0, createdAt: sql`now() - interval '2 days'` },
        { title: 'Ahorro de tiempo', body: 'Éxito en la campaña.', status: 'SENDING', totalMessages: 20, successfulMessages: 20, removedTokens: 9, createdAt: sql`now() - interval '1 day'` },
      ])
      .returning({ id: pushMessages.id });
    const [nandu, arbol, ahorro] = made.map((m) => m.id);
    const ours = new Set([nandu, arbol, ahorro]);
    const sorted = async (query: string) => (await api.ok<{ rows: PushHistoryRow[] }>('GET', `/push-notifications/historial?limit=1000&${query}`, admin)).rows.map((r) => r.id).filter((id) => ours.has(id));
    // Spanish order: accents and case do not push a title to the end ('árbol' after 'Ahorro', before 'Ñandú').
    expect(await sorted('sort=title')).toEqual([ahorro, arbol, nandu]);
    expect(await sorted('sort=title&order=DESC')).toEqual([nandu, arbol, ahorro]);
    expect(await sorted('sort=body')).toEqual([arbol, ahorro, nandu]);
    expect(await sorted('sort=totalMessagesSended')).toEqual([arbol, ahorro, nandu]);
    expect(await sorted('sort=sucessfullMessages&order=desc')).toEqual([arbol, ahorro, nandu]);
    expect(await sorted('sort=removedTokens')).toEqual([arbol, nandu, ahorro]);
    expect(await sorted('sort=createdAt')).toEqual([nandu, arbol, ahorro]);
    // 'Estado' in the order its words read: Enviado, Enviando, Error.
    expect(await sorted('sort=status')).toEqual([nandu, ahorro, arbol]);
    // Without a sort, newest first.
    expect(await sorted('')).toEqual([ahorro, arbol, nandu]);
    const unknown = await api.call('GET', '/push-notifications/historial?sort=error', admin);
    expect([unknown.statusCode, unknown.json().message]).toEqual([400, 'No se puede ordenar por "error".']);
    expect((await api.call('GET', '/push-notifications/historial?sort=title&order=sideways', admin)).statusCode).toBe(400);
    await t.db.delete(pushMessages).where(inArray(pushMessages.id, [...ours]));
  });

  it('is for editors: operaciones sends, administración and clients get 403', async () => {
    const { token: operations } = await t.login('operaciones@campo.test');
    expect((await api.call('GET', '/push-notifications/historial', operations)).statusCode).toBe(200);
    const [last] = await t.db.select({ id: pushMessages.id }).from(pushMessages).orderBy(desc(pushMessages.id)).limit(1);
    expect((await api.call('GET', `/push-notifications/${last.id}`, operations)).statusCode).toBe(200);
    for (const email of ['administracion@campo.test', 'cliente@campo.test']) {
      const { token } = await t.login(email);
      expect((await api.call('POST', '/push-notifications/send-message', token, GOOD)).statusCode, email).toBe(403);
      expect((await api.call('GET', '/push-notifications/historial', token)).statusCode, email).toBe(403);
      expect((await api.call('GET', `/push-notifications/${last.id}`, token)).statusCode, email).toBe(403);
    }
    const missing = await api.call('GET', '/push-notifications/999999', admin);
    expect([missing.statusCode, missing.json().message]).toEqual([404, 'El envío no existe.']);
    expect((await api.call('GET', '/push-notifications/abc', admin)).statusCode).toBe(400);
  });

  it('records a failure of its own (not the provider\'s) in the console\'s words, the cause only in the audit', async () => {
    const [row] = await t.db.insert(pushMessages).values({ title: 'Falla propia', body: 'El envío falla en el servidor.' }).returning({ id: pushMessages.id });
    const broken: PushSender = { kind: 'outbox', send: async () => Promise.reject(new Error('relation "push_outbox" is locked by pid 42')) };
    const [adminUser] = await t.db.select({ id: users.id }).from(users).where(eq(users.email, 'admin@campo.test'));
    await expect(deliver(t.db, broken, { id: adminUser.id, rol: ROLE.ADMIN, clientId: null }, row.id, { title: 'Falla propia', body: 'x' }, [{ userId: adminUser.id, token: 'tok' }])).rejects.toThrow('locked');
    const [stored] = await t.db.select().from(pushMessages).where(eq(pushMessages.id, row.id));
    expect(stored).toMatchObject({ status: 'ERROR', error: PUSH_TEXT.unexpected, totalMessages: 0 });
    const history = await api.ok<PushHistoryRow>('GET', `/push-notifications/${row.id}`, admin);
    expect(history.error).toBe(PUSH_TEXT.unexpected);
  });

  it('tells a send its server stopped mid-way (SENDING, untouched for two minutes) as interrupted; one going on stays SENDING', async () => {
    const [cut, going] = await t.db
      .insert(pushMessages)
      .values([
        { title: 'Cortado a la mitad', body: 'El servidor se detuvo mientras salía.', status: 'SENDING', totalMessages: 40, processedMessages: 12, updatedAt: sql`now() - interval '3 minutes'` },
        { title: 'Saliendo ahora', body: 'Otro proceso lo está enviando.', status: 'SENDING', totalMessages: 40, processedMessages: 30 },
      ])
      .returning({ id: pushMessages.id });
    const history = await api.ok<{ rows: PushHistoryRow[] }>('GET', '/push-notifications/historial?limit=50', admin);
    expect(history.rows.find((r) => r.id === cut.id)).toMatchObject({ status: 'ERROR', error: PUSH_TEXT.interrupted, processedMessages: 12 });
    expect(await api.ok<PushHistoryRow>('GET', `/push-notifications/${going.id}`, admin)).toMatchObject({ status: 'SENDING', processedMessages: 30, totalMessagesSended: 40 });
  });
});

/**
 * An FCM-like server: verifies the RS256 assertion, hands out a token, answers messages:send. While
 * `held` is set, messages:send answers only once it resolves (a slow provider).
 */
function fakeFcm(publicKey: string) {
  const state = {
    mode: 'ok' as 'ok' | 'outage',
    held: null as Promise<void> | null,
    unregistered: new Set<string>(),
    invalid: new Set<string>(),
    received: [] as { token: string; title: string; body: string }[],
    assertions: 0,
    inFlight: 0,
    maxInFlight: 0,
  };
  const readBody = (req: IncomingMessage) =>
    new Promise<string>((resolve) => {
      let text = '';
      req.on('data', (c) => (text += c));
      req.on('end', () => resolve(text));
    });
  const server: Server = createServer(async (req, res) => {
    const body = await readBody(req);
    const send = (status: number, payload: unknown) => res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(payload));
    if (req.url === '/token') {
      const assertion = new URLSearchParams(body).get('assertion') ?? '';
      const [header, claims, signature] = assertion.split('.');
      const valid = createVerify('RSA-SHA256').update(`${header}.${claims}`).verify(publicKey, signature ?? '', 'base64url');
      const c = JSON.parse(Buffer.from(claims ?? '', 'base64url').toString() || '{}');
      if (!valid || c.scope !== 'https://www.googleapis.com/auth/firebase.messaging' || c.iss !== 'campo@demo.iam.test') return send(400, { error: 'invalid_grant' });
      state.assertions++;
      return send(200, { access_token: 'fake-access-token', expires_in: 3600, token_type: 'Bearer' });
    }
    if (req.url === '/v1/projects/demo-campo/messages:send') {
      if (req.headers.authorization !== 'Bearer fake-access-token') return send(401, { error: { code: 401, status: 'UNAUTHENTICATED' } });
      state.inFlight++;
      state.maxInFlight = Math.max(state.maxInFlight, state.inFlight);
      await new Promise((r) => setTimeout(r, 5));
      await state.held;
      state.inFlight--;
      if (state.mode === 'outage') return send(500, { error: { code: 500, status: 'INTERNAL', message: 'Internal error' } });
      const { message } = JSON.parse(body);
      state.received.push({ token: message.token, title: message.notification.title, body: message.notification.body });
      if (state.unregistered.has(message.token)) {
        return send(404, { error: { code: 404, status: 'NOT_FOUND', message: 'Requested entity was not found.', details: [{ '@type': 'type.googleapis.com/google.firebase.fcm.v1.FcmError', errorCode: 'UNREGISTERED' }] } });
      }
      if (state.invalid.has(message.token)) {
        return send(400, {
          error: {
            code: 400,
            status: 'INVALID_ARGUMENT',
            message: 'The registration token is not a valid FCM registration token',
            details: [{ '@type': 'type.googleapis.com/google.rpc.BadRequest', fieldViolations: [{ field: 'message.token', description: 'Invalid registration token' }] }],
          },
        });
      }
      return send(200, { name: `projects/demo-campo/messages/${state.received.length}` });
    }
    send(404, {});
  });
  return { server, state };
}

/** An app whose push goes through FCM HTTP v1 to a fake listening on 127.0.0.1. */
async function appWithFakeFcm() {
  const { publicKey, privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048, publicKeyEncoding: { type: 'spki', format: 'pem' }, privateKeyEncoding: { type: 'pkcs8', format: 'pem' } });
  const fake = fakeFcm(publicKey);
  await new Promise<void>((r) => fake.server.listen(0, '127.0.0.1', r));
  const base = `http://127.0.0.1:${(fake.server.address() as AddressInfo).port}`;
  const t = await createTestApp({
    fcmProjectId: 'demo-campo',
    fcmBaseUrl: base,
    fcmServiceAccount: JSON.stringify({ type: 'service_account', client_email: 'campo@demo.iam.test', private_key: privateKey, token_uri: `${base}/token` }),
  });
  const close = async () => {
    await t.close();
    await new Promise((r) => fake.server.close(r));
  };
  return { t, fake, close };
}

describe('with FCM HTTP v1 (a local fake)', () => {
  let t: TestApp;
  let api: ReturnType<typeof caller>;
  let admin: string;
  let fake: ReturnType<typeof fakeFcm>;
  let close: () => Promise<void>;
  beforeAll(async () => {
    ({ t, fake, close } = await appWithFakeFcm());
    api = caller(t);
    admin = (await t.login('admin@campo.test')).token;
  });
  afterAll(() => close?.());

  it('sends to every device with bounded concurrency, and removes and counts the tokens FCM reports dead', async () => {
    const tokens = await activeGetterTokens(t);
    const dead = [tokens[1].token, tokens[4].token];
    const invalid = tokens[2].token;
    fake.state.unregistered = new Set(dead);
    fake.state.invalid = new Set([invalid]);
    const result = await sendAndWait(t, api, admin, GOOD);
    expect(result).toMatchObject({ status: 'SENT', totalMessagesSended: tokens.length, processedMessages: tokens.length, sucessfullMessages: tokens.length - 3, removedTokens: 3, failedMessages: 0 });
    expect(fake.state.received.map((r) => r.token).sort()).toEqual(tokens.map((x) => x.token).sort());
    expect(fake.state.received[0]).toMatchObject({ title: GOOD.title, body: GOOD.message });
    expect(fake.state.assertions).toBe(1);
    expect(fake.state.maxInFlight).toBeGreaterThan(1);
    expect(fake.state.maxInFlight).toBeLessThanOrEqual(PUSH_CONCURRENCY);
    const left = await t.db.select({ token: deviceTokens.token }).from(deviceTokens).where(inArray(deviceTokens.token, [...dead, invalid]));
    expect(left).toEqual([]);
    expect(await t.db.select().from(pushOutbox).where(eq(pushOutbox.messageId, result.id))).toEqual([]);
    const [row] = await t.db.select().from(pushMessages).where(eq(pushMessages.id, result.id));
    expect(row).toMatchObject({ status: 'SENT', totalMessages: tokens.length, successfulMessages: tokens.length - 3, removedTokens: 3, error: null });
  });

  it('answers before FCM is done, with the devices to reach, and tells the progress until it is sent', async () => {
    const tokens = await activeGetterTokens(t);
    fake.state.unregistered = new Set();
    fake.state.invalid = new Set();
    let release = () => {};
    fake.state.held = new Promise<void>((r) => (release = r));
    try {
      const res = await api.call('POST', '/push-notifications/send-message', admin, GOOD);
      expect(res.statusCode).toBe(202);
      expect(res.json()).toMatchObject({ status: 'SENDING', totalMessagesSended: tokens.length, processedMessages: 0, title: GOOD.title });
      // While FCM holds its answers the send is still going, and says so.
      await new Promise((r) => setTimeout(r, 1_300));
      expect(await api.ok<PushHistoryRow>('GET', `/push-notifications/${res.json().id}`, admin)).toMatchObject({ status: 'SENDING', processedMessages: 0 });
      release();
      await pushNoticesFor(t.app).idle();
      expect(await api.ok<PushHistoryRow>('GET', `/push-notifications/${res.json().id}`, admin)).toMatchObject({ status: 'SENT', processedMessages: tokens.length, sucessfullMessages: tokens.length });
    } finally {
      release();
      fake.state.held = null;
    }
  });

  it('records an outage as an error with its reason and no totals, and removes no token', async () => {
    fake.state.mode = 'outage';
    fake.state.unregistered = new Set((await activeGetterTokens(t)).slice(0, 2).map((x) => x.token));
    const [{ n: before }] = await t.db.select({ n: count() }).from(deviceTokens);
    const result = await sendAndWait(t, api, admin, GOOD);
    expect(result).toMatchObject({ status: 'ERROR', totalMessagesSended: 0, processedMessages: 0, sucessfullMessages: 0 });
    expect(result.error).toMatch(/FCM respondió 500/);
    const [{ n: after }] = await t.db.select({ n: count() }).from(deviceTokens);
    expect(after).toBe(before);
    const [last] = await t.db.select().from(pushMessages).orderBy(desc(pushMessages.id)).limit(1);
    expect(last).toMatchObject({ status: 'ERROR', totalMessages: 0, successfulMessages: 0, removedTokens: 0, title: GOOD.title });
    expect(last.error).toMatch(/FCM respondió 500/);
    const history = await api.ok<{ rows: PushHistoryRow[] }>('GET', '/push-notifications/historial', admin);
    expect(history.rows[0]).toMatchObject({ id: last.id, status: 'ERROR', totalMessagesSended: 0, sucessfullMessages: 0, removedTokens: 0 });
    fake.state.mode = 'ok';
  });

  it('only Getters’ devices are targeted', async () => {
    const [staff] = await t.db.select({ id: users.id }).from(users).where(eq(users.rolId, ROLE.OPERATIONS)).limit(1);
    await t.db.insert(deviceTokens).values({ userId: staff.id, token: 'token-de-operaciones' });
    fake.state.received = [];
    await sendAndWait(t, api, admin, GOOD);
    expect(fake.state.received.map((r) => r.token)).not.toContain('token-de-operaciones');
  });
});

describe('a review action pushes a notice to the move’s Getter (FCM fake)', () => {
  let t: TestApp;
  let api: ReturnType<typeof caller>;
  let admin: string;
  let fake: ReturnType<typeof fakeFcm>;
  let close: () => Promise<void>;
  beforeAll(async () => {
    ({ t, fake, close } = await appWithFakeFcm());
    api = caller(t);
    admin = (await t.login('admin@campo.test')).token;
  });
  afterAll(() => close?.());

  /** What FCM received since the last call, once the notices in flight are done. */
  const received = async () => {
    await pushNoticesFor(t.app).idle();
    return fake.state.received.splice(0);
  };
  const inReview = async (i: number, devices = 1) => (await movesWhere(t, inStatus('EN_REVISION'), withAgent, getterWithDevices(devices)))[i];

  it('rejecting tells every device of the move’s Getter, and nobody else, the code, point of sale and reason', async () => {
    const move = await inReview(0);
    const history = await historySize(t);
    await received();
    const answer = await api.ok<Detail>('POST', '/user-moves/reject-one', admin, { id: move.id, reason: 'El video no corresponde al local.' });
    expect(answer.statusId).toBe('RECHAZADA');
    const pushes = await received();
    const tokens = await tokensOf(t, move.userId!);
    expect(pushes.map((p) => p.token).sort()).toEqual(tokens);
    const text = { title: `Move ${move.code} rechazada`, body: `Tu move en ${await placeOf(t, move)} fue rechazada. Motivo: El video no corresponde al local.` };
    for (const push of pushes) expect(push).toMatchObject(text);
    // Not one of 'Últimos mensajes enviados': the move's audit records it.
    expect(await historySize(t)).toBe(history);
    expect(await noticeOf(t, move.id)).toMatchObject([{ detail: { notice: 'reject', ...text, devices: tokens.length, delivered: tokens.length, removedTokens: 0, failed: 0 } }]);
  });

  it('returning tells the Getter to correct it, with the reason cut to fit the message', async () => {
    const move = await inReview(0);
    const answered = await api.ok<AnsweredQuestionnaire>('GET', `/questionnaires-replyeds/get?userMoveId=${move.id}`, admin);
    const question = answered.questionnaire.dimensions[0].subDimensions[0].questions[0]._id;
    const reason = `Falta la foto de la góndola principal. ${'Revisar también las fotos de las cabeceras. '.repeat(6)}`;
    await api.ok('POST', '/user-moves/return-one', admin, { id: move.id, reason, questions: [question] });
    const pushes = await received();
    expect(pushes.map((p) => p.token).sort()).toEqual(await tokensOf(t, move.userId!));
    const [push] = pushes;
    expect(push.title).toBe(`Move ${move.code} devuelta`);
    expect(push.body.startsWith(`Tu move en ${await placeOf(t, move)} fue devuelta para corregir. Motivo: Falta la foto de la góndola`)).toBe(true);
    expect(push.body.endsWith('…')).toBe(true);
    expect(push.body.length).toBeLessThanOrEqual(PUSH_LIMITS.message.max);
    expect(push.body.length).toBeGreaterThan(PUSH_LIMITS.message.max - 5);
  });

  it('disapproving an approved move tells the Getter it will not be paid, with the reason', async () => {
    const [approved] = await movesWhere(t, inStatus('APROBADA'), withAgent, getterWithDevices());
    await received();
    await api.ok('POST', '/user-moves/disapprove-one', admin, { id: approved.id, reason: 'El local no era el del proyecto.' });
    const pushes = await received();
    expect(pushes.map((p) => p.token).sort()).toEqual(await tokensOf(t, approved.userId!));
    expect(pushes[0]).toMatchObject({
      title: `Move ${approved.code} desaprobada`,
      body: `Tu move en ${await placeOf(t, approved)} fue desaprobada y no se pagará. Motivo: El local no era el del proyecto.`,
    });
  });

  it('disapproving a move already paid keeps its payment and does not tell the Getter it will not be paid', async () => {
    const [approved] = await movesWhere(t, inStatus('APROBADA'), withAgent, getterWithDevices(), inArray(userMoves.id, t.db.select({ id: transactions.userMoveId }).from(transactions)));
    await t.db.update(transactions).set({ status: 'PAID' }).where(eq(transactions.userMoveId, approved.id));
    expect((await api.ok<Detail>('GET', `/user-moves/get?id=${approved.id}`, admin)).paid).toBe(true);
    await received();
    await api.ok('POST', '/user-moves/disapprove-one', admin, { id: approved.id, reason: 'El local no era el del proyecto.' });
    const [push] = await received();
    expect(push).toMatchObject({ title: `Move ${approved.code} desaprobada`, body: `Tu move en ${await placeOf(t, approved)} fue desaprobada. Motivo: El local no era el del proyecto.` });
    expect(await t.db.select({ status: transactions.status }).from(transactions).where(eq(transactions.userMoveId, approved.id))).toEqual([{ status: 'PAID' }]);
  });

  it('republishing tells the Getter the new move’s code', async () => {
    const [rejected] = await movesWhere(t, inStatus('RECHAZADA'), withAgent, notRepublished, getterWithDevices());
    await received();
    const copy = await api.ok<Detail>('POST', '/user-moves/republish-move', admin, { id: rejected.id });
    const pushes = await received();
    expect(pushes.map((p) => p.token).sort()).toEqual(await tokensOf(t, rejected.userId!));
    expect(pushes[0]).toMatchObject({ title: `Move ${rejected.code} republicada`, body: `Tu move en ${await placeOf(t, rejected)} está disponible de nuevo como ${copy.code}.` });
  });

  it('a refused action pushes nothing', async () => {
    const move = await inReview(1);
    const [approved] = await movesWhere(t, inStatus('APROBADA'), withAgent, getterWithDevices());
    await received();
    expect((await api.call('POST', '/user-moves/reject-one', admin, { id: move.id, reason: '   ' })).statusCode).toBe(400);
    expect((await api.call('POST', '/user-moves/reject-one', admin, { id: approved.id, reason: 'No corresponde.' })).statusCode).toBe(409);
    expect((await api.call('POST', '/user-moves/reject-one', admin, { id: move.id, reason: 'No corresponde.', version: move.version + 5 })).statusCode).toBe(409);
    expect((await api.call('POST', '/user-moves/return-one', admin, { id: move.id, reason: 'Corregir', questions: ['no-existe'] })).statusCode).toBe(400);
    expect(await received()).toEqual([]);
    expect(await noticeOf(t, move.id)).toEqual([]);
    expect(await noticeOf(t, approved.id)).toEqual([]);
  });

  it('removes the tokens FCM reports dead, as the broadcast does', async () => {
    const move = await inReview(1, 2);
    const [dead, alive] = await tokensOf(t, move.userId!);
    fake.state.unregistered = new Set([dead]);
    await api.ok('POST', '/user-moves/reject-one', admin, { id: move.id, reason: 'Las fotos no son del local.' });
    expect((await received()).map((p) => p.token).sort()).toEqual([dead, alive].sort());
    expect(await tokensOf(t, move.userId!)).toEqual([alive]);
    expect(await noticeOf(t, move.id)).toMatchObject([{ detail: { devices: 2, delivered: 1, removedTokens: 1 } }]);
    fake.state.unregistered = new Set();
  });

  it('answers without waiting for FCM, and a failing FCM leaves the move rejected and the tokens in place', async () => {
    const move = await inReview(2);
    const tokens = await tokensOf(t, move.userId!);
    let release = () => {};
    fake.state.held = new Promise<void>((r) => (release = r));
    fake.state.mode = 'outage';
    try {
      // FCM holds every send until released: the answer comes first.
      const answer = await api.call('POST', '/user-moves/reject-one', admin, { id: move.id, reason: 'El video no corresponde al local.' });
      expect(answer.statusCode).toBe(200);
      expect(answer.json()).toMatchObject({ statusId: 'RECHAZADA', rejectionReason: 'El video no corresponde al local.' });
      await vi.waitFor(() => expect(fake.state.inFlight).toBeGreaterThan(0));
      release();
      const [notice] = await noticeOf(t, move.id);
      expect(notice.detail).toMatchObject({ notice: 'reject', getterId: move.userId, error: expect.stringMatching(/FCM respondió 500/) });
    } finally {
      release();
      fake.state.held = null;
      fake.state.mode = 'ok';
    }
    expect(await reload(t, move.id)).toMatchObject({ status: 'RECHAZADA', rejectionReason: 'El video no corresponde al local.' });
    expect(await tokensOf(t, move.userId!)).toEqual(tokens);
  });
});
