/** reporte_desempeño.xlsx: every row of the report's filter, gathered a page at a time. */
import { type PerformanceAnswer, type PerformanceItem, REPORT_EXCEL_FILE, REPORT_EXPORT_PAGE, reportSortKey, type ReportSortOrder } from '../../../domain/reports';
import { request } from '../../dataProvider/http';
import { saveBlob } from '../../ui/download';
import { EXCEL_DAY, excelMoment } from '../../ui/xls/excelDate';

const REPORT_SHEET = 'Desempeño';

/** The report's query; `clientId` only for the administrator, who reads any client's. */
export type ReportFilter = { clientId?: number; projectId: number; clientLocationId?: number; fromDate: string; toDate: string };

/** Where a page starts: an offset, or (keyset) after a row of the page before, by its id and sort value. */
export type ReportPageAt = { offset: number; limit: number; after?: number; afterKey?: string };

export const fetchReportPage = (filter: ReportFilter, at: ReportPageAt, sort: ReportSortOrder, signal?: AbortSignal) =>
  request<PerformanceAnswer>('/reports/performance', { query: { ...filter, sort: sort.field, order: sort.order, ...at }, signal });

/** Each column: its header, its value and, for a number, the format the spreadsheet shows it in. */
const COLUMNS: [string, (r: PerformanceItem) => unknown, string?][] = [
  ['Código', (r) => r.code],
  ['Punto de venta', (r) => r.projectLocation.locations.fullName],
  ['Código del punto de venta', (r) => r.projectLocation.locations.clientLocationId ?? r.projectLocation.locations.code],
  ['Proyecto', (r) => r.projectLocation.projects.name],
  ['Campaña', (r) => r.projectLocation.projects.campaigns?.name ?? '-'],
  ['Cliente', (r) => r.projectLocation.projects.client.name],
  ['Fecha de visita', (r) => excelMoment(r.visitDate), EXCEL_DAY],
  // A percentage the spreadsheet shows as one ('85,50 %' in a Spanish Excel); N/A stays a word.
  ['Resultado', (r) => (r.questionnaireResult < 0 ? 'N/A' : r.questionnaireResult / 100), '0.00%'],
];

/**
 * Every row of the filter in the table's order, a page at a time, each page handed to `onPage` as it
 * arrives. Each page after the first is asked by keyset, after the last row read: a visit approved or
 * disapproved meanwhile does not shift the pages (by offset, the next page repeated a row or skipped
 * one). Only a short page ends the list. Returns the rows read.
 */
export async function reportPages(
  filter: ReportFilter,
  sort: ReportSortOrder,
  onPage: (rows: PerformanceItem[]) => void,
  fetchPage = fetchReportPage,
  pageSize = REPORT_EXPORT_PAGE,
): Promise<number> {
  let read = 0;
  let at: ReportPageAt = { offset: 0, limit: pageSize };
  for (;;) {
    const page = await fetchPage(filter, at, sort);
    onPage(page.result);
    read += page.result.length;
    const last = page.result.at(-1);
    if (page.result.length < pageSize || !last) return read;
    at = { offset: 0, limit: pageSize, after: last.id, afterKey: reportSortKey(last, sort.field) };
  }
}

/** Every row of the filter in the table's order (`reportPages`), gathered. */
export async function reportRows(filter: ReportFilter, sort: ReportSortOrder, fetchPage = fetchReportPage, pageSize = REPORT_EXPORT_PAGE): Promise<PerformanceItem[]> {
  const rows: PerformanceItem[] = [];
  await reportPages(filter, sort, (page) => rows.push(...page), fetchPage, pageSize);
  return rows;
}

/**
 * The file holds the rows in the order the table shows them, written as the pages arrive (`XlsxBook`),
 * the dates and results in their columns' formats.
 */
export async function exportReport(
  filter: ReportFilter,
  sort: ReportSortOrder,
  {
    total,
    onProgress,
    signal,
  }: {
    /** The filter's rows as the table counted them: paces the progress. */
    total: number;
    onProgress: (fraction: number) => void;
    /** Aborted by 'Cancelar' or by leaving the report: the run stops between pages and saves nothing. */
    signal?: AbortSignal;
  },
): Promise<number> {
  const { XlsxBook } = await import('../../ui/xls/xlsxBook');
  const book = new XlsxBook();
  book.addSheet(
    REPORT_SHEET,
    COLUMNS.map(([label]) => label),
    COLUMNS.map(([, , format]) => format),
  );
  let read = 0;
  const count = await reportPages(
    filter,
    sort,
    (rows) => {
      signal?.throwIfAborted();
      book.addRows(REPORT_SHEET, rows.map((r) => COLUMNS.map(([, value]) => value(r) ?? '')));
      read += rows.length;
      onProgress(total > read ? read / total : 0.99);
    },
    (pageFilter, at, pageSort) => fetchReportPage(pageFilter, at, pageSort, signal),
  );
  signal?.throwIfAborted();
  onProgress(1);
  saveBlob(book.finish(), REPORT_EXCEL_FILE);
  return count;
}
