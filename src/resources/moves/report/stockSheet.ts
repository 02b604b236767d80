/** The 'Stock de Moves' sheet: its header and a row of cells for each stock row of the API. */
import type { StockReportRow } from '../../../../domain/move-api';
import { EXCEL_DAY, EXCEL_DAY_TIME, excelMoment } from '../../../ui/xls/excelDate';

/**
 * A date and time as a date cell of the sheets, the day and time the console shows (Argentina's), in the
 * column's format EXCEL_DAY_TIME ('' when there is none).
 */
export const dateTime = (iso: string | null) => (iso ? excelMoment(iso, true) : '');
/** A day as a date cell, in the column's format EXCEL_DAY. */
export const day = (iso: string | null) => (iso ? excelMoment(iso) : '');

export const STOCK_HEADER = [
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
  'Locación del proyecto (id)',
];

/** The date columns' formats: 'Fecha límite' a day, the visit, the states' dates and the last upload a day and time. */
export const STOCK_FORMATS = STOCK_HEADER.map((label) =>
  label === 'Fecha límite' ? EXCEL_DAY : ['Fecha de visita', 'Publicada', 'Asignada', 'Cancelada', 'Iniciada', 'En revisión', 'Rechazada', 'Aprobada', 'Desaprobada', 'Última carga'].includes(label) ? EXCEL_DAY_TIME : undefined,
);

export const stockCells = (r: StockReportRow): unknown[] => [
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
  day(r.fecha_limite),
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
];
