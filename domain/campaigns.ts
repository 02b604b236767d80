/** Campaigns (spec 3 §2–§5): a client's period of work, disabled while deletedAt is set. */
import { z } from 'zod';
import { day, idName, moment, paged, recordId } from './answers';
import { dateValue, documentedAs, formatDisplayDate, id, MSG, pickedId, requiredText, todayIso } from './validation';
import { formatCount } from './numbers';

export const CAMPAIGN_TEXT = {
  notFound: 'La campaña no existe.',
  clientNotFound: 'El cliente no existe.',
  clientInactive: 'El cliente está inactivo.',
  /** Its projects' form picks a campaign of the client by its name: two of one name could not be told apart. */
  duplicate: 'Ya existe una campaña de ese cliente con ese nombre.',
  clientLocked: 'La campaña está asignada a proyectos: no se puede cambiar su cliente.',
  clientLockedHint: (n: number) => `Asignada a ${formatCount(n)} ${n === 1 ? 'proyecto' : 'proyectos'}: no se puede cambiar su cliente.`,
  endBeforeStart: 'La fecha de finalización no puede ser anterior a la fecha de inicio.',
  pastDate: 'La fecha no puede ser anterior a hoy.',
  /** Its projects' dates are bound by the campaign's (spec 3 §4): moved past one of theirs, it names it. */
  startAfterProjects: (iso: string, project: string) =>
    `La fecha de inicio no puede ser posterior al inicio de sus proyectos: «${project}» empieza el ${formatDisplayDate(iso)}.`,
  endBeforeProjects: (iso: string, project: string) =>
    `La fecha de finalización no puede ser anterior al fin de sus proyectos: «${project}» termina el ${formatDisplayDate(iso)}.`,
  onlyNull: 'Sólo admite null, que la vuelve a habilitar (para inhabilitarla use DELETE).',
  nothingToChange: 'Indique los datos de la campaña, o deletedAt null para habilitarla.',
  enabled: 'Activa',
  disabled: 'Inactiva',
  created: 'Campaña creada con éxito',
  updated: 'Cambios guardados con éxito',
  toggleTitle: 'Confirmación',
  toggleQuestion: (enable: boolean) =>
    enable ? 'Está a punto de habilitar esta campaña. ¿Desea continuar?' : 'Está a punto de inhabilitar esta campaña. ¿Desea continuar?',
} as const;

const clientId = pickedId(MSG.required);

const fields = {
  name: requiredText(150),
  clientId,
  startDate: dateValue,
  endDate: dateValue,
};

const ISO = /^\d{4}-\d{2}-\d{2}$/;

interface Dates {
  startDate: string;
  endDate: string;
}

/**
 * The date rules: the end not before the start; no date before today, except, on edit, a date
 * left as it was (a running campaign keeps its past start).
 */
export function dateIssues(value: Partial<Dates>, original?: Dates, today = todayIso()): { path: keyof Dates; message: string }[] {
  const issues: { path: keyof Dates; message: string }[] = [];
  const valid = (key: keyof Dates) => ISO.test(String(value[key]));
  // Each date is judged as soon as it is a date: a past start shows before the end is typed.
  for (const key of ['startDate', 'endDate'] as const) {
    if (valid(key) && value[key]! < today && value[key] !== original?.[key]) issues.push({ path: key, message: CAMPAIGN_TEXT.pastDate });
  }
  if (valid('startDate') && valid('endDate') && value.endDate! < value.startDate! && !issues.some((i) => i.path === 'endDate')) {
    issues.push({ path: 'endDate', message: CAMPAIGN_TEXT.endBeforeStart });
  }
  return issues;
}

const withDateRules = <T extends Partial<Dates>>(original?: Dates) => (value: T, ctx: z.RefinementCtx) => {
  for (const issue of dateIssues(value, original)) ctx.addIssue({ code: 'custom', path: [issue.path], message: issue.message });
};
/** The date rules run once either date is valid, even while other fields still have errors. */
const whenDatesValid = {
  when: ({ value }: { value: unknown }) => ISO.test(String((value as Partial<Dates>)?.startDate)) || ISO.test(String((value as Partial<Dates>)?.endDate)),
};

/** Add form and POST /campaigns: every field required, no past dates, end not before start. */
export const campaignSchema = z.object(fields).superRefine(withDateRules(), whenDatesValid);
export type CampaignInput = z.output<typeof campaignSchema>;

/** Edit form of a campaign whose stored dates are `original`. */
export const campaignEditSchema = (original: Dates) => z.object(fields).superRefine(withDateRules(original), whenDatesValid);

const deletedAtNull = z.null({ error: CAMPAIGN_TEXT.onlyNull });
const enableSchema = z.object({ id, deletedAt: deletedAtNull });
const updateSchema = z.object({ id, ...fields, deletedAt: deletedAtNull.optional() });

/** A PUT body with only id and deletedAt enables the campaign again; any other is an edit. */
const isEnableBody = (body: unknown) =>
  typeof body === 'object' && body !== null && 'deletedAt' in body && Object.keys(body).every((key) => key === 'id' || key === 'deletedAt');

/**
 * PUT /campaigns: id plus fields (the server checks the dates against the stored ones), or id and
 * deletedAt null (spec 3 §4). Each kind reports its own field errors.
 */
export const campaignUpdateSchema = documentedAs(
  z
    .unknown()
    .transform((body, ctx): z.output<typeof updateSchema> | z.output<typeof enableSchema> => {
      const result = (isEnableBody(body) ? enableSchema : updateSchema).safeParse(body);
      if (result.success) return result.data;
      for (const issue of result.error.issues) ctx.addIssue({ code: 'custom', path: issue.path, message: issue.message });
      return z.NEVER;
    })
    .describe('{ id, name, clientId, startDate, endDate } para editar, o { id, deletedAt: null } para habilitarla de nuevo'),
  z.union([updateSchema, enableSchema]),
);
export type CampaignUpdate = z.output<typeof campaignUpdateSchema>;

export interface Campaign {
  id: number;
  name: string;
  clientId: number;
  client: { id: number; name: string } | null;
  startDate: string;
  endDate: string;
  createdAt: string;
  updatedAt: string;
  /** Null while enabled. */
  deletedAt: string | null;
  /**
   * How many projects use it, in the answers about one campaign (not in lists): while any does,
   * its client cannot change (their references would point to another client's campaign).
   */
  projectsCount?: number;
}

export const campaignState = (c: { deletedAt: string | null }) => (c.deletedAt === null ? CAMPAIGN_TEXT.enabled : CAMPAIGN_TEXT.disabled);

/** A campaign as the API answers it (`projectsCount` only in the answers about one campaign). */
export const campaignAnswer = z.object({
  id: recordId,
  name: z.string(),
  clientId: recordId,
  client: idName.nullable(),
  startDate: day,
  endDate: day,
  createdAt: moment,
  updatedAt: moment,
  deletedAt: moment.nullable(),
  projectsCount: z.number().int().optional(),
});
export const campaignListAnswer = paged(campaignAnswer);

/** `GET /campaigns/client/:id` and `/campaigns/client/active/:id`: a client's campaigns, whole. */
export const clientCampaignsAnswer = z.array(campaignAnswer);
