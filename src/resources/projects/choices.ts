/**
 * The lists the project screens choose from, each cached a while, and read again whenever the user
 * comes back to the tab: a campaign created in another tab meanwhile is offered without a reload (which
 * would lose the form).
 */
import { useQuery } from '@tanstack/react-query';
import type { ProjectRecord } from '../../../domain/projects';
import { formatDisplayDate } from '../../../domain/validation';
import { request } from '../../dataProvider/http';
import type { Choice } from '../../ui/form/inputs';

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

export function useQuestionnaireChoices(current?: Choice | null) {
  const query = useQuery({
    queryKey: ['project-choices', 'questionnaires'],
    queryFn: () => request<{ rows: { id: number; name: string }[] }>('/questionnariesV2', { query: { limit: 1000, sort: 'name', order: 'ASC' } }),
    staleTime,
    refetchOnWindowFocus,
  });
  return { choices: withCurrent((query.data?.rows ?? []).map((q) => ({ id: q.id, name: q.name })), current), loading: query.isPending };
}

export interface GuidelineChoice extends Choice {
  /** The guideline across its versions. */
  sequenceId?: number;
}

/** The current versions of the guidelines, plus the version the project holds. */
export function useGuidelineChoices(current?: GuidelineChoice | null) {
  const query = useQuery({
    queryKey: ['project-choices', 'guidelines'],
    queryFn: () => request<{ rows: { id: number; name: string; version: number; sequenceId: number }[] }>('/guidelines/search', { query: { limit: 1000, sort: 'name', order: 'ASC' } }),
    staleTime,
    refetchOnWindowFocus,
  });
  const choices: GuidelineChoice[] = (query.data?.rows ?? []).map((g) => ({ id: g.id, name: `${g.name} (v${g.version})`, sequenceId: g.sequenceId }));
  return { choices: withCurrent(choices, current), loading: query.isPending };
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
