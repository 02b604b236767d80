/**
 * A visit is paid once: approving a republished copy of a visit the Getter was already paid for (the
 * paid transaction stays when the original is disapproved) creates no second payment, and says so.
 */
import { and, eq, gt, inArray, isNull, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AnsweredQuestionnaire, ApproveAnswer } from '../../domain/move-api';
import { MOVE_TEXT } from '../../domain/moves';
import { ROLE } from '../../domain/roles';
import { combineWithCurrentTime, type PaymentTransaction } from '../../domain/payments';
import { todayIso } from '../../domain/validation';
import { accounts, projectLocations, projects, transactions, userMoves, users } from '../../server/db/schema';
import { createTestApp, type TestApp } from './helpers';
import { auditsOf, caller, type Detail, completeSend, inStatus, logsOf, movesWhere, withAgent } from './moves-helpers';

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

/** Moves in review with an agent, of a project with a price that has not ended (its copies can be done), of an active Getter. */
async function inReviewToPay() {
  const payable = inArray(
    userMoves.projectLocationId,
    t.db
      .select({ id: projectLocations.id })
      .from(projectLocations)
      .innerJoin(projects, eq(projects.id, projectLocations.projectId))
      .where(and(gt(projects.price, '0'), sql`${projects.endDate} >= ${todayIso()}`)),
  );
  const active = inArray(userMoves.userId, t.db.select({ id: users.id }).from(users).where(eq(users.status, true)));
  return movesWhere(t, inStatus('EN_REVISION'), withAgent, isNull(userMoves.rescueUserId), isNull(userMoves.republishedFromId), payable, active);
}

const transactionsOf = (moveId: number) => t.db.select().from(transactions).where(eq(transactions.userMoveId, moveId));

const approve = (id: number) => api.ok<ApproveAnswer>('POST', '/user-moves/accept-one', admin, { id, userMoveVideoLink: VIDEO });

/** The copy's Getter does the visit again (sends it for review) and the original's agent takes it. */
async function doneAgain(copy: Detail, agentId: number) {
  const [getter] = await t.db.select().from(users).where(eq(users.id, copy.userId!));
  const token = (await t.login(getter.email)).token;
  const answered = await api.ok<AnsweredQuestionnaire>('GET', `/questionnaires-replyeds/get?userMoveId=${copy.id}`, admin);
  const replies = completeSend(answered.questionnaire.dimensions);
  await api.ok('POST', '/user-moves/submit', token, { id: copy.id, replies });
  await api.ok('PUT', '/user-moves', admin, { id: copy.id, assignedAgentId: agentId });
}

describe('approving a republished copy of a visit', () => {
  it('creates no second payment when the Getter was already paid for the visit, and says so in the answer, the history and the audit', async () => {
    const [move] = await inReviewToPay();
    const approved = await approve(move.id);
    expect(approved.paidBefore).toBeNull();
    const [owed] = await transactionsOf(move.id);
    const paidAt = combineWithCurrentTime(todayIso());
    // Kept as the receipt says: a payment sent within the second its debt was born is kept at that birth.
    const { transactionDate: keptAt } = await api.ok<{ transactionDate: string }>('PUT', '/accounts/pay', admin, { id: owed.accountId, amount: owed.amount, penddingTransactionId: owed.id, operationCode: 'OP-VISITA-1', transactionDate: paidAt });
    await api.ok('POST', '/user-moves/disapprove-one', admin, { id: move.id, reason: 'El cliente objetó la visita.' });
    // The payment stays (decisions: a registered payment is not undone)…
    expect((await transactionsOf(move.id)).map((r) => r.status)).toEqual(['PAID']);
    // …and the paid list says its move is disapproved now, and when: after the payment, not paid anyway
    // (the history's 'Pago registrado · move desaprobada el …').
    const [payee] = await t.db.select().from(accounts).where(eq(accounts.id, owed.accountId));
    const paidList = await api.ok<{ rows: PaymentTransaction[] }>('GET', `/transactions/payed?getterId=${payee.userId}&limit=1000`, admin);
    const [disapproved] = await t.db.select().from(userMoves).where(eq(userMoves.id, move.id));
    expect(paidList.rows.find((r) => r.id === owed.id)?.userMoves).toEqual([{ id: move.id, code: move.code, status: 'DESAPROBADA', finishAnalysisDate: expect.any(String), disapprovedAt: disapproved.finishAnalysisDate!.toISOString() }]);
    const copy = await api.ok<Detail>('POST', '/user-moves/republish-move', admin, { id: move.id });
    await doneAgain(copy, move.assignedAgentId!);

    const answer = await approve(copy.id);
    const paidBefore = { transactionId: owed.id, moveId: move.id, moveCode: move.code, amount: owed.amount, transactionDate: keptAt, operationCode: 'OP-VISITA-1' };
    expect(answer).toMatchObject({ statusId: 'APROBADA', transaction: null, paidBefore });
    expect(await transactionsOf(copy.id)).toEqual([]);
    const note = MOVE_TEXT.paidBefore(paidBefore);
    expect(note).toBe(`Sin pago nuevo: el Getter ya cobró esta visita con la move ${move.code} (pago del ${todayIso().split('-').reverse().join('/')}, operación OP-VISITA-1).`);
    expect((await logsOf(t, copy.id)).at(-1)).toMatchObject({ status: 'APROBADA', reason: note });
    const [entry] = (await auditsOf(t, copy.id)).filter((a) => a.action === 'approve');
    expect(entry.detail).toMatchObject({ to: 'APROBADA', paidBefore });
    // Nothing new is owed to the Getter: the mass payment has nothing of this visit to pay.
    const [account] = await t.db.select().from(accounts).where(eq(accounts.id, owed.accountId));
    const pending = await api.ok<{ rows: { userMoves: { id: number }[] }[] }>('GET', `/transactions/by-getter?getterId=${account.userId}&transactionType=PENDING`, admin);
    expect(pending.rows.flatMap((r) => r.userMoves.map((m) => m.id))).not.toContain(copy.id);

    // The copy disapproved and republished in turn: its copy follows the chain back to the paid original.
    await api.ok('POST', '/user-moves/disapprove-one', admin, { id: copy.id, reason: 'Otra objeción del cliente.' });
    const second = await api.ok<Detail>('POST', '/user-moves/republish-move', admin, { id: copy.id });
    await doneAgain(second, move.assignedAgentId!);
    expect(await approve(second.id)).toMatchObject({ transaction: null, paidBefore });
    expect(await transactionsOf(second.id)).toEqual([]);
  });

  it('tells on a disapproved move, and on a later copy of it, the payment its Getter already got for the visit, so a republish is known to owe nothing', async () => {
    const [, , , move, other] = await inReviewToPay();
    await approve(move.id);
    const [owed] = await transactionsOf(move.id);
    const paidAt = combineWithCurrentTime(todayIso());
    // Kept as the receipt says: a payment sent within the second its debt was born is kept at that birth.
    const { transactionDate: keptAt } = await api.ok<{ transactionDate: string }>('PUT', '/accounts/pay', admin, { id: owed.accountId, amount: owed.amount, penddingTransactionId: owed.id, operationCode: 'OP-VISITA-4', transactionDate: paidAt });
    const paidVisit = { transactionId: owed.id, moveId: move.id, moveCode: move.code, amount: owed.amount, transactionDate: keptAt, operationCode: 'OP-VISITA-4' };
    // Approved and paid, it is not to be republished: nothing to say yet.
    expect(await api.ok<Detail>('GET', `/user-moves/get?id=${move.id}`, admin)).toMatchObject({ paid: true, paidVisit: null });
    await api.ok('POST', '/user-moves/disapprove-one', admin, { id: move.id, reason: 'El cliente objetó la visita.' });
    expect(await api.ok<Detail>('GET', `/user-moves/get?id=${move.id}`, admin)).toMatchObject({ statusId: 'DESAPROBADA', paid: true, paidVisit });

    // Its copy, approved with no payment and disapproved in turn, has no payment of its own: the original's stands for it.
    const copy = await api.ok<Detail>('POST', '/user-moves/republish-move', admin, { id: move.id });
    await doneAgain(copy, move.assignedAgentId!);
    await approve(copy.id);
    await api.ok('POST', '/user-moves/disapprove-one', admin, { id: copy.id, reason: 'Otra objeción del cliente.' });
    expect(await api.ok<Detail>('GET', `/user-moves/get?id=${copy.id}`, admin)).toMatchObject({ statusId: 'DESAPROBADA', paid: false, paidVisit });

    // A pending payment removed by the disapproval was never paid: the copy will owe the visit.
    await approve(other.id);
    await api.ok('POST', '/user-moves/disapprove-one', admin, { id: other.id, reason: 'El cliente objetó la visita.' });
    expect(await api.ok<Detail>('GET', `/user-moves/get?id=${other.id}`, admin)).toMatchObject({ statusId: 'DESAPROBADA', paid: false, paidVisit: null });
  });

  it('owes the visit as any other when the original’s payment was still pending at its disapproval (it was removed)', async () => {
    const [, move] = await inReviewToPay();
    await approve(move.id);
    expect((await transactionsOf(move.id)).map((r) => r.status)).toEqual(['PENDING']);
    await api.ok('POST', '/user-moves/disapprove-one', admin, { id: move.id, reason: 'El cliente objetó la visita.' });
    expect(await transactionsOf(move.id)).toEqual([]);
    const copy = await api.ok<Detail>('POST', '/user-moves/republish-move', admin, { id: move.id });
    await doneAgain(copy, move.assignedAgentId!);

    const answer = await approve(copy.id);
    const [owed] = await transactionsOf(copy.id);
    expect(owed).toMatchObject({ status: 'PENDING' });
    expect(answer).toMatchObject({ transaction: { id: owed.id, amount: owed.amount }, paidBefore: null });
    expect((await logsOf(t, copy.id)).at(-1)).toMatchObject({ status: 'APROBADA', reason: null });
  });

  it('owes the visit to another Getter the copy was reassigned to, though the first one was paid for it', async () => {
    const [, , move] = await inReviewToPay();
    await approve(move.id);
    const [owed] = await transactionsOf(move.id);
    await api.ok('PUT', '/accounts/pay', admin, { id: owed.accountId, amount: owed.amount, penddingTransactionId: owed.id, operationCode: 'OP-VISITA-3', transactionDate: combineWithCurrentTime(todayIso()) });
    await api.ok('POST', '/user-moves/disapprove-one', admin, { id: move.id, reason: 'El cliente objetó la visita.' });
    const copy = await api.ok<Detail>('POST', '/user-moves/republish-move', admin, { id: move.id });
    // The copy is ASIGNADA, in the stock: the assignment screen gives it to another Getter, who does the visit.
    const [other] = await t.db.select({ id: users.id }).from(users).where(and(eq(users.rolId, ROLE.GETTER), eq(users.status, true), sql`${users.id} <> ${move.userId}`)).limit(1);
    await api.ok('PUT', '/user-moves/massive', admin, { userMovesIds: [copy.id], userId: other.id });
    await doneAgain({ ...copy, userId: other.id }, move.assignedAgentId!);

    const answer = await approve(copy.id);
    const [due] = await transactionsOf(copy.id);
    expect(due).toMatchObject({ status: 'PENDING' });
    const [account] = await t.db.select().from(accounts).where(eq(accounts.id, due.accountId));
    expect(account.userId).toBe(other.id);
    expect(answer).toMatchObject({ transaction: { id: due.id }, paidBefore: null });
  });
});
