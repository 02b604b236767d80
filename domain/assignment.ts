/**
 * Handing out moves and visits (spec 2 §4, spec 3 §2 "assign"): to a Getter (the stock, a project's
 * locations) or to a quality agent (the moves list). What the screens and the server say about it,
 * with every count in its right number: "move" is feminine ("la move", "moves asignadas").
 */
import { formatCount } from './numbers';

/** "1 move", "3 moves", "aprox. 12.000 moves" (an estimated count is always plural). */
const moves = (n: number, estimated = false) => (estimated ? `aprox. ${formatCount(n)} moves` : n === 1 ? '1 move' : `${formatCount(n)} moves`);

export const ASSIGN_TEXT = {
  /** A finished project (its end date passed) hands out nothing more: the server's refusal. */
  projectEnded: (names: readonly string[]) =>
    names.length === 1
      ? `El proyecto ${names[0]} está finalizado: ya no se pueden asignar sus visitas ni sus moves.`
      : `Los proyectos ${names.join(', ')} están finalizados: ya no se pueden asignar sus visitas ni sus moves.`,
  /**
   * A point of sale deactivated after it joined the project (closed, out of the program): no Getter is sent
   * there any more. The server's refusal, naming a few.
   */
  locationInactive: (names: readonly string[]) =>
    names.length === 1
      ? `El punto de venta «${names[0]}» está inactivo: ya no se le pueden asignar visitas ni moves.`
      : `Los puntos de venta ${names.map((n) => `«${n}»`).join(', ')} están inactivos: ya no se les pueden asignar visitas ni moves.`,
  /** The assignment screen's line under such a location, instead of its Getter select. */
  locationInactiveRow: 'Punto de venta inactivo: no se le pueden asignar visitas',
  /** A location of a project with no published visit left: a move is one of its planned visits, never one more. */
  noVisitLeft: (location: string, project: string) => `«${location}» ya no tiene visitas publicadas para asignar en el proyecto «${project}».`,
  /**
   * A visit the stock screen named that is no longer published (taken by another assignment meanwhile):
   * which one, after the state message the moves share.
   */
  visitGone: (stockState: string, location: string, project: string) => `${stockState}: la visita de «${location}» del proyecto «${project}» ya no está publicada.`,
  /** The assignment screen of a finished project, instead of its Getter selects. */
  projectEndedScreen: 'El proyecto está finalizado: ya no se pueden asignar sus visitas.',
  /** A stock row of a finished project: listed, not selectable. */
  projectEndedRow: 'Proyecto finalizado: no se puede asignar',
  /** The assignment screen's choice to list, greyed out, the stock that cannot be assigned. */
  showLocked: 'Mostrar también lo que no se puede asignar (proyectos finalizados, puntos de venta inactivos)',
  /** Who reads projects but does not assign moves. */
  readOnly: 'Su rol puede ver la asignación, pero no asignar moves.',
  /** The stock screen's confirmation. */
  willAssignToAuditor: (n: number) => (n === 1 ? 'Se asignará 1 move al auditor.' : `Se asignarán ${moves(n)} al auditor.`),
  /** The moves list's confirmation (the filter's count may be estimated). */
  willAssign: (n: number, estimated = false) => `${!estimated && n === 1 ? 'Se asignará' : 'Se asignarán'} ${moves(n, estimated)}.`,
  /** Done: to a Getter (stock) or to a quality agent (moves list). */
  assigned: (n: number, name: string) => (n === 0 ? `No se asignó ninguna move a ${name}.` : n === 1 ? `Se asignó 1 move a ${name}.` : `Se asignaron ${moves(n)} a ${name}.`),
  /** The title over `assigned`: nothing assigned is not announced as done. */
  assignedTitle: (n: number) => (n === 0 ? 'Ninguna move asignada' : 'Asignación realizada'),
  /** Moves the quality-agent assignment left as they were. */
  skipped: (n: number) =>
    n === 1
      ? '1 no se pudo asignar por su estado (aprobada, desaprobada, rechazada, devuelta o cancelada).'
      : `${formatCount(n)} no se pudieron asignar por su estado (aprobadas, desaprobadas, rechazadas, devueltas o canceladas).`,
  /** The moves list's filter names more moves than one assignment takes: nothing is assigned. */
  filterTooBig: (cap: number) => `El filtro abarca más de ${formatCount(cap)} moves: acótelo para asignarlas.`,
  /** Ids sent that name no move (a few of them): nothing is assigned. */
  unknownMoves: (ids: readonly number[]) => (ids.length === 1 ? `La move ${ids[0]} no existe.` : `Las moves ${ids.join(', ')} no existen.`),
  /** Who holds a location's moves in course (not the project's state 'En curso'): 'Moves en curso: Juan Pérez, Lucía García (2 moves)'. */
  inCourse: (getters: readonly { name: string; moves: number }[]) =>
    `Moves en curso: ${getters.map((g) => (g.moves === 1 ? g.name : `${g.name} (${g.moves} moves)`)).join(', ')}`,
  /** The project assignment's result: one ASIGNADA move per location with a Getter. */
  created: (n: number) => (n === 0 ? 'No se creó ninguna move asignada.' : n === 1 ? 'Se creó 1 move asignada.' : `Se crearon ${formatCount(n)} moves asignadas.`),
  /** Beside 'Guardar' of the project assignment: how many locations have their Getter chosen. */
  withGetter: (n: number) => (n === 1 ? '1 locación con Getter elegido' : `${formatCount(n)} locaciones con Getter elegido`),
  selected: (n: number) => (n === 1 ? '1 seleccionada' : `${formatCount(n)} seleccionadas`),
  clearSelection: 'Quitar selección',
  /** After a refused assignment: the stock changed under the selection (a row taken by someone else), which may no longer be on screen. */
  selectionCleared: 'Se quitó la selección: el stock cambió mientras elegía. Vuelva a elegir las moves en la lista actualizada.',
  /** A project's published visits: in all (the assignment screen's heading) and of one location ('1 de 2 visitas publicadas'). */
  publishedVisits: (n: number) => `${formatCount(n)} ${n === 1 ? 'visita publicada' : 'visitas publicadas'}`,
  publishedOf: (available: number, total: number) => `${formatCount(available)} de ${formatCount(total)} ${total === 1 ? 'visita publicada' : 'visitas publicadas'}`,
} as const;
