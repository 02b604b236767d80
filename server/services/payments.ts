/**
 * Payments to Getters: the pending and paid lists (paged, sorted and filtered in SQL) and the
 * registration of a payment, single or mass, as one transaction that pays each row once.
 */
import { and, asc, desc, eq, getTableColumns, gte, inArray, lt, lte, ne, type SQL, type Subquery, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { sameMoney, sumMoney } from '../../domain/money';
import { type DisapprovedRefusal, type DisapprovedTransaction, DROPPED_ON_DISAPPROVAL, type SettledTransaction, newestDebtDay, paidInstant, PAYMENT_TEXT, type PaymentReceipt, type PaymentTransaction, TRANSACTION_STATUS, type TransactionStatus, type TransactionsQuery, visitPaidOtherwise } from '../../domain/payments';
import type { MoveStatus } from '../../domain/moves';
import { todayIso } from '../../domain/validation';
import { type Db, rowsOf, type Tx } from '../db/client';
import { intArray, whitelisted } from '../db/list';
import { lockUntilCommit } from '../db/locks';
import { placeholders, preparedOnce, textConstant } from '../db/prepared';
import { accounts, auditLog, getterProfiles, transactionDayTotals, transactions, userMoves, users } from '../db/schema';
import type { SessionUser } from '../guard';
import { badRequest, conflict, HttpError, notFound } from '../http';
import { auditMany } from './audit';
import { dayEnd, dayStart } from './moves/queries';

const T = PAYMENT_TEXT;

const fullName = sql<string>`trim(${users.names} || ' ' || ${users.lastName})`;

/** The transaction columns the list reads: the table's, or those of a page of its rows (a subquery). */
type Source = Record<'id' | 'amount' | 'status' | 'createdAt' | 'transactionDate' | 'operationCode' | 'accountId' | 'userMoveId', AnyPgColumn>;

const sortable = (t: Source): Record<string, AnyPgColumn | SQL> => ({
  id: t.id,
  amount: t.amount,
  createdAt: t.createdAt,
  transactionDate: t.transactionDate,
  operationCode: t.operationCode,
  fullName: sql`lower(${fullName})`,
  cuitCuil: getterProfiles.cuitCuil,
  code: userMoves.id,
  // As the column shows it: a debt of no move by the day it was born (for one of a move, the same instant).
  finishAnalysisDate: sql`coalesce(${userMoves.finishAnalysisDate}, ${t.createdAt})`,
});

/** Sorts by these need no join to find the page's rows. */
const OWN_COLUMNS = new Set<unknown>(Object.values(getTableColumns(transactions)));

/** Pending ones are listed oldest debt first; paid ones newest payment first. */
const DEFAULT_SORT: Record<TransactionStatus, { sort: string; order: 'ASC' | 'DESC' }> = {
  PENDING: { sort: 'createdAt', order: 'ASC' },
  PAID: { sort: 'transactionDate', order: 'DESC' },
};

const columnsOf = (t: Source) => ({
  id: t.id,
  amount: t.amount,
  status: t.status,
  createdAt: t.createdAt,
  transactionDate: t.transactionDate,
  operationCode: t.operationCode,
  accountId: accounts.id,
  userId: users.id,
  fullName,
  cuitCuil: getterProfiles.cuitCuil,
  mercadoPago: getterProfiles.mercadoPago,
  cbu: getterProfiles.cbu,
  moveId: userMoves.id,
  moveCode: userMoves.code,
  moveStatus: userMoves.status,
  finishAnalysisDate: userMoves.finishAnalysisDate,
  // Paid although its move was already disapproved (recorded paid anyway): a disapproval removed it
  // first, as its audit says. Looked up only for a page's rows whose move is disapproved now.
  paidAnyway: sql<boolean>`(${userMoves.status} = 'DESAPROBADA' and exists (select 1 from ${auditLog} a where a.entity = 'transaction' and a.entity_id = ${t.id}::text and a.action = ${textConstant(DROPPED_ON_DISAPPROVAL)}))`,
});

interface Row {
  id: number;
  amount: string;
  status: string;
  createdAt: Date;
  transactionDate: Date | null;
  operationCode: string | null;
  accountId: number;
  userId: number;
  fullName: string;
  cuitCuil: string | null;
  mercadoPago: string | null;
  cbu: string | null;
  moveId: number | null;
  moveCode: string | null;
  moveStatus: string | null;
  finishAnalysisDate: Date | null;
  paidAnyway: boolean | null;
}

const iso = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString());

function toTransaction(r: Row): PaymentTransaction {
  return {
    id: r.id,
    amount: r.amount,
    status: r.status as TransactionStatus,
    createdAt: iso(r.createdAt)!,
    transactionDate: iso(r.transactionDate),
    operationCode: r.operationCode,
    accounts: { id: r.accountId, user: { id: r.userId, fullName: r.fullName, profile: { cuitCuil: r.cuitCuil, mercadoPago: r.mercadoPago, cbu: r.cbu } } },
    // A disapproval closes the move's analysis again (`finishAnalysisDate`), and nothing moves a disapproved move's date after that.
    userMoves:
      r.moveId === null
        ? []
        : [
            {
              id: r.moveId,
              code: r.moveCode!,
              status: r.moveStatus as MoveStatus,
              finishAnalysisDate: iso(r.finishAnalysisDate),
              disapprovedAt: r.moveStatus === 'DESAPROBADA' ? iso(r.finishAnalysisDate) : null,
              ...(r.paidAnyway ? { paidAnyway: true } : {}),
            },
          ],
  };
}

/** Transactions (`t`: the table, or a page of its rows) with their Getter's account, user and profile, and their move. */
function fromTransactions(db: Db | Tx, select: Record<string, unknown>, t: (typeof transactions | Subquery) & Source = transactions) {
  return db
    .select(select as never)
    .from(t)
    .innerJoin(accounts, eq(accounts.id, t.accountId))
    .innerJoin(users, eq(users.id, accounts.userId))
    .leftJoin(getterProfiles, eq(getterProfiles.userId, users.id))
    .leftJoin(userMoves, eq(userMoves.id, t.userMoveId));
}

/** A list's filter on `values` (its own values, or placeholders of the same names for a kept statement). */
function transactionsWhere(status: TransactionStatus, q: TransactionsQuery, values: { from?: unknown; to?: unknown; getterId?: unknown }, db: Db) {
  const dated = status === TRANSACTION_STATUS.PAID ? transactions.transactionDate : transactions.createdAt;
  return and(
    // The status is the list's own (a constant of the code), written into the text: an unfiltered list's
    // first page then has no value besides its size and keeps its plan (`firstPageStatements`).
    sql`${transactions.status} = ${textConstant(status)}`,
    q.from && q.to ? and(gte(dated, dayStart(values.from as string)), lt(dated, dayEnd(values.to as string))) : undefined,
    q.getterId ? inArray(transactions.accountId, db.select({ id: accounts.id }).from(accounts).where(eq(accounts.userId, values.getterId as number))) : undefined,
  );
}

const FILTER_PLACEHOLDERS = placeholders('from', 'to', 'getterId');

/**
 * The count and amount of a status's transactions (within Argentine days `from`–`to`): from the day
 * totals the triggers of migration 0004 keep, a few hundred rows whatever the transactions; one
 * Getter's, from their account's transactions.
 */
function totalsQuery(db: Db, status: TransactionStatus, q: TransactionsQuery) {
  return q.getterId !== undefined
    ? db
        .select({ count: sql<number>`count(*)::int`.as('count'), totalAmount: sql<string>`coalesce(sum(${transactions.amount}), 0)::numeric(20,2)::text`.as('total_amount') })
        .from(transactions)
        .where(transactionsWhere(status, q, FILTER_PLACEHOLDERS, db))
    : db
        .select({
          count: sql<number>`coalesce(sum(${transactionDayTotals.count}), 0)::int`.as('count'),
          totalAmount: sql<string>`coalesce(sum(${transactionDayTotals.amount}), 0)::numeric(20,2)::text`.as('total_amount'),
        })
        .from(transactionDayTotals)
        .where(
          and(
            sql`${transactionDayTotals.status} = ${textConstant(status)}`,
            q.from && q.to ? and(gte(transactionDayTotals.day, FILTER_PLACEHOLDERS.from as unknown as string), lte(transactionDayTotals.day, FILTER_PLACEHOLDERS.to as unknown as string)) : undefined,
          ),
        );
}

/** The totals alone: for a page past the last one, which has no rows to carry them. */
async function totalsOf(db: Db, status: TransactionStatus, q: TransactionsQuery): Promise<{ count: number; totalAmount: string }> {
  const statement = preparedOnce(db, `transaction-totals:${status}:${Boolean(q.from && q.to)}:${q.getterId !== undefined}`, () => totalsQuery(db, status, q).prepare(''));
  const [totals] = await statement.execute({ from: q.from, to: q.to, getterId: q.getterId });
  return { count: Number(totals.count), totalAmount: totals.totalAmount };
}

/**
 * One status's transactions. The date filter covers whole Argentine days: on the approval date
 * (when the amount became owed) for pending ones, on the payment date for paid ones. The page's
 * statement is built once per shape (status, sort, order, which filters).
 */
export async function listTransactions(db: Db, status: TransactionStatus, q: TransactionsQuery): Promise<{ rows: PaymentTransaction[]; count: number; totalAmount: string }> {
  const sortKey = q.sort ?? DEFAULT_SORT[status].sort;
  const column = whitelisted(sortable(transactions), sortKey);
  const order = q.order ?? DEFAULT_SORT[status].order;
  const statement = preparedOnce(db, `transactions:${status}:${sortKey}:${order}:${Boolean(q.from && q.to)}:${Boolean(q.getterId)}`, () => {
    const direction = order === 'ASC' ? asc : desc;
    // The page's transactions first, then the joins for those rows only: joined over a whole status
    // (255,000 paid), the planner sized its lookup caches (Memoize) for all of them and searched more
    // join orders, ~6 ms of CPU a page against ~1.5.
    const own = getTableColumns(transactions);
    const page = (OWN_COLUMNS.has(column) ? db.select(own).from(transactions) : fromTransactions(db, own))
      .where(transactionsWhere(status, q, FILTER_PLACEHOLDERS, db))
      .orderBy(direction(column as AnyPgColumn), direction(transactions.id))
      .limit(sql.placeholder('limit'))
      .offset(sql.placeholder('offset'))
      .as('page');
    // The count and amount ride on the page's rows, in the same statement (one row, joined to each).
    const totals = totalsQuery(db, status, q).as('totals');
    return fromTransactions(db, { ...columnsOf(page), totalCount: totals.count, totalAmount: totals.totalAmount }, page)
      .innerJoin(totals, sql`true`)
      .orderBy(direction(sortable(page)[sortKey] as AnyPgColumn), direction(page.id))
      .prepare('');
  });
  const rows = (await statement.execute({ from: q.from, to: q.to, getterId: q.getterId, limit: q.limit, offset: q.offset })) as unknown as (Row & { totalCount: number; totalAmount: string })[];
  const totals = rows.length ? { count: Number(rows[0].totalCount), totalAmount: rows[0].totalAmount } : await totalsOf(db, status, q);
  return { rows: rows.map(toTransaction), count: totals.count, totalAmount: totals.totalAmount };
}

export interface PaymentOrder {
  accountId: number;
  amount: string;
  transactionIds: number[];
  operationCode: string;
  transactionDate: Date;
  massive: boolean;
  /** Transactions of the order a disapproval removed, which the bank paid all the same (see `restorable`). */
  paidAnyway?: number[];
}

const nameOf = (t: { id: number; code: string | null }) => (t.code ? `transacción ${t.id} (move ${t.code})` : `transacción ${t.id}`);

/**
 * Refuses (409, on `operationCode`) an operation number already registered for another account's payment:
 * one bank transfer goes to one account, so that is almost surely a typo. The same account may use it
 * again (a transfer for several of its transactions, registered one by one or as a mass payment).
 * Payments with the same number wait on one another (a transaction lock on the number, taken before
 * any row), so two of them for different accounts cannot both find it free.
 */
async function refuseOperationCodeOfAnother(tx: Tx, order: PaymentOrder): Promise<void> {
  await lockUntilCommit(tx, `operation-code:${order.operationCode}`);
  const [other] = await tx
    .select({ transactionId: transactions.id, transactionDate: transactions.transactionDate, fullName })
    .from(transactions)
    .innerJoin(accounts, eq(accounts.id, transactions.accountId))
    .innerJoin(users, eq(users.id, accounts.userId))
    .where(and(eq(transactions.operationCode, order.operationCode), ne(transactions.accountId, order.accountId)))
    .orderBy(asc(transactions.id))
    .limit(1);
  if (!other) return;
  const message = T.operationCodeTaken(order.operationCode, { ...other, transactionDate: iso(other.transactionDate ?? new Date())! });
  throw new HttpError(409, message, { operationCode: message });
}

/**
 * Locks, before anything is read, every row a payment may change: first the moves (those of the order's
 * transactions, and those of the ones a disapproval removed from it, which may be recorded paid anyway),
 * then the transactions (the order's, and those of this account of every republished copy of those removed
 * moves, which `findPaidCopies` reads and `recordPaidAnyway` removes), each table in one statement in id
 * order. A review action locks its move (and those it republishes, `lockEarlierMoves`) before its
 * transaction too: two payments, or a payment and a review, whose rows overlap wait for each other in the
 * same order. Locked piecemeal, two payments crossing over an original move and its copy's debt deadlocked,
 * and PostgreSQL cancelled one (40P01).
 */
async function lockPaymentRows(tx: Tx, order: PaymentOrder): Promise<void> {
  const ids = intArray(order.transactionIds);
  const dropped = sql`select (a.detail->>'userMoveId')::int from ${auditLog} a
    where a.entity = 'transaction' and a.entity_id = any(${`{${order.transactionIds.join(',')}}`}::text[]) and a.action = ${DROPPED_ON_DISAPPROVAL}`;
  await tx.execute(sql`select m.id from ${userMoves} m
    where m.id in (select t.user_move_id from ${transactions} t where t.id = any(${ids}) union ${dropped})
    order by m.id for update of m`);
  await tx.execute(sql`with recursive later(id) as (
        select m.id from ${userMoves} m where m.republished_from_id in (${dropped})
        union
        select m.id from ${userMoves} m join later l on m.republished_from_id = l.id
      )
    select t.id from ${transactions} t
     where t.id = any(${ids}) or (t.user_move_id in (select id from later) and t.account_id = ${order.accountId})
     order by t.id for update of t`);
}

/**
 * Pays pending transactions of one account, all or none, within `tx` (the route's transaction, which
 * also keeps the request's key). The amount must be what they owe, and the payment not dated before the
 * day the newest of them was born. The UPDATE only takes rows still PENDING: a second or concurrent
 * payment of any of them changes nothing and is refused (409) naming the ones already paid.
 */
export async function registerPayment(tx: Tx, actor: SessionUser, order: PaymentOrder): Promise<PaymentReceipt> {
  const ids = order.transactionIds;
  // First, before the rows: every payment takes its number's lock, then its rows, in that order.
  await refuseOperationCodeOfAnother(tx, order);
  await lockPaymentRows(tx, order);
  const pending = await tx
    .select({ id: transactions.id, accountId: transactions.accountId, amount: transactions.amount, status: transactions.status, createdAt: transactions.createdAt, code: userMoves.code })
    .from(transactions)
    .leftJoin(userMoves, eq(userMoves.id, transactions.userMoveId))
    // Read once locked (`lockPaymentRows`): one a disapproval removed is not found (not "already paid"),
    // and one another payment paid (or recorded paid anyway) meanwhile is read paid.
    .where(inArray(transactions.id, ids))
    .orderBy(asc(transactions.id));
  const missing = ids.filter((id) => !pending.some((f) => f.id === id));
  const paid = pending.filter((f) => f.status !== TRANSACTION_STATUS.PENDING);
  const restored = missing.length ? await restorable(tx, order, missing) : [];
  const found = [...pending, ...restored];
  const field = order.massive ? 'penddingTransactionIds' : 'penddingTransactionId';
  if (found.some((f) => f.accountId !== order.accountId)) throw badRequest(T.otherAccount, { [field]: T.otherAccount });
  if (paid.length) throw conflict(T.alreadyPaid(paid.map(nameOf)));
  // By Argentine day: the console picks a day and sends it at the current time of day.
  const debtDay = newestDebtDay(found.map((f) => f.createdAt));
  if (todayIso(order.transactionDate) < debtDay) throw badRequest(T.beforeDebt(debtDay), { transactionDate: T.beforeDebt(debtDay) });
  const owed = sumMoney(found.map((f) => f.amount));
  if (!sameMoney(owed, order.amount)) throw badRequest(T.amountMismatch(owed), { amount: T.amountMismatch(owed) });
  // The debt's own day at an earlier time of day (the console sends the chosen day at the current
  // time): the payment is kept at the instant the newest debt was born, never before it.
  const paidAt = paidInstant(order.transactionDate, found.map((f) => f.createdAt));

  await lockDayTotals(tx, order, paidAt, restored);
  const updated = await tx
    .update(transactions)
    .set({ status: TRANSACTION_STATUS.PAID, transactionDate: paidAt, operationCode: order.operationCode, paidBy: actor.id })
    .where(and(inArray(transactions.id, ids), eq(transactions.status, TRANSACTION_STATUS.PENDING), eq(transactions.accountId, order.accountId)))
    .returning({ id: transactions.id });
  if (updated.length < pending.length) {
    // Someone paid some of them between our read and our write: throwing rolls back the rest.
    const done = new Set(updated.map((u) => u.id));
    throw conflict(T.alreadyPaid(found.filter((f) => !done.has(f.id)).map(nameOf)));
  }
  await recordPaidAnyway(tx, actor, restored, { paidAt, operationCode: order.operationCode });
  const detail = { operationCode: order.operationCode, transactionDate: paidAt.toISOString(), accountId: order.accountId, massive: order.massive };
  await auditMany(
    tx,
    found.map((f) => ({
      userId: actor.id,
      entity: 'transaction',
      entityId: f.id,
      action: order.massive ? 'massivePay' : 'pay',
      detail: { ...detail, amount: f.amount, ...(restored.includes(f as Restored) ? { paidAnyway: true } : {}) },
    })),
  );
  return {
    message: T.success,
    accountId: order.accountId,
    amount: owed,
    operationCode: order.operationCode,
    transactionDate: paidAt.toISOString(),
    transactionIds: ids,
  };
}

/**
 * Locks, once the payment's rows are locked and checked and before any of them changes, every day total
 * (migration 0004) its statements will change, in one statement in (status, day) order: the paid day, the
 * days the order's pending debts were born, and those of the copies' pending debts `recordPaidAnyway`
 * removes. Missing ones are created at 0 (a day with nothing counts nothing in `totalsOf`; the trigger would
 * create it anyway). The triggers take each statement's days in that order, but a payment changes them in
 * several statements (the UPDATE, then the copies' DELETE): two payments of crossed days (A paying a debt
 * of day 1 and removing a copy's of day 2, B the other way) held one each and deadlocked (40P01). Taken
 * here, all in order, the triggers find them held, and payments whose days overlap wait for each other.
 * The rows these days come from are locked (`lockPaymentRows`): the triggers change no other day.
 */
async function lockDayTotals(tx: Tx, order: PaymentOrder, paidAt: Date, restored: Restored[]): Promise<void> {
  // The copies' pending debts of this account, as recordPaidAnyway removes them.
  const copies = restored.length
    ? sql`union all
          select t.status, campo_transaction_day(t.status, t.created_at, t.transaction_date)
            from ${transactions} t
           where t.user_move_id in (select id from later) and t.status = 'PENDING' and t.account_id = ${order.accountId}`
    : sql``;
  await tx.execute(sql`${restored.length ? laterCopies(restored) : sql``}
    insert into ${transactionDayTotals} as d (status, day, count, amount)
    select distinct status, day, 0, 0 from (
        select ${TRANSACTION_STATUS.PAID}::text as status, campo_transaction_day(${TRANSACTION_STATUS.PAID}, null, ${paidAt.toISOString()}::timestamptz) as day
        union all
        select t.status, campo_transaction_day(t.status, t.created_at, t.transaction_date)
          from ${transactions} t
         where t.id = any(${intArray(order.transactionIds)}) and t.status = 'PENDING' and t.account_id = ${order.accountId}
        ${copies}
      ) days
     order by status, day
    on conflict (status, day) do update set count = d.count`);
}

type Restored = Pick<DisapprovedTransaction, 'paidCopy' | 'copyInOrder'> & { id: number; accountId: number; amount: string; status: string; createdAt: Date; code: string | null; moveId: number; disapprovedAt: Date };

/** The audit action of a copy's pending transaction removed because its original move was recorded paid anyway. */
const DROPPED_ON_PAID_VISIT = 'dropOnPaidVisit';

/**
 * The order's transactions that are gone (`missing`): those a disapproval removed after the batch was
 * downloaded (its `dropOnDisapproval` audit says what each was) can be paid all the same, when the order
 * names them in `paidAnyway` (the bank transferred them with the rest: that money must be recorded), unless
 * a republished copy of the move was already paid for the visit (`paidCopy`: never twice). Those of a copy
 * removed because the original move was recorded paid anyway (`dropOnPaidVisit`) are settled: the visit is
 * paid. Otherwise the payment is refused, naming their moves and amounts, with the rest of the order (409
 * with `disapproved`, `settled` and `others`): the screen offers what can be registered. One gone without
 * such a record (or whose move is no longer disapproved, or is another account's) is not found (404).
 * Their moves are locked (`lockPaymentRows`), so a republication of one waits for the payment.
 */
async function restorable(tx: Tx, order: PaymentOrder, missing: number[]): Promise<Restored[]> {
  const records = await tx
    .select({ entityId: auditLog.entityId, action: auditLog.action, detail: auditLog.detail, at: auditLog.createdAt })
    .from(auditLog)
    .where(and(eq(auditLog.entity, 'transaction'), inArray(auditLog.entityId, missing.map(String)), inArray(auditLog.action, [DROPPED_ON_DISAPPROVAL, DROPPED_ON_PAID_VISIT])));
  const dropped = records.filter((r) => r.action === DROPPED_ON_DISAPPROVAL);
  const moveIds = dropped.map((r) => (r.detail as { userMoveId: number }).userMoveId);
  // Locked already (`lockPaymentRows`): another payment that recorded one of them paid anyway held its move
  // until it committed, and the order's transactions, read after, showed it paid.
  const moves = moveIds.length ? await tx.select({ id: userMoves.id, code: userMoves.code, status: userMoves.status }).from(userMoves).where(inArray(userMoves.id, moveIds)) : [];
  // A move has one transaction: one it has again (it cannot, being disapproved; defensive) is not restored over.
  const taken = moveIds.length ? await tx.select({ moveId: transactions.userMoveId }).from(transactions).where(inArray(transactions.userMoveId, moveIds)) : [];
  const list: Restored[] = [];
  for (const id of missing) {
    const record = dropped.find((r) => r.entityId === String(id));
    const detail = record?.detail as { accountId: number; userMoveId: number; amount: string; createdAt: string } | undefined;
    const move = detail && moves.find((m) => m.id === detail.userMoveId);
    if (!record || !detail || !move || move.status !== 'DESAPROBADA' || detail.accountId !== order.accountId || taken.some((t) => t.moveId === move.id)) continue;
    list.push({ id, accountId: detail.accountId, amount: detail.amount, status: TRANSACTION_STATUS.PENDING, createdAt: new Date(detail.createdAt), code: move.code, moveId: move.id, disapprovedAt: record.at });
  }
  const settled = await settledOf(
    tx,
    order.accountId,
    records.filter((r) => r.action === DROPPED_ON_PAID_VISIT && !list.some((l) => String(l.id) === r.entityId)),
  );
  const unknown = missing.filter((id) => !list.some((r) => r.id === id) && !settled.some((r) => r.id === id));
  if (unknown.length) throw notFound(T.notFound(unknown));
  await findPaidCopies(tx, order, list);
  const confirmed = (r: Restored) => order.paidAnyway?.includes(r.id) ?? false;
  const blocked = list.filter((r) => visitPaidOtherwise(r) && confirmed(r));
  const refused = list.filter((r) => visitPaidOtherwise(r) || !confirmed(r));
  if (refused.length || settled.length) {
    const disapproved: DisapprovedTransaction[] = refused.map((r) => ({
      id: r.id,
      moveCode: r.code!,
      amount: r.amount,
      disapprovedAt: r.disapprovedAt.toISOString(),
      ...(r.paidCopy ? { paidCopy: r.paidCopy } : {}),
      ...(r.copyInOrder ? { copyInOrder: r.copyInOrder } : {}),
    }));
    const rest = await tx.select({ id: transactions.id, amount: transactions.amount }).from(transactions).where(and(inArray(transactions.id, order.transactionIds), eq(transactions.status, TRANSACTION_STATUS.PENDING)));
    const details: DisapprovedRefusal = { disapproved, settled, others: { ids: order.transactionIds.filter((id) => rest.some((r) => r.id === id)), amount: sumMoney(rest.map((r) => r.amount)) } };
    const message = blocked.length ? T.copyAlreadyPaid(disapproved.filter((d) => blocked.some((b) => b.id === d.id))) : T.changedMeanwhile(disapproved, settled);
    throw new HttpError(409, message, undefined, details as unknown as Record<string, unknown>);
  }
  return list;
}

/**
 * The gone transactions of a republished copy whose original move was recorded paid anyway (their
 * `dropOnPaidVisit` audits): the visit is paid, by that payment of this account. Named with the copy's
 * code (audits written before it was kept have none) and the original move's payment.
 */
async function settledOf(tx: Tx, accountId: number, records: { entityId: string; detail: unknown }[]): Promise<SettledTransaction[]> {
  if (!records.length) return [];
  const details = records.map((r) => ({ id: Number(r.entityId), ...(r.detail as { paidTransactionId: number; amount: string; userMoveId?: number }) }));
  const payments = await tx
    .select({ id: transactions.id, accountId: transactions.accountId, status: transactions.status, transactionDate: transactions.transactionDate, code: userMoves.code })
    .from(transactions)
    .innerJoin(userMoves, eq(userMoves.id, transactions.userMoveId))
    .where(inArray(transactions.id, details.map((d) => d.paidTransactionId)));
  const copyIds = details.flatMap((d) => (d.userMoveId ? [d.userMoveId] : []));
  const copies = copyIds.length ? await tx.select({ id: userMoves.id, code: userMoves.code }).from(userMoves).where(inArray(userMoves.id, copyIds)) : [];
  return details.flatMap((d) => {
    const payment = payments.find((p) => p.id === d.paidTransactionId);
    if (!payment || payment.status !== TRANSACTION_STATUS.PAID || payment.accountId !== accountId || !payment.transactionDate) return [];
    const copy = copies.find((c) => c.id === d.userMoveId);
    return [{ id: d.id, moveCode: copy?.code ?? null, amount: d.amount, paidMoveCode: payment.code, paidTransactionId: payment.id, paidAt: payment.transactionDate.toISOString() }];
  });
}

/**
 * `later(id, restored_id)`: every republished copy of the restored transactions' moves (a copy of a copy
 * too), each with the restored transaction it descends from. The start of a statement's WITH.
 */
const laterCopies = (restored: Pick<Restored, 'id' | 'moveId'>[]) =>
  sql`with recursive later(id, restored_id) as (
        select m.id, r.restored_id
          from unnest(${intArray(restored.map((r) => r.moveId))}, ${intArray(restored.map((r) => r.id))}) as r(move_id, restored_id)
          join ${userMoves} m on m.republished_from_id = r.move_id
        union
        select m.id, l.restored_id from ${userMoves} m join later l on m.republished_from_id = l.id
      )`;

/**
 * Marks the restored ones a republished copy of which (a copy of a copy too; this account's) is already
 * paid (`paidCopy`), or has its debt in this same order (`copyInOrder`: pending, or restored too): the
 * visit is paid, or would be by this payment, and recording the original paid anyway would pay it twice.
 * The copies' transactions are locked (`lockPaymentRows`): a payment of a copy's pending one in progress
 * was waited for.
 */
async function findPaidCopies(tx: Tx, order: PaymentOrder, list: Restored[]): Promise<void> {
  if (!list.length) return;
  const copies = await rowsOf<{ restoredId: number; moveId: number; id: number | null; status: string | null; transactionDate: Date | string | null; code: string }>(
    tx,
    sql`${laterCopies(list)}
        select l.restored_id as "restoredId", l.id as "moveId", t.id, t.status, t.transaction_date as "transactionDate", m.code
          from later l
          join ${userMoves} m on m.id = l.id
          left join ${transactions} t on t.user_move_id = l.id and t.account_id = ${order.accountId}
         order by m.id`,
  );
  for (const r of list) {
    const mine = copies.filter((c) => c.restoredId === r.id);
    const paid = mine.find((c) => c.status === TRANSACTION_STATUS.PAID);
    if (paid) {
      r.paidCopy = { moveCode: paid.code, transactionId: paid.id!, transactionDate: new Date(paid.transactionDate ?? Date.now()).toISOString() };
      continue;
    }
    // The newest of the visit's copies in the order: the one the visit is paid through.
    const inOrder = mine
      .map((c) => ({ code: c.code, id: c.id !== null && order.transactionIds.includes(c.id) ? c.id : list.find((o) => o.moveId === c.moveId)?.id }))
      .filter((c): c is { code: string; id: number } => c.id !== undefined)
      .at(-1);
    if (inOrder) r.copyInOrder = { moveCode: inOrder.code, transactionId: inOrder.id };
  }
}

/**
 * Writes the transactions paid although their moves were disapproved: back with their own id, move, amount
 * and birth, now PAID (the history says 'Pago registrado · move desaprobada el …'). The visit is then
 * paid: a pending transaction of a republished copy of the move for the same Getter is removed (and
 * audited), as approving that copy after a paid one owes nothing (`paidVisitOf`).
 */
async function recordPaidAnyway(tx: Tx, actor: SessionUser, restored: Restored[], paid: { paidAt: Date; operationCode: string }) {
  if (!restored.length) return;
  const inserted = await tx
    .insert(transactions)
    .values(
      restored.map((r) => ({
        id: r.id,
        accountId: r.accountId,
        userMoveId: r.moveId,
        amount: r.amount,
        status: TRANSACTION_STATUS.PAID,
        createdAt: r.createdAt,
        transactionDate: paid.paidAt,
        operationCode: paid.operationCode,
        paidBy: actor.id,
      })),
    )
    .onConflictDoNothing()
    .returning({ id: transactions.id });
  // Another payment recorded them first (it committed while we waited on the moves' locks).
  if (inserted.length < restored.length) throw conflict(T.alreadyPaid(restored.filter((r) => !inserted.some((i) => i.id === r.id)).map(nameOf)));
  // One statement for all of them: the copies of each restored move (a copy of a copy too), each copy
  // with the first of the restored moves (by transaction id) it descends from, as its audit names it.
  // All of them are of the order's one account (`restorable` keeps no other).
  const copies = await rowsOf<{ id: number; amount: string; userMoveId: number; paidTransactionId: number }>(
    tx,
    sql`${laterCopies(restored)},
        copy as (select id, min(restored_id) as paid_id from later group by id)
        delete from ${transactions} t using copy c
         where t.user_move_id = c.id and t.status = 'PENDING' and t.account_id = ${restored[0].accountId}
        returning t.id, t.amount::text as amount, t.user_move_id as "userMoveId", c.paid_id as "paidTransactionId"`,
  );
  await auditMany(
    tx,
    copies
      .sort((a, b) => a.id - b.id)
      .map((c) => ({ userId: actor.id, entity: 'transaction', entityId: c.id, action: DROPPED_ON_PAID_VISIT, detail: { paidTransactionId: c.paidTransactionId, amount: c.amount, userMoveId: c.userMoveId } })),
  );
}
