import type { Db, Tx } from '../db/client';
import { auditLog } from '../db/schema';

export interface AuditEntry {
  userId: number | null;
  entity: string;
  entityId: string | number;
  action: string;
  detail?: unknown;
}

/** Records who did what, when and why; call it inside the transaction of the change. */
export async function audit(db: Db | Tx, entry: AuditEntry): Promise<void> {
  await db.insert(auditLog).values({ ...entry, entityId: String(entry.entityId), detail: entry.detail ?? null });
}

/** Several entries in one insert (a mass change audits each row it touched). */
export async function auditMany(db: Db | Tx, entries: AuditEntry[]): Promise<void> {
  if (!entries.length) return;
  await db.insert(auditLog).values(entries.map((entry) => ({ ...entry, entityId: String(entry.entityId), detail: entry.detail ?? null })));
}
