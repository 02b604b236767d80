/** 'Reporte de Moves': its two sheets (the approved moves, and every answer of each), and their cells. */
import { type PerformanceRow, visitDateOf } from '../../../../domain/move-api';
import { QUESTION_TYPE_LABELS, type QuestionType } from '../../../../domain/questionnaires';
import { EXCEL_DAY_TIME } from '../../../ui/xls/excelDate';
import { dateTime } from './stockSheet';

export const PERFORMANCE_SHEETS = [
  {
    name: 'Moves',
    header: ['Código', 'Cliente', 'Campaña', 'Proyecto', 'Punto de venta', 'Código de punto de venta', 'ID Operativo', 'Getter', 'Agente de calidad', 'Fecha de visita', 'Aprobada', 'Resultado', 'Video'],
    // 'Fecha de visita' and 'Aprobada': date cells (`dateTime`).
    formats: [...Array<undefined>(9).fill(undefined), EXCEL_DAY_TIME, EXCEL_DAY_TIME],
  },
  { name: 'Respuestas', header: ['Código', 'Dimensión', 'Subdimensión', 'Pregunta', 'Tipo', 'Respuesta', 'Ponderación', 'Observación'] },
];

/** The result as a number the sheet can sum and sort (two decimals, as the console shows it); 'N/A' for -1 or none. */
const resultCell = (result: number | null) => (result === null || result < 0 ? 'N/A' : Math.round(result * 100) / 100);

export const performanceCells = (r: PerformanceRow): unknown[] => [
  r.code,
  r.clientName ?? '',
  r.campaignName ?? '',
  r.projectName,
  r.locationName,
  r.clientLocationId ?? '',
  r.clientLocationName,
  r.getterName ?? '',
  r.agentName ?? '',
  dateTime(visitDateOf(r)),
  dateTime(r.approvedAt),
  resultCell(r.questionnaireResult),
  r.userMoveVideoLink ?? '',
];

/** A question's type as the console and the PDF name it ('Opciones SI, NO, N/A'), not its code ('close'). */
const typeLabel = (type: string) => (Object.hasOwn(QUESTION_TYPE_LABELS, type) ? QUESTION_TYPE_LABELS[type as QuestionType] : type);

/** Its weighting, a number for the sheet's sums; 'N/A' for the types that do not count (stored as -1). */
const weightingCell = (w: number | null) => (w === null || w < 0 ? 'N/A' : w);

export const answerRows = (r: PerformanceRow): unknown[][] =>
  (r.answers ?? []).map((a) => [r.code, a.dimension, a.subDimension, a.question, typeLabel(a.type), a.reply, weightingCell(a.weighting), a.commentary ?? '']);
