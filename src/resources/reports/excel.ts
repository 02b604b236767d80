/** reporte_desempeño.xlsx: every row of the report's filter, gathered a page at a time. */
import { type PerformanceAnswer, type PerformanceItem, REPORT_EXCEL_FILE, REPORT_EXPORT_PAGE, type ReportSortOrder } from '../../../domain/reports';
import { formatDisplayDate, safeCell } from '../../../domain/validation';
import { request } from '../../dataProvider/http';

/** The report's query; `clientId` only for the administrator, who reads any client's. */
export type ReportFilter = { clientId?: number; projectId: number; clientLocationId?: number; fromDate: string; toDate: string };

export const fetchReportPage = (filter: ReportFilter, offset: number, limit: number, sort: ReportSortOrder) =>
  request<PerformanceAnswer>('/reports/performance', { query: { ...filter, sort: sort.field, order: sort.order, offset, limit } });

const COLUMNS: [string, (r: PerformanceItem) => unknown][] = [
  ['Código', (r) => r.code],
  ['Punto de venta', (r) => r.projectLocation.locations.fullName],
  ['Código del punto de venta', (r) => r.projectLocation.locations.clientLocationId ?? r.projectLocation.locations.code],
  ['Proyecto', (r) => r.projectLocation.projects.name],
  ['Campaña', (r) => r.projectLocation.projects.campaigns?.name ?? '-'],
  ['Cliente', (r) => r.projectLocation.projects.client.name],
  ['Fecha de visita', (r) => formatDisplayDate(r.visitDate)],
  ['Resultado', (r) => (r.questionnaireResult < 0 ? 'N/A' : r.questionnaireResult)],
];

/** The file holds the rows in the order the table shows them. */
export async function exportReport(filter: ReportFilter, sort: ReportSortOrder): Promise<number> {
  const rows: PerformanceItem[] = [];
  for (let offset = 0; ; offset += REPORT_EXPORT_PAGE) {
    const page = await fetchReportPage(filter, offset, REPORT_EXPORT_PAGE, sort);
    rows.push(...page.result);
    if (page.result.length < REPORT_EXPORT_PAGE || rows.length >= page.total) break;
  }
  const XLSX = await import('xlsx');
  const sheet = XLSX.utils.aoa_to_sheet([COLUMNS.map(([label]) => label), ...rows.map((r) => COLUMNS.map(([, value]) => safeCell(value(r))))]);
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, sheet, 'Desempeño');
  XLSX.writeFile(book, REPORT_EXCEL_FILE);
  return rows.length;
}
