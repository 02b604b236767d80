/**
 * A bank batch downloaded, then one of its moves disapproved before the payment is registered: the money
 * left the bank for all of them. The refusal names what changed and what else the order holds; the payment
 * can then record them all (the disapproved one paid anyway, back with its own id) or only the others.
 */
import { and, asc, eq, gt, inArray, isNull, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { AnsweredQuestionnaire } from '../../domain/move-api';
import { sumMoney } from '../../domain/money';
import { combineWithCurrentTime, type DisapprovedRefusal, PAYMENT_TEXT, type PaymentTransaction } from '../../domain/payments';
import { todayIso } from '../../domain/validation';
import { accounts, auditLog, projectLocations, projects, transactions, userMoves, users } from '../../server/db/schema';
import { ROLE } from '../../domain/roles';
import type { Tx } from '../../server/db/client';
import { registerPayment } from '../../server/services/payments';
import { createTestApp, type TestApp, untilSomeoneWaitsOnALock } from './helpers';
import { caller, completeSend, type Detail, inStatus, movesWhere, withAgent } from './moves-helpers';

let t: TestApp;
let admin: string;
let api: ReturnType<typeof caller>;

beforeAll(async () => {
  t = await createTestApp();
  api = caller(t);
  admin = (await t.login('admin@campo.test')).token;
});
afterAll(() => t?.close());

const VIDEO = 'https://www.dropbox.com/s/abc/visita.mp4?dl=0';
const now = () => combineWithCurrentTime(todayIso());
const used = new Set<number>();

/**
 * `count` moves in review of one active Getter, of a current project with a price: approved, so each owes a
 * pending transaction. With `leftovers`, when no Getter is left unused, one an earlier test took may be taken
 * again for the moves it left in review (that test has run).
 */
async function approvedOfOneGetter(count: number, { leftovers = false } = {}) {
  const payable = inArray(
    userMoves.projectLocationId,
    t.db
      .select({ id: projectLocations.id })
      .from(projectLocations)
      .innerJoin(projects, eq(projects.id, projectLocations.projectId))
      .where(and(gt(projects.price, '0'), sql`${projects.endDate} >= ${todayIso()}`)),
  );
  const active = inArray(userMoves.userId, t.db.select({ id: users.id }).from(users).where(eq(users.status, true)));
  const moves = await movesWhere(t, inStatus('EN_REVISION'), withAgent, isNull(userMoves.rescueUserId), isNull(userMoves.republishedFromId), payable, active);
  const byGetter = new Map<number, typeof moves>();
  for (const m of moves) byGetter.set(m.userId!, [...(byGetter.get(m.userId!) ?? []), m]);
  const [getterId, mine] = ([...byGetter].find(([id, list]) => !used.has(id) && list.length >= count) ?? (leftovers ? [...byGetter].find(([, list]) => list.length >= count) : undefined))!;
  used.add(getterId);
  const chosen = mine.slice(0, count);
  for (const m of chosen) await api.ok('POST', '/user-moves/accept-one', admin, { id: m.id, userMoveVideoLink: VIDEO });
  const owed = await t.db.select().from(transactions).where(inArray(transactions.userMoveId, chosen.map((m) => m.id)));
  return { getterId, moves: chosen, owed: chosen.map((m) => owed.find((o) => o.userMoveId === m.id)!) };
}

const disapprove = (id: number) => api.ok('POST', '/user-moves/disapprove-one', admin, { id, reason: 'El cliente objetó la visita.' });
const rowsOf = (ids: number[]) => t.db.select().from(transactions).where(inArray(transactions.id, ids));

/** The republished copy of a disapproved move, done again by its Getter and sent: in review, with the original's agent. */
async function copyInReview(move: { id: number; assignedAgentId: number | null }) {
  const copy = await api.ok<Detail>('POST', '/user-moves/republish-move', admin, { id: move.id });
  const [getter] = await t.db.select().from(users).where(eq(users.id, copy.userId!));
  const token = (await t.login(getter.email)).token;
  const answered = await api.ok<AnsweredQuestionnaire>('GET', `/questionnaires-replyeds/get?userMoveId=${copy.id}`, admin);
  await api.ok('POST', '/user-moves/submit', token, { id: copy.id, replies: completeSend(answered.questionnaire.dimensions) });
  await api.ok('PUT', '/user-moves', admin, { id: copy.id, assignedAgentId: move.assignedAgentId });
  return copy;
}

/** A copy in review, approved: the pending transaction it now owes. */
async function approvedCopy(move: { id: number; assignedAgentId: number | null }) {
  const copy = await copyInReview(move);
  await api.ok('POST', '/user-moves/accept-one', admin, { id: copy.id, userMoveVideoLink: VIDEO });
  const [owed] = await t.db.select().from(transactions).where(eq(transactions.userMoveId, copy.id));
  return { copy: { ...copy, assignedAgentId: move.assignedAgentId }, owed };
}

const copyDrops = (ids: number[]) =>
  t.db.select().from(auditLog).where(and(eq(auditLog.entity, 'transaction'), inArray(auditLog.entityId, ids.map(String)), eq(auditLog.action, 'dropOnPaidVisit')));

describe('a payment whose batch had a move disapproved meanwhile', () => {
  it('is refused naming the disapproved move, its transaction and amount, with the rest of the order, and writes nothing', async () => {
    const { moves, owed } = await approvedOfOneGetter(3);
    const ids = owed.map((o) => o.id);
    const total = sumMoney(owed.map((o) => o.amount));
    await disapprove(moves[1].id);
    const res = await api.call('PUT', '/accounts/massive-pay', admin, { id: owed[0].accountId, amount: total, penddingTransactionIds: ids, operationCode: 'LOTE-1', transactionDate: now() });
    expect(res.statusCode).toBe(409);
    const body = res.json() as DisapprovedRefusal & { message: string };
    const disapproved = [{ id: ids[1], moveCode: moves[1].code, amount: owed[1].amount, disapprovedAt: expect.any(String) }];
    expect(body.disapproved).toEqual(disapproved);
    expect(body.others).toEqual({ ids: [ids[0], ids[2]], amount: sumMoney([owed[0].amount, owed[2].amount]) });
    expect(body.message).toBe(PAYMENT_TEXT.disapprovedMeanwhile(body.disapproved));
    expect(body.message).toContain(`move ${moves[1].code} (transacción ${ids[1]}, `);
    expect((await rowsOf(ids)).map((r) => r.status).sort()).toEqual(['PENDING', 'PENDING']);
  });

  it('records them all when told the disapproved one was paid anyway: the same transaction back, PAID, which the history shows with its move disapproved', async () => {
    const { getterId, moves, owed } = await approvedOfOneGetter(2);
    const ids = owed.map((o) => o.id);
    const total = sumMoney(owed.map((o) => o.amount));
    await disapprove(moves[0].id);
    const order = { id: owed[0].accountId, penddingTransactionIds: ids, operationCode: 'LOTE-2', transactionDate: now(), paidAnyway: [ids[0]] };
    // The amount is what left the bank: all of them, not only those still pending.
    const short = await api.call('PUT', '/accounts/massive-pay', admin, { ...order, amount: owed[1].amount });
    expect([short.statusCode, short.json().errors]).toEqual([400, { amount: PAYMENT_TEXT.amountMismatch(total) }]);
    const receipt = await api.ok<{ amount: string; transactionIds: number[] }>('PUT', '/accounts/massive-pay', admin, { ...order, amount: total });
    expect(receipt).toMatchObject({ amount: total, transactionIds: ids });
    const rows = await rowsOf(ids);
    expect(rows.map((r) => [r.id, r.userMoveId, r.amount, r.status, r.operationCode]).sort()).toEqual(
      [
        [ids[0], moves[0].id, owed[0].amount, 'PAID', 'LOTE-2'],
        [ids[1], moves[1].id, owed[1].amount, 'PAID', 'LOTE-2'],
      ].sort(),
    );
    // Born when it was: the history and the day totals keep the debt's own day.
    expect(rows.find((r) => r.id === ids[0])!.createdAt.toISOString()).toBe(owed[0].createdAt.toISOString());
    const history = await api.ok<{ rows: PaymentTransaction[] }>('GET', `/transactions/payed?getterId=${getterId}&limit=100`, admin);
    // Said of the move: disapproved, when, and that this payment recorded it paid anyway (the other one not).
    const [disapprovedMove] = await t.db.select().from(userMoves).where(eq(userMoves.id, moves[0].id));
    expect(history.rows.find((r) => r.id === ids[0])?.userMoves).toEqual([
      expect.objectContaining({ id: moves[0].id, status: 'DESAPROBADA', disapprovedAt: disapprovedMove.finishAnalysisDate!.toISOString(), paidAnyway: true }),
    ]);
    expect(history.rows.find((r) => r.id === ids[1])?.userMoves).toEqual([expect.not.objectContaining({ paidAnyway: true })]);
    expect(history.rows.find((r) => r.id === ids[1])?.userMoves[0].disapprovedAt).toBeNull();
    // The unfiltered history's first page (a statement without values, kept by each connection) says the same,
    // past PostgreSQL's first custom plans of each connection of the pool.
    for (let i = 0; i < 12; i++) {
      const first = await api.ok<{ rows: PaymentTransaction[] }>('GET', '/transactions/payed?limit=20', admin);
      expect(first.rows.find((r) => r.id === ids[0])?.userMoves).toEqual(history.rows.find((r) => r.id === ids[0])?.userMoves);
      expect(first.rows.find((r) => r.id === ids[1])?.userMoves).toEqual(history.rows.find((r) => r.id === ids[1])?.userMoves);
    }
    // The lists' totals (kept by triggers) count it where the transactions say: paid, once.
    for (const status of ['PAID', 'PENDING'] as const) {
      const listed = await api.ok<{ count: number; totalAmount: string }>('GET', `/transactions/${status === 'PAID' ? 'payed' : 'pending'}?limit=1`, admin);
      const [summed] = await t.db.select({ count: sql<number>`count(*)::int`, amount: sql<string>`coalesce(sum(amount), 0)::numeric(20,2)::text` }).from(transactions).where(eq(transactions.status, status));
      expect([listed.count, listed.totalAmount]).toEqual([summed.count, summed.amount]);
    }
    const [audit] = await t.db.select().from(auditLog).where(and(eq(auditLog.entity, 'transaction'), eq(auditLog.entityId, String(ids[0])), eq(auditLog.action, 'massivePay')));
    expect(audit.detail).toMatchObject({ operationCode: 'LOTE-2', amount: owed[0].amount, paidAnyway: true });
    // Sent again (another tab, the same batch): already paid, never twice.
    const again = await api.call('PUT', '/accounts/massive-pay', admin, { ...order, operationCode: 'LOTE-2B', amount: total });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toMatch(/^Ya fueron pagadas: /);
  });

  it('records only the others when the batch was sent without the disapproved one: the disapproved move stays unpaid', async () => {
    const { moves, owed } = await approvedOfOneGetter(2);
    await disapprove(moves[1].id);
    await api.ok('PUT', '/accounts/massive-pay', admin, { id: owed[0].accountId, amount: owed[0].amount, penddingTransactionIds: [owed[0].id], operationCode: 'LOTE-3', transactionDate: now() });
    expect((await rowsOf([owed[0].id, owed[1].id])).map((r) => r.status)).toEqual(['PAID']);
  });

  it('pays a single one anyway too (the pending list’s own button), and refuses a paidAnyway outside the order', async () => {
    const { moves, owed } = await approvedOfOneGetter(1);
    await disapprove(moves[0].id);
    const one = { id: owed[0].accountId, amount: owed[0].amount, penddingTransactionId: owed[0].id, operationCode: 'UNA-1', transactionDate: now() };
    const refused = await api.call('PUT', '/accounts/pay', admin, one);
    expect([refused.statusCode, refused.json().others]).toEqual([409, { ids: [], amount: '0.00' }]);
    const outside = await api.call('PUT', '/accounts/pay', admin, { ...one, paidAnyway: [owed[0].id + 1] });
    expect([outside.statusCode, outside.json().errors]).toEqual([400, { paidAnyway: PAYMENT_TEXT.paidAnywayOutside }]);
    await api.ok('PUT', '/accounts/pay', admin, { ...one, paidAnyway: [owed[0].id] });
    expect((await rowsOf([owed[0].id])).map((r) => r.status)).toEqual(['PAID']);
  });

  it('records a disapproved one once when two payers register it at the same time: one pays, the other is told it is paid', async () => {
    const { moves, owed } = await approvedOfOneGetter(2);
    const ids = owed.map((o) => o.id);
    await disapprove(moves[0].id);
    const order = (code: string) => ({ id: owed[0].accountId, amount: sumMoney(owed.map((o) => o.amount)), penddingTransactionIds: ids, operationCode: code, transactionDate: now(), paidAnyway: [ids[0]] });
    const answers = await Promise.all([api.call('PUT', '/accounts/massive-pay', admin, order('A-1')), api.call('PUT', '/accounts/massive-pay', admin, order('B-1'))]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    expect(answers.find((a) => a.statusCode === 409)!.json().message).toMatch(/^Ya fueron pagadas: /);
    const rows = await rowsOf(ids);
    expect(rows.map((r) => r.status)).toEqual(['PAID', 'PAID']);
    expect(new Set(rows.map((r) => r.operationCode)).size).toBe(1);
  });

  it('does not owe the visit twice: a republished copy, approved meanwhile, loses its pending transaction when the original is recorded paid', async () => {
    const { moves, owed } = await approvedOfOneGetter(1);
    const [move] = moves;
    await disapprove(move.id);
    const copy = await copyInReview(move);
    await api.ok('POST', '/user-moves/accept-one', admin, { id: copy.id, userMoveVideoLink: VIDEO });
    const [copyOwed] = await t.db.select().from(transactions).where(eq(transactions.userMoveId, copy.id));
    expect(copyOwed.status).toBe('PENDING');
    await api.ok('PUT', '/accounts/pay', admin, { id: owed[0].accountId, amount: owed[0].amount, penddingTransactionId: owed[0].id, operationCode: 'VISITA-1', transactionDate: now(), paidAnyway: [owed[0].id] });
    expect(await t.db.select().from(transactions).where(eq(transactions.userMoveId, copy.id))).toEqual([]);
    expect((await rowsOf([owed[0].id])).map((r) => r.status)).toEqual(['PAID']);
  });

  it('records several disapproved ones paid anyway in one payment: each visit paid once, the pending copies of each (a copy of a copy too) removed and audited with the payment that covers them', async () => {
    const { moves, owed } = await approvedOfOneGetter(3);
    const ids = owed.map((o) => o.id);
    await disapprove(moves[0].id);
    await disapprove(moves[1].id);
    // The first one's copy approved; the second one's copy approved, disapproved, and its own copy approved.
    const first = await approvedCopy(moves[0]);
    const second = await approvedCopy(moves[1]);
    await disapprove(second.copy.id);
    const secondAgain = await approvedCopy(second.copy);
    expect([first.owed.status, secondAgain.owed.status]).toEqual(['PENDING', 'PENDING']);
    // Another Getter's debt and the third move's own are not the copies': they stay as they are.
    const total = sumMoney(owed.map((o) => o.amount));
    await api.ok('PUT', '/accounts/massive-pay', admin, { id: owed[0].accountId, amount: total, penddingTransactionIds: ids, operationCode: 'LOTE-VARIAS', transactionDate: now(), paidAnyway: [ids[0], ids[1]] });
    expect((await rowsOf(ids)).map((r) => [r.id, r.status]).sort()).toEqual(ids.map((id) => [id, 'PAID']).sort());
    expect(await rowsOf([first.owed.id, secondAgain.owed.id])).toEqual([]);
    const drops = await copyDrops([first.owed.id, secondAgain.owed.id]);
    expect(drops.map((d) => [Number(d.entityId), d.detail]).sort()).toEqual(
      [
        [first.owed.id, { paidTransactionId: ids[0], amount: first.owed.amount, userMoveId: first.copy.id }],
        [secondAgain.owed.id, { paidTransactionId: ids[1], amount: secondAgain.owed.amount, userMoveId: secondAgain.copy.id }],
      ].sort(),
    );
    // The day totals the lists read still add up to the transactions.
    for (const status of ['PAID', 'PENDING'] as const) {
      const listed = await api.ok<{ count: number; totalAmount: string }>('GET', `/transactions/${status === 'PAID' ? 'payed' : 'pending'}?limit=1`, admin);
      const [summed] = await t.db.select({ count: sql<number>`count(*)::int`, amount: sql<string>`coalesce(sum(amount), 0)::numeric(20,2)::text` }).from(transactions).where(eq(transactions.status, status));
      expect([listed.count, listed.totalAmount]).toEqual([summed.count, summed.amount]);
    }
  });

  it('refuses to record the original paid anyway when a republished copy of it was already paid: names the copy, offers only the others, writes nothing', async () => {
    const { moves, owed } = await approvedOfOneGetter(2);
    const ids = owed.map((o) => o.id);
    const total = sumMoney(owed.map((o) => o.amount));
    await disapprove(moves[0].id);
    // The batch is at the bank; meanwhile the move is republished, its copy approved and paid on its own.
    const { copy, owed: copyOwed } = await approvedCopy(moves[0]);
    await api.ok('PUT', '/accounts/pay', admin, { id: copyOwed.accountId, amount: copyOwed.amount, penddingTransactionId: copyOwed.id, operationCode: 'COPIA-1', transactionDate: now() });
    const order = { id: owed[0].accountId, amount: total, penddingTransactionIds: ids, operationCode: 'LOTE-COPIA', transactionDate: now() };
    // Named with its paid copy, so the screen offers only what can be registered.
    const first = await api.call('PUT', '/accounts/massive-pay', admin, order);
    expect(first.statusCode).toBe(409);
    const body = first.json() as DisapprovedRefusal & { message: string };
    expect(body.disapproved).toEqual([{ id: ids[0], moveCode: moves[0].code, amount: owed[0].amount, disapprovedAt: expect.any(String), paidCopy: { moveCode: copy.code, transactionId: copyOwed.id, transactionDate: expect.any(String) } }]);
    expect([body.settled, body.others]).toEqual([[], { ids: [ids[1]], amount: owed[1].amount }]);
    expect(body.message).toContain(`su visita ya se pagó con la copia ${copy.code}`);
    // Told to record it paid anyway all the same: refused, naming the copy; the visit is paid once.
    const anyway = await api.call('PUT', '/accounts/massive-pay', admin, { ...order, paidAnyway: [ids[0]] });
    expect(anyway.statusCode).toBe(409);
    expect(anyway.json().message).toBe(PAYMENT_TEXT.copyAlreadyPaid(anyway.json().disapproved));
    expect(anyway.json().message).toMatch(new RegExp(`^La visita de la move ${moves[0].code} \\(transacción ${ids[0]}\\) ya se pagó con su copia ${copy.code} \\(transacción ${copyOwed.id}, pagada el `));
    expect((await rowsOf([...ids, copyOwed.id])).map((r) => [r.id, r.status, r.operationCode]).sort()).toEqual(
      [
        [ids[1], 'PENDING', null],
        [copyOwed.id, 'PAID', 'COPIA-1'],
      ].sort(),
    );
    // The others alone are registered.
    await api.ok('PUT', '/accounts/massive-pay', admin, { ...order, amount: owed[1].amount, penddingTransactionIds: [ids[1]] });
    expect((await rowsOf(ids)).map((r) => [r.id, r.status])).toEqual([[ids[1], 'PAID']]);
  });

  it('refuses a batch holding both a move to record paid anyway and its republished copy’s debt (selected before the disapproval, extended after): names the visit, offers the copy’s debt with the others, writes nothing', async () => {
    const { moves, owed: [original] } = await approvedOfOneGetter(1);
    // The Getter owes another debt too (one of no move: the demo's Getters with several moves in review are few).
    const [other] = await t.db.insert(transactions).values({ accountId: original.accountId, amount: '1500.00' }).returning();
    const owed = [original, other];
    const ids = owed.map((o) => o.id);
    await disapprove(moves[0].id);
    const { copy, owed: copyOwed } = await approvedCopy(moves[0]);
    // The batch downloaded before the disapproval, extended with the copy's debt after.
    const all = [...ids, copyOwed.id];
    const order = { id: owed[0].accountId, amount: sumMoney([...owed.map((o) => o.amount), copyOwed.amount]), penddingTransactionIds: all, operationCode: 'LOTE-DOBLE', transactionDate: now() };
    const first = await api.call('PUT', '/accounts/massive-pay', admin, order);
    expect(first.statusCode).toBe(409);
    const body = first.json() as DisapprovedRefusal & { message: string };
    expect(body.disapproved).toEqual([{ id: ids[0], moveCode: moves[0].code, amount: owed[0].amount, disapprovedAt: expect.any(String), copyInOrder: { moveCode: copy.code, transactionId: copyOwed.id } }]);
    expect([body.settled, body.others]).toEqual([[], { ids: [ids[1], copyOwed.id], amount: sumMoney([owed[1].amount, copyOwed.amount]) }]);
    expect(body.message).toContain(`su copia ${copy.code} (transacción ${copyOwed.id}) también está en este pago`);
    // Told to record the original paid anyway all the same: refused, naming the visit; nothing written.
    const anyway = await api.call('PUT', '/accounts/massive-pay', admin, { ...order, paidAnyway: [ids[0]] });
    expect([anyway.statusCode, anyway.json().message]).toEqual([409, PAYMENT_TEXT.copyAlreadyPaid(anyway.json().disapproved)]);
    expect(anyway.json().message).toMatch(new RegExp(`^La visita de la move ${moves[0].code} \\(transacción ${ids[0]}\\) está dos veces en este pago: también va su copia ${copy.code} \\(transacción ${copyOwed.id}\\)`));
    expect((await rowsOf(all)).map((r) => [r.id, r.status]).sort()).toEqual(
      [
        [ids[1], 'PENDING'],
        [copyOwed.id, 'PENDING'],
      ].sort(),
    );
    // What the refusal offers: the others, the copy's debt among them; the visit is paid once.
    await api.ok('PUT', '/accounts/massive-pay', admin, { ...order, amount: body.others.amount, penddingTransactionIds: body.others.ids });
    expect((await rowsOf(all)).map((r) => [r.id, r.status]).sort()).toEqual(
      [
        [ids[1], 'PAID'],
        [copyOwed.id, 'PAID'],
      ].sort(),
    );
  });

  it('refuses to record paid anyway both a move and its copy, each disapproved after the batch: the visit once, through the copy', async () => {
    const { moves, owed: [original] } = await approvedOfOneGetter(1);
    // The Getter owes another debt too (one of no move: the demo's Getters with several moves in review are few).
    const [other] = await t.db.insert(transactions).values({ accountId: original.accountId, amount: '1500.00' }).returning();
    const owed = [original, other];
    const ids = owed.map((o) => o.id);
    await disapprove(moves[0].id);
    const { copy, owed: copyOwed } = await approvedCopy(moves[0]);
    await disapprove(copy.id);
    const all = [...ids, copyOwed.id];
    const order = { id: owed[0].accountId, amount: sumMoney([...owed.map((o) => o.amount), copyOwed.amount]), penddingTransactionIds: all, operationCode: 'LOTE-CADENA', transactionDate: now(), paidAnyway: [ids[0], copyOwed.id] };
    const res = await api.call('PUT', '/accounts/massive-pay', admin, order);
    expect(res.statusCode).toBe(409);
    const body = res.json() as DisapprovedRefusal & { message: string };
    expect(body.disapproved).toEqual([
      { id: ids[0], moveCode: moves[0].code, amount: owed[0].amount, disapprovedAt: expect.any(String), copyInOrder: { moveCode: copy.code, transactionId: copyOwed.id } },
    ]);
    expect(body.message).toBe(PAYMENT_TEXT.copyAlreadyPaid(body.disapproved));
    expect(await rowsOf([ids[0], copyOwed.id])).toEqual([]);
    // The copy alone recorded paid anyway, with the other: the visit paid once.
    await api.ok('PUT', '/accounts/massive-pay', admin, { ...order, amount: sumMoney([owed[1].amount, copyOwed.amount]), penddingTransactionIds: [ids[1], copyOwed.id], paidAnyway: [copyOwed.id] });
    expect((await rowsOf(all)).map((r) => [r.id, r.status]).sort()).toEqual(
      [
        [ids[1], 'PAID'],
        [copyOwed.id, 'PAID'],
      ].sort(),
    );
  });

  it('a batch holding a copy’s debt settled since by its original paid anyway: says the visit was paid through the original, and registers the rest', async () => {
    const { moves, owed: [original] } = await approvedOfOneGetter(1);
    // The Getter owes another debt too (one of no move: the demo's Getters with several moves in review are few).
    const [other] = await t.db.insert(transactions).values({ accountId: original.accountId, amount: '1500.00' }).returning();
    const owed = [original, other];
    await disapprove(moves[0].id);
    const { copy, owed: copyOwed } = await approvedCopy(moves[0]);
    // A batch of the copy's debt and the other one is downloaded; then the original is recorded paid anyway.
    const batch = { id: owed[1].accountId, amount: sumMoney([copyOwed.amount, owed[1].amount]), penddingTransactionIds: [copyOwed.id, owed[1].id], operationCode: 'LOTE-SALDADA', transactionDate: now() };
    const receipt = await api.ok<{ transactionDate: string }>('PUT', '/accounts/pay', admin, { id: owed[0].accountId, amount: owed[0].amount, penddingTransactionId: owed[0].id, operationCode: 'ORIGINAL-1', transactionDate: now(), paidAnyway: [owed[0].id] });
    const res = await api.call('PUT', '/accounts/massive-pay', admin, batch);
    expect(res.statusCode).toBe(409);
    const body = res.json() as DisapprovedRefusal & { message: string };
    const settled = [{ id: copyOwed.id, moveCode: copy.code, amount: copyOwed.amount, paidMoveCode: moves[0].code, paidTransactionId: owed[0].id, paidAt: receipt.transactionDate }];
    expect([body.disapproved, body.settled, body.others]).toEqual([[], settled, { ids: [owed[1].id], amount: owed[1].amount }]);
    expect(body.message).toBe(PAYMENT_TEXT.changedMeanwhile([], settled));
    expect(body.message).toContain(`La visita de esta move ya se pagó con su move original y su transacción ya no está pendiente: move ${copy.code} (transacción ${copyOwed.id}, `);
    expect(body.message).toContain(`pagada con la move ${moves[0].code} (transacción ${owed[0].id})`);
    expect(body.message).not.toContain('desaprobada');
    expect((await rowsOf([owed[1].id])).map((r) => r.status)).toEqual(['PENDING']);
    // The rest of the batch is registered.
    await api.ok('PUT', '/accounts/massive-pay', admin, { ...batch, amount: owed[1].amount, penddingTransactionIds: [owed[1].id] });
    expect((await rowsOf([owed[1].id, copyOwed.id])).map((r) => r.status)).toEqual(['PAID']);
  });
});

describe.runIf(inject('postgresServer') !== null)('on PostgreSQL, a republished copy approved while its original is recorded paid anyway', () => {
  // PGlite has one connection, so no other transaction can hold a lock there: these run on PostgreSQL.
  let onPglite: TestApp | undefined;
  beforeAll(async () => {
    if (inject('campoDatabase').kind === 'postgres') return;
    onPglite = t;
    t = await createTestApp({}, { postgres: true });
    api = caller(t);
    admin = (await t.login('admin@campo.test')).token;
  }, 60_000);
  afterAll(async () => {
    if (!onPglite) return;
    await t.close();
    t = onPglite;
    api = caller(t);
    admin = (await t.login('admin@campo.test')).token;
  });

  /** A move paid in a batch, disapproved, republished, and its copy done again and sent for review. */
  async function originalAndCopy() {
    const { moves, owed } = await approvedOfOneGetter(1);
    await disapprove(moves[0].id);
    const copy = await copyInReview(moves[0]);
    return { original: owed[0], copy };
  }

  /**
   * Holds `hold` in a transaction until `racer` (started once it holds) waits on a lock or ends; then commits.
   * Says whether the racer waited (it must, to see the held work once committed).
   */
  async function whileHeld(hold: (tx: Tx) => Promise<unknown>, racer: () => Promise<unknown>, waiters = 1) {
    let commit!: () => void;
    const held = new Promise<void>((resolve) => (commit = resolve));
    let holding!: () => void;
    const holds = new Promise<void>((resolve) => (holding = resolve));
    const other = t.db.transaction(async (tx) => {
      await hold(tx);
      holding();
      await held;
    });
    await holds;
    const racing = racer();
    const waited = await Promise.race([racing.then(() => false), untilSomeoneWaitsOnALock(t.db, () => new Error('never waited'), waiters).then(() => true)]);
    commit();
    await other;
    return { waited, answer: await racing };
  }

  it('the copy’s approval waits for the payment recording the original paid anyway, then owes nothing: the visit is paid', async () => {
    const { original, copy } = await originalAndCopy();
    const [payer] = await t.db.select({ id: users.id }).from(users).where(eq(users.email, 'admin@campo.test'));
    const order = { accountId: original.accountId, amount: original.amount, transactionIds: [original.id], operationCode: 'CARRERA-1', transactionDate: new Date(), massive: false, paidAnyway: [original.id] };
    const { waited, answer } = await whileHeld(
      (tx) => registerPayment(tx, { id: payer.id, rol: ROLE.ADMIN, clientId: null }, order),
      () => api.call('POST', '/user-moves/accept-one', admin, { id: copy.id, userMoveVideoLink: VIDEO }),
    );
    const approved = (answer as Awaited<ReturnType<typeof api.call>>).json();
    expect([approved.status.id, approved.transaction, approved.paidBefore?.transactionId]).toEqual(['APROBADA', null, original.id]);
    expect(waited).toBe(true);
    expect(await t.db.select().from(transactions).where(eq(transactions.userMoveId, copy.id))).toEqual([]);
    expect((await rowsOf([original.id])).map((r) => r.status)).toEqual(['PAID']);
  });

  it('two batches of one Getter crossing over an original paid anyway, its copy’s debt and a debt both hold never deadlock: one waits, the visit is paid once', async () => {
    const { moves, owed: [original] } = await approvedOfOneGetter(1);
    await disapprove(moves[0].id);
    const { owed: copyOwed } = await approvedCopy(moves[0]);
    // A debt both batches hold, born after the copy's (so its id is the higher).
    const [shared] = await t.db.insert(transactions).values({ accountId: original.accountId, amount: '700.00' }).returning();
    const copyBatch = { id: original.accountId, amount: sumMoney([copyOwed.amount, shared.amount]), penddingTransactionIds: [shared.id, copyOwed.id], operationCode: 'CRUCE-COPIA', transactionDate: now() };
    const originalBatch = { id: original.accountId, amount: sumMoney([original.amount, shared.amount]), penddingTransactionIds: [shared.id, original.id], operationCode: 'CRUCE-ORIGINAL', transactionDate: now(), paidAnyway: [original.id] };
    // Someone holds the original move (a review action on it): the original's batch waits there.
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    let holding!: () => void;
    const holds = new Promise<void>((resolve) => (holding = resolve));
    const holder = t.db.transaction(async (tx) => {
      await tx.select({ id: userMoves.id }).from(userMoves).where(eq(userMoves.id, moves[0].id)).for('update');
      holding();
      await released;
    });
    await holds;
    const originalPayment = api.call('PUT', '/accounts/massive-pay', admin, originalBatch);
    await untilSomeoneWaitsOnALock(t.db, () => new Error('The original’s batch never waited for its move'));
    // The copy's batch, meanwhile: done, or (as it was) waiting for the shared debt the other batch held.
    const copyPayment = api.call('PUT', '/accounts/massive-pay', admin, copyBatch);
    await Promise.race([copyPayment, untilSomeoneWaitsOnALock(t.db, () => new Error('neither'), 2).catch(() => undefined)]);
    release();
    await holder;
    const answers = await Promise.all([copyPayment, originalPayment]);
    expect(answers.map((a) => [a.statusCode, a.json().message])).toEqual([
      [200, PAYMENT_TEXT.success],
      [409, expect.stringContaining(`ya se pagó con su copia`)],
    ]);
    expect((await rowsOf([original.id, copyOwed.id, shared.id])).map((r) => [r.id, r.status, r.operationCode]).sort()).toEqual(
      [
        [copyOwed.id, 'PAID', 'CRUCE-COPIA'],
        [shared.id, 'PAID', 'CRUCE-COPIA'],
      ].sort(),
    );
  });

  it('two payments of one Getter over overlapping debts, sent in opposite orders, single or mass, again and again: one pays, the other is told they are paid, never a deadlock', async () => {
    // Debts of no move, of any Getter's account: the Getters with moves in review are kept for the other tests.
    const [mine] = await t.db.select({ accountId: accounts.id }).from(accounts).orderBy(asc(accounts.id)).limit(1);
    const body = (ids: number[], amount: string, code: string) =>
      ids.length === 1
        ? { id: mine.accountId, amount, penddingTransactionId: ids[0], operationCode: code, transactionDate: now() }
        : { id: mine.accountId, amount, penddingTransactionIds: ids, operationCode: code, transactionDate: now() };
    for (let round = 0; round < 30; round++) {
      const ids = (await t.db.insert(transactions).values(['10.00', '20.00', '30.00'].map((amount) => ({ accountId: mine.accountId, amount }))).returning()).map((r) => r.id);
      // One pays the last two, highest first; the other the first two, or (every third round) the middle one alone.
      const second = round % 3 === 2 ? ([[ids[1]], '20.00'] as const) : ([[ids[1], ids[0]], '30.00'] as const);
      const answers = await Promise.all([
        api.call('PUT', '/accounts/massive-pay', admin, body([ids[2], ids[1]], '50.00', `VUELTA-${round}-A`)),
        api.call('PUT', second[0].length === 1 ? '/accounts/pay' : '/accounts/massive-pay', admin, body([...second[0]], second[1], `VUELTA-${round}-B`)),
      ]);
      expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
      expect(answers.find((a) => a.statusCode === 409)!.json().message).toMatch(/^Ya fue pagada/);
      const winner = answers.find((a) => a.statusCode === 200)!.json() as { transactionIds: number[]; operationCode: string };
      const rows = await rowsOf(ids);
      expect(rows.filter((r) => r.status === 'PAID').map((r) => [r.id, r.operationCode]).sort()).toEqual(winner.transactionIds.map((id) => [id, winner.operationCode]).sort());
    }
  });

  it('the payment recording the original paid anyway waits for the copy’s approval in progress, then removes the debt it created', async () => {
    const { original, copy } = await originalAndCopy();
    const payment = () =>
      api.call('PUT', '/accounts/pay', admin, { id: original.accountId, amount: original.amount, penddingTransactionId: original.id, operationCode: 'CARRERA-2', transactionDate: now(), paidAnyway: [original.id] });
    // The approval is held half-way: its pending transaction written, the day's pending total (which that
    // insert updates) locked by us. Then the payment starts.
    let approval!: ReturnType<typeof api.call>;
    const { waited, answer } = await whileHeld(
      async (tx) => {
        await tx.execute(sql`insert into transaction_day_totals (status, day, count, amount)
          values ('PENDING', (now() at time zone 'America/Argentina/Buenos_Aires')::date, 0, 0)
          on conflict (status, day) do update set count = transaction_day_totals.count`);
      },
      async () => {
        approval = api.call('POST', '/user-moves/accept-one', admin, { id: copy.id, userMoveVideoLink: VIDEO });
        await untilSomeoneWaitsOnALock(t.db, () => new Error('The approval never waited for the day total'));
        return payment();
      },
      2,
    );
    expect((answer as Awaited<ReturnType<typeof api.call>>).statusCode).toBe(200);
    const approved = (await approval).json();
    expect([approved.status.id, approved.transaction?.id]).toEqual(['APROBADA', expect.any(Number)]);
    expect(waited).toBe(true);
    // The copy's debt was born and removed: the visit is owed once, and paid.
    expect(await t.db.select().from(transactions).where(eq(transactions.userMoveId, copy.id))).toEqual([]);
    expect((await copyDrops([approved.transaction.id])).map((d) => d.detail)).toEqual([{ paidTransactionId: original.id, amount: approved.transaction.amount, userMoveId: copy.id }]);
    expect((await rowsOf([original.id])).map((r) => r.status)).toEqual(['PAID']);
  });

  it('two payments of crossed days, each paying a debt of one day and removing a copy’s debt of the other, wait for each other’s day totals, never deadlock: both pay', async () => {
    // A payment changes the day totals in several statements: its UPDATE (the paid day, the pending debts'
    // days) and, recording an original paid anyway, the DELETE of its copy's debt (that debt's day). Each
    // statement takes its days in order, but the two together did not: A held day 1 and wanted day 2, B the other way.
    // One move of a Getter each (or two of one): the tests before leave few Getters unused.
    const [one, other] = [await approvedOfOneGetter(1, { leftovers: true }), await approvedOfOneGetter(1, { leftovers: true })];
    const [moves, owed] = [[...one.moves, ...other.moves], [...one.owed, ...other.owed]];
    const ago = (days: number) => sql`now() - make_interval(days => ${days})`;
    const argentineDay = (days: number) => todayIso(new Date(Date.now() - days * 86_400_000));
    // The originals born 12 days ago (their audit keeps that birth), disapproved, and their copies approved.
    await t.db.update(transactions).set({ createdAt: ago(12) as never }).where(inArray(transactions.id, owed.map((o) => o.id)));
    for (const m of moves) await disapprove(m.id);
    const copies = [await approvedCopy(moves[0]), await approvedCopy(moves[1])].map((c) => c.owed);
    // Day 1 is 11 days ago, day 2 10: A pays a debt of day 1 and removes its copy's of day 2; B the other way.
    const [dayOne, dayTwo] = [11, 10];
    await t.db.update(transactions).set({ createdAt: ago(dayTwo) as never }).where(eq(transactions.id, copies[0].id));
    await t.db.update(transactions).set({ createdAt: ago(dayOne) as never }).where(eq(transactions.id, copies[1].id));
    const [debtA] = await t.db.insert(transactions).values({ accountId: owed[0].accountId, amount: '310.00', createdAt: ago(dayOne) as never }).returning();
    const [debtB] = await t.db.insert(transactions).values({ accountId: owed[1].accountId, amount: '320.00', createdAt: ago(dayTwo) as never }).returning();
    // Paid on days of their own (on one, the paid day's total would make the second wait before any debt's day).
    const order = (debt: typeof debtA, original: typeof debtA, daysAgo: number, code: string) => ({
      id: debt.accountId,
      amount: sumMoney([debt.amount, original.amount]),
      penddingTransactionIds: [debt.id, original.id],
      operationCode: code,
      transactionDate: combineWithCurrentTime(argentineDay(daysAgo)),
      paidAnyway: [original.id],
    });
    // Someone holds both debts' days (an approval or a disapproval of those days in progress): both payments
    // reach them, then go on together.
    const days = sql`(status, day) in (select 'PENDING', campo_transaction_day('PENDING', created_at, null) from ${transactions} where id in (${debtA.id}, ${debtB.id}))`;
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    let holding!: () => void;
    const holds = new Promise<void>((resolve) => (holding = resolve));
    const holder = t.db.transaction(async (tx) => {
      const held = (await tx.execute(sql`select day from transaction_day_totals where ${days} order by status, day for update`)) as unknown as { rows: unknown[] };
      expect(held.rows).toHaveLength(2);
      holding();
      await released;
    });
    await holds;
    const payments = [api.call('PUT', '/accounts/massive-pay', admin, order(debtA, owed[0], 3, 'CRUCE-DIA-A')), api.call('PUT', '/accounts/massive-pay', admin, order(debtB, owed[1], 2, 'CRUCE-DIA-B'))];
    await untilSomeoneWaitsOnALock(t.db, () => new Error('The payments never waited for the held days'), 2);
    release();
    await holder;
    const answers = await Promise.all(payments);
    expect(answers.map((a) => [a.statusCode, a.json().message])).toEqual([
      [200, PAYMENT_TEXT.success],
      [200, PAYMENT_TEXT.success],
    ]);
    expect((await rowsOf([debtA.id, debtB.id, owed[0].id, owed[1].id])).map((r) => [r.id, r.status, r.operationCode]).sort()).toEqual(
      [
        [debtA.id, 'PAID', 'CRUCE-DIA-A'],
        [owed[0].id, 'PAID', 'CRUCE-DIA-A'],
        [debtB.id, 'PAID', 'CRUCE-DIA-B'],
        [owed[1].id, 'PAID', 'CRUCE-DIA-B'],
      ].sort(),
    );
    expect(await rowsOf(copies.map((c) => c.id))).toEqual([]);
    // The day totals still say what the transactions do, day by day.
    const drift = (await t.db.execute(sql`select status, day from (
        select status, campo_transaction_day(status, created_at, transaction_date) as day, count(*)::int as count, sum(amount) as amount from ${transactions} group by 1, 2
      ) d full join transaction_day_totals t using (status, day)
      where coalesce(d.count, 0) <> coalesce(t.count, 0) or coalesce(d.amount, 0) <> coalesce(t.amount, 0)`)) as unknown as { rows: unknown[] };
    expect(drift.rows).toEqual([]);
  });
});
