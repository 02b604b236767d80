/** Assignments (agents, Getters, published visits), the stock, the performance report and the assets zip. */
import { inflateRawSync } from 'node:zlib';
import { type AnyColumn, and, eq, inArray, isNotNull, isNull, ne, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { PerformanceRow, StockReportRow, StockRow } from '../../domain/move-api';
import { ASSIGN_TEXT } from '../../domain/assignment';
import { MOVE_FORM_TEXT } from '../../domain/move-forms';
import { MOVE_TEXT, STOCK_STATES } from '../../domain/moves';
import { ROLE } from '../../domain/roles';
import { todayIso } from '../../domain/validation';
import { rowsOf } from '../../server/db/client';
import { campaigns, clients, locations, moveAttachments, moveReplies, moveStatusLogs, projectLocations, projects, userMoves, users, visits } from '../../server/db/schema';
import { writeDemoFiles } from '../../server/db/seed/demoFiles';
import { STORE_PREFIX } from '../../server/services/files';
import { createTestApp, type TestApp } from './helpers';
import { caller, inStatus, movesWhere, namesOf, reload, visitGoneMessage, withAgent } from './moves-helpers';

let t: TestApp;
let admin: string;
let adminId: number;
let api: ReturnType<typeof caller>;
let agentId: number;
let getterId: number;

beforeAll(async () => {
  t = await createTestApp();
  api = caller(t);
  ({ token: admin, id: adminId } = await t.login('admin@campo.test'));
  agentId = (await t.db.select().from(users).where(eq(users.email, 'calidad2@campo.test')))[0].id;
  getterId = (await t.db.select().from(users).where(and(eq(users.rolId, ROLE.GETTER), eq(users.status, true))))[0].id;
  await writeDemoFiles(t.config.dataDir);
});
afterAll(() => t?.close());

/** A move or visit of a project not finished: only those can still go to a Getter. */
const ofRunningProject = (projectLocationId: AnyColumn) =>
  sql`exists (select 1 from project_locations pl join projects p on p.id = pl.project_id where pl.id = ${projectLocationId} and p.end_date >= ${todayIso()})`;
const stockMove = ofRunningProject(userMoves.projectLocationId);
const visitIn = (state: string) => and(eq(visits.state, state), ofRunningProject(visits.projectLocationId));
/** A project whose end date passed ('Finalizado'), with the name the refusal gives. */
const endedProject = (projectLocationId: AnyColumn) =>
  sql`exists (select 1 from project_locations pl join projects p on p.id = pl.project_id where pl.id = ${projectLocationId} and p.end_date < ${todayIso()})`;
async function projectNameOf(projectLocationId: number): Promise<string> {
  const [row] = await t.db.select({ name: projects.name }).from(projects).innerJoin(projectLocations, eq(projectLocations.projectId, projects.id)).where(eq(projectLocations.id, projectLocationId));
  return row.name;
}

describe('mass assignment to a quality agent', () => {
  it('takes up to 100,000 ids in one call; one that names no move refuses the whole call (404 naming a few), nothing assigned', { timeout: 60_000 }, async () => {
    const movable = await movesWhere(t, inStatus('PAUSADA'));
    const missing = Array.from({ length: 99_990 }, (_, i) => 2_000_000_000 + i);
    const ids = [...movable.slice(0, 10).map((m) => m.id), ...missing];
    expect(ids.length).toBeGreaterThan(65_535);
    const refused = await api.call('PUT', '/user-moves/massive', admin, { userMovesIds: ids, assignedAgentId: agentId });
    expect(refused.statusCode).toBe(404);
    expect(refused.json().message).toBe(ASSIGN_TEXT.unknownMoves(missing.slice(0, 5)));
    for (const m of movable.slice(0, 10)) expect(await reload(t, m.id)).toMatchObject({ assignedAgentId: m.assignedAgentId, version: m.version });
    const tooMany = await api.call('PUT', '/user-moves/massive', admin, { userMovesIds: [...ids, ...Array.from({ length: 11 }, (_, i) => 2_100_000_000 + i)], assignedAgentId: agentId });
    expect(tooMany.statusCode).toBe(400);
  });

  it('refuses the agent and the Getter in one call (400): one of them was dropped without a word', async () => {
    const [paused] = await movesWhere(t, inStatus('PAUSADA'));
    const both = await api.call('PUT', '/user-moves/massive', admin, { userMovesIds: [paused.id], assignedAgentId: agentId, userId: getterId });
    expect(both.statusCode).toBe(400);
    expect(both.json().errors.userId).toBe(MOVE_FORM_TEXT.agentOrGetter);
    expect(await reload(t, paused.id)).toMatchObject({ assignedAgentId: paused.assignedAgentId, userId: paused.userId, version: paused.version });
  });

  it('refuses a filter sent with a Getter (400): only the moves named one by one go to a Getter, and the filter was dropped without a word', async () => {
    const [paused] = await movesWhere(t, inStatus('PAUSADA'));
    const refused = await api.call('PUT', '/user-moves/massive', admin, { userMovesIds: [paused.id], userId: getterId, filter: { status: 'PAUSADA' } });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors.filter).toBe(MOVE_FORM_TEXT.filterToGetter);
    expect(await reload(t, paused.id)).toMatchObject({ userId: paused.userId, version: paused.version });
  });

  it('assigns every move named that its state lets through; the others are counted as skipped, never an unknown id', { timeout: 60_000 }, async () => {
    const all = await t.db.select({ id: userMoves.id }).from(userMoves);
    const one = await api.call('PUT', '/user-moves/massive', admin, { userMovesIds: [2_000_000_123], assignedAgentId: agentId });
    expect(one.statusCode).toBe(404);
    expect(one.json().message).toBe(ASSIGN_TEXT.unknownMoves([2_000_000_123]));
    const answer = await api.ok<{ updated: number; skipped: number }>('PUT', '/user-moves/massive', admin, { userMovesIds: all.map((m) => m.id), assignedAgentId: agentId });
    expect(answer.updated + answer.skipped).toBe(all.length);
    expect(answer.skipped).toBeGreaterThan(0);
  });

  it('takes up to 100,000 ids when they go to a Getter: any move not in the stock refuses the whole call', { timeout: 60_000 }, async () => {
    const [available] = await movesWhere(t, inStatus('DISPONIBLE'), stockMove);
    const ids = [available.id, ...Array.from({ length: 70_000 }, (_, i) => 2_000_000_000 + i)];
    const refused = await api.call('PUT', '/user-moves/massive', admin, { userMovesIds: ids, userId: getterId });
    expect(refused.statusCode).toBe(404);
    expect(refused.json().message).toBe(ASSIGN_TEXT.unknownMoves(ids.slice(1, 6)));
    const [approved] = await movesWhere(t, inStatus('APROBADA'), stockMove);
    const notStock = await api.call('PUT', '/user-moves/massive', admin, { userMovesIds: [available.id, approved.id], userId: getterId });
    expect(notStock.statusCode).toBe(409);
    expect(notStock.json().message).toBe(MOVE_FORM_TEXT.stockState);
    expect(await reload(t, available.id)).toMatchObject({ status: 'DISPONIBLE', version: available.version });
  });

  it('assigns the selected moves, leaving those whose agent is locked as they are', async () => {
    const [inReview] = await movesWhere(t, inStatus('EN_REVISION'));
    const [approved] = await movesWhere(t, inStatus('APROBADA'), withAgent);
    const answer = await api.ok<{ updated: number; skipped: number; skippedIds: number[] }>('PUT', '/user-moves/massive', admin, { userMovesIds: [inReview.id, approved.id], assignedAgentId: agentId });
    expect(answer).toMatchObject({ updated: 1, skipped: 1, skippedIds: [approved.id] });
    expect((await reload(t, inReview.id)).assignedAgentId).toBe(agentId);
    expect((await reload(t, inReview.id)).version).toBe(inReview.version + 1);
    expect((await reload(t, approved.id)).assignedAgentId).toBe(approved.assignedAgentId);
  });

  it('assigns every move of a list filter', async () => {
    const paused = await movesWhere(t, inStatus('PAUSADA'));
    const answer = await api.ok<{ updated: number }>('PUT', '/user-moves/massive', admin, { filter: { statusId: 'PAUSADA' }, assignedAgentId: agentId });
    expect(answer.updated).toBe(paused.length);
    expect((await movesWhere(t, inStatus('PAUSADA'))).every((m) => m.assignedAgentId === agentId)).toBe(true);
  });

  it("assigns the moves of a filter 'Sin agente' only, and refuses a filter with an agent and 'Sin agente' at once", async () => {
    // Started moves on both sides of the filter: two no agent holds, the others the administrator's.
    const ids = (await movesWhere(t, inStatus('INICIADA'))).map((m) => m.id);
    expect(ids.length).toBeGreaterThan(2);
    await t.db.update(userMoves).set({ assignedAgentId: null }).where(inArray(userMoves.id, ids.slice(0, 2)));
    await t.db.update(userMoves).set({ assignedAgentId: adminId }).where(inArray(userMoves.id, ids.slice(2)));
    const started = await movesWhere(t, inStatus('INICIADA'));
    const unheld = ids.slice(0, 2);
    const refused = await api.call('PUT', '/user-moves/massive', admin, { filter: { statusId: 'INICIADA', withoutAgent: true, assignedAgentId: adminId }, assignedAgentId: agentId });
    expect([refused.statusCode, refused.json().errors?.withoutAgent]).toEqual([400, MOVE_FORM_TEXT.agentOrWithout]);
    expect(await movesWhere(t, inStatus('INICIADA'))).toEqual(started);

    const answer = await api.ok<{ updated: number }>('PUT', '/user-moves/massive', admin, { filter: { statusId: 'INICIADA', withoutAgent: true }, assignedAgentId: agentId });
    expect(answer.updated).toBe(unheld.length);
    const after = await movesWhere(t, inStatus('INICIADA'));
    // The ones no agent held are the agent's now; the others keep theirs.
    expect(after.map((m) => [m.id, m.assignedAgentId])).toEqual(started.map((m) => [m.id, unheld.includes(m.id) ? agentId : m.assignedAgentId]));
  });

  it("refuses a filter key the list does not know, and assigns nothing (ignored, it widened the filter to every move)", async () => {
    const before = (await movesWhere(t, inStatus('EN_REVISION'))).map((m) => [m.id, m.assignedAgentId]);
    for (const filter of [{ sort: 'passwordHash' }, { statusid: 'PAUSADA' }, { constructor: 'x' }, { statusId: 'EN_REVISION', limit: 5 }]) {
      const res = await api.call('PUT', '/user-moves/massive', admin, { filter, assignedAgentId: agentId });
      expect(res.statusCode, JSON.stringify(filter)).toBe(400);
      expect(res.json().message, JSON.stringify(filter)).toMatch(/^No se admite el campo /);
    }
    expect((await movesWhere(t, inStatus('EN_REVISION'))).map((m) => [m.id, m.assignedAgentId])).toEqual(before);
  });

  it.runIf(inject('postgresServer') !== null)('takes overlapping assignments of the same moves at once, in any order, without a 500 (they deadlocked)', async () => {
    // Assigned stock moves (the later tests take the first ones, and Disponible ones).
    const stock = (await movesWhere(t, inStatus('ASIGNADA'), stockMove)).slice(-10).map((m) => m.id);
    expect(stock).toHaveLength(10);
    const [otherAgent] = await t.db.select({ id: users.id }).from(users).where(and(eq(users.rolId, ROLE.ADMIN), sql`${users.id} <> ${agentId}`, eq(users.status, true)));
    const reversed = [...stock].reverse();
    for (let round = 0; round < 6; round++) {
      const answers = await Promise.all([
        api.call('PUT', '/user-moves/massive', admin, { userId: getterId, userMovesIds: stock }),
        api.call('PUT', '/user-moves/massive', admin, { userId: getterId, userMovesIds: reversed }),
        api.call('PUT', '/user-moves/massive', admin, { assignedAgentId: agentId, userMovesIds: stock }),
        api.call('PUT', '/user-moves/massive', admin, { assignedAgentId: otherAgent.id, userMovesIds: reversed }),
      ]);
      // Each one is served in turn: none is cancelled (a 409 here would be a deadlock said politely).
      for (const answer of answers) expect(answer.statusCode, `round ${round}: ${answer.body}`).toBe(200);
    }
  });

  it('needs an agent, and one that is a quality agent', async () => {
    const [m] = await movesWhere(t, inStatus('EN_REVISION'));
    expect((await api.call('PUT', '/user-moves/massive', admin, { userMovesIds: [m.id] })).json().errors.assignedAgentId).toBe(MOVE_FORM_TEXT.pickAgent);
    expect((await api.call('PUT', '/user-moves/massive', admin, { userMovesIds: [m.id], assignedAgentId: getterId })).json().message).toBe(MOVE_TEXT.notAgent);
  });
});

describe('stock assignment to a Getter', () => {
  it('gives Asignada and Disponible moves to the auditor; refuses the whole lot if one is in another state', async () => {
    const [available] = await movesWhere(t, inStatus('DISPONIBLE'), stockMove);
    const [assigned] = await movesWhere(t, inStatus('ASIGNADA'), stockMove, ne(userMoves.userId, getterId));
    const [review] = await movesWhere(t, inStatus('EN_REVISION'), stockMove);
    const refused = await api.call('PUT', '/user-moves/massive', admin, { userMovesIds: [available.id, review.id], userId: getterId });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(MOVE_FORM_TEXT.stockState);
    expect(await reload(t, available.id)).toMatchObject({ status: 'DISPONIBLE', userId: null, version: available.version });
    await api.ok('PUT', '/user-moves/massive', admin, { userMovesIds: [available.id, assigned.id], userId: getterId });
    expect(await reload(t, available.id)).toMatchObject({ status: 'ASIGNADA', userId: getterId });
    expect(await reload(t, assigned.id)).toMatchObject({ status: 'ASIGNADA', userId: getterId });
    const logs = await t.db.select().from(moveStatusLogs).where(eq(moveStatusLogs.userMoveId, available.id));
    expect(logs.map((l) => [l.status, l.finishedAt === null])).toEqual([
      ['DISPONIBLE', false],
      ['ASIGNADA', true],
    ]);
    // Given to another Getter, its history says when and by whom; given again to the same one, nothing changed.
    const assignedLogs = async () => (await t.db.select().from(moveStatusLogs).where(eq(moveStatusLogs.userMoveId, assigned.id))).filter((l) => l.status === 'ASIGNADA');
    const reassigned = await assignedLogs();
    expect(reassigned.filter((l) => l.finishedAt === null)).toMatchObject([{ userId: adminId }]);
    const count = reassigned.length;
    await api.ok('PUT', '/user-moves/massive', admin, { userMovesIds: [assigned.id], userId: getterId });
    expect(await assignedLogs()).toHaveLength(count);
    expect((await api.call('PUT', '/user-moves/massive', admin, { userMovesIds: [assigned.id], userId: agentId })).json().message).toBe(MOVE_TEXT.notGetter);
    expect((await api.call('PUT', '/user-moves/massive', admin, { userMovesIds: [], userId: getterId })).json().errors.userMovesIds).toBe(MOVE_FORM_TEXT.pickMove);
  });

  it("asks for the auditor in the stock screen's words when a call to a Getter names none", async () => {
    const [visit] = await t.db.select().from(visits).where(visitIn('PUBLICADA')).limit(1);
    const [available] = await movesWhere(t, inStatus('DISPONIBLE'), stockMove);
    // The stock screen's call (moves and published visits): only a Getter takes visits, so no agent is asked for.
    const stock = await api.call('PUT', '/user-moves/massive', admin, { userMovesIds: [available.id], locations: [{ projectLocationId: visit.projectLocationId, visitId: visit.id }] });
    expect(stock.statusCode).toBe(400);
    expect(stock.json()).toEqual({ message: MOVE_FORM_TEXT.pickAuditor, errors: { userId: MOVE_FORM_TEXT.pickAuditor } });
    const locations = await api.call('POST', '/user-moves/massive-locations', admin, [{ projectLocationId: visit.projectLocationId, visitId: visit.id }]);
    expect(locations.statusCode).toBe(400);
    expect(locations.json().errors).toEqual({ '0.userId': MOVE_FORM_TEXT.pickAuditor });
    // One that is there but no id is still said as such.
    const bad = await api.call('POST', '/user-moves/massive-locations', admin, [{ projectLocationId: visit.projectLocationId, userId: 'abc' }]);
    expect(bad.json().errors).toEqual({ '0.userId': 'Identificador inválido' });
    // Nothing was written.
    expect(await reload(t, available.id)).toMatchObject({ status: 'DISPONIBLE', userId: null, version: available.version });
    expect((await t.db.select().from(visits).where(eq(visits.id, visit.id)))[0].state).toBe('PUBLICADA');
  });

  it('creates ASIGNADA moves from published visits, the visit taken', async () => {
    const published = await t.db.select().from(visits).where(visitIn('PUBLICADA')).limit(2);
    const answer = await api.ok<{ created: { id: number; code: string; visitId: number }[] }>('POST', '/user-moves/massive-locations', admin, [
      { projectLocationId: published[0].projectLocationId, userId: getterId, visitId: published[0].id },
      { projectLocationId: published[1].projectLocationId, userId: getterId },
    ]);
    expect(answer.created).toHaveLength(2);
    expect(answer.created[0].visitId).toBe(published[0].id);
    const taken = await t.db.select().from(visits).where(inArray(visits.id, answer.created.map((c) => c.visitId)));
    expect(taken.every((v) => v.state === 'TOMADA')).toBe(true);
    const [move] = await t.db.select().from(userMoves).where(eq(userMoves.id, answer.created[0].id));
    expect(move).toMatchObject({ status: 'ASIGNADA', userId: getterId, visitId: published[0].id });
    expect(move.questionnaireVersionId).not.toBeNull();
  });

  it('assigns the stock screen\'s moves and visits to a Getter in one call, all or nothing', async () => {
    const [available, other] = await movesWhere(t, inStatus('DISPONIBLE'), stockMove);
    const [free] = await t.db.select().from(visits).where(visitIn('PUBLICADA')).limit(1);
    const [taken] = await t.db.select().from(visits).where(visitIn('TOMADA')).limit(1);
    // A visit taken meanwhile: the move is not assigned either.
    const refused = await api.call('PUT', '/user-moves/massive', admin, { userMovesIds: [available.id], userId: getterId, locations: [{ projectLocationId: taken.projectLocationId, visitId: taken.id }] });
    expect(refused.statusCode).toBe(409);
    // Which visit: the point of sale and the project, after what the moves' refusal says.
    expect(refused.json().message).toBe(await visitGoneMessage(t, taken.projectLocationId));
    expect(refused.json().message).toMatch(/: la visita de «.+» del proyecto «.+» ya no está publicada\.$/);
    expect(await reload(t, available.id)).toMatchObject({ status: 'DISPONIBLE', version: available.version });

    const answer = await api.ok<{ updated: number; created: { id: number; visitId: number; userId: number }[] }>('PUT', '/user-moves/massive', admin, {
      userMovesIds: [available.id],
      userId: getterId,
      locations: [{ projectLocationId: free.projectLocationId, visitId: free.id }],
    });
    expect(answer.updated).toBe(1);
    expect(answer.created).toMatchObject([{ visitId: free.id, userId: getterId }]);
    expect(await reload(t, available.id)).toMatchObject({ status: 'ASIGNADA', userId: getterId });
    expect((await t.db.select().from(visits).where(eq(visits.id, free.id)))[0].state).toBe('TOMADA');
    // Visits alone, and never to a quality agent.
    const [next] = await t.db.select().from(visits).where(visitIn('PUBLICADA')).limit(1);
    expect((await api.ok<{ created: unknown[] }>('PUT', '/user-moves/massive', admin, { userId: getterId, locations: [{ projectLocationId: next.projectLocationId, visitId: next.id }] })).created).toHaveLength(1);
    const toAgent = await api.call('PUT', '/user-moves/massive', admin, { userMovesIds: [other.id], assignedAgentId: agentId, locations: [{ projectLocationId: next.projectLocationId }] });
    expect(toAgent.json().errors.locations).toBe(MOVE_FORM_TEXT.visitsToGetter);
  });

  it.runIf(inject('postgresServer') !== null)('logs a move taken from stock once, and its handing to the second Getter once, when two overlapping assignments to different Getters meet', async () => {
    const stock = (await movesWhere(t, inStatus('DISPONIBLE'), stockMove)).slice(0, 3);
    expect(stock).toHaveLength(3);
    const [, other] = await t.db.select().from(users).where(and(eq(users.rolId, ROLE.GETTER), eq(users.status, true))).limit(2);
    const ids = stock.map((m) => m.id);
    // Someone holds the moves for a moment, so both assignments arrive while they are busy and meet.
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    let locked!: () => void;
    const isLocked = new Promise<void>((resolve) => (locked = resolve));
    const holder = t.db.transaction(async (tx) => {
      await tx.execute(sql`select id from user_moves where id in (${sql.join(ids.map((id) => sql`${id}`), sql`, `)}) for update`);
      locked();
      await released;
    });
    await isLocked;
    const answers = Promise.all([
      api.call('PUT', '/user-moves/massive', admin, { userMovesIds: ids.slice(0, 2), userId: getterId }),
      api.call('PUT', '/user-moves/massive', admin, { userMovesIds: ids.slice(1), userId: other.id }),
    ]);
    await new Promise((resolve) => setTimeout(resolve, 500));
    release();
    await holder;
    expect((await answers).map((r) => r.statusCode)).toEqual([200, 200]);
    // Taken from stock once each; the move both wanted went to one Getter and then to the other, and its
    // history says so (one entry per Getter), with exactly one entry still open.
    for (const [i, id] of ids.entries()) {
      const logs = await t.db.select().from(moveStatusLogs).where(and(eq(moveStatusLogs.userMoveId, id), eq(moveStatusLogs.status, 'ASIGNADA')));
      expect(logs, `move ${id}`).toHaveLength(i === 1 ? 2 : 1);
      expect(logs.filter((l) => l.finishedAt === null), `move ${id}`).toHaveLength(1);
      expect((await reload(t, id)).status).toBe('ASIGNADA');
    }
  });

  it('gives a location no more moves than its published visits: one more is refused naming it, and nothing is written', async () => {
    const [{ projectLocationId, n }] = await t.db
      .select({ projectLocationId: visits.projectLocationId, n: sql<number>`count(*)::int` })
      .from(visits)
      .where(visitIn('PUBLICADA'))
      .groupBy(visits.projectLocationId)
      .orderBy(sql`count(*)`)
      .limit(1);
    const names = await namesOf(t, projectLocationId);
    const before = (await t.db.select().from(userMoves)).length;
    const items = Array.from({ length: n + 1 }, () => ({ projectLocationId, userId: getterId }));
    const res = await api.call('POST', '/user-moves/massive-locations', admin, items);
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json().message).toBe(ASSIGN_TEXT.noVisitLeft(names.location, names.project));
    expect((await t.db.select().from(userMoves)).length).toBe(before);
    const published = await t.db.select().from(visits).where(and(eq(visits.projectLocationId, projectLocationId), eq(visits.state, 'PUBLICADA')));
    expect(published).toHaveLength(n);
    // Exactly its published visits are taken.
    const taken = await api.ok<{ created: { visitId: number }[] }>('POST', '/user-moves/massive-locations', admin, items.slice(1));
    expect(taken.created.map((c) => c.visitId).sort()).toEqual(published.map((v) => v.id).sort());
  });

  it('writes nothing when one item fails: a visit no longer published, or a user who is not a Getter', async () => {
    const [free] = await t.db.select().from(visits).where(visitIn('PUBLICADA')).limit(1);
    const [taken] = await t.db.select().from(visits).where(visitIn('TOMADA')).limit(1);
    const before = (await t.db.select().from(userMoves)).length;
    const res = await api.call('POST', '/user-moves/massive-locations', admin, [
      { projectLocationId: free.projectLocationId, userId: getterId, visitId: free.id },
      { projectLocationId: taken.projectLocationId, userId: getterId, visitId: taken.id },
    ]);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(await visitGoneMessage(t, taken.projectLocationId));
    expect((await t.db.select().from(visits).where(eq(visits.id, free.id)))[0].state).toBe('PUBLICADA');
    expect((await t.db.select().from(userMoves)).length).toBe(before);
    expect((await api.call('POST', '/user-moves/massive-locations', admin, [{ projectLocationId: free.projectLocationId, userId: agentId }])).json().message).toBe(MOVE_TEXT.notGetter);
    expect((await api.call('POST', '/user-moves/massive-locations', admin, [])).json().message).toBe(MOVE_FORM_TEXT.pickMove);
  });
});

describe('a point of sale deactivated after it joined the project', () => {
  it('gets no Getter: neither its published visits nor its stock moves (409 naming it, nothing written); active again, it does', async () => {
    // A point of sale of a running project with a published visit and a move in the stock.
    const [visit] = await t.db
      .select()
      .from(visits)
      .where(and(visitIn('PUBLICADA'), sql`exists (select 1 from user_moves m where m.project_location_id = ${visits.projectLocationId} and m.status = 'DISPONIBLE')`))
      .limit(1);
    expect(visit, 'a published visit beside a stock move in the seed').toBeDefined();
    const [place] = await t.db
      .select({ id: locations.id, name: locations.fullName })
      .from(projectLocations)
      .innerJoin(locations, eq(locations.id, projectLocations.locationId))
      .where(eq(projectLocations.id, visit.projectLocationId));
    const [move] = await movesWhere(t, inStatus('DISPONIBLE'), eq(userMoves.projectLocationId, visit.projectLocationId));
    await api.ok('PUT', '/locations/disable', admin, { id: place.id, status: false });
    const before = (await t.db.select().from(userMoves)).length;
    for (const item of [{ projectLocationId: visit.projectLocationId, userId: getterId }, { projectLocationId: visit.projectLocationId, userId: getterId, visitId: visit.id }]) {
      const res = await api.call('POST', '/user-moves/massive-locations', admin, [item]);
      expect(res.statusCode, res.body).toBe(409);
      expect(res.json().message).toBe(ASSIGN_TEXT.locationInactive([place.name]));
    }
    const stock = await api.call('PUT', '/user-moves/massive', admin, { userId: getterId, locations: [{ projectLocationId: visit.projectLocationId, visitId: visit.id }] });
    expect(stock.statusCode, stock.body).toBe(409);
    const refused = await api.call('PUT', '/user-moves/massive', admin, { userMovesIds: [move.id], userId: getterId });
    expect(refused.statusCode, refused.body).toBe(409);
    expect(refused.json().message).toBe(ASSIGN_TEXT.locationInactive([place.name]));
    expect(await reload(t, move.id)).toMatchObject({ status: 'DISPONIBLE', userId: null, version: move.version });
    expect((await t.db.select().from(visits).where(eq(visits.id, visit.id)))[0].state).toBe('PUBLICADA');
    expect((await t.db.select().from(userMoves)).length).toBe(before);
    // The stock still lists them, each row saying its point of sale is inactive, and no other row says so.
    const [{ projectId }] = await t.db.select({ projectId: projectLocations.projectId }).from(projectLocations).where(eq(projectLocations.id, visit.projectLocationId));
    const listed = await api.ok<{ rows: StockRow[] }>('GET', `/user-moves/stock-moves-report?projectId=${projectId}&limit=100`, admin);
    const own = listed.rows.filter((r) => r.project_location_id === visit.projectLocationId);
    expect(own.map((r) => r.key)).toEqual(expect.arrayContaining([`v:${visit.id}`, `m:${move.id}`]));
    expect(own.every((r) => r.puntoDeVentaInactivo === true)).toBe(true);
    expect(listed.rows.filter((r) => r.project_location_id !== visit.projectLocationId).every((r) => r.puntoDeVentaInactivo === false)).toBe(true);
    // Asked for what can be assigned (the assignment screen's default), they are left out, and only they.
    const assignable = await api.ok<{ rows: StockRow[]; count: number }>('GET', `/user-moves/stock-moves-report?projectId=${projectId}&limit=100&assignable=true`, admin);
    expect(assignable.rows.map((r) => r.key).sort()).toEqual(listed.rows.filter((r) => r.project_location_id !== visit.projectLocationId).map((r) => r.key).sort());
    expect(assignable.count).toBe(assignable.rows.length);

    await api.ok('PUT', '/locations/disable', admin, { id: place.id, status: true });
    const taken = await api.ok<{ created: { visitId: number }[] }>('POST', '/user-moves/massive-locations', admin, [{ projectLocationId: visit.projectLocationId, userId: getterId, visitId: visit.id }]);
    expect(taken.created.map((c) => c.visitId)).toEqual([visit.id]);
  });

  // Two connections at once: PostgreSQL only (the embedded database has one).
  it.runIf(inject('campoDatabase').kind === 'postgres')('is refused to an assignment sent while its deactivation is being written: the check waits for it', async () => {
    // A stock move of a running project, at a point of sale still active.
    const [move] = await movesWhere(
      t,
      inStatus('DISPONIBLE'),
      isNull(userMoves.userId),
      sql`not ${endedProject(userMoves.projectLocationId)}`,
      sql`exists (select 1 from project_locations pl join locations l on l.id = pl.location_id where pl.id = ${userMoves.projectLocationId} and l.status)`,
    );
    const [place] = await t.db
      .select({ id: locations.id, name: locations.fullName })
      .from(projectLocations)
      .innerJoin(locations, eq(locations.id, projectLocations.locationId))
      .where(eq(projectLocations.id, move.projectLocationId));
    let assigning: Promise<{ statusCode: number; json: () => { message?: string } }> | undefined;
    await t.db.transaction(async (tx) => {
      await tx.update(locations).set({ status: false }).where(eq(locations.id, place.id));
      // Sent while the deactivation is not committed: read without waiting, the point of sale looked active.
      assigning = api.call('PUT', '/user-moves/massive', admin, { userMovesIds: [move.id], userId: getterId });
      await new Promise((resolve) => setTimeout(resolve, 400));
    });
    try {
      const res = await assigning!;
      expect([res.statusCode, res.json().message]).toEqual([409, ASSIGN_TEXT.locationInactive([place.name])]);
      expect(await reload(t, move.id)).toMatchObject({ status: 'DISPONIBLE', userId: null, version: move.version });
    } finally {
      await api.ok('PUT', '/locations/disable', admin, { id: place.id, status: true });
    }
  });
});

describe('a finished project', () => {
  it('gives none of its published visits to a Getter: 409 naming it, no move created, the visit still published', async () => {
    const [visit] = await t.db.select().from(visits).where(and(eq(visits.state, 'PUBLICADA'), endedProject(visits.projectLocationId))).limit(1);
    expect(visit, 'a published visit of a finished project in the seed').toBeDefined();
    const before = (await t.db.select().from(userMoves)).length;
    for (const item of [{ projectLocationId: visit.projectLocationId, userId: getterId }, { projectLocationId: visit.projectLocationId, userId: getterId, visitId: visit.id }]) {
      const res = await api.call('POST', '/user-moves/massive-locations', admin, [item]);
      expect(res.statusCode).toBe(409);
      expect(res.json().message).toBe(ASSIGN_TEXT.projectEnded([await projectNameOf(visit.projectLocationId)]));
    }
    expect((await t.db.select().from(visits).where(eq(visits.id, visit.id)))[0].state).toBe('PUBLICADA');
    expect((await t.db.select().from(userMoves)).length).toBe(before);
  });

  it('refuses a whole call that mixes its locations with those of a running project', async () => {
    const [ended] = await t.db.select().from(visits).where(and(eq(visits.state, 'PUBLICADA'), endedProject(visits.projectLocationId))).limit(1);
    const [running] = await t.db.select().from(visits).where(visitIn('PUBLICADA')).limit(1);
    const before = (await t.db.select().from(userMoves)).length;
    const res = await api.call('POST', '/user-moves/massive-locations', admin, [
      { projectLocationId: running.projectLocationId, userId: getterId, visitId: running.id },
      { projectLocationId: ended.projectLocationId, userId: getterId },
    ]);
    expect(res.statusCode).toBe(409);
    expect((await t.db.select().from(visits).where(eq(visits.id, running.id)))[0].state).toBe('PUBLICADA');
    expect((await t.db.select().from(userMoves)).length).toBe(before);
  });

  it('gives none of its stock moves to a Getter, and the stock screen\'s call with one of its visits assigns nothing', async () => {
    const [move] = await movesWhere(t, inArray(userMoves.status, ['DISPONIBLE', 'ASIGNADA']), endedProject(userMoves.projectLocationId));
    expect(move, 'a stock move of a finished project in the seed').toBeDefined();
    const refused = await api.call('PUT', '/user-moves/massive', admin, { userMovesIds: [move.id], userId: getterId });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(ASSIGN_TEXT.projectEnded([await projectNameOf(move.projectLocationId)]));
    expect(await reload(t, move.id)).toMatchObject({ status: move.status, userId: move.userId, version: move.version });

    const [available] = await movesWhere(t, inStatus('DISPONIBLE'), stockMove);
    const [visit] = await t.db.select().from(visits).where(and(eq(visits.state, 'PUBLICADA'), endedProject(visits.projectLocationId))).limit(1);
    const mixed = await api.call('PUT', '/user-moves/massive', admin, { userMovesIds: [available.id], userId: getterId, locations: [{ projectLocationId: visit.projectLocationId, visitId: visit.id }] });
    expect(mixed.statusCode).toBe(409);
    expect(mixed.json().message).toBe(ASSIGN_TEXT.projectEnded([await projectNameOf(visit.projectLocationId)]));
    expect(await reload(t, available.id)).toMatchObject({ status: 'DISPONIBLE', userId: null, version: available.version });
    expect((await t.db.select().from(visits).where(eq(visits.id, visit.id)))[0].state).toBe('PUBLICADA');
  });

  it('names the state, not the ended project, of a move no assignment would take in any project', async () => {
    const [move] = await movesWhere(t, inArray(userMoves.status, ['EN_REVISION', 'INICIADA', 'DEVUELTA']), endedProject(userMoves.projectLocationId));
    expect(move, 'a move under review, started or returned in a finished project, in the seed').toBeDefined();
    const refused = await api.call('PUT', '/user-moves/massive', admin, { userMovesIds: [move.id], userId: getterId });
    expect([refused.statusCode, refused.json().message]).toEqual([409, MOVE_FORM_TEXT.stockState]);
    expect(await reload(t, move.id)).toMatchObject({ status: move.status, userId: move.userId, version: move.version });
  });

  it('is still listed in the stock, each of its rows saying its project ended, and no other row says so', async () => {
    type Stock = { rows: StockRow[] };
    const [visit] = await t.db.select().from(visits).where(and(eq(visits.state, 'PUBLICADA'), endedProject(visits.projectLocationId))).limit(1);
    const [project] = await t.db.select({ id: projectLocations.projectId }).from(projectLocations).where(eq(projectLocations.id, visit.projectLocationId));
    const ofEnded = await api.ok<Stock>('GET', `/user-moves/stock-moves-report?projectId=${project.id}&limit=100`, admin);
    expect(ofEnded.rows.map((r) => r.key)).toContain(`v:${visit.id}`);
    expect(ofEnded.rows.every((r) => r.proyectoFinalizado === true)).toBe(true);
    const [running] = await t.db.select().from(visits).where(visitIn('PUBLICADA')).limit(1);
    const [runningProject] = await t.db.select({ id: projectLocations.projectId }).from(projectLocations).where(eq(projectLocations.id, running.projectLocationId));
    const ofRunning = await api.ok<Stock>('GET', `/user-moves/stock-moves-report?projectId=${runningProject.id}&limit=100`, admin);
    expect(ofRunning.rows.length).toBeGreaterThan(0);
    expect(ofRunning.rows.every((r) => r.proyectoFinalizado === false)).toBe(true);
    // What can be assigned leaves the ended project's rows out, counted too; the running one's stay.
    const assignableOfEnded = await api.ok<Stock & { count: number }>('GET', `/user-moves/stock-moves-report?projectId=${project.id}&limit=100&assignable=true`, admin);
    expect(assignableOfEnded).toMatchObject({ rows: [], count: 0 });
    const assignableOfRunning = await api.ok<Stock>('GET', `/user-moves/stock-moves-report?projectId=${runningProject.id}&limit=100&assignable=true`, admin);
    expect(assignableOfRunning.rows.map((r) => r.key)).toEqual(ofRunning.rows.map((r) => r.key));
    const everyAssignable = await api.ok<Stock>('GET', '/user-moves/stock-moves-report?limit=5000&assignable=true', admin);
    expect(everyAssignable.rows.length).toBeGreaterThan(0);
    expect(everyAssignable.rows.every((r) => r.proyectoFinalizado === false && r.puntoDeVentaInactivo === false)).toBe(true);
    expect(everyAssignable.rows.map((r) => r.key)).not.toContain(`v:${visit.id}`);
  });

  it("is not offered by the project picker asked for running projects ('current')", async () => {
    const [visit] = await t.db.select().from(visits).where(and(eq(visits.state, 'PUBLICADA'), endedProject(visits.projectLocationId))).limit(1);
    const [ended] = await t.db.select({ id: projects.id, name: projects.name }).from(projects).innerJoin(projectLocations, eq(projectLocations.projectId, projects.id)).where(eq(projectLocations.id, visit.projectLocationId));
    type Choice = { id: number; name: string };
    const q = encodeURIComponent(ended.name);
    expect((await api.ok<Choice[]>('GET', `/user-moves/get/projects?q=${q}`, admin)).map((p) => p.id)).toContain(ended.id);
    expect((await api.ok<Choice[]>('GET', `/user-moves/get/projects?q=${q}&current=true`, admin)).map((p) => p.id)).not.toContain(ended.id);
    const running = await api.ok<Choice[]>('GET', '/user-moves/get/projects?current=true', admin);
    expect(running.length).toBeGreaterThan(0);
    const endDates = await t.db.select({ id: projects.id, endDate: projects.endDate }).from(projects).where(inArray(projects.id, running.map((p) => p.id)));
    expect(endDates.every((p) => p.endDate === null || p.endDate >= todayIso())).toBe(true);
  });

  it('still has its moves in review given to a quality agent: reviewing what was done in time is not handing out work', async () => {
    const [inReview] = await movesWhere(t, inStatus('EN_REVISION'), endedProject(userMoves.projectLocationId));
    expect(inReview, 'a move in review of a finished project in the seed').toBeDefined();
    const answer = await api.ok<{ updated: number }>('PUT', '/user-moves/massive', admin, { userMovesIds: [inReview.id], assignedAgentId: agentId });
    expect(answer.updated).toBe(1);
    expect((await reload(t, inReview.id)).assignedAgentId).toBe(agentId);
  });
});

describe('the stock', () => {
  type Stock = { rows: StockRow[]; count: number | null; next: string | null; countEstimated?: true };
  it('counts exactly up to a thousand a branch, and beyond says its count is an estimate', async () => {
    const exact = await api.ok<Stock>('GET', '/user-moves/stock-moves-report?statuses=Publicada&limit=10', admin);
    expect(exact.countEstimated).toBeUndefined();
    const [{ n }] = ((await t.db.execute(sql`select count(*)::int as n from visits where state = 'PUBLICADA'`)) as unknown as { rows: { n: number }[] }).rows;
    expect(exact.count).toBe(n);
    const [one] = await t.db.select().from(visits).where(eq(visits.state, 'PUBLICADA')).limit(1);
    const added = await t.db
      .insert(visits)
      .values(Array.from({ length: 1500 }, () => ({ projectLocationId: one.projectLocationId, visitRangeId: one.visitRangeId, dueFrom: one.dueFrom, dueTo: one.dueTo, state: 'PUBLICADA', publishedAt: new Date() })))
      .returning({ id: visits.id });
    try {
      await t.db.execute(sql`analyze visits`);
      const big = await api.ok<Stock>('GET', '/user-moves/stock-moves-report?statuses=Publicada&limit=10', admin);
      expect(big.countEstimated).toBe(true);
      expect(big.count).toBeGreaterThan(1000);
      expect(big.rows).toHaveLength(10);

      // The estimate is kept a few seconds: the next pages neither count nor plan the stock again.
      const more = await t.db
        .insert(visits)
        .values(Array.from({ length: 1500 }, () => ({ projectLocationId: one.projectLocationId, visitRangeId: one.visitRangeId, dueFrom: one.dueFrom, dueTo: one.dueTo, state: 'PUBLICADA', publishedAt: new Date() })))
        .returning({ id: visits.id });
      added.push(...more);
      await t.db.execute(sql`analyze visits`);
      const next = await api.ok<Stock>('GET', '/user-moves/stock-moves-report?statuses=Publicada&limit=10&offset=10', admin);
      expect(next.count).toBe(big.count);
      expect(next.countEstimated).toBe(true);
      // Another filter is another count. (One no later test asks for: its estimate is kept a few seconds.)
      const other = await api.ok<Stock>('GET', `/user-moves/stock-moves-report?statuses=${encodeURIComponent('Publicada,Publicada por Cancelación')}&limit=10`, admin);
      expect(other.count).toBeGreaterThan(big.count! + 1400);
    } finally {
      await t.db.delete(visits).where(inArray(visits.id, added.map((v) => v.id)));
      await t.db.execute(sql`analyze visits`);
    }
  });


  it('lists the four stock states, by state, paged, with the stock row', async () => {
    const page = await api.ok<Stock>('GET', '/user-moves/stock-moves-report?statuses=Publicada,Asignada&limit=10', admin);
    expect(page.rows).toHaveLength(10);
    expect(page.count).toBeGreaterThan(10);
    expect(new Set(page.rows.map((r) => r.estado_actual))).toEqual(new Set(['Publicada']));
    expect(Object.keys(page.rows[0])).toEqual(expect.arrayContaining(['id_pedido', 'id_move', 'id_operativo', 'auditor', 'estado_actual', 'agente_asignado', 'proyecto', 'cliente', 'project_location_id']));
    const last = await api.ok<Stock>('GET', `/user-moves/stock-moves-report?statuses=Publicada,Asignada&limit=10&offset=${page.count! - 1}`, admin);
    expect(last.rows[0].estado_actual).toBe('Asignada');
    const bad = await api.call('GET', '/user-moves/stock-moves-report?statuses=Aprobada', admin);
    expect(bad.json().message).toBe(MOVE_FORM_TEXT.stockFilter);
  });

  it('answers each page by its own filters and place, though the page\'s statement is built once per shape and reused', async () => {
    const keys = (page: Stock) => page.rows.map((r) => r.key);
    const all = await api.ok<Stock>('GET', '/user-moves/stock-moves-report?statuses=Publicada,Asignada&limit=10', admin);
    // The same states in another order, or repeated: the same page.
    expect(keys(await api.ok<Stock>('GET', '/user-moves/stock-moves-report?statuses=Asignada,Publicada,Asignada&limit=10', admin))).toEqual(keys(all));
    // Two clients asked one after the other on the same shape: each gets its own rows only.
    const [first, second] = await t.db.selectDistinct({ clientId: projects.clientId }).from(visits).innerJoin(projectLocations, eq(projectLocations.id, visits.projectLocationId)).innerJoin(projects, eq(projects.id, projectLocations.projectId)).where(eq(visits.state, 'PUBLICADA')).limit(2);
    for (const { clientId } of [first, second]) {
      const page = await api.ok<Stock>('GET', `/user-moves/stock-moves-report?statuses=Publicada&clientId=${clientId}&limit=100`, admin);
      const [client] = await t.db.select({ name: clients.name }).from(clients).where(eq(clients.id, clientId!));
      expect(page.rows.length).toBeGreaterThan(0);
      expect(new Set(page.rows.map((r) => r.cliente))).toEqual(new Set([client.name]));
    }
    // The next page starts where the offset says, and a page by key right after the cursor given.
    const second10 = await api.ok<Stock>('GET', '/user-moves/stock-moves-report?statuses=Publicada,Asignada&limit=10&offset=10', admin);
    const first20 = await api.ok<Stock>('GET', '/user-moves/stock-moves-report?statuses=Publicada,Asignada&limit=20', admin);
    expect(keys(second10)).toEqual(keys(first20).slice(10));
    const after = await api.ok<Stock>('GET', `/user-moves/stock-moves-report?statuses=Publicada,Asignada&limit=5&after=${encodeURIComponent(all.rows[4].key)}`, admin);
    expect(keys(after)).toEqual(keys(all).slice(5, 10));
  });

  it('exports every move and visit by keyset pages, each once, with the dates per state and the attachments', async () => {
    const seen: StockReportRow[] = [];
    let after: string | null = null;
    let count: number | null = null;
    do {
      const page: { rows: StockReportRow[]; count: number | null; next: string | null } = await api.ok('GET', `/user-moves/stock-moves-report?full=true&limit=97${after ? `&after=${after}` : ''}`, admin);
      count ??= page.count;
      seen.push(...page.rows);
      after = page.next;
    } while (after);
    expect(new Set(seen.map((r) => r.key)).size).toBe(seen.length);
    expect(seen.length).toBe(count);
    const approved = seen.find((r) => r.estado_actual === 'Aprobada' && r.audio)!;
    expect(approved.fechas.aprobada).not.toBeNull();
    expect(approved.fechas.en_revision).not.toBeNull();
    expect(approved.link).toBe(`${t.config.publicUrl}/user-moves/view/${approved.id_move}`);
    expect(approved.duracion_segundos).toBeGreaterThan(0);
  });

  it('gives each exported row its move’s first date per state, attachments, reason, video and campaign as the database holds them', async () => {
    const page: { rows: StockReportRow[] } = await api.ok('GET', '/user-moves/stock-moves-report?full=true&limit=5000', admin);
    const moves = page.rows.filter((r) => r.kind === 'move');
    const ids = moves.map((r) => r.userMoveId!);
    const logs = await t.db.select().from(moveStatusLogs).where(inArray(moveStatusLogs.userMoveId, ids));
    const files = await t.db.select().from(moveAttachments).where(inArray(moveAttachments.userMoveId, ids));
    const details = new Map((await t.db.select().from(userMoves).where(inArray(userMoves.id, ids))).map((m) => [m.id, m]));
    const first = (id: number, status: string) => {
      const at = logs.filter((l) => l.userMoveId === id && l.status === status).map((l) => l.createdAt.getTime());
      return at.length ? new Date(Math.min(...at)).toISOString() : null;
    };
    const iso = (d: Date | null | undefined) => (d ? d.toISOString() : null);
    expect(moves.some((r) => r.imagenes > 0 && r.fechas.aprobada !== null)).toBe(true);
    // Some finished visit started on another moment than it finished: the two readings differ there.
    expect(moves.some((r) => { const m = details.get(r.userMoveId!)!; return m.completedAuditDate && m.startAuditDate && m.completedAuditDate.getTime() !== m.startAuditDate.getTime(); })).toBe(true);
    for (const row of moves) {
      const id = row.userMoveId!;
      const move = details.get(id)!;
      const own = files.filter((f) => f.userMoveId === id);
      expect(row.fechas).toEqual({
        publicada: row.fechas.publicada,
        asignada: first(id, 'ASIGNADA'),
        cancelada: first(id, 'CANCELADA'),
        iniciada: first(id, 'INICIADA'),
        en_revision: first(id, 'EN_REVISION'),
        rechazada: first(id, 'RECHAZADA'),
        aprobada: first(id, 'APROBADA'),
        desaprobada: first(id, 'DESAPROBADA'),
      });
      expect(row).toMatchObject({
        imagenes: own.filter((f) => f.type === 'image').length,
        audio: own.some((f) => f.type === 'audio'),
        ultima_carga: own.length ? new Date(Math.max(...own.map((f) => f.createdAt.getTime()))).toISOString() : null,
        duracion_segundos: own.some((f) => f.durationInSeconds !== null) ? own.reduce((n, f) => n + (f.durationInSeconds ?? 0), 0) : null,
        motivo: move.rejectionReason ?? move.disapprovedReason ?? move.returnReason ?? move.cancelReason ?? null,
        video: move.videoLink,
        // The visit's date, as every screen names it: when the Getter finished it, else when they started it.
        fecha_visita: iso(move.completedAuditDate ?? move.startAuditDate),
        id_move: move.code,
      });
    }
    const [visit] = page.rows.filter((r) => r.kind === 'visit');
    const [stored] = await t.db.select().from(visits).where(eq(visits.id, visit.id_pedido!));
    expect(visit.fechas).toEqual({ publicada: stored.publishedAt.toISOString(), asignada: null, cancelada: null, iniciada: null, en_revision: null, rechazada: null, aprobada: null, desaprobada: null });
    expect(visit).toMatchObject({ id_move: null, userMoveId: null, link: null, audio: false, imagenes: 0, ultima_carga: null, duracion_segundos: null, motivo: null });
    const [project] = await t.db.select().from(projects).where(eq(projects.id, visit.id_operativo));
    const campaign = project.campaignId ? (await t.db.select().from(campaigns).where(eq(campaigns.id, project.campaignId)))[0].name : null;
    expect(visit.campania).toBe(campaign);
  });

  it('gives every stock row, on the screen and in the export, its project, client, point of sale, city, Getter, agent, campaign and publication as the database holds them', async () => {
    // A move of no visit has no publication date.
    const [taken] = await movesWhere(t, inStatus('ASIGNADA'));
    const [orphan] = await t.db.insert(userMoves).values({ projectLocationId: taken.projectLocationId, status: 'ASIGNADA', userId: taken.userId, visitId: null, dueTo: taken.dueTo }).returning();
    try {
      const held = (await t.db.execute(sql`
        select 'v:' || x.id as key, p.id as project_id, p.name as project, cl.name as client, pl.id as project_location_id, l.full_name as location,
          ci.name as city, x.due_to::text as due_to, null::text as getter, null::text as agent, cp.name as campaign, x.published_at as published
        from visits x join project_locations pl on pl.id = x.project_location_id join projects p on p.id = pl.project_id
          join locations l on l.id = pl.location_id left join clients cl on cl.id = p.client_id left join cities ci on ci.id = l.city_id
          left join campaigns cp on cp.id = p.campaign_id
        union all
        select 'm:' || x.id, p.id, p.name, cl.name, pl.id, l.full_name, ci.name, x.due_to::text, nullif(trim(g.names || ' ' || g.last_name), ''),
          nullif(trim(a.names || ' ' || a.last_name), ''), cp.name, x.published_at
        from user_moves x join project_locations pl on pl.id = x.project_location_id join projects p on p.id = pl.project_id
          join locations l on l.id = pl.location_id left join clients cl on cl.id = p.client_id left join cities ci on ci.id = l.city_id
          left join campaigns cp on cp.id = p.campaign_id left join users g on g.id = x.user_id left join users a on a.id = x.assigned_agent_id`)) as unknown as { rows: Record<string, string | number | Date | null>[] };
      const expected = new Map(
        held.rows.map((r) => [
          String(r.key),
          {
            id_operativo: Number(r.project_id),
            proyecto: r.project,
            cliente: r.client,
            project_location_id: Number(r.project_location_id),
            punto_de_venta: r.location,
            ciudad: r.city,
            fecha_limite: r.due_to,
            auditor: r.getter,
            agente_asignado: r.agent,
            campania: r.campaign,
            publicada: r.published === null ? null : new Date(r.published).toISOString(),
          },
        ]),
      );
      const exported: { rows: StockReportRow[] } = await api.ok('GET', '/user-moves/stock-moves-report?full=true&limit=5000', admin);
      const moves = exported.rows.filter((r) => r.kind === 'move');
      expect(moves.some((r) => r.auditor === null) && moves.some((r) => r.agente_asignado === null) && moves.some((r) => r.agente_asignado !== null)).toBe(true);
      expect(exported.rows.find((r) => r.userMoveId === orphan.id)!.fechas.publicada).toBeNull();
      for (const { fechas, campania, auditor, agente_asignado, proyecto, cliente, id_operativo, project_location_id, punto_de_venta, ciudad, fecha_limite, key } of exported.rows) {
        expect({ id_operativo, proyecto, cliente, project_location_id, punto_de_venta, ciudad, fecha_limite, auditor, agente_asignado, campania, publicada: fechas.publicada }, key).toEqual(expected.get(key));
      }
      // A screen page across the visits' end and the moves' start.
      const [{ n }] = ((await t.db.execute(sql`select count(*)::int as n from visits where state in ('PUBLICADA', 'PUBLICADA_POR_CANCELACION')`)) as unknown as { rows: { n: number }[] }).rows;
      const screen = await api.ok<Stock>('GET', `/user-moves/stock-moves-report?limit=40&offset=${Math.max(0, n - 20)}`, admin);
      expect(new Set(screen.rows.map((r) => r.kind))).toEqual(new Set(['visit', 'move']));
      for (const { auditor, agente_asignado, proyecto, cliente, id_operativo, project_location_id, punto_de_venta, ciudad, fecha_limite, key } of screen.rows) {
        const { campania: _campaign, publicada: _published, ...onScreen } = expected.get(key)!;
        expect({ id_operativo, proyecto, cliente, project_location_id, punto_de_venta, ciudad, fecha_limite, auditor, agente_asignado }, key).toEqual(onScreen);
      }
    } finally {
      await t.db.delete(userMoves).where(eq(userMoves.id, orphan.id));
    }
  });

  it("dates a move's publication before its assignment, and keeps it when its cancellation publishes its visit again", async () => {
    type Report = { rows: StockReportRow[] };
    const report = async () => (await api.ok<Report>('GET', '/user-moves/stock-moves-report?full=true&limit=5000', admin)).rows;
    const at = (text: string | null) => (text === null ? null : Date.parse(text));
    // Every move of the demo was published before it was assigned (the demo's visits too: not when it was loaded).
    const moves = (await report()).filter((r) => r.kind === 'move' && r.fechas.asignada !== null);
    expect(moves.length).toBeGreaterThan(0);
    expect(moves.filter((r) => r.fechas.publicada === null || at(r.fechas.publicada)! > at(r.fechas.asignada)!).map((r) => r.id_move)).toEqual([]);

    const [withVisit] = await movesWhere(t, inStatus('ASIGNADA'), isNotNull(userMoves.visitId));
    const before = (await report()).find((r) => r.userMoveId === withVisit.id)!;
    expect(before.fechas.publicada).not.toBeNull();
    await api.ok('POST', '/user-moves/cancel-one', admin, { id: withVisit.id, projectLocationID: withVisit.projectLocationId, reason: 'Local cerrado' });
    const after = await report();
    const cancelled = after.find((r) => r.userMoveId === withVisit.id)!;
    expect(cancelled.fechas.publicada).toBe(before.fechas.publicada);
    expect(at(cancelled.fechas.publicada)!).toBeLessThan(at(cancelled.fechas.cancelada)!);
    // The visit, published again, says when.
    const visit = after.find((r) => r.key === `v:${withVisit.visitId}`)!;
    expect(visit.estado_actual).toBe('Publicada por Cancelación');
    expect(at(visit.fechas.publicada)!).toBeGreaterThanOrEqual(at(cancelled.fechas.cancelada)! - 1000);
  });

  it('counts the export and tells with each page the cursor of the page after the next (`ahead`), with or without a client', async () => {
    const [client] = await t.db.select().from(clients).where(eq(clients.name, 'Café del Plata'));
    for (const filter of ['', `&clientId=${client.id}`]) {
      type Page = { rows: StockReportRow[]; count: number | null; next: string | null; ahead: string | null };
      const pages: Page[] = [];
      let after: string | null = null;
      do {
        const page: Page = await api.ok('GET', `/user-moves/stock-moves-report?full=true&limit=41${filter}${after ? `&after=${after}` : ''}`, admin);
        pages.push(page);
        after = page.next;
      } while (after);
      expect(pages.length).toBeGreaterThan(3);
      expect(pages.flatMap((p) => p.rows)).toHaveLength(pages[0].count!);
      for (const [i, page] of pages.entries()) expect(page.ahead, `page ${i + 1}`).toBe(pages[i + 1]?.next ?? null);
      // Asked for at once, the page at `ahead` is the one after the next.
      const third: Page = await api.ok('GET', `/user-moves/stock-moves-report?full=true&limit=41${filter}&after=${pages[0].ahead}`, admin);
      expect(third.rows.map((r) => r.key)).toEqual(pages[2].rows.map((r) => r.key));
    }
  });

  it('exports the stock of one client, and only its four stock states when asked, as the report screen offers', async () => {
    const [client] = await t.db.select().from(clients).where(eq(clients.name, 'Café del Plata'));
    const all: { rows: StockReportRow[] } = await api.ok('GET', '/user-moves/stock-moves-report?full=true&limit=5000', admin);
    const mine: { rows: StockReportRow[] } = await api.ok('GET', `/user-moves/stock-moves-report?full=true&limit=5000&clientId=${client.id}`, admin);
    expect(mine.rows.length).toBeGreaterThan(0);
    expect(mine.rows.length).toBeLessThan(all.rows.length);
    expect(new Set(mine.rows.map((r) => r.cliente))).toEqual(new Set([client.name]));
    expect(mine.rows.map((r) => r.key)).toEqual(all.rows.filter((r) => r.cliente === client.name).map((r) => r.key));
    const stock: { rows: StockReportRow[] } = await api.ok('GET', `/user-moves/stock-moves-report?full=true&limit=5000&clientId=${client.id}&statuses=${encodeURIComponent(STOCK_STATES.join(','))}`, admin);
    expect(stock.rows.length).toBeGreaterThan(0);
    expect(stock.rows.length).toBeLessThan(mine.rows.length);
    expect(stock.rows.every((r) => (STOCK_STATES as readonly string[]).includes(r.estado_actual))).toBe(true);
    expect(stock.rows.map((r) => r.key)).toEqual(mine.rows.filter((r) => (STOCK_STATES as readonly string[]).includes(r.estado_actual)).map((r) => r.key));
  });

  it('refuses `statuses` sent empty instead of listing every state, and a client or project that does not exist', async () => {
    for (const statuses of ['', ',', ' , ']) {
      const empty = await api.call('GET', `/user-moves/stock-moves-report?statuses=${encodeURIComponent(statuses)}`, admin);
      expect([statuses, empty.statusCode, empty.json().errors]).toEqual([statuses, 400, { statuses: MOVE_FORM_TEXT.pickStockState }]);
    }
    // Left out, it is every state, as before.
    expect((await api.call('GET', '/user-moves/stock-moves-report?limit=1', admin)).statusCode).toBe(200);
    const noClient = await api.call('GET', '/user-moves/stock-moves-report?statuses=Publicada&clientId=99999', admin);
    expect([noClient.statusCode, noClient.json().message]).toEqual([404, 'El cliente no existe.']);
    const noProject = await api.call('GET', '/user-moves/stock-moves-report?full=true&projectId=99999', admin);
    expect([noProject.statusCode, noProject.json().message]).toEqual([404, 'El proyecto no existe.']);
    // Sorted (the page carries its count), on a later page, and by keyset: the same answers.
    for (const query of ['clientId=99999&sort=punto_de_venta', 'clientId=99999&sort=fecha_limite&assignable=true&offset=20', 'clientId=99999&after=v:1']) {
      const res = await api.call('GET', `/user-moves/stock-moves-report?statuses=Publicada&${query}`, admin);
      expect([query, res.statusCode, res.json().message]).toEqual([query, 404, 'El cliente no existe.']);
    }
    // A project of another client: each exists, the two together name nothing (400), sorted or not, and in the export.
    const [own, other] = await rowsOf<{ client_id: number; project_id: number }>(
      t.db,
      sql`select distinct on (p.client_id) p.client_id, p.id as project_id from projects p order by p.client_id, p.id limit 2`,
    );
    for (const query of [`clientId=${own.client_id}&projectId=${other.project_id}`, `clientId=${own.client_id}&projectId=${other.project_id}&sort=proyecto`, `full=true&clientId=${own.client_id}&projectId=${other.project_id}`]) {
      const res = await api.call('GET', `/user-moves/stock-moves-report?${query}`, admin);
      expect([query, res.statusCode]).toEqual([query, 400]);
    }
  });

  it('gives the export at most 5,000 rows a page', async () => {
    const res = await api.call('GET', '/user-moves/stock-moves-report?full=true&limit=5001', admin);
    expect(res.statusCode).toBe(400);
  });

  it('refuses a cursor past any id (no 500 from PostgreSQL\'s integer)', async () => {
    for (const after of ['v:2147483648', 'm:9999999999', 'x:1']) {
      const res = await api.call('GET', `/user-moves/stock-moves-report?full=true&after=${after}`, admin);
      expect([after, res.statusCode, res.json().errors]).toEqual([after, 400, { after: 'Cursor inválido' }]);
    }
    expect((await api.call('GET', '/user-moves/stock-moves-report?full=true&after=v:2147483647', admin)).statusCode).toBe(200);
  });
});

describe('the performance report', () => {
  it('needs at least one client and both dates or neither', async () => {
    expect((await api.call('GET', '/user-moves/report', admin)).json().message).toBe(MOVE_FORM_TEXT.pickClient);
    const oneDate = await api.call('GET', '/user-moves/report?clientId=1&fromDate=2026-01-01', admin);
    expect(oneDate.json().errors.toDate).toBe(MOVE_FORM_TEXT.bothDates);
  });

  it('refuses a list of clients with one that is no id, rather than reporting the others as if it were the whole choice', async () => {
    for (const clientId of ['1,2,abc', '1,-3', '1,2.5', '1,99999999999']) {
      const answer = await api.call('GET', `/user-moves/report?clientId=${encodeURIComponent(clientId)}`, admin);
      expect(answer.statusCode, clientId).toBe(400);
      expect(answer.json().errors.clientId, clientId).toBe(MOVE_FORM_TEXT.badClientList);
    }
    // Spaces around the ids, and an empty place between commas, are still a list of ids.
    expect((await api.call('GET', `/user-moves/report?clientId=${encodeURIComponent(' 1 ,, 2,')}&limit=1`, admin)).statusCode).toBe(200);
  });

  it('answers 404 for a client or project that does not exist, not an empty report', async () => {
    const [client] = await t.db.select().from(clients).where(eq(clients.name, 'Café del Plata'));
    const unknown = await api.call('GET', '/user-moves/report?clientId=99999', admin);
    expect([unknown.statusCode, unknown.json().message]).toEqual([404, 'El cliente no existe.']);
    const among = await api.call('GET', `/user-moves/report?clientId=${client.id},99999,99998`, admin);
    expect([among.statusCode, among.json().message]).toEqual([404, 'Los clientes 99999, 99998 no existen.']);
    const one = await api.call('GET', `/user-moves/report?clientId=${client.id},99999&withAnswers=true&after=5`, admin);
    expect([one.statusCode, one.json().message]).toEqual([404, 'El cliente 99999 no existe.']);
    const noProject = await api.call('GET', `/user-moves/report?clientId=${client.id}&projectId=99999`, admin);
    expect([noProject.statusCode, noProject.json().message]).toEqual([404, 'El proyecto no existe.']);
  });

  it('refuses a project of none of the clients named (400), in the report and in the stock, not an empty answer', async () => {
    const [cafe] = await t.db.select().from(clients).where(eq(clients.name, 'Café del Plata'));
    const [other] = await t.db.select().from(projects).where(sql`${projects.clientId} <> ${cafe.id}`).limit(1);
    const report = await api.call('GET', `/user-moves/report?clientId=${cafe.id}&projectId=${other.id}`, admin);
    expect([report.statusCode, report.json().errors?.projectId]).toEqual([400, MOVE_FORM_TEXT.projectOfOtherClient(1)]);
    const [third] = await t.db.select().from(clients).where(sql`${clients.id} not in (${cafe.id}, ${other.clientId})`).limit(1);
    const among = await api.call('GET', `/user-moves/report?clientId=${cafe.id},${third.id}&projectId=${other.id}`, admin);
    expect([among.statusCode, among.json().errors?.projectId]).toEqual([400, MOVE_FORM_TEXT.projectOfOtherClient(2)]);
    const stock = await api.call('GET', `/user-moves/stock-moves-report?clientId=${cafe.id}&projectId=${other.id}`, admin);
    expect([stock.statusCode, stock.json().errors?.projectId]).toEqual([400, MOVE_FORM_TEXT.projectOfOtherClient(1)]);
    // The project's own client with it: the report as always.
    expect((await api.call('GET', `/user-moves/report?clientId=${cafe.id},${other.clientId}&projectId=${other.id}`, admin)).statusCode).toBe(200);
  });

  it('lists the approved moves of the clients, with their answers, and keeps dates within the project', async () => {
    const [client] = await t.db.select().from(clients).where(eq(clients.name, 'Café del Plata'));
    const report = await api.ok<{ rows: PerformanceRow[]; count: number }>('GET', `/user-moves/report?clientId=${client.id}&withAnswers=true&limit=5`, admin);
    expect(report.count).toBeGreaterThan(0);
    expect(report.rows.every((r) => r.clientName === 'Café del Plata')).toBe(true);
    expect(report.rows[0].answers!.length).toBeGreaterThan(3);
    const [project] = await t.db.select().from(projects).where(eq(projects.clientId, client.id)).limit(1);
    const outside = await api.call('GET', `/user-moves/report?clientId=${client.id}&projectId=${project.id}&fromDate=2000-01-01&toDate=${project.endDate}`, admin);
    expect(outside.statusCode).toBe(400);
    expect(outside.json().message).toMatch(/^Las fechas deben estar dentro del período del proyecto/);
    const inside = await api.ok<{ count: number }>('GET', `/user-moves/report?clientId=${client.id}&projectId=${project.id}&fromDate=${project.startDate}&toDate=${project.endDate}`, admin);
    expect(inside.count).toBeGreaterThanOrEqual(0);
  });

  it('reports several clients at once, each move once, and counts a page past the last one', async () => {
    const byClient = await t.db
      .select({ clientId: projects.clientId, n: sql<number>`count(*)::int` })
      .from(userMoves)
      .innerJoin(projectLocations, eq(projectLocations.id, userMoves.projectLocationId))
      .innerJoin(projects, eq(projects.id, projectLocations.projectId))
      .where(eq(userMoves.status, 'APROBADA'))
      .groupBy(projects.clientId)
      .orderBy(projects.clientId);
    expect(byClient.length).toBeGreaterThan(1);
    const [a, b] = byClient;
    const both = await api.ok<{ rows: PerformanceRow[]; count: number }>('GET', `/user-moves/report?clientId=${a.clientId},${b.clientId}&limit=500`, admin);
    expect(both.count).toBe(a.n + b.n);
    expect(new Set(both.rows.map((r) => r.id)).size).toBe(a.n + b.n);
    const past = await api.ok<{ rows: PerformanceRow[]; count: number }>('GET', `/user-moves/report?clientId=${a.clientId},${b.clientId}&offset=${a.n + b.n + 5}&limit=5`, admin);
    expect(past).toEqual({ rows: [], count: a.n + b.n });
  });

  it('pages by keyset after a move: the same moves as by offset, in id order, without a count', async () => {
    const [client] = await t.db.select().from(clients).where(eq(clients.name, 'Café del Plata'));
    // The project of the client's first approved move.
    const [first] = await t.db
      .select({ projectId: projectLocations.projectId })
      .from(userMoves)
      .innerJoin(projectLocations, eq(projectLocations.id, userMoves.projectLocationId))
      .innerJoin(projects, eq(projects.id, projectLocations.projectId))
      .where(and(eq(projects.clientId, client.id), eq(userMoves.status, 'APROBADA')))
      .orderBy(userMoves.id)
      .limit(1);
    // The whole client, one of its projects, and visit dates.
    for (const filter of [`clientId=${client.id}`, `clientId=${client.id}&projectId=${first.projectId}`, `clientId=${client.id}&fromDate=2020-01-01&toDate=2030-12-31`]) {
      const all = await api.ok<{ rows: PerformanceRow[]; count: number }>('GET', `/user-moves/report?${filter}&limit=500`, admin);
      expect(all.rows.length, filter).toBe(all.count);
      expect(all.count, filter).toBeGreaterThan(2);
      const walked: number[] = [];
      let after: number | null = null;
      for (let page = 0; page < 100; page++) {
        const query: string = `/user-moves/report?${filter}&limit=2${after === null ? '' : `&after=${after}`}`;
        const answer = await api.ok<{ rows: PerformanceRow[]; count: number | null }>('GET', query, admin);
        expect(answer.count).toBe(after === null ? all.count : null);
        walked.push(...answer.rows.map((r) => r.id));
        if (answer.rows.length < 2) break;
        after = answer.rows.at(-1)!.id;
      }
      expect(walked, filter).toEqual(all.rows.map((r) => r.id));
      expect([...walked].sort((a, b) => a - b)).toEqual(walked);
    }
    const bad = await api.call('GET', `/user-moves/report?clientId=${client.id}&after=-4`, admin);
    expect(bad.statusCode).toBe(400);
  });

  it('names each approved move’s campaign as its project holds it, and none when the project has none', async () => {
    const [client] = await t.db.select().from(clients).where(eq(clients.name, 'Café del Plata'));
    const report = await api.ok<{ rows: PerformanceRow[] }>('GET', `/user-moves/report?clientId=${client.id}&limit=100`, admin);
    const held = new Map(
      (
        await t.db
          .select({ id: userMoves.id, projectId: projects.id, campaign: campaigns.name })
          .from(userMoves)
          .innerJoin(projectLocations, eq(projectLocations.id, userMoves.projectLocationId))
          .innerJoin(projects, eq(projects.id, projectLocations.projectId))
          .leftJoin(campaigns, eq(campaigns.id, projects.campaignId))
          .where(inArray(userMoves.id, report.rows.map((r) => r.id)))
      ).map((m) => [m.id, m]),
    );
    expect(report.rows.some((r) => r.campaignName !== null)).toBe(true);
    for (const row of report.rows) expect(row.campaignName, row.code).toBe(held.get(row.id)!.campaign);
    const { projectId } = held.get(report.rows[0].id)!;
    const [project] = await t.db.select().from(projects).where(eq(projects.id, projectId));
    await t.db.update(projects).set({ campaignId: null }).where(eq(projects.id, projectId));
    try {
      const without = await api.ok<{ rows: PerformanceRow[] }>('GET', `/user-moves/report?clientId=${client.id}&projectId=${projectId}&limit=5`, admin);
      expect(without.rows.length).toBeGreaterThan(0);
      for (const row of without.rows) expect(row.campaignName).toBeNull();
    } finally {
      await t.db.update(projects).set({ campaignId: project.campaignId }).where(eq(projects.id, projectId));
    }
  });
});

/** The entries of a STORE zip (names and contents), read by hand. */
function unzip(buffer: Buffer): { name: string; data: Buffer }[] {
  const out: { name: string; data: Buffer }[] = [];
  let at = 0;
  while (buffer.readUInt32LE(at) === 0x04034b50) {
    const method = buffer.readUInt16LE(at + 8);
    const size = buffer.readUInt32LE(at + 18);
    const nameLength = buffer.readUInt16LE(at + 26);
    const extra = buffer.readUInt16LE(at + 28);
    const name = buffer.subarray(at + 30, at + 30 + nameLength).toString('utf8');
    const raw = buffer.subarray(at + 30 + nameLength + extra, at + 30 + nameLength + extra + size);
    out.push({ name, data: method === 0 ? raw : inflateRawSync(raw) });
    at += 30 + nameLength + extra + size;
  }
  return out;
}

describe('the move’s images', () => {
  it('downloads them as a zip named after the type, photos named by move, question numbers and name', async () => {
    const [move] = await movesWhere(t, inStatus('APROBADA'));
    const res = await t.app.inject({ method: 'GET', url: `/api/user-moves/${move.id}/assets?type=image`, headers: t.authHeader(admin) });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/zip');
    expect(res.headers['content-disposition']).toBe('attachment; filename="image.zip"');
    const entries = unzip(res.rawPayload);
    expect(entries.length).toBeGreaterThan(0);
    expect(entries[0].name).toMatch(new RegExp(`^${move.code}_\\d+-\\d+-\\d+_.+_\\d+\\.jpg$`));
    expect([0x89, 0xff]).toContain(entries[0].data[0]);
    const [assigned] = await movesWhere(t, inStatus('DISPONIBLE'));
    expect((await t.app.inject({ method: 'GET', url: `/api/user-moves/${assigned.id}/assets?type=image`, headers: t.authHeader(admin) })).statusCode).toBe(404);
    const client = await api.tokenFor(ROLE.CLIENT);
    expect((await t.app.inject({ method: 'GET', url: `/api/user-moves/${move.id}/assets?type=image`, headers: t.authHeader(client) })).statusCode).toBe(403);
  });

  it('says the photos are links to elsewhere when they all are, not that the move has none', async () => {
    const [move] = await movesWhere(t, inStatus('APROBADA'));
    // Every photo and evidence of the store, a link to elsewhere instead (as the Getter's app may send them).
    let linked = 0;
    const elsewhere = (refs: unknown) =>
      Array.isArray(refs) ? refs.map((v) => (typeof v === 'string' && v.startsWith(STORE_PREFIX) ? `https://fotos.example.com/${move.id}-${(linked += 1)}.jpg` : v)) : refs;
    for (const row of await t.db.select().from(moveReplies).where(eq(moveReplies.userMoveId, move.id))) {
      const replies = Object.fromEntries(Object.entries(row.replies as Record<string, { replyData: unknown; evidences?: string[] }>).map(([id, r]) => [id, { ...r, replyData: elsewhere(r.replyData), evidences: elsewhere(r.evidences ?? []) }]));
      await t.db.update(moveReplies).set({ replies }).where(eq(moveReplies.id, row.id));
    }
    await t.db.delete(moveAttachments).where(and(eq(moveAttachments.userMoveId, move.id), eq(moveAttachments.type, 'image')));
    expect(linked).toBeGreaterThan(0);
    const res = await t.app.inject({ method: 'GET', url: `/api/user-moves/${move.id}/assets?type=image`, headers: t.authHeader(admin) });
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toMatch(/^(La foto de esta move es un enlace externo|Las \d+ fotos de esta move son enlaces externos)/);
  });
});

describe('projects of the filters', () => {
  it('answers a client’s projects as choices', async () => {
    const [pl] = await t.db.select().from(projectLocations).limit(1);
    const [project] = await t.db.select().from(projects).where(eq(projects.id, pl.projectId));
    const choices = await api.ok<{ id: number; name: string }[]>('GET', `/user-moves/get/projects?clientId=${project.clientId}`, admin);
    expect(choices.map((c) => c.id)).toContain(project.id);
  });
});
