/** reporte_desempeño.xlsx: every row of the report's filter, gathered a page at a time. */
import { type PerformanceAnswer, type PerformanceItem, REPORT_EXCEL_FILE, REPORT_EXPORT_PAGE, reportSortKey, type ReportSortOrder } from '../../../domain/reports';
import { formatDisplayDate } from '../../../domain/validation';
import { request } from '../../dataProvider/http';

/** The report's query; `clientId` only for the administrator, who reads any client's. */
export type ReportFilter = { clientId?: number; projectId: number; clientLocationId?: number; fromDate: string; toDate: string };

/** Where a page starts: an offset, or (keyset) after a row of the page before, by its id and sort value. */
export type ReportPageAt = { offset: number; limit: number; after?: number; afterKey?: string };

export const fetchReportPage = (filter: ReportFilter, at: ReportPageAt, sort: ReportSortOrder) =>
  request<PerformanceAnswer>('/reports/performance', { query: { ...filter, sort: sort.field, order: sort.order, ...at } });

/** A day DD/MM/YYYY as the spreadsheet's own date (days since 30/12/1899), so Excel sorts and filters it as one. */
export function excelDay(display: string): number | string {
  const match = /^(\d{2})\/(\d{2})\/(\d{4})$/.exec(display);
  if (!match) return display;
  const [, d, m, y] = match.map(Number);
  return (Date.UTC(y, m - 1, d) - Date.UTC(1899, 11, 30)) / 86_400_000;
}

/** Each column: its header, its value and, for a number, the format the spreadsheet shows it in. */
const COLUMNS: [string, (r: PerformanceItem) => unknown, string?][] = [
  ['Código', (r) => r.code],
  ['Punto de venta', (r) => r.projectLocation.locations.fullName],
  ['Código del punto de venta', (r) => r.projectLocation.locations.clientLocationId ?? r.projectLocation.locations.code],
  ['Proyecto', (r) => r.projectLocation.projects.name],
  ['Campaña', (r) => r.projectLocation.projects.campaigns?.name ?? '-'],
  ['Cliente', (r) => r.projectLocation.projects.client.name],
  ['Fecha de visita', (r) => excelDay(formatDisplayDate(r.visitDate)), 'dd/mm/yyyy'],
  // A percentage the spreadsheet shows as one ('85,50 %' in a Spanish Excel); N/A stays a word.
  ['Resultado', (r) => (r.questionnaireResult < 0 ? 'N/A' : r.questionnaireResult / 100), '0.00%'],
];

/**
 * Every row of the filter in the table's order, a page at a time. Each page after the first is asked by
 * keyset, after the last row read: a visit approved or disapproved meanwhile does not shift the pages
 * (by offset, the next page repeated a row or skipped one). Only a short page ends the list.
 */
export async function reportRows(filter: ReportFilter, sort: ReportSortOrder, fetchPage = fetchReportPage, pageSize = REPORT_EXPORT_PAGE): Promise<PerformanceItem[]> {
  const rows: PerformanceItem[] = [];
  let at: ReportPageAt = { offset: 0, limit: pageSize };
  for (;;) {
    const page = await fetchPage(filter, at, sort);
    rows.push(...page.result);
    const last = page.result.at(-1);
    if (page.result.length < pageSize || !last) return rows;
    at = { offset: 0, limit: pageSize, after: last.id, afterKey: reportSortKey(last, sort.field) };
  }
}

/** The file holds the rows in the order the table shows them. */
export async function exportReport(filter: ReportFilter, sort: ReportSortOrder): Promise<number> {
  const rows = await reportRows(filter, sort);
  const XLSX = await import('xlsx');
  const sheet = XLSX.utils.aoa_to_sheet([COLUMNS.map(([label]) => label), ...rows.map((r) => COLUMNS.map(([, value]) => value(r)))]);
  rows.forEach((_, i) =>
    COLUMNS.forEach(([, , format], c) => {
      const cell = sheet[XLSX.utils.encode_cell({ r: i + 1, c })];
      if (format && cell?.t === 'n') cell.z = format;
    }),
  );
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, sheet, 'Desempeño');
  XLSX.writeFile(book, REPORT_EXCEL_FILE);
  return rows.length;
}
