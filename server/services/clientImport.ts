/**
 * The bulk upload of clients: the CSV parsed as the points of sale's is, every row checked with the
 * client form's rules, names unique as read (in the file and against every client), and either every
 * row written, in one transaction, or none and each bad line says why.
 */
import { inArray } from 'drizzle-orm';
import { clientHeaderProblem, csvRowToClient, MAX_CLIENT_ROWS } from '../../domain/clientsCsv';
import { CLIENT_TEXT, type ClientInput } from '../../domain/clients';
import { foldName } from '../../domain/locations';
import { CSV_TEXT, errorLinesToSend } from '../../domain/locationsCsv';
import type { Db } from '../db/client';
import { clients, clientTypes } from '../db/schema';
import { asRead, lockNames } from '../db/uniqueName';
import { HttpError } from '../http';
import { auditMany } from './audit';
import { csvText, parseRows } from './csvFile';

export type ClientImportResult = { ok: true; created: number } | { ok: false; lines: string[]; count: number };

/** The lock the saves of clients' names take (the form's, and this load's). */
export const CLIENT_NAMES = 'clients';

export async function importClients(db: Db, file: Buffer, userId: number): Promise<ClientImportResult> {
  const rows = parseRows(csvText(file), MAX_CLIENT_ROWS);
  if (rows.length === 0) throw new HttpError(400, CSV_TEXT.empty);
  const headerProblem = clientHeaderProblem(rows[0].cells);
  if (headerProblem) return { ok: false, lines: [headerProblem], count: 1 };
  const data = rows.slice(1);
  if (data.length === 0) throw new HttpError(400, CSV_TEXT.empty);
  if (data.length > MAX_CLIENT_ROWS) throw new HttpError(413, CSV_TEXT.tooManyRows(MAX_CLIENT_ROWS));

  const types = new Map((await db.select({ id: clientTypes.id, name: clientTypes.name }).from(clientTypes)).map((t) => [foldName(t.name), t.id]));
  // Each with its line, to list them in the file's order.
  const errors: { line: number; text: string }[] = [];
  const good: { client: ClientInput; key: string; line: number }[] = [];
  // Every line's name, a bad line's too (when its name is one): a line is told all that is wrong with it at once.
  const named: { key: string; line: number }[] = [];
  const seen = new Map<string, number>();
  for (const { cells, line } of data) {
    const row = csvRowToClient(cells, line, (name) => types.get(foldName(name)) ?? null);
    if (!row.ok) errors.push(...row.errors.map((text) => ({ line, text })));
    const name = row.ok ? row.client.name : row.name;
    const key = row.key;
    if (name !== undefined && key !== undefined) {
      const earlier = seen.get(key);
      if (earlier !== undefined) errors.push({ line, text: `Línea ${line}: el nombre "${name}" ya está en la línea ${earlier} del archivo. (Nombre)` });
      else seen.set(key, line);
      named.push({ key, line });
    }
    if (row.ok) good.push({ ...row, line });
  }

  return db.transaction(async (tx) => {
    // The lock the client form's saves take: a client created meanwhile with one of these names waits or is seen.
    await lockNames(tx, CLIENT_NAMES);
    const keys = [...seen.keys()];
    const taken = keys.length ? await tx.select({ name: clients.name, key: asRead(clients.name) }).from(clients).where(inArray(asRead(clients.name), keys)) : [];
    const takenBy = new Map(taken.map((r) => [r.key, r.name]));
    for (const n of named) {
      const other = takenBy.get(n.key);
      if (other !== undefined && seen.get(n.key) === n.line) errors.push({ line: n.line, text: `Línea ${n.line}: ${CLIENT_TEXT.duplicate} ("${other}") (Nombre)` });
    }
    if (errors.length) {
      // By line, each line's own in the order found (a stable sort).
      const sorted = errors.sort((a, b) => a.line - b.line).map((e) => e.text);
      // Every error line (up to MAX_ERROR_LINES_SENT): the screen lists the first ones and downloads them all.
      return { ok: false as const, lines: errorLinesToSend(sorted), count: sorted.length };
    }
    const created = await tx.insert(clients).values(good.map((g) => g.client)).returning({ id: clients.id });
    await auditMany(tx, created.map((c) => ({ userId, entity: 'client', entityId: c.id, action: 'import' })));
    return { ok: true as const, created: created.length };
  });
}
