import type { DataProvider, RaRecord } from 'ra-core';
import { saveBlob } from '../download';

export interface ExportColumn {
  source: string;
  label: string;
  value?: (record: RaRecord) => unknown;
}

const PAGE = 1000;
const SHEET = 'Datos';
/** Rows an .xlsx sheet holds, its header included; SheetJS cuts a longer one without a word. */
const XLSX_SHEET_ROWS = 1_048_576;

/** Where the rows go as the pages arrive; `save` downloads the file. */
interface Book {
  addRows(rows: unknown[][]): void;
  save(fileName: string): void;
}

/**
 * An .xls is written by the moves export's BIFF8 writer as the pages arrive (only its bytes are kept),
 * which goes on in 'Datos 2', 'Datos 3'… past a sheet's 65,536 rows; SheetJS's would cut the sheet.
 */
async function xlsBook(header: string[]): Promise<Book> {
  const { XlsBook } = await import('../xls/xlsBook');
  const book = new XlsBook();
  book.addSheet(SHEET, header);
  return {
    addRows: (rows) => book.addRows(SHEET, rows),
    save: (fileName) => saveBlob(book.finish(), fileName),
  };
}

/** An .xlsx is built by SheetJS at the end, a sheet for each 1,048,575 rows. */
async function xlsxBook(header: string[]): Promise<Book> {
  const XLSX = await import('xlsx');
  const rows: unknown[][] = [];
  return {
    addRows: (more) => {
      for (const row of more) rows.push(row);
    },
    save: (fileName) => {
      const book = XLSX.utils.book_new();
      const perSheet = XLSX_SHEET_ROWS - 1;
      for (let part = 0; part === 0 || part * perSheet < rows.length; part++) {
        const sheet = XLSX.utils.aoa_to_sheet([header, ...rows.slice(part * perSheet, (part + 1) * perSheet)]);
        XLSX.utils.book_append_sheet(book, sheet, part === 0 ? SHEET : `${SHEET} ${part + 1}`);
      }
      XLSX.writeFile(book, fileName);
    },
  };
}

/** Said when the list kept changing under the export: nothing is saved. */
export const EXPORT_CHANGED = 'Los datos cambiaron mientras se descargaban y el archivo no coincidiría con la lista: no se guardó. Intente nuevamente.';
/** Runs of the export before it gives up on a list that keeps changing. */
const EXPORT_RUNS = 3;

class ListChanged extends Error {}

/**
 * What says a page still belongs to the same list as the first one: its exact count and the filter's
 * total amount (a payment registered meanwhile changes both). An estimated count (past 1,000 rows) says
 * nothing; there only a row met twice tells.
 */
function listState(answer: { total?: number; meta?: { countEstimated?: boolean; totalAmount?: string } }): string | null {
  return answer.meta?.countEstimated ? null : `${answer.total ?? ''}|${answer.meta?.totalAmount ?? ''}`;
}

/**
 * Downloads every page of the current filter (not only the visible one), a page at a time so
 * progress shows, and writes the file (.xls or .xlsx, by `fileName`) in the browser. Every text is a
 * text cell, which a spreadsheet never runs as a formula: it goes as written (no `'` before '=', '+'…,
 * which a book shows; that guard is for CSV). Returns the rows written.
 *
 * Pages are read by offset: a row added or removed meanwhile (a payment registered while the history
 * downloads) would shift the later pages, repeating some rows and losing others. A page whose exact
 * count or total differs from the first page's, or that repeats a row already read, starts the export
 * over (up to three runs); then it stops with EXPORT_CHANGED and saves nothing.
 */
export async function exportToExcel(options: {
  dataProvider: DataProvider;
  resource: string;
  filter: Record<string, unknown>;
  sort: { field: string; order: 'ASC' | 'DESC' };
  columns: ExportColumn[];
  fileName: string;
  onProgress: (fraction: number) => void;
  /** Aborted by 'Cancelar' or by leaving the screen: the run stops between pages and saves nothing. */
  signal?: AbortSignal;
}): Promise<number> {
  for (let run = 1; ; run++) {
    try {
      return await exportRun(options);
    } catch (error) {
      if (!(error instanceof ListChanged)) throw error;
      if (run === EXPORT_RUNS) throw new Error(EXPORT_CHANGED);
      options.onProgress(0);
    }
  }
}

async function exportRun(options: Parameters<typeof exportToExcel>[0]): Promise<number> {
  const { dataProvider, resource, filter, sort, columns } = options;
  const header = columns.map((c) => c.label);
  const book = /\.xls$/i.test(options.fileName) ? await xlsBook(header) : await xlsxBook(header);
  const seen = new Set<unknown>();
  let state: string | null | undefined;
  let written = 0;
  for (let page = 1; ; page += 1) {
    const answer = await dataProvider.getList(resource, { pagination: { page, perPage: PAGE }, sort, filter, signal: options.signal });
    options.signal?.throwIfAborted();
    const now = listState(answer);
    if (page === 1) state = now;
    else if (now !== state) throw new ListChanged();
    // A row of an earlier page met again: the pages moved under the export.
    if (answer.data.some((record) => seen.has(record.id))) throw new ListChanged();
    for (const record of answer.data) seen.add(record.id);
    book.addRows(answer.data.map((record) => columns.map((c) => (c.value ? c.value(record) : record[c.source]) ?? '')));
    written += answer.data.length;
    // Past 1,000 rows the count is the planner's estimate: it paces the progress, and only a short
    // (or empty) page ends the list.
    if (answer.data.length < PAGE) break;
    const total = answer.total ?? 0;
    options.onProgress(total > written ? written / total : 0.99);
  }
  options.signal?.throwIfAborted();
  options.onProgress(1);
  book.save(options.fileName);
  return written;
}
