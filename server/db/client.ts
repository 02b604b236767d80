import { mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { PGlite, PGliteOptions } from '@electric-sql/pglite';
import type { SQL } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { connectionLost, neverHappened } from './errors';
import * as schema from './schema';

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/**
 * The rows of a raw `sql` statement, typed. Drizzle types `execute` by driver (node-postgres and PGlite
 * answer differently); both give `rows`, and this is the one place that says so.
 */
export async function rowsOf<T>(db: Db | Tx, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

/**
 * A json / jsonb value a query answered: node-postgres parses it, PGlite may hand it over as its text.
 * The one place that says so.
 */
export const jsonValue = <T>(value: unknown): T => (typeof value === 'string' ? JSON.parse(value) : value) as T;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  close(): Promise<void>;
}

export const migrationsFolder = join(dirname(fileURLToPath(import.meta.url)), 'migrations');

/**
 * An embedded PGlite with the extensions the migrations create (pg_trgm, for searches inside text):
 * PGlite loads an extension only when it is named here.
 */
export async function createPglite(options: PGliteOptions = {}): Promise<PGlite> {
  const { PGlite } = await import('@electric-sql/pglite');
  const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm');
  return PGlite.create({ ...options, extensions: { pg_trgm } });
}

/**
 * The settings of every session the server opens on PostgreSQL. JIT off: it compiles a statement whose
 * estimated cost passes `jit_above_cost` (100,000), which a page of the stock export does, and the
 * compiling took ~70 ms of a ~370 ms page (docs/decisions.md, "JIT apagado"). The benchmark's own pools
 * use the same, so the SQL it compares with is the server's.
 */
export const SESSION_OPTIONS = '-c jit=off';

/** PostgreSQL when a URL is given, otherwise the embedded PGlite in `dir` (or in memory). */
export async function openDatabase(options: { url?: string; dir?: string; pglite?: PGlite }): Promise<Database> {
  if (options.url) {
    const { Pool } = await import('pg');
    const { drizzle } = await import('drizzle-orm/node-postgres');
    // A database that takes the connection and never answers (a host gone behind a firewall) would hold
    // each request forever: after 5 s the connection attempt fails, and the request is a 503 (http.ts).
    const pool = new Pool({ connectionString: options.url, max: 10, connectionTimeoutMillis: 5000, options: SESSION_OPTIONS });
    // An idle connection PostgreSQL closes (a restart, pg_terminate_backend, a failover) errors on the
    // pool; unheard, that error ends the process. The pool drops the broken connection and opens a new
    // one for the next query: the server only tells it.
    pool.on('error', (error) => console.error(`Conexión con PostgreSQL perdida (se abrirá otra): ${error.message}`));
    releaseLostConnections(pool);
    retryOnClosedConnection(pool);
    const db = drizzle(pool, { schema }) as unknown as Db;
    retryTransactionsNeverBegun(db, (pool.options.max ?? 10) + 1);
    return { db, kind: 'postgres', close: () => pool.end() };
  }
  const { drizzle } = await import('drizzle-orm/pglite');
  let client = options.pglite;
  if (!client) {
    if (options.dir) mkdirSync(options.dir, { recursive: true });
    client = await createPglite(options.dir ? { dataDir: options.dir } : {});
  }
  const pg = client;
  return { db: drizzle(pg, { schema }) as unknown as Db, kind: 'pglite', close: () => pg.close() };
}

/**
 * A connection lost while it is lent out (a transaction holds it) errors on its client, which has no
 * listener then: the pool listens only to idle ones, and the process ended. Each client gets its own
 * listener. Whoever holds the client sees its statement fail and gives it back; the pool drops it, being
 * unusable. One holder never does: drizzle runs a transaction's BEGIN outside its try, so a BEGIN that
 * fails leaves the client lent forever, one of the pool's ten lost each time. So, once the holder has had
 * its turn (the next round of the event loop), a lost client still lent is given back here, as broken;
 * the holder's own later release is then a no-op (pg-pool throws on a second one).
 */
function releaseLostConnections(pool: import('pg').Pool) {
  const lent = new WeakSet<object>();
  pool.on('acquire', (client) => lent.add(client));
  pool.on('release', (_error, client) => lent.delete(client));
  pool.on('connect', (client) => {
    client.on('error', (error) => {
      setImmediate(() => {
        if (!lent.has(client)) return;
        const release = client.release;
        client.release = () => undefined;
        release(error);
      });
    });
  });
}

/**
 * A statement outside a transaction (the pool's own `query`, which drizzle uses for every one) that lands
 * on a connection PostgreSQL has just ended runs again on another. The race is real: the closing message
 * can sit unread on an idle connection's socket when a request takes it, and the request was a 500 (CI
 * found it). At most one try per connection the pool can hold, each failing at once on a dead one (the
 * pool removes a client that failed before the next try asks for one). Nothing sent through `pool.query`
 * commits by itself midway (no CALL with COMMIT, no several statements in one string): see `neverHappened`.
 *
 * A read runs again however its connection went (`connectionLost`), at most twice: with no word from
 * PostgreSQL the statement may have run, which a read may, and may still be running there (a backend
 * notices a gone client only when it writes to it), so a read that keeps being cut is not run over and
 * over. A backend ended while blocked sending its rows to a server slowed by load closes the socket without
 * a word, and a read of the soak's outage test was a 503 (CI of 07/12). A write that lost its connection
 * without a word is the caller's error: it may have committed.
 */
function retryOnClosedConnection(pool: import('pg').Pool) {
  const query = pool.query.bind(pool) as (...args: unknown[]) => Promise<unknown>;
  const tries = (pool.options.max ?? 10) + 1;
  const run = async (args: unknown[]) => {
    let silent = 0;
    for (let attempt = 1; ; attempt++) {
      try {
        return await query(...args);
      } catch (error) {
        if (attempt >= tries) throw error;
        if (neverHappened(error)) continue;
        if (silent < SILENT_LOSS_RETRIES && connectionLost(error) && isRead(args[0])) {
          silent++;
          continue;
        }
        throw error;
      }
    }
  };
  pool.query = ((...args: unknown[]) => (typeof args[args.length - 1] === 'function' ? query(...args) : run(args))) as typeof pool.query;
}

/** How many times a read whose connection went without a word runs again. */
const SILENT_LOSS_RETRIES = 2;

/**
 * A read (a query config's text, or the text itself): a SELECT, or a WITH whose parts only select, that
 * changes nothing, so running it twice is running it once: no row lock, no sequence taken, no session lock
 * or setting. A text that names any of those, even inside a literal, is not taken for a read: the mistake
 * is then not to run it again, never to run it twice. The migrations' functions a select calls change
 * nothing (campo_assignable_until takes a share lock that ends with the statement; campo_stock_rows and the
 * folds only read).
 */
export function isRead(statement: unknown): boolean {
  const text = typeof statement === 'string' ? statement : (statement as { text?: unknown } | null)?.text;
  return typeof text === 'string' && /^[\s(]*(select|with)\b/i.test(text) && !WRITES_IN_A_READ.test(text);
}
const WRITES_IN_A_READ =
  /\b(insert\s+into|update\s+\S+\s+set|delete\s+from|merge\s+into|truncate)\b|\bfor\s+(no\s+key\s+)?(update|share)\b|\bfor\s+key\s+share\b|\b(nextval|setval|pg_(try_)?advisory\w*|set_config|pg_notify|pg_terminate_backend|pg_cancel_backend|lo_\w+|campo_\w+_write)\s*\(/i;

/**
 * A transaction whose BEGIN met a connection PostgreSQL had ended runs again on another: its work had not
 * started, so nothing of it happened. Once the work has started, a lost connection is the caller's error
 * (the transaction is rolled back by PostgreSQL; the request answers 503, http.ts): the work is not run
 * twice.
 */
function retryTransactionsNeverBegun(db: Db, tries: number) {
  const transaction = db.transaction.bind(db);
  db.transaction = (async (work: Parameters<Db['transaction']>[0], config?: Parameters<Db['transaction']>[1]) => {
    for (let attempt = 1; ; attempt++) {
      let begun = false;
      try {
        return await transaction((tx) => {
          begun = true;
          return work(tx);
        }, config);
      } catch (error) {
        if (begun || attempt >= tries || !neverHappened(error)) throw error;
      }
    }
  }) as Db['transaction'];
}

/** The session lock two server processes starting on one database take in turn to migrate it. */
const MIGRATION_LOCK = 7_261_001;

export async function migrate(database: Database): Promise<void> {
  if (database.kind === 'postgres') {
    const { migrate: run } = await import('drizzle-orm/node-postgres/migrator');
    // Two instances started together would both apply a pending migration, and one would fail half-way
    // (a table or extension created twice): the second waits for the first, then finds nothing to do.
    const pool = (database.db as unknown as { $client: import('pg').Pool }).$client;
    const lock = await pool.connect();
    try {
      await lock.query('select pg_advisory_lock($1)', [MIGRATION_LOCK]);
      await run(database.db as never, { migrationsFolder });
    } finally {
      await lock.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => undefined);
      lock.release();
    }
  } else {
    const { migrate: run } = await import('drizzle-orm/pglite/migrator');
    await run(database.db as never, { migrationsFolder });
  }
}
