/** The shapes the Moves API answers (spec 2 §3 and "Payload shapes for Moves"), shared by server and console. */
import type { MoveReplies } from './move-replies';
import type { MoveStatus } from './moves';
import type { Dimension } from './questionnaires';

/** A row of `GET /user-moves/get/all`. */
export interface MoveListRow {
  id: number;
  code: string;
  clientLocationName: string;
  userFullName: string | null;
  statusName: string;
  statusId: MoveStatus;
  hasAttachments: boolean;
  assignedAgentFullName: string | null;
  projectsName: string;
  campaignsClientName: string | null;
  createdAt: string;
}

/**
 * `GET /user-moves/get/all`: a page and the count of the filter. Past 1,000 matching moves the count is
 * the database's estimate and `countEstimated` is true (docs/decisions.md, "Conteos a escala").
 */
export interface MoveListPage {
  rows: MoveListRow[];
  count: number;
  countEstimated?: true;
}

export interface PersonRef {
  id: number;
  fullName: string;
}

export interface MoveAttachment {
  id: number;
  type: 'image' | 'audio' | 'video' | string;
  name: string;
  duration_in_seconds: number | null;
  /** A signed link of our file store (valid one hour) or the external link. */
  download_link: string;
  createdAt: string;
}

/** The payment a Getter already got for a visit, through an earlier move of it (the one a copy republishes). */
export interface PaidVisit {
  transactionId: number;
  moveId: number;
  moveCode: string;
  amount: string;
  transactionDate: string;
  operationCode: string | null;
}

/**
 * `POST /user-moves/accept-one`'s answer: the move, the PENDING transaction it created, or (none
 * created) the earlier payment of the same visit that stands for it.
 */
export type ApproveAnswer = MoveDetail & { transaction: { id: number; amount: string } | null; paidBefore: PaidVisit | null };

/** `GET /user-moves/get/code?code=` and `GET /user-moves/get?id=`. */
export interface MoveDetail {
  id: number;
  code: string;
  status: { id: MoveStatus; name: string };
  statusId: MoveStatus;
  /** Optimistic concurrency: send it back with every action. */
  version: number;
  hasAttachments: boolean;
  /** `motiveId`: the bank's motive a rejection, disapproval or return was given with. */
  user_move_status_logs: { id: number; status: string; statusName: string; createdAt: string; finishedAt: string | null; reason: string | null; motiveId: number | null; /** The bank's name of `motiveId`. */ motiveName: string | null; userFullName: string | null }[];
  assignedAgentId: number | null;
  assignedAgent: PersonRef | null;
  userId: number | null;
  /** The Getter; `active`: still an active Getter (a republished copy goes to it). */
  user: (PersonRef & { active: boolean }) | null;
  rescueUserId: number | null;
  userMoveVideoLink: string | null;
  userMoveAudio: MoveAttachment | null;
  attachments: MoveAttachment[];
  returnReason: string | null;
  disapprovedReason: string | null;
  rejectionReason: string | null;
  cancelReason: string | null;
  editReason: string | null;
  finishAnalysisDate: string | null;
  startAuditDate: string | null;
  completedAuditDate: string | null;
  dueTo: string | null;
  createdAt: string;
  questionnaireResult: number | null;
  /** A republished copy of this move exists (republish is allowed once). */
  republished: boolean;
  /** The Getter was already paid for it (a disapproval keeps that payment). */
  paid: boolean;
  /**
   * On a rejected or disapproved move (one that may be republished): the payment its Getter already got
   * for the visit, this move's or an earlier one's it republishes. A copy's approval owes nothing then
   * (see `paidBefore`). Null otherwise.
   */
  paidVisit: PaidVisit | null;
  /** The code of that copy, to go to it from this move. */
  republishedCopyCode: string | null;
  republishedFromId: number | null;
  /** Whether an agent already saved an edited version of the answers. */
  editedByAgent: boolean;
  projectLocation: {
    id: number;
    locations: {
      id: number;
      fullName: string;
      clientLocationName: string;
      client_location_id: string | null;
      street: string;
      city: string | null;
      state: string | null;
      openingHours: string;
      closingHours: string;
      observation: string | null;
    };
    projects: {
      id: number;
      name: string;
      startDate: string | null;
      endDate: string | null;
      price: string | null;
      guideline: { id: number; name: string; generalitiesImg: string | null } | null;
      campaigns: { id: number; name: string; client: { id: number; name: string } | null } | null;
      client: { id: number; name: string } | null;
    };
  };
}

/** `GET /questionnaires-replyeds/get` and `GET /questionnaireRepliedByAgent`. */
export interface AnsweredQuestionnaire {
  /** Null while nobody answered (a rescued move that never reached review). */
  id: number | null;
  userMoveId: number;
  questionnaire: { id: number | null; name: string; version: number | null; versionId: number | null; dimensions: Dimension[] };
  replies: MoveReplies;
  questionnaireResult: number | null;
  reason: string | null;
  questionnarieReviewReason: string | null;
  editByAgent: boolean;
  updatedAt: string;
}

/** A row of the stock (`GET /user-moves/stock-moves-report`): a published visit or a move. */
export interface StockRow {
  /** 'v:<visit id>' or 'm:<move id>': the stable key (and the keyset cursor). */
  key: string;
  kind: 'visit' | 'move';
  id_pedido: number | null;
  id_move: string | null;
  userMoveId: number | null;
  id_operativo: number;
  auditor: string | null;
  estado_actual: string;
  agente_asignado: string | null;
  proyecto: string;
  cliente: string | null;
  project_location_id: number;
  punto_de_venta: string;
  ciudad: string | null;
  fecha_limite: string | null;
  /** Its project ended (the end date passed): listed, but nothing of it can be assigned any more. */
  proyectoFinalizado?: boolean;
  /** Its point of sale was deactivated: listed, but no Getter is sent there (the server refuses it). */
  puntoDeVentaInactivo?: boolean;
}

/** The stock export's extra columns (spec 3 §3 "stock report adds…"). */
export interface StockReportRow extends StockRow {
  campania: string | null;
  codigo_punto_de_venta: string | null;
  fecha_visita: string | null;
  fechas: Record<'publicada' | 'asignada' | 'cancelada' | 'iniciada' | 'en_revision' | 'rechazada' | 'aprobada' | 'desaprobada', string | null>;
  motivo: string | null;
  link: string | null;
  audio: boolean;
  video: string | null;
  imagenes: number;
  ultima_carga: string | null;
  duracion_segundos: number | null;
}

/** A row of the performance report (`GET /user-moves/report`): an approved move. */
export interface PerformanceRow {
  id: number;
  code: string;
  userMoveVideoLink: string | null;
  questionnaireResult: number | null;
  clientName: string | null;
  campaignName: string | null;
  projectName: string;
  locationName: string;
  clientLocationName: string;
  /** The client's own code of the point of sale ('Código de Locación del Cliente'), as the stock and the client's report show it. */
  clientLocationId: string | null;
  getterName: string | null;
  agentName: string | null;
  approvedAt: string | null;
  startAuditDate: string | null;
  completedAuditDate: string | null;
  answers?: { dimension: string; subDimension: string; question: string; type: string; reply: string; weighting: number | null; commentary: string | null }[];
}
