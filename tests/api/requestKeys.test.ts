/**
 * Writes sent again with their `Idempotency-Key` (a retry after a lost answer): the first answer comes
 * back and nothing is done twice; the same key with other data is refused; a refused write leaves no key.
 */
import { createHash } from 'node:crypto';
import { and, count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLE } from '../../domain/roles';
import { STALE_EDIT } from '../../domain/staleEdits';
import { todayIso } from '../../domain/validation';
import { auditLog, campaigns, clients, locations, moveConfigurations, projectLocations, projects, pushMessages, pushOutbox, questionnaires, questionnaireVersions, requestKeys, userMoves, users, visits } from '../../server/db/schema';
import { pushNoticesFor } from '../../server/services/push';
import { REQUEST_KEY_TEXT } from '../../server/services/requestKeys';
import { adminOnPostgres, createTestApp, type TestApp, untilSomeoneWaitsOnALock } from './helpers';
import { visitGoneMessage } from './moves-helpers';

type Created = { created: { id: number; code: string; visitId: number; projectLocationId: number }[] };

let t: TestApp;
let admin: string;
let getterId: number;

function call(app: TestApp, method: 'POST' | 'PUT', url: string, token: string, payload: unknown, key?: string) {
  return app.app.inject({ method, url: `/api${url}`, headers: { ...app.authHeader(token), ...(key === undefined ? {} : { 'idempotency-key': key }) }, payload: payload as never });
}

/**
 * `n` locations of running projects, each given `visitsEach` more published visits (the demo keeps a couple
 * per location, some already handed out by other tests).
 */
async function locationsWithPublished(app: TestApp, n: number, visitsEach = 3): Promise<number[]> {
  const rows = await app.db
    .select({ id: projectLocations.id, endDate: projects.endDate })
    .from(projectLocations)
    .innerJoin(projects, eq(projects.id, projectLocations.projectId))
    .where(sql`${projects.endDate} >= ${todayIso()} and ${projects.startDate} <= ${todayIso()}`)
    .orderBy(sql`random()`)
    .limit(n);
  expect(rows).toHaveLength(n);
  await app.db.insert(visits).values(rows.flatMap((r) => Array.from({ length: visitsEach }, () => ({ projectLocationId: r.id, dueFrom: todayIso(), dueTo: r.endDate! }))));
  return rows.map((r) => r.id);
}

const movesOf = async (app: TestApp, projectLocationId: number) => (await app.db.select({ n: count() }).from(userMoves).where(eq(userMoves.projectLocationId, projectLocationId)))[0].n;

beforeAll(async () => {
  t = await createTestApp();
  ({ token: admin } = await t.login('admin@campo.test'));
  getterId = (await t.db.select().from(users).where(and(eq(users.rolId, ROLE.GETTER), eq(users.status, true))).orderBy(users.id))[0].id;
});
afterAll(() => t?.close());

describe('a write sent again with its key', () => {
  it('answers the moves the first call created and creates none more; without a key, a second call is another assignment', async () => {
    const [pl] = await locationsWithPublished(t, 1);
    const before = await movesOf(t, pl);
    const items = [{ projectLocationId: pl, userId: getterId }];
    const first = await call(t, 'POST', '/user-moves/massive-locations', admin, items, 'retry-of-one-save-0001');
    expect(first.statusCode, first.body).toBe(201);
    const again = await call(t, 'POST', '/user-moves/massive-locations', admin, items, 'retry-of-one-save-0001');
    expect(again.statusCode, again.body).toBe(201);
    expect(again.json()).toEqual(first.json());
    expect(await movesOf(t, pl)).toBe(before + 1);
    // Another key (or none) is another save: the location's next visit.
    const other = await call(t, 'POST', '/user-moves/massive-locations', admin, items, 'another-save-0002');
    expect(other.statusCode).toBe(201);
    expect((other.json() as Created).created[0].id).not.toBe((first.json() as Created).created[0].id);
    expect((await call(t, 'POST', '/user-moves/massive-locations', admin, items)).statusCode).toBe(201);
    expect(await movesOf(t, pl)).toBe(before + 3);
  });

  it('refuses the same key with other data or on another route (422), and does nothing', async () => {
    const [a, b] = await locationsWithPublished(t, 2);
    const first = await call(t, 'POST', '/user-moves/massive-locations', admin, [{ projectLocationId: a, userId: getterId }], 'key-for-location-a');
    expect(first.statusCode).toBe(201);
    const before = await movesOf(t, b);
    const other = await call(t, 'POST', '/user-moves/massive-locations', admin, [{ projectLocationId: b, userId: getterId }], 'key-for-location-a');
    expect(other.statusCode).toBe(422);
    expect(other.json().message).toBe(REQUEST_KEY_TEXT.reused);
    const elsewhere = await call(t, 'PUT', '/user-moves/massive', admin, { userId: getterId, locations: [{ projectLocationId: b }] }, 'key-for-location-a');
    expect(elsewhere.statusCode).toBe(422);
    expect(await movesOf(t, b)).toBe(before);
  });

  it('keeps no key of a refused write: sent again, it runs again; a malformed key is refused before anything', async () => {
    const [pl] = await locationsWithPublished(t, 1);
    const before = await movesOf(t, pl);
    // The stock screen names a visit already taken: 409, and the key is not kept.
    const [taken] = await t.db.insert(visits).values({ projectLocationId: pl, dueFrom: todayIso(), dueTo: todayIso(), state: 'TOMADA' }).returning();
    const refused = { userId: getterId, locations: [{ projectLocationId: pl, visitId: taken.id }] };
    for (let i = 0; i < 2; i++) {
      const res = await call(t, 'PUT', '/user-moves/massive', admin, refused, 'refused-then-fixed');
      expect(res.statusCode).toBe(409);
      expect(res.json().message).toBe(await visitGoneMessage(t, pl));
    }
    expect(await t.db.select().from(requestKeys).where(eq(requestKeys.key, 'refused-then-fixed'))).toHaveLength(0);
    const fixed = await call(t, 'PUT', '/user-moves/massive', admin, { userId: getterId, locations: [{ projectLocationId: pl }] }, 'refused-then-fixed');
    expect(fixed.statusCode, fixed.body).toBe(200);
    expect(fixed.json().created).toHaveLength(1);
    expect(await movesOf(t, pl)).toBe(before + 1);

    for (const bad of ['short', 'x'.repeat(101), 'con espacio 123', 'ñandú-ñandú']) {
      const res = await call(t, 'POST', '/user-moves/massive-locations', admin, [{ projectLocationId: pl, userId: getterId }], bad);
      expect(res.statusCode, bad).toBe(400);
      expect(res.json().message).toBe(REQUEST_KEY_TEXT.invalid);
    }
    expect(await movesOf(t, pl)).toBe(before + 1);
  });

  it("is the user's own: another user's same key is another write; a key a day old is forgotten", async () => {
    const [pl] = await locationsWithPublished(t, 1);
    const items = [{ projectLocationId: pl, userId: getterId }];
    const before = await movesOf(t, pl);
    const { token: operations } = await t.login('operaciones@campo.test');
    expect((await call(t, 'POST', '/user-moves/massive-locations', admin, items, 'shared-by-two-users')).statusCode).toBe(201);
    expect((await call(t, 'POST', '/user-moves/massive-locations', operations, items, 'shared-by-two-users')).statusCode).toBe(201);
    expect(await movesOf(t, pl)).toBe(before + 2);

    await t.db.execute(sql`update ${requestKeys} set created_at = now() - interval '25 hours' where key = 'shared-by-two-users'`);
    expect((await call(t, 'POST', '/user-moves/massive-locations', admin, items, 'shared-by-two-users')).statusCode).toBe(201);
    expect(await movesOf(t, pl)).toBe(before + 3);
    // Keys past their day went with that save, the other user's too: only today's is left.
    const left = await t.db.select({ userId: requestKeys.userId, old: sql<boolean>`${requestKeys.createdAt} < now() - interval '1 day'` }).from(requestKeys).where(eq(requestKeys.key, 'shared-by-two-users'));
    expect(left).toEqual([{ userId: (await t.login('admin@campo.test')).id, old: false }]);
  });

  it('creates a campaign and a point of sale once: the retry answers the record the first call created', async () => {
    const [client] = await t.db.select({ id: clients.id }).from(clients).where(eq(clients.state, true)).orderBy(clients.id).limit(1);
    const campaign = { name: 'Campaña reenviada', clientId: client.id, startDate: todayIso(), endDate: todayIso() };
    const firstCampaign = await call(t, 'POST', '/campaigns', admin, campaign, 'campaign-sent-twice');
    expect(firstCampaign.statusCode, firstCampaign.body).toBe(201);
    const againCampaign = await call(t, 'POST', '/campaigns', admin, campaign, 'campaign-sent-twice');
    expect([againCampaign.statusCode, againCampaign.json().id]).toEqual([201, firstCampaign.json().id]);
    expect(await t.db.select().from(campaigns).where(eq(campaigns.name, 'Campaña reenviada'))).toHaveLength(1);

    const [model] = await t.db.select().from(locations).where(eq(locations.clientId, client.id)).orderBy(locations.id).limit(1);
    const place = {
      ...Object.fromEntries(
        (['fullName', 'clientLocationName', 'telephone', 'street', 'latitude', 'longitude', 'executive', 'emails', 'manager', 'emailManager', 'emailExecutive', 'workDays', 'openingHours', 'closingHours', 'countryId', 'stateId', 'cityId'] as const).map((k) => [k, model[k]]),
      ),
      fullName: 'Sucursal reenviada',
      clientId: client.id,
      clientLocationId: null,
      ownerId: null,
      zoneManagersIds: [],
      featureValues: [],
      keysValues: [],
    };
    const firstPlace = await call(t, 'POST', '/locations', admin, place, 'location-sent-twice');
    expect(firstPlace.statusCode, firstPlace.body).toBe(201);
    const againPlace = await call(t, 'POST', '/locations', admin, place, 'location-sent-twice');
    expect([againPlace.statusCode, againPlace.json().id]).toEqual([201, firstPlace.json().id]);
    expect(await t.db.select().from(locations).where(eq(locations.fullName, 'Sucursal reenviada'))).toHaveLength(1);
  });

  it('sends a push once: the retry answers the same send as it stands', async () => {
    const note = { title: 'Aviso reintentado', message: 'Un aviso que se manda una sola vez aunque se pida dos.' };
    const first = await call(t, 'POST', '/push-notifications/send-message', admin, note, 'push-sent-only-once');
    expect(first.statusCode, first.body).toBe(202);
    await pushNoticesFor(t.app).idle();
    const again = await call(t, 'POST', '/push-notifications/send-message', admin, note, 'push-sent-only-once');
    expect(again.statusCode).toBe(202);
    expect(again.json()).toMatchObject({ id: first.json().id, status: 'SENT' });
    await pushNoticesFor(t.app).idle();
    expect(await t.db.select().from(pushMessages).where(eq(pushMessages.title, note.title))).toHaveLength(1);
    const outbox = await t.db.select({ n: count() }).from(pushOutbox).where(eq(pushOutbox.messageId, first.json().id));
    expect(first.json().totalMessagesSended).toBeGreaterThan(0);
    expect(outbox[0].n).toBe(first.json().totalMessagesSended);
  });
});

describe('the same key at the same moment (PostgreSQL)', () => {
  const on = adminOnPostgres();

  it('the second waits for the first and answers its moves: one move, both answers the same', { timeout: 30_000 }, async () => {
    const { pg, token } = on;
    const getter = (await pg.db.select().from(users).where(and(eq(users.rolId, ROLE.GETTER), eq(users.status, true))).orderBy(users.id))[0].id;
    const [pl] = await locationsWithPublished(pg, 1);
    const before = await movesOf(pg, pl);
    const items = [{ projectLocationId: pl, userId: getter }];
    let release = () => {};
    const held = new Promise<void>((r) => (release = r));
    // The test holds the location: the first call takes its key and then waits on it; the second waits on the key.
    let locked = () => {};
    const holding = new Promise<void>((r) => (locked = r));
    const holder = pg.db.transaction(async (tx) => {
      await tx.execute(sql`select id from project_locations where id = ${pl} for update`);
      locked();
      await held;
    });
    // Only once the test holds it: started together, the first call could take the location first and never wait.
    await holding;
    const a = call(pg, 'POST', '/user-moves/massive-locations', token, items, 'same-moment-key-01');
    const never = (what: string) => () => (release(), new Error(`${what} never waited on a lock`));
    await untilSomeoneWaitsOnALock(pg.db, never('The first call'));
    const b = call(pg, 'POST', '/user-moves/massive-locations', token, items, 'same-moment-key-01');
    await untilSomeoneWaitsOnALock(pg.db, never('The second call'), 2);
    release();
    await holder;
    const [ra, rb] = await Promise.all([a, b]);
    expect([ra.statusCode, rb.statusCode]).toEqual([201, 201]);
    expect(rb.json()).toEqual(ra.json());
    expect(await movesOf(pg, pl)).toBe(before + 1);
  });
});

describe('an edit sent again with its key (its answer was lost, the save committed)', () => {
  const get = async (url: string) => {
    const answer = await t.app.inject({ method: 'GET', url: `/api${url}`, headers: t.authHeader(admin) });
    expect(answer.statusCode, answer.body).toBe(200);
    return answer.json();
  };
  const audits = async (entity: string, entityId: number) =>
    (await t.db.select({ n: count() }).from(auditLog).where(and(eq(auditLog.entity, entity), eq(auditLog.entityId, String(entityId)))))[0].n;

  it("answers the first save's record, not the 409 of a version its own save replaced; without the key, the 409 stands", async () => {
    const [client] = await t.db.select({ id: clients.id }).from(clients).orderBy(clients.id).limit(1);
    const loaded = await get(`/clients/${client.id}`);
    const edit = { ...loaded, name: `${loaded.name} (editado una vez)` };
    const audited = await audits('client', client.id);
    const first = await call(t, 'PUT', '/clients', admin, edit, 'client-edit-answer-lost');
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().updatedAt).not.toBe(loaded.updatedAt);
    const again = await call(t, 'PUT', '/clients', admin, edit, 'client-edit-answer-lost');
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json()).toEqual(first.json());
    expect(await audits('client', client.id)).toBe(audited + 1);
    // The same body under another key is another save, over a version that is gone: refused.
    const other = await call(t, 'PUT', '/clients', admin, edit, 'client-edit-other-key');
    expect([other.statusCode, other.json().message]).toEqual([409, STALE_EDIT.clients]);
    const keyless = await call(t, 'PUT', '/clients', admin, edit);
    expect([keyless.statusCode, keyless.json().message]).toEqual([409, STALE_EDIT.clients]);
    // Other data with the first key: refused, nothing written.
    const changed = await call(t, 'PUT', '/clients', admin, { ...edit, name: `${loaded.name} (otro)` }, 'client-edit-answer-lost');
    expect([changed.statusCode, changed.json().message]).toEqual([422, REQUEST_KEY_TEXT.reused]);
    expect((await get(`/clients/${client.id}`)).name).toBe(edit.name);
  });

  it('creates a questionnaire and saves its new version once: the retry answers what the first call stored, not a 409', async () => {
    const model = (await t.app.inject({ method: 'GET', url: '/api/questionnariesV2/get/1', headers: t.authHeader(admin) })).json();
    const name = `Cuestionario reintentado ${Date.now().toString(36)}`;
    const content = { name, questionnaire_version_type: model.questionnaire_version_type, dimensions: model.dimensions };
    const created = await call(t, 'POST', '/questionnariesV2', admin, content, 'questionnaire-create-0001');
    expect(created.statusCode, created.body).toBe(201);
    const createdAgain = await call(t, 'POST', '/questionnariesV2', admin, content, 'questionnaire-create-0001');
    expect([createdAgain.statusCode, createdAgain.json()]).toEqual([201, created.json()]);
    expect((await t.db.select({ n: count() }).from(questionnaires).where(eq(questionnaires.name, name)))[0].n).toBe(1);

    const id = created.json().id as number;
    const edit = { ...content, name: `${name} v2`, expectedLastVersion: 1 };
    const saved = await call(t, 'PUT', `/questionnariesV2/update/${id}`, admin, edit, 'questionnaire-edit-0001');
    expect([saved.statusCode, saved.json().version], saved.body).toEqual([200, 2]);
    const savedAgain = await call(t, 'PUT', `/questionnariesV2/update/${id}`, admin, edit, 'questionnaire-edit-0001');
    expect([savedAgain.statusCode, savedAgain.json()]).toEqual([200, saved.json()]);
    expect((await t.db.select({ n: count() }).from(questionnaireVersions).where(eq(questionnaireVersions.questionnaireId, id)))[0].n).toBe(2);
    // Without the key, the same save is one made over version 2: the 409 stands.
    expect((await call(t, 'PUT', `/questionnariesV2/update/${id}`, admin, edit)).statusCode).toBe(409);
  });

  it('answers a point of sale as stored after its first save, which ran once', async () => {
    const [place] = await t.db.select({ id: locations.id }).from(locations).orderBy(locations.id).limit(1);
    const loaded = await get(`/locations/${place.id}`);
    const edit = { ...loaded, fullName: `${loaded.fullName} (editada)` };
    const audited = await audits('location', place.id);
    const first = await call(t, 'PUT', '/locations', admin, edit, 'location-edit-answer-lost');
    expect(first.statusCode, first.body).toBe(200);
    const again = await call(t, 'PUT', '/locations', admin, edit, 'location-edit-answer-lost');
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json()).toMatchObject({ id: place.id, fullName: edit.fullName, updatedAt: first.json().updatedAt });
    expect(await audits('location', place.id)).toBe(audited + 1);
  });

  it('refuses the same key and body sent for another record of a route with its id in the path (422): not the first one\'s answer', async () => {
    const [first, second] = await t.db.select({ id: moveConfigurations.id }).from(moveConfigurations).orderBy(moveConfigurations.id).limit(2);
    const loaded = await get(`/moves/get/${first.id}`);
    const { id: _id, updatedAt: _updatedAt, ...fields } = loaded;
    const edit = { ...fields, name: `${loaded.name} (una vez)` };
    const saved = await call(t, 'PUT', `/moves/put/${first.id}`, admin, edit, 'config-edit-by-path');
    expect(saved.statusCode, saved.body).toBe(200);
    const storedSecond = await get(`/moves/get/${second.id}`);
    const other = await call(t, 'PUT', `/moves/put/${second.id}`, admin, edit, 'config-edit-by-path');
    expect([other.statusCode, other.json().message]).toEqual([422, REQUEST_KEY_TEXT.reused]);
    expect(await get(`/moves/get/${second.id}`)).toEqual(storedSecond);
  });

  it('compares a new password sealed: the retry with it answers the first save, another password is refused, and the kept hash is not the plain body', async () => {
    const [user] = await t.db.select({ id: users.id }).from(users).where(eq(users.email, 'gerente@campo.test'));
    const loaded = await get(`/web-users/${user.id}`);
    const edit = { ...loaded, password: 'Otra#Clave2026' };
    const first = await call(t, 'PUT', '/web-users', admin, edit, 'user-edit-answer-lost');
    expect(first.statusCode, first.body).toBe(200);
    const again = await call(t, 'PUT', '/web-users', admin, edit, 'user-edit-answer-lost');
    expect([again.statusCode, again.json()]).toEqual([200, first.json()]);
    const otherPassword = await call(t, 'PUT', '/web-users', admin, { ...edit, password: 'Tercera#Clave2026' }, 'user-edit-answer-lost');
    expect([otherPassword.statusCode, otherPassword.json().message]).toEqual([422, REQUEST_KEY_TEXT.reused]);
    const [kept] = await t.db.select({ bodyHash: requestKeys.bodyHash }).from(requestKeys).where(eq(requestKeys.key, 'user-edit-answer-lost'));
    expect(kept.bodyHash).not.toBe(createHash('sha256').update(JSON.stringify(edit)).digest('hex'));
    expect((await t.login('gerente@campo.test', 'Otra#Clave2026')).token).toBeTruthy();
  });
});
