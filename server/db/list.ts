import { type AnyColumn, asc, desc, type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Db, Tx } from './client';
import { badRequest } from '../http';

/**
 * What a list sorts by, from its whitelist: a key the whitelist does not hold itself is a 400 ('__proto__'
 * or 'constructor' would otherwise find what every object inherits, and fail as a 500 further on).
 */
export function whitelisted<T>(whitelist: Record<string, T>, key: string): T {
  if (!Object.hasOwn(whitelist, key)) throw badRequest(`No se puede ordenar por "${key}".`);
  return whitelist[key];
}

/** Resolves a requested sort against a whitelist of columns; unknown fields are a 400. */
export function orderBy(columns: Record<string, AnyColumn | SQL>, sort: string | undefined, order: 'ASC' | 'DESC', fallback: string): SQL[] {
  const key = sort ?? fallback;
  const column = whitelisted(columns, key);
  const direction = order === 'DESC' ? desc : asc;
  const tie = columns.id && key !== 'id' ? [direction(columns.id as AnyColumn)] : [];
  return [direction(column as AnyColumn), ...tie];
}

/**
 * `column = any($1::int[])`: ids as one parameter. `inArray` binds one parameter per id, and a statement
 * takes at most 65,535 (a mass action's 100,000 ids broke the protocol: a 503 that was no outage).
 */
export const inIds = (column: AnyColumn | SQL, ids: readonly number[]): SQL => sql`${column} = any(${intArray(ids)})`;

/** Ids as one `int[]` parameter (for `any(…)`, `unnest(…)`, a function's argument). */
export const intArray = (ids: readonly number[]): SQL => sql`${`{${ids.join(',')}}`}::int[]`;

/** A LIKE pattern that matches the text literally, wherever it stands. */
export const containsPattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * Searches by name are blind to case and to accents: 'gondolas' finds 'Góndolas', 'nandu' finds 'Ñandú'.
 * `campo_fold(text)` (migration 0009) maps these letters to their plain ones and lowers the rest; the
 * search text is folded here the same way, once, and the name columns a large list searches have trigram
 * indexes on `campo_fold(column)`. The two strings are the SQL function's `translate` arguments, letter for
 * letter (a unit test holds them to the migration).
 */
export const FOLD_FROM = 'ÁÀÂÄÃÉÈÊËÍÌÎÏÓÒÔÖÕÚÙÛÜÑÇáàâäãéèêëíìîïóòôöõúùûüñç';
export const FOLD_TO = 'aaaaaeeeeiiiiooooouuuuncaaaaaeeeeiiiiooooouuuunc';
const FOLDED = new Map([...FOLD_FROM].map((letter, i) => [letter, FOLD_TO[i]]));

/** The text as `campo_fold` sees it: accents off, lower case. */
export const foldText = (text: string) => [...text].map((c) => FOLDED.get(c) ?? c).join('').toLowerCase();

/** The LIKE pattern of a name search: the folded text, literally, wherever it stands (see `matches`). */
export const searchPattern = (text: string) => containsPattern(foldText(text));

/** `column` (or any text expression) holds the search whose `searchPattern` is `pattern`. */
export const matches = (column: AnyColumn | SQL, pattern: unknown): SQL => sql`campo_fold(${column}) like ${pattern}`;

export const countAll = sql<number>`count(*)::int`;

/** Lists count exactly up to this many rows; beyond, the planner's estimate (docs/decisions.md, "Conteos a escala"). */
export const EXACT_COUNT_UP_TO = 1000;

export interface BoundedCount {
  count: number;
  /** True when `count` is the planner's estimate: more than EXACT_COUNT_UP_TO rows match. */
  estimated: boolean;
}

/**
 * The count of a list's rows (`rows`: the list's SELECT without order or paging): exact while it is
 * at most EXACT_COUNT_UP_TO, which costs at most that many rows; beyond, what EXPLAIN estimates,
 * never less than the exact part. An exact count of a million rows costs a scan of a million.
 */
export async function boundedCount(db: Db | Tx, rows: SQLWrapper): Promise<BoundedCount> {
  const exact = (await db.execute(sql`select ${exactCountUpTo(rows)} as n`)) as unknown as { rows: { n: number }[] };
  return beyondExact(db, rows, Number(exact.rows[0].n));
}

/** The SQL of the exact part of a count: how many rows `rows` gives, up to EXACT_COUNT_UP_TO + 1. */
export const exactCountUpTo = (rows: SQLWrapper) => sql<number>`(select count(*)::int from (${rows} limit ${EXACT_COUNT_UP_TO + 1}) s)`;

/** The count from its exact part `n`: exact while at most EXACT_COUNT_UP_TO, what EXPLAIN estimates beyond (never less than `n`). */
async function beyondExact(db: Db | Tx, rows: SQLWrapper, n: number): Promise<BoundedCount> {
  if (n <= EXACT_COUNT_UP_TO) return { count: n, estimated: false };
  const plan = (await db.execute(sql`explain (format json) ${rows}`)) as unknown as { rows: Record<string, unknown>[] };
  const raw = Object.values(plan.rows[0])[0];
  const json = (typeof raw === 'string' ? JSON.parse(raw) : raw) as { Plan: { 'Plan Rows': number } }[];
  return { count: Math.max(n, Math.round(json[0].Plan['Plan Rows'])), estimated: true };
}

/**
 * Estimated counts by query, for ESTIMATE_TTL_MS: paging through a big list, or many staff on one list,
 * need not count a thousand rows and ask the planner on every page. Exact counts are never kept: they
 * change with each write. In memory of each instance, up to 1,000 queries.
 */
const ESTIMATE_TTL_MS = 10_000;
const estimates = new Map<string, { at: number; count: BoundedCount }>();

type Countable = SQLWrapper & { toSQL(): { sql: string; params: unknown[] } };

const keyOf = (rows: Countable) => {
  const { sql: text, params } = rows.toSQL();
  return `${text}|${JSON.stringify(params)}`;
};

/**
 * A list's count in two steps, for a list that runs the exact part in its own page's statement:
 * `kept` is the estimate kept for these rows, if any (then nothing is to count); otherwise `exact` is
 * the SQL of the exact part, and `from(n)` completes the count from what it gave. `named`: a key that
 * tells these rows from every other list's and filter's (the list's name and its filters), when the
 * caller has one; otherwise the rows' SQL and parameters are the key (building it costs a fifth of
 * what the rest of a moves page costs the server).
 */
export function countSteps(db: Db | Tx, rows: Countable, named?: string) {
  const key = named ?? keyOf(rows);
  const entry = estimates.get(key);
  const kept = entry && Date.now() - entry.at < ESTIMATE_TTL_MS ? entry.count : undefined;
  return {
    kept,
    exact: exactCountUpTo(rows),
    async from(n: number): Promise<BoundedCount> {
      const count = await beyondExact(db, rows, n);
      if (count.estimated) {
        if (estimates.size >= 1000) estimates.delete(estimates.keys().next().value!);
        estimates.set(key, { at: Date.now(), count });
      }
      return count;
    },
  };
}

/**
 * A list's `boundedCount`, with its estimate kept a few seconds (`rows`: the list's SELECT without order
 * or paging; `named`: as for `countSteps`).
 */
export async function listCount(db: Db | Tx, rows: Countable, named?: string): Promise<BoundedCount> {
  const steps = countSteps(db, rows, named);
  if (steps.kept) return steps.kept;
  const exact = (await db.execute(sql`select ${steps.exact} as n`)) as unknown as { rows: { n: number }[] };
  return steps.from(Number(exact.rows[0].n));
}

/**
 * The count of a whole filter as a column of its own page, for a list that answers page and count in
 * one statement: an uncorrelated subquery, run once. (`where` names the table's columns as the page
 * does: in the subquery they are the subquery's own.)
 */
export const totalColumn = (table: SQLWrapper, where: SQL | undefined) => sql<number>`(select count(*) from ${table} where ${where ?? sql`true`})`.mapWith(Number);

/**
 * The count a page carried on its rows (`total`, from `totalColumn` or a window count). A page past
 * the last one has no rows to carry it: `countApart` counts then.
 */
export async function pageTotal(page: { total: number }[], offset: number, countApart: () => Promise<number>): Promise<number> {
  if (page.length) return page[0].total;
  return offset === 0 ? 0 : countApart();
}

/** A page's answer with its bounded count: `countEstimated` only when the count is an estimate. */
export const withCount = <T extends object>(page: T, counted: BoundedCount) => ({ ...page, count: counted.count, ...(counted.estimated ? { countEstimated: true as const } : {}) });

/**
 * The name of the row of `table` whose id is `key`, as a lookup in the select list rather than a join:
 * the page is planned without the join (the planner's search of join orders cost more than the page)
 * and the name is looked up for the page's rows only. `key` must name its table: in a one-table select
 * drizzle writes columns bare, which inside the lookup would be the lookup's own.
 */
export const nameOf = (table: PgTable, key: SQLWrapper) => sql<string | null>`(select named.name from ${table} named where named.id = ${key})`;
