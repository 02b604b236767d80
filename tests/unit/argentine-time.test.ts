/**
 * Argentina's wall clock, read from Intl once a quarter hour (`argentineWallClock`): the dates the console
 * shows (`formatDisplayDate`) and the spreadsheets' date cells (`excelMoment`) must be what Intl gives for
 * each instant, also across the summer times Argentina kept (30/12/2007–16/03/2008, 19/10/2008–15/03/2009) and the
 * changes of 1894 and 1920, which fell inside a quarter hour.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { argentineWallClock, formatDisplayDate, PLATFORM_TIME_ZONE } from '../../domain/validation';
import { excelDate, excelMoment } from '../../src/ui/xls/excelDate';

/** What formatDisplayDate wrote before it kept the zone's offsets: Intl, asked for each instant. */
const intl = new Intl.DateTimeFormat('en-GB', { timeZone: PLATFORM_TIME_ZONE, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
function shownByIntl(time: number, withTime: boolean): string {
  const part: Partial<Record<Intl.DateTimeFormatPartTypes, string>> = {};
  for (const p of intl.formatToParts(new Date(time))) part[p.type] = p.value;
  const date = `${part.day}/${part.month}/${part.year}`;
  return withTime ? `${date} ${part.hour}:${part.minute}` : date;
}

/**
 * Changes of Argentina's clock (UTC): its last summer times, and the two that fell inside a quarter hour (from
 * Buenos Aires' mean time to Córdoba's, 1894, and to UTC−4, 1920). Two hours around each, walked minute by minute.
 */
const CHANGES = [Date.UTC(2007, 11, 30, 3), Date.UTC(2008, 2, 16, 2), Date.UTC(2008, 9, 19, 3), Date.UTC(2009, 2, 15, 2), Date.UTC(1894, 9, 31, 3, 53, 48), Date.UTC(1920, 4, 1, 4, 16, 48)];
const aroundChanges = CHANGES.flatMap((change) => Array.from({ length: 241 }, (_, i) => change - 7_200_000 + i * 60_000 + 59_999 * (i % 2)));

/** Instants from 1880 to 2100, to the millisecond. */
const instant = fc.integer({ min: Date.UTC(1880, 0, 1), max: Date.UTC(2100, 0, 1) });

describe("Argentina's wall clock", () => {
  it('keeps the summer offset where Argentina kept it, and UTC−3 elsewhere', () => {
    expect(formatDisplayDate('2008-01-15T12:00:00Z', true)).toBe('15/01/2008 10:00');
    expect(formatDisplayDate('2008-06-15T12:00:00Z', true)).toBe('15/06/2008 09:00');
    expect(formatDisplayDate('2026-01-15T12:00:00Z', true)).toBe('15/01/2026 09:00');
    // The first minute of summer time: 00:00 of the 30th became 01:00.
    expect(formatDisplayDate('2007-12-30T02:59:00Z', true)).toBe('29/12/2007 23:59');
    expect(formatDisplayDate('2007-12-30T03:00:00Z', true)).toBe('30/12/2007 01:00');
    // Inside a quarter hour in which the offset changed, Intl is asked for the instant itself.
    expect(formatDisplayDate('1894-10-31T03:55:00Z', true)).toBe(shownByIntl(Date.UTC(1894, 9, 31, 3, 55), true));
    expect(formatDisplayDate('1920-05-01T04:20:00Z', true)).toBe(shownByIntl(Date.UTC(1920, 4, 1, 4, 20), true));
    expect(argentineWallClock(Date.UTC(1920, 4, 1, 4, 20))).toBeNull();
  });

  it('shows every instant as Intl does, to the minute, around each change and anywhere from 1880 to 2100', () => {
    for (const time of aroundChanges) for (const withTime of [false, true]) expect(formatDisplayDate(new Date(time).toISOString(), withTime)).toBe(shownByIntl(time, withTime));
    fc.assert(
      fc.property(instant, fc.boolean(), (time, withTime) => formatDisplayDate(new Date(time).toISOString(), withTime) === shownByIntl(time, withTime)),
      { numRuns: 5_000 },
    );
  });

  it('writes a date cell as the shown text read back: to the minute, or the day', () => {
    for (const time of aroundChanges) for (const withTime of [false, true]) expect(excelMoment(new Date(time).toISOString(), withTime)).toBe(excelDate(shownByIntl(time, withTime)));
    fc.assert(
      fc.property(instant, fc.boolean(), (time, withTime) => excelMoment(new Date(time).toISOString(), withTime) === excelDate(shownByIntl(time, withTime))),
      { numRuns: 5_000 },
    );
    // 13/08/2026 21:41 in Buenos Aires is the spreadsheet's day 46247 and 21 h 41 min.
    expect(excelMoment('2026-08-14T00:41:30Z', true)).toBe(46247 + (21 * 60 + 41) / 1440);
    expect(excelMoment('2026-08-14T00:41:30Z')).toBe(46247);
  });

  it('writes a plain day as that day, and what is no date as the text the screen shows', () => {
    expect(excelMoment('2024-03-05')).toBe(excelDate('05/03/2024'));
    expect(excelMoment('2024-03-05', true)).toBe(excelDate('05/03/2024'));
    for (const value of [null, undefined, '', 'no es fecha']) expect(excelMoment(value, true)).toBe('Sin Datos');
    // A year Intl writes with other than four digits is left to Intl, and stays text.
    expect(argentineWallClock(Date.UTC(999, 5, 1))).toBeNull();
    expect(excelMoment('0999-06-01T12:00:00Z', true)).toBe(excelDate(formatDisplayDate('0999-06-01T12:00:00Z', true)));
    expect(typeof excelMoment('0999-06-01T12:00:00Z', true)).toBe('string');
  });
});
