/**
 * Dates as a spreadsheet's own (days since 30/12/1899, the time a fraction of the day), so that Excel sorts
 * and filters them as dates, with the format their column shows them in. The exports write the date the
 * console shows (Argentina's day and time, `formatDisplayDate`), read back here.
 */
import { argentineWallClock, formatDisplayDate } from '../../../domain/validation';

export const EXCEL_DAY = 'dd/mm/yyyy';
export const EXCEL_DAY_TIME = 'dd/mm/yyyy hh:mm';
/** An amount of money in a spreadsheet: a number with two decimals, which the spreadsheet sums. */
export const EXCEL_MONEY = '0.00';

/** Day 0 of the spreadsheet's dates, and a day's length. */
const EXCEL_EPOCH = Date.UTC(1899, 11, 30);
const DAY_MS = 86_400_000;

const SHOWN = /^(\d{2})\/(\d{2})\/(\d{4})(?: (\d{2}):(\d{2}))?$/;

/** 'DD/MM/YYYY' or 'DD/MM/YYYY HH:mm' as the spreadsheet's number; any other text ('-', 'Sin Datos') as it is. */
export function excelDate(display: string): number | string {
  const match = SHOWN.exec(display);
  if (!match) return display;
  const [d, m, y, hours = 0, minutes = 0] = match.slice(1).map((part) => Number(part ?? 0));
  return (Date.UTC(y, m - 1, d, hours, minutes) - EXCEL_EPOCH) / DAY_MS;
}

/**
 * An ISO date or date-time as the spreadsheet's number: `excelDate(formatDisplayDate(iso, withTime))`,
 * without writing the text to read it back (the day, or the minute, of Argentina's wall clock). An export
 * of 100,000 moves has ~400,000 dates. What that text would not read as a date ('Sin Datos', a year of other
 * than four digits, none at all) is the text, as there.
 */
export function excelMoment(iso: string | null | undefined, withTime = false): number | string {
  const dateOnly = iso?.length === 10;
  const time = iso ? new Date(dateOnly ? `${iso}T00:00:00Z` : iso).getTime() : NaN;
  // A plain day is that day, as the screen shows it; a moment, Argentina's clock at it.
  const wall = Number.isNaN(time) ? null : dateOnly ? time : argentineWallClock(time);
  const year = wall === null ? 0 : new Date(wall).getUTCFullYear();
  if (wall === null || year < 1000 || year > 9999) return excelDate(formatDisplayDate(iso, withTime));
  const unit = withTime ? 60_000 : DAY_MS;
  return (Math.floor(wall / unit) * unit - EXCEL_EPOCH) / DAY_MS;
}
