import { and, type SQL, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { HttpError } from '../http';
import type { Tx } from './client';
import { lockUntilCommit } from './locks';

/** Every run of spaces JavaScript's `\s` knows (the no-break and ideographic ones too), for PostgreSQL's regexp. */
const SPACES = '[\\s\\u00a0\\u1680\\u2000-\\u200a\\u2028\\u2029\\u202f\\u205f\\u3000\\ufeff]+';
/** A name as it reads: capitals, outer spaces and the width of inner runs of spaces aside. */
export const asRead = (name: PgColumn | string) => sql`lower(btrim(regexp_replace(${name}, ${SPACES}, ' ', 'g')))`;

/** Makes saves of names of one scope wait on one another, to the end of the transaction (a bulk load takes it too). */
export const lockNames = (tx: Tx, lockKey: string) => lockUntilCommit(tx, lockKey);

/**
 * Refuses, as a 409 on `field`, a name another row already has among `scope` as it reads (capitals,
 * outer spaces and double or no-break spaces inside aside: 'QA  Cliente' is 'QA Cliente' on every
 * screen; accents are not, 'Peña' is not 'Pena'; `exceptId` is the row being renamed). Saves of names of one scope wait on one another
 * (a transaction lock on `lockKey`), so two saves of the same new name cannot both pass the check.
 */
export async function refuseTakenName(
  tx: Tx,
  target: { table: PgTable; id: PgColumn; name: PgColumn },
  name: string,
  opts: { lockKey: string; message: string; field: string; scope?: SQL; exceptId?: number },
): Promise<void> {
  await lockNames(tx, opts.lockKey);
  const sameName = sql`${asRead(target.name)} = ${asRead(name)}`;
  const except = opts.exceptId === undefined ? undefined : sql`${target.id} <> ${opts.exceptId}`;
  const [other] = await tx
    .select({ id: target.id })
    .from(target.table)
    .where(and(sameName, opts.scope, except))
    .limit(1);
  if (other) throw new HttpError(409, opts.message, { [opts.field]: opts.message });
}
