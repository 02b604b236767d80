/**
 * What the export worker does, apart from its messages: a book that takes each sheet's header, then
 * rows (or pages of the API's text, read here), then gives the file. Texts are text cells (BIFF8's
 * LABEL, SheetJS's 's'), which a spreadsheet never runs as formulas: they go as written, without the
 * CSV's `'` guard, which a book shows. Both are written as the rows arrive: an .xls by `XlsBook`, an .xlsx
 * by `XlsxBook`; only their bytes are kept.
 */
import type { MoveListRow, PerformanceRow, StockReportRow } from '../../../../domain/move-api';
import { moveListCells } from '../list/moveSheet';
import { answerRows, PERFORMANCE_SHEETS, performanceCells } from '../report/performanceSheet';
import { stockCells } from '../report/stockSheet';
import { XlsBook } from '../../../ui/xls/xlsBook';
import { XlsxBook } from '../../../ui/xls/xlsxBook';

/**
 * The API lists the worker reads itself, by name: each turns a row of the answer into cells of the
 * list's sheet, and, with `more`, into rows of a second sheet. A list whose answer gives no `next`
 * cursor is paged after its last row's `cursor` while its pages are full.
 */
interface Reader {
  /** A row's cells; `extra` is the row's value of the page's extra column (`PageColumn`), when there is one. */
  cells: (row: unknown, extra?: unknown) => unknown[];
  more?: { sheet: string; rows: (row: unknown) => unknown[][] };
  cursor?: (row: unknown) => string;
}
const byId = (row: unknown) => String((row as { id: number }).id);
export const PAGE_READERS = {
  stock: { cells: (row) => stockCells(row as StockReportRow) },
  moves: { cells: (row, amount) => moveListCells(row as MoveListRow, amount as number | undefined), cursor: byId },
  performance: { cells: (row) => performanceCells(row as PerformanceRow), more: { sheet: PERFORMANCE_SHEETS[1].name, rows: (row) => answerRows(row as PerformanceRow) }, cursor: byId },
} satisfies Record<string, Reader>;
export type PageReader = keyof typeof PAGE_READERS;

/** What a page told: the list's size (first page only), the next page's cursor and the one after (if the API gives it), its rows. */
export interface PageInfo {
  count: number | null;
  next: string | null;
  ahead: string | null;
  rows: number;
}

/**
 * Values a page's rows need from another call (the moves' amounts of answers): asked for when the page is
 * read, so that the call runs while the next page is asked for, and given, one a row in the rows' order,
 * to the reader's `cells` when the page is written.
 */
export type PageColumn = (rows: unknown[]) => Promise<unknown[]>;

export type BookType = 'xls' | 'xlsx';

const cellsOf = (row: unknown[]) => row.map((cell) => cell ?? '');

export class ExportBook {
  private book: XlsBook | XlsxBook;

  constructor(bookType: BookType) {
    this.book = bookType === 'xls' ? new XlsBook() : new XlsxBook();
  }

  /** A sheet with its header; `formats`, the format of a column's numbers ('dd/mm/yyyy' for `excelDate`'s days). */
  addSheet(name: string, header: string[], formats?: (string | undefined)[]): void {
    this.book.addSheet(name, header, formats);
  }

  addRows(sheet: string, rows: unknown[][]): void {
    this.book.addRows(sheet, rows.map(cellsOf));
  }

  /**
   * Reads a page of the API (`{ rows, count, next?, ahead? }`) asked for with `limit`: its cursors at
   * once, and `write` to write its rows (so that the next pages can be asked for first). With a `column`,
   * its values are asked for at once and `write` waits for them.
   */
  readPage(sheet: string, reader: PageReader, text: string, limit: number, column?: PageColumn): { page: PageInfo; write: () => void | Promise<void> } {
    const answer = JSON.parse(text) as { rows: unknown[]; count?: number | null; next?: string | null; ahead?: string | null };
    const { cells, cursor, more }: Reader = PAGE_READERS[reader];
    const last = answer.rows.at(-1);
    const next = cursor ? (answer.rows.length >= limit && last !== undefined ? cursor(last) : null) : (answer.next ?? null);
    const extra = column?.(answer.rows);
    // Heard by `write`; a page a failure leaves unwritten is not reported.
    extra?.catch(() => undefined);
    const writeRows = (values?: unknown[]) => {
      this.addRows(sheet, answer.rows.map((row, i) => cells(row, values?.[i])));
      if (more) this.addRows(more.sheet, answer.rows.flatMap(more.rows));
    };
    return {
      page: { count: answer.count ?? null, next, ahead: answer.ahead ?? null, rows: answer.rows.length },
      write: () => (extra ? extra.then(writeRows) : writeRows()),
    };
  }

  /** The file. The book is spent. */
  build(): Blob {
    return this.book.finish();
  }
}
