/** The report screen's two exports, paged through the API (no row cap) and built in the export worker. */
import type { PerformanceRow } from '../../../../domain/move-api';
import { formatResult } from '../../../../domain/moves';
import { formatDisplayDate, todayIso } from '../../../../domain/validation';
import { USER_MOVES_PATHS } from '../../../dataProvider/endpoints/userMoves';
import { request, requestBody } from '../../../dataProvider/http';
import { runExport } from '../export/runExport';
import { STOCK_HEADER } from './stockSheet';

const dateTime = (iso: string | null) => (iso ? formatDisplayDate(iso, true) : '');

export const stockFileName = (today = todayIso()) => `stock_moves_${today}.xls`;

/** Rows a page of the stock asks for: the most the API gives (`stockQuery`'s limit). */
const STOCK_PAGE = 5000;

/**
 * 'Stock de Moves': every visit and move with the dates per state, keyset page by page, two pages
 * asked for at a time: each page tells the cursor of the one after next (`ahead`), which is asked for
 * at once and used if it is where the next page ends (rows that changed state in between would move
 * the pages' limits). The pages' bodies go to the export worker unread: it reads them in order,
 * answers each one's cursors, and writes its rows while the next pages are on their way.
 */
export async function exportStock(onProgress: (fraction: number) => void): Promise<string> {
  const fileName = stockFileName();
  type Page = { after: string | null; body: Promise<ReadableStream<Uint8Array>> };
  const fetchPage = (after: string | null): Page => {
    const body = requestBody(USER_MOVES_PATHS.stock, { query: { full: true, limit: STOCK_PAGE, after: after ?? undefined } });
    // Heard by whoever waits for it; one dropped or left behind by a failure is not reported.
    body.catch(() => undefined);
    return { after, body };
  };
  await runExport({
    fileName,
    bookType: 'xls',
    sheets: [{ name: 'Stock', header: STOCK_HEADER }],
    fill: async (_emit, emitPage) => {
      let current: Page | null = fetchPage(null);
      let following = null as Page | null;
      let total = 0;
      let done = 0;
      while (current) {
        const page = await emitPage('Stock', 'stock', await current.body);
        if (page.count !== null) total = page.count;
        done += page.rows;
        onProgress(total ? Math.min(1, done / total) : 1);
        const reuse = following !== null && following.after === page.next;
        if (!reuse) following?.body.then((body) => body.cancel(), () => undefined);
        current = reuse ? following : page.next ? fetchPage(page.next) : null;
        following = current && page.ahead ? fetchPage(page.ahead) : null;
      }
    },
  });
  return fileName;
}

export interface ReportFilter {
  clientId: number[];
  projectId?: number;
  fromDate?: string;
  toDate?: string;
}

const PAGE = 200;

/** 'Reporte de Moves': the approved moves of the filter, one sheet of moves and one of their answers. */
export async function exportPerformance(filter: ReportFilter, onProgress: (fraction: number) => void): Promise<string> {
  const fileName = `reporte_moves_${todayIso()}.xlsx`;
  await runExport({
    fileName,
    bookType: 'xlsx',
    sheets: [
      { name: 'Moves', header: ['Código', 'Cliente', 'Campaña', 'Proyecto', 'Punto de venta', 'Código de punto de venta', 'Getter', 'Agente de calidad', 'Fecha de visita', 'Aprobada', 'Resultado', 'Video'] },
      { name: 'Respuestas', header: ['Código', 'Dimensión', 'Subdimensión', 'Pregunta', 'Tipo', 'Respuesta', 'Ponderación', 'Observación'] },
    ],
    fill: async (emit) => {
      for (let offset = 0; ; offset += PAGE) {
        const page = await request<{ rows: PerformanceRow[]; count: number }>(USER_MOVES_PATHS.report, {
          query: { clientId: filter.clientId.join(','), projectId: filter.projectId, fromDate: filter.fromDate, toDate: filter.toDate, withAnswers: true, offset, limit: PAGE },
        });
        emit(
          'Moves',
          page.rows.map((r) => [
            r.code,
            r.clientName ?? '',
            r.campaignName ?? '',
            r.projectName,
            r.locationName,
            r.clientLocationName,
            r.getterName ?? '',
            r.agentName ?? '',
            dateTime(r.startAuditDate),
            dateTime(r.approvedAt),
            formatResult(r.questionnaireResult),
            r.userMoveVideoLink ?? '',
          ]),
        );
        emit(
          'Respuestas',
          page.rows.flatMap((r) => (r.answers ?? []).map((a) => [r.code, a.dimension, a.subDimension, a.question, a.type, a.reply, a.weighting ?? '', a.commentary ?? ''])),
        );
        onProgress(page.count ? Math.min(1, (offset + page.rows.length) / page.count) : 1);
        if (page.rows.length < PAGE) break;
      }
    },
  });
  return fileName;
}
