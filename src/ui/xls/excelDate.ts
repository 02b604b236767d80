/**
 * Dates as a spreadsheet's own (days since 30/12/1899, the time a fraction of the day), so that Excel sorts
 * and filters them as dates, with the format their column shows them in. The exports write the date the
 * console shows (Argentina's day and time, `formatDisplayDate`), read back here.
 */
export const EXCEL_DAY = 'dd/mm/yyyy';
export const EXCEL_DAY_TIME = 'dd/mm/yyyy hh:mm';
/** An amount of money in a spreadsheet: a number with two decimals, which the spreadsheet sums. */
export const EXCEL_MONEY = '0.00';

const SHOWN = /^(\d{2})\/(\d{2})\/(\d{4})(?: (\d{2}):(\d{2}))?$/;

/** 'DD/MM/YYYY' or 'DD/MM/YYYY HH:mm' as the spreadsheet's number; any other text ('-', 'Sin Datos') as it is. */
export function excelDate(display: string): number | string {
  const match = SHOWN.exec(display);
  if (!match) return display;
  const [d, m, y, hours = 0, minutes = 0] = match.slice(1).map((part) => Number(part ?? 0));
  return (Date.UTC(y, m - 1, d, hours, minutes) - Date.UTC(1899, 11, 30)) / 86_400_000;
}
