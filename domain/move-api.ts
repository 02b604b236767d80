/** The shapes the Moves API answers (spec 2 §3 and "Payload shapes for Moves"), shared by server and console. */
import { z } from 'zod';
import { day, idFullName, idName, moment, money, paged, recordId } from './answers';
import { type MoveReplies, repliesAnswer } from './move-replies';
import { MOVE_STATUSES } from './moves';
import { type Dimension, dimensionAnswer } from './questionnaires';

const moveStatus = z.enum(MOVE_STATUSES);

/** A row of `GET /user-moves/get/all`. */
export const moveListRow = z.object({
  id: recordId,
  code: z.string(),
  clientLocationName: z.string(),
  userFullName: z.string().nullable(),
  statusName: z.string(),
  statusId: moveStatus,
  hasAttachments: z.boolean(),
  assignedAgentFullName: z.string().nullable(),
  projectsName: z.string(),
  campaignsClientName: z.string().nullable(),
  createdAt: moment,
});
export type MoveListRow = z.infer<typeof moveListRow>;

/**
 * `GET /user-moves/get/all`: a page and the count of the filter. Past 1,000 matching moves the count is
 * the database's estimate and `countEstimated` is true (docs/decisions.md, "Conteos a escala").
 */
export const moveListAnswer = paged(moveListRow).extend({ countEstimated: z.literal(true).optional() });
export type MoveListPage = z.infer<typeof moveListAnswer>;

export type PersonRef = z.infer<typeof idFullName>;

const moveAttachment = z.object({
  id: recordId,
  /** 'image', 'audio' or 'video'. */
  type: z.string(),
  name: z.string(),
  duration_in_seconds: z.number().nullable(),
  /** A signed link of our file store (valid one hour) or the external link. */
  download_link: z.string(),
  createdAt: moment,
});
export type MoveAttachment = z.infer<typeof moveAttachment>;

/** The payment a Getter already got for a visit, through an earlier move of it (the one a copy republishes). */
const paidVisit = z.object({
  transactionId: recordId,
  moveId: recordId,
  moveCode: z.string(),
  amount: money,
  transactionDate: moment,
  operationCode: z.string().nullable(),
});
export type PaidVisit = z.infer<typeof paidVisit>;

/**
 * `POST /user-moves/accept-one`'s answer: the move, the PENDING transaction it created, or (none
 * created) the earlier payment of the same visit that stands for it.
 */
export type ApproveAnswer = z.infer<typeof approveAnswer>;

/** `GET /user-moves/get/code?code=` and `GET /user-moves/get?id=`. */
export const moveDetailAnswer = z.object({
  id: recordId,
  code: z.string(),
  status: z.object({ id: moveStatus, name: z.string() }),
  statusId: moveStatus,
  /** Optimistic concurrency: send it back with every action. */
  version: z.number().int(),
  hasAttachments: z.boolean(),
  /** `motiveId`: the bank's motive a rejection, disapproval or return was given with; `motiveName`, its name. */
  user_move_status_logs: z.array(
    z.object({
      id: recordId,
      status: z.string(),
      statusName: z.string(),
      createdAt: moment,
      finishedAt: moment.nullable(),
      reason: z.string().nullable(),
      motiveId: recordId.nullable(),
      motiveName: z.string().nullable(),
      userFullName: z.string().nullable(),
    }),
  ),
  assignedAgentId: recordId.nullable(),
  assignedAgent: idFullName.nullable(),
  userId: recordId.nullable(),
  /** The Getter; `active`: still an active Getter (a republished copy goes to it). */
  user: idFullName.extend({ active: z.boolean() }).nullable(),
  rescueUserId: recordId.nullable(),
  userMoveVideoLink: z.string().nullable(),
  userMoveAudio: moveAttachment.nullable(),
  attachments: z.array(moveAttachment),
  returnReason: z.string().nullable(),
  disapprovedReason: z.string().nullable(),
  rejectionReason: z.string().nullable(),
  cancelReason: z.string().nullable(),
  editReason: z.string().nullable(),
  finishAnalysisDate: moment.nullable(),
  startAuditDate: moment.nullable(),
  completedAuditDate: moment.nullable(),
  dueTo: day.nullable(),
  createdAt: moment,
  questionnaireResult: z.number().nullable(),
  /** A republished copy of this move exists (republish is allowed once). */
  republished: z.boolean(),
  /** The Getter was already paid for it (a disapproval keeps that payment). */
  paid: z.boolean(),
  /**
   * On a rejected or disapproved move (one that may be republished): the payment its Getter already got
   * for the visit, this move's or an earlier one's it republishes. A copy's approval owes nothing then
   * (see `paidBefore`). Null otherwise.
   */
  paidVisit: paidVisit.nullable(),
  /** The code of that copy, to go to it from this move. */
  republishedCopyCode: z.string().nullable(),
  republishedFromId: recordId.nullable(),
  /** Whether an agent already saved an edited version of the answers. */
  editedByAgent: z.boolean(),
  projectLocation: z.object({
    id: recordId,
    locations: z.object({
      id: recordId,
      fullName: z.string(),
      clientLocationName: z.string(),
      client_location_id: z.string().nullable(),
      street: z.string(),
      city: z.string().nullable(),
      state: z.string().nullable(),
      openingHours: z.string(),
      closingHours: z.string(),
      observation: z.string().nullable(),
    }),
    projects: z.object({
      id: recordId,
      name: z.string(),
      startDate: day.nullable(),
      endDate: day.nullable(),
      price: money.nullable(),
      guideline: idName.extend({ generalitiesImg: z.string().nullable() }).nullable(),
      campaigns: idName.extend({ client: idName.nullable() }).nullable(),
      client: idName.nullable(),
    }),
  }),
});
export type MoveDetail = z.infer<typeof moveDetailAnswer>;

/**
 * A move's 'Fecha de visita', as every screen and file of the console names it: when the Getter finished the
 * visit (`completedAuditDate`, the date the reports and the dashboard filter and count it by), else when they
 * started it (a visit not finished yet, or a rescued one).
 */
export const visitDateOf = (move: { startAuditDate: string | null; completedAuditDate: string | null }): string | null => move.completedAuditDate ?? move.startAuditDate;
/** `POST /user-moves/accept-one` (`ApproveAnswer`). */
export const approveAnswer = moveDetailAnswer.extend({ transaction: z.object({ id: recordId, amount: money }).nullable(), paidBefore: paidVisit.nullable() });

/** `POST /user-moves/submit`: the Getter's move as it went to review, scored. */
export const submitAnswer = moveDetailAnswer.pick({ id: true, code: true, statusId: true, version: true, questionnaireResult: true });

/** `GET /questionnaires-replyeds/get` and `GET /questionnaireRepliedByAgent`. */
export const answeredQuestionnaireAnswer = z.object({
  /** Null while nobody answered (a rescued move that never reached review). */
  id: recordId.nullable(),
  userMoveId: recordId,
  questionnaire: z.object({ id: recordId.nullable(), name: z.string(), version: z.number().int().nullable(), versionId: recordId.nullable(), dimensions: z.array(dimensionAnswer) }),
  replies: repliesAnswer,
  questionnaireResult: z.number().nullable(),
  reason: z.string().nullable(),
  questionnarieReviewReason: z.string().nullable(),
  editByAgent: z.boolean(),
  updatedAt: moment,
});
type Answered = z.infer<typeof answeredQuestionnaireAnswer>;
/** The answer as the server builds it and the console reads it: the version's tree and the replies with their own types. */
export type AnsweredQuestionnaire = Omit<Answered, 'questionnaire' | 'replies'> & { questionnaire: Omit<Answered['questionnaire'], 'dimensions'> & { dimensions: Dimension[] }; replies: MoveReplies };

/** A row of the stock (`GET /user-moves/stock-moves-report`): a published visit or a move. */
export const stockRow = z.object({
  /** 'v:<visit id>' or 'm:<move id>': the stable key (and the keyset cursor). */
  key: z.string(),
  kind: z.enum(['visit', 'move']),
  id_pedido: recordId.nullable(),
  id_move: z.string().nullable(),
  userMoveId: recordId.nullable(),
  id_operativo: recordId,
  auditor: z.string().nullable(),
  estado_actual: z.string(),
  agente_asignado: z.string().nullable(),
  proyecto: z.string(),
  cliente: z.string().nullable(),
  project_location_id: recordId,
  punto_de_venta: z.string(),
  ciudad: z.string().nullable(),
  fecha_limite: day.nullable(),
  /** Its project ended (the end date passed): listed, but nothing of it can be assigned any more. */
  proyectoFinalizado: z.boolean().optional(),
  /** Its point of sale was deactivated: listed, but no Getter is sent there (the server refuses it). */
  puntoDeVentaInactivo: z.boolean().optional(),
});
export type StockRow = z.infer<typeof stockRow>;

/**
 * `GET /user-moves/stock-moves-report`: a page of the stock; the total only with the first page (null
 * after it), `next` the key of the page after. With `full`, each row adds the report's columns and
 * `ahead` the key of the page after the next.
 */
export const stockAnswer = z.object({
  rows: z.array(stockRow.loose()),
  count: z.number().int().min(0).nullable(),
  next: z.string().nullable(),
  ahead: z.string().nullable().optional(),
  countEstimated: z.literal(true).optional(),
});

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
export const performanceRow = z.object({
  id: recordId,
  code: z.string(),
  userMoveVideoLink: z.string().nullable(),
  questionnaireResult: z.number().nullable(),
  clientName: z.string().nullable(),
  campaignName: z.string().nullable(),
  projectName: z.string(),
  locationName: z.string(),
  clientLocationName: z.string(),
  /** The client's own code of the point of sale ('Código de Locación del Cliente'), as the stock and the client's report show it. */
  clientLocationId: z.string().nullable(),
  getterName: z.string().nullable(),
  agentName: z.string().nullable(),
  approvedAt: moment.nullable(),
  startAuditDate: moment.nullable(),
  completedAuditDate: moment.nullable(),
  answers: z
    .array(z.object({ dimension: z.string(), subDimension: z.string(), question: z.string(), type: z.string(), reply: z.string(), weighting: z.number().nullable(), commentary: z.string().nullable() }))
    .optional(),
});
export type PerformanceRow = z.infer<typeof performanceRow>;

/** `GET /user-moves/report`: a page of approved moves; the total is null when it pages by key (`after`). */
export const performanceAnswer = z.object({ rows: z.array(performanceRow), count: z.number().int().min(0).nullable() });

/** `POST /questionnaires-replyeds/amount-answers`: how many questions each asked move has answered. */
export const answeredCountsAnswer = z.array(z.object({ userMoveId: recordId, amount: z.number().int() }));

/** The moves an assignment of published visits created, one per visit. */
const createdMoves = z.array(z.object({ id: recordId, code: z.string(), projectLocationId: recordId, userId: recordId, visitId: recordId }));
/** `POST /user-moves/massive-locations`. */
export const visitsAssignedAnswer = z.object({ created: createdMoves });
/** `PUT /user-moves/massive`: the moves given the agent (or the Getter, with the visits it took), and those left as they were. */
export const massiveAssignAnswer = z.object({
  updated: z.number().int(),
  skipped: z.number().int(),
  skippedIds: z.array(recordId),
  agent: idFullName.optional(),
  getter: idFullName.optional(),
  created: createdMoves.optional(),
});
