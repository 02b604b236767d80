import { mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { PGlite, PGliteOptions } from '@electric-sql/pglite';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import * as schema from './schema';

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

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

/** PostgreSQL when a URL is given, otherwise the embedded PGlite in `dir` (or in memory). */
export async function openDatabase(options: { url?: string; dir?: string; pglite?: PGlite }): Promise<Database> {
  if (options.url) {
    const { Pool } = await import('pg');
    const { drizzle } = await import('drizzle-orm/node-postgres');
    // A database that takes the connection and never answers (a host gone behind a firewall) would hold
    // each request forever: after 5 s the connection attempt fails, and the request is a 503 (http.ts).
    const pool = new Pool({ connectionString: options.url, max: 10, connectionTimeoutMillis: 5000 });
    // An idle connection PostgreSQL closes (a restart, pg_terminate_backend, a failover) errors on the
    // pool; unheard, that error ends the process. The pool drops the broken connection and opens a new
    // one for the next query: the server only tells it.
    pool.on('error', (error) => console.error(`Conexión con PostgreSQL perdida (se abrirá otra): ${error.message}`));
    // A connection lost while a transaction holds it errors on the client, which then has no listener (the
    // pool listens only to idle ones): the process ended. The statement in flight fails on its own, the
    // request answers 503 (http.ts), and the pool drops the client when it comes back unusable.
    pool.on('connect', (client) => client.on('error', () => undefined));
    retryOnClosedConnection(pool);
    return { db: drizzle(pool, { schema }) as unknown as Db, kind: 'postgres', close: () => pool.end() };
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
 * PostgreSQL ended the backend (57P01 an admin or a restart, 57P02 a crash) before it ran the statement:
 * the backend aborts whatever it was doing and exits, so the statement did not happen and running it again
 * is safe, reads and writes alike.
 */
export const CLOSED_BACKEND = new Set(['57P01', '57P02']);

/**
 * A statement outside a transaction (the pool's own `query`, which drizzle uses for every one) that lands
 * on a connection PostgreSQL has just ended runs again on another. The race is real: the closing message
 * can sit unread on an idle connection's socket when a request takes it, and the request was a 500 (CI
 * found it). Statements inside a transaction are not retried: the transaction is gone, its caller answers.
 * At most one try per connection the pool can hold, each failing at once on a dead one.
 */
function retryOnClosedConnection(pool: import('pg').Pool) {
  const query = pool.query.bind(pool) as (...args: unknown[]) => Promise<unknown>;
  const tries = (pool.options.max ?? 10) + 1;
  const run = async (args: unknown[]) => {
    for (let attempt = 1; ; attempt++) {
      try {
        return await query(...args);
      } catch (error) {
        const code = (error as { code?: unknown }).code;
        if (attempt >= tries || typeof code !== 'string' || !CLOSED_BACKEND.has(code)) throw error;
      }
    }
  };
  pool.query = ((...args: unknown[]) => (typeof args[args.length - 1] === 'function' ? query(...args) : run(args))) as typeof pool.query;
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
