/** The report screen's two exports, paged through the API (no row cap) and built in the export worker. */
import type { PerformanceRow } from '../../../../domain/move-api';
import { formatResult } from '../../../../domain/moves';
import { formatDisplayDate, todayIso } from '../../../../domain/validation';
import { USER_MOVES_PATHS } from '../../../dataProvider/endpoints/userMoves';
import { request } from '../../../dataProvider/http';
import { runExport } from '../export/runExport';
import { STOCK_HEADER } from './stockSheet';

const dateTime = (iso: string | null) => (iso ? formatDisplayDate(iso, true) : '');

export const stockFileName = (today = todayIso()) => `stock_moves_${today}.xls`;

/** Rows a page of the stock asks for: the most the API gives (`stockQuery`'s limit). */
const STOCK_PAGE = 5000;

/**
 * 'Stock de Moves': every visit and move with the dates per state. The export worker walks the API
 * itself, by keyset, two pages at a time (`walkPages`: the API tells each page's `next` and `ahead`),
 * and writes each page's rows while the next ones are on their way.
 */
export async function exportStock(onProgress: (fraction: number) => void): Promise<string> {
  const fileName = stockFileName();
  await runExport({
    fileName,
    bookType: 'xls',
    sheets: [{ name: 'Stock', header: STOCK_HEADER }],
    fill: (_emit, emitPages) =>
      emitPages({
        sheet: 'Stock',
        reader: 'stock',
        path: USER_MOVES_PATHS.stock,
        query: { full: true },
        limit: STOCK_PAGE,
        onProgress,
      }),
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
