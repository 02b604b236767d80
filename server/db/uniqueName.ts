import { and, type SQL, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { HttpError } from '../http';
import type { Tx } from './client';

/**
 * Refuses, as a 409 on `field`, a name another row already has among `scope` (capitals and outer
 * spaces aside; `exceptId` is the row being renamed). Saves of names of one scope wait on one another
 * (a transaction lock on `lockKey`), so two saves of the same new name cannot both pass the check.
 */
export async function refuseTakenName(
  tx: Tx,
  target: { table: PgTable; id: PgColumn; name: PgColumn },
  name: string,
  opts: { lockKey: string; message: string; field: string; scope?: SQL; exceptId?: number },
): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${opts.lockKey}))`);
  const sameName = sql`lower(btrim(${target.name})) = lower(btrim(${name}))`;
  const except = opts.exceptId === undefined ? undefined : sql`${target.id} <> ${opts.exceptId}`;
  const [other] = await tx
    .select({ id: target.id })
    .from(target.table)
    .where(and(sameName, opts.scope, except))
    .limit(1);
  if (other) throw new HttpError(409, opts.message, { [opts.field]: opts.message });
}
