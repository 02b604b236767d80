/**
 * Creating a project with 2,000 locations × 4 visits (two ranges of two) timed server-side through
 * app.inject: validation, references, the project row, 2,000 project locations in chunks, 4,000
 * visit ranges and 8,000 published visits, in one transaction. Then reading it back, and adding and
 * removing 100 of its locations.
 *
 *   npx tsx tests/bench/project-create.ts                       # embedded PGlite (in memory)
 *   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npx tsx tests/bench/project-create.ts
 *
 * With BENCH_DATABASE_URL a scratch database is created from it and dropped at the end.
 */
import { and, eq, sql } from 'drizzle-orm';
import pg from 'pg';
import { isoInDays as inDays, todayIso } from '../../domain/validation';
import { buildApp } from '../../server/app';
import { loadConfig } from '../../server/config';
import { type Database, migrate, openDatabase } from '../../server/db/client';
import { seedDemo } from '../../server/db/seed';
import { campaigns, clients, guidelines, locations, moveConfigurations, questionnaires } from '../../server/db/schema';

const LOCATIONS = 2000;
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

async function open(): Promise<{ database: Database; drop: () => Promise<void>; kind: string }> {
  const admin = process.env.BENCH_DATABASE_URL;
  if (!admin) return { database: await openDatabase({}), drop: async () => {}, kind: 'PGlite (memoria)' };
  const name = `campo_bench_${process.pid}`;
  await adminQuery(admin, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await adminQuery(admin, `CREATE DATABASE ${name}`);
  const url = new URL(admin);
  url.pathname = `/${name}`;
  return { database: await openDatabase({ url: url.toString() }), drop: () => adminQuery(admin, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`), kind: 'PostgreSQL' };
}

const median = (times: number[]) => [...times].sort((a, b) => a - b)[Math.floor(times.length / 2)];

const { database, drop, kind } = await open();
try {
  await migrate(database);
  await seedDemo(database.db);
  const db = database.db;
  const [client] = await db.select().from(clients).where(eq(clients.name, 'Café del Plata'));
  const [sample] = await db.select().from(locations).where(eq(locations.clientId, client.id)).limit(1);
  // 2,000 more points of sale for the client, copies of one with their own code.
  const { id: _id, code: _code, createdAt: _c, updatedAt: _u, ...template } = sample;
  for (let i = 0; i < LOCATIONS; i += 500) {
    await db.insert(locations).values(
      Array.from({ length: Math.min(500, LOCATIONS - i) }, (_, k) => ({ ...template, fullName: `Bench ${i + k}`, clientLocationId: `BENCH-${i + k}`, status: true })),
    );
  }
  const ids = (await db.select({ id: locations.id }).from(locations).where(and(eq(locations.clientId, client.id), sql`${locations.clientLocationId} like 'BENCH-%'`))).map((l) => l.id);
  const [campaign] = await db.select().from(campaigns).where(and(eq(campaigns.clientId, client.id), sql`${campaigns.endDate} >= ${inDays(60)}`, sql`${campaigns.startDate} <= ${todayIso()}`));
  const [move] = await db.select().from(moveConfigurations).where(eq(moveConfigurations.name, 'Visita estándar'));
  const [questionnaire] = await db.select().from(questionnaires).limit(1);
  const [guideline] = await db.select().from(guidelines).where(sql`${guidelines.deletedAt} is null`).limit(1);

  const config = { ...loadConfig({ STATIC_DIR: '', LOG_LEVEL: 'silent', JWT_SECRET: 'bench-secret-0123456789abcdef0123456789', SEED_DEMO: 'false' }), authRateLimit: 100_000 };
  const app = await buildApp({ config, db, logger: false });
  await app.ready();
  const login = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: 'admin@campo.test', password: 'Campo#2026' } });
  const headers = { authorization: `Bearer ${(login.json() as { token: string }).token}` };
  const body = (run: number) => ({
    name: `Bench ${run}`,
    clientId: client.id,
    campaignId: campaign.id,
    moveConfigurationId: move.id,
    questionnaireId: questionnaire.id,
    guidelineId: guideline.id,
    startDate: todayIso(),
    endDate: inDays(59),
    price: '4500',
    mandatoryProduct: 'Café',
    locations: ids,
    rangeDate: [
      { from: todayIso(), to: inDays(29), visits: 2 },
      { from: inDays(30), to: inDays(59), visits: 2 },
    ],
  });

  console.log(`Crear un proyecto de ${ids.length} locaciones × 4 visitas sobre ${kind}`);
  const times: number[] = [];
  let projectId = 0;
  for (let run = 1; run <= RUNS; run += 1) {
    const start = performance.now();
    const res = await app.inject({ method: 'POST', url: '/api/projects', headers, payload: body(run) });
    const ms = performance.now() - start;
    if (res.statusCode !== 201) throw new Error(`POST /projects respondió ${res.statusCode}: ${res.body.slice(0, 300)}`);
    const created = res.json() as { id: number; locationsCount: number; availableVisits: number };
    projectId = created.id;
    times.push(ms);
    console.log(`  corrida ${run}: ${Math.round(ms)} ms (${created.locationsCount} locaciones, ${created.availableVisits} visitas publicadas)`);
  }
  const createMedian = median(times);
  console.log(`  mediana ${Math.round(createMedian)} ms · meta ≤ ${GOAL_MS} ms · ${Math.max(...times) <= GOAL_MS ? 'cumple' : 'NO cumple'}`);

  const timed = async (label: string, run: () => Promise<{ statusCode: number; body: string }>) => {
    const start = performance.now();
    const res = await run();
    const ms = performance.now() - start;
    if (res.statusCode !== 200) throw new Error(`${label} respondió ${res.statusCode}: ${res.body.slice(0, 300)}`);
    console.log(`  ${label}: ${Math.round(ms)} ms`);
  };
  await timed(`GET /projects/:id (${ids.length} locaciones con sus visitas)`, () => app.inject({ method: 'GET', url: `/api/projects/${projectId}`, headers }));
  await timed('GET /projects (20 por página, con conteos)', () => app.inject({ method: 'GET', url: '/api/projects?limit=20', headers }));
  await timed('PUT /projects/locations (quitar 100)', () => app.inject({ method: 'PUT', url: '/api/projects/locations', headers, payload: { id: projectId, locations: ids.slice(100) } }));
  await timed('PUT /projects/locations (agregar 100, con 400 visitas)', () => app.inject({ method: 'PUT', url: '/api/projects/locations', headers, payload: { id: projectId, locations: ids } }));
  await app.close();
} finally {
  await database.close();
  await drop();
}
