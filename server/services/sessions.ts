import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { and, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import type { LoginAnswer } from '../../domain/auth';
import type { App } from '../app';
import type { Tx } from '../db/client';
import { lockUntilCommit } from '../db/locks';
import { refreshTokens, users } from '../db/schema';
import { HttpError } from '../http';

export const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');
export const randomToken = () => randomBytes(32).toString('base64url');

const SESSION_ENDED = 'Su sesión ha expirado. Ingrese nuevamente.';

type SessionUserRow = { id: number; rolId: number | null; clientId: number | null };

/** Issues an access token and a new refresh token in `family` (a new family for a new login). */
export async function openSession(app: App, user: SessionUserRow, family: string = randomUUID(), db: App['db'] | Tx = app.db): Promise<LoginAnswer> {
  const refreshToken = randomToken();
  await db.insert(refreshTokens).values({
    userId: user.id,
    family,
    tokenHash: sha256(refreshToken),
    expiresAt: new Date(Date.now() + app.config.refreshTokenTtl * 1000),
  });
  // `sid` names the family: ending it (logout, a reused refresh token) ends its access tokens too.
  const token = app.jwt.sign({ sub: String(user.id), rol: user.rolId as never, cid: user.clientId, typ: 'access', sid: family });
  return { token, expiration: app.config.accessTokenTtl, id: user.id, refreshToken };
}

/**
 * One family's changes one at a time: a logout (or a theft signal) and a rotation of the same family
 * never interleave, so a token rotated while the family ends is never left alive in it.
 */
const lockFamily = (tx: Tx, family: string) => lockUntilCommit(tx, `refresh:${family}`);

/** Revokes every token of the family, under its lock. */
async function endFamily(tx: Tx, family: string): Promise<void> {
  await lockFamily(tx, family);
  await tx.update(refreshTokens).set({ revokedAt: sql`now()` }).where(and(eq(refreshTokens.family, family), isNull(refreshTokens.revokedAt)));
}

/**
 * Rotates a refresh token: it is spent atomically, so of two concurrent uses one wins. Using a
 * spent or revoked token again is a theft signal: its whole family is revoked. The new token joins
 * the family only if the family was not ended meanwhile (a logout racing the refresh).
 */
export async function rotateSession(app: App, refreshToken: string): Promise<LoginAnswer> {
  const hash = sha256(refreshToken);
  const answer = await app.db.transaction(async (tx) => {
    const spent = await tx
      .update(refreshTokens)
      .set({ usedAt: sql`now()` })
      .where(and(eq(refreshTokens.tokenHash, hash), isNull(refreshTokens.usedAt), isNull(refreshTokens.revokedAt)))
      .returning();
    const row = spent[0];
    if (!row) return null;
    await lockFamily(tx, row.family);
    const [ended] = await tx
      .select({ id: refreshTokens.id })
      .from(refreshTokens)
      .where(and(eq(refreshTokens.family, row.family), isNotNull(refreshTokens.revokedAt)))
      .limit(1);
    if (ended || row.expiresAt.getTime() < Date.now()) throw new HttpError(401, SESSION_ENDED);
    const [user] = await tx
      .select({ id: users.id, rolId: users.rolId, clientId: users.clientId, status: users.status })
      .from(users)
      .where(eq(users.id, row.userId))
      // A change of the user's role or client being saved is waited for: the new token names the new ones
      // (the guard refuses a token whose role or client the user no longer has).
      .for('share');
    if (!user?.status) throw new HttpError(401, SESSION_ENDED);
    return openSession(app, user, row.family, tx);
  });
  if (answer) return answer;
  const [known] = await app.db.select().from(refreshTokens).where(eq(refreshTokens.tokenHash, hash));
  if (known) {
    await app.db.transaction((tx) => endFamily(tx, known.family));
    app.log.warn({ userId: known.userId }, 'refresh token reused: family revoked');
  }
  throw new HttpError(401, SESSION_ENDED);
}

export async function endSession(app: App, refreshToken: string): Promise<void> {
  const [row] = await app.db.select().from(refreshTokens).where(eq(refreshTokens.tokenHash, sha256(refreshToken)));
  if (row) await app.db.transaction((tx) => endFamily(tx, row.family));
}
