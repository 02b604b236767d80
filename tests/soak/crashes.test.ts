/**
 * kill -9 in the middle of a bulk import, a mass payment and a project creation, then a restart on
 * the same database: all or nothing, and a server that starts clean and does the same work again.
 *
 * "In the middle" is made certain, not left to timing: the test holds an EXCLUSIVE lock on
 * audit_log, which each of the three writes last, inside its transaction. The server writes every
 * data row, blocks on the audit row, and is killed there, its transaction still open.
 */
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { combineWithCurrentTime } from '../../domain/payments';
import { addDaysIso as addDays, todayIso } from '../../domain/validation';
import { csvFile, csvRow } from '../api/locations-csv';
import { call, freshDatabase, login, query, removeDir, type ServerProcess, startServer, upload } from './server';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

let db: Awaited<ReturnType<typeof freshDatabase>>;
let dataDir: string;
let server: ServerProcess;
let token: string;
let clientId: number;

const start = async () => {
  server = await startServer({ databaseUrl: db.url, dataDir });
  token = await login(server.baseUrl, 'admin@campo.test');
};

beforeAll(async () => {
  db = await freshDatabase('crashes');
  dataDir = mkdtempSync(join(tmpdir(), 'campo-soak-crash-'));
  await start();
  [{ id: clientId }] = await query<{ id: number }>(db.url, "SELECT id FROM clients WHERE name = 'Café del Plata'");
}, 240_000);
afterAll(async () => {
  await heldLock?.();
  await server?.stop();
  await db?.drop();
  removeDir(dataDir);
});

const count = async (text: string, values: unknown[] = []) => (await query<{ n: number }>(db.url, `SELECT count(*)::int AS n FROM (${text}) x`, values))[0].n;

/** Holds audit_log locked until released: every writer of an audit row waits, its transaction open. */
let heldLock: (() => Promise<void>) | null = null;
async function lockAudit(): Promise<() => Promise<void>> {
  const client = new pg.Client({ connectionString: db.url });
  await client.connect();
  await client.query('BEGIN');
  await client.query('LOCK TABLE audit_log IN EXCLUSIVE MODE');
  heldLock = async () => {
    heldLock = null;
    await client.query('ROLLBACK');
    await client.end();
  };
  return heldLock;
}

/** Waits until a session of the server waits for the audit_log lock: its data rows are written. */
async function serverBlockedOnAudit(pending: Promise<unknown>): Promise<void> {
  let answered: unknown;
  void pending.then((answer) => (answered = answer ?? 'no answer'));
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (answered) throw new Error(`the server answered before writing its audit row: ${JSON.stringify(answered).slice(0, 500)}`);
    const n = await count("SELECT 1 FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock' AND query ILIKE '%audit_log%'");
    if (n > 0) return;
    await new Promise((r) => setTimeout(r, 20));
  }
  throw new Error(`the server never reached its audit row:\n${server.output().slice(-2000)}`);
}

/** kill -9 while blocked, release the lock, and wait until PostgreSQL has ended the dead server's sessions. */
async function crash(release: () => Promise<void>, pending: Promise<unknown>) {
  await server.kill9();
  await pending.catch(() => undefined);
  await release();
  const deadline = Date.now() + 30_000;
  while ((await count('SELECT 1 FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()')) > 0) {
    if (Date.now() > deadline) throw new Error('sessions of the killed server are still open');
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** After a restart: no lock held, no session left in a transaction, migrations applied once. */
async function expectCleanStart() {
  const migrations = await count('SELECT 1 FROM drizzle.__drizzle_migrations');
  await start();
  expect(await count('SELECT 1 FROM drizzle.__drizzle_migrations')).toBe(migrations);
  expect(await count("SELECT 1 FROM pg_stat_activity WHERE datname = current_database() AND state LIKE 'idle in transaction%'")).toBe(0);
  expect(await count("SELECT 1 FROM pg_locks l JOIN pg_database d ON d.oid = l.database WHERE d.datname = current_database() AND l.locktype IN ('relation', 'tuple', 'transactionid') AND l.pid <> pg_backend_pid()")).toBe(0);
  expect(server.output()).not.toMatch(/"level":(50|60)|unexpected error/);
}

describe('kill -9 in the middle', () => {
  const ROWS = 5000;
  const file = csvFile(Array.from({ length: ROWS }, (_, i) => csvRow(i, {}, 'CRASH')));
  const importFile = () => upload(server.baseUrl, token, '/locations/massive/client', { clientId: String(clientId) }, { field: 'csvFile', name: 'puntos.csv', type: 'text/csv', content: file });
  const imported = () => count("SELECT 1 FROM locations WHERE client_location_id LIKE 'CRASH-%'");

  it(`of a ${ROWS}-row points-of-sale import leaves none of its rows; after a restart the same file loads whole`, async () => {
    const before = await count('SELECT 1 FROM locations');
    const release = await lockAudit();
    const pending = importFile().catch(() => null);
    await serverBlockedOnAudit(pending);
    await crash(release, pending);
    expect(await imported()).toBe(0);
    expect(await count('SELECT 1 FROM locations')).toBe(before);
    await expectCleanStart();
    const again = await importFile();
    expect(again.status, JSON.stringify(again.body).slice(0, 300)).toBe(200);
    expect(await imported()).toBe(ROWS);
  });

  it('of a 1,000-transaction mass payment leaves all of them pending; after a restart they are paid once', async () => {
    const [{ id: accountId }] = await query<{ id: number }>(db.url, 'SELECT a.id FROM accounts a JOIN users u ON u.id = a.user_id WHERE u.rol_id = 7 ORDER BY a.id LIMIT 1');
    await query(db.url, "UPDATE transactions SET status = 'PAID', operation_code = 'ANTES', transaction_date = now() WHERE account_id = $1 AND status = 'PENDING'", [accountId]);
    const ids = (await query<{ id: number }>(db.url, "INSERT INTO transactions (account_id, amount, status) SELECT $1, 1.25, 'PENDING' FROM generate_series(1, 1000) RETURNING id", [accountId])).map((r) => r.id);
    const body = { id: accountId, amount: '1250.00', penddingTransactionIds: ids, operationCode: 'CAIDA', transactionDate: combineWithCurrentTime(todayIso()) };
    const release = await lockAudit();
    const pending = call(server.baseUrl, token, 'PUT', '/accounts/massive-pay', body).catch(() => null);
    await serverBlockedOnAudit(pending);
    await crash(release, pending);
    expect(await count("SELECT 1 FROM transactions WHERE id = ANY($1) AND status = 'PENDING' AND operation_code IS NULL", [ids])).toBe(1000);
    expect(await count("SELECT 1 FROM audit_log WHERE entity = 'transaction' AND entity_id = ANY($1)", [ids.map(String)])).toBe(0);
    await expectCleanStart();
    const again = await call(server.baseUrl, token, 'PUT', '/accounts/massive-pay', { ...body, operationCode: 'DESPUES' });
    expect(again.status, JSON.stringify(again.body).slice(0, 300)).toBe(200);
    expect(await count("SELECT 1 FROM transactions WHERE id = ANY($1) AND status = 'PAID' AND operation_code = 'DESPUES'", [ids])).toBe(1000);
  });

  it('of a project creation with thousands of locations leaves no project, location or visit; after a restart it is created', async () => {
    const locationIds = (await query<{ id: number }>(db.url, "SELECT id FROM locations WHERE client_location_id LIKE 'CRASH-%' ORDER BY id LIMIT 3000")).map((r) => r.id);
    expect(locationIds.length).toBe(3000);
    const [campaign] = await query<{ id: number; end_date: string }>(
      db.url,
      "SELECT id, to_char(end_date, 'YYYY-MM-DD') AS end_date FROM campaigns WHERE client_id = $1 AND deleted_at IS NULL AND start_date <= current_date AND end_date >= current_date + 10 ORDER BY id LIMIT 1",
      [clientId],
    );
    const [move] = await query<{ id: number }>(db.url, "SELECT id FROM move_configurations WHERE name = 'Visita estándar'");
    const [questionnaire] = await query<{ id: number }>(db.url, "SELECT id FROM questionnaires WHERE name = 'Visita a cafetería'");
    const [guideline] = await query<{ id: number }>(db.url, 'SELECT id FROM guidelines WHERE deleted_at IS NULL ORDER BY id LIMIT 1');
    const end = campaign.end_date < addDays(todayIso(), 30) ? campaign.end_date : addDays(todayIso(), 30);
    const body = {
      name: 'Proyecto interrumpido',
      clientId,
      campaignId: campaign.id,
      moveConfigurationId: move.id,
      questionnaireId: questionnaire.id,
      guidelineId: guideline.id,
      startDate: todayIso(),
      endDate: end,
      price: '1000',
      mandatoryProduct: 'Café con leche',
      alternativeProduct: '',
      audioAttachment: false,
      campoRemote: false,
      autoApprovalRequired: false,
      locations: locationIds,
      rangeDate: [{ from: todayIso(), to: end, visits: 4 }],
    };
    const visitsBefore = await count('SELECT 1 FROM visits');
    const release = await lockAudit();
    const pending = call(server.baseUrl, token, 'POST', '/projects', body).catch(() => null);
    await serverBlockedOnAudit(pending);
    await crash(release, pending);
    expect(await count("SELECT 1 FROM projects WHERE name = 'Proyecto interrumpido'")).toBe(0);
    expect(await count('SELECT 1 FROM project_locations pl LEFT JOIN projects p ON p.id = pl.project_id WHERE p.id IS NULL')).toBe(0);
    expect(await count('SELECT 1 FROM visits')).toBe(visitsBefore);
    await expectCleanStart();
    const again = await call(server.baseUrl, token, 'POST', '/projects', body);
    expect(again.status, JSON.stringify(again.body).slice(0, 300)).toBe(201);
    expect(await count('SELECT 1 FROM visits')).toBe(visitsBefore + 3000 * 4);
  });
});
