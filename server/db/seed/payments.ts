/**
 * Demo payments: every Getter's payment profile (CUIT/CUIL, CBU or Mercado Pago) and account; the
 * approved moves' transactions (created by the moves' seed) dated at their approval, the older
 * ones of each Getter paid in batches with an operation code. Without approved moves, each active
 * Getter gets transactions of no move. Runs after seedMoves; idempotent.
 */
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { ROLE } from '../../../domain/roles';
import type { Tx } from '../client';
import { accounts, getterProfiles, transactions, userMoves, users } from '../schema';

const DAY = 24 * 3600 * 1000;
/** Each Getter keeps at least this many debts pending (what the mass payment shows). */
const KEEP_PENDING = 3;
/** Paid debts go in batches of at most this many, one operation code each. */
const BATCH = 4;

const digits = (seed: number, length: number) => {
  let out = '';
  for (let x = seed * 7919 + 104729; out.length < length; x = (x * 48271) % 2147483647) out += String(x % 10);
  return out;
};

/** A CUIL with its check digit (20 or 27 prefix, 8-digit DNI); an 11 of the check reroutes to 23. */
export function cuil(prefix: '20' | '27', dni: string): string {
  const weights = [5, 4, 3, 2, 7, 6, 5, 4, 3, 2];
  const check = (body: string) => 11 - (body.split('').reduce((s, d, i) => s + Number(d) * weights[i], 0) % 11);
  let body = `${prefix}${dni}`;
  let c = check(body);
  if (c === 11) c = 0;
  if (c === 10) {
    body = `23${dni}`;
    c = prefix === '20' ? 9 : 4;
  }
  return `${body.slice(0, 2)}-${body.slice(2)}-${c}`;
}

/** A 22-digit CBU with both check digits. */
export function cbu(bank: string, branch: string, account: string): string {
  const checked = (body: string, weights: number[]) => body + String((10 - (body.split('').reduce((s, d, i) => s + Number(d) * weights[i % weights.length], 0) % 10)) % 10);
  return checked(`${bank}${branch}`, [7, 1, 3, 9]) + checked(account, [3, 9, 7, 1]);
}

const BANKS = ['011', '072', '007', '285', '017', '191'];

const slug = (text: string) =>
  text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '.');

export async function seedPayments(tx: Tx, now = Date.now()): Promise<void> {
  const getters = await tx.select({ id: users.id, names: users.names, lastName: users.lastName, status: users.status }).from(users).where(eq(users.rolId, ROLE.GETTER)).orderBy(asc(users.id));
  if (!getters.length) return;
  await tx
    .insert(getterProfiles)
    .values(
      getters.map((g, i) => {
        // The last Getter never loaded a payment account: the screens show 'Sin Datos'.
        const noAccount = i === getters.length - 1;
        const byCbu = i % 2 === 0;
        return {
          userId: g.id,
          cuitCuil: cuil(i % 3 === 1 ? '27' : '20', String(28_000_000 + Number(digits(i, 7)))),
          cbu: !noAccount && byCbu ? cbu(BANKS[i % BANKS.length], digits(i + 50, 4), digits(i + 100, 13)) : null,
          mercadoPago: !noAccount && !byCbu ? `${slug(`${g.names} ${g.lastName}`)}.mp` : null,
        };
      }),
    )
    .onConflictDoNothing({ target: getterProfiles.userId });
  await tx.insert(accounts).values(getters.map((g) => ({ userId: g.id }))).onConflictDoNothing({ target: accounts.userId });
  const accountRows = await tx.select({ id: accounts.id, userId: accounts.userId }).from(accounts).where(inArray(accounts.userId, getters.map((g) => g.id)));

  // A debt is born when its move is approved.
  await tx.execute(sql`update ${transactions} t set created_at = m.finish_analysis_date from ${userMoves} m where m.id = t.user_move_id and m.finish_analysis_date is not null and t.status = 'PENDING'`);
  const [{ n }] = await tx.select({ n: sql<number>`count(*)::int` }).from(transactions);
  if (n === 0) await standaloneDebts(tx, getters, accountRows, now);

  const [alreadyPaid] = await tx.select({ id: transactions.id }).from(transactions).where(eq(transactions.status, 'PAID')).limit(1);
  if (alreadyPaid) return;
  const [payer] = await tx.select({ id: users.id }).from(users).where(eq(users.email, 'administracion@campo.test'));
  for (const account of accountRows) {
    const pending = await tx
      .select({ id: transactions.id, createdAt: transactions.createdAt })
      .from(transactions)
      .where(and(eq(transactions.accountId, account.id), eq(transactions.status, 'PENDING')))
      .orderBy(asc(transactions.createdAt), asc(transactions.id));
    const toPay = pending.slice(0, Math.max(0, pending.length - KEEP_PENDING));
    for (let b = 0; b < toPay.length; b += BATCH) {
      const batch = toPay.slice(b, b + BATCH);
      const newest = batch.at(-1)!.createdAt.getTime();
      const paidAt = new Date(Math.min(newest + (2 + (account.id % 5)) * DAY, now - 3600 * 1000));
      await tx
        .update(transactions)
        .set({ status: 'PAID', transactionDate: paidAt, operationCode: `TRF${account.id}${String(b / BATCH + 1).padStart(2, '0')}${digits(account.id + b, 6)}`, paidBy: payer?.id ?? null })
        .where(inArray(transactions.id, batch.map((t) => t.id)));
    }
  }
}

const AMOUNTS = ['4500.00', '5200.50', '3800.00', '6150.75', '2999.99', '7300.00'];

/** Debts of no move, for a database without approved moves: five per active Getter over the last 60 days. */
async function standaloneDebts(tx: Tx, getters: { id: number; status: boolean }[], accountRows: { id: number; userId: number }[], now: number) {
  const accountOf = new Map(accountRows.map((a) => [a.userId, a.id]));
  const rows = getters
    .filter((g) => g.status)
    .flatMap((g, i) =>
      Array.from({ length: 5 }, (_, k) => ({
        accountId: accountOf.get(g.id)!,
        userMoveId: null,
        amount: AMOUNTS[(i + k) % AMOUNTS.length],
        status: 'PENDING',
        createdAt: new Date(now - (60 - k * 11 - (i % 7)) * DAY),
      })),
    );
  if (rows.length) await tx.insert(transactions).values(rows);
}
