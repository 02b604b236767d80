/**
 * Load: 60 s of mixed reads and writes from 50 connections (autocannon) against a real server
 * process on PostgreSQL. Asserted: no errors, no timeouts, no unexpected status; p95 recorded;
 * memory flat (the server's RSS in the last 10 s at most 10% above the first 10 s).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshDatabase, login, type ServerProcess, startServer } from './server';

interface AutocannonResult {
  errors: number;
  timeouts: number;
  non2xx: number;
  requests: { total: number; average: number };
  latency: { p50: number; p90: number; p99: number; max: number };
}
interface AutocannonInstance {
  on(event: 'response', listener: (client: unknown, status: number, bytes: number, ms: number) => void): void;
  then: Promise<AutocannonResult>['then'];
}
interface Request {
  method: string;
  path: string;
  headers?: Record<string, string>;
  body?: string;
  setupRequest?: (request: Request) => Request;
}
type Autocannon = (options: Record<string, unknown>) => AutocannonInstance;

const DURATION = Number(process.env.SOAK_LOAD_SECONDS) || 60;
// Long enough for the heap to reach its working size: what is measured after it is growth, not warm-up. The
// warm-up ends sooner once the server's memory has levelled off (`warmUp`): it was flat from the first seconds
// of the measured minute in every run we looked at, so a fixed 40 s spent ~25 s of each CI run on nothing.
const WARMUP = Number(process.env.SOAK_WARMUP_SECONDS ?? 40);
/** The warm-up's shortest run, and how level the memory must have stayed over its last `LEVEL_SECONDS` to end it. */
const WARMUP_MIN_SECONDS = Math.min(WARMUP, 15);
const LEVEL_SECONDS = 10;
const LEVEL_SPREAD = 0.02;
const CONNECTIONS = 50;

let db: Awaited<ReturnType<typeof freshDatabase>>;
let server: ServerProcess;
let token: string;
let autocannon: Autocannon;

beforeAll(async () => {
  db = await freshDatabase('load');
  server = await startServer({ databaseUrl: db.url });
  token = await login(server.baseUrl, 'admin@campo.test');
  // autocannon ships no types; a computed specifier keeps the compiler from looking for them.
  const specifier = 'autocannon';
  autocannon = ((await import(specifier)) as { default: Autocannon }).default;
}, 240_000);
afterAll(async () => {
  await server?.stop();
  await db?.drop();
});

let serial = 0;
const unique = () => `${process.pid}-${Date.now().toString(36)}-${serial++}`;

/** Reads of every big list and writes that create or change rows; each connection cycles through them. */
function requests(): Request[] {
  const json = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
  const auth = { authorization: `Bearer ${token}` };
  return [
    { method: 'GET', path: '/api/clients/all-clients?limit=20', headers: auth },
    { method: 'GET', path: '/api/user-moves/get/all?offset=0&limit=20', headers: auth },
    { method: 'GET', path: '/api/transactions/pending?offset=0&limit=10', headers: auth },
    { method: 'GET', path: '/api/locations?offset=0&limit=20&q=caf', headers: auth },
    { method: 'POST', path: '/api/motives/', headers: json, setupRequest: (r) => ({ ...r, body: JSON.stringify({ motive: `Motivo de carga ${unique()}`, description: 'Creado por la prueba de carga', requiresUserComment: false, isActive: true }) }) },
    { method: 'GET', path: '/api/projects?offset=0&limit=10', headers: auth },
    { method: 'PUT', path: '/api/tags/state', headers: json, body: JSON.stringify({ id: 1, active: true }) },
    { method: 'POST', path: '/api/characteristics/', headers: json, setupRequest: (r) => ({ ...r, body: JSON.stringify({ description: `Característica de carga ${unique()}` }) }) },
    { method: 'GET', path: '/api/web-users?offset=0&limit=20&q=campo', headers: auth },
  ];
}

function run(seconds: number, onResponse?: (status: number, ms: number) => void): Promise<AutocannonResult> {
  const instance = autocannon({ url: server.baseUrl, connections: CONNECTIONS, duration: seconds, timeout: 10, requests: requests() });
  if (onResponse) instance.on('response', (_client, status, _bytes, ms) => onResponse(status, ms));
  return new Promise((resolve, reject) => instance.then(resolve, reject));
}

/**
 * The same load in 5 s rounds until the server's RSS, read each second, has stayed within LEVEL_SPREAD over the
 * last LEVEL_SECONDS (after WARMUP_MIN_SECONDS at least), or WARMUP seconds have passed. Returns the seconds it took.
 */
async function warmUp(): Promise<number> {
  const rss: number[] = [];
  const sampler = setInterval(() => rss.push(server.rss()), 1000);
  let seconds = 0;
  try {
    while (seconds < WARMUP) {
      const round = Math.min(5, WARMUP - seconds);
      await run(round);
      seconds += round;
      const recent = rss.slice(-LEVEL_SECONDS);
      if (seconds >= WARMUP_MIN_SECONDS && recent.length === LEVEL_SECONDS && Math.max(...recent) <= Math.min(...recent) * (1 + LEVEL_SPREAD)) break;
    }
  } finally {
    clearInterval(sampler);
  }
  return seconds;
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
const mean = (values: number[]) => values.reduce((a, b) => a + b, 0) / values.length;

describe('under load', () => {
  it(`serves ${CONNECTIONS} connections of mixed reads and writes for ${DURATION} s with no error and flat memory`, { timeout: (DURATION + WARMUP + 120) * 1000 }, async () => {
    // Warm-up (not measured): JIT, connection pool and caches settle first.
    const warmedFor = await warmUp();
    console.log(`warm-up: ${warmedFor} s`);
    const samples: { at: number; rss: number }[] = [];
    const started = Date.now();
    const sampler = setInterval(() => samples.push({ at: (Date.now() - started) / 1000, rss: server.rss() }), 1000);
    const latencies: number[] = [];
    const statuses: Record<number, number> = {};
    let result: AutocannonResult;
    try {
      result = await run(DURATION, (status, ms) => {
        latencies.push(ms);
        statuses[status] = (statuses[status] ?? 0) + 1;
      });
    } finally {
      clearInterval(sampler);
    }
    latencies.sort((a, b) => a - b);
    console.log(`RSS MB by second: ${samples.map((s) => Math.round(s.rss / 1048576)).join(" ")}`);
    const first = mean(samples.filter((s) => s.at <= 10).map((s) => s.rss));
    const last = mean(samples.filter((s) => s.at > DURATION - 10).map((s) => s.rss));
    const summary = {
      requests: result.requests.total,
      perSecond: Math.round(result.requests.average),
      statuses,
      errors: result.errors,
      timeouts: result.timeouts,
      non2xx: result.non2xx,
      p50: percentile(latencies, 50),
      p95: percentile(latencies, 95),
      p99: percentile(latencies, 99),
      max: latencies.at(-1),
      rssFirst10sMB: Math.round(first / 1048576),
      rssLast10sMB: Math.round(last / 1048576),
      rssGrowth: `${(((last - first) / first) * 100).toFixed(1)}%`,
    };
    console.log(`load: ${JSON.stringify(summary)}`);
    expect(result.requests.total).toBeGreaterThan(DURATION * 10);
    expect(result.errors, JSON.stringify(summary)).toBe(0);
    expect(result.timeouts, JSON.stringify(summary)).toBe(0);
    expect(result.non2xx, JSON.stringify(summary)).toBe(0);
    expect(Object.keys(statuses).every((s) => Number(s) >= 200 && Number(s) < 300), JSON.stringify(statuses)).toBe(true);
    expect(samples.length).toBeGreaterThanOrEqual(DURATION - 2);
    expect(last, JSON.stringify(summary)).toBeLessThanOrEqual(first * 1.1);
    expect(server.output()).not.toMatch(/"level":(50|60)|unexpected error/);
  });
});
