/** The moves list's export sheet: its header and a row of cells for each move of the list's API. */
import type { MoveListRow } from '../../../../domain/move-api';
import { EXCEL_DAY, excelMoment } from '../../../ui/xls/excelDate';

export const MOVE_LIST_HEADER = ['Código', 'Punto de venta', 'Getter', 'Estado', 'Agente de calidad', 'Proyecto', 'Cliente', 'Adjuntos', 'Creada'];

/** The column the export adds when asked for the amounts of answers. */
export const AMOUNTS_COLUMN = 'Respuestas';

export const moveListHeader = (withAmounts: boolean): string[] => (withAmounts ? [...MOVE_LIST_HEADER, AMOUNTS_COLUMN] : MOVE_LIST_HEADER);
/** The columns' number formats: 'Creada' is a date cell (`excelMoment`). */
export const MOVE_LIST_FORMATS = MOVE_LIST_HEADER.map((label) => (label === 'Creada' ? EXCEL_DAY : undefined));

/** A move's amount of answers, as `POST /questionnaires-replyeds/amount-answers` answers it. */
export interface MoveAmount {
  userMoveId: number;
  amount: number;
}

/** The amounts of a page's moves, in the page's order: 0 for a move the answer does not name. */
export function amountsInOrder(rows: readonly MoveListRow[], amounts: readonly MoveAmount[]): number[] {
  const byMove = new Map(amounts.map((a) => [a.userMoveId, a.amount]));
  return rows.map((r) => byMove.get(r.id) ?? 0);
}

/** A move's cells; with its `amount` of answers, one more cell under `AMOUNTS_COLUMN`. */
export const moveListCells = (r: MoveListRow, amount?: number): unknown[] => [
  r.code,
  r.clientLocationName,
  r.userFullName ?? '',
  r.statusName,
  r.assignedAgentFullName ?? '',
  r.projectsName,
  r.campaignsClientName ?? '',
  r.hasAttachments ? 'Sí' : 'No',
  excelMoment(r.createdAt),
  ...(amount === undefined ? [] : [amount]),
];
