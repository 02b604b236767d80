/**
 * Moves (spec 2 "Moves" §4): statuses and the review state machine. The server enforces it; the
 * console uses it to offer only the actions that can succeed.
 */
import { isAdmin, REVIEWERS, type UserRole } from './roles';
import { formatDisplayDate, todayIso } from './validation';

export const MOVE_STATUS = {
  DISPONIBLE: 'DISPONIBLE',
  ASIGNADA: 'ASIGNADA',
  INICIADA: 'INICIADA',
  PAUSADA: 'PAUSADA',
  CANCELADA: 'CANCELADA',
  EN_REVISION: 'EN_REVISION',
  APROBADA: 'APROBADA',
  DESAPROBADA: 'DESAPROBADA',
  RECHAZADA: 'RECHAZADA',
  DEVUELTA: 'DEVUELTA',
} as const;
export type MoveStatus = (typeof MOVE_STATUS)[keyof typeof MOVE_STATUS];
export const MOVE_STATUSES = Object.values(MOVE_STATUS) as MoveStatus[];

/** How each status reads on screen. */
export const MOVE_STATUS_LABEL: Record<MoveStatus, string> = {
  DISPONIBLE: 'Disponible',
  ASIGNADA: 'Asignada',
  INICIADA: 'Iniciada',
  PAUSADA: 'Pausada',
  CANCELADA: 'Cancelada',
  EN_REVISION: 'En revisión',
  APROBADA: 'Aprobada',
  DESAPROBADA: 'Desaprobada',
  RECHAZADA: 'Rechazada',
  DEVUELTA: 'Devuelta',
};

/** The list's colours (spec 2 §2): approved green, rejected red, in review olive. */
export const MOVE_STATUS_COLOR: Partial<Record<MoveStatus, string>> = {
  APROBADA: '#2e7d32',
  RECHAZADA: '#d32f2f',
  EN_REVISION: '#6b6b00',
  DESAPROBADA: '#ad1457',
  DEVUELTA: '#c05600',
};

/** The four stock states of the assignment screen: two are moves, two are published visits. */
export const STOCK_STATES = ['Asignada', 'Disponible', 'Publicada', 'Publicada por Cancelación'] as const;
export type StockState = (typeof STOCK_STATES)[number];

export type MoveAction =
  | 'approve'
  | 'reject'
  | 'return'
  | 'disapprove'
  | 'editApproved'
  | 'review'
  | 'rescue'
  | 'republish'
  | 'cancel'
  | 'reschedule'
  | 'assignAgent'
  | 'replaceVideo'
  | 'deletePhoto';

/** From which statuses each action may start, and where it leaves the move (null: it stays). */
export const TRANSITIONS: Record<MoveAction, { from: readonly MoveStatus[]; to: MoveStatus | null; needsAgent: boolean }> = {
  review: { from: ['EN_REVISION', 'APROBADA'], to: null, needsAgent: true },
  approve: { from: ['EN_REVISION'], to: 'APROBADA', needsAgent: true },
  reject: { from: ['EN_REVISION'], to: 'RECHAZADA', needsAgent: true },
  return: { from: ['EN_REVISION'], to: 'DEVUELTA', needsAgent: true },
  disapprove: { from: ['APROBADA'], to: 'DESAPROBADA', needsAgent: true },
  editApproved: { from: ['APROBADA'], to: null, needsAgent: true },
  republish: { from: ['DESAPROBADA', 'RECHAZADA'], to: null, needsAgent: true },
  rescue: { from: ['ASIGNADA', 'INICIADA', 'CANCELADA', 'PAUSADA'], to: 'EN_REVISION', needsAgent: false },
  // A returned move is the Getter's again, as an assigned one: one its Getter never corrects would hold its visit for good.
  cancel: { from: ['DISPONIBLE', 'ASIGNADA', 'INICIADA', 'PAUSADA', 'DEVUELTA'], to: 'CANCELADA', needsAgent: false },
  reschedule: { from: ['DISPONIBLE', 'ASIGNADA', 'INICIADA', 'PAUSADA', 'DEVUELTA'], to: null, needsAgent: false },
  // The agent selector is locked for approved, disapproved, rejected, returned and cancelled moves.
  assignAgent: { from: ['DISPONIBLE', 'ASIGNADA', 'INICIADA', 'PAUSADA', 'EN_REVISION'], to: null, needsAgent: false },
  replaceVideo: { from: ['EN_REVISION', 'APROBADA'], to: null, needsAgent: true },
  deletePhoto: { from: ['EN_REVISION', 'APROBADA'], to: null, needsAgent: true },
};

/** Review actions are offered only in these statuses, and only with an assigned agent. */
export const REVIEWABLE: readonly MoveStatus[] = ['EN_REVISION', 'APROBADA', 'DESAPROBADA', 'RECHAZADA'];

export interface MoveState {
  status: MoveStatus;
  assignedAgentId: number | null;
  /** Whether a republished copy of this move already exists (republish is allowed once). */
  republished?: boolean;
  /** Whether the move's project has ended (its end date passed): a copy could never be done nor reassigned, nor a move be due on a past day. */
  projectEnded?: boolean;
  /** Whether a Getter holds the move: one no Getter took has no field work to rescue, nor anyone to republish it for. */
  hasGetter?: boolean;
  /** Whether the move's Getter is still an active Getter: a copy goes to the same one (the server checks it again as it writes the copy). */
  getterActive?: boolean;
}

/** A payment as the move's texts name it: its day (Argentina) and its operation number, if any. */
const paymentOf = (paid: { transactionDate: string; operationCode: string | null }) =>
  `pago del ${formatDisplayDate(todayIso(new Date(paid.transactionDate)))}${paid.operationCode ? `, operación ${paid.operationCode}` : ''}`;

export const MOVE_TEXT = {
  noAgent: 'La move no tiene un agente de calidad asignado.',
  forbidden: 'No tiene permisos para realizar esta acción.',
  alreadyRepublished: 'Esta move ya fue republicada.',
  projectEndedRepublish: 'El proyecto de la move está finalizado: no se puede republicar.',
  projectEndedReschedule: 'El proyecto de la move está finalizado: su fecha de fin ya pasó, no se puede reprogramar a ella.',
  visitRetaken: 'La visita de esta move cancelada ya fue asignada a otra move: no se puede rescatar.',
  conflict: 'La move fue modificada en otra pestaña o por otra persona. Se recargó con su estado actual.',
  notFound: 'La move no existe.',
  /** 'Descargar imágenes' of a move whose photos are all links to elsewhere: nothing of the store's to zip. */
  photosLinked: (n: number) =>
    n === 1
      ? 'La foto de esta move es un enlace externo: no se guarda aquí para descargarla. Ábrala desde su respuesta.'
      : `Las ${n} fotos de esta move son enlaces externos: no se guardan aquí para descargarlas. Ábralas desde cada respuesta.`,
  notYours: 'La move no le pertenece.',
  notAgent: 'El agente de calidad seleccionado no existe o no está activo.',
  notGetter: 'El auditor seleccionado no existe o no está activo.',
  republishGetterGone: 'El Getter de esta move ya no está activo: no se puede republicar para él.',
  rescueNoGetter: 'Ningún Getter tomó esta move: no hay una visita que rescatar.',
  republishNoGetter: 'Ningún Getter hizo esta move: no se puede republicar para él.',
  /**
   * Approving a republished copy of a visit the Getter was already paid for (a disapproval keeps that
   * payment): no second payment. Said to the reviewer, and kept in the approval's history entry.
   */
  paidBefore: (paid: { moveCode: string; transactionDate: string; operationCode: string | null }) =>
    `Sin pago nuevo: el Getter ya cobró esta visita con la move ${paid.moveCode} (${paymentOf(paid)}).`,
  /**
   * The history's entry of a move its project approves by itself ('Requiere aprobación automática'): sent
   * complete for the first time, it is approved as it arrives, by no one (docs/decisions.md).
   */
  autoApproved: 'Aprobada automáticamente: el proyecto requiere aprobación automática.',
  /**
   * Said before republishing a move whose visit the Getter was already paid for (this move or an earlier
   * one it republishes): the copy's approval will owe nothing, and the Getter will do the visit again for it.
   */
  republishPaid: (paid: { moveCode: string; transactionDate: string; operationCode: string | null }) =>
    `El Getter ya cobró esta visita con la move ${paid.moveCode} (${paymentOf(paid)}): la copia no generará un pago nuevo.`,
} as const;

/** What a visit (the stock's "pedido") may be: published for the Getters, taken by a move, or published again after a cancellation. */
export const VISIT_STATE = { PUBLICADA: 'PUBLICADA', TOMADA: 'TOMADA', PUBLICADA_POR_CANCELACION: 'PUBLICADA_POR_CANCELACION' } as const;
export type VisitState = (typeof VISIT_STATE)[keyof typeof VISIT_STATE];

/** Where each stock state lives: two are move statuses, two are states of a published visit. */
export const STOCK_SOURCE: Record<StockState, { kind: 'move'; status: MoveStatus } | { kind: 'visit'; state: VisitState }> = {
  Asignada: { kind: 'move', status: 'ASIGNADA' },
  Disponible: { kind: 'move', status: 'DISPONIBLE' },
  Publicada: { kind: 'visit', state: 'PUBLICADA' },
  'Publicada por Cancelación': { kind: 'visit', state: 'PUBLICADA_POR_CANCELACION' },
};

/** How a visit's state reads in the stock ('Publicada', 'Publicada por Cancelación', 'Tomada'); a move's is its status label. */
export const VISIT_STATE_LABEL: Record<VisitState, string> = { PUBLICADA: 'Publicada', TOMADA: 'Tomada', PUBLICADA_POR_CANCELACION: 'Publicada por Cancelación' };

/** A move a Getter holds and has not finished: its visit is taken, and the Getter answers for it. */
export const IN_COURSE: readonly MoveStatus[] = ['ASIGNADA', 'INICIADA', 'PAUSADA', 'EN_REVISION', 'DEVUELTA'];

/**
 * The Getter's side (the mobile app, not this console): a Getter sends its own move for review
 * from these statuses; a returned move goes back for review once corrected.
 */
export const SUBMITTABLE: readonly MoveStatus[] = ['ASIGNADA', 'INICIADA', 'PAUSADA', 'DEVUELTA'];

export function submitRefusal(state: { status: MoveStatus; userId: number | null }, getterId: number): string | null {
  if (state.userId !== getterId) return MOVE_TEXT.notYours;
  if (!SUBMITTABLE.includes(state.status)) return `No se puede realizar esta acción sobre una move ${statusWord(state.status)}.`;
  return null;
}

/**
 * Whether the answers under review are a rescue's, the only ones whose photos are not required (spec 2
 * §5): the move went to review by a rescue (`rescueUserId`) and its Getter has not sent it since. The
 * Getter's send clears `rescueUserId`, so a rescued move returned and sent again is reviewed as sent.
 */
export const rescuedReview = (move: { rescueUserId: number | null }): boolean => move.rescueUserId !== null;

/** Statuses that lock the agent selector (spec 2 §4). */
export const AGENT_LOCKED: readonly MoveStatus[] = ['APROBADA', 'DESAPROBADA', 'RECHAZADA', 'DEVUELTA', 'CANCELADA'];

const statusWord = (status: MoveStatus) => MOVE_STATUS_LABEL[status].toLowerCase();

/** Whether `role` may do `action` on a move in `state`: null when allowed, else the Spanish reason. */
export function refusal(action: MoveAction, state: MoveState, role: UserRole): string | null {
  if (!isAdmin(role) && !(role !== null && REVIEWERS.includes(role))) return MOVE_TEXT.forbidden;
  const rule = TRANSITIONS[action];
  if (!rule.from.includes(state.status)) return `No se puede realizar esta acción sobre una move ${statusWord(state.status)}.`;
  if (rule.needsAgent && state.assignedAgentId === null) return MOVE_TEXT.noAgent;
  if (action === 'republish' && state.republished) return MOVE_TEXT.alreadyRepublished;
  if (action === 'republish' && state.projectEnded) return MOVE_TEXT.projectEndedRepublish;
  if (action === 'reschedule' && state.projectEnded) return MOVE_TEXT.projectEndedReschedule;
  if (action === 'rescue' && state.hasGetter === false) return MOVE_TEXT.rescueNoGetter;
  if (action === 'republish' && state.hasGetter === false) return MOVE_TEXT.republishNoGetter;
  if (action === 'republish' && state.getterActive === false) return MOVE_TEXT.republishGetterGone;
  return null;
}

export const allowedActions = (state: MoveState, role: UserRole): MoveAction[] =>
  (Object.keys(TRANSITIONS) as MoveAction[]).filter((action) => refusal(action, state, role) === null);

/** Video links (spec 2 §9): a link ending dl=0 shows with raw=1 and downloads with dl=1. */
export const videoViewUrl = (url: string) => url.replace(/dl=0$/, 'raw=1');
export const videoDownloadUrl = (url: string) => url.replace(/dl=0$/, 'dl=1');

/**
 * The downloaded photo's file name (spec 2 §9): move code, dimension, sub-dimension and question
 * numbers, question name and image number, .jpg.
 */
export function photoFileName(code: string, dimension: number, subDimension: number, question: number, questionName: string, image: number): string {
  const name = questionName
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^A-Za-z0-9]+/g, '_')
    .replace(/^_|_$/g, '')
    .slice(0, 60);
  return `${code}_${dimension}-${subDimension}-${question}_${name}_${image}.jpg`;
}


/**
 * The reason of the status the move is in: a rescued cancelled move, or a returned one sent again, keeps
 * its old reason in its columns, which no longer explains an approved or in-review move.
 */
export function statusReason(move: { statusId: string; rejectionReason: string | null; disapprovedReason: string | null; returnReason: string | null; cancelReason: string | null }): string | null {
  switch (move.statusId) {
    case 'RECHAZADA':
      return move.rejectionReason;
    case 'DESAPROBADA':
      return move.disapprovedReason;
    case 'DEVUELTA':
      return move.returnReason;
    case 'CANCELADA':
      return move.cancelReason;
    default:
      return null;
  }
}
