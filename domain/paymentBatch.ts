/**
 * The payment batch file: the mass-payment selection for the bank, as an .xlsx sheet with one line per
 * transaction and, under them after an empty line, the batch's totals. Built in the browser from the rows
 * on screen (docs/decisions.md); this file says what the sheet holds, src/resources/payments/batchFile.ts
 * writes it.
 */
import { sumMoney } from './money';
import { PAYMENT_TEXT, type PaymentTransaction, payoutAccount } from './payments';

export const BATCH_HEADER = ['Getter', 'CUIT/CUIL', 'Tipo de cuenta', 'CBU / Mercado Pago', 'Monto', 'Moves', 'Transacción'];

/**
 * Columns written as text cells (with the text format '@'): a 22-digit CBU or an 11-digit CUIT/CUIL is an
 * identifier, not a number; a spreadsheet that read it as one showed 2,85E+21 and kept 15 digits.
 */
export const BATCH_TEXT_COLUMNS: readonly number[] = [0, 1, 2, 3, 5];
/** The amount column: a number with two decimals, so the sheet sums it. */
export const BATCH_AMOUNT_COLUMN = 4;

/** The totals' labels, each with its value beside it: no payment line has them. */
export const BATCH_TOTALS = { count: 'Cantidad de transacciones', amount: 'Total a transferir' } as const;

/** One line of a transaction: names and accounts as text cells (never formulas, so as written), the amount as its exact decimal text. */
export type BatchLine = [getter: string, cuitCuil: string, kind: string, account: string, amount: string, moves: string, transactionId: number];

export interface PaymentBatch {
  lines: BatchLine[];
  /** How many transactions, and their exact sum (decimal text). */
  count: number;
  amount: string;
}

const text = (value: string | null | undefined) => value ?? '';

/** Whether each transaction names the account the bank pays into (a Getter may never have loaded one). */
export const batchHasAccounts = (rows: PaymentTransaction[]): boolean => rows.every((t) => payoutAccount(t.accounts.user.profile) !== null);

/**
 * What the batch holds: a line per transaction, and its count and exact total. A transaction without an
 * account is refused (`PAYMENT_TEXT.batchNoAccount`): a line with its account cells empty is a transfer the
 * bank cannot make.
 */
export function paymentBatch(rows: PaymentTransaction[]): PaymentBatch {
  if (!batchHasAccounts(rows)) throw new Error(PAYMENT_TEXT.batchNoAccount);
  const lines = rows.map((t): BatchLine => {
    const { fullName, profile } = t.accounts.user;
    const payout = payoutAccount(profile)!;
    return [text(fullName), text(profile.cuitCuil), payout.kind, payout.account, t.amount, text(t.userMoves.map((m) => m.code).join(' ')), t.id];
  });
  return { lines, count: rows.length, amount: sumMoney(rows.map((r) => r.amount)) };
}

/** The batch's file name: lote-pagos-<getter>-<YYYY-MM-DD>.xlsx, letters and digits only. */
export function paymentBatchFileName(getterName: string, day: string): string {
  const slug = getterName
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^A-Za-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
    .toLowerCase();
  return `lote-pagos-${slug || 'getter'}-${day}.xlsx`;
}
