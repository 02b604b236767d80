/**
 * A project's visits (spec 3 §2–§5): the visit ranges of the form (from, to, visits per location),
 * the check of a range before it is added, and the calendar of visits per month and year.
 */
import { z } from 'zod';
import { VISIT_STATE, type VisitState } from './moves';
import { formatCount } from './numbers';
import { dateValue, MSG, todayIso } from './validation';

/** The visits a Getter can still take (the states live with the moves, which take them). */
export const AVAILABLE_VISIT_STATES: readonly VisitState[] = [VISIT_STATE.PUBLICADA, VISIT_STATE.PUBLICADA_POR_CANCELACION];

export const MAX_RANGES = 50;
export const MAX_VISITS_PER_RANGE = 1000;

export const RANGE_TEXT = {
  incomplete: 'Rellene todos los campos antes de añadir rango de visitas',
  noProjectDates: 'Ingrese las fechas del proyecto antes de añadir rangos de visitas.',
  order: 'La fecha de fin del rango no puede ser anterior a la de inicio.',
  outside: 'Los rangos de visitas deben estar dentro de las fechas del proyecto.',
  repeated: 'Ese rango de visitas ya fue añadido.',
  /** A range added now cannot end before today: its visits could no longer be done. */
  past: 'El rango de visitas no puede terminar antes de hoy.',
  tooMany: `El máximo es ${formatCount(MAX_VISITS_PER_RANGE)} visitas por rango.`,
  /** A range with a visit a move holds: its delete button is off, and says why. */
  taken: 'Tiene visitas ya tomadas: no puede quitarse.',
} as const;

/** One visit range: `visits` visits to each location of the project between `from` and `to` (ISO). */
export interface VisitRange {
  from: string;
  to: string;
  visits: number;
}

/**
 * A visit count typed in the form or sent by the API: a whole number from 1, in digits. `Number()` read
 * '1e2' as 100 and '0x10' as 16 visits (published as such); a text that is not digits is not a number.
 */
export const visitCount = z.preprocess(
  (v) => (typeof v === 'string' ? (v.trim() === '' ? undefined : /^[-+]?\d+$/.test(v.trim()) ? Number(v.trim()) : Number.NaN) : v),
  z
    .number({ error: (issue) => (issue.input === undefined || issue.input === null ? MSG.required : MSG.number) })
    .int(MSG.number)
    .min(1, MSG.positive)
    .max(MAX_VISITS_PER_RANGE, RANGE_TEXT.tooMany),
);

export const visitRangeSchema = z.object({ from: dateValue, to: dateValue, visits: visitCount });

/** An ISO date from a typed (DD/MM/YYYY) or ISO text, or null when it is not a valid date. */
export function isoDate(value: unknown): string | null {
  if (typeof value !== 'string' || !value.trim()) return null;
  const parsed = dateValue.safeParse(value);
  return parsed.success ? parsed.data : null;
}

export const sameRange = (a: VisitRange, b: VisitRange) => a.from === b.from && a.to === b.to && a.visits === b.visits;

/** The range typed in the form's three inputs, checked before 'Añadir rango': the range, or why not. */
export function checkRangeDraft(
  draft: { from: string; to: string; visits: string },
  project: { startDate: unknown; endDate: unknown },
  existing: readonly VisitRange[],
  today: string = todayIso(),
): { range: VisitRange } | { error: string } {
  if (!draft.from.trim() || !draft.to.trim() || !String(draft.visits).trim()) return { error: RANGE_TEXT.incomplete };
  const parsed = visitRangeSchema.safeParse(draft);
  if (!parsed.success) return { error: parsed.error.issues[0].message };
  const range = parsed.data;
  const start = isoDate(project.startDate);
  const end = isoDate(project.endDate);
  if (!start || !end) return { error: RANGE_TEXT.noProjectDates };
  if (range.to < range.from) return { error: RANGE_TEXT.order };
  if (range.from < start || range.to > end) return { error: RANGE_TEXT.outside };
  if (range.to < today) return { error: RANGE_TEXT.past };
  if (existing.some((r) => sameRange(r, range))) return { error: RANGE_TEXT.repeated };
  return { range };
}

/** Sorted by start, then end: the order the form and the API show them in. */
export const sortRanges = <T extends VisitRange>(ranges: readonly T[]): T[] =>
  [...ranges].sort((a, b) => a.from.localeCompare(b.from) || a.to.localeCompare(b.to) || a.visits - b.visits);

/** The distinct ranges among many (a project's ranges repeat once per location). */
export function distinctRanges(ranges: readonly VisitRange[]): VisitRange[] {
  const out: VisitRange[] = [];
  for (const r of ranges) if (!out.some((o) => sameRange(o, r))) out.push({ from: r.from, to: r.to, visits: r.visits });
  return sortRanges(out);
}

/** Total visits the ranges make over `locations` locations. */
export const totalVisits = (ranges: readonly { visits: number }[], locations: number) => ranges.reduce((sum, r) => sum + r.visits, 0) * locations;

/** One entry of the calendar of visits. */
export interface CalendarEntry {
  month: number;
  year: number;
  numberOfVisits: number;
}

const DAY = 86_400_000;
const dayNumber = (iso: string) => Date.parse(`${iso}T00:00:00Z`) / DAY;

/**
 * The calendar of visits per month and year. A range's visits can be done any day of it; the calendar
 * places them evenly over it: the range cut into as many equal stretches as visits, each visit in the
 * middle of its own. So two visits over a year fall one in each half, not both in its first months (as
 * shares of days per month rounded did: every month's share was under one, and the ties went to the
 * earliest 31-day months); many visits still follow each month's days. The counts add up exactly to the
 * range's visits; every location does the same visits.
 */
export function visitCalendar(ranges: readonly VisitRange[], locations: number): CalendarEntry[] {
  const totals = new Map<string, CalendarEntry>();
  for (const range of ranges) {
    const from = isoDate(range.from);
    const to = isoDate(range.to);
    if (!from || !to || to < from || !(range.visits > 0)) continue;
    const first = dayNumber(from);
    const days = dayNumber(to) - first + 1;
    for (let visit = 0; visit < range.visits; visit++) {
      const day = new Date((first + Math.floor(((visit + 0.5) * days) / range.visits)) * DAY);
      const year = day.getUTCFullYear();
      const month = day.getUTCMonth() + 1;
      const key = `${year}-${month}`;
      const entry = totals.get(key) ?? { month, year, numberOfVisits: 0 };
      entry.numberOfVisits += locations;
      totals.set(key, entry);
    }
  }
  return [...totals.values()].filter((e) => e.numberOfVisits > 0).sort((a, b) => a.year - b.year || a.month - b.month);
}

export const MONTH_NAMES = ['Enero', 'Febrero', 'Marzo', 'Abril', 'Mayo', 'Junio', 'Julio', 'Agosto', 'Septiembre', 'Octubre', 'Noviembre', 'Diciembre'];
