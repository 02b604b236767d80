/**
 * What the project screens choose from. Campaigns and move configurations are short lists, each cached
 * a while and read again whenever the user comes back to the tab: a campaign created in another tab
 * meanwhile is offered without a reload (which would lose the form). Questionnaires and guidelines are
 * searched as the user types (below).
 */
import { useQuery } from '@tanstack/react-query';
import { GUIDELINE_TYPE_TO_SEARCH, QUESTIONNAIRE_TYPE_TO_SEARCH } from '../../../domain/pickers';
import type { ProjectRecord } from '../../../domain/projects';
import { formatDisplayDate } from '../../../domain/validation';
import { request } from '../../dataProvider/http';
import type { Choice } from '../../ui/form/inputs';
import type { PickerSource } from '../../ui/searchPicker/SearchPicker';

const staleTime = 60_000;
const refetchOnWindowFocus = 'always' as const;

export interface CampaignChoice extends Choice {
  startDate: string;
  endDate: string;
}

/** A reference the project holds that the list no longer offers (ended, disabled) stays choosable. */
function withCurrent<T extends Choice>(choices: T[], current: T | null | undefined): T[] {
  return current && !choices.some((c) => c.id === current.id) ? [...choices, current] : choices;
}

/** The client's campaigns a project may use (enabled, not ended), plus the project's own. */
export function useCampaignChoices(clientId: number | null, current?: CampaignChoice | null) {
  const query = useQuery({
    queryKey: ['project-choices', 'campaigns', clientId],
    queryFn: () => request<{ id: number; name: string; startDate: string; endDate: string }[]>(`/campaigns/client/active/${clientId}`),
    enabled: clientId !== null,
    staleTime,
    refetchOnWindowFocus,
  });
  const choices = (query.data ?? []).map((c) => ({ id: c.id, name: `${c.name} (${formatDisplayDate(c.startDate)} - ${formatDisplayDate(c.endDate)})`, startDate: c.startDate, endDate: c.endDate }));
  return { choices: withCurrent(choices, current), loading: clientId !== null && query.isPending };
}

export interface MoveConfigChoice extends Choice {
  category: number[];
}

/** The enabled move configurations, plus the project's own. */
export function useMoveConfigChoices(current?: MoveConfigChoice | null) {
  const query = useQuery({
    queryKey: ['project-choices', 'moves'],
    queryFn: () => request<{ rows: { id: number; name: string; category: number[]; status: boolean }[] }>('/moves'),
    staleTime,
    refetchOnWindowFocus,
  });
  const choices = (query.data?.rows ?? []).filter((m) => m.status).map((m) => ({ id: m.id, name: m.name, category: m.category }));
  return { choices: withCurrent(choices, current), loading: query.isPending };
}

/**
 * The questionnaires and guidelines a project may use: a bank that grows, so the project form's
 * pickers search the server as the user types (a page at a time, by name) and name the one the
 * project holds by id (a guideline's superseded version too).
 */
export const QUESTIONNAIRES: PickerSource<{ id: number; name: string }> = {
  queryKey: ['project-choices', 'questionnaires'],
  path: '/questionnariesV2',
  fixed: { sort: 'name', order: 'ASC' },
  rowsOf: (answer) => (answer as { rows: { id: number; name: string }[] }).rows.map((q) => ({ id: q.id, name: q.name })),
  nameOf: (q) => q.name,
  stub: (id, name) => ({ id, name }),
  unnamed: (id) => `Cuestionario ${id}`,
  typeToSearch: QUESTIONNAIRE_TYPE_TO_SEARCH,
};

interface GuidelineRow {
  id: number;
  name: string;
  version: number;
  sequenceId: number;
}

export interface GuidelineChoice {
  id: number;
  /** With its version: 'Apertura de cuenta (v2)'. */
  name: string;
  /** The guideline across its versions. */
  sequenceId?: number;
}

const guidelineChoice = (g: GuidelineRow): GuidelineChoice => ({ id: g.id, name: `${g.name} (v${g.version})`, sequenceId: g.sequenceId });

/** Every version by id; the search offers the current ones only (its `current` filter). */
export const GUIDELINES: PickerSource<GuidelineChoice> = {
  queryKey: ['project-choices', 'guidelines'],
  path: '/guidelines',
  fixed: { sort: 'name', order: 'ASC' },
  rowsOf: (answer) => (answer as { rows: GuidelineRow[] }).rows.map(guidelineChoice),
  nameOf: (g) => g.name,
  stub: (id, name) => ({ id, name }),
  unnamed: (id) => `Instructivo ${id}`,
  typeToSearch: GUIDELINE_TYPE_TO_SEARCH,
};

/** Only a guideline's current versions are offered (the server refuses another for a new project). */
export const CURRENT_GUIDELINES = { current: true };

/**
 * The current version of a guideline (by `sequenceId`), null when it has none, while `enabled`: a copied
 * project takes it in place of the version the original holds.
 */
export function useCurrentGuideline(sequenceId: number | null) {
  const query = useQuery({
    queryKey: [...GUIDELINES.queryKey, 'current', sequenceId],
    queryFn: async ({ signal }) => {
      const answer = await request<{ rows: GuidelineRow[] }>('/guidelines', { query: { sequenceId, ...CURRENT_GUIDELINES, limit: 1 }, signal });
      return answer.rows[0] ? guidelineChoice(answer.rows[0]) : null;
    },
    enabled: sequenceId !== null,
    staleTime,
  });
  return { current: query.data ?? null, loading: sequenceId !== null && query.isPending };
}

/**
 * One project with its locations and ranges, as the server has it now: read again when the screen
 * opens, and pending until then (see useFreshRecord: a form takes its values and the `updatedAt` its
 * save sends back from what it is first given). Not react-admin's getOne cache: the list seeds that
 * one with its rows, which lack the locations.
 */
export function useProject(projectId: number | null) {
  const result = useQuery({
    queryKey: ['projects-campo', 'record', projectId],
    queryFn: ({ signal }) => request<ProjectRecord>(`/projects/${projectId}`, { signal }),
    enabled: projectId !== null && projectId > 0,
    refetchOnMount: 'always',
  });
  return { ...result, isPending: result.isPending || (!result.isFetchedAfterMount && !result.error) };
}
