/**
 * Statements built once per shape. Drizzle builds a query's SQL text anew on every call: for a list
 * page with its joins and lookups that is 100–200 µs of the server's CPU, a fifth of all it spends on
 * the page (BENCHMARKS.md, sixth round). A list that keeps its page statement here builds it once for
 * each shape (the filters present, the sort, the order) and binds each request's values to its
 * placeholders (`sql.placeholder('name')`).
 *
 * The statements are unnamed (`prepare('')`): PostgreSQL parses and plans each execution with its
 * values, as before. A named one would be planned once, generically, and a generic plan of a search
 * ran slower (BENCHMARKS.md, fifth round).
 */
import { type Placeholder, type SQL, sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { Db } from './client';

interface Prepared<T> {
  execute(values?: Record<string, unknown>): Promise<T>;
}

/** The shapes of each database (tests build several apps in one process, each on its own database). */
const kept = new WeakMap<Db, Map<string, Prepared<unknown>>>();

/**
 * The statement of `shape` on `db`, built by `build` the first time. `shape` must name everything
 * that changes the SQL text; `build` takes the values as placeholders only. A shape `build` refuses
 * (an unknown sort: a 400) is not kept. Shapes are few (filters × whitelisted sorts × two orders).
 */
export function preparedOnce<T>(db: Db, shape: string, build: () => Prepared<T>): Prepared<T> {
  let shapes = kept.get(db);
  if (!shapes) kept.set(db, (shapes = new Map()));
  let statement = shapes.get(shape) as Prepared<T> | undefined;
  if (!statement) {
    statement = build();
    shapes.set(shape, statement as Prepared<unknown>);
  }
  return statement;
}

/**
 * Placeholders named as the values they stand for: `placeholders('a', 'b')` is `{ a, b }` as
 * `sql.placeholder`s, for a condition written once over values or placeholders alike.
 */
export function placeholders<K extends string>(...names: K[]): Record<K, Placeholder> {
  return Object.fromEntries(names.map((name) => [name, sql.placeholder(name)])) as unknown as Record<K, Placeholder>;
}

/** Builds SQL text the way every database of the app does (PostgreSQL's dialect; PGlite speaks it too). */
const dialect = new PgDialect();

/**
 * A raw statement (what `db.execute` runs) built once per shape: its rows as objects. For a list
 * whose SQL is written by hand (the moves list) rather than with the query builder.
 */
export function preparedSql<Row>(db: Db, shape: string, build: () => SQL): Prepared<Row[]> {
  return preparedOnce(db, shape, () => {
    const statement = db._.session.prepareQuery(dialect.sqlToQuery(build()), undefined, '', false);
    return {
      async execute(values?: Record<string, unknown>) {
        return ((await statement.execute(values)) as { rows: Row[] }).rows;
      },
    };
  });
}
