/**
 * Bulk import of 5,000 web users from an .xlsx, timed server-side through app.inject (multipart
 * parse, SheetJS read, checks, e-mail lookup, one transaction of multi-row inserts).
 *
 *   npx tsx tests/bench/users-import.ts                       # embedded PGlite (in memory)
 *   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npx tsx tests/bench/users-import.ts
 *
 * With BENCH_DATABASE_URL a scratch database is created from it and dropped at the end.
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import * as XLSX from 'xlsx';
import { BULK_COLUMNS, BULK_SHEET, readBulkFile, type SheetReader } from '../../domain/webUsersImport';
import { buildApp } from '../../server/app';
import { loadConfig } from '../../server/config';
import { type Database, migrate, openDatabase } from '../../server/db/client';
import { seedDemo } from '../../server/db/seed';
import { multipart } from '../api/multipart';

const ROWS = 5000;
const RUNS = 3;
const ROLES = ['Cliente', 'Franquicia', 'Gerente zonal', 'Inactivo'];

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

function spreadsheet(run: string): Buffer {
  const rows: unknown[][] = [[...BULK_COLUMNS]];
  for (let i = 0; i < ROWS; i += 1) {
    rows.push([`Nombre${i}`, `Apellido${i}`, `usuario${i}.${run}@import.campo.test`, 1140000000 + i, ROLES[i % ROLES.length]]);
  }
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet(rows), BULK_SHEET);
  // Compressed, like a file saved by a spreadsheet program.
  return XLSX.write(book, { type: 'buffer', bookType: 'xlsx', compression: true }) as Buffer;
}

const { database, drop, kind } = await open();
try {
  await migrate(database);
  await seedDemo(database.db);
  const config = { ...loadConfig({ STATIC_DIR: '', LOG_LEVEL: 'silent', JWT_SECRET: 'bench-secret-0123456789abcdef0123456789', SEED_DEMO: 'false' }), authRateLimit: 100_000 };
  const app = await buildApp({ config, db: database.db, logger: false });
  await app.ready();
  const login = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: 'admin@campo.test', password: 'Campo#2026' } });
  const token = (login.json() as { token: string }).token;
  const [{ id: clientId }] = (await app.inject({ method: 'GET', url: '/api/clients/all-clients?state=true&limit=1', headers: { authorization: `Bearer ${token}` } })).json().rows;

  console.log(`Importación masiva de ${ROWS} usuarios (.xlsx) sobre ${kind}`);
  const times: number[] = [];
  for (let run = 1; run <= RUNS; run += 1) {
    const file = spreadsheet(randomBytes(3).toString('hex'));
    const readStart = performance.now();
    readBulkFile(XLSX as unknown as SheetReader, 'usuarios.xlsx', file);
    const readMs = performance.now() - readStart;
    const body = multipart({ clientId: String(clientId) }, [{ field: 'file', name: 'usuarios.xlsx', content: file }]);
    const start = performance.now();
    const res = await app.inject({ method: 'POST', url: '/api/web-users/massive', payload: body.payload, headers: { ...body.headers, authorization: `Bearer ${token}` } });
    const ms = performance.now() - start;
    if (res.statusCode !== 201) throw new Error(`La importación respondió ${res.statusCode}: ${res.body.slice(0, 300)}`);
    times.push(ms);
    console.log(`  corrida ${run}: ${Math.round(ms)} ms en total (lectura del xlsx sola: ${Math.round(readMs)} ms), archivo de ${(file.length / 1024).toFixed(0)} KB, ${res.json().created} creados`);
  }
  const sorted = [...times].sort((a, b) => a - b);
  console.log(`  mediana ${Math.round(sorted[Math.floor(sorted.length / 2)])} ms · meta ≤ 3000 ms · ${sorted.at(-1)! <= 3000 ? 'cumple' : 'NO cumple'}`);
  await app.close();
} finally {
  await database.close();
  await drop();
}
