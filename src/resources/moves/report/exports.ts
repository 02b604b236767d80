/** The report screen's two exports, paged through the API (no row cap) and built in the export worker. */
import type { PerformanceRow, StockReportRow } from '../../../../domain/move-api';
import { formatResult } from '../../../../domain/moves';
import { formatDisplayDate, todayIso } from '../../../../domain/validation';
import { USER_MOVES_PATHS } from '../../../dataProvider/endpoints/userMoves';
import { request } from '../../../dataProvider/http';
import { runExport } from '../export/runExport';

const dateTime = (iso: string | null) => (iso ? formatDisplayDate(iso, true) : '');
const date = (iso: string | null) => (iso ? formatDisplayDate(iso) : '');

const STOCK_HEADER = [
  'Código',
  'Pedido',
  'Operativo',
  'Estado actual',
  'Auditor',
  'Agente asignado',
  'Campaña',
  'Proyecto',
  'Cliente',
  'Punto de venta',
  'Código de locación',
  'Ciudad',
  'Fecha límite',
  'Fecha de visita',
  'Publicada',
  'Asignada',
  'Cancelada',
  'Iniciada',
  'En revisión',
  'Rechazada',
  'Aprobada',
  'Desaprobada',
  'Motivo',
  'Link',
  'Audio',
  'Video',
  'Imágenes',
  'Última carga',
  'Duración (s)',
  'project_location_id',
];

export const stockFileName = (today = todayIso()) => `stock_moves_${today}.xls`;

/** 'Stock de Moves': every visit and move with the dates per state, keyset page by page. */
export async function exportStock(onProgress: (fraction: number) => void): Promise<string> {
  const fileName = stockFileName();
  await runExport({
    fileName,
    bookType: 'xls',
    sheets: [{ name: 'Stock', header: STOCK_HEADER }],
    fill: async (emit) => {
      let after: string | null = null;
      let total = 0;
      let done = 0;
      do {
        const page: { rows: StockReportRow[]; count: number | null; next: string | null } = await request(USER_MOVES_PATHS.stock, { query: { full: true, limit: 1000, after: after ?? undefined } });
        if (page.count !== null) total = page.count;
        emit(
          'Stock',
          page.rows.map((r) => [
            r.id_move ?? '',
            r.id_pedido ?? '',
            r.id_operativo,
            r.estado_actual,
            r.auditor ?? '',
            r.agente_asignado ?? '',
            r.campania ?? '',
            r.proyecto,
            r.cliente ?? '',
            r.punto_de_venta,
            r.codigo_punto_de_venta ?? '',
            r.ciudad ?? '',
            date(r.fecha_limite),
            dateTime(r.fecha_visita),
            dateTime(r.fechas.publicada),
            dateTime(r.fechas.asignada),
            dateTime(r.fechas.cancelada),
            dateTime(r.fechas.iniciada),
            dateTime(r.fechas.en_revision),
            dateTime(r.fechas.rechazada),
            dateTime(r.fechas.aprobada),
            dateTime(r.fechas.desaprobada),
            r.motivo ?? '',
            r.link ?? '',
            r.audio ? 'Sí' : 'No',
            r.video ?? '',
            r.imagenes,
            dateTime(r.ultima_carga),
            r.duracion_segundos ?? '',
            r.project_location_id,
          ]),
        );
        done += page.rows.length;
        onProgress(total ? Math.min(1, done / total) : 1);
        after = page.next;
      } while (after);
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
