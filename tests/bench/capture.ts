/**
 * The SQL a request really runs: the app is built in-process on a pg pool whose `query` records each
 * statement (text, parameters, row mode) with when it started and ended. Replaying them keeps the
 * request's shape: statements that overlapped (a list and its count under Promise.all) run together,
 * the others one after the other.
 */
import pg from 'pg';
import { drizzle } from 'drizzle-orm/node-postgres';
import type { App } from '../../server/app';
import { buildApp } from '../../server/app';
import type { Config } from '../../server/config';
import { type Db, SESSION_OPTIONS } from '../../server/db/client';
import * as schema from '../../server/db/schema';

export interface Statement {
  text: string;
  values: unknown[];
  rowMode?: string;
  types?: unknown;
  /** A named (prepared) statement, as the service sends it. */
  name?: string;
}
interface Recorded extends Statement {
  start: number;
  end: number;
}

/** Statements of one request, in groups: a group's statements overlapped in time. */
export type Shape = Statement[][];

export interface Capturer {
  app: App;
  pool: pg.Pool;
  /** Runs `work` and gives back the SQL it issued, grouped by overlap. */
  capture(work: () => Promise<unknown>): Promise<Shape>;
  close(): Promise<void>;
}

export async function capturingApp(url: string, config: Config): Promise<Capturer> {
  const pool = new pg.Pool({ connectionString: url, max: 10, options: SESSION_OPTIONS });
  let log: Recorded[] | null = null;
  const original = pool.query.bind(pool) as (...args: unknown[]) => Promise<unknown>;
  (pool as unknown as { query: (...args: unknown[]) => Promise<unknown> }).query = async (...args: unknown[]) => {
    const [first, second] = args;
    // Drizzle calls query(config, params): the config carries the row mode and type parsers.
    const config = (typeof first === 'string' ? { text: first } : first) as Statement & { types?: unknown };
    const statement: Statement = { text: config.text, values: (second as unknown[]) ?? config.values ?? [], rowMode: config.rowMode, types: config.types, name: config.name };
    const entry: Recorded = { ...statement, start: performance.now(), end: Infinity };
    const mine = log;
    mine?.push(entry);
    try {
      return await original(...args);
    } finally {
      entry.end = performance.now();
    }
  };
  const db = drizzle(pool, { schema }) as unknown as Db;
  const app = await buildApp({ config, db, logger: false });
  await app.ready();
  return {
    app,
    pool,
    async capture(work) {
      const recorded: Recorded[] = [];
      log = recorded;
      try {
        await work();
      } finally {
        log = null;
      }
      const groups: Shape = [];
      let groupEnd = -Infinity;
      for (const r of recorded) {
        if (groups.length && r.start < groupEnd) {
          groups.at(-1)!.push(r);
          groupEnd = Math.max(groupEnd, r.end);
        } else {
          groups.push([r]);
          groupEnd = r.end;
        }
      }
      return groups.map((g) => g.map(({ text, values, rowMode, types, name }) => ({ text, values, rowMode, types, name })));
    },
    async close() {
      await app.close();
      await pool.end();
    },
  };
}

/** Runs one request's SQL once on a client of `pool`. */
export async function replay(pool: pg.Pool, shape: Shape): Promise<void> {
  for (const group of shape) await Promise.all(group.map((s) => pool.query({ text: s.text, values: s.values, rowMode: s.rowMode, types: s.types, name: s.name } as pg.QueryConfig)));
}
