import { and, eq, lte, sql } from 'drizzle-orm';
import { type Db, rowsOf, type Tx } from '../db/client';
import { lockUntilCommit } from '../db/locks';
import { authAttempts } from '../db/schema';

/**
 * Recent events per e-mail address within a sliding window: what the per-IP limit of the auth routes
 * cannot count, because whoever aims at one account can rotate addresses. The e-mail is taken as the
 * accounts are looked up (trimmed, lower case). Kept in the database (`auth_attempts`), timed by its
 * clock: every instance behind a balancer counts the same events (in each process's memory, N instances
 * allowed N times the limit, and a restart forgot them).
 */
export class EmailWindow {
  constructor(
    private readonly db: Db,
    /** Which limit: its events are apart from the other limits' of the same e-mail. */
    private readonly kind: string,
    private readonly max: number,
    private readonly windowMs: number,
  ) {}

  /**
   * Counts one event for this e-mail unless it already has `max` within the window: false then, and
   * nothing counted. Checked and counted at once, under the e-mail's lock (a transaction-scoped advisory
   * lock, taken before the count reads), so that events sent together, to one instance or several, count
   * one after the other. The e-mail's rows out of the window go as it is checked.
   */
  async take(email: string): Promise<boolean> {
    const key = keyOf(email);
    const taken = await this.db.transaction(async (tx) => {
      await lockUntilCommit(tx, `auth:${this.kind}:${key}`);
      await tx.delete(authAttempts).where(and(eq(authAttempts.kind, this.kind), eq(authAttempts.emailKey, key), lte(authAttempts.at, this.since())));
      const counted = await rowsOf<{ kind: string }>(
        tx,
        sql`insert into ${authAttempts} (kind, email_key) select ${this.kind}, ${key}
          where (select count(*) from ${authAttempts} where kind = ${this.kind} and email_key = ${key}) < ${this.max} returning kind`,
      );
      return counted.length > 0;
    });
    this.pruneNowAndThen();
    return taken;
  }

  /** When this instance last dropped the kind's events out of the window (ms since the epoch). */
  private prunedAt = Date.now();

  /**
   * Drops the kind's events out of the window, every e-mail's, at most once per window and per instance:
   * an e-mail checked once and never again would keep its rows otherwise. In the background: a failure
   * leaves them for the next time (they no longer count either way).
   */
  private pruneNowAndThen(): void {
    if (Date.now() - this.prunedAt < this.windowMs) return;
    this.prunedAt = Date.now();
    void this.db
      .delete(authAttempts)
      .where(and(eq(authAttempts.kind, this.kind), lte(authAttempts.at, this.since())))
      .catch(() => undefined);
  }

  private since() {
    return sql`now() - make_interval(secs => ${this.windowMs / 1000})`;
  }

  /** Forgets the e-mail's events (a login that succeeded), in `db`'s transaction when given one. */
  async forget(email: string, db: Db | Tx = this.db): Promise<void> {
    await db.delete(authAttempts).where(and(eq(authAttempts.kind, this.kind), eq(authAttempts.emailKey, keyOf(email))));
  }
}

const keyOf = (email: string) => email.trim().toLowerCase();
