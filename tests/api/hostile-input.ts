/**
 * Shared pieces of the hostile-input suites: values that tend to break servers, the check that an
 * answer is the project's Spanish error shape, and a change counter that proves a refused request
 * wrote nothing.
 */
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { expect } from 'vitest';
import type { Db } from '../../server/db/client';

/** Texts that tend to hurt: SQL and HTML fragments, broken regular expressions, odd Unicode, bad dates. */
export const NASTY_STRINGS = [
  '',
  ' ',
  // Names every object inherits: a lookup by a request's text must not find them.
  '__proto__',
  'constructor',
  'toString',
  'hasOwnProperty',
  '\u0000',
  'a\u0000b',
  '\ud800',
  '\u202e\u0645\u0631\u062d\u0628\u0627',
  '\u200b\ufeff',
  '💥👩‍👩‍👧‍👦',
  'Ñandú Ã¡ é',
  "' OR '1'='1",
  "'; DROP TABLE users; --",
  '1; SELECT pg_sleep(5)',
  '$$; $1 %s %n',
  '<script>alert(1)</script>',
  '<img src=x onerror=alert(1)>',
  'javascript:alert(1)',
  '"><svg/onload=alert(1)>',
  '(',
  '[',
  '*',
  '\\',
  '+?',
  'a{2,1}',
  '(?<=a)b',
  '\\p{L}',
  '[[:alpha:]]',
  '(a+)+$',
  '%',
  '_',
  '%00',
  '../../etc/passwd',
  'null',
  'undefined',
  'true',
  'NaN',
  'Infinity',
  '-0',
  '1e400',
  '-1',
  '9'.repeat(30),
  '0x1F',
  '2024-02-30',
  '31/02/2024',
  '29/02/2023',
  '0000-00-00',
  '00/00/0000',
  '9999-12-31',
  '31/12/9999',
  '2024-13-01',
  '2024-01-01T25:61:00Z',
  '12/31/2024',
  '1/1/1',
  'x'.repeat(3000),
  'ñ'.repeat(100_000),
];

export const nastyText = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...NASTY_STRINGS) },
  { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
  { weight: 1, arbitrary: fc.string({ unit: 'grapheme', maxLength: 20 }) },
);

/** Numbers past every boundary: negative, fractional, beyond int4 and int8, beyond a double's integers. */
export const nastyNumber = fc.oneof(
  fc.constantFrom(0, -1, -0, 0.5, 1.005, 2 ** 31, -(2 ** 31) - 1, 2 ** 53 + 2, 1e21, 1e308, -1e308, Number.MIN_VALUE),
  fc.integer(),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
);

/** JSON nested `depth` levels deep. */
export const deepJson = (depth: number): unknown => {
  let value: unknown = 'fondo';
  for (let i = 0; i < depth; i++) value = i % 2 ? [value] : { a: value };
  return value;
};

export const nastyValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 4, arbitrary: nastyText },
  { weight: 2, arbitrary: nastyNumber },
  { weight: 1, arbitrary: fc.boolean() },
  { weight: 1, arbitrary: fc.constant(null) },
  { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 2 }) },
  { weight: 1, arbitrary: fc.constantFrom<unknown>(deepJson(60), [], {}, [[]], JSON.parse('{"__proto__":{"admin":true}}'), Array.from({ length: 2000 }, (_, i) => i)) },
);

/** Raw JSON texts JSON.stringify cannot make: prototype keys, very deep nesting. */
export const RAW_BODIES = [
  '{"__proto__":{"isAdmin":true},"id":1}',
  '{"constructor":{"prototype":{"isAdmin":true}},"id":1}',
  `${'['.repeat(5000)}${']'.repeat(5000)}`,
  `${'{"a":'.repeat(3000)}1${'}'.repeat(3000)}`,
  '{"id":1,"id":"dos"}',
  '{"id":1e999}',
  '"\\ud800"',
  '',
  'null',
];

/** A label short enough to read in a failure report. */
export const short = (text: string, max = 240) => (text.length > max ? `${text.slice(0, max)}…(${text.length})` : text);

/** encodeURIComponent that takes lone surrogates too (sent as U+FFFD, as a browser would). */
export const encode = (text: string) => encodeURIComponent(Buffer.from(text).toString());

/** Words of the frameworks' English messages that must never reach a user. */
const ENGLISH = /\b(the|must|should|expected|received|invalid|required|unexpected|failed|cannot|not found|bad request|too large|unsupported|body|querystring|params|undefined|null value|violates|syntax error|relation|column)\b/i;

/** Whether a message is a readable Spanish sentence of ours, not a framework's or a driver's. */
export function expectSpanish(message: unknown, label: string) {
  expect(typeof message, `${label}: message ${JSON.stringify(message)}`).toBe('string');
  // What the message quotes back ("…", «…», '…') is the caller's own text, not ours.
  const text = (message as string).replace(/"[^"]*"|«[^»]*»|'[^']*'/g, '""');
  expect(text.trim().length, label).toBeGreaterThan(0);
  expect(text, `${label}: English or technical text`).not.toMatch(ENGLISH);
  expect(text, `${label}: stack trace`).not.toMatch(/\n\s+at |Error:/);
}

export interface Answer {
  statusCode: number;
  body: string;
  headers: Record<string, unknown>;
}

/**
 * Never a 5xx; a 4xx is JSON `{ message, errors? }` in Spanish (each field error too).
 * Returns the parsed body.
 */
export function expectWellFormed(res: Answer, label: string): unknown {
  const full = `${short(label)} → ${res.statusCode} ${res.body.slice(0, 400)}`;
  expect(res.statusCode, full).toBeLessThan(500);
  if (res.statusCode < 400) return undefined;
  expect(String(res.headers['content-type']), full).toMatch(/^application\/json/);
  const body = JSON.parse(res.body) as { message?: unknown; errors?: unknown };
  expectSpanish(body.message, full);
  if (body.errors !== undefined) {
    expect(typeof body.errors, full).toBe('object');
    for (const value of Object.values(body.errors as object)) expectSpanish(value, full);
  }
  return body;
}

/**
 * Tables that are not data a request can leave half-written: `rate_windows` counts every request to a
 * session route from an address (the per-IP limit), refused or not, before its body is read.
 */
const NOT_DATA = ['rate_windows'];

/**
 * A row-level trigger on every table of the schema counts inserted, updated and deleted rows per
 * table in `zz_row_changes`. The counter is written in the request's own transaction, so a write
 * that is rolled back leaves it as it was: equal counters before and after = nothing changed.
 * Test databases only: the app's schema and migrations know nothing of it.
 */
export async function installChangeCounter(db: Db): Promise<void> {
  await db.execute(sql.raw('CREATE TABLE zz_row_changes (tbl text PRIMARY KEY, n bigint NOT NULL)'));
  await db.execute(
    sql.raw(`CREATE FUNCTION zz_count_change() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        INSERT INTO zz_row_changes AS c (tbl, n) VALUES (TG_TABLE_NAME, 1) ON CONFLICT (tbl) DO UPDATE SET n = c.n + 1;
        RETURN NULL;
      END $$`),
  );
  await db.execute(
    sql.raw(`DO $$ DECLARE r record; BEGIN
      FOR r IN SELECT tablename FROM pg_tables WHERE schemaname = current_schema() AND tablename NOT IN ('zz_row_changes', ${NOT_DATA.map((t) => `'${t}'`).join(', ')}) LOOP
        EXECUTE format('CREATE TRIGGER zz_count AFTER INSERT OR UPDATE OR DELETE ON %I FOR EACH ROW EXECUTE FUNCTION zz_count_change()', r.tablename);
      END LOOP;
    END $$`),
  );
}

/** Rows changed so far, per table. */
export async function changeCounts(db: Db): Promise<Record<string, number>> {
  const result = (await db.execute(sql.raw('SELECT tbl, n FROM zz_row_changes ORDER BY tbl'))) as unknown as { rows: { tbl: string; n: string | number }[] };
  return Object.fromEntries(result.rows.map((r) => [r.tbl, Number(r.n)]));
}

/** The tables whose counters moved between two readings. */
export function changedTables(before: Record<string, number>, after: Record<string, number>): string[] {
  return Object.keys(after).filter((tbl) => after[tbl] !== (before[tbl] ?? 0));
}
