/**
 * The dashboard's statistics (spec 3 "Dashboard", §3 "Statistics plan", §9): the colour bands a
 * client reads at a glance, the per-dimension result a move keeps once approved, and the shape of
 * GET /core-estadisticas/estadisticas/getEstadisticas and GET /core-works/works/getSurveyAndWork/:id.
 */
import { z } from 'zod';
import { day, idName } from './answers';
import { formatCount } from './numbers';
import { dimensionScore, type Replies } from './questionnaire-result';
import type { QuestionnaireContent } from './questionnaires';

export type StatisticBand = 'red' | 'orange' | 'green';

/** Spec 3 §9: below 65 red, 65 to below 75 orange, 75 and above green. */
export function statisticBand(value: number): StatisticBand {
  if (value < 65) return 'red';
  if (value < 75) return 'orange';
  return 'green';
}

export const STATISTIC_BAND_STYLE: Record<StatisticBand, { color: string; label: string }> = {
  red: { color: '#d32f2f', label: 'Menos de 65' },
  orange: { color: '#c05600', label: 'De 65 a menos de 75' },
  green: { color: '#2e7d32', label: '75 o más' },
};

/** What the client side's dashboard says. */
export const STATISTICS_TEXT = {
  /** /dashboard/{planId} (or ?plan=) names a plan the user does not have: the default plan shows instead. */
  unknownPlan: 'El plan solicitado no existe o no pertenece a su cliente. Se muestra su plan principal.',
  /** ?version= names no questionnaire version of the plan with approved visits: its latest shows instead. */
  unknownVersion: 'La versión del cuestionario solicitada no tiene visitas aprobadas en este plan. Se muestra la más reciente.',
  /** ?version= came with a plan the user does not have: it is not applied to the default plan. */
  versionOfUnknownPlan: 'La versión del cuestionario solicitada no se aplica a su plan principal. Se muestra la más reciente.',
} as const;

/** Under the dimensions of a version with penalties: why the overall result can be below every dimension. */
export const PENALTIES_NOTE = 'El resultado general descuenta las penalidades; el de cada dimensión no las incluye.';

/** Where the bands change (statisticBand). */
const BAND_LIMITS = [65, 75];

/**
 * '82,5 %': one decimal, Spanish comma. A result just under a band's limit (74,96) is cut, not rounded
 * up ('74,9 %', not '75,0 %'): the number written lies in the band its colour and legend say.
 */
export function formatPercent(value: number): string {
  const rounded = Number(value.toFixed(1));
  const shown = BAND_LIMITS.some((limit) => value < limit && rounded >= limit) ? Math.floor(value * 10) / 10 : rounded;
  return `${shown.toFixed(1).replace('.', ',')} %`;
}

export const MONTH_NAMES = ['enero', 'febrero', 'marzo', 'abril', 'mayo', 'junio', 'julio', 'agosto', 'septiembre', 'octubre', 'noviembre', 'diciembre'];
/**
 * Every month from the first period to the last ('YYYY-MM'), each with its period's item or null: a
 * chart of periods shows a month without visits as a gap, not as if its neighbours were consecutive.
 */
export function everyMonth<T extends { period: string }>(periods: readonly T[]): { period: string; item: T | null }[] {
  if (!periods.length) return [];
  const byPeriod = new Map(periods.map((p) => [p.period.slice(0, 7), p]));
  const keys = [...byPeriod.keys()].sort();
  const [firstYear, firstMonth] = keys[0].split('-').map(Number);
  const [lastYear, lastMonth] = keys.at(-1)!.split('-').map(Number);
  const out: { period: string; item: T | null }[] = [];
  for (let n = firstYear * 12 + firstMonth - 1; n <= lastYear * 12 + lastMonth - 1; n++) {
    const period = `${Math.floor(n / 12)}-${String((n % 12) + 1).padStart(2, '0')}`;
    out.push({ period, item: byPeriod.get(period) ?? null });
  }
  return out;
}

/** 'mar. 2025' for a chart's axis; `period` is 'YYYY-MM'. */
export const shortPeriod = (period: string) => `${MONTH_NAMES[Number(period.slice(5, 7)) - 1].slice(0, 3)}. ${period.slice(0, 4)}`;
/** 'marzo de 2025'. */
export const longPeriod = (period: string) => `${MONTH_NAMES[Number(period.slice(5, 7)) - 1]} de ${period.slice(0, 4)}`;
/** 'Marzo de 2025', where the period begins a line (a table's cell): only the month takes a capital. */
export const periodTitle = (period: string) => {
  const text = longPeriod(period);
  return text.charAt(0).toUpperCase() + text.slice(1);
};

/** One dimension's result in one move: 0–100 with two decimals, or -1 when nothing in it could be judged. */
export interface DimensionResult {
  id: string;
  name: string;
  result: number;
}

/**
 * The result of each scored dimension (penalties aside) of a replied questionnaire, in the
 * version's order, computed with the same rules as the move's result. Stored with the move
 * (user_moves.dimension_results) so that the statistics are SQL aggregates.
 */
export function dimensionResults(version: Pick<QuestionnaireContent, 'dimensions'>, replies: Replies): DimensionResult[] {
  return version.dimensions
    .filter((d) => d.type !== 'PENALTY')
    .map((d) => {
      const score = dimensionScore(d, replies);
      return { id: d._id, name: d.name, result: score === null ? -1 : Math.round(score * 10000) / 100 };
    });
}

/**
 * Approved moves: how many, and the mean result (two decimals) of those with one; null when every one
 * is N/A. A dimension's aggregate counts only the moves that scored it.
 */
export interface Aggregate {
  moves: number;
  result: number | null;
}

/** Approved visits: of `moves`, `unscored` had a result of N/A (-1), counted but left out of the mean. */
export interface VisitAggregate extends Aggregate {
  unscored: number;
}

/**
 * How many approved visits, and how many of them had no result (N/A), which the mean left out:
 * '8 visitas', '8 visitas, 1 sin resultado' (the mean beside it is of 7; '8 visitas' alone read as of 8).
 * `qualifier` follows the count: '71 visitas aprobadas con la versión 3, 1 sin resultado' (`approved` adds 'aprobada(s)').
 */
export function visitsCaption({ moves, unscored }: { moves: number; unscored?: number }, qualifier = '', approved = false): string {
  // 'aprobada' agrees with the count: '1 visita aprobada', '2 visitas aprobadas'.
  const visits = moves === 1 ? `1 visita${approved ? ' aprobada' : ''}` : `${formatCount(moves)} visitas${approved ? ' aprobadas' : ''}`;
  return `${visits}${qualifier}${unscored ? `, ${formatCount(unscored)} sin resultado` : ''}`;
}

export interface PeriodStatistic extends VisitAggregate {
  /** 'YYYY-MM' (Argentina's calendar). */
  period: string;
}

export interface DimensionStatistic extends Aggregate {
  id: string;
  name: string;
}

export interface AnnualStatistic extends VisitAggregate {
  year: number;
  dimensions: DimensionStatistic[];
  periods: PeriodStatistic[];
}

/** The statistics of one questionnaire version within one plan. */
export interface VersionStatistics extends VisitAggregate {
  questionnaire: { id: number; name: string };
  version: number;
  versionId: number;
  /** The version has penalty dimensions: they lower the overall result and appear in no dimension's. */
  penalties: boolean;
  dimensions: DimensionStatistic[];
  annual: AnnualStatistic[];
}

/** A plan is a project of the client, with its campaign. */
export interface StatisticsPlan {
  id: number;
  name: string;
  campaign: { id: number; name: string } | null;
  startDate: string;
  endDate: string;
  statistics: VersionStatistics[];
}

export interface StatisticsAnswer {
  client: { id: number; name: string };
  plans: StatisticsPlan[];
  /** With no plans only: false when the user (a franchise user or zone manager) is in charge of no point of sale. */
  hasLocations?: boolean;
}

/** GET /core-works/works/getSurveyAndWork/:id: what a plan is and how far its work went. */
export const surveyAndWorkAnswer = idName.extend({
  client: idName,
  campaign: idName.nullable(),
  startDate: day,
  endDate: day,
  questionnaire: idName.extend({ versions: z.array(z.number().int()) }).nullable(),
  counts: z.object({ locations: z.number().int(), plannedVisits: z.number().int(), approvedMoves: z.number().int(), inProgressMoves: z.number().int() }),
});
export type SurveyAndWork = z.infer<typeof surveyAndWorkAnswer>;

const aggregate = { moves: z.number().int(), result: z.number().nullable() };
const visitAggregate = { ...aggregate, unscored: z.number().int() };
const dimensionStatistic = z.object({ id: z.string(), name: z.string(), ...aggregate });

/** `GET /core-estadisticas/estadisticas/getEstadisticas` (`StatisticsAnswer`). */
export const statisticsAnswer = z.object({
  client: idName,
  plans: z.array(
    idName.extend({
      campaign: idName.nullable(),
      startDate: day,
      endDate: day,
      statistics: z.array(
        z.object({
          ...visitAggregate,
          questionnaire: idName,
          version: z.number().int(),
          versionId: z.number().int(),
          penalties: z.boolean(),
          dimensions: z.array(dimensionStatistic),
          annual: z.array(z.object({ ...visitAggregate, year: z.number().int(), dimensions: z.array(dimensionStatistic), periods: z.array(z.object({ ...visitAggregate, period: z.string().regex(/^\d{4}-\d{2}$/) })) })),
        }),
      ),
    }),
  ),
  hasLocations: z.boolean().optional(),
});
