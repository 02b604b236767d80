/**
 * Real server processes for the soak suites: `node --import tsx server/main.ts` on a free port,
 * against a PostgreSQL database of their own (TEST_DATABASE_URL's server). Several processes may
 * share one database, as they would behind a load balancer.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { DEMO_PASSWORD } from '../../server/db/seed';
import { adminQuery, createDatabase, databaseUrl, quoteIdent } from '../api/pg-admin';
import { freePort } from '../free-port';
import { serverNodeFlags } from '../../server/nodeFlags';
import { inject } from 'vitest';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
export const SOAK_JWT_SECRET = 'campo-soak-jwt-secret-0123456789abcdef0123456789';

export function adminUrl(): string {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) throw new Error('The soak suites need PostgreSQL: set TEST_DATABASE_URL (e.g. postgres://postgres@127.0.0.1:5432/test).');
  return url;
}

/**
 * A new database of the suite's own, a copy of the run's migrated and seeded one (global-setup.ts); a server
 * started on it migrates nothing and seeds nothing.
 */
export async function freshDatabase(label: string): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `campo_soak_${label}_${process.pid}`;
  await adminQuery(adminUrl(), `DROP DATABASE IF EXISTS ${quoteIdent(name)} WITH (FORCE)`);
  await createDatabase(adminUrl(), `CREATE DATABASE ${quoteIdent(name)} TEMPLATE ${quoteIdent(inject('soakTemplate'))}`);
  return { url: databaseUrl(adminUrl(), name), drop: () => adminQuery(adminUrl(), `DROP DATABASE IF EXISTS ${quoteIdent(name)} WITH (FORCE)`).then(() => undefined) };
}

/** One query on `url` with a short-lived client. */
export const query = adminQuery;


const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export interface ServerProcess {
  baseUrl: string;
  pid: number;
  child: ChildProcess;
  /** Everything the process wrote (stdout and stderr), latest 200 kB. */
  output(): string;
  /** SIGTERM, then SIGKILL after 10 s. */
  stop(): Promise<void>;
  /** kill -9: no shutdown hook runs, open connections and transactions are cut. */
  kill9(): Promise<void>;
  /** Resident memory in bytes, from /proc/<pid>/status (VmRSS). */
  rss(): number;
}

export interface StartOptions {
  databaseUrl: string;
  dataDir?: string;
  env?: Record<string, string>;
}

/** Starts server/main.ts and waits until it answers; migrations (and the seed on an empty database) run first. */
export async function startServer({ databaseUrl: url, dataDir = mkdtempSync(join(tmpdir(), 'campo-soak-')), env = {} }: StartOptions): Promise<ServerProcess> {
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, [...serverNodeFlags(), '--import', 'tsx', 'server/main.ts'], {
    cwd: ROOT,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: baseUrl,
      DATA_DIR: dataDir,
      DATABASE_URL: url,
      STATIC_DIR: '',
      JWT_SECRET: SOAK_JWT_SECRET,
      SEED_DEMO: 'true',
      LOG_LEVEL: 'warn',
      AUTH_RATE_LIMIT: '100000',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const keep = (chunk: Buffer) => (output = (output + chunk.toString()).slice(-200_000));
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const exited = () => child.exitCode !== null || child.signalCode !== null;
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (exited()) throw new Error(`server exited (${child.exitCode ?? child.signalCode}) before answering:\n${output}`);
    try {
      if ((await fetch(`${baseUrl}/api/settings/public`, { signal: AbortSignal.timeout(2000) })).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`server did not answer within 120 s:\n${output}`);
    }
    await sleep(200);
  }
  const waitExit = () => new Promise<void>((done) => (exited() ? done() : child.once('exit', () => done())));
  return {
    baseUrl,
    pid: child.pid!,
    child,
    output: () => output,
    stop: async () => {
      if (exited()) return;
      const force = setTimeout(() => child.kill('SIGKILL'), 10_000);
      child.kill('SIGTERM');
      await waitExit();
      clearTimeout(force);
    },
    kill9: async () => {
      if (exited()) return;
      child.kill('SIGKILL');
      await waitExit();
    },
    rss: () => Number(/VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${child.pid}/status`, 'utf8'))?.[1] ?? 0) * 1024,
  };
}

export const removeDir = (dir: string) => rmSync(dir, { recursive: true, force: true });

/** An access token for a demo user, through the real login. */
export async function login(baseUrl: string, email: string): Promise<string> {
  const res = await fetch(`${baseUrl}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email, password: DEMO_PASSWORD }) });
  if (!res.ok) throw new Error(`login ${email} → ${res.status} ${await res.text()}`);
  return ((await res.json()) as { token: string }).token;
}

export interface Answer {
  status: number;
  body: { message?: string; [key: string]: unknown };
}

/** A JSON call with a bearer token. */
export async function call(baseUrl: string, token: string, method: string, path: string, body?: unknown): Promise<Answer> {
  const res = await fetch(`${baseUrl}/api${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : {} };
}

/** A multipart upload of one file (and text fields) with a bearer token. */
export async function upload(baseUrl: string, token: string, path: string, fields: Record<string, string>, file: { field: string; name: string; type: string; content: Buffer | string }): Promise<Answer> {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) form.append(key, value);
  form.append(file.field, new Blob([typeof file.content === 'string' ? file.content : new Uint8Array(file.content)], { type: file.type }), file.name);
  const res = await fetch(`${baseUrl}/api${path}`, { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: form });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : {} };
}
