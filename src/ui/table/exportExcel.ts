import type { DataProvider, RaRecord } from 'ra-core';
import { saveBlob } from '../download';

export interface ExportColumn {
  source: string;
  label: string;
  value?: (record: RaRecord) => unknown;
  /** The number format its numbers show in ('dd/mm/yyyy' for `excelDate`'s days). */
  format?: string;
}

const PAGE = 1000;
const SHEET = 'Datos';

/**
 * The book the rows go to as the pages arrive (only its bytes are kept): an .xls by the BIFF8 writer,
 * an .xlsx by the streaming one. Both go on in 'Datos 2', 'Datos 3'… past a sheet's rows (65,536 and
 * 1,048,576), where SheetJS would cut the sheet.
 */
async function openBook(fileName: string, columns: ExportColumn[]) {
  const header = columns.map((c) => c.label);
  const formats = columns.map((c) => c.format);
  const book = /\.xls$/i.test(fileName) ? new (await import('../xls/xlsBook')).XlsBook() : new (await import('../xls/xlsxBook')).XlsxBook();
  book.addSheet(SHEET, header, formats);
  return {
    addRows: (rows: unknown[][]) => book.addRows(SHEET, rows),
    save: () => saveBlob(book.finish(), fileName),
  };
}

/** Said when the list kept changing under the export: nothing is saved. */
export const EXPORT_CHANGED = 'Los datos cambiaron mientras se descargaban y el archivo no coincidiría con la lista: no se guardó. Intente nuevamente.';
/** Runs of the export before it gives up on a list that keeps changing. */
const EXPORT_RUNS = 3;

class ListChanged extends Error {}

/**
 * What says a page still belongs to the same list as the first one: the filter's total amount (a
 * payment registered meanwhile changes it) and, where the first page's count is exact, that count.
 * Past 1,000 rows the count of a full page is an estimate and says nothing (the last, short page
 * counts exactly what it ends: its offset plus its rows); there a row met twice tells.
 */
interface ListState {
  count: number | null;
  amount: string;
}

function listState(answer: { total?: number; meta?: { countEstimated?: boolean; totalAmount?: string } }): ListState {
  return { count: answer.meta?.countEstimated ? null : (answer.total ?? 0), amount: answer.meta?.totalAmount ?? '' };
}

const sameList = (first: ListState, now: ListState) => now.amount === first.amount && (first.count === null || now.count === first.count);

/**
 * Downloads every page of the current filter (not only the visible one), a page at a time so
 * progress shows, and writes the file (.xls or .xlsx, by `fileName`) in the browser as they arrive. Every text is a
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
  const book = await openBook(options.fileName, columns);
  const seen = new Set<unknown>();
  let first: ListState | undefined;
  let written = 0;
  for (let page = 1; ; page += 1) {
    const answer = await dataProvider.getList(resource, { pagination: { page, perPage: PAGE }, sort, filter, signal: options.signal });
    options.signal?.throwIfAborted();
    const now = listState(answer);
    if (first === undefined) first = now;
    else if (!sameList(first, now)) throw new ListChanged();
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
  book.save();
  return written;
}
