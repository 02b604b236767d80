/**
 * The browser tests' world: one world per vitest worker of each e2e project (`e2e`: E2E_WORKERS, 2 by default; `e2e-timed`: 1), so that
 * test files running side by side never see each other's changes. Each world is an SMTP sink and the real
 * server (server/main.ts) serving the built console (a copy of dist/ taken at the start) on a free
 * port, with a fresh database:
 *
 * - TEST_DATABASE_URL set: a new PostgreSQL database `campo_e2e_<pid>_<project>_<n>`, dropped at teardown.
 * - Otherwise: an embedded PGlite in a fresh temporary DATA_DIR.
 *
 * Either is a copy of the same migrated and seeded demo data, made once per run (`seededOnce`).
 *
 * A test file finds its world by its worker's VITEST_POOL_ID (helpers.ts `world()`).
 *
 * Build the console first (`npx vite build`).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { TestProject } from 'vitest/node';
import { startSmtpSink } from './smtp-sink';
import { adminQuery, createDatabase, quoteIdent } from '../api/pg-admin';
import { freePort } from '../free-port';
import { serverNodeFlags } from '../../server/nodeFlags';

/** One server with its own database and mail sink. */
export interface E2eWorld {
  baseUrl: string;
  mailDir: string;
  /** The server's PostgreSQL database, for a test that stores what the API no longer accepts; empty on PGlite (the server holds it). */
  databaseUrl: string;
  /** The server's DATA_DIR (its files, and its PGlite database). */
  dataDir: string;
}

declare module 'vitest' {
  export interface ProvidedContext {
    e2eWorlds: E2eWorld[];
    e2eSooftSecret: string;
  }
}

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const START_TIMEOUT_MS = 60_000;
const SOOFT_SECRET = 'campo-e2e-sooft-secret-0123456789';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function waitForServer(baseUrl: string, child: ChildProcess, output: () => string): Promise<void> {
  const deadline = Date.now() + START_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(`The Campo server exited (${child.exitCode ?? child.signalCode}) before answering:\n${output()}`);
    }
    try {
      const res = await fetch(`${baseUrl}/api/settings/public`, { signal: AbortSignal.timeout(2_000) });
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await sleep(200);
  }
  throw new Error(`The Campo server did not answer GET /api/settings/public within ${START_TIMEOUT_MS / 1000} s:\n${output()}`);
}

function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((done) => {
    const force = setTimeout(() => child.kill('SIGKILL'), 10_000);
    child.once('exit', () => {
      clearTimeout(force);
      done();
    });
    child.kill('SIGTERM');
  });
}

type Cleanups = (() => Promise<unknown> | void)[];

/** E2E_SERVER_PROF=<dir>: each server writes a V8 CPU profile of its life there when it stops (what a run costs it). */
const profiling = (): string[] => (process.env.E2E_SERVER_PROF ? ['--cpu-prof', `--cpu-prof-dir=${process.env.E2E_SERVER_PROF}`] : []);

/**
 * Where a world's data starts: a PostgreSQL database to copy (CREATE DATABASE … TEMPLATE) or a PGlite data
 * directory to copy, both migrated and seeded by a server that was then stopped. Without one, the world's
 * own server migrates and seeds its empty database.
 */
type Seeded = { database: string } | { dataDir: string };

/** Starts world number `n`: its mail sink, data directory, database and server. */
async function startWorld(project: string, n: number, staticDir: string, cleanups: Cleanups, seeded?: Seeded, keepDatabase?: string): Promise<E2eWorld> {
  const mailDir = mkdtempSync(join(tmpdir(), `campo-e2e-mail-${n}-`));
  cleanups.push(() => rmSync(mailDir, { recursive: true, force: true }));
  const sink = await startSmtpSink(mailDir);
  cleanups.push(() => sink.close());

  const dataDir = mkdtempSync(join(tmpdir(), `campo-e2e-data-${n}-`));
  cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
  if (seeded && 'dataDir' in seeded) cpSync(seeded.dataDir, dataDir, { recursive: true });

  let databaseUrl = '';
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (adminUrl) {
    // Per project too: both e2e projects (e2e-timed, e2e) start worlds in the same process.
    const name = keepDatabase ?? `campo_e2e_${process.pid}_${project.replace(/\W/g, '_')}_${n}`;
    await adminQuery(adminUrl, `DROP DATABASE IF EXISTS ${quoteIdent(name)} WITH (FORCE)`);
    const template = seeded && 'database' in seeded ? ` TEMPLATE ${quoteIdent(seeded.database)}` : '';
    await createDatabase(adminUrl, `CREATE DATABASE ${quoteIdent(name)}${template}`);
    if (!keepDatabase) cleanups.push(() => adminQuery(adminUrl, `DROP DATABASE IF EXISTS ${quoteIdent(name)} WITH (FORCE)`));
    const target = new URL(adminUrl);
    target.pathname = `/${name}`;
    databaseUrl = target.toString();
  }

  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_URL: baseUrl,
    DATA_DIR: dataDir,
    DATABASE_URL: databaseUrl,
    STATIC_DIR: staticDir,
    SMTP_URL: `smtp://127.0.0.1:${sink.port}`,
    JWT_SECRET: 'campo-e2e-jwt-secret-0123456789abcdef0123456789',
    SOOFT_SECRET,
    CHAT_SUPPORT_URL: 'https://wa.me/5491100000000',
    SEED_DEMO: 'true',
    LOG_LEVEL: 'warn',
    // Every test logs in through the form; the per-minute limit is tested by the API tests.
    AUTH_RATE_LIMIT: '100000',
  };
  let output = '';
  const child = spawn(process.execPath, [...serverNodeFlags(), ...profiling(), '--import', 'tsx', 'server/main.ts'], { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-20_000);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  cleanups.push(() => stop(child));

  await waitForServer(baseUrl, child, () => output);
  return { baseUrl, mailDir, databaseUrl, dataDir };
}

/**
 * The demo data every world copies, made once per run: a server migrates and seeds it, and stops (its
 * PGlite directory or its PostgreSQL database is then a template). Each world copies it and its own server
 * finds it migrated and seeded: a world was ~10 s of migrating and seeding, one after the other, and
 * three of them (e2e-timed's and e2e's two) started before any test. Made once for both projects' setups,
 * which run in the same process; the project that made it removes it at its teardown.
 */
function seededOnce(staticDir: string, cleanups: Cleanups): Promise<Seeded> {
  const shared = globalThis as { campoE2eSeeded?: Promise<Seeded> };
  shared.campoE2eSeeded ??= (async () => {
    const adminUrl = process.env.TEST_DATABASE_URL;
    const database = `campo_e2e_${process.pid}_seeded`;
    if (adminUrl) cleanups.push(() => adminQuery(adminUrl, `DROP DATABASE IF EXISTS ${quoteIdent(database)} WITH (FORCE)`));
    const own: Cleanups = [];
    const world = await startWorld('seeded', 0, staticDir, own, undefined, adminUrl ? database : undefined);
    // Stopped (its server closes the database) before it is copied; its data directory stays until the teardown.
    const dataDir = mkdtempSync(join(tmpdir(), 'campo-e2e-seeded-'));
    cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
    try {
      await stopAll(own.splice(own.length - 1));
      cpSync(world.dataDir, dataDir, { recursive: true });
    } finally {
      await stopAll(own);
    }
    return adminUrl ? { database } : { dataDir };
  })();
  return shared.campoE2eSeeded;
}

async function stopAll(cleanups: Cleanups): Promise<void> {
  for (const cleanup of cleanups.reverse()) await cleanup();
}

export default async function setup(project: TestProject) {
  if (!existsSync(join(ROOT, 'dist', 'index.html'))) {
    throw new Error('dist/index.html is missing: build the console with `npx vite build` before the e2e tests.');
  }
  const cleanups: Cleanups = [];
  const teardown = async () => {
    for (const cleanup of cleanups.reverse()) {
      try {
        await cleanup();
      } catch (error) {
        console.error('e2e teardown:', error);
      }
    }
  };

  try {
    // The servers serve a copy of dist/: a `vite build` during the run (it empties dist/ first)
    // must not pull the console from under the browser.
    const staticDir = mkdtempSync(join(tmpdir(), 'campo-e2e-console-'));
    cleanups.push(() => rmSync(staticDir, { recursive: true, force: true }));
    cpSync(join(ROOT, 'dist'), staticDir, { recursive: true });

    const seeded = await seededOnce(staticDir, cleanups);
    const worlds: E2eWorld[] = [];
    // One after the other: servers starting at once only slow each other down.
    for (let n = 1; n <= Math.max(1, project.config.maxWorkers); n++) worlds.push(await startWorld(project.name, n, staticDir, cleanups, seeded));

    project.provide('e2eWorlds', worlds);
    project.provide('e2eSooftSecret', SOOFT_SECRET);
  } catch (error) {
    await teardown();
    throw error;
  }
  return teardown;
}
