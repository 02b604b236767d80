/**
 * The dashboard's statistics (GET /core-estadisticas/estadisticas/getEstadisticas): for each plan
 * (a project of the client) and each questionnaire version its approved moves answered, the mean
 * result overall, by year, by month (Argentina's calendar) and by dimension. Two SQL aggregates
 * with GROUPING SETS over the approved moves the user may see; no row is averaged in JavaScript.
 */
import { and, asc, desc, eq, type SQL, sql } from 'drizzle-orm';
import type { AnnualStatistic, DimensionStatistic, StatisticsAnswer, StatisticsPlan, SurveyAndWork, VersionStatistics } from '../../../domain/statistics';
import { type Db, jsonValue } from '../../db/client';
import { placeholders, preparedSql } from '../../db/prepared';
import { campaigns, clients, locations, projectLocations, projects, projectVisitRanges, questionnaires, questionnaireVersions, userMoves } from '../../db/schema';
import { notFound } from '../../http';
import { clientProject, inChargeOfAny } from './performance';
import { type ClientScope, type ScopeKind, visibleLocations } from './scope';

const ZONE = 'America/Argentina/Buenos_Aires';
const IN_PROGRESS = ['ASIGNADA', 'INICIADA', 'PAUSADA', 'EN_REVISION', 'DEVUELTA'];

/**
 * The approved moves the user sees (a result of N/A, -1, included: it is an approved visit; the means
 * leave it out; no result at all, a version without dimensions, is N/A as the report lists it), with
 * their plan, version, year and month. Their project
 * is then one of the plans the user sees (`visiblePlans`): the same client, and a location of the
 * client the user sees.
 */
function scopedMoves(scope: ClientScope): SQL {
  return sql`select ${projects.id} as plan_id, ${userMoves.questionnaireVersionId} as version_id,
      coalesce(${userMoves.questionnaireResult}::float8, -1) as result, ${userMoves.dimensionResults} as dimension_results,
      extract(year from ${userMoves.completedAuditDate} at time zone ${ZONE})::int as year,
      to_char(${userMoves.completedAuditDate} at time zone ${ZONE}, 'YYYY-MM') as period
    from ${userMoves}
    join ${projectLocations} on ${projectLocations.id} = ${userMoves.projectLocationId}
    join ${projects} on ${projects.id} = ${projectLocations.projectId}
    join ${locations} on ${locations.id} = ${projectLocations.locationId}
    where ${userMoves.status} = 'APROBADA' and ${projects.clientId} = ${scope.clientId} and ${locations.clientId} = ${scope.clientId}
      and ${scope.locations}
      and ${userMoves.completedAuditDate} is not null and ${userMoves.questionnaireVersionId} is not null`;
}

interface ResultRow {
  plan_id: number;
  version_id: number;
  year: number | null;
  period: string | null;
  moves: number;
  /** Of `moves`, the N/A ones. */
  unscored: number;
  /** Null when every move of the group is N/A. */
  result: number | null;
  version: number;
  questionnaire_id: number;
  questionnaire_name: string;
  /** The version has penalty dimensions (on the version's own row only): they lower the result, not any dimension's. */
  penalties?: boolean | null;
}
interface DimensionRow extends Omit<ResultRow, 'period' | 'unscored'> {
  id: string;
  name: string;
  ord: number;
}

/** A plan the user sees: a project of the client holding a location of the client the user sees (over `projects` joined to `locations`). */
const planVisible = (scope: ClientScope) => and(eq(projects.clientId, scope.clientId), eq(locations.clientId, scope.clientId), scope.locations);

/** The plans the user sees: the client's projects holding at least one of its locations. */
async function visiblePlans(db: Db, scope: ClientScope, planId?: number) {
  return db
    .selectDistinct({
      id: projects.id,
      name: projects.name,
      startDate: projects.startDate,
      endDate: projects.endDate,
      campaignId: campaigns.id,
      campaignName: campaigns.name,
    })
    .from(projects)
    .innerJoin(projectLocations, eq(projectLocations.projectId, projects.id))
    .innerJoin(locations, eq(locations.id, projectLocations.locationId))
    .leftJoin(campaigns, eq(campaigns.id, projects.campaignId))
    .where(and(planVisible(scope), planId ? eq(projects.id, planId) : undefined))
    .orderBy(desc(projects.endDate), desc(projects.id));
}

/**
 * The plans the user sees as one JSON array, newest end first (`visiblePlans`, as a subquery of the
 * dashboard's one statement).
 */
function visiblePlansJson(scope: ClientScope): SQL {
  return sql`(select coalesce(json_agg(json_build_object('id', p.id, 'name', p.name, 'startDate', p.start_date, 'endDate', p.end_date,
      'campaignId', p.campaign_id, 'campaignName', p.campaign_name) order by p.end_date desc, p.id desc), '[]')
    from (select distinct ${projects.id} as id, ${projects.name} as name, ${projects.startDate} as start_date, ${projects.endDate} as end_date,
        ${campaigns.id} as campaign_id, ${campaigns.name} as campaign_name
      from ${projects}
      join ${projectLocations} on ${projectLocations.projectId} = ${projects.id}
      join ${locations} on ${locations.id} = ${projectLocations.locationId}
      left join ${campaigns} on ${campaigns.id} = ${projects.campaignId}
      where ${planVisible(scope)}) p)`;
}

interface PlanRow {
  id: number;
  name: string;
  startDate: string;
  endDate: string;
  campaignId: number | null;
  campaignName: string | null;
}

/** The scope's values as placeholders: the dashboard's statement of a kind of scope, built once. */
const SCOPE = placeholders('clientId', 'userId');
const scopeOfKind = (kind: ScopeKind): ClientScope => ({
  kind,
  clientId: SCOPE.clientId as unknown as number,
  userId: SCOPE.userId as unknown as number,
  locations: visibleLocations(kind, SCOPE.userId),
  locationRequired: false,
});

type StatisticsRecord = { client: unknown; plans: unknown; has_locations: boolean; results: unknown; dimensions: unknown };

export async function statistics(db: Db, scope: ClientScope): Promise<StatisticsAnswer> {
  // One statement: the client, its plans, whether the user is in charge of any point of sale, and the
  // aggregates over the moves read once (they were four round trips one after another, then three
  // statements at once). Built once for each kind of scope, its values as parameters: the query
  // builder spent ~150 µs of the server's CPU on it per request (BENCHMARKS.md, twenty-sixth round).
  const statement = preparedSql<StatisticsRecord>(db, `statistics:${scope.kind}`, () => statisticsQuery(scopeOfKind(scope.kind)));
  const [found] = await statement.execute({ clientId: scope.clientId, userId: scope.userId });
  return statisticsOf(found);
}

function statisticsQuery(scope: ClientScope): SQL {
  return sql`with scoped as materialized (${scopedMoves(scope)}),
        results as (
          select plan_id, version_id, year, period, count(*)::int as moves, (count(*) filter (where result < 0))::int as unscored,
            round((avg(result) filter (where result >= 0))::numeric, 2)::float8 as result
          from scoped
          group by grouping sets ((plan_id, version_id), (plan_id, version_id, year), (plan_id, version_id, year, period))),
        dimensions as (
          select plan_id, version_id, year, d.value->>'id' as id, d.value->>'name' as name, min(d.ord)::int as ord,
            count(*)::int as moves, round(avg((d.value->>'result')::float8)::numeric, 2)::float8 as result
          from scoped cross join lateral jsonb_array_elements(coalesce(dimension_results, '[]'::jsonb)) with ordinality as d(value, ord)
          where (d.value->>'result')::float8 >= 0
          group by grouping sets ((plan_id, version_id, d.value->>'id', d.value->>'name'), (plan_id, version_id, year, d.value->>'id', d.value->>'name')))
        select
          (select coalesce(json_agg(json_build_object('plan_id', r.plan_id, 'version_id', r.version_id, 'year', r.year, 'period', r.period, 'moves', r.moves,
              'unscored', r.unscored, 'result', r.result, 'version', ${questionnaireVersions.version}, 'questionnaire_id', ${questionnaireVersions.questionnaireId}, 'questionnaire_name', ${questionnaireVersions.name},
              'penalties', case when r.year is null then exists (select 1 from jsonb_array_elements(coalesce(${questionnaireVersions.content}->'dimensions', '[]'::jsonb)) e where e->>'type' = 'PENALTY') end)
              order by r.plan_id, r.version_id, r.year nulls first, r.period nulls first), '[]')
            from results r
            join ${questionnaireVersions} on ${questionnaireVersions.id} = r.version_id) as results,
          (select coalesce(json_agg(d order by d.plan_id, d.version_id, d.year nulls first, d.ord), '[]') from dimensions d) as dimensions,
          (select json_build_object('id', c.id, 'name', c.name) from ${clients} c where c.id = ${scope.clientId}) as client,
          ${visiblePlansJson(scope)} as plans,
          ${inChargeOfAny(scope.kind, scope.clientId, scope.userId)} as has_locations`;
}

/** The dashboard's answer from its statement's one row: the plans, each with its versions' statistics. */
function statisticsOf(found: StatisticsRecord): StatisticsAnswer {
  const client = jsonValue<{ id: number; name: string } | null>(found.client);
  if (!client) throw notFound('El cliente no existe.');
  const plans = jsonValue<PlanRow[]>(found.plans);
  // No plan to show: for a franchise user or zone manager in charge of no point of sale, the reason (the dashboard says it).
  if (!plans.length) return { client, plans: [], hasLocations: found.has_locations };
  const results = jsonValue<ResultRow[]>(found.results);
  const dimensions = jsonValue<DimensionRow[]>(found.dimensions);

  const byVersion = new Map<string, VersionStatistics>();
  const byPlan = new Map<number, VersionStatistics[]>();
  const key = (planId: number, versionId: number) => `${planId}:${versionId}`;
  const annualOf = (stat: VersionStatistics, year: number): AnnualStatistic => {
    let annual = stat.annual.find((a) => a.year === year);
    if (!annual) {
      annual = { year, moves: 0, unscored: 0, result: 0, dimensions: [], periods: [] };
      stat.annual.push(annual);
    }
    return annual;
  };
  for (const r of results) {
    const k = key(r.plan_id, r.version_id);
    if (r.year === null) {
      const stat: VersionStatistics = {
        questionnaire: { id: r.questionnaire_id, name: r.questionnaire_name },
        version: r.version,
        versionId: r.version_id,
        penalties: r.penalties === true,
        moves: r.moves,
        unscored: r.unscored,
        result: r.result,
        dimensions: [],
        annual: [],
      };
      byVersion.set(k, stat);
      byPlan.set(r.plan_id, [...(byPlan.get(r.plan_id) ?? []), stat]);
      continue;
    }
    const stat = byVersion.get(k)!;
    const annual = annualOf(stat, r.year);
    if (r.period === null) Object.assign(annual, { moves: r.moves, unscored: r.unscored, result: r.result });
    else annual.periods.push({ period: r.period, moves: r.moves, unscored: r.unscored, result: r.result });
  }
  for (const d of dimensions) {
    const stat = byVersion.get(key(d.plan_id, d.version_id));
    if (!stat) continue;
    const entry: DimensionStatistic = { id: d.id, name: d.name, moves: d.moves, result: d.result };
    if (d.year === null) stat.dimensions.push(entry);
    else annualOf(stat, d.year).dimensions.push(entry);
  }

  return {
    client,
    plans: plans.map(
      (p): StatisticsPlan => ({
        id: p.id,
        name: p.name,
        campaign: p.campaignId ? { id: p.campaignId, name: p.campaignName! } : null,
        startDate: p.startDate,
        endDate: p.endDate,
        statistics: (byPlan.get(p.id) ?? []).sort((a, b) => a.questionnaire.name.localeCompare(b.questionnaire.name) || a.version - b.version),
      }),
    ),
  };
}

/** GET /core-works/works/getSurveyAndWork/:id: the plan, its questionnaire and how far its work went, over the user's locations. */
export async function surveyAndWork(db: Db, scope: ClientScope, planId: number): Promise<SurveyAndWork> {
  const project = await clientProject(db, scope, planId);
  const [plan] = await visiblePlans(db, scope, planId);
  if (!plan) throw notFound('El proyecto no existe o no pertenece al cliente.');
  const [client] = await db.select({ id: clients.id, name: clients.name }).from(clients).where(eq(clients.id, scope.clientId));
  const visible = and(eq(projectLocations.projectId, planId), eq(locations.clientId, scope.clientId), scope.locations);
  const [[counts], [planned], questionnaire, used] = await Promise.all([
    db
      .select({
        locations: sql<number>`count(distinct ${locations.id})::int`,
        approvedMoves: sql<number>`(count(${userMoves.id}) filter (where ${userMoves.status} = 'APROBADA'))::int`,
        inProgressMoves: sql<number>`(count(${userMoves.id}) filter (where ${userMoves.status} in (${sql.join(IN_PROGRESS.map((s) => sql`${s}`), sql`, `)})))::int`,
      })
      .from(projectLocations)
      .innerJoin(locations, eq(locations.id, projectLocations.locationId))
      .leftJoin(userMoves, eq(userMoves.projectLocationId, projectLocations.id))
      .where(visible),
    db
      .select({ visits: sql<number>`coalesce(sum(${projectVisitRanges.visits}), 0)::int` })
      .from(projectVisitRanges)
      .innerJoin(projectLocations, eq(projectLocations.id, projectVisitRanges.projectLocationId))
      .innerJoin(locations, eq(locations.id, projectLocations.locationId))
      .where(visible),
    project.questionnaireId ? db.select({ id: questionnaires.id, name: questionnaires.name }).from(questionnaires).where(eq(questionnaires.id, project.questionnaireId)) : Promise.resolve([]),
    db
      .selectDistinct({ version: questionnaireVersions.version })
      .from(userMoves)
      .innerJoin(projectLocations, eq(projectLocations.id, userMoves.projectLocationId))
      .innerJoin(locations, eq(locations.id, projectLocations.locationId))
      .innerJoin(questionnaireVersions, eq(questionnaireVersions.id, userMoves.questionnaireVersionId))
      .where(and(visible, eq(userMoves.status, 'APROBADA')))
      .orderBy(asc(questionnaireVersions.version)),
  ]);
  return {
    id: plan.id,
    name: plan.name,
    client,
    campaign: plan.campaignId ? { id: plan.campaignId, name: plan.campaignName! } : null,
    startDate: plan.startDate,
    endDate: plan.endDate,
    questionnaire: questionnaire[0] ? { ...questionnaire[0], versions: used.map((u) => u.version) } : null,
    counts: { locations: counts.locations, plannedVisits: planned.visits, approvedMoves: counts.approvedMoves, inProgressMoves: counts.inProgressMoves },
  };
}
