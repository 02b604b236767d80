/** The report screen's two exports, paged through the API (no row cap) and built in the export worker. */
import { STOCK_STATES } from '../../../../domain/moves';
import { todayIso } from '../../../../domain/validation';
import { USER_MOVES_PATHS } from '../../../dataProvider/endpoints/userMoves';
import { runExport } from '../export/runExport';
import { PERFORMANCE_SHEETS } from './performanceSheet';
import { STOCK_FORMATS, STOCK_HEADER } from './stockSheet';

export const stockFileName = (today = todayIso()) => `stock_moves_${today}.xls`;

/** Rows a page of the stock asks for: the most the API gives (`stockQuery`'s limit). */
const STOCK_PAGE = 5000;

/**
 * 'Stock de Moves': every visit and move with the dates per state. The export worker walks the API
 * itself, by keyset, two pages at a time (`walkPages`: the API tells each page's `next` and `ahead`),
 * and writes each page's rows while the next ones are on their way.
 */
/** What the stock export takes: one client, one of its projects, and only the four stock states or every state. */
export interface StockFilter {
  clientId?: number;
  projectId?: number;
  stockOnly?: boolean;
}

export async function exportStock(onProgress: (fraction: number) => void, signal?: AbortSignal, filter: StockFilter = {}): Promise<{ fileName: string; rows: number }> {
  const fileName = stockFileName();
  const rows = await runExport({
    fileName,
    bookType: 'xls',
    sheets: [{ name: 'Stock', header: STOCK_HEADER, formats: STOCK_FORMATS }],
    list: {
      reader: 'stock',
      path: USER_MOVES_PATHS.stock,
      query: { full: true, clientId: filter.clientId, projectId: filter.projectId, statuses: filter.stockOnly ? STOCK_STATES.join(',') : undefined },
      limit: STOCK_PAGE,
    },
    onProgress,
    signal,
  });
  return { fileName, rows };
}

export interface ReportFilter {
  clientId: number[];
  projectId?: number;
  fromDate?: string;
  toDate?: string;
}

/** Approved moves a page of the report asks for (each with every answer). */
const REPORT_PAGE = 200;

/**
 * 'Reporte de Moves': the approved moves of the filter, one sheet of moves and one of their answers. The
 * export worker walks the report by keyset (after the last move's id) and writes both sheets.
 */
export async function exportPerformance(filter: ReportFilter, onProgress: (fraction: number) => void, signal?: AbortSignal): Promise<{ fileName: string; rows: number }> {
  const fileName = `reporte_moves_${todayIso()}.xlsx`;
  const rows = await runExport({
    fileName,
    bookType: 'xlsx',
    sheets: PERFORMANCE_SHEETS,
    list: {
      reader: 'performance',
      path: USER_MOVES_PATHS.report,
      query: { clientId: filter.clientId.join(','), projectId: filter.projectId, fromDate: filter.fromDate, toDate: filter.toDate, withAnswers: true },
      limit: REPORT_PAGE,
    },
    onProgress,
    signal,
  });
  return { fileName, rows };
}
