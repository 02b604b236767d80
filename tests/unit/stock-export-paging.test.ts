/**
 * The stock export asks for two pages at a time: the page at `ahead` is used only if it starts where
 * the next page ends, so rows that change between the two requests are neither lost nor repeated.
 */
import { beforeEach, describe, expect, it, vi } from 'vitest';

type Key = string;
const id = (key: Key) => Number(key.slice(2));
/** A fake API: the stock's keys, five to a page, with `next` and `ahead` as the server gives them. */
let stock: Key[] = [];
let onServe: (after: Key | null) => void = () => undefined;
const asked: (Key | null)[] = [];
const SIZE = 5;

function serve(after: Key | null) {
  const start = after === null ? 0 : stock.findIndex((k) => id(k) > id(after));
  const from = start < 0 ? stock.length : start;
  const rows = stock.slice(from, from + SIZE);
  const next = rows.length === SIZE ? rows[SIZE - 1] : null;
  const ahead = next && stock.length >= from + 2 * SIZE ? stock[from + 2 * SIZE - 1] : null;
  return { rows: rows.map((key) => ({ key })), count: after === null ? stock.length : null, next, ahead };
}

vi.mock('../../src/dataProvider/http', () => ({
  request: vi.fn(),
  requestBody: async (_path: string, options: { query: { after?: string } }) => {
    const after = options.query.after ?? null;
    asked.push(after);
    const page = serve(after);
    onServe(after);
    return new Response(JSON.stringify(page)).body;
  },
}));

const written: Key[] = [];
vi.mock('../../src/resources/moves/export/runExport', () => ({
  runExport: async (options: { fill: (emit: unknown, emitPage: (sheet: string, reader: string, body: ReadableStream) => Promise<unknown>) => Promise<void> }) => {
    await options.fill(vi.fn(), async (_sheet, _reader, body) => {
      const page = JSON.parse(await new Response(body).text());
      written.push(...page.rows.map((r: { key: Key }) => r.key));
      return { count: page.count, next: page.next, ahead: page.ahead, rows: page.rows.length };
    });
  },
}));

const { exportStock } = await import('../../src/resources/moves/report/exports');

beforeEach(() => {
  stock = Array.from({ length: 23 }, (_, i) => `m:${i + 1}`);
  onServe = () => undefined;
  asked.length = 0;
  written.length = 0;
});

describe('the stock export’s paging', () => {
  it('writes every row once, in order, asking for each page once', async () => {
    const progress: number[] = [];
    await exportStock((f) => progress.push(f));
    expect(written).toEqual(stock);
    expect(asked).toEqual([null, 'm:5', 'm:10', 'm:15', 'm:20']);
    expect(progress.at(-1)).toBe(1);
  });

  it('drops the page asked for ahead when the next page ends elsewhere (a row left the stock meanwhile)', async () => {
    onServe = (after) => {
      if (after === null) stock = stock.filter((k) => k !== 'm:7');
    };
    await exportStock(() => undefined);
    expect(written).toEqual(stock);
    expect(new Set(written).size).toBe(written.length);
    // Page 1 said page 3 starts after m:10; without m:7 page 2 ends at m:11.
    expect(asked).toContain('m:10');
    expect(asked).toContain('m:11');
  });
});
