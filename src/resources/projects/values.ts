import { isPastProject, type ProjectRecord, type ProjectSnapshot } from '../../../domain/projects';
import type { VisitRange } from '../../../domain/projectVisits';
import { pricedCategory } from '../../../domain/movesConfig';
import { formatDisplayDate, MAX_ID, todayIso } from '../../../domain/validation';

export const ROOT = '/projects-campo';
export const RESOURCE = 'projects-campo';

/** A project id as an address writes it: a whole number from 1 up, or null when no project can have it ('abc', '0', '1.5'). */
export function projectIdOf(text: string | null | undefined): number | null {
  if (!text || !/^\d{1,10}$/.test(text)) return null;
  const n = Number(text);
  return n > 0 && n <= MAX_ID ? n : null;
}

/** The form's values. Dates are typed (DD/MM/YYYY); the visit ranges hold ISO dates. */
export interface ProjectValues extends Record<string, unknown> {
  name: string;
  clientId: number | null;
  campaignId: number | null;
  moveConfigurationId: number | null;
  questionnaireId: number | null;
  guidelineId: number | null;
  startDate: string;
  endDate: string;
  price: string;
  mandatoryProduct: string;
  alternativeProduct: string;
  audioAttachment: boolean;
  campoRemote: boolean;
  autoApprovalRequired: boolean;
  rangeDate: VisitRange[];
  /** ADD only: the chosen location ids. */
  locations?: number[];
  /** The chosen campaign's dates and whether the price applies: the rules read them. */
  campaign: { startDate: string; endDate: string } | null;
  priced: boolean;
}

export const emptyProject = (): ProjectValues => ({
  name: '',
  clientId: null,
  campaignId: null,
  moveConfigurationId: null,
  questionnaireId: null,
  guidelineId: null,
  startDate: '',
  endDate: '',
  price: '',
  mandatoryProduct: '',
  alternativeProduct: '',
  audioAttachment: false,
  campoRemote: false,
  autoApprovalRequired: false,
  rangeDate: [],
  locations: [],
  campaign: null,
  priced: false,
});

const shown = (iso: string | null | undefined) => (iso ? formatDisplayDate(iso) : '');
const priceText = (price: string | null) => (price === null ? '' : price.replace('.', ','));

/** A stored project as the EDIT / VIEW form's values. */
export function toValues(p: ProjectRecord): ProjectValues {
  return {
    name: p.name,
    clientId: p.clientId,
    campaignId: p.campaignId,
    moveConfigurationId: p.moveConfigurationId,
    questionnaireId: p.questionnaireId,
    guidelineId: p.guidelineId,
    startDate: shown(p.startDate),
    endDate: shown(p.endDate),
    price: priceText(p.price),
    mandatoryProduct: p.mandatoryProduct,
    alternativeProduct: p.alternativeProduct ?? '',
    audioAttachment: p.audioAttachment,
    campoRemote: p.campoRemote,
    autoApprovalRequired: p.autoApprovalRequired,
    rangeDate: p.rangeDate,
    campaign: p.campaign ? { startDate: p.campaign.startDate, endDate: p.campaign.endDate } : null,
    priced: true,
  };
}

/** Ranges as the project holds them: a stored range's `taken` is what the server said of it, not part of the project. */
const plainRanges = (ranges: readonly VisitRange[]): VisitRange[] => ranges.map(({ from, to, visits }) => ({ from, to, visits }));

/** The name a copy of a project starts with. */
export const copyName = (name: string) => `${name} (copia)`;

/**
 * A copy of a project for 'duplicate' (ADD): the same fields and active locations (a project cannot be
 * created with an inactive one, and the copy has no table to take it out); its dates and visit ranges
 * only while they have not started yet. The form then renames it (copyName), which makes it a change
 * that can be saved.
 */
export function toDuplicate(p: ProjectRecord): ProjectValues {
  const upcoming = p.startDate >= todayIso();
  return {
    ...toValues(p),
    startDate: upcoming ? shown(p.startDate) : '',
    endDate: upcoming ? shown(p.endDate) : '',
    // A copy's ranges are new: none has a visit taken.
    rangeDate: upcoming ? plainRanges(p.rangeDate) : [],
    locations: p.locations.filter((l) => l.active).map((l) => l.locationId),
    priced: pricedCategory(p.moveConfiguration?.category ?? []),
  };
}

/** What EDIT's rules compare with. */
export const snapshotOf = (p: ProjectRecord): ProjectSnapshot => ({
  name: p.name,
  clientId: p.clientId,
  campaignId: p.campaignId,
  moveConfigurationId: p.moveConfigurationId,
  questionnaireId: p.questionnaireId,
  guidelineId: p.guidelineId,
  startDate: p.startDate,
  endDate: p.endDate,
  price: p.price,
  mandatoryProduct: p.mandatoryProduct,
  alternativeProduct: p.alternativeProduct,
  audioAttachment: p.audioAttachment,
  campoRemote: p.campoRemote,
  autoApprovalRequired: p.autoApprovalRequired,
  rangeDate: p.rangeDate,
});

export const isPast = (p: ProjectRecord) => isPastProject(p.endDate);

/** The body the API takes: the form's own values (campaign dates, priced) stay out. */
export function toBody(values: ProjectValues): Record<string, unknown> {
  const { campaign: _campaign, priced: _priced, ...body } = values;
  return { ...body, rangeDate: plainRanges(body.rangeDate) };
}

/**
 * A failed save's lines for the error dialog: the server's message and its field messages, or
 * 'No se han podido completar los cambios.' when the server said nothing (spec 3 §8).
 */
export function saveErrors(error: unknown): string[] {
  const body = (error as { body?: { message?: string; errors?: Record<string, string> } })?.body;
  if (!body?.message) return ['No se han podido completar los cambios.'];
  const fields = Object.values(body.errors ?? {}).filter((m) => m !== body.message);
  return [body.message, ...new Set(fields)];
}
