/**
 * `npm run bench`: against the scale dataset of DATABASE_URL (`npm run bench:data` makes it).
 *
 * 1. Builds the app in-process on a recording pg pool and sends each case once (app.inject): that
 *    gives the exact SQL each request runs (capture.ts).
 * 2. Starts the real server (`node --max-old-space-size=… --import tsx server/main.ts`, as `npm start`, NODE_ENV=production, LOG_LEVEL=warn,
 *    no demo seeding) on a free port and puts each case under a steady load with autocannon
 *    (10 connections, BENCH_SECONDS each): p50 / p95 of the responses.
 * 3. In the same run, replays each case's SQL through `pg` with 10 concurrent clients for as long:
 *    p50 / p95 of the same query without the server, and the ratio.
 * 4. The moves list's throughput (req/s) and the server's peak memory (VmHWM) under it.
 * 5. Unless --api-only: the bundle sizes, the stock export in Chromium, and the bulk import timings
 *    (the existing benches, each on a scratch database).
 * Writes the generated part of BENCHMARKS.md (between its bench:scale markers).
 *
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/campo_bench npm run bench [-- --api-only] [-- --only moves]
 */
import { execFileSync, spawn } from 'node:child_process';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import pg from 'pg';
import { DEMO_PASSWORD } from '../../server/db/seed';
import { loadConfig } from '../../server/config';
import { migrate, openDatabase, SESSION_OPTIONS } from '../../server/db/client';
import { capturingApp, replay, type Shape } from './capture';
import { benchCases, type Case } from './endpoints';
import { freePort } from '../free-port';
import { serverNodeFlags } from '../../server/nodeFlags';

const { values: args } = parseArgs({ options: { 'api-only': { type: 'boolean', default: false }, only: { type: 'string' }, 'no-write': { type: 'boolean', default: false } } });
const url = process.env.DATABASE_URL;
if (!url?.startsWith('postgres')) {
  console.error('DATABASE_URL=postgres://… es obligatoria (el conjunto de `npm run bench:data`).');
  process.exit(1);
}
const SECONDS = Number(process.env.BENCH_SECONDS ?? 3);
const CONNECTIONS = 10;
const THROUGHPUT_SECONDS = Number(process.env.BENCH_THROUGHPUT_SECONDS ?? 10);
const GOAL = { p95: 30, ratio: 1.5, rps: 1000, rssMb: 300 };

const pct = (xs: number[], p: number) => {
  if (!xs.length) return NaN;
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)];
};
const load1 = () => loadavg()[0];


/** Waits for an idle machine (1-minute load ≤ 1.5), up to `maxSeconds`; gives back the load it starts at. */
async function waitForIdle(maxSeconds = 120): Promise<number> {
  const until = Date.now() + maxSeconds * 1000;
  while (load1() > 1.5 && Date.now() < until) await new Promise((r) => setTimeout(r, 5000));
  return load1();
}

const JWT_SECRET = process.env.JWT_SECRET ?? 'bench-secret-0123456789-0123456789-0123456789';
const env = { ...process.env, JWT_SECRET, ACCESS_TOKEN_TTL: '7200', LOG_LEVEL: 'warn', SEED_DEMO: 'false', NODE_ENV: 'production', DATABASE_URL: url };

// The dataset follows the schema: migrations added since it was generated (indexes) are applied first.
const database = await openDatabase({ url });
await migrate(database);
await database.close();

// 1. Capture each case's SQL.
const config = loadConfig(env);
const capturer = await capturingApp(url, { ...config, staticDir: null });
/** The session of a user of the dataset (every one has the demo's password), as an authorization header. */
async function sessionOf(email: string): Promise<string> {
  const login = await capturer.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password: DEMO_PASSWORD } });
  if (login.statusCode !== 200) throw new Error(`No se pudo ingresar como ${email}: ${login.body}`);
  return `Bearer ${login.json().token as string}`;
}
const authorization = await sessionOf('admin@campo.test');
let cases = await benchCases(capturer.pool);
if (args.only) cases = cases.filter((c) => `${c.group} ${c.name} ${c.path}`.toLowerCase().includes(args.only!.toLowerCase()));
/** Each case's session: the administrator's, or that of the client-side user it names. */
const sessions = new Map<Case, string>();
const byEmail = new Map<string, string>([['admin@campo.test', authorization]]);
for (const c of cases) {
  const email = c.as ?? 'admin@campo.test';
  if (!byEmail.has(email)) byEmail.set(email, await sessionOf(email));
  sessions.set(c, byEmail.get(email)!);
}
const shapes = new Map<Case, Shape>();
for (const c of cases) {
  let status = 0;
  // Captured on the second request: what the server runs in a steady state (a kept estimated count included).
  await capturer.app.inject({ method: 'GET', url: c.path, headers: { authorization: sessions.get(c)! } });
  const shape = await capturer.capture(async () => {
    const res = await capturer.app.inject({ method: 'GET', url: c.path, headers: { authorization: sessions.get(c)! } });
    status = res.statusCode;
    if (status !== 200) throw new Error(`${c.path}: ${status} ${res.body.slice(0, 300)}`);
  });
  shapes.set(c, shape);
}
await capturer.close();
const counts = (await new pg.Pool({ connectionString: url, max: 1 }).query(
  `select (select count(*) from user_moves)::int as moves, (select count(*) from locations)::int as locations, (select count(*) from clients)::int as clients,
    (select count(*) from users where rol_id = 7)::int as getters, (select count(*) from projects)::int as projects, (select count(*) from transactions)::int as transactions`,
)).rows[0] as Record<string, number>;

// 2. The real server, serving the console as built now: the stock export opens it in Chromium (a
// machine that never built it had no console to open), and the bundle sizes are this build's.
if (!args['api-only']) execFileSync('npm', ['run', 'build', '--silent'], { stdio: 'ignore' });
const port = await freePort();
const server = spawn(process.execPath, [...serverNodeFlags(), '--import', 'tsx', 'server/main.ts'], { env: { ...env, PORT: String(port), HOST: '127.0.0.1' }, stdio: ['ignore', 'pipe', 'inherit'] });
await new Promise<void>((resolve, reject) => {
  server.stdout!.on('data', (d: Buffer) => {
    if (d.toString().includes('Campo en http')) resolve();
  });
  server.on('exit', (code) => reject(new Error(`el servidor terminó (${code})`)));
});
const base = `http://127.0.0.1:${port}`;
const memory = (field: 'VmRSS' | 'VmHWM') => {
  const m = new RegExp(`${field}:\\s+(\\d+) kB`).exec(readFileSync(`/proc/${server.pid}/status`, 'utf8'));
  return m ? Number(m[1]) / 1024 : NaN;
};

/**
 * The server's CPU time so far, µs: every thread's (the JavaScript one, libuv's pool, V8's collector
 * helpers), from /proc/<pid>/task/<tid>/schedstat; NaN where Linux does not give it. Read around a
 * case's load, it gives the server's CPU per request: what the API adds to its SQL, with no queueing in it.
 */
const serverCpu = (pid = server.pid) => {
  try {
    return readdirSync(`/proc/${pid}/task`).reduce((sum, tid) => sum + Number(readFileSync(`/proc/${pid}/task/${tid}/schedstat`, 'utf8').split(' ')[0]) / 1000, 0);
  } catch {
    return NaN;
  }
};

/** Resets the server's peak RSS (VmHWM) so that the next reading is one case's own peak; false where Linux refuses. */
const resetPeak = () => {
  try {
    writeFileSync(`/proc/${server.pid}/clear_refs`, '5');
  } catch {
    /* not Linux, or not allowed: the readings stay cumulative */
  }
};
/** The highest peak of the run so far, across the resets. */
let runPeak = 0;
const casePeak = () => {
  const peak = memory('VmHWM');
  runPeak = Math.max(runPeak, peak);
  resetPeak();
  return peak;
};

interface Load {
  p50: number;
  p95: number;
  rps: number;
  errors: number;
  /** The server's CPU per answered request, µs. */
  cpu: number;
}

async function hammer(path: string, seconds: number, onTick?: () => void, at = { base, pid: server.pid }, session = authorization): Promise<Load> {
  const times: number[] = [];
  let errors = 0;
  const tick = onTick ? setInterval(onTick, 200) : null;
  const cpuBefore = serverCpu(at.pid);
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon({ url: at.base + path, connections: CONNECTIONS, duration: seconds, headers: { authorization: session } }, (err, res) => (err ? reject(err) : resolve(res)));
    instance.on('response', (_client: unknown, statusCode: number, _bytes: number, responseTime: number) => {
      if (statusCode !== 200) errors++;
      times.push(responseTime);
    });
  });
  if (tick) clearInterval(tick);
  return { p50: pct(times, 50), p95: pct(times, 95), rps: result.requests.average, errors: errors + result.errors + result.timeouts, cpu: (serverCpu(at.pid) - cpuBefore) / times.length };
}

/** The captured SQL, CONNECTIONS clients in a loop for `seconds`. */
async function sqlLoad(pool: pg.Pool, shape: Shape, seconds: number): Promise<{ p50: number; p95: number }> {
  const times: number[] = [];
  const until = performance.now() + seconds * 1000;
  await Promise.all(
    Array.from({ length: CONNECTIONS }, async () => {
      while (performance.now() < until) {
        const t = performance.now();
        await replay(pool, shape);
        times.push(performance.now() - t);
      }
    }),
  );
  return { p50: pct(times, 50), p95: pct(times, 95) };
}

interface Row {
  c: Case;
  api: Load;
  /** The server's peak RSS during the case (its warm-up and load), MB. */
  peak: number;
  sql: { p50: number; p95: number };
  statements: number;
  load: number;
}
const rows: Row[] = [];
const startLoad = await waitForIdle();
console.log(`Carga al empezar: ${startLoad.toFixed(2)} · ${cases.length} casos × ${SECONDS} s (API) + ${SECONDS} s (SQL), ${CONNECTIONS} conexiones`);
// The SQL pool mirrors the server's (10 connections).
const sqlPool = new pg.Pool({ connectionString: url, max: CONNECTIONS, options: SESSION_OPTIONS });
// The server warms up first, unmeasured (its JIT compiles the paths every request shares): the first
// case measured a cold process, p95 twice that of the same request in the throughput run.
if (cases.length) await hammer(cases[0].path, SECONDS);
try {
  for (const c of cases) {
    const shape = shapes.get(c)!;
    casePeak();
    // Warm-up: a few requests and replays so that neither side pays a cold cache.
    for (let k = 0; k < 3; k++) {
      await fetch(base + c.path, { headers: { authorization: sessions.get(c)! } });
      await replay(sqlPool, shape);
    }
    const api = await hammer(c.path, SECONDS, undefined, undefined, sessions.get(c));
    const peak = casePeak();
    const sql = await sqlLoad(sqlPool, shape, SECONDS);
    const row = { c, api, peak, sql, statements: shape.flat().length, load: load1() };
    rows.push(row);
    console.log(
      `${(c.group + ': ' + c.name).padEnd(80)} API p50 ${api.p50.toFixed(1).padStart(7)} p95 ${api.p95.toFixed(1).padStart(7)} ms  ${api.rps.toFixed(0).padStart(5)} req/s · CPU ${api.cpu.toFixed(0).padStart(4)} µs · SQL p50 ${sql.p50.toFixed(1).padStart(7)} p95 ${sql.p95.toFixed(1).padStart(7)} ms · ×${(api.p95 / sql.p95).toFixed(2)} · RSS pico ${peak.toFixed(0)} MB${api.errors ? ` · ${api.errors} errores` : ''}`,
    );
  }
} finally {
  await sqlPool.end();
}

// 4. Throughput on the moves list, with the server's memory sampled under the load.
await waitForIdle();
let peakRss = 0;
const throughputLoad = load1();
const MOVES_PAGE = '/api/user-moves/get/all?offset=0&limit=10';
const throughput = await hammer(MOVES_PAGE, THROUGHPUT_SECONDS, () => {
  peakRss = Math.max(peakRss, memory('VmRSS'));
});
// The floor: an authenticated request that runs no SQL (a constant list), under the same load. What
// HTTP, the session check and the answer cost in these two cores, with autocannon on them too: a list's
// p95 cannot fall below it, and its SQL is compared against a p95 that already holds it.
await waitForIdle();
const floorLoad = load1();
const floor = await hammer('/api/web-users-roles', SECONDS);
console.log(`Piso (pedido autenticado sin SQL): ${floor.rps.toFixed(0)} req/s (p50 ${floor.p50.toFixed(1)} ms, p95 ${floor.p95.toFixed(1)} ms)`);
const hwm = Math.max(runPeak, memory('VmHWM'));

// The floor of the ratio: the first moves case's captured SQL served by bare-server.ts (node:http and
// pg, nothing else), under the same load, against the same SQL replayed right after.
const bareCase = cases.find((c) => c.path === MOVES_PAGE);
let bare: { api: Load; sql: { p50: number; p95: number }; load: number } | null = null;
if (bareCase) {
  const barePort = await freePort();
  const bareServer = spawn(process.execPath, ['--import', 'tsx', 'tests/bench/bare-server.ts'], {
    env: { ...env, PORT: String(barePort), BARE_SHAPE: JSON.stringify(shapes.get(bareCase)) },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await new Promise<void>((resolve, reject) => {
    bareServer.stdout!.on('data', (d: Buffer) => d.toString().includes('listo') && resolve());
    bareServer.on('exit', (code) => reject(new Error(`el servidor mínimo terminó (${code})`)));
  });
  await waitForIdle();
  const at = { base: `http://127.0.0.1:${barePort}`, pid: bareServer.pid };
  await hammer('/', SECONDS, undefined, at);
  const bareLoad = load1();
  const api = await hammer('/', SECONDS, undefined, at);
  const barePool = new pg.Pool({ connectionString: url, max: CONNECTIONS, options: SESSION_OPTIONS });
  const sql = await sqlLoad(barePool, shapes.get(bareCase)!, SECONDS);
  await barePool.end();
  bareServer.kill('SIGTERM');
  bare = { api, sql, load: bareLoad };
  console.log(`Servidor mínimo (node:http + pg): p95 ${api.p95.toFixed(1)} ms, SQL p95 ${sql.p95.toFixed(1)} ms, ×${(api.p95 / sql.p95).toFixed(2)}, CPU ${api.cpu.toFixed(0)} µs por pedido`);
}
console.log(`Moves, 10 filas: ${throughput.rps.toFixed(0)} req/s (p50 ${throughput.p50.toFixed(1)} ms, p95 ${throughput.p95.toFixed(1)} ms) · RSS máx. bajo carga ${peakRss.toFixed(0)} MB · VmHWM ${hwm.toFixed(0)} MB`);

// 5. The browser side and the bulk operations.
const extras: { title: string; output: string }[] = [];
async function extra(title: string, command: string[], extraEnv: Record<string, string> = {}) {
  await waitForIdle();
  const at = load1();
  try {
    const output = execFileSync(command[0], command.slice(1), { env: { ...process.env, ...extraEnv }, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'], timeout: 15 * 60_000 });
    extras.push({ title: `${title} (carga al empezar ${at.toFixed(2)})`, output: output.trim() });
  } catch (error) {
    const e = error as { stdout?: string; stderr?: string; message: string };
    extras.push({ title: `${title} (carga al empezar ${at.toFixed(2)}): FALLÓ`, output: `${e.stdout ?? ''}\n${e.stderr ?? e.message}`.trim() });
  }
  console.log(`${extras.at(-1)!.title}\n${extras.at(-1)!.output}`);
}
if (!args['api-only']) {
  const admin = url.replace(/\/[^/?]+(\?.*)?$/, '/postgres$1');
  await extra('Exportación del stock de 100.000 moves en Chromium (`tests/bench/stock-export.ts`)', [process.execPath, '--import', 'tsx', 'tests/bench/stock-export.ts'], { BENCH_BASE_URL: base, BENCH_TOKEN_EMAIL: 'admin@campo.test' });
  server.kill('SIGTERM');
  await extra('Tamaño de lo que carga el navegador (`tests/bench/bundle.ts`)', [process.execPath, '--import', 'tsx', 'tests/bench/bundle.ts']);
  await extra('Carga masiva de 10.000 puntos de venta (`tests/bench/locations-import.ts`)', [process.execPath, '--import', 'tsx', 'tests/bench/locations-import.ts'], { BENCH_DATABASE_URL: admin });
  await extra('Carga masiva de 5.000 usuarios web (`tests/bench/users-import.ts`)', [process.execPath, '--import', 'tsx', 'tests/bench/users-import.ts'], { BENCH_DATABASE_URL: admin });
  await extra('Crear un proyecto de 2.000 locaciones × 4 visitas (`tests/bench/project-create.ts`)', [process.execPath, '--import', 'tsx', 'tests/bench/project-create.ts'], { BENCH_DATABASE_URL: admin });
} else {
  server.kill('SIGTERM');
}

// The report.
const ms = (n: number) => (Number.isFinite(n) ? (n < 10 ? n.toFixed(1) : n.toFixed(0)) : '—');
const verdict = (ok: boolean) => (ok ? 'cumple' : '**no cumple**');
const lines: string[] = [];
const when = new Date().toISOString().slice(0, 16).replace('T', ' ');
const pgVersion = execFileSync('psql', [url, '-Atc', 'show server_version'], { encoding: 'utf8' }).trim();
lines.push(
  `Medido el ${when} UTC en esta máquina (${cpus().length} núcleos ${cpus()[0]?.model.trim()}, Node ${process.versions.node}, PostgreSQL ${pgVersion} en 127.0.0.1), ` +
    `sobre ${counts.moves.toLocaleString('es-AR')} moves, ${counts.locations.toLocaleString('es-AR')} puntos de venta, ${counts.clients.toLocaleString('es-AR')} clientes, ` +
    `${counts.getters.toLocaleString('es-AR')} Getters, ${counts.projects.toLocaleString('es-AR')} proyectos y ${counts.transactions.toLocaleString('es-AR')} transacciones. ` +
    `Carga de la máquina (promedio de 1 minuto) al empezar: ${startLoad.toFixed(2)}; la de cada fila, en su columna.`,
  '',
  `Cada fila: ${SECONDS} s de carga sostenida con autocannon (${CONNECTIONS} conexiones) contra el servidor real en modo producción, y luego ${SECONDS} s del mismo SQL ` +
    `(capturado del servicio, no escrito a mano) por \`pg\` con ${CONNECTIONS} clientes concurrentes. Razón = p95 de la API / p95 del SQL. ` +
    'Metas de una página de lista: p95 ≤ 30 ms y ≤ 1,5× su SQL; de un reporte, ≤ 1,5× su SQL.',
  '',
);
let group = '';
for (const r of rows) {
  if (r.c.group !== group) {
    group = r.c.group;
    lines.push('', `**${group}**`, '', '| consulta | API p50 | API p95 | req/s | CPU del servidor por pedido | SQL p50 | SQL p95 | sentencias | razón p95 | RSS pico | carga | resultado |', '| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |');
  }
  const ratio = r.api.p95 / r.sql.p95;
  const ok = (r.c.kind === 'report' || r.api.p95 <= GOAL.p95) && ratio <= GOAL.ratio && r.api.errors === 0;
  const why = [r.c.kind === 'list' && r.api.p95 > GOAL.p95 ? 'p95 > 30 ms' : '', ratio > GOAL.ratio ? 'razón > 1,5' : '', r.api.errors ? `${r.api.errors} errores` : ''].filter(Boolean).join(', ');
  lines.push(
    `| ${r.c.name} | ${ms(r.api.p50)} ms | ${ms(r.api.p95)} ms | ${r.api.rps.toFixed(0)} | ${Number.isFinite(r.api.cpu) ? `${r.api.cpu.toFixed(0)} µs` : '—'} | ${ms(r.sql.p50)} ms | ${ms(r.sql.p95)} ms | ${r.statements} | ${ratio.toFixed(2)} | ${r.peak.toFixed(0)} MB | ${r.load.toFixed(1)} | ${ok ? 'cumple' : `**no cumple** (${why})`} |`,
  );
}
const listRows = rows.filter((r) => r.c.kind === 'list');
const passing = rows.filter((r) => (r.c.kind === 'report' || r.api.p95 <= GOAL.p95) && r.api.p95 / r.sql.p95 <= GOAL.ratio && !r.api.errors).length;
lines.push(
  '',
  `${passing} de ${rows.length} consultas cumplen (${listRows.filter((r) => r.api.p95 <= GOAL.p95).length} de ${listRows.length} listas con p95 ≤ 30 ms).`,
  '',
  '| medida | valor | meta | resultado |',
  '| --- | --- | --- | --- |',
  `| lista de moves (10 filas), ${THROUGHPUT_SECONDS} s, ${CONNECTIONS} conexiones (carga ${throughputLoad.toFixed(1)}) | ${throughput.rps.toFixed(0)} req/s (p50 ${ms(throughput.p50)} ms, p95 ${ms(throughput.p95)} ms, CPU del servidor ${throughput.cpu.toFixed(0)} µs por pedido) | ≥ ${GOAL.rps} req/s | ${verdict(throughput.rps >= GOAL.rps)} |`,
  `| memoria del servidor bajo esa carga (RSS máx., muestreado cada 200 ms) | ${peakRss.toFixed(0)} MB | ≤ ${GOAL.rssMb} MB | ${verdict(peakRss <= GOAL.rssMb)} |`,
  `| memoria máxima del servidor en toda la corrida (VmHWM) | ${hwm.toFixed(0)} MB | ≤ ${GOAL.rssMb} MB | ${verdict(hwm <= GOAL.rssMb)} |`,
  ...(bare
    ? [
        `| piso de la razón: el SQL de «${bareCase!.name}» servido por \`tests/bench/bare-server.ts\` (node:http y pg, sin framework, sesión ni constructor de consultas), ${SECONDS} s, ${CONNECTIONS} conexiones (carga ${bare.load.toFixed(1)}) | p95 ${ms(bare.api.p95)} ms contra ${ms(bare.sql.p95)} ms de su SQL: razón ${(bare.api.p95 / bare.sql.p95).toFixed(2)} (CPU del servidor ${bare.api.cpu.toFixed(0)} µs por pedido) | (referencia) | — |`,
      ]
    : []),
  `| piso: pedido autenticado sin SQL (\`/web-users-roles\`), ${SECONDS} s, ${CONNECTIONS} conexiones (carga ${floorLoad.toFixed(1)}) | ${floor.rps.toFixed(0)} req/s (p50 ${ms(floor.p50)} ms, p95 ${ms(floor.p95)} ms, CPU del servidor ${floor.cpu.toFixed(0)} µs por pedido) | (referencia) | — |`,
);
for (const e of extras) lines.push('', `**${e.title}**`, '', '```', e.output, '```');

if (!args['no-write'] && !args.only) {
  const file = 'BENCHMARKS.md';
  const text = readFileSync(file, 'utf8');
  const start = '<!-- bench:scale:start -->';
  const end = '<!-- bench:scale:end -->';
  const a = text.indexOf(start);
  const b = text.indexOf(end);
  if (a < 0 || b < 0) throw new Error('BENCHMARKS.md no tiene los marcadores bench:scale');
  writeFileSync(file, `${text.slice(0, a + start.length)}\n${lines.join('\n')}\n${text.slice(b)}`);
  console.log('BENCHMARKS.md actualizado.');
} else {
  console.log(lines.join('\n'));
}
process.exit(0);
