/**
 * The server outlives PostgreSQL closing its idle connections (a restart, a failover, an admin's
 * pg_terminate_backend): the pool drops them and the next request gets a new one. Unheard, the pool's
 * 'error' event ended the process. On PostgreSQL (its own database when the run's template is PGlite).
 */
import { sql } from 'drizzle-orm';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { inject } from 'vitest';
import { buildApp } from '../../server/app';
import { openDatabase } from '../../server/db/client';
import { databaseUnavailable } from '../../server/db/errors';
import { DATABASE_UNAVAILABLE, errorHandler } from '../../server/http';
import { relay } from '../pg-relay';
import { createTestApp, type TestApp } from './helpers';

const server = inject('postgresServer');

describe.skipIf(!server && inject('campoDatabase').kind !== 'postgres')('connections PostgreSQL closes', () => {
  let t: TestApp;
  let token: string;
  let pool: import('pg').Pool;
  beforeAll(async () => {
    t = await createTestApp({}, { postgres: true });
    token = (await t.login('admin@campo.test')).token;
    pool = (t.db as unknown as { $client: import('pg').Pool }).$client;
  }, 60_000);
  afterAll(async () => t?.close());

  /** Another session runs `statement` (with `$1`, this test's marker) once a backend is busy with `marker`. */
  async function whenRunning(marker: string, statement: string) {
    const { Client } = await import('pg');
    const admin = new Client({ connectionString: (pool as unknown as { options: { connectionString: string } }).options.connectionString });
    await admin.connect();
    try {
      for (let i = 0; i < 200; i++) {
        const { rows } = await admin.query(`select count(*)::int as n from (${statement}) s`, [`%${marker}%`]);
        if (rows[0].n > 0) return rows[0].n as number;
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
      throw new Error(`no backend ran ${marker}`);
    } finally {
      await admin.end();
    }
  }
  /** No backend runs `marker` any more. */
  async function whenGone(marker: string) {
    const { rows } = await t.db.execute(sql`select count(*)::int as n from pg_stat_activity where query like ${`%${marker}%`} and pid <> pg_backend_pid() and state = 'active'`) as unknown as { rows: { n: number }[] };
    return rows[0].n === 0;
  }
  const TERMINATE = "select pg_terminate_backend(pid) from pg_stat_activity where query like $1 and pid <> pg_backend_pid() and state = 'active'";

  it('a statement whose backend is ended under it runs again on a new connection', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    try {
      const marker = `campo_retry_${Date.now()}`;
      // A drizzle query runs when awaited: then() starts it now.
      const slow = t.db.execute(sql.raw(`select '${marker}' as tag, 7 as n from pg_sleep(2)`)).then((result) => result);
      expect(await whenRunning(marker, TERMINATE)).toBe(1);
      const { rows } = (await slow) as unknown as { rows: { tag: string; n: number }[] };
      expect(rows).toEqual([{ tag: marker, n: 7 }]);
    } finally {
      logged.mockRestore();
    }
  });

  it('a read whose connection goes with no word from PostgreSQL runs again on another; a write, which may have committed, does not', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    const direct = (pool as unknown as { options: { connectionString: string } }).options.connectionString;
    // The server reaches PostgreSQL through a relay that drops the line mid-statement (a proxy, a
    // network, or a backend ended while blocked sending its rows: each closes the socket without a word).
    const link = await relay(new URL(direct));
    const viaRelay = new URL(direct);
    viaRelay.hostname = '127.0.0.1';
    viaRelay.port = String(link.port);
    const database = await openDatabase({ url: viaRelay.toString() });
    let connections = 0;
    (database.db as unknown as { $client: import('pg').Pool }).$client.on('connect', () => connections++);
    const table = `campo_lost_${Date.now()}`;
    const RUNNING = "select pid from pg_stat_activity where query like $1 and pid <> pg_backend_pid() and state = 'active'";
    try {
      // Two seconds: long enough that the line is dropped while it runs, on a loaded machine too.
      const read = database.db.execute(sql.raw(`select '${table}_read' as tag, 7 as n from pg_sleep(2)`)).then((result) => result);
      expect(await whenRunning(`${table}_read`, RUNNING)).toBe(1);
      expect(connections).toBe(1);
      link.drop();
      const { rows } = (await read) as unknown as { rows: { tag: string; n: number }[] };
      expect(rows).toEqual([{ tag: `${table}_read`, n: 7 }]);
      // It ran again, on a second connection.
      expect(connections).toBe(2);

      await database.db.execute(sql.raw(`create table ${table} (n int)`));
      const write = database.db.execute(sql.raw(`insert into ${table} select 1 from pg_sleep(2)`)).then(
        () => null,
        (error: unknown) => error,
      );
      expect(await whenRunning(`insert into ${table}`, RUNNING)).toBe(1);
      link.drop();
      const error = await write;
      expect(error).toBeInstanceOf(Error);
      expect(databaseUnavailable(error)).toBe(true);
      // PostgreSQL ran it to its commit with nobody listening: once, as the caller's one try.
      await vi.waitFor(async () => expect(await whenGone(`insert into ${table}`)).toBe(true), { timeout: 10_000 });
      const [{ n }] = ((await t.db.execute(sql.raw(`select count(*)::int as n from ${table}`))) as unknown as { rows: { n: number }[] }).rows;
      expect(n).toBe(1);
    } finally {
      await database.close().catch(() => undefined);
      await link.close();
      await t.db.execute(sql.raw(`drop table if exists ${table}`));
      logged.mockRestore();
    }
  });

  it('a transaction whose BEGIN meets a connection PostgreSQL ended runs on another, and the dead one leaves the pool', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    try {
      // Idle connections whose closing message stays unread: their sockets stop reading.
      await Promise.all(Array.from({ length: 3 }, () => t.db.execute(sql`select pg_sleep(0.05)`).then((result) => result)));
      type Lent = { connection: { stream: { pause(): void; resume(): void } } };
      const idle = (pool as unknown as { _idle: { client: Lent }[] })._idle.map((item) => item.client);
      expect(idle.length).toBeGreaterThan(0);
      for (const client of idle) client.connection.stream.pause();
      const { Client } = await import('pg');
      const admin = new Client({ connectionString: (pool as unknown as { options: { connectionString: string } }).options.connectionString });
      await admin.connect();
      const ended = await admin.query('select count(*)::int as n from (select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()) s');
      await admin.end();
      expect(ended.rows[0].n).toBeGreaterThanOrEqual(idle.length);
      await new Promise((resolve) => setTimeout(resolve, 200));

      // The BEGIN goes out on a dead connection before its socket reads the FATAL waiting there.
      const work = vi.fn(async (tx: Parameters<Parameters<typeof t.db.transaction>[0]>[0]) => ((await tx.execute(sql`select 41 + 1 as n`)) as unknown as { rows: { n: number }[] }).rows[0]);
      const done = t.db.transaction(work);
      for (const client of idle) client.connection.stream.resume();
      expect(await done).toEqual({ n: 42 });
      expect(work).toHaveBeenCalledTimes(1);
      // No client stays lent: the one whose BEGIN failed was given back, broken, and dropped.
      await vi.waitFor(() => expect(pool.totalCount - pool.idleCount).toBe(0), { timeout: 3000 });
      const again = await t.app.inject({ method: 'GET', url: '/api/clients/all-clients?limit=5', headers: t.authHeader(token) });
      expect(again.statusCode, again.body).toBe(200);
    } finally {
      logged.mockRestore();
    }
  });

  it('a transaction whose backend is ended is a 503 in Spanish, with Retry-After, not a 500', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    const probe = Fastify({ logger: false });
    probe.setErrorHandler(errorHandler);
    const marker = `campo_tx_${Date.now()}`;
    probe.get('/tx', async () => t.db.transaction(async (tx) => tx.execute(sql.raw(`select '${marker}' from pg_sleep(5)`))));
    try {
      const answer = probe.inject({ method: 'GET', url: '/tx' });
      expect(await whenRunning(marker, TERMINATE)).toBe(1);
      const reply = await answer;
      expect(reply.statusCode, reply.body).toBe(503);
      expect(reply.json()).toEqual({ message: DATABASE_UNAVAILABLE });
      expect(reply.headers['retry-after']).toBe('5');
    } finally {
      await probe.close();
      logged.mockRestore();
    }
  });

  it('the health check answers 200 while the database answers, and 503 in Spanish when it cannot be reached', async () => {
    const up = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(up.statusCode, up.body).toBe(200);
    expect(up.json()).toEqual({ status: 'ok' });
    expect(up.headers['cache-control']).toBe('no-store');

    const gone = await openDatabase({ url: 'postgres://postgres@127.0.0.1:1/campo_none' });
    const app = await buildApp({ config: t.config, db: gone.db, logger: false });
    try {
      const down = await app.inject({ method: 'GET', url: '/api/health' });
      expect(down.statusCode, down.body).toBe(503);
      expect(down.json()).toEqual({ message: DATABASE_UNAVAILABLE });
      expect(down.headers['retry-after']).toBe('5');
    } finally {
      await app.close();
      await gone.close();
    }
  });

  it('the health check does not wait past two seconds on a database that never answers', async () => {
    // A socket that takes the connection and says nothing: PostgreSQL behind a black hole.
    const { createServer } = await import('node:net');
    const held: import('node:net').Socket[] = [];
    const silent = createServer((socket) => void held.push(socket));
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const port = (silent.address() as import('node:net').AddressInfo).port;
    const mute = await openDatabase({ url: `postgres://postgres@127.0.0.1:${port}/campo_none` });
    const app = await buildApp({ config: t.config, db: mute.db, logger: false });
    try {
      const started = Date.now();
      const down = await app.inject({ method: 'GET', url: '/api/health' });
      expect(down.statusCode, down.body).toBe(503);
      expect(down.json()).toEqual({ message: DATABASE_UNAVAILABLE });
      expect(Date.now() - started).toBeGreaterThanOrEqual(1900);
      expect(Date.now() - started).toBeLessThan(4000);
      // A read there gives up after the pool's wait for a connection (5 s), once: the connection was never
      // opened, so it is not run again as one whose line went (each try would wait the same).
      const reading = Date.now();
      const failed = await mute.db.execute(sql`select 1`).then(
        () => null,
        (error: unknown) => error,
      );
      expect(databaseUnavailable(failed)).toBe(true);
      expect(Date.now() - reading).toBeLessThan(8000);
    } finally {
      await app.close();
      for (const socket of held) socket.destroy();
      await mute.close().catch(() => undefined);
      await new Promise((resolve) => silent.close(resolve));
    }
  }, 30_000);

  it('a database that cannot be reached is a 503 in Spanish, not a 500', async () => {
    const gone = await openDatabase({ url: 'postgres://postgres@127.0.0.1:1/campo_none' });
    const probe = Fastify({ logger: false });
    probe.setErrorHandler(errorHandler);
    probe.get('/q', async () => gone.db.execute(sql`select 1`));
    try {
      const reply = await probe.inject({ method: 'GET', url: '/q' });
      expect(reply.statusCode, reply.body).toBe(503);
      expect(reply.json()).toEqual({ message: DATABASE_UNAVAILABLE });
    } finally {
      await probe.close();
      await gone.close();
    }
  });

  it('every session the server opens runs without JIT (compiling a big statement cost more than running it)', async () => {
    // Ten at once: each of the pool's connections, not only the first, has the setting.
    const settings = await Promise.all(
      Array.from({ length: 10 }, () => t.db.transaction(async (tx) => ((await tx.execute(sql`select current_setting('jit') as jit, pg_backend_pid() as pid, pg_sleep(0.05)`)) as unknown as { rows: { jit: string; pid: number }[] }).rows[0])),
    );
    expect(new Set(settings.map((s) => s.pid)).size).toBe(10);
    expect(settings.map((s) => s.jit)).toEqual(Array(10).fill('off'));
  });

  it('are replaced: the process lives on and the next requests answer', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    try {
      // Several requests at once: the pool keeps several connections idle afterwards.
      const pages = await Promise.all(Array.from({ length: 4 }, () => t.app.inject({ method: 'GET', url: '/api/clients/all-clients?limit=5', headers: t.authHeader(token) })));
      expect(pages.map((p) => p.statusCode)).toEqual([200, 200, 200, 200]);
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
