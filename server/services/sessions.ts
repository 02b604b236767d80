import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { LoginAnswer } from '../../domain/auth';
import type { App } from '../app';
import { refreshTokens, users } from '../db/schema';
import { HttpError } from '../http';

export const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');
export const randomToken = () => randomBytes(32).toString('base64url');

const SESSION_ENDED = 'Su sesión ha expirado. Ingrese nuevamente.';

type SessionUserRow = { id: number; rolId: number | null; clientId: number | null };

/** Issues an access token and a new refresh token in `family` (a new family for a new login). */
export async function openSession(app: App, user: SessionUserRow, family: string = randomUUID()): Promise<LoginAnswer> {
  const refreshToken = randomToken();
  await app.db.insert(refreshTokens).values({
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
 * Rotates a refresh token: it is spent atomically, so of two concurrent uses one wins. Using a
 * spent or revoked token again is a theft signal: its whole family is revoked.
 */
export async function rotateSession(app: App, refreshToken: string): Promise<LoginAnswer> {
  const hash = sha256(refreshToken);
  const spent = await app.db
    .update(refreshTokens)
    .set({ usedAt: sql`now()` })
    .where(and(eq(refreshTokens.tokenHash, hash), isNull(refreshTokens.usedAt), isNull(refreshTokens.revokedAt)))
    .returning();
  const row = spent[0];
  if (!row) {
    const [known] = await app.db.select().from(refreshTokens).where(eq(refreshTokens.tokenHash, hash));
    if (known) {
      await app.db.update(refreshTokens).set({ revokedAt: sql`now()` }).where(eq(refreshTokens.family, known.family));
      app.log.warn({ userId: known.userId }, 'refresh token reused: family revoked');
    }
    throw new HttpError(401, SESSION_ENDED);
  }
  if (row.expiresAt.getTime() < Date.now()) throw new HttpError(401, SESSION_ENDED);
  const [user] = await app.db
    .select({ id: users.id, rolId: users.rolId, clientId: users.clientId, status: users.status })
    .from(users)
    .where(eq(users.id, row.userId));
  if (!user?.status) throw new HttpError(401, SESSION_ENDED);
  return openSession(app, user, row.family);
}

export async function endSession(app: App, refreshToken: string): Promise<void> {
  const [row] = await app.db.select().from(refreshTokens).where(eq(refreshTokens.tokenHash, sha256(refreshToken)));
  if (row) await app.db.update(refreshTokens).set({ revokedAt: sql`now()` }).where(eq(refreshTokens.family, row.family));
}
