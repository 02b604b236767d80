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
    const pool = new Pool({ connectionString: options.url, max: 10 });
    // An idle connection PostgreSQL closes (a restart, pg_terminate_backend, a failover) errors on the
    // pool; unheard, that error ends the process. The pool drops the broken connection and opens a new
    // one for the next query: the server only tells it.
    pool.on('error', (error) => console.error(`Conexión con PostgreSQL perdida (se abrirá otra): ${error.message}`));
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
