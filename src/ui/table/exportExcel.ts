import type { DataProvider, RaRecord } from 'ra-core';
import { safeCell } from '../../../domain/validation';

export interface ExportColumn {
  source: string;
  label: string;
  value?: (record: RaRecord) => unknown;
}

const PAGE = 1000;

/**
 * Downloads every page of the current filter (not only the visible one), a page at a time so
 * progress shows, and writes an .xlsx in the browser. Formula-like cells are neutralised.
 */
export async function exportToExcel(options: {
  dataProvider: DataProvider;
  resource: string;
  filter: Record<string, unknown>;
  sort: { field: string; order: 'ASC' | 'DESC' };
  columns: ExportColumn[];
  fileName: string;
  onProgress: (fraction: number) => void;
}): Promise<number> {
  const { dataProvider, resource, filter, sort, columns } = options;
  const rows: unknown[][] = [columns.map((c) => c.label)];
  let page = 1;
  let total = 0;
  do {
    const answer = await dataProvider.getList(resource, { pagination: { page, perPage: PAGE }, sort, filter });
    total = answer.total ?? answer.data.length;
    for (const record of answer.data) {
      rows.push(columns.map((c) => safeCell(c.value ? c.value(record) : record[c.source]) ?? ''));
    }
    options.onProgress(total ? Math.min(1, (rows.length - 1) / total) : 1);
    if (answer.data.length < PAGE) break;
    page += 1;
  } while ((page - 1) * PAGE < total);
  const XLSX = await import('xlsx');
  const sheet = XLSX.utils.aoa_to_sheet(rows);
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, sheet, 'Datos');
  XLSX.writeFile(book, options.fileName);
  return rows.length - 1;
}
