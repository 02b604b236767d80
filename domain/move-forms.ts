/**
 * The forms of the Moves screens (spec 2 §5): the review dialogs, the list's filters and export,
 * the assignments and the reports, with their literal Spanish messages. The server validates the
 * action bodies with the same rules.
 */
import { z } from 'zod';
import { repliesBody } from './move-replies';
import { MOVE_STATUSES, STOCK_STATES } from './moves';
import { formatCount } from './numbers';
import { dateValue, id, idSaying, idsUpTo, INVALID_ID, limitParam, MAX_ID, MAX_TEXT, offsetParam, isWebLink, orderParam, parseDisplayDate, textOr, trimText } from './validation';

export const MOVE_FORM_TEXT = {
  agentOrGetter: 'Asigne el agente de calidad o el auditor, uno por vez.',
  /** A Getter gets the moves or visits named one by one; a filter would be dropped without a word. */
  filterToGetter: 'A un Getter se le asignan moves o visitas elegidas una por una: el filtro solo vale para asignar un agente de calidad.',
  /** Under the agent selector while the review is being edited: changing the agent reloads the move. */
  agentWhileEditing: 'Guarde o cancele la edición para cambiar el agente.',
  required: 'Campo requerido',
  fieldRequired: 'Este campo es requerido',
  oneChange: 'Envíe el agente de calidad o el enlace del video, no ambos: son dos cambios distintos.',
  urlSpaces: 'La URL no puede contener espacios',
  tooShort: 'El campo es demasiado corto',
  tooLong: 'El campo es demasiado largo',
  emptyVideo: 'No dejes el campo vacío',
  storedVideo: 'Ese enlace es el de un archivo de la move y vence en una hora: indique el enlace permanente del video.',
  /** A move's video (the Getter's, the approval's, the edited one): staff and the client open it, so it must be a web address. */
  videoNotWeb: 'El enlace del video debe ser una dirección web (http:// o https://).',
  flagOne: 'Seleccione al menos una pregunta a devolver',
  /** A question the Getter's app does not show (an agent's own): the Getter could not correct it. */
  notForGetter: (label: string) => `La pregunta ${label} no la ve el Getter: no se le puede devolver.`,
  /** Beside such a question in the return, where it has no checkbox. */
  hiddenFromGetter: 'No la ve el Getter',
  bothDates: 'Seleccione ambas fechas para filtrar.',
  /** 'Adjuntos mínimos' typed as no whole number ('2.5', '-1', 'tres'): it was read as another one ('25', '1') without a word. */
  minimumAttachments: 'Debe ser un número entero mayor o igual a 0.',
  visitsToGetter: 'Las visitas publicadas se asignan a un Getter, no a un agente de calidad.',
  lostCursor: 'La move desde la que se pidió la página ya no existe. Vuelva a la primera página.',
  /** A list's status filter that is none of the domain's. */
  invalidStatus: 'Estado inválido',
  notPhotoQuestion: 'La pregunta no es de fotos: no tiene fotos que quitar.',
  oneCursor: 'Pida la página después de una move o antes de otra, no las dos cosas.',
  endBeforeStart: 'La fecha de fin no puede ser anterior a la fecha de inicio.',
  fileName: 'Por favor seleccione un nombre',
  fileNameChars: 'Solo letras, números y guiones',
  pickAgent: '* Debe seleccionar un agente de calidad',
  /** The list's 'Sin agente' with an agent as well: no move is both. */
  agentOrWithout: 'Filtre por un agente de calidad o por las moves sin agente, no por las dos cosas.',
  withoutAgentValue: "'withoutAgent' debe ser true o false.",
  pickAuditor: 'Debe seleccionar un auditor para asignar la move',
  pickMove: 'Debe seleccionar al menos una move',
  stockState: 'Algunas de las moves seleccionadas no están en el estado requerido para asignar (Asignada, Disponible, Publicada, Publicada por Cancelación)',
  stockFilter: 'Estado de stock desconocido: los estados son Asignada, Disponible, Publicada y Publicada por Cancelación.',
  pickClient: 'Seleccione al menos un Cliente para filtrar.',
  /** `statuses=` sent empty: no state is no filter to read as every state (leave the parameter out for them all). */
  pickStockState: 'Seleccione al menos un estado para filtrar: Asignada, Disponible, Publicada o Publicada por Cancelación.',
  /** A sort asked of the full export, which pages by key in the stock's own order. */
  stockSortPaged: 'El stock se ordena por columna solo en la lista paginada (sin full ni after).',
  /** A filter's client that is no client: the API's words for it ('El cliente no existe.'), naming which of several. */
  unknownClients: (ids: number[], of: number) =>
    of === 1 ? 'El cliente no existe.' : ids.length === 1 ? `El cliente ${ids[0]} no existe.` : `Los clientes ${ids.join(', ')} no existen.`,
  /** A report's project of none of its clients. */
  projectOfOtherClient: (clients: number) => (clients === 1 ? 'El proyecto no es del cliente elegido.' : 'El proyecto no es de ninguno de los clientes elegidos.'),
  /** A list of clients with a part that names none ('1,2,abc'): refused whole, not reported without it. */
  badClientList: 'Los clientes deben ser identificadores numéricos separados por comas.',
  exportFailed: 'Ha ocurrido un error al intentar generar el archivo.',
  /** The list export's dialog: how many moves the file will have (one in the singular, an estimate as such). */
  willExport: (n: number, estimated = false) =>
    estimated
      ? `Se exportarán aprox. ${formatCount(n)} moves del filtro a un archivo .xls.`
      : n === 1
        ? 'Se exportará 1 move del filtro a un archivo .xls.'
        : `Se exportarán las ${formatCount(n)} moves del filtro a un archivo .xls.`,
  /** An export whose list had no row: no file of headers alone is downloaded. */
  nothingToExport: {
    moves: 'No hay moves para exportar con estos filtros: no se generó ningún archivo.',
    stock: 'No hay moves ni visitas en stock para exportar: no se generó ningún archivo.',
    performance: 'No hay moves aprobadas para exportar con estos filtros: no se generó ningún archivo.',
  },
  imageDownload: 'Error al descargar la imagen',
  outsideProject: (from: string, to: string) => `Las fechas deben estar dentro del período del proyecto (${from} al ${to}).`,
  assigning: (name: string) => `Estas asignando a ${name}`,
  reviewedBefore: 'Esta move ya fue revisada anteriormente. ¿Desea guardar los cambios?',
  photoReason: 'Indique el motivo para quitar una foto de una move aprobada.',
} as const;

const T = MOVE_FORM_TEXT;

/** Whether a text has something to read: a character that is no space, control or format character. */
export const readable = (text: string): boolean => /[^\s\p{Cc}\p{Cf}]/u.test(text);

/** An optional reason as it is kept: trimmed, or null when it says nothing (absent, spaces, control characters). */
export const keptReason = (text: string | null | undefined): string | null => (text && readable(text) ? text.trim() : null);

/**
 * A reason (reject, return, disapprove, cancel, edit): required, up to 2000 characters. One of control
 * characters only (U+0001…) says nothing to the Getter nor in the history: it is as missing as spaces.
 */
export const reason = textOr(T.required)
  .overwrite(trimText)
  .min(1, T.required)
  .max(MAX_TEXT, T.tooLong)
  .refine((v) => v.length === 0 || readable(v), T.required);
/**
 * A reason that may be absent (an edit in review, a photo removed), trimmed as `reason` trims it: one the
 * console let through is never refused here for the spaces or invisible characters at its ends.
 */
const optionalReason = z.string().overwrite(trimText).max(MAX_TEXT, T.tooLong).nullish();
/** A reason's first problem ('Campo requerido', 'El campo es demasiado largo'), or undefined. */
export const reasonProblem = (text: string): string | undefined => reason.safeParse(text).error?.issues[0]?.message;

/**
 * A link the API hands out to a file of a move (`/api/files/…?exp=&sig=`): signed for an hour, so it is
 * no link to keep as a move's video.
 */
export const isStoredFileLink = (link: string): boolean => /^(?:https?:\/\/[^/]+)?\/api\/files\//i.test(link.trim());

/**
 * A video link's first problem, or null: no spaces, 5 to 250 characters (counted as a person counts them:
 * an accent or an emoji is one), not an expiring file link, and a web address the move's screens can open
 * ('www.…' or 'javascript:…' passed the spec's rules and was approved, then shown as plain text, with no
 * link: 'Editado', the client's visit). One message each: a short or spaced link keeps the spec's own.
 */
export function videoUrlProblem(v: string): string | null {
  if (/\s/.test(v)) return T.urlSpaces;
  const characters = [...v].length;
  if (characters < 5) return T.tooShort;
  if (characters > 250) return T.tooLong;
  if (isStoredFileLink(v)) return T.storedVideo;
  return isWebLink(v) ? null : T.videoNotWeb;
}

/** What the API document says of a video link, which `videoUrlProblem` checks. */
const VIDEO_URL_DOC = { minLength: 5, maxLength: 250, pattern: '^[hH][tT][tT][pP][sS]?://' };

/**
 * A video link's rules past its emptiness, which is told apart: an empty one is only that. (Not `abort`,
 * which in zod 4 would skip the rules of the body around it too.)
 */
const videoUrlRules = (v: string, ctx: z.RefinementCtx) => {
  const problem = v.trim() === '' ? null : videoUrlProblem(v);
  if (problem) ctx.addIssue({ code: 'custom', message: problem });
};

/**
 * The approval's video URL: required (spaces alone are none), then `videoUrlProblem` (not trimmed: a space
 * around a link is refused).
 */
export const approveVideoUrl = z
  .string({ error: T.fieldRequired })
  .refine((v) => v.trim() !== '', T.fieldRequired)
  .superRefine(videoUrlRules)
  .meta(VIDEO_URL_DOC);

/** The edited video URL: trimmed, not empty, and the approval's rules on what is left (a web address too). */
export const editedVideoUrl = z.string({ error: T.emptyVideo }).trim().min(1, T.emptyVideo).superRefine(videoUrlRules).meta(VIDEO_URL_DOC);

/** The version of the move the user read: a newer one means someone else acted first (409). */
const version = z.coerce.number().int().min(1).max(2_147_483_647).optional();
const moveId = id;

export const approveBody = z.object({ id: moveId, userMoveVideoLink: approveVideoUrl, version });
/**
 * The motive of the bank the reason starts from (reject, disapprove, return): optional, active, and with
 * the reviewer's own comment beside its text when it requires one (domain/motives.ts motiveReasonProblem).
 */
const motiveId = id.nullish();
export const reasonBody = z.object({ id: moveId, projectLocationId: id.optional(), reason, motiveId, version });
export const returnBody = z.object({
  id: moveId,
  reason,
  motiveId,
  /** The ids of the questions marked to return. */
  questions: z.array(z.string().min(1).max(64)).max(3000).default([]).refine((q) => q.length > 0, T.flagOne),
  version,
});
export const rescueBody = z.object({ id: moveId, userId: id.optional(), version });
export const republishBody = z.object({ id: moveId, projectEndDate: dateValue.optional(), projectLocationId: id.optional(), version });
export const cancelBody = z.object({ id: moveId, projectLocationID: id.optional(), reason, version });
export const rescheduleBody = z.object({ userMoveId: moveId, projectEndDate: dateValue.optional(), projectLocationID: id.optional(), version });
/** `PUT /user-moves`: assign the quality agent, or replace the video link. */
export const editMoveBody = z
  .object({ id: moveId, assignedAgentId: id.nullable().optional(), userMoveVideoLink: editedVideoUrl.optional(), version })
  .refine((b) => b.assignedAgentId !== undefined || b.userMoveVideoLink !== undefined, { message: T.fieldRequired, path: ['assignedAgentId'] })
  // One change a call: with both, one of them was dropped without a word.
  .refine((b) => b.assignedAgentId === undefined || b.userMoveVideoLink === undefined, { message: T.oneChange, path: ['userMoveVideoLink'] });
export const deletePhotoBody = z.object({
  userMoveId: moveId,
  questionId: z.string().min(1).max(64),
  imageUrl: z.string().min(1).max(4000),
  index: z.coerce.number().int().min(0).max(1000),
  /** Why the photo goes: required on an approved move (`photoRemovalNeedsReason`). */
  reason: optionalReason,
  version,
});

/**
 * Removing a photo from an approved move changes what was approved, as 'Editar Move Aprobada' does: it
 * needs a reason, kept as the move's edit reason. In review the photo goes without one.
 */
export const photoRemovalNeedsReason = (status: string): boolean => status === 'APROBADA';
/** An agent's edit of the answers ('Guardar Cambios'); editing an approved move needs a reason. */
export const agentReplyBody = z.object({
  userMoveId: moveId,
  replies: repliesBody,
  reason: optionalReason,
  /** The agent confirmed saving with only photos missing ('¿Desea continuar de todos modos?'). */
  continueWithoutPhotos: z.boolean().default(false),
  version,
});
/** `PUT /user-moves/edit-one`: the same edit, addressed by the move (mark answered by agent). */
export const editOneBody = z.object({
  id: moveId,
  reason: optionalReason,
  questionnarieReplyedByAgent: z.object({ replies: repliesBody }),
  continueWithoutPhotos: z.boolean().default(false),
  version,
});
/** The Getter sends its move for review (the mobile side; here so the flow can be tried). */
export const submitBody = z.object({
  id: moveId,
  replies: repliesBody,
  // Staff open it from the move: a web address only (anything else was stored and shown as a link).
  userMoveVideoLink: z
    .string()
    .trim()
    .max(250, T.tooLong)
    .refine((v) => v === '' || isWebLink(v), T.videoNotWeb)
    .nullish(),
  version,
});

const idList = idsUpTo(100_000);
/** A published visit of a project location (a given one, or the location's next) to become a Getter's move. */
const visitItem = { projectLocationId: id, visitId: id.optional() };

/**
 * `PUT /user-moves/massive`: several moves to one quality agent, or stock moves to one Getter; with the
 * Getter, `locations` are published visits that become its moves in the same transaction (the stock
 * screen's selection, moves and visits, all or nothing).
 */
export const massiveBody = z
  .object({
    userMovesIds: idList.optional(),
    /** Every move of the list's filter instead of a list of ids. */
    filter: z.record(z.string(), z.unknown()).optional(),
    assignedAgentId: id.optional(),
    userId: id.optional(),
    locations: z.array(z.object(visitItem)).max(10_000).optional(),
  })
  .superRefine((b, ctx) => {
    // Neither named: visits go only to a Getter, so the stock screen's call is asked for its auditor, in its words.
    if (b.assignedAgentId === undefined && b.userId === undefined) {
      if (b.locations?.length) ctx.addIssue({ code: 'custom', path: ['userId'], message: T.pickAuditor });
      else ctx.addIssue({ code: 'custom', path: ['assignedAgentId'], message: T.pickAgent });
    }
    if (b.userId !== undefined && b.assignedAgentId === undefined && !b.userMovesIds?.length && !b.locations?.length) ctx.addIssue({ code: 'custom', path: ['userMovesIds'], message: T.pickMove });
    if (b.assignedAgentId !== undefined && b.locations?.length) ctx.addIssue({ code: 'custom', path: ['locations'], message: T.visitsToGetter });
    if (b.assignedAgentId !== undefined && !b.userMovesIds?.length && !b.filter) ctx.addIssue({ code: 'custom', path: ['userMovesIds'], message: T.pickMove });
    // The agent or the Getter (spec 2 §7): with both, the Getter was dropped without a word.
    if (b.assignedAgentId !== undefined && b.userId !== undefined) ctx.addIssue({ code: 'custom', path: ['userId'], message: T.agentOrGetter });
    else if (b.userId !== undefined && b.filter !== undefined) ctx.addIssue({ code: 'custom', path: ['filter'], message: T.filterToGetter });
  });

/** `POST /user-moves/massive-locations`: a published visit of each project location to a Getter. */
export const massiveLocationsBody = z
  .array(z.object({ ...visitItem, userId: idSaying(INVALID_ID, T.pickAuditor) }), { error: T.pickMove })
  .min(1, T.pickMove)
  .max(10_000);

/** The export's file name: required, letters, digits, underscore and hyphen. */
export const exportFileName = z
  .string({ error: T.fileName })
  .min(1, T.fileName)
  .max(100, T.tooLong)
  // Letters are Spanish ones too (ñ, á…): 'reporte_ñandú' is a name a user types.
  .regex(/^[\p{L}0-9_-]+$/u, T.fileNameChars);

/** 'Adjuntos mínimos' as typed: empty (any) or a whole number; else what is wrong with it. */
export function minimumAttachmentsProblem(text: string): string | null {
  const typed = text.trim();
  return !typed || /^\d+$/.test(typed) ? null : T.minimumAttachments;
}

/** Two dates typed DD/MM/YYYY: both or neither, the end not before the start. Gives ISO dates. */
export function dateRangeProblems(from: string, to: string): { from?: string; to?: string } {
  const a = from.trim();
  const b = to.trim();
  if (!a && !b) return {};
  if (!a || !b) return { [!a ? 'from' : 'to']: T.bothDates };
  const pa = parseDisplayDate(a);
  const pb = parseDisplayDate(b);
  if ('error' in pa || 'error' in pb) return { ...('error' in pa ? { from: pa.error } : {}), ...('error' in pb ? { to: pb.error } : {}) };
  return pb.date < pa.date ? { to: T.endBeforeStart } : {};
}

const isoDate = dateValue;

/** What the moves list filters by: its query without paging and sort, and a mass assignment's `filter`. */
const moveFilterFields = {
  campaignsClientId: id.optional(),
  projectsId: id.optional(),
  statusId: z.enum(MOVE_STATUSES as [string, ...string[]], { error: MOVE_FORM_TEXT.invalidStatus }).optional(),
  userId: id.optional(),
  assignedAgentId: id.optional(),
  /** 'Sin agente': only the moves no quality agent holds ('true' in the list's query, true in a mass assignment's filter). */
  withoutAgent: z
    .union([z.boolean(), z.enum(['true', 'false']).transform((v) => v === 'true')], { error: T.withoutAgentValue })
    .optional(),
  city: id.optional(),
  withMinimumAttachments: z.coerce.number().int().min(0).max(1000).optional(),
  code: z.string().trim().max(40).optional(),
  clientLocationName: z.string().trim().max(200).optional(),
  fromDate: isoDate.optional(),
  toDate: isoDate.optional(),
};

const checkDates = (q: { fromDate?: string; toDate?: string }, ctx: z.RefinementCtx) => {
  if (Boolean(q.fromDate) !== Boolean(q.toDate)) ctx.addIssue({ code: 'custom', path: [q.fromDate ? 'toDate' : 'fromDate'], message: T.bothDates });
  if (q.fromDate && q.toDate && q.toDate < q.fromDate) ctx.addIssue({ code: 'custom', path: ['toDate'], message: T.endBeforeStart });
};

/** The filter's rules across fields: the dates, and an agent or 'Sin agente' (with both, no move would match, or one was dropped). */
const checkFilter = (q: { fromDate?: string; toDate?: string; assignedAgentId?: number; withoutAgent?: boolean }, ctx: z.RefinementCtx) => {
  checkDates(q, ctx);
  if (q.withoutAgent && q.assignedAgentId !== undefined) ctx.addIssue({ code: 'custom', path: ['withoutAgent'], message: T.agentOrWithout });
};

/** The list's query (spec 2 "Payload shapes for Moves"). */
export const moveListQuery = z
  .object({
    offset: offsetParam,
    limit: limitParam(10),
    sort: z.string().max(40).optional(),
    order: orderParam.default('DESC'),
    ...moveFilterFields,
    /** Keyset paging: the page that follows this move (its id) in the list's order, or the one that precedes it. */
    after: id.optional(),
    before: id.optional(),
  })
  .superRefine((q, ctx) => {
    if (q.after !== undefined && q.before !== undefined) ctx.addIssue({ code: 'custom', path: ['before'], message: T.oneCursor });
    checkFilter(q, ctx);
  });
export type MoveListQuery = z.output<typeof moveListQuery>;

/**
 * A mass assignment's `filter`: the list's filters only, and nothing else. A key it does not know (a
 * typo, a sort) is refused: ignored, it would widen the filter to every move.
 */
export const moveFilter = z
  .strictObject(moveFilterFields)
  .superRefine(checkFilter);

/** The search box: a number (or 'M-123') searches by code, anything else by point of sale. */
export function searchFilter(text: string): { code?: string; clientLocationName?: string } {
  const t = text.trim();
  if (!t) return {};
  return /^(m-?)?\d+$/i.test(t) ? { code: t } : { clientLocationName: t };
}

/** The move id a code search means ('123', 'M-0000123'), or null when it is no code. */
export function codeToId(code: string): number | null {
  const m = /^(?:m-?)?(\d{1,10})$/i.exec(code.trim());
  if (!m) return null;
  const n = Number(m[1]);
  return n >= 1 && n <= 2_147_483_647 ? n : null;
}

/** The stock's columns the assignment screen sorts by, as its rows name them (`StockRow`). */
export const STOCK_SORTS = ['estado_actual', 'id_move', 'id_pedido', 'proyecto', 'cliente', 'punto_de_venta', 'ciudad', 'auditor', 'agente_asignado', 'fecha_limite'] as const;
export type StockSort = (typeof STOCK_SORTS)[number];

/** The stock query: statuses joined by comma (the four stock states), keyset or offset paging. */
export const stockQuery = z.object({
  offset: z.coerce.number().int().min(0).max(10_000_000).default(0),
  limit: z.coerce.number().int().min(1).max(5000).default(10),
  statuses: z
    .string()
    .max(500)
    .optional()
    .transform((v, ctx) => {
      const list = (v ?? '').split(',').map((s) => s.trim()).filter(Boolean);
      // Left out, every state; sent without any, a mistake (a screen with every state unticked asks nothing).
      if (v !== undefined && !list.length) {
        ctx.addIssue({ code: 'custom', message: T.pickStockState });
        return z.NEVER;
      }
      const bad = list.filter((s) => !(STOCK_STATES as readonly string[]).includes(s));
      if (bad.length) {
        ctx.addIssue({ code: 'custom', message: T.stockFilter });
        return z.NEVER;
      }
      return list as (typeof STOCK_STATES)[number][];
    }),
  clientId: id.optional(),
  projectId: id.optional(),
  /** Every move and visit with the report's columns (dates per state, attachments, deep link). */
  full: z.enum(['true', 'false']).optional().transform((v) => v === 'true'),
  /** Only what can be assigned: no row of a project that ended, nor of a point of sale made inactive. */
  assignable: z.enum(['true', 'false']).optional().transform((v) => v === 'true'),
  /** Keyset paging for the full export: the `next` of the previous page. */
  after: z
    .string()
    .regex(/^[vm]:\d{1,10}$/, 'Cursor inválido')
    .refine((v) => Number(v.slice(2)) <= MAX_ID, 'Cursor inválido')
    .optional(),
  /** The assignment screen's column to sort by (offset paging only); left out, the stock's own order. */
  sort: z.enum(STOCK_SORTS, { error: (issue) => `No se puede ordenar por "${String(issue.input)}".` }).optional(),
  order: orderParam.default('ASC'),
}).refine((q) => q.sort === undefined || (!q.full && q.after === undefined), { message: T.stockSortPaged, path: ['sort'] });

/** The performance report's filters: at least one client, both dates or neither. */
export const reportQuery = z
  .object({
    clientId: z
      // Missing, or not one text: the parameter repeated (`clientId=1&clientId=2`) is told the list's form.
      .string({ error: (issue) => (issue.input === undefined ? T.pickClient : T.badClientList) })
      .max(2000)
      .transform((v, ctx) => {
        // Empty places ('1,,2', a trailing comma) are skipped; a part that is no id refuses the list.
        const parts = v.split(',').map((s) => s.trim()).filter(Boolean);
        const ids = parts.map(Number);
        if (parts.some((part, i) => !/^\d+$/.test(part) || ids[i] < 1 || ids[i] > 2_147_483_647)) {
          ctx.addIssue({ code: 'custom', message: T.badClientList });
          return z.NEVER;
        }
        if (!ids.length) {
          ctx.addIssue({ code: 'custom', message: T.pickClient });
          return z.NEVER;
        }
        return ids;
      }),
    projectId: id.optional(),
    fromDate: isoDate.optional(),
    toDate: isoDate.optional(),
    offset: z.coerce.number().int().min(0).max(10_000_000).default(0),
    limit: z.coerce.number().int().min(1).max(500).default(50),
    /** Keyset: the moves after this one, in id order (the export's pages); the count comes without it. */
    after: id.optional(),
    /** With the answers of every question (the export); the screen's page does without. */
    withAnswers: z.enum(['true', 'false']).optional().transform((v) => v === 'true'),
  })
  .superRefine((q, ctx) => {
    if (Boolean(q.fromDate) !== Boolean(q.toDate)) ctx.addIssue({ code: 'custom', path: [q.fromDate ? 'toDate' : 'fromDate'], message: T.bothDates });
    if (q.fromDate && q.toDate && q.toDate < q.fromDate) ctx.addIssue({ code: 'custom', path: ['toDate'], message: T.endBeforeStart });
  });
