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
