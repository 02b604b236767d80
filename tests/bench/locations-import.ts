/**
 * Bulk load of 10,000 points of sale from a CSV, timed server-side through app.inject (multipart,
 * the CSV read in one pass, every row checked with the form's rules, places matched by name, one transaction of
 * multi-row inserts with the required attributes' defaults). Goal: ≤ 3 s.
 *
 *   npx tsx tests/bench/locations-import.ts                  # embedded PGlite (in memory)
 *   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npx tsx tests/bench/locations-import.ts
 *
 * With BENCH_DATABASE_URL it also runs on PostgreSQL, in a scratch database dropped at the end.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { availableParallelism, loadavg } from 'node:os';
import pg from 'pg';
import { buildApp } from '../../server/app';
import { loadConfig } from '../../server/config';
import { type Database, migrate, openDatabase } from '../../server/db/client';
import { seedDemo } from '../../server/db/seed';
import { csvFile, csvRow, multipart } from '../api/locations-csv';

const ROWS = 10_000;
const TICK_MS = 10;
const cores = () => availableParallelism();
const RUNS = 3;
const GOAL_MS = 3000;

async function adminQuery(url: string, text: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

/**
 * CPU time spent by this process and by the PostgreSQL backends of the bench database: on a busy
 * machine the wall clock says more about the neighbours than about the import.
 */
function cpuMs(database: string | null): number {
  const own = process.cpuUsage();
  let total = (own.user + own.system) / 1000;
  if (database) {
    for (const pid of readdirSync('/proc').filter((d) => /^\d+$/.test(d))) {
      try {
        if (!readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes(database)) continue;
        const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
        total += (Number(fields[11]) + Number(fields[12])) * TICK_MS;
      } catch {
        // the process ended meanwhile
      }
    }
  }
  return total;
}

async function open(kind: 'pglite' | 'postgres'): Promise<{ database: Database; drop: () => Promise<void>; label: string; name: string | null }> {
  const admin = process.env.BENCH_DATABASE_URL;
  if (kind === 'pglite' || !admin) return { database: await openDatabase({}), drop: async () => {}, label: 'PGlite (memoria, en el proceso)', name: null };
  const name = `campo_bench_locations_${process.pid}`;
  await adminQuery(admin, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await adminQuery(admin, `CREATE DATABASE ${name}`);
  const url = new URL(admin);
  url.pathname = `/${name}`;
  return { database: await openDatabase({ url: url.toString() }), drop: () => adminQuery(admin, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`), label: 'PostgreSQL', name };
}

async function bench(kind: 'pglite' | 'postgres') {
  const { database, drop, label, name } = await open(kind);
  try {
    await migrate(database);
    await seedDemo(database.db);
    const config = { ...loadConfig({ STATIC_DIR: '', LOG_LEVEL: 'silent', JWT_SECRET: 'bench-secret-0123456789abcdef0123456789', SEED_DEMO: 'false' }), authRateLimit: 100_000 };
    const app = await buildApp({ config, db: database.db, logger: false });
    await app.ready();
    const login = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: 'admin@campo.test', password: 'Campo#2026' } });
    const authorization = `Bearer ${(login.json() as { token: string }).token}`;
    const [{ id: clientId }] = (await app.inject({ method: 'GET', url: '/api/clients/all-clients?state=true&limit=1', headers: { authorization } })).json().rows;

    console.log(`Carga masiva de ${ROWS.toLocaleString('es-AR')} puntos de venta (CSV) sobre ${label}`);
    const times: number[] = [];
    const cpus: number[] = [];
    for (let run = 1; run <= RUNS; run += 1) {
      // Each run its own codes: a code already loaded would be refused.
      const file = csvFile(Array.from({ length: ROWS }, (_, i) => csvRow(i, {}, `R${run}`)));
      const body = multipart([
        { name: 'clientId', value: String(clientId) },
        { name: 'csvFile', filename: 'puntos_de_venta.csv', type: 'text/csv', content: file },
      ]);
      const start = performance.now();
      const cpuStart = cpuMs(name);
      const res = await app.inject({ method: 'POST', url: '/api/locations/massive/client', payload: body.payload, headers: { ...body.headers, authorization } });
      const ms = performance.now() - start;
      const cpu = cpuMs(name) - cpuStart;
      if (res.statusCode !== 200) throw new Error(`La carga respondió ${res.statusCode}: ${res.body.slice(0, 300)}`);
      times.push(ms);
      cpus.push(cpu);
      console.log(`  corrida ${run}: ${Math.round(ms)} ms de reloj, ${Math.round(cpu)} ms de CPU, archivo de ${(Buffer.byteLength(file) / 1024).toFixed(0)} KB, ${res.json().created} creados`);
    }
    const median = (list: number[]) => Math.round([...list].sort((a, b) => a - b)[Math.floor(list.length / 2)]);
    const load = loadavg()[0].toFixed(1);
    const verdict = (ms: number) => (ms <= GOAL_MS ? 'cumple' : 'NO cumple');
    console.log(
      `  mediana ${median(times)} ms de reloj (${verdict(median(times))}), ${median(cpus)} ms de CPU (${verdict(median(cpus))}) · meta ≤ ${GOAL_MS} ms · carga de la máquina ${load} en ${cores()} núcleos`,
    );
    await app.close();
  } finally {
    await database.close();
    await drop();
  }
}

await bench('pglite');
if (process.env.BENCH_DATABASE_URL) await bench('postgres');
