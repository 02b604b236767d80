/** Each API test file gets its own copy of the seeded template database and its own app. */
import { and, eq, isNull, sql } from 'drizzle-orm';
import { createHmac, randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, inject } from 'vitest';
import { type App, buildApp } from '../../server/app';
import { type Config, loadConfig } from '../../server/config';
import { type Database, type Db, createPglite, migrate, migrationsFolder, openDatabase } from '../../server/db/client';
import { DEMO_PASSWORD, seedDemo } from '../../server/db/seed';
import type { LoginAnswer } from '../../domain/auth';
import { isoInDays, todayIso } from '../../domain/validation';
import { requiresClient, type UserRole } from '../../domain/roles';
import { clients, locations, users } from '../../server/db/schema';
import { adminQuery, databaseUrl, quoteIdent } from './pg-admin';

export const TEST_JWT_SECRET = 'campo-api-tests-jwt-secret-0123456789abcdef';

export interface TestApp {
  app: App;
  db: Db;
  config: Config;
  close(): Promise<void>;
  /** Logs in through the API; throws with the answer when the login is refused. */
  login(email: string, password?: string): Promise<Pick<LoginAnswer, 'token' | 'refreshToken' | 'id'>>;
  authHeader(token: string): { authorization: string };
  /**
   * An access token of an active user of `rol` (with a client where the role has one): the demo's first
   * such user, or one made for the test. The guard holds a token's role and client to the user's own.
   */
  tokenAs(rol: UserRole): Promise<string>;
}

/** A copy of the template database: a new PostgreSQL database or a PGlite loaded from the dump. */
async function copyTemplate(postgres = false): Promise<{ database: Database; databaseUrl: string; drop(): Promise<void> }> {
  const source = inject('campoDatabase');
  if (postgres && source.kind !== 'postgres') return seededPostgres();
  if (source.kind === 'postgres') {
    const name = `${source.prefix}${randomBytes(6).toString('hex')}`;
    await adminQuery(source.url, `CREATE DATABASE ${quoteIdent(name)} TEMPLATE ${quoteIdent(source.template)}`);
    const url = databaseUrl(source.url, name);
    return {
      database: await openDatabase({ url }),
      databaseUrl: url,
      drop: () => dropDatabase(source.url, name),
    };
  }
  const pglite = await createPglite({ loadDataDir: new Blob([readFileSync(source.dump)]) });
  return { database: await openDatabase({ pglite }), databaseUrl: '', drop: () => Promise.resolve() };
}

/** A new PostgreSQL database on the local server (`postgresServer`), migrated and seeded: for a run on PGlite. */
async function seededPostgres(): Promise<{ database: Database; databaseUrl: string; drop(): Promise<void> }> {
  const server = inject('postgresServer');
  if (!server) throw new Error('This suite needs PostgreSQL: set TEST_DATABASE_URL or run one on 127.0.0.1:5432.');
  const name = `campo_t_${process.pid}_${randomBytes(6).toString('hex')}`;
  await adminQuery(server, `CREATE DATABASE ${quoteIdent(name)}`);
  const url = databaseUrl(server, name);
  const database = await openDatabase({ url });
  await migrate(database);
  await seedDemo(database.db);
  return { database, databaseUrl: url, drop: () => dropDatabase(server, name) };
}

/**
 * Drops a per-file database once its pool has ended. pg's pool.end() resolves before the server
 * has seen every connection go, so a plain DROP (which waits a few seconds for them) comes first:
 * forcing at once would kill those connections and their client would throw an uncaught error.
 */
async function dropDatabase(url: string, name: string): Promise<void> {
  try {
    await adminQuery(url, `DROP DATABASE IF EXISTS ${quoteIdent(name)}`);
  } catch {
    await adminQuery(url, `DROP DATABASE IF EXISTS ${quoteIdent(name)} WITH (FORCE)`);
  }
}

export interface TestAppOptions {
  /** Runs on the built app before it is ready: the place for test-only hooks. */
  beforeReady?: (app: App) => void;
  /** The production logger (its level from the config), writing here instead of staying silent. */
  logStream?: NodeJS.WritableStream;
  /** On PostgreSQL even when the run's template is PGlite (what only PostgreSQL's locking shows). */
  postgres?: boolean;
}

export async function createTestApp(overrides: Partial<Config> = {}, options: TestAppOptions = {}): Promise<TestApp> {
  const copy = await copyTemplate(options.postgres);
  const dataDir = mkdtempSync(join(tmpdir(), 'campo-api-'));
  const config: Config = {
    ...loadConfig({
      DATA_DIR: dataDir,
      STATIC_DIR: '',
      DATABASE_URL: copy.databaseUrl,
      JWT_SECRET: TEST_JWT_SECRET,
      PUBLIC_URL: 'http://campo.test',
      LOG_LEVEL: 'silent',
      SEED_DEMO: 'false',
    }),
    // High enough that only the test of the limit ever reaches it.
    authRateLimit: 100_000,
    ...overrides,
  };
  const app = await buildApp({ config, db: copy.database.db, ...(options.logStream ? { logStream: options.logStream } : { logger: false }) });
  options.beforeReady?.(app);
  await app.ready();

  let closed = false;
  const close = async () => {
    if (closed) return;
    closed = true;
    await app.close();
    await copy.database.close();
    await copy.drop();
    rmSync(dataDir, { recursive: true, force: true });
  };

  const login: TestApp['login'] = async (email, password = DEMO_PASSWORD) => {
    const res = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password } });
    if (res.statusCode !== 200) throw new Error(`login ${email} answered ${res.statusCode}: ${res.body}`);
    const { token, refreshToken, id } = res.json() as LoginAnswer;
    return { token, refreshToken, id };
  };

  const made = new Map<UserRole, Promise<{ id: number; clientId: number | null }>>();
  const userOfRole = async (rol: UserRole) => {
    const db = copy.database.db;
    const [found] = await db.select({ id: users.id, clientId: users.clientId }).from(users).where(and(rol === null ? isNull(users.rolId) : eq(users.rolId, rol), eq(users.status, true))).orderBy(users.id).limit(1);
    if (found) return found;
    const [client] = requiresClient(rol) ? await db.select({ id: clients.id }).from(clients).orderBy(clients.id).limit(1) : [];
    const [user] = await db
      .insert(users)
      .values({ names: 'Prueba', lastName: `Rol ${rol ?? 'sin rol'}`, email: `rol-${rol ?? 'ninguno'}-${randomBytes(4).toString('hex')}@prueba.test`, passwordHash: '!', rolId: rol, clientId: client?.id ?? null })
      .returning({ id: users.id, clientId: users.clientId });
    return user;
  };
  const tokenAs: TestApp['tokenAs'] = async (rol) => {
    if (!made.has(rol)) made.set(rol, userOfRole(rol));
    const user = await made.get(rol)!;
    return app.jwt.sign({ sub: String(user.id), rol: rol as never, cid: user.clientId, typ: 'access' });
  };
  return { app, db: copy.database.db, config, close, login, authHeader, tokenAs };
}

export const authHeader = (token: string) => ({ authorization: `Bearer ${token}` });

/** A compact HS256 JWT signed with `secret`, built by hand (for partner tokens and forged ones). */
export function signHs256(payload: Record<string, unknown>, secret: string, header: Record<string, unknown> = { alg: 'HS256', typ: 'JWT' }): string {
  const encode = (part: unknown) => Buffer.from(JSON.stringify(part)).toString('base64url');
  const unsigned = `${encode(header)}.${encode(payload)}`;
  return `${unsigned}.${createHmac('sha256', secret).update(unsigned).digest('base64url')}`;
}

export const nowSeconds = () => Math.floor(Date.now() / 1000);

/** What a project's create body refers to: its client's campaign, move configuration, questionnaire and guideline. */
export interface ProjectRefs {
  clientId: number;
  campaignId: number;
  moveConfigurationId: number;
  questionnaireId: number;
  guidelineId: number;
}

/**
 * A project's create body as its form sends it: `refs`, `locations`, from today for 30 days with one visit
 * per point of sale, no audio nor remote nor auto-approval; `overrides` change any field.
 */
export const projectBody = (name: string, refs: ProjectRefs, locations: number[], overrides: Record<string, unknown> = {}) => ({
  name,
  ...refs,
  startDate: todayIso(),
  endDate: isoInDays(30),
  price: '4500',
  mandatoryProduct: 'Café con leche',
  alternativeProduct: '',
  audioAttachment: false,
  campoRemote: false,
  autoApprovalRequired: false,
  locations,
  rangeDate: [{ from: todayIso(), to: isoInDays(30), visits: 1 }],
  ...overrides,
});

/** A migration file's statements (split where drizzle breaks them), for a test that runs one over data of its own. */
export const migrationStatements = (file: string) =>
  readFileSync(join(migrationsFolder, file), 'utf8')
    .split('--> statement-breakpoint')
    .filter((s) => s.trim());

/**
 * Writes points of sale around the API, as a migration finds rows made before it: copies of one of `clientId`'s,
 * with the client and the client location code given. Answers each one's id and system code.
 */
export async function locationWriter(db: Db, clientId: number) {
  const [template] = await db.select().from(locations).where(eq(locations.clientId, clientId)).limit(1);
  const { id: _id, code: _code, searchName: _search, createdAt: _c, updatedAt: _u, ...row } = template;
  return async (owner: number, clientLocationId: string) =>
    (await db.insert(locations).values({ ...row, clientId: owner, clientLocationId }).returning({ id: locations.id, code: locations.code }))[0];
}

/**
 * Waits until some statement of this test's PostgreSQL database (`waiters` of them) waits on a lock (the
 * request under test queued behind a transaction the test holds open); throws `timeout()`'s error after 10 s.
 */
export async function untilSomeoneWaitsOnALock(db: Db, timeout: () => Promise<Error> | Error, waiters = 1): Promise<void> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const waiting = (await db.execute(sql`select count(*)::int as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`)) as unknown as { rows: { n: number }[] };
    if (waiting.rows[0].n >= waiters) return;
    if (Date.now() > deadline) throw await timeout();
    await new Promise((r) => setTimeout(r, 25));
  }
}

/**
 * A describe's own app on PostgreSQL with the administrator's token (PGlite has one connection, so no
 * other transaction can hold a row there): read `pg` and `token` inside its tests.
 */
export function adminOnPostgres(): { readonly pg: TestApp; readonly token: string } {
  const state = {} as { pg: TestApp; token: string };
  beforeAll(async () => {
    state.pg = await createTestApp({}, { postgres: true });
    state.token = (await state.pg.login('admin@campo.test')).token;
  }, 60_000);
  afterAll(() => state.pg?.close());
  return state;
}
