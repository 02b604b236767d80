import { isIPv6 } from 'node:net';
import { lte, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { type Db, rowsOf } from '../db/client';
import { rateWindows } from '../db/schema';

/** What @fastify/rate-limit asks of a store: count one request for a key, say how many and until when. */
type Counted = (err: Error | null, result?: { current: number; ttl: number }) => void;

/** The part of a route's rate-limit options a store reads: which route it counts for. */
interface RouteLimit {
  routeInfo?: { method?: string | string[]; url?: string };
}

/** Windows that started longer ago than this are dropped (every window counted is shorter). */
const PRUNE_AFTER_MS = 60 * 60 * 1000;
/** At most this many keys are remembered as over their limit in one process; more are counted in the database. */
const BLOCKED_KEYS_MAX = 10_000;

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
 * A key past its limit stays past it until its window ends (a fixed window only counts up): this process
 * then refuses it on its own until then, without the database, so a flood from one address costs no
 * connection. (Other instances learn it from their own first refusal.)
 *
 * The plugin builds the store itself (`new Store(options)`), so the database comes in by closure.
 */
export function databaseRateStore(db: Db) {
  /** When this instance last dropped the old windows (ms since the epoch). */
  let prunedAt = Date.now();
  /** Keys over their limit, with the moment (this process's clock) their window ends and their count. */
  const blocked = new Map<string, { until: number; hits: number }>();

  const pruneNowAndThen = () => {
    if (Date.now() - prunedAt < 60_000) return;
    prunedAt = Date.now();
    for (const [key, entry] of blocked) if (entry.until <= prunedAt) blocked.delete(key);
    void db
      .delete(rateWindows)
      .where(lte(rateWindows.startedAt, sql`now() - make_interval(secs => ${PRUNE_AFTER_MS / 1000})`))
      .catch(() => undefined);
  };

  return class DatabaseRateStore {
    private readonly prefix: string;

    constructor(_options?: unknown, prefix = 'all') {
      this.prefix = prefix;
    }

    /** The plugin passes the route's window (ms) and maximum after the callback; its types omit them. */
    incr(key: string, done: Counted, timeWindow = 60_000, max = Infinity): void {
      const full = `${this.prefix} ${key}`;
      const known = blocked.get(full);
      if (known && known.until > Date.now()) {
        known.hits += 1;
        done(null, { current: known.hits, ttl: known.until - Date.now() });
        return;
      }
      if (known) blocked.delete(full);
      const windowSecs = timeWindow / 1000;
      // The time left is at most the window: one started by a statement that began after this one's
      // `now()` would read a few milliseconds longer (a Retry-After of 61 s).
      rowsOf<{ hits: number; ttl: number }>(
        db,
        sql`insert into ${rateWindows} as w (key, hits) values (${full}, 1)
          on conflict (key) do update set
            hits = case when w.started_at <= now() - make_interval(secs => ${windowSecs}) then 1 else w.hits + 1 end,
            started_at = case when w.started_at <= now() - make_interval(secs => ${windowSecs}) then now() else w.started_at end
          returning hits, least(${timeWindow}, greatest(0, ceil(extract(epoch from (started_at + make_interval(secs => ${windowSecs}) - now())) * 1000)))::int as ttl`,
      ).then(
        ([row]) => {
          if (row.hits > max && row.ttl > 0 && blocked.size < BLOCKED_KEYS_MAX) blocked.set(full, { until: Date.now() + row.ttl, hits: row.hits });
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

/**
 * Whom a request is counted for: its address, an IPv6 one by its /64 network (what one subscriber or
 * host is given: counted address by address, one machine could pick a new one for every request).
 */
export const rateKeyOf = (req: FastifyRequest): string => addressKey(req.ip);

export function addressKey(ip: string): string {
  if (!isIPv6(ip)) return ip;
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  if (mapped) return mapped[1];
  const [head, tail = ''] = ip.toLowerCase().split('%')[0].split('::');
  const left = head ? head.split(':') : [];
  const right = ip.includes('::') && tail ? tail.split(':') : [];
  // An embedded IPv4 tail ('::1.2.3.4') lies past the /64 anyway: its two groups are counted as such.
  const groups = [...left, ...Array.from({ length: Math.max(0, 8 - left.length - right.length) }, () => '0'), ...right];
  return `${groups
    .slice(0, 4)
    .map((g) => (g.replace(/^0+(?=.)/, '') || '0'))
    .join(':')}::/64`;
}
