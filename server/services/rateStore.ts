import { lte, sql } from 'drizzle-orm';
import { type Db, rowsOf } from '../db/client';
import { rateWindows } from '../db/schema';

/** What @fastify/rate-limit asks of a store: count one request for a key, say how many and until when. */
type Counted = (err: Error | null, result?: { current: number; ttl: number }) => void;

/** The part of a route's rate-limit options a store reads: which route it counts for. */
interface RouteLimit {
  routeInfo?: { method?: string | string[]; url?: string };
}

/**
 * A store for @fastify/rate-limit that counts in PostgreSQL (`rate_windows`), timed by its clock: every
 * instance behind a balancer counts the same requests, so the per-IP limit of the session routes holds
 * once, not once per instance (in each process's memory, N instances allowed N times the limit, and a
 * restart forgot them).
 *
 * A fixed window per route and address, started by its first request: one upsert counts the request and
 * starts a new window when the old one has ended, under the row's lock, so requests sent together, to
 * one instance or several, count one after the other. The plugin's `continueExceeding` and
 * `exponentialBackoff` are not offered (the session routes do not use them).
 *
 * The plugin builds the store itself (`new Store(options)`), so the database comes in by closure.
 */
export function databaseRateStore(db: Db) {
  /** When this instance last dropped the windows that ended (ms since the epoch). */
  let prunedAt = Date.now();
  /** The longest window counted: older rows can go. */
  let longestMs = 60_000;

  const pruneNowAndThen = () => {
    if (Date.now() - prunedAt < longestMs) return;
    prunedAt = Date.now();
    void db
      .delete(rateWindows)
      .where(lte(rateWindows.startedAt, sql`now() - make_interval(secs => ${longestMs / 1000})`))
      .catch(() => undefined);
  };

  return class DatabaseRateStore {
    private readonly prefix: string;

    constructor(_options?: unknown, prefix = 'all') {
      this.prefix = prefix;
    }

    /** The plugin passes the route's window (ms) and maximum after the callback; its types omit them. */
    incr(key: string, done: Counted, timeWindow = 60_000): void {
      longestMs = Math.max(longestMs, timeWindow);
      const windowSecs = timeWindow / 1000;
      rowsOf<{ hits: number; ttl: number }>(
        db,
        sql`insert into ${rateWindows} as w (key, hits) values (${`${this.prefix} ${key}`}, 1)
          on conflict (key) do update set
            hits = case when w.started_at <= now() - make_interval(secs => ${windowSecs}) then 1 else w.hits + 1 end,
            started_at = case when w.started_at <= now() - make_interval(secs => ${windowSecs}) then now() else w.started_at end
          returning hits, greatest(0, ceil(extract(epoch from (started_at + make_interval(secs => ${windowSecs}) - now())) * 1000))::int as ttl`,
      ).then(
        ([row]) => {
          pruneNowAndThen();
          done(null, { current: row.hits, ttl: row.ttl });
        },
        (error: Error) => done(error),
      );
    }

    /** The store of one route: its requests are counted apart from the other routes'. */
    child(options: object): DatabaseRateStore {
      // At run time the plugin passes the route's merged options, with the route itself as `routeInfo`.
      const { method, url } = (options as RouteLimit).routeInfo ?? {};
      return new DatabaseRateStore(options, `${[method].flat().join(',')} ${url ?? ''}`.trim() || this.prefix);
    }
  };
}
