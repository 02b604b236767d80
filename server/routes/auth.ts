import { createHmac, timingSafeEqual } from 'node:crypto';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import { z } from 'zod';
import { AUTH_TEXT, loginAnswer, loginSchema, newPasswordSchema, restoreEmailSchema, restoreTokenAnswer, type UserProfile, userProfileAnswer, validEmailAnswer } from '../../domain/auth';
import { ANY_USER, isAdmin, ROLE_NAMES, isRoleId } from '../../domain/roles';
import { id, MSG } from '../../domain/validation';
import type { App } from '../app';
import { clients, refreshTokens, resetTokens, userActions, users } from '../db/schema';
import { HttpError, notFound } from '../http';
import { DUMMY_HASH, hashPassword, verifyPassword } from '../services/passwords';
import { LoginFailures } from '../services/loginFailures';
import { RestoreRequests } from '../services/restoreRequests';
import { endSession, openSession, randomToken, rotateSession, sha256 } from '../services/sessions';
import { messageAnswer } from '../../domain/answers';

const RESET_TTL_MS = 60 * 60 * 1000;
/** The renewal's per-address limit, as a multiple of `AUTH_RATE_LIMIT`. */
export const REFRESH_LIMIT_FACTOR = 10;
const byEmail = (email: string) => eq(sql`lower(${users.email})`, email.trim().toLowerCase());

export default async function authRoutes(app: App) {
  const limited = { roles: 'public' as const, rateLimit: { max: app.config.authRateLimit, timeWindow: '1 minute' } };
  /**
   * The renewal is guessed by nobody (its token is 256 random bits) and every open console sends one
   * every few minutes: behind one office's address, a limit meant for passwords would refuse people at
   * work. Ten times the limit still stops a flood.
   */
  const renewals = { roles: 'public' as const, rateLimit: { max: app.config.authRateLimit * REFRESH_LIMIT_FACTOR, timeWindow: '1 minute' } };

  const failures = new LoginFailures(app.db);
  const restoreRequests = new RestoreRequests(app.db);
  app.post('/auth/login', { config: limited, schema: { tags: ['auth'], summary: 'Inicio de sesión con e-mail y contraseña; devuelve tokens de acceso y refresco', description: 'Un e-mail o una contraseña equivocados, o un usuario inactivo, responden 401. Tras 10 contraseñas equivocadas para un mismo e-mail en 15 minutos, ese e-mail responde 429 hasta que pasen.', body: loginSchema, answer: loginAnswer } }, async (req) => {
    const { email, password } = req.body as z.infer<typeof loginSchema>;
    if (!(await failures.attempt(email))) throw new HttpError(429, AUTH_TEXT.tooManyFailures);
    const [user] = await app.db.select().from(users).where(byEmail(email));
    const ok = await verifyPassword(password, user?.passwordHash ?? DUMMY_HASH);
    if (!user || !ok || !user.status) throw new HttpError(401, AUTH_TEXT.wrongCredentials);
    await failures.succeeded(email);
    return openSession(app, user);
  });

  /** Single sign-on: a token signed by the partner (HS256 with SOOFT_SECRET) naming the user's e-mail. */
  app.post(
    '/auth/sooft-login',
    {
      config: limited,
      schema: {
        tags: ['auth'],
        summary: 'Inicio de sesión único con un token firmado por Sooft que nombra el e-mail',
        description: 'El token es un JWT HS256 firmado con el secreto compartido; se rechaza (401) vencido, mal firmado o si el usuario está inactivo.',
        body: z.object({ token: z.string().min(1, MSG.required).max(4096) }),
        answer: loginAnswer,
      },
    },
    async (req) => {
      const { token } = req.body as { token: string };
      const email = verifySooftToken(token, app.config.sooftSecret);
      if (!email) throw new HttpError(401, AUTH_TEXT.invalidToken);
      const [user] = await app.db.select().from(users).where(byEmail(email));
      if (!user?.status) throw new HttpError(401, AUTH_TEXT.invalidToken);
      return openSession(app, user);
    },
  );

  app.post(
    '/auth/refresh-token',
    {
      config: renewals,
      schema: {
        tags: ['auth'],
        summary: 'Renueva la sesión: canjea el token de refresco por tokens nuevos',
        description: 'Cada token de refresco sirve una sola vez: presentar uno ya usado revoca toda la cadena de sesión que nació de él (401). Un token vencido, revocado o desconocido, o un usuario inactivo, también responden 401.',
        body: z.object({ refreshToken: z.string().min(1, MSG.required).max(200) }),
        answer: loginAnswer,
      },
    },
    async (req) => rotateSession(app, (req.body as { refreshToken: string }).refreshToken),
  );

  app.post(
    '/auth/logout',
    { config: { roles: 'public' }, schema: { tags: ['auth'], summary: 'Cierra la sesión revocando su token de refresco', body: z.object({ refreshToken: z.string().max(200) }), answer: messageAnswer } },
    async (req) => {
      await endSession(app, (req.body as { refreshToken: string }).refreshToken);
      return { message: 'Sesión cerrada' };
    },
  );

  /** The spec shows this call setting a "valid user" flag, so it answers whether the e-mail is known. */
  app.post('/auth/checkValidEmail', { config: limited, schema: { tags: ['auth'], summary: 'Indica si el e-mail pertenece a un usuario activo', body: restoreEmailSchema, answer: validEmailAnswer } }, async (req) => {
    const { email } = req.body as { email: string };
    const [user] = await app.db.select({ id: users.id, status: users.status }).from(users).where(byEmail(email));
    return { valid: Boolean(user?.status) };
  });

  app.post(
    '/auth/sendUserTokenByEmail/:email',
    {
      config: limited,
      schema: {
        tags: ['auth'],
        summary: 'Envía por e-mail el enlace de restauración de contraseña',
        description:
          'Responde lo mismo exista o no la cuenta; el enlace vence en una hora, sirve una vez y anula los anteriores. Pasados 5 pedidos para un mismo e-mail en una hora, responde 429 hasta que pasen, exista o no la cuenta.',
        params: restoreEmailSchema,
        answer: messageAnswer,
      },
    },
    async (req) => {
      const { email } = req.params as { email: string };
      // Counted before the account is looked up, for every e-mail: past the limit the 429 says nothing
      // about whether the account exists. Checked and counted at once, so requests sent together count too.
      if (!(await restoreRequests.take(email))) throw new HttpError(429, AUTH_TEXT.tooManyRestores);
      const [user] = await app.db.select().from(users).where(byEmail(email));
      // The same answer whether or not the account exists: the mail goes only to a real one.
      if (user?.status) {
        const token = randomToken();
        await app.db.transaction(async (tx) => {
          // One request of the account at a time (its user row locked): asked for at once, each one
          // annulled only the links committed before it, and every link sent stayed valid.
          await tx.select({ id: users.id }).from(users).where(eq(users.id, user.id)).for('no key update');
          await tx.update(resetTokens).set({ usedAt: sql`now()` }).where(and(eq(resetTokens.userId, user.id), isNull(resetTokens.usedAt)));
          await tx.insert(resetTokens).values({ userId: user.id, tokenHash: sha256(token), expiresAt: new Date(Date.now() + RESET_TTL_MS) });
        });
        // The 'ñ' percent-encoded: a mail reader that finds links by their ASCII characters cut the link there.
        const link = `${app.config.publicUrl}/${encodeURIComponent('cambiarContraseña')}/${token}`;
        await app.mailer.send({
          to: user.email,
          subject: 'Campo: restauración de contraseña',
          text: `Hola ${user.names}:\n\nPara restaurar su contraseña ingrese a ${link}\nEl enlace vence en una hora y sirve una sola vez.\n\nSi no lo pidió, ignore este correo.`,
        });
      }
      return { message: AUTH_TEXT.tokenSent };
    },
  );

  app.post(
    '/auth/checkValidToken/:token',
    { config: limited, schema: { tags: ['auth'], summary: 'Valida un token de restauración vigente y devuelve el id de su usuario', params: z.object({ token: z.string().min(10).max(200) }), answer: restoreTokenAnswer } },
    async (req) => {
      const { token } = req.params as { token: string };
      const row = await liveResetToken(app, token);
      if (!row) throw new HttpError(400, AUTH_TEXT.invalidToken);
      return { userId: row.userId };
    },
  );

  app.post(
    '/auth/restoreUserPassword/:userId',
    {
      config: limited,
      schema: {
        tags: ['auth'],
        summary: 'Restaura la contraseña de un usuario con su token de restauración',
        description: 'Consume el token y cierra todas las sesiones abiertas de la cuenta.',
        params: z.object({ userId: id }),
        body: z.intersection(newPasswordSchema, z.object({ token: z.string().min(1, MSG.required).max(200) })),
        answer: messageAnswer,
      },
    },
    async (req) => {
      const { userId } = req.params as { userId: number };
      const { password, token } = req.body as { password: string; token: string };
      const passwordHash = await hashPassword(password);
      const restored = await app.db.transaction(async (tx) => {
        // The account first, as a request for a link takes it: links, then account, deadlocked with it.
        await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('no key update');
        const spent = await tx
          .update(resetTokens)
          .set({ usedAt: sql`now()` })
          .where(
            and(eq(resetTokens.tokenHash, sha256(token)), eq(resetTokens.userId, userId), isNull(resetTokens.usedAt), gt(resetTokens.expiresAt, sql`now()`)),
          )
          .returning({ id: resetTokens.id });
        if (!spent.length) return null;
        // The other links of the account go too: a password restored by one is not restored again by another.
        await tx.update(resetTokens).set({ usedAt: sql`now()` }).where(and(eq(resetTokens.userId, userId), isNull(resetTokens.usedAt)));
        // A restored password ends every open session of the account: a reset is how a user locks out
        // whoever has their session. Refresh tokens are revoked; access tokens issued before stop at
        // the guard (sessions_valid_after, as when a user is deactivated).
        const [owner] = await tx
          .update(users)
          .set({ passwordHash, sessionsValidAfter: sql`now()`, updatedAt: sql`now()` })
          .where(eq(users.id, userId))
          .returning({ email: users.email });
        await tx.update(refreshTokens).set({ revokedAt: sql`now()` }).where(and(eq(refreshTokens.userId, userId), isNull(refreshTokens.revokedAt)));
        // A restored password is the way back in for an account others failed to guess: its count goes
        // with the same commit (a login right after the answer is not refused).
        await failures.succeeded(owner.email, tx);
        return owner;
      });
      if (!restored) throw new HttpError(400, AUTH_TEXT.invalidToken);
      return { message: AUTH_TEXT.restored };
    },
  );

  app.get(
    '/core-users/users/userProfile/:id',
    {
      config: { roles: ANY_USER },
      schema: {
        tags: ['auth'],
        summary: 'Perfil de un usuario: datos, rol, permisos y datos de su cliente',
        description: 'Cada usuario lee su propio perfil; el de otro usuario solo lo lee un administrador (403).',
        params: z.object({ id }),
        answer: userProfileAnswer,
      },
    },
    async (req) => {
      const { id: userId } = req.params as { id: number };
      if (userId !== req.session.id && !isAdmin(req.session.rol)) throw new HttpError(403, AUTH_TEXT.forbidden);
      return loadProfile(app, userId);
    },
  );
}

async function liveResetToken(app: App, token: string) {
  const [row] = await app.db
    .select()
    .from(resetTokens)
    .where(and(eq(resetTokens.tokenHash, sha256(token)), isNull(resetTokens.usedAt), gt(resetTokens.expiresAt, sql`now()`)));
  return row;
}

export async function loadProfile(app: App, userId: number): Promise<UserProfile> {
  const [row] = await app.db.select({ user: users, client: clients }).from(users).leftJoin(clients, eq(clients.id, users.clientId)).where(eq(users.id, userId));
  if (!row) throw notFound('El usuario no existe.');
  const { user, client } = row;
  const actions = await app.db.select().from(userActions).where(eq(userActions.userId, userId));
  return {
    id: user.id,
    firstName: user.names,
    lastName: user.lastName,
    email: user.email,
    rolId: user.rolId,
    rolDescription: isRoleId(user.rolId) ? ROLE_NAMES[user.rolId] : 'Plataform',
    clientId: user.clientId,
    permissions: actions.map((a) => ({ actionId: a.actionId, active: a.active })),
    // The user's own survey, else their client's: the client's 'Link de encuesta' reaches its users.
    linkSurveyMonkey: user.linkSurveyMonkey || client?.linkSurveyMonkey || null,
    client: client
      ? { claimUrl: client.claimUrl, contactUrl: client.contactUrl, clientInfo: { urlInfoImg: client.imageUrl, checklist: client.checklist } }
      : null,
    checkerAccessToken: user.checkerAccessToken,
    checklistAccessUrl: user.checklistAccessUrl,
  };
}

/** The longest a partner token may live: it is a one-step hand-over, and one without an end would open a session forever. */
export const SOOFT_TOKEN_MAX_SECONDS = 10 * 60;

/**
 * Verifies a compact HS256 JWT and returns its `email` claim when valid: it must say when it ends
 * (`exp`), not yet passed and at most SOOFT_TOKEN_MAX_SECONDS ahead (and after `iat`, when given).
 */
export function verifySooftToken(token: string, secret: string): string | null {
  if (!secret) return null;
  const parts = token.split('.');
  if (parts.length !== 3) return null;
  const [header, payload, signature] = parts;
  const expected = createHmac('sha256', secret).update(`${header}.${payload}`).digest();
  const given = Buffer.from(signature, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  try {
    const head = JSON.parse(Buffer.from(header, 'base64url').toString());
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString());
    if (head.alg !== 'HS256') return null;
    const now = Date.now() / 1000;
    if (typeof claims.exp !== 'number' || claims.exp < now || claims.exp > now + SOOFT_TOKEN_MAX_SECONDS) return null;
    if (claims.iat !== undefined && (typeof claims.iat !== 'number' || claims.exp - claims.iat > SOOFT_TOKEN_MAX_SECONDS)) return null;
    return typeof claims.email === 'string' ? claims.email : null;
  } catch {
    return null;
  }
}
