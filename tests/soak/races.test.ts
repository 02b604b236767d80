/**
 * Races across two server processes on one PostgreSQL database: the same approval, the same mass
 * payment and the same import sent to both at once. Exactly one effect each; the loser gets a clean
 * Spanish 4xx; the database says so.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as XLSX from 'xlsx';
import { combineWithCurrentTime } from '../../domain/payments';
import { todayIso } from '../../domain/validation';
import { BULK_COLUMNS, BULK_SHEET } from '../../domain/webUsersImport';
import { expectSpanish } from '../api/hostile-input';
import { csvFile, csvRow } from '../api/locations-csv';
import { call, freshDatabase, login, query, type ServerProcess, startServer, upload } from './server';

let db: Awaited<ReturnType<typeof freshDatabase>>;
let a: ServerProcess;
let b: ServerProcess;
let tokenA: string;
let tokenB: string;

beforeAll(async () => {
  db = await freshDatabase('races');
  // The first process migrates and seeds; the second finds both done (migrations are idempotent).
  a = await startServer({ databaseUrl: db.url });
  b = await startServer({ databaseUrl: db.url });
  tokenA = await login(a.baseUrl, 'admin@campo.test');
  tokenB = await login(b.baseUrl, 'admin@campo.test');
}, 240_000);
afterAll(async () => {
  await Promise.all([a?.stop(), b?.stop()]);
  await db?.drop();
});

const ROUNDS = 5;

/** One 2xx and one Spanish 4xx, in either order. */
function expectOneWinner(answers: { status: number; body: { message?: string } }[], label: string) {
  const won = answers.filter((r) => r.status < 300);
  const lost = answers.filter((r) => r.status >= 400);
  expect(won, `${label}: ${JSON.stringify(answers)}`).toHaveLength(1);
  expect(lost, `${label}: ${JSON.stringify(answers)}`).toHaveLength(1);
  expect(lost[0].status, label).toBeLessThan(500);
  expectSpanish(lost[0].body.message, label);
  return lost[0];
}

describe('two processes, one database', () => {
  it('approve one move: one approval, one status log, one debt', async () => {
    const moves = await query<{ id: number; version: number }>(
      db.url,
      // Moves the Getter answered: a rescued one waits for the agent's answers before it can be approved.
      "SELECT id, version FROM user_moves WHERE status = 'EN_REVISION' AND assigned_agent_id IS NOT NULL AND rescue_user_id IS NULL ORDER BY id LIMIT $1",
      [ROUNDS * 2],
    );
    expect(moves.length).toBe(ROUNDS * 2);
    for (const [i, move] of moves.entries()) {
      // Half the rounds send the version the person saw, half none (the server reads it itself).
      const body = { id: move.id, userMoveVideoLink: 'https://www.dropbox.com/s/abc/visita.mp4?dl=0', ...(i % 2 ? {} : { version: move.version }) };
      const answers = await Promise.all([call(a.baseUrl, tokenA, 'POST', '/user-moves/accept-one', body), call(b.baseUrl, tokenB, 'POST', '/user-moves/accept-one', body)]);
      const loser = expectOneWinner(answers, `move ${move.id}`);
      expect(loser.status).toBe(409);
      const [row] = await query<{ status: string; version: number }>(db.url, 'SELECT status, version FROM user_moves WHERE id = $1', [move.id]);
      expect(row).toEqual({ status: 'APROBADA', version: move.version + 1 });
      const [{ logs }] = await query<{ logs: number }>(db.url, "SELECT count(*)::int AS logs FROM move_status_logs WHERE user_move_id = $1 AND status = 'APROBADA'", [move.id]);
      expect(logs).toBe(1);
      const [{ audits }] = await query<{ audits: number }>(db.url, "SELECT count(*)::int AS audits FROM audit_log WHERE entity = 'user_move' AND entity_id = $1 AND action = 'approve'", [String(move.id)]);
      expect(audits).toBe(1);
      const [{ debts }] = await query<{ debts: number }>(db.url, 'SELECT count(*)::int AS debts FROM transactions WHERE user_move_id = $1', [move.id]);
      expect(debts).toBeLessThanOrEqual(1);
    }
  });

  it('mass-pay one set of transactions: each paid once, with one operation code', async () => {
    const accounts = await query<{ id: number }>(db.url, "SELECT a.id FROM accounts a JOIN users u ON u.id = a.user_id WHERE u.rol_id = 7 ORDER BY a.id LIMIT $1", [ROUNDS]);
    expect(accounts.length).toBe(ROUNDS);
    for (const account of accounts) {
      const ids = (
        await query<{ id: number }>(db.url, "INSERT INTO transactions (account_id, amount, status) SELECT $1, (g * 10.25)::numeric(12,2), 'PENDING' FROM generate_series(1, 40) g RETURNING id", [account.id])
      ).map((r) => r.id);
      const [{ total }] = await query<{ total: string }>(db.url, 'SELECT sum(amount)::text AS total FROM transactions WHERE id = ANY($1)', [ids]);
      const body = (code: string) => ({ id: account.id, amount: total, penddingTransactionIds: ids, operationCode: code, transactionDate: combineWithCurrentTime(todayIso()) });
      // Each transfer its own operation number: one already registered for another account's payment is a 409 of its own.
      const answers = await Promise.all([call(a.baseUrl, tokenA, 'PUT', '/accounts/massive-pay', body(`PROC-A-${account.id}`)), call(b.baseUrl, tokenB, 'PUT', '/accounts/massive-pay', body(`PROC-B-${account.id}`))]);
      const loser = expectOneWinner(answers, `account ${account.id}`);
      expect(loser.status).toBe(409);
      const rows = await query<{ status: string; operation_code: string }>(db.url, 'SELECT status, operation_code FROM transactions WHERE id = ANY($1)', [ids]);
      const codes = new Set(rows.map((r) => r.operation_code));
      expect(rows.every((r) => r.status === 'PAID')).toBe(true);
      expect(codes.size).toBe(1);
      const [{ audits }] = await query<{ audits: number }>(db.url, "SELECT count(*)::int AS audits FROM audit_log WHERE entity = 'transaction' AND entity_id = ANY($1)", [ids.map(String)]);
      expect(audits).toBe(ids.length);
    }
  });

  it('import one points-of-sale CSV twice at once: its rows exist once', async () => {
    const [{ id: clientId }] = await query<{ id: number }>(db.url, 'SELECT id FROM clients WHERE state ORDER BY id LIMIT 1');
    for (let round = 0; round < ROUNDS; round++) {
      const prefix = `RACE${round}`;
      const file = csvFile(Array.from({ length: 300 }, (_, i) => csvRow(i, {}, prefix)));
      const send = (server: ServerProcess, token: string) =>
        upload(server.baseUrl, token, '/locations/massive/client', { clientId: String(clientId) }, { field: 'csvFile', name: 'puntos.csv', type: 'text/csv', content: file });
      const answers = await Promise.all([send(a, tokenA), send(b, tokenB)]);
      expectOneWinner(answers, `import ${prefix}`);
      const [{ n }] = await query<{ n: number }>(db.url, 'SELECT count(*)::int AS n FROM locations WHERE client_id = $1 AND client_location_id LIKE $2', [clientId, `${prefix}-%`]);
      expect(n).toBe(300);
    }
  });

  it('import one users spreadsheet twice at once: each user exists once', async () => {
    const [{ id: clientId }] = await query<{ id: number }>(db.url, 'SELECT id FROM clients WHERE state ORDER BY id LIMIT 1');
    for (let round = 0; round < ROUNDS; round++) {
      const rows = Array.from({ length: 200 }, (_, i) => [`Nombre${i}`, `Apellido${i}`, `carrera${round}.${i}@campo.test`, '', 'Cliente']);
      const book = XLSX.utils.book_new();
      XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet([[...BULK_COLUMNS], ...rows]), BULK_SHEET);
      const file = XLSX.write(book, { type: 'buffer', bookType: 'xlsx' }) as Buffer;
      const send = (server: ServerProcess, token: string) =>
        upload(server.baseUrl, token, '/web-users/massive', { clientId: String(clientId) }, { field: 'file', name: 'usuarios.xlsx', type: 'application/octet-stream', content: file });
      const answers = await Promise.all([send(a, tokenA), send(b, tokenB)]);
      expectOneWinner(answers, `users import ${round}`);
      const [{ n }] = await query<{ n: number }>(db.url, 'SELECT count(*)::int AS n FROM users WHERE email LIKE $1', [`carrera${round}.%@campo.test`]);
      expect(n).toBe(200);
    }
  });

  it('leaves both processes healthy, with nothing unexpected in their logs', async () => {
    for (const server of [a, b]) {
      expect((await fetch(`${server.baseUrl}/api/settings/public`)).status).toBe(200);
      expect(server.output()).not.toMatch(/"level":50|unexpected error/);
    }
  });
});
