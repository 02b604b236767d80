/**
 * The server outlives PostgreSQL closing its idle connections (a restart, a failover, an admin's
 * pg_terminate_backend): the pool drops them and the next request gets a new one. Unheard, the pool's
 * 'error' event ended the process. On PostgreSQL (its own database when the run's template is PGlite).
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { inject } from 'vitest';
import { createTestApp, type TestApp } from './helpers';

const server = inject('postgresServer');

describe.skipIf(!server && inject('campoDatabase').kind !== 'postgres')('connections PostgreSQL closes', () => {
  let t: TestApp;
  let token: string;
  beforeAll(async () => {
    t = await createTestApp({}, { postgres: true });
    token = (await t.login('admin@campo.test')).token;
  }, 60_000);
  afterAll(async () => t?.close());

  it('are replaced: the process lives on and the next requests answer', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    try {
      // Several requests at once: the pool keeps several connections idle afterwards.
      const pages = await Promise.all(Array.from({ length: 4 }, () => t.app.inject({ method: 'GET', url: '/api/clients/all-clients?limit=5', headers: t.authHeader(token) })));
      expect(pages.map((p) => p.statusCode)).toEqual([200, 200, 200, 200]);
      const pool = (t.db as unknown as { $client: import('pg').Pool }).$client;
      expect(pool.idleCount).toBeGreaterThan(0);
      // Another session ends every connection of this database but its own.
      const { Client } = await import('pg');
      const admin = new Client({ connectionString: (pool as unknown as { options: { connectionString: string } }).options.connectionString });
      await admin.connect();
      const ended = await admin.query('select count(*)::int as n from (select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()) s');
      await admin.end();
      expect(ended.rows[0].n).toBeGreaterThan(0);
      await vi.waitFor(() => expect(logged).toHaveBeenCalledWith(expect.stringContaining('Conexión con PostgreSQL perdida')), { timeout: 5000 });

      const again = await t.app.inject({ method: 'GET', url: '/api/clients/all-clients?limit=5', headers: t.authHeader(token) });
      expect(again.statusCode, again.body).toBe(200);
      expect((again.json() as { rows: unknown[] }).rows).toHaveLength(5);
      const [{ one }] = ((await t.db.execute(sql`select 1 as one`)) as unknown as { rows: { one: number }[] }).rows;
      expect(one).toBe(1);
    } finally {
      logged.mockRestore();
    }
  });
});
