import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useParams, useSearchParams } from 'react-router-dom';
import type { StatisticsAnswer, StatisticsPlan, SurveyAndWork, VersionStatistics } from '../../../domain/statistics';
import { request } from '../../dataProvider/http';

export const useStatistics = () =>
  useQuery({
    queryKey: ['client-statistics'],
    queryFn: () => request<StatisticsAnswer>('/core-estadisticas/estadisticas/getEstadisticas', { base: 'core' }),
    staleTime: 60_000,
  });

export const useSurveyAndWork = (planId: number | undefined) =>
  useQuery({
    queryKey: ['survey-and-work', planId],
    queryFn: () => request<SurveyAndWork>(`/core-works/works/getSurveyAndWork/${planId}`, { base: 'core' }),
    enabled: planId !== undefined,
    staleTime: 60_000,
  });

/** The version a plan opens with: its latest one. */
const latestVersion = (plan: StatisticsPlan | undefined): VersionStatistics | undefined => plan?.statistics.at(-1);

const approved = (plan: StatisticsPlan) => plan.statistics.reduce((n, s) => n + s.moves, 0);
/** The plan with the most approved visits: the one that says most at first sight. */
const richest = (plans: StatisticsPlan[]) => plans.reduce<StatisticsPlan | undefined>((best, p) => (!best || approved(p) > approved(best) ? p : best), undefined);

/**
 * The plan (from /dashboard/:planId or ?plan=, else the one with most approved visits) and the
 * questionnaire version (?version=, else the plan's latest) the user is looking at. `unknownPlan`:
 * the address names a plan that is not among the user's (another client's, or none), so the
 * default one shows instead; `unknownVersion`: ?version= names none of the plan's versions with
 * approved visits, so its latest shows instead; `versionOfUnknownPlan`: ?version= came with an unknown
 * plan, so it is not applied to the default one (its latest shows).
 */
export function useSelection(data: StatisticsAnswer | undefined) {
  const params = useParams();
  const [search, setSearch] = useSearchParams();
  const named = params.planId ?? search.get('plan');
  const wanted = named ? Number(named) : undefined;
  return useMemo(() => {
    const plans = data?.plans ?? [];
    const found = plans.find((p) => p.id === wanted);
    const plan = found ?? richest(plans);
    const unknownPlan = data !== undefined && wanted !== undefined && !found;
    const asked = search.get('version');
    const versionId = Number(asked) || undefined;
    // Another plan's version means nothing in the default one: with an unknown plan it is not looked for.
    const foundVersion = unknownPlan ? undefined : plan?.statistics.find((s) => s.versionId === versionId);
    const version = foundVersion ?? latestVersion(plan);
    const versionIgnored = data !== undefined && asked !== null && !foundVersion && version !== undefined;
    // Said as the plan's warning is: an address whose version is not shown says so, whatever its plan.
    const unknownVersion = versionIgnored && !unknownPlan;
    const versionOfUnknownPlan = versionIgnored && unknownPlan;
    const setVersion = (id: number) =>
      setSearch(
        (current) => {
          const next = new URLSearchParams(current);
          next.set('version', String(id));
          return next;
        },
        { replace: true },
      );
    return { plans, plan, version, setVersion, unknownPlan, unknownVersion, versionOfUnknownPlan };
  }, [data, wanted, search, setSearch]);
}
