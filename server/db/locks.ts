import { sql } from 'drizzle-orm';
import type { Tx } from './client';

/**
 * Makes the transactions that take the same key wait on one another until the first one ends (a
 * transaction-scoped advisory lock on the key's hash): names of one scope, a refresh family, an e-mail's
 * login attempts, an operation number.
 */
export const lockUntilCommit = (tx: Tx, key: string) => tx.execute(sql`select pg_advisory_xact_lock(hashtext(${key}))`);
