/**
 * Projects (spec 3 §2–§9): the form's fields with their Spanish messages and the rules that depend
 * on the chosen campaign and move configuration, on today and, in EDIT, on the stored project.
 * The console's form and the server check the same rules.
 */
import { z } from 'zod';
import { day, idName, moment, money, paged, recordId } from './answers';
import { formatCount } from './numbers';
import { distinctRanges, isoDate, MAX_RANGES, RANGE_TEXT, sortRanges, totalVisits, type VisitRange, visitRangeSchema } from './projectVisits';
import { dateValue, formatDisplayDate, id, MSG, optionalText, optionalWithin, pickedId, textOr, todayIso, trimText, tooLongFor } from './validation';

export const MAX_PROJECT_LOCATIONS = 5000;
export const MAX_PROJECT_VISITS = 200_000;

/** "1 locación", "1.500 locaciones". */
const locationCount = (n: number) => `${formatCount(n)} ${n === 1 ? 'locación' : 'locaciones'}`;
/** "Se agregará 1 locación y se quitarán 2 locaciones": each count with its own verb and noun. */
const locationsChange = (added: number, removed: number) =>
  `Se ${added === 1 ? 'agregará' : 'agregarán'} ${locationCount(added)} y se ${removed === 1 ? 'quitará' : 'quitarán'} ${locationCount(removed)}`;

export const PROJECT_TEXT = {
  /** Under 'Campaña' when the chosen client has none a project may use (enabled, not ended). */
  noCampaign: 'El cliente no tiene campañas vigentes: créelas en Campañas › Banco de campañas.',
  selectClient: 'Seleccione un cliente',
  /** Under 'Requiere aprobación automática': what the flag does (server/services/moves/review.ts, `autoApproved`). */
  autoApprovalHelp:
    'Una move que el Getter envía completa, con su agente de calidad asignado, queda aprobada al llegar y genera su pago. Una devuelta o republicada, o con preguntas obligatorias del agente, pasa por revisión.',
  /** Under 'Campo remoto' once the project exists. */
  remoteLocked: 'No puede cambiarse después de creado el proyecto.',
  /** Under the fields that wait for the client (its campaigns, move configurations and guidelines). */
  clientFirst: 'Elija primero el cliente',
  /** Under 'Cuestionario' until the move configuration (its questionnaire type) is chosen. */
  configurationFirst: 'Elija primero la configuración de move',
  noLocations: 'Debes ingresar las locaciones para este proyecto.',
  noRanges: 'Debes ingresar rangos de fechas de visitas antes de crear un proyecto.',
  // The spec's wording, kept as written (it means "the end cannot be before the start").
  endBeforeStart: 'La fecha de finalización del proyecto no puede ser posterior a la fecha de inicio',
  reasonRequired: 'Debe completar el motivo de la edición para continuar.',
  saveFailed: 'No se han podido completar los cambios.',
  startBeforeToday: 'La fecha de inicio no puede ser anterior a hoy.',
  endBeforeToday: 'La fecha de finalización no puede ser anterior a hoy.',
  startBeforeCampaign: (iso: string) => `La fecha de inicio no puede ser anterior al inicio de la campaña (${formatDisplayDate(iso)}).`,
  endAfterCampaign: (iso: string) => `La fecha de finalización no puede ser posterior al fin de la campaña (${formatDisplayDate(iso)}).`,
  pastLocked: 'El proyecto finalizó: sólo puede extenderse su fecha de finalización.',
  /** A finished project whose campaign ends when it does (or before): no later end date would pass. */
  campaignEndedToo: (iso: string) => `Su campaña finaliza el ${formatDisplayDate(iso)}: para extender el proyecto, extienda primero la fecha de finalización de la campaña.`,
  extensionNotLater: 'La nueva fecha de finalización debe ser posterior a la actual.',
  remoteFixed: 'La opción Campo remoto no puede cambiarse después de creado el proyecto.',
  clientFixed: 'El cliente de un proyecto no puede cambiarse.',
  /** Its moves were made with them: the project's reports and payments would mix two of each. */
  fixedWithMoves: 'El proyecto ya tiene moves: no puede cambiarse.',
  tooManyVisits: `Un proyecto no puede superar las ${formatCount(MAX_PROJECT_VISITS)} visitas.`,
  tooManyLocations: `Un proyecto admite hasta ${formatCount(MAX_PROJECT_LOCATIONS)} locaciones.`,
  notFound: 'El proyecto no existe.',
  created: 'Proyecto creado con éxito',
  updated: 'Cambios guardados con éxito',
  locationsTitle: 'Agregar/Quitar locaciones',
  /** Beside a location of the project that has moves: its box stays ticked. */
  locationTaken: 'con moves: no se puede quitar',
  locationsConfirm: 'Confirmar cambios',
  locationsDoneTitle: 'Operación exitosa:',
  locationsDone: 'Las modificaciones se han realizado correctamente.',
  atLeastOneLocation: 'Seleccione al menos una locación.',
  /** The visit calendar's last column: the visits over all the project's locations. */
  calendarTotal: (locations: number) => `Visitas totales (${locationCount(locations)})`,
  /** Beside 'Confirmar cambios', and its confirmation. */
  locationsChange: (added: number, removed: number) => `${locationsChange(added, removed)}.`,
  locationsChangeConfirm: (added: number, removed: number) =>
    `${locationsChange(added, removed)} del proyecto. Las locaciones quitadas pierden sus visitas publicadas.`,
  /** A duplicate's locations section. */
  duplicatedLocations: (n: number) =>
    `${n === 1 ? 'Se copiará la locación' : `Se copiarán las ${formatCount(n)} locaciones`} del proyecto original. Luego podrá agregar o quitar locaciones desde la edición del proyecto.`,
  /** A copy takes only the active points of sale: a project cannot be created with an inactive one. */
  inactiveNotCopied: (n: number) =>
    n === 1 ? 'Una locación del proyecto original está inactiva y no se copia.' : `${formatCount(n)} locaciones del proyecto original están inactivas y no se copian.`,
  noActiveToCopy: 'Ninguna locación del proyecto original está activa: no hay locaciones para copiar.',
} as const;

/** When a project is, by its dates and today (spec 3: status, values not shown). */
export const PROJECT_STATE = { UPCOMING: 'PROXIMO', RUNNING: 'EN_CURSO', ENDED: 'FINALIZADO' } as const;
export type ProjectState = (typeof PROJECT_STATE)[keyof typeof PROJECT_STATE];
export const PROJECT_STATE_LABEL: Record<ProjectState, string> = { PROXIMO: 'Próximo', EN_CURSO: 'En curso', FINALIZADO: 'Finalizado' };

export const isPastProject = (endDate: string, today = todayIso()) => endDate < today;
export function projectState(p: { startDate: string; endDate: string }, today = todayIso()): ProjectState {
  if (isPastProject(p.endDate, today)) return PROJECT_STATE.ENDED;
  return p.startDate > today ? PROJECT_STATE.UPCOMING : PROJECT_STATE.RUNNING;
}

/** A price as typed ('1500', '1500,5', '1500.50') or sent (1500.5): its exact decimal text, or the rule's message. */
export function parsePrice(value: unknown): { price: string } | { error: string } {
  if (value === null || value === undefined) return { error: MSG.required };
  const text = typeof value === 'number' ? (Number.isFinite(value) ? String(value) : '?') : typeof value === 'string' ? value.trim() : '?';
  if (text === '') return { error: MSG.required };
  if (!/^-?\d+([.,]\d+)?$/.test(text)) return { error: MSG.number };
  const [int, dec = ''] = text.replace('-', '').split(/[.,]/);
  if (text.startsWith('-') || /^0*$/.test(int + dec)) return { error: MSG.positive };
  if (dec.length > 2 || int.replace(/^0+(?=\d)/, '').length > 10) return { error: MSG.amount };
  return { price: `${BigInt(int)}.${dec.padEnd(2, '0')}` };
}

const text = (max: number) => textOr(MSG.required).overwrite(trimText).min(1, MSG.required).max(max, tooLongFor(max));

/**
 * Valid prices come out as exact decimal text, empty ones as null; the rules judge the rest of the
 * texts and numbers. Any other value (a list, an object, a boolean) is no price at all: refused here,
 * since its text ('1,2' for [1, 2]) could pass for one.
 */
const priceField = z
  .unknown()
  .optional()
  .transform((v, ctx): string | null => {
    const parsed = parsePrice(v);
    if ('price' in parsed) return parsed.price;
    if (v === undefined || v === null || (typeof v === 'string' && !v.trim())) return null;
    if (typeof v === 'string' || typeof v === 'number') return String(v);
    ctx.addIssue({ code: 'custom', message: MSG.number });
    return z.NEVER;
  });

const fields = {
  name: text(150),
  clientId: pickedId(PROJECT_TEXT.selectClient),
  campaignId: pickedId(MSG.required),
  moveConfigurationId: pickedId(MSG.required),
  questionnaireId: pickedId(MSG.required),
  guidelineId: pickedId(MSG.required),
  startDate: dateValue,
  endDate: dateValue,
  price: priceField,
  mandatoryProduct: text(300),
  alternativeProduct: optionalText,
  audioAttachment: z.boolean().default(false),
  campoRemote: z.boolean().default(false),
  autoApprovalRequired: z.boolean().default(false),
  rangeDate: z
    .array(visitRangeSchema, { error: PROJECT_TEXT.noRanges })
    .min(1, PROJECT_TEXT.noRanges)
    .max(MAX_RANGES, MSG.tooLong)
    // The console's own check ('Añadir rango', sameRange): a repeated range would double its visits.
    .refine((ranges) => distinctRanges(ranges).length === ranges.length, RANGE_TEXT.repeated)
    .transform((ranges) => sortRanges(ranges)),
};

const locationsField = z
  .array(id, { error: PROJECT_TEXT.noLocations })
  .min(1, PROJECT_TEXT.noLocations)
  .max(MAX_PROJECT_LOCATIONS, PROJECT_TEXT.tooManyLocations)
  .transform((ids) => [...new Set(ids)]);

const reasonField = optionalWithin(1000).pipe(z.string().max(1000, tooLongFor(1000)).nullable()).meta({ maxLength: 1000 });

/** POST /projects. */
export const projectCreateBody = z.object({ ...fields, locations: locationsField });
export type ProjectCreate = z.output<typeof projectCreateBody>;

/**
 * PUT /projects: the project's id, its fields and, when extending a past project, the reason. A flag
 * (or the alternative product) not sent keeps its stored value (the default `false` is only the creation's): a rename that left
 * them out dropped the audio attachment and the automatic approval, and read a remote project as
 * changed.
 */
export const projectUpdateBody = z.object({
  id,
  ...fields,
  audioAttachment: z.boolean().optional(),
  campoRemote: z.boolean().optional(),
  autoApprovalRequired: z.boolean().optional(),
  // Likewise the alternative product: not sent, kept; sent empty, cleared.
  alternativeProduct: optionalText.optional(),
  updateReason: reasonField,
});
export type ProjectUpdate = z.output<typeof projectUpdateBody>;

/** Errors of rules with no input of their own: shown in the error dialog (form and server alike). */
export const PROJECT_DIALOG_FIELDS = ['locations', 'rangeDate', 'dates'] as const;

/** What EDIT compares against: the stored project's fields. */
export interface ProjectSnapshot {
  name: string;
  clientId: number;
  campaignId: number;
  moveConfigurationId: number;
  questionnaireId: number;
  guidelineId: number;
  startDate: string;
  endDate: string;
  price: string | null;
  mandatoryProduct: string;
  alternativeProduct: string | null;
  audioAttachment: boolean;
  campoRemote: boolean;
  autoApprovalRequired: boolean;
  rangeDate: VisitRange[];
}

export interface RuleContext {
  mode: 'ADD' | 'EDIT';
  /** The chosen campaign's dates (null while none is chosen). */
  campaign: { startDate: string; endDate: string } | null;
  /** Whether the price is required: `priceRequired` (an ended project's is locked instead). */
  priced: boolean;
  /** EDIT: the stored project and how many locations it has. */
  original?: ProjectSnapshot;
  locationsCount?: number;
  /** EDIT: the project has moves (any state): its move configuration and questionnaire stay. */
  withMoves?: boolean;
  today?: string;
}

export interface Issue {
  path: string;
  message: string;
}

const normalized = (key: keyof ProjectSnapshot, value: unknown): unknown => {
  if (key === 'startDate' || key === 'endDate') return isoDate(value) ?? value;
  if (key === 'price') {
    const parsed = parsePrice(value);
    return 'price' in parsed ? parsed.price : value === '' || value === undefined ? null : value;
  }
  if (key === 'rangeDate') {
    const ranges = Array.isArray(value) ? (value as VisitRange[]) : [];
    return JSON.stringify(distinctRanges(ranges.map((r) => ({ from: isoDate(r.from) ?? r.from, to: isoDate(r.to) ?? r.to, visits: Number(r.visits) }))));
  }
  // An id as a number, also written as text ('5' is 5).
  if (['clientId', 'campaignId', 'moveConfigurationId', 'questionnaireId', 'guidelineId'].includes(key)) return value === null || value === '' ? null : Number(value);
  if (typeof value === 'string') return trimText(value) || null;
  return value ?? null;
};

/** The fields of `value` that differ from the stored project (the end date and reason aside). */
export function changedFields(original: ProjectSnapshot, value: Partial<Record<keyof ProjectSnapshot, unknown>>, except: (keyof ProjectSnapshot)[] = ['endDate']): (keyof ProjectSnapshot)[] {
  return (Object.keys(original) as (keyof ProjectSnapshot)[]).filter(
    (key) => !except.includes(key) && key in value && normalized(key, value[key]) !== normalized(key, original[key]),
  );
}

type Loose = Partial<Record<keyof ProjectSnapshot | 'locations' | 'updateReason', unknown>>;

/** Every rule that depends on the context; a rule runs only once its own inputs are valid. */
export function projectIssues(value: Loose, ctx: RuleContext): Issue[] {
  const issues: Issue[] = [];
  const today = ctx.today ?? todayIso();
  const original = ctx.mode === 'EDIT' ? ctx.original : undefined;
  const past = original !== undefined && isPastProject(original.endDate, today);
  const start = isoDate(value.startDate);
  const end = isoDate(value.endDate);
  const ranges = Array.isArray(value.rangeDate) ? (value.rangeDate as VisitRange[]) : [];

  if (original) {
    if (value.clientId !== undefined && normalized('clientId', value.clientId) !== original.clientId) issues.push({ path: 'clientId', message: PROJECT_TEXT.clientFixed });
    if (value.campoRemote !== undefined && Boolean(value.campoRemote) !== original.campoRemote) issues.push({ path: 'campoRemote', message: PROJECT_TEXT.remoteFixed });
    // Its moves answer this questionnaire (each its version) under this configuration's rules and price:
    // another would split the project's reports in two. A new version of the same questionnaire is how
    // it changes (the next moves answer it).
    if (ctx.withMoves) {
      for (const key of ['moveConfigurationId', 'questionnaireId'] as const) {
        if (value[key] !== undefined && normalized(key, value[key]) !== original[key]) issues.push({ path: key, message: PROJECT_TEXT.fixedWithMoves });
      }
    }
  }

  if (past && original) {
    // A past project is locked: only its end date may move, later, with a reason.
    for (const key of changedFields(original, value, ['endDate', 'clientId', 'campoRemote'])) issues.push({ path: key, message: PROJECT_TEXT.pastLocked });
    if (end && end !== original.endDate) {
      if (end <= original.endDate) issues.push({ path: 'endDate', message: PROJECT_TEXT.extensionNotLater });
      else if (end < today) issues.push({ path: 'endDate', message: PROJECT_TEXT.endBeforeToday });
      else if (ctx.campaign && end > ctx.campaign.endDate) issues.push({ path: 'endDate', message: PROJECT_TEXT.endAfterCampaign(ctx.campaign.endDate) });
      if (typeof value.updateReason !== 'string' || !value.updateReason.trim()) issues.push({ path: 'updateReason', message: PROJECT_TEXT.reasonRequired });
    }
    return issues;
  }

  // After the lock: an ended project keeps its price as stored, none included (a configuration without price).
  // Outside ADD the field shows even when not required: one written must still be a price.
  const written = value.price !== undefined && value.price !== null && !(typeof value.price === 'string' && !value.price.trim());
  if (ctx.priced || (ctx.mode === 'EDIT' && written)) {
    const price = parsePrice(value.price);
    if ('error' in price) issues.push({ path: 'price', message: price.error });
  }

  // Each date's own bounds are said as soon as it is valid, the other one written or not (a past start was
  // said only once an end was typed); their order and the ranges need both.
  const campaignChanged = original !== undefined && normalized('campaignId', value.campaignId) !== original.campaignId;
  if (start) {
    const startChanged = start !== original?.startDate;
    if (start < today && startChanged) issues.push({ path: 'startDate', message: PROJECT_TEXT.startBeforeToday });
    else if (ctx.campaign && start < ctx.campaign.startDate && (startChanged || campaignChanged)) {
      issues.push({ path: 'startDate', message: PROJECT_TEXT.startBeforeCampaign(ctx.campaign.startDate) });
    }
  }
  if (end) {
    const endChanged = end !== original?.endDate;
    if (end < today && endChanged) issues.push({ path: 'endDate', message: PROJECT_TEXT.endBeforeToday });
    else if (ctx.campaign && end > ctx.campaign.endDate && (endChanged || campaignChanged)) {
      issues.push({ path: 'endDate', message: PROJECT_TEXT.endAfterCampaign(ctx.campaign.endDate) });
    }
  }
  if (start && end) {
    if (end < start) issues.push({ path: 'dates', message: PROJECT_TEXT.endBeforeStart });
    const valid = ranges.map((r) => ({ from: isoDate(r.from), to: isoDate(r.to) }));
    if (valid.some((r) => r.from && r.to && r.to < r.from)) issues.push({ path: 'rangeDate', message: RANGE_TEXT.order });
    else if (valid.some((r) => r.from && r.to && (r.from < start || r.to > end))) issues.push({ path: 'rangeDate', message: RANGE_TEXT.outside });
    // A range added now (not one the project already had, which may have passed) cannot end before today.
    else if (ranges.some((r, i) => valid[i].to && valid[i].to! < today && !original?.rangeDate.some((o) => o.from === valid[i].from && o.to === valid[i].to && o.visits === Number(r.visits)))) {
      issues.push({ path: 'rangeDate', message: RANGE_TEXT.past });
    }
  }

  const locations = ctx.mode === 'ADD' ? (Array.isArray(value.locations) ? new Set(value.locations).size : 0) : (ctx.locationsCount ?? 0);
  const counts = ranges.map((r) => Number(r.visits));
  if (counts.every((n) => Number.isInteger(n) && n > 0) && totalVisits(ranges, locations) > MAX_PROJECT_VISITS) issues.push({ path: 'rangeDate', message: PROJECT_TEXT.tooManyVisits });
  return issues;
}

/** The issues as zod issues, for the form's resolver. */
function addIssues(issues: Issue[], ctx: z.RefinementCtx) {
  for (const issue of issues) ctx.addIssue({ code: 'custom', path: [issue.path], message: issue.message });
}

/**
 * Whether a project's price is required: when its move configuration is priced (first category 1), and
 * on edit also when it has one already. The field shows on every edit (spec 3 §4), but a project of a
 * configuration without price, saved without one, is renamed without making one up (a price would
 * start paying its approvals).
 */
export const priceRequired = (configurationPriced: boolean, storedPrice?: string | null): boolean => configurationPriced || (storedPrice !== undefined && storedPrice !== null);

/** The form's own values: the chosen campaign's dates and whether the price is required, kept in the form. */
const formContext = {
  campaign: z.object({ startDate: z.string(), endDate: z.string() }).nullable().default(null),
  priced: z.boolean().default(false),
};

/** The ADD form (new and duplicate): the fields, the locations and the rules of the chosen campaign. */
export const projectAddFormSchema = z
  .object({ ...fields, locations: locationsField, ...formContext })
  .superRefine((v, ctx) => addIssues(projectIssues(v, { mode: 'ADD', campaign: v.campaign, priced: v.priced }), ctx), { when: () => true });

/**
 * The EDIT form of a stored project with `locationsCount` locations (`withMoves`: it has moves): the price
 * shows (spec 3 §4), required by `priceRequired`.
 */
export const projectEditFormSchema = (original: ProjectSnapshot, locationsCount: number, withMoves = false) =>
  z
    .object({ ...fields, updateReason: reasonField.optional(), ...formContext })
    .superRefine((v, ctx) => addIssues(projectIssues(v, { mode: 'EDIT', campaign: v.campaign, priced: v.priced, original, locationsCount, withMoves }).filter((i) => i.path !== 'updateReason'), ctx), {
      when: () => true,
    });

/** PUT /projects/locations: the project and the complete list of its locations after the change. */
export const projectLocationsBody = z.object({
  id,
  locations: z
    .array(id, { error: PROJECT_TEXT.atLeastOneLocation })
    .min(1, PROJECT_TEXT.atLeastOneLocation)
    .max(MAX_PROJECT_LOCATIONS, PROJECT_TEXT.tooManyLocations)
    .transform((ids) => [...new Set(ids)]),
});

/** A project as GET /projects/:id answers it. */
export interface ProjectRecord extends ProjectSnapshot {
  id: number;
  /** `taken`: a move holds one of the range's visits, so it cannot be removed. */
  rangeDate: (VisitRange & { taken?: boolean })[];
  /** Null only for a bare project written outside the API. */
  client: { id: number; name: string } | null;
  campaign: { id: number; name: string; startDate: string; endDate: string; deletedAt: string | null } | null;
  moveConfiguration: { id: number; name: string; category: number[] } | null;
  questionnaire: { id: number; name: string } | null;
  /** `sequenceId` names the guideline across its versions (a copy takes its current one). */
  guideline: { id: number; name: string; version: number; sequenceId: number } | null;
  status: ProjectState;
  updateReason: string | null;
  locationsCount: number;
  /** It has moves (any state): its move configuration and questionnaire can no longer change. */
  withMoves: boolean;
  visits: { total: number; available: number; taken: number };
  locations: ProjectLocationRow[];
  createdAt: string;
  updatedAt: string;
}

export interface ProjectLocationRow {
  /** The project location's id (what moves point to). */
  id: number;
  locationId: number;
  clientLocationId: string | null;
  fullName: string;
  street: string;
  city: string | null;
  state: string | null;
  /** The point of sale is active (one deactivated since it joined the project is still listed). */
  active: boolean;
  visits: number;
  availableVisits: number;
  /** A move was made of it, or one of its visits is taken: the project keeps it. */
  taken: boolean;
  /** Its visit ranges (the project's, repeated per location). */
  ranges: { id: number; from: string; to: string; visits: number }[];
  /** The Getters holding its moves in course (`IN_COURSE`), by name, with how many each. */
  getters: { id: number; name: string; moves: number }[];
}

/** `GET /projects/expired-project-update-reason`: the last extension, null when the project was never extended. */
export const projectUpdateLogAnswer = z
  .object({
    id: recordId,
    projectId: recordId,
    user: z.object({ id: recordId, names: z.string(), lastName: z.string() }).nullable(),
    createdAt: moment,
    oldExpirationDate: day,
    newExpirationDate: day,
    updateReason: z.string(),
  })
  .nullable();
export type ProjectUpdateLog = NonNullable<z.infer<typeof projectUpdateLogAnswer>>;

/** `GET /projects/locations-by-client/:id/ids`: every point of sale of the filter ('Seleccionar todas'). */
export const projectLocationIdsAnswer = z.object({ ids: z.array(recordId) });

const visitRangeAnswer = z.object({ from: day, to: day, visits: z.number().int() });
const projectStatus = z.enum(Object.values(PROJECT_STATE) as [ProjectState, ...ProjectState[]]);

/** A row of `GET /projects` (and what creating or editing a project answers). */
export const projectRowAnswer = z.object({
  id: recordId,
  name: z.string(),
  clientId: recordId,
  campaignId: recordId,
  startDate: day,
  endDate: day,
  price: money.nullable(),
  campoRemote: z.boolean(),
  createdAt: moment,
  updatedAt: moment,
  locationsCount: z.number().int(),
  availableVisits: z.number().int(),
  client: idName.nullable(),
  campaign: idName.nullable(),
  moveConfiguration: z.object({ name: z.string() }).nullable(),
  status: projectStatus,
});
export const projectListAnswer = paged(projectRowAnswer);

/** `PUT /projects/locations`: how many points of sale went in and out, and the visits published for the new ones. */
export const projectLocationsSavedAnswer = z.object({ id: recordId, added: z.number().int(), removed: z.number().int(), locationsCount: z.number().int(), visits: z.number().int(), updatedAt: moment });

/** `GET /projects/:id` (`ProjectRecord`). */
export const projectAnswer = z.object({
  id: recordId,
  name: z.string(),
  clientId: recordId,
  campaignId: recordId,
  moveConfigurationId: recordId,
  questionnaireId: recordId,
  guidelineId: recordId,
  startDate: day,
  endDate: day,
  price: money.nullable(),
  mandatoryProduct: z.string(),
  alternativeProduct: z.string().nullable(),
  audioAttachment: z.boolean(),
  campoRemote: z.boolean(),
  autoApprovalRequired: z.boolean(),
  /** `taken`: a move holds one of the range's visits, so it cannot be removed. */
  rangeDate: z.array(visitRangeAnswer.extend({ taken: z.boolean() })),
  locationsCount: z.number().int(),
  withMoves: z.boolean(),
  client: idName.nullable(),
  campaign: idName.extend({ startDate: day, endDate: day, deletedAt: moment.nullable() }).nullable(),
  moveConfiguration: idName.extend({ category: z.array(z.number().int()) }).nullable(),
  questionnaire: idName.nullable(),
  guideline: idName.extend({ version: z.number().int(), sequenceId: recordId }).nullable(),
  status: projectStatus,
  updateReason: z.string().nullable(),
  visits: z.object({ total: z.number().int(), available: z.number().int(), taken: z.number().int() }),
  locations: z.array(
    z.object({
      id: recordId,
      locationId: recordId,
      clientLocationId: z.string().nullable(),
      fullName: z.string(),
      street: z.string(),
      active: z.boolean(),
      city: z.string().nullable(),
      state: z.string().nullable(),
      visits: z.number().int(),
      availableVisits: z.number().int(),
      /** A move was made of it, or one of its visits is taken: the project keeps it (saving without it is refused). */
      taken: z.boolean(),
      getters: z.array(z.object({ id: recordId, name: z.string(), moves: z.number().int() })),
      ranges: z.array(visitRangeAnswer.extend({ id: recordId })),
    }),
  ),
  createdAt: moment,
  updatedAt: moment,
});

/** `GET /projects/locations-by-client/:id`: a client's points of sale to pick, and whether each is in the project. */
export const projectLocationChoicesAnswer = paged(
  z.object({
    id: recordId,
    clientLocationId: z.string().nullable(),
    fullName: z.string(),
    street: z.string(),
    city: z.string().nullable(),
    state: z.string().nullable(),
    country: z.string().nullable(),
    status: z.boolean(),
    inProject: z.boolean(),
    otherProjects: z.string().nullable(),
  }),
);
