/** 'Reporte de Moves': its two sheets (the approved moves, and every answer of each), and their cells. */
import type { PerformanceRow } from '../../../../domain/move-api';
import { formatResult } from '../../../../domain/moves';
import { dateTime } from './stockSheet';

export const PERFORMANCE_SHEETS = [
  { name: 'Moves', header: ['Código', 'Cliente', 'Campaña', 'Proyecto', 'Punto de venta', 'Código de punto de venta', 'Getter', 'Agente de calidad', 'Fecha de visita', 'Aprobada', 'Resultado', 'Video'] },
  { name: 'Respuestas', header: ['Código', 'Dimensión', 'Subdimensión', 'Pregunta', 'Tipo', 'Respuesta', 'Ponderación', 'Observación'] },
];

export const performanceCells = (r: PerformanceRow): unknown[] => [
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
];

export const answerRows = (r: PerformanceRow): unknown[][] =>
  (r.answers ?? []).map((a) => [r.code, a.dimension, a.subDimension, a.question, a.type, a.reply, a.weighting ?? '', a.commentary ?? '']);
