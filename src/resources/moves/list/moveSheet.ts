/** The moves list's export sheet: its header and a row of cells for each move of the list's API. */
import type { MoveListRow } from '../../../../domain/move-api';

export const MOVE_LIST_HEADER = ['Código', 'Punto de venta', 'Getter', 'Estado', 'Agente de calidad', 'Proyecto', 'Cliente', 'Adjuntos', 'Creada'];

export const moveListCells = (r: MoveListRow): unknown[] => [
  r.code,
  r.clientLocationName,
  r.userFullName ?? '',
  r.statusName,
  r.assignedAgentFullName ?? '',
  r.projectsName,
  r.campaignsClientName ?? '',
  r.hasAttachments ? 'Sí' : 'No',
  r.createdAt.slice(0, 10),
];
