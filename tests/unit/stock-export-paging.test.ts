/**
 * The export worker walks a list two pages at a time: the page at `ahead` is used only if it starts
 * where the next page ends, so rows that change between the two requests are neither lost nor repeated.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import type { PageInfo } from '../../src/resources/moves/export/exportBook';
import { walkPages } from '../../src/resources/moves/export/walkPages';

type Key = string;
const id = (key: Key) => Number(key.slice(2));
/** A fake API: the stock's keys, five to a page, with `next` and `ahead` as the server gives them. */
let stock: Key[] = [];
let onServe: (after: Key | null) => void = () => undefined;
let failAt: Key | null = null;
const asked: (Key | null)[] = [];
const dropped: (Key | null)[] = [];
const SIZE = 5;

interface Answer {
  after: Key | null;
  rows: Key[];
  count: number | null;
  next: Key | null;
  ahead: Key | null;
}

function serve(after: Key | null): Answer {
  const start = after === null ? 0 : stock.findIndex((k) => id(k) > id(after));
  const from = start < 0 ? stock.length : start;
  const rows = stock.slice(from, from + SIZE);
  const next = rows.length === SIZE ? rows[SIZE - 1] : null;
  const ahead = next && stock.length >= from + 2 * SIZE ? stock[from + 2 * SIZE - 1] : null;
  return { after, rows, count: after === null ? stock.length : null, next, ahead };
}

const written: Key[] = [];
const progress: [number, number][] = [];
const walk = () =>
  walkPages<Answer>({
    fetch: async (after) => {
      asked.push(after);
      if (after !== null && after === failAt) throw new Error('Error 500');
      const answer = serve(after);
      onServe(after);
      return answer;
    },
    read: async (answer) => ({
      page: { count: answer.count, next: answer.next, ahead: answer.ahead, rows: answer.rows.length } satisfies PageInfo,
      write: () => written.push(...answer.rows),
    }),
    drop: (answer) => dropped.push(answer.after),
    progress: (done, total) => progress.push([done, total]),
  });

beforeEach(() => {
  stock = Array.from({ length: 23 }, (_, i) => `m:${i + 1}`);
  onServe = () => undefined;
  failAt = null;
  for (const list of [asked, dropped, written, progress]) list.length = 0;
});

describe('the export worker’s paging', () => {
  it('writes every row once, in order, asking for each page once, and tells its progress', async () => {
    await walk();
    expect(written).toEqual(stock);
    expect(asked).toEqual([null, 'm:5', 'm:10', 'm:15', 'm:20']);
    expect(dropped).toEqual([]);
    expect(progress).toEqual([
      [5, 23],
      [10, 23],
      [15, 23],
      [20, 23],
      [23, 23],
    ]);
  });

  it('drops the page asked for ahead when the next page ends elsewhere (a row left the stock meanwhile)', async () => {
    onServe = (after) => {
      if (after === null) stock = stock.filter((k) => k !== 'm:7');
    };
    await walk();
    expect(written).toEqual(stock);
    expect(new Set(written).size).toBe(written.length);
    // Page 1 said page 3 starts after m:10; without m:7 page 2 ends at m:11.
    expect(asked).toContain('m:10');
    expect(asked).toContain('m:11');
    expect(dropped).toEqual(['m:10']);
  });

  it('fails with the page that failed, and lets the page asked for ahead go', async () => {
    failAt = 'm:10';
    await expect(walk()).rejects.toThrow('Error 500');
    expect(written).toEqual(stock.slice(0, 10));
    // m:10 was asked for ahead with the first page; reading m:5's page asked for m:15 ahead, dropped.
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(dropped).toEqual(['m:15']);
  });
});
