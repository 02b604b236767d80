/**
 * PostgreSQL going away under a real server process, and coming back: the server reaches its database
 * through a TCP relay the test cuts (every connection dropped, the port closed) and restores, and a
 * PostgreSQL-side end of every connection (pg_terminate_backend, as a restart does) under steady reads.
 * Asserted: while the database is gone, every answer is the Spanish 503 with Retry-After (never a 500)
 * and the process lives; once it is back, the same session reads again without a restart; ended
 * backends cost no read a 5xx.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASE_UNAVAILABLE } from '../../server/http';
import { relay } from '../pg-relay';
import { call, freshDatabase, login, query, type ServerProcess, startServer } from './server';

let db: Awaited<ReturnType<typeof freshDatabase>>;
let link: Awaited<ReturnType<typeof relay>>;
let server: ServerProcess;
let token: string;

beforeAll(async () => {
  db = await freshDatabase('outage');
  link = await relay(new URL(db.url));
  const viaRelay = new URL(db.url);
  viaRelay.port = String(link.port);
  viaRelay.hostname = '127.0.0.1';
  server = await startServer({ databaseUrl: viaRelay.toString() });
  token = await login(server.baseUrl, 'admin@campo.test');
}, 240_000);
afterAll(async () => {
  await server?.stop();
  await link?.close();
  await db?.drop();
});

const health = async () => {
  const res = await fetch(`${server.baseUrl}/api/health`);
  return { status: res.status, retryAfter: res.headers.get('retry-after'), body: (await res.json()) as Record<string, unknown> };
};
const READS = ['/clients/all-clients?limit=20', '/user-moves/get/all?offset=0&limit=10', '/projects?offset=0&limit=20', '/locations?offset=0&limit=20'];

describe('PostgreSQL out of reach', () => {
  it('is a Spanish 503 with Retry-After on every read and write while it lasts, and the same session reads again once it is back', async () => {
    expect(await health()).toEqual({ status: 200, retryAfter: null, body: { status: 'ok' } });
    for (const path of READS) expect((await call(server.baseUrl, token, 'GET', path)).status, path).toBe(200);

    await link.cut();
    const down = await health();
    expect(down).toEqual({ status: 503, retryAfter: '5', body: { message: DATABASE_UNAVAILABLE } });
    for (const path of READS) {
      const answer = await call(server.baseUrl, token, 'GET', path);
      expect(answer, path).toEqual({ status: 503, body: { message: DATABASE_UNAVAILABLE } });
    }
    const write = await call(server.baseUrl, token, 'POST', '/tags', { groupName: `Corte ${Date.now()}`, keysValues: [{ key: 'a', value: 'b' }] });
    expect(write).toEqual({ status: 503, body: { message: DATABASE_UNAVAILABLE } });
    expect(server.child.exitCode).toBeNull();

    await link.restore();
    expect(await health()).toEqual({ status: 200, retryAfter: null, body: { status: 'ok' } });
    for (const path of READS) expect((await call(server.baseUrl, token, 'GET', path)).status, path).toBe(200);
    expect(server.output()).not.toMatch(/"statusCode":500|unexpected error/);
  }, 60_000);

  it('ending every backend under steady reads (a restart) costs no read a 5xx', async () => {
    let stop = false;
    const statuses: number[] = [];
    const failed: string[] = [];
    // Four readers, each one request after another, for as long as the backends are being ended.
    const readers = Array.from({ length: 4 }, async (_, n) => {
      for (let i = n; !stop; i++) {
        const path = READS[i % READS.length];
        const answer = await call(server.baseUrl, token, 'GET', path);
        statuses.push(answer.status);
        if (answer.status !== 200) failed.push(`${answer.status} ${path} ${JSON.stringify(answer.body)}`);
      }
    });
    const name = new URL(db.url).pathname.slice(1);
    let ended = 0;
    // Ten rounds, and more while the readers have not read 20 times or fewer than 11 backends were ended: a
    // machine the soak's load shares (two suites at a time) reads slower, and the same events take longer.
    const until = Date.now() + 20_000;
    for (let round = 0; round < 10 || ((ended <= 10 || statuses.length <= 20) && Date.now() < until); round++) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      const rows = await query<{ n: number }>(db.url, `select count(*)::int as n from (select pg_terminate_backend(pid) from pg_stat_activity where datname = '${name}' and pid <> pg_backend_pid()) s`);
      ended += rows[0].n;
    }
    stop = true;
    await Promise.all(readers);
    expect(ended).toBeGreaterThan(10);
    expect(statuses.length).toBeGreaterThan(20);
    // What the server logged says which statement met which error.
    expect(failed, server.output().slice(-4000)).toEqual([]);
    expect(server.child.exitCode).toBeNull();
  }, 60_000);
});
