import { pageRequest } from '../../src/resources/moves/list/pageRequest';
import { listAnswer } from '../../src/dataProvider';
import { pageCount } from '../../server/db/list';
import { describe, expect, it } from 'vitest';
import { downloadedText, pagerState, pagesText, shownText } from '../../src/ui/table/pagerText';

describe("the pager's 'Mostrando' line", () => {
  it('gives an exact total as it is', () => {
    expect(shownText(1, 10, 54, false)).toBe('Mostrando 1-10 de 54 registros');
    expect(shownText(0, 0, 0, false)).toBe('Mostrando 0-0 de 0 registros');
  });
  it('separates the thousands of an exact total too, as the payments\' filter total beside it does (255.000, not 255000)', () => {
    expect(shownText(1001, 1010, 255000, false)).toBe('Mostrando 1.001-1.010 de 255.000 registros');
    expect(pagesText(25500, false)).toBe('Págs. Totales: 25.500');
    expect(shownText(1000001, 1000010, 1000464, true)).toBe('Mostrando 1.000.001-1.000.010 de aprox. 1.000.464 registros');
  });
  it('says an estimated total is approximate, with thousands separated the Argentine way', () => {
    expect(shownText(11, 20, 1000464, true)).toBe('Mostrando 11-20 de aprox. 1.000.464 registros');
    expect(pagesText(100047, true)).toBe('Págs. Totales: aprox. 100.047');
    expect(pagesText(6, false)).toBe('Págs. Totales: 6');
  });
});

describe("the pager's reach", () => {
  it('with an exact total, stops at its last page', () => {
    expect(pagerState({ page: 3, perPage: 20, total: 54, estimated: false, rows: 14 })).toEqual({ from: 41, to: 54, shownTotal: 54, pages: 3, more: false, reachable: 3 });
  });
  it('with an estimate, goes past it while the page is full, counting the rows it shows', () => {
    // An estimate of 1.001 for a client with 3.008 points of sale: page 51 is full.
    const full = pagerState({ page: 51, perPage: 20, total: 1001, estimated: true, rows: 20 });
    expect(full).toMatchObject({ from: 1001, to: 1020, shownTotal: 1020, pages: 51, more: true });
    expect(full.reachable).toBe(500_000);
    expect(pagerState({ page: 151, perPage: 20, total: 1001, estimated: true, rows: 8 })).toMatchObject({ from: 3001, to: 3008, shownTotal: 3008, pages: 151, more: false });
    // An estimate above the real total: the short page ends it.
    expect(pagerState({ page: 2, perPage: 20, total: 5000, estimated: true, rows: 3 })).toMatchObject({ from: 21, to: 23, shownTotal: 5000, more: false });
    expect(pagerState({ page: 9, perPage: 20, total: 5000, estimated: true, rows: 0 })).toMatchObject({ from: 0, to: 0, shownTotal: 5000, more: false });
  });
});

describe('how the moves list asks for a page', () => {
  const rows = (...ids: number[]) => ids.map((id) => ({ id }));
  it('asks after the last move of the full page before it', () => {
    expect(pageRequest(3, 3, { previous: rows(9, 8, 7) })).toEqual({ offset: 0, limit: 3, after: 7 });
  });
  it('asks before the first move of the page after it when the one before is not at hand', () => {
    expect(pageRequest(2, 3, { next: rows(6, 5, 4) })).toEqual({ offset: 0, limit: 3, before: 6 });
  });
  it('asks by offset without a neighbour, on the first page, or after a short page', () => {
    expect(pageRequest(5, 10, {})).toEqual({ offset: 40, limit: 10 });
    expect(pageRequest(1, 10, { previous: rows(1, 2, 3, 4, 5, 6, 7, 8, 9, 10) })).toEqual({ offset: 0, limit: 10 });
    expect(pageRequest(2, 10, { previous: rows(1, 2) })).toEqual({ offset: 10, limit: 10 });
    expect(pageRequest(2, 10, { previous: [], next: [] })).toEqual({ offset: 10, limit: 10 });
  });
});

describe("a list's answer as the shared list takes it", () => {
  it('passes an estimated count on to the pager, and nothing when the count is exact', () => {
    expect(listAnswer({ rows: [{ id: 1 }], count: 100028, countEstimated: true })).toEqual({ data: [{ id: 1 }], total: 100028, meta: { countEstimated: true } });
    expect(listAnswer({ rows: [], count: 54 })).toEqual({ data: [], total: 54 });
    expect(listAnswer({ rows: [], count: 54, totalAmount: '253203.00' })).toEqual({ data: [], total: 54, meta: { totalAmount: '253203.00' } });
  });
});

describe("a page's count as its rows bear it out (the server asks one row beyond the page)", () => {
  const estimate = (count: number) => ({ count, estimated: true });
  it('leaves an exact count as it is', () => {
    expect(pageCount({ count: 54, estimated: false }, 40, 14, 20)).toEqual({ count: 54, estimated: false });
  });
  it('lifts an estimate short of the rows past the page, so no pager stops at its guess', () => {
    // 3,000 points of sale estimated at 1.001: page 52 is full, with more after it.
    expect(pageCount(estimate(1001), 1020, 21, 20)).toEqual({ count: 1041, estimated: true });
    expect(pageCount(estimate(5000), 1020, 21, 20)).toEqual({ count: 5000, estimated: true });
  });
  it('counts exactly the page the rows end on, a full one too, whether the estimate fell short or passed them', () => {
    expect(pageCount(estimate(1001), 2980, 20, 20)).toEqual({ count: 3000, estimated: false });
    expect(pageCount(estimate(6006), 5980, 20, 20)).toEqual({ count: 6000, estimated: false });
    expect(pageCount(estimate(1500), 0, 7, 20)).toEqual({ count: 7, estimated: false });
  });
  it('keeps the estimate on a page past the end, where the end lies is unknown', () => {
    expect(pageCount(estimate(6006), 6000, 0, 20)).toEqual({ count: 6006, estimated: true });
  });
});

describe('the export notice', () => {
  it('dots the thousands as the pager does, and says one row in the singular', () => {
    expect(downloadedText(255_000)).toBe('Se descargaron 255.000 registros');
    expect(downloadedText(12)).toBe('Se descargaron 12 registros');
    expect(downloadedText(1)).toBe('Se descargó 1 registro');
  });
});
