/**
 * The payment batch file: the mass-payment selection as a CSV for the bank, one line per
 * transaction and a totals line. Built in the browser from the rows on screen (docs/decisions.md).
 */
import { sumMoney } from './money';
import { type PaymentTransaction, payoutAccount } from './payments';
import { safeCell } from './validation';

/** ';' separates (Argentine spreadsheets read ',' as the decimal mark); amounts keep a '.' for the bank. */
const SEP = ';';

export const BATCH_HEADER = ['Getter', 'CUIT/CUIL', 'Tipo de cuenta', 'CBU / Mercado Pago', 'Monto', 'Moves', 'Transacción'];

function cell(value: unknown): string {
  const text = String(safeCell(value ?? '') ?? '');
  return /[";\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** The batch's lines (header, one per transaction, totals), already as CSV text with CRLF. */
export function paymentBatchCsv(rows: PaymentTransaction[]): string {
  const lines: unknown[][] = [BATCH_HEADER];
  for (const t of rows) {
    const { fullName, profile } = t.accounts.user;
    const payout = payoutAccount(profile);
    lines.push([
      fullName,
      profile.cuitCuil ?? '',
      payout?.kind ?? '',
      payout?.account ?? '',
      t.amount,
      t.userMoves.map((m) => m.code).join(' '),
      t.id,
    ]);
  }
  lines.push(['TOTAL', '', '', `${rows.length} ${rows.length === 1 ? 'transacción' : 'transacciones'}`, sumMoney(rows.map((r) => r.amount)), '', '']);
  return `${lines.map((line) => line.map(cell).join(SEP)).join('\r\n')}\r\n`;
}

/** The batch's file name: lote-pagos-<getter>-<YYYY-MM-DD>.csv, letters and digits only. */
export function paymentBatchFileName(getterName: string, day: string): string {
  const slug = getterName
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^A-Za-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
    .toLowerCase();
  return `lote-pagos-${slug || 'getter'}-${day}.csv`;
}
