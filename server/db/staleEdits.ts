import { and, eq, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { conflict, notFound } from '../http';
import type { Tx } from './client';

/** A table whose rows have an id and an updated_at that every change stamps. */
type Stamped = PgTable & { id: PgColumn; updatedAt: PgColumn };

/**
 * The first write of an edit's transaction, when the body says which version its form loaded
 * (`loaded`, the row's updatedAt as the API answered it): stamps the row's updated_at, only where it
 * still is `loaded`. The column keeps microseconds and JSON carries milliseconds, so the comparison is
 * to the millisecond. The update also locks the row until commit: a save running beside this one
 * waits, then finds the version it expects gone. No row matched: 404 when the row no longer exists,
 * 409 with `texts.conflict` when someone changed it, and the transaction writes nothing. Without `loaded`
 * (an API client that does not send it) nothing is checked, as before.
 */
export async function claimLoadedVersion(
  tx: Tx,
  table: Stamped,
  rowId: number,
  loaded: string | undefined,
  texts: { conflict: string; notFound: string },
): Promise<void> {
  if (loaded === undefined) return;
  const claimed = await tx
    .update(table)
    .set({ updatedAt: sql`now()` } as never)
    .where(and(eq(table.id, rowId), sql`date_trunc('milliseconds', ${table.updatedAt}) = ${loaded}::timestamptz`))
    .returning({ id: table.id });
  if (claimed.length) return;
  const [exists] = await tx.select({ id: table.id }).from(table).where(eq(table.id, rowId));
  throw exists ? conflict(texts.conflict) : notFound(texts.notFound);
}
