/**
 * Statements built once per shape. Drizzle builds a query's SQL text anew on every call: for a list
 * page with its joins and lookups that is 100–200 µs of the server's CPU, a fifth of all it spends on
 * the page (BENCHMARKS.md, sixth round). A list that keeps its page statement here builds it once for
 * each shape (the filters present, the sort, the order) and binds each request's values to its
 * placeholders (`sql.placeholder('name')`).
 *
 * The statements are unnamed (`prepare('')`): PostgreSQL parses and plans each execution with its
 * values, as before. A named one would be planned once, generically, and a generic plan of a search
 * ran slower (BENCHMARKS.md, fifth round). Named, most list statements of the benchmark ran 1.2–8 times
 * faster (planning is up to half of their database time), the projects' name search slower; a generic
 * plan is also chosen from the first values a connection sees, which a skewed filter (a rare status)
 * may not share. Named are only the stock page, whose plan does not depend on its values (`preparedSql`
 * with `keepPlan`; docs/decisions.md, "Planes guardados sólo donde no dependen de los valores"), and a
 * list's first page with no value besides its size (`firstPageStatements`; "La primera página sin filtros,
 * con su plan guardado").
 */
import { createHash } from 'node:crypto';
import { Column, DrizzleQueryError, entityKind, getTableName, is, Param, Placeholder, SQL, sql, Subquery } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { Db } from './client';
import { planOutdated } from './errors';

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
    statement = direct(build());
    shapes.set(shape, statement as Prepared<unknown>);
  }
  return statement;
}

/** What `direct` reads of drizzle's node-postgres prepared query (drizzle-orm 0.45, node-postgres/session.js). */
interface NodePgStatement {
  fields?: { path: string[]; field: unknown }[];
  customResultMapper?: unknown;
  /** Which joined tables are never absent (inner joins): drizzle nulls an object of a left-joined one that is (`mapResultRow`). */
  joinsNotNullableMap?: Record<string, boolean>;
  params: unknown[];
  queryConfig: object;
  client: { query(config: object, params: unknown[]): Promise<{ rows: unknown[][] }> };
}

type Decode = ((value: unknown) => unknown) | null;

/** How drizzle decodes a selected field's value (`mapResultRow`); null when it leaves it as the driver gives it. */
function decoderOf(field: unknown): Decode {
  type Decoder = { mapFromDriverValue(value: unknown): unknown };
  // `decoder` is drizzle's internal member of SQL; a column is its own decoder.
  const of = (q: unknown) => (q as { decoder: Decoder }).decoder;
  const decoder: Decoder = is(field, Column) ? field : is(field, SQL) ? of(field) : is(field, Subquery) ? of(field._.sql) : of((field as SQL.Aliased).sql);
  return decoder.mapFromDriverValue === of(sql``).mapFromDriverValue ? null : (value) => decoder.mapFromDriverValue(value);
}

/** Each parameter's value from a request's values: a constant, or a placeholder's value (encoded as drizzle does, `fillPlaceholders`). */
function paramFiller(params: readonly unknown[]): (values: Record<string, unknown>) => unknown[] {
  const fillers = params.map((p): ((values: Record<string, unknown>) => unknown) => {
    const named = (name: string, encode: (v: unknown) => unknown) => (values: Record<string, unknown>) => {
      if (!(name in values)) throw new Error(`No value for placeholder "${name}" was provided`);
      return encode(values[name]);
    };
    if (is(p, Placeholder)) return named(p.name, (v) => v);
    if (is(p, Param) && is(p.value, Placeholder)) {
      const encoder = p.encoder;
      return named(p.value.name, (v) => encoder.mapToDriverValue(v));
    }
    return () => p;
  });
  return (values) => fillers.map((fill) => fill(values));
}

/** A row of the driver (array mode) as the selection's object. */
type RowMapper = (row: unknown[]) => Record<string, unknown>;

/**
 * A selection's mapper, its fields' paths and decoders found once, answering what drizzle's
 * `mapResultRow` answers: flat fields (`{ id, name }`), or objects made along each field's path
 * (`{ move: { id, … }, location: { … } }`) with an object of a left-joined table null when the join
 * found nothing, by drizzle's own rule: the object's first column is null, and all of its columns are
 * of that one table, which is not inner-joined (`joinsNotNullableMap`).
 */
function rowMapper(fields: NonNullable<NodePgStatement['fields']>, joins: Record<string, boolean> | undefined): RowMapper {
  const slots = fields.map(({ path, field }) => ({
    parents: path.slice(0, -1),
    name: path[path.length - 1],
    decode: decoderOf(field),
    // What the rule reads: a column that is a direct member of an object (a path of two).
    object: joins && is(field, Column) && path.length === 2 ? path[0] : null,
    table: is(field, Column) ? getTableName(field.table) : '',
  }));
  return (row) => {
    const out: Record<string, unknown> = {};
    const absent: Record<string, string | false> = {};
    for (let i = 0; i < slots.length; i++) {
      const slot = slots[i];
      let node = out;
      for (const chunk of slot.parents) node = (node[chunk] ??= {}) as Record<string, unknown>;
      const raw = row[i];
      const value = raw === null || slot.decode === null ? raw : slot.decode(raw);
      node[slot.name] = value;
      if (slot.object === null) continue;
      const seen = absent[slot.object];
      if (seen === undefined) absent[slot.object] = value === null ? slot.table : false;
      else if (seen !== false && seen !== slot.table) absent[slot.object] = false;
    }
    for (const object in absent) {
      const table = absent[object];
      if (table !== false && !joins![table]) out[object] = null;
    }
    return out;
  };
}

/**
 * A node-postgres prepared select (`{ id: t.id, name: … }`, the lists' pages, or nested objects of
 * joined tables, the reports' rows) run straight on its client, its rows mapped by a mapper made once:
 * drizzle's own `execute` maps each field of each row anew (`mapResultRow`: an `is` walk up the field's
 * class chain, a path iterator, a closure per field), ~60 µs of a 20-row page. The SQL, the parameters,
 * the decoders, the objects it nulls and the error (a DrizzleQueryError around the driver's) are
 * drizzle's. Anything else (a custom result mapper, PGlite, raw statements) runs as drizzle runs it.
 */
function direct<T>(statement: Prepared<T>): Prepared<T> {
  const s = statement as unknown as NodePgStatement;
  const kind = (statement as unknown as { constructor?: Record<symbol, unknown> }).constructor?.[entityKind];
  if (kind !== 'NodePgPreparedQuery' || !s.fields || s.customResultMapper) return statement;
  const map = rowMapper(s.fields, s.joinsNotNullableMap);
  const fill = paramFiller(s.params);
  const { client, queryConfig } = s;
  const text = (queryConfig as { text: string }).text;
  let firstPage = firstPageStatements(text, s.params);
  const run = async (values: Record<string, unknown>): Promise<unknown[][]> => {
    const kept = firstPage?.(values);
    const params = kept ? [] : fill(values);
    try {
      return (await client.query(kept ? { ...queryConfig, ...kept } : queryConfig, params)).rows;
    } catch (error) {
      if (kept && planOutdated(error)) {
        firstPage = null;
        return run(values);
      }
      throw new DrizzleQueryError(kept?.text ?? text, params, error as Error);
    }
  };
  return {
    async execute(values: Record<string, unknown> = {}) {
      return (await run(values)).map(map) as T;
    },
  };
}

/**
 * The page sizes whose first page runs on a kept plan: those the console's lists offer (`perPageOptions`
 * in src/), each also with the row beyond the page that some lists ask for. Any other size, or any other
 * page, runs as before: the statements a request can make PostgreSQL keep stay few.
 */
const KEPT_FIRST_PAGES = new Set([5, 10, 20, 25, 35, 50, 100, 150, 200].flatMap((size) => [size, size + 1]));
/**
 * At most this many first pages are kept by each process (and so by each of its connections): every list's
 * unfiltered shape (its sorts × two orders) at every size above would be thousands of plans held by each
 * connection of the pool, and any user may ask for them. The first pages asked for first are kept; past the
 * limit, a first page runs unnamed, as every page did before.
 */
export const KEPT_FIRST_PAGES_MAX = 200;
const keptFirstPages = new Set<string>();

/**
 * How many shapes keep their plan (`keepPlan`): each connection holds the plan of every one it has run, and
 * the stock's sorted pages alone have hundreds of possible shapes (states × filters × columns × orders). The
 * first asked for are kept; past the limit a shape runs unnamed, planned with its values, as before.
 */
export const KEPT_PLANS_MAX = 200;
const keptPlans = new Set<string>();
const keptPlan = (name: string) => keptPlans.has(name) || (keptPlans.size < KEPT_PLANS_MAX && Boolean(keptPlans.add(name)));

/** The name of a kept statement: a hash of its text, so that a connection never holds two texts under one name. */
const statementName = (text: string) => `campo_${createHash('sha1').update(text).digest('base64url').slice(0, 20)}`;

/** How drizzle writes a page's limit and offset when they are placeholders: at a select's end, or a subquery's. */
const PAGE_CLAUSE = / limit \$(\d+) offset \$(\d+)(?!\d)/g;

const placeholderName = (p: unknown) => (is(p, Placeholder) ? p.name : is(p, Param) && is(p.value, Placeholder) ? p.value.name : null);

/** A first page kept as a statement of its own: its text, with the size written in, and its name. */
interface KeptFirstPage {
  text: string;
  name: string;
}

/**
 * A list's first page with no value besides its size, as a named statement without parameters: the
 * unfiltered list a screen opens on. A statement without parameters has one plan, the one PostgreSQL
 * would make for it on every request, so keeping it (named: each connection parses and plans it once,
 * until an ANALYZE or a change of the tables invalidates it) cannot pick a worse plan for some value,
 * the risk that keeps the filtered pages unnamed ("Planes guardados sólo donde no dependen de los
 * valores", docs/decisions.md). Planning was most of the database's time of such a page: the points of
 * sale's first page ran 2,234 times a second on ten connections unnamed and 10,144 named (pgbench).
 * With limit and offset as parameters PostgreSQL would plan the generic statement for a tenth of the
 * table and keep planning each request.
 *
 * The statement's only parameters must be the `limit` and `offset` placeholders, written once as drizzle
 * writes a page (` limit $n offset $m`), at its end or in a subquery (the moves list pages its ids inside
 * the statement that writes their rows). Null when the statement has other values; the function it
 * answers gives null for a page that is not kept (a later page, another size, past KEPT_FIRST_PAGES_MAX).
 */
function firstPageStatements(text: string, params: readonly unknown[]): ((values: Record<string, unknown>) => KeptFirstPage | null) | null {
  const clauses = [...text.matchAll(PAGE_CLAUSE)];
  if (clauses.length !== 1 || params.length !== 2) return null;
  const [clause, limitAt, offsetAt] = clauses[0];
  if (placeholderName(params[Number(limitAt) - 1]) !== 'limit' || placeholderName(params[Number(offsetAt) - 1]) !== 'offset') return null;
  const bySize = new Map<number, KeptFirstPage>();
  return (values) => {
    const { limit, offset } = values;
    if (offset !== 0 || typeof limit !== 'number' || !KEPT_FIRST_PAGES.has(limit)) return null;
    let kept = bySize.get(limit);
    if (!kept) {
      const at = clauses[0].index!;
      const sized = `${text.slice(0, at)} limit ${limit} offset 0${text.slice(at + clause.length)}`;
      const name = statementName(sized);
      if (!keptFirstPages.has(name)) {
        if (keptFirstPages.size >= KEPT_FIRST_PAGES_MAX) return null;
        keptFirstPages.add(name);
      }
      kept = { text: sized, name };
      bySize.set(limit, kept);
    }
    return kept;
  };
}

/**
 * A constant of the code written into the SQL text as a string literal (its quotes doubled), rather than
 * sent as a value: a statement whose only values are its page's size and offset keeps its first pages
 * (`firstPageStatements`). For the code's own constants only (states, labels), never for what a request
 * brings.
 */
export const textConstant = (text: string): SQL => sql.raw(`'${text.replace(/'/g, "''")}'`);

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
 *
 * `keepPlan`: the statement is named (by a hash of its text), so that each connection parses it once,
 * and after its first executions PostgreSQL runs its generic plan when that costs no more than the
 * plans made for each request's values (`plan_cache_mode = auto`). For a statement whose planning
 * costs more than running it, and whose plan does not depend on the values: the assignment screen's
 * stock page (a union of two keyset walks and a function of lookups by key) spent half its database
 * time planning (BENCHMARKS.md, twenty-fifth round). Every connection keeps each shape. On PGlite, an
 * unnamed statement as before.
 *
 * Without it, a first page with no value besides its size is kept all the same (`firstPageStatements`):
 * the moves list the review screen opens on, in any of its orders.
 */
export function preparedSql<Row>(db: Db, shape: string, build: () => SQL, options: { keepPlan?: boolean } = {}): Prepared<Row[]> {
  return preparedOnce(db, shape, () => {
    const query = dialect.sqlToQuery(build());
    const session = db._.session as unknown as { constructor: Record<symbol, unknown> };
    const onServer = session.constructor[entityKind] === 'NodePgSession';
    const named = options.keepPlan && onServer && keptPlan(statementName(query.sql));
    const prepare = (text: string, params: unknown[], name: string) => db._.session.prepareQuery({ sql: text, params }, undefined, name, false);
    let plain: ReturnType<typeof prepare> | undefined;
    const unnamed = () => (plain ??= prepare(query.sql, query.params, ''));
    let statement = named ? prepare(query.sql, query.params, statementName(query.sql)) : unnamed();
    let firstPage = onServer && !named ? firstPageStatements(query.sql, query.params) : null;
    const firstPages = new Map<KeptFirstPage, ReturnType<typeof prepare>>();
    const execute = async (values: Record<string, unknown>): Promise<Row[]> => {
      const kept = firstPage?.(values);
      let run = statement;
      if (kept) {
        if (!firstPages.has(kept)) firstPages.set(kept, prepare(kept.text, [], kept.name));
        run = firstPages.get(kept)!;
      }
      try {
        return ((await run.execute(values)) as { rows: Row[] }).rows;
      } catch (error) {
        // A kept statement PostgreSQL no longer runs (`planOutdated`): this shape is kept no more.
        if (run !== plain && planOutdated(error)) {
          firstPage = null;
          statement = unnamed();
          return execute(values);
        }
        throw error;
      }
    };
    return { execute: (values: Record<string, unknown> = {}) => execute(values) };
  });
}
