/** Maintenance statements (CREATE/DROP DATABASE) on the PostgreSQL server the API tests use. */
import pg from 'pg';

export const quoteIdent = (name: string) => `"${name.replace(/"/g, '""')}"`;

/** The same server and credentials as `url`, another database. */
export function databaseUrl(url: string, database: string): string {
  const target = new URL(url);
  target.pathname = `/${database}`;
  return target.toString();
}

export async function adminQuery<R extends pg.QueryResultRow = pg.QueryResultRow>(url: string, text: string, values?: unknown[]): Promise<R[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<R>(text, values)).rows;
  } finally {
    await client.end();
  }
}

/**
 * CREATE DATABASE (`text`), tried again while PostgreSQL still counts a connection to its template (55006: the
 * server that seeded it has exited, and its backends may take a moment to end).
 */
export async function createDatabase(url: string, text: string): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    try {
      await adminQuery(url, text);
      return;
    } catch (error) {
      if ((error as { code?: string }).code !== '55006' || attempt === 50) throw error;
      await new Promise((r) => setTimeout(r, 100));
    }
  }
}

/** Where a PostgreSQL usually runs on a developer's or CI machine (trust auth, as in the README). */
export const LOCAL_POSTGRES = 'postgres://postgres@127.0.0.1:5432/postgres';

/**
 * The PostgreSQL server for the suites that need one whatever the run's database (the scale
 * generator, a race only PostgreSQL's locking can show): TEST_DATABASE_URL, else a local server if
 * one answers, else none (those suites then say so and are skipped).
 */
export async function postgresServer(): Promise<string | null> {
  if (process.env.TEST_DATABASE_URL) return process.env.TEST_DATABASE_URL;
  const client = new pg.Client({ connectionString: LOCAL_POSTGRES, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    return LOCAL_POSTGRES;
  } catch {
    return null;
  } finally {
    await client.end().catch(() => undefined);
  }
}
