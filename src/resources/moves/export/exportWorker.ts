/// <reference lib="webworker" />
/**
 * Builds a spreadsheet off the main thread: the screen sends each sheet's header, then rows page by
 * page as it downloads them, then asks for the file. Formula-like cells are neutralised here. An
 * .xls (BIFF8) sheet holds 65,536 rows: longer sheets continue on "<name> 2", "<name> 3"…
 */
import * as XLSX from 'xlsx';
import { safeCell } from '../../../../domain/validation';

export type ExportRequest =
  | { type: 'sheet'; name: string; header: string[] }
  | { type: 'rows'; sheet: string; rows: unknown[][] }
  | { type: 'build'; bookType: 'xls' | 'xlsx' };
export type ExportAnswer = { type: 'done'; buffer: ArrayBuffer } | { type: 'error'; message: string };

const XLS_ROWS = 65_535;
const sheets = new Map<string, { header: string[]; rows: unknown[][] }>();

function build(bookType: 'xls' | 'xlsx'): ArrayBuffer {
  const book = XLSX.utils.book_new();
  for (const [name, { header, rows }] of sheets) {
    const size = bookType === 'xls' ? XLS_ROWS : Number.POSITIVE_INFINITY;
    const parts = Math.max(1, Math.ceil(rows.length / size));
    for (let p = 0; p < parts; p++) {
      const part = Number.isFinite(size) ? rows.slice(p * size, (p + 1) * size) : rows;
      const title = (p === 0 ? name : `${name} ${p + 1}`).slice(0, 31);
      XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet([header, ...part]), title);
    }
  }
  return XLSX.write(book, { bookType: bookType === 'xls' ? 'biff8' : 'xlsx', type: 'array' }) as ArrayBuffer;
}

self.onmessage = (event: MessageEvent<ExportRequest>) => {
  const message = event.data;
  try {
    if (message.type === 'sheet') sheets.set(message.name, { header: message.header, rows: [] });
    else if (message.type === 'rows') {
      const sheet = sheets.get(message.sheet)!;
      for (const row of message.rows) sheet.rows.push(row.map((cell) => safeCell(cell ?? '')));
    } else {
      const buffer = build(message.bookType);
      sheets.clear();
      (self as unknown as Worker).postMessage({ type: 'done', buffer } satisfies ExportAnswer, [buffer]);
    }
  } catch (error) {
    (self as unknown as Worker).postMessage({ type: 'error', message: (error as Error).message } satisfies ExportAnswer);
  }
};
