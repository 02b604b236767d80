/** The plan's summary over its statistics: what each figure is called and how it is written. */
import { formatCount } from '../../../domain/numbers';
import type { StatisticsPlan, SurveyAndWork } from '../../../domain/statistics';
import { formatDisplayDate } from '../../../domain/validation';

/** A count as every figure of the console ('1.250'), '-' while it is not known. */
const count = (n: number | undefined) => (n === undefined ? '-' : formatCount(n));

/** The label and value of each fact of the plan's summary (`work`: its survey and work, once loaded). */
export function planFacts(plan: StatisticsPlan, work: SurveyAndWork | undefined): [string, string][] {
  return [
    ['Campaña', plan.campaign?.name ?? '-'],
    ['Vigencia', `${formatDisplayDate(plan.startDate)} al ${formatDisplayDate(plan.endDate)}`],
    ['Cuestionario', work?.questionnaire?.name ?? '-'],
    ['Puntos de venta', count(work?.counts.locations)],
    ['Visitas planificadas', count(work?.counts.plannedVisits)],
    // Of every questionnaire version: the figures below are of the chosen one ('… con la versión 3').
    [plan.statistics.length > 1 ? 'Visitas aprobadas (todas las versiones)' : 'Visitas aprobadas', count(work?.counts.approvedMoves)],
    ['Visitas en curso', count(work?.counts.inProgressMoves)],
  ];
}
