/**
 * Writes the payment batch (domain/paymentBatch.ts) as an .xlsx in the browser: names, CUIT/CUIL, the
 * account and the moves as text cells, so a spreadsheet keeps a CBU's 22 digits; the amounts as numbers
 * with two decimals, so it sums them; the totals under an empty line, each label beside its value.
 */
import { BATCH_AMOUNT_COLUMN, BATCH_HEADER, BATCH_TEXT_COLUMNS, BATCH_TOTALS, paymentBatch, paymentBatchFileName } from '../../../domain/paymentBatch';
import type { PaymentTransaction } from '../../../domain/payments';
import { saveBlob } from '../../ui/download';
import { EXCEL_MONEY } from '../../ui/xls/excelDate';

const SHEET = 'Lote';
const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const TEXT = '@';

/** The batch of these transactions as the bytes of an .xlsx. */
export async function paymentBatchFile(rows: PaymentTransaction[]): Promise<ArrayBuffer> {
  const XLSX = await import('xlsx');
  const { lines, count, amount } = paymentBatch(rows);
  const totalsAt = lines.length + 2;
  const sheet = XLSX.utils.aoa_to_sheet([BATCH_HEADER, ...lines, [], [BATCH_TOTALS.count, count], [BATCH_TOTALS.amount, Number(amount)]]);
  const at = (r: number, c: number) => XLSX.utils.encode_cell({ r, c });
  lines.forEach((line, i) => {
    for (const c of BATCH_TEXT_COLUMNS) sheet[at(i + 1, c)] = { t: 's', v: line[c], z: TEXT };
    sheet[at(i + 1, BATCH_AMOUNT_COLUMN)] = { t: 'n', v: Number(line[BATCH_AMOUNT_COLUMN]), z: EXCEL_MONEY };
  });
  sheet[at(totalsAt + 1, 1)].z = EXCEL_MONEY;
  sheet['!cols'] = [{ wch: 28 }, { wch: 15 }, { wch: 14 }, { wch: 26 }, { wch: 12 }, { wch: 20 }, { wch: 12 }];
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, sheet, SHEET);
  return XLSX.write(book, { type: 'array', bookType: 'xlsx' }) as ArrayBuffer;
}

/** Downloads the batch of the selected transactions, named after the Getter and the day. */
export async function downloadPaymentBatch(rows: PaymentTransaction[], getterName: string, day: string): Promise<void> {
  saveBlob(new Blob([await paymentBatchFile(rows)], { type: XLSX_TYPE }), paymentBatchFileName(getterName, day));
}
