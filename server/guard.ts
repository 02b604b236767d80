import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { admits, type Audience, isAdmin, type UserRole } from '../domain/roles';
import { AUTH_TEXT } from '../domain/auth';
import { refreshTokens, users } from './db/schema';
import { HttpError } from './http';

/** Who may call a route: a role list from domain/roles.ts, or 'public' for the session routes. */
export type RouteRoles = Audience | 'public';

/** One API route as the guard saw it: the access matrix and the hostile-input tests read these. */
export interface RouteEntry {
  method: string;
  url: string;
  roles: RouteRoles;
  /** The route's declared body, query and path schemas (zod), when it has them. */
  schema: { body?: unknown; querystring?: unknown; params?: unknown; consumes?: unknown };
}

export interface SessionUser {
  id: number;
  rol: UserRole;
  clientId: number | null;
  /** The session's family of refresh tokens (the access token's `sid`): what ending "this session" ends. */
  family?: string | null;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    roles?: RouteRoles;
  }
  interface FastifyRequest {
    session: SessionUser;
  }
}

declare module '@fastify/jwt' {
  interface FastifyJWT {
    payload: { sub: string; rol: UserRole; cid: number | null; typ: 'access'; sid?: string };
    user: { sub: string; rol: UserRole; cid: number | null; typ: 'access'; sid?: string };
  }
}

const UNAUTHORIZED = 'Debe iniciar sesión para continuar.';
/** How many verified tokens the guard keeps (a few per active session). */
const VERIFIED_KEPT = 1000;
/** How long a user's standing (active, and since when its tokens are good) is trusted once read. */
const STANDING_FOR_MS = 1000;
/** How many users' standings the guard keeps. */
const STANDING_KEPT = 5000;

/**
 * What the database says of a token's user: whether it is active, the first second its tokens are good
 * from, and its sessions (refresh families) ended recently enough for one of their access tokens to live.
 */
interface Standing {
  active: boolean;
  /** The user's role and client now: a token that names others was issued before a change. */
  rol: number | null;
  clientId: number | null;
  validFrom: number;
  ended: readonly string[];
}

/** The token's role and client are still the user's. */
function sameStanding(session: { rol: number | null; clientId: number | null }, standing: Standing): boolean {
  return session.rol === standing.rol && session.clientId === standing.clientId;
}

/** Every route below /api declares its roles; one without is a start-up error, not an open door. */
export function registerGuard(app: FastifyInstance, routeTable: RouteEntry[]) {
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api') || route.url.startsWith('/api/docs')) return;
    const roles = route.config?.roles;
    if (roles === undefined) throw new Error(`La ruta ${route.method} ${route.url} no declara sus roles`);
    const { body, querystring, params, consumes } = (route.schema ?? {}) as RouteEntry['schema'];
    const schema = { body, querystring, params, consumes };
    for (const method of [route.method].flat()) if (method !== 'HEAD') routeTable.push({ method, url: route.url, roles, schema });
  });

  app.decorateRequest('session', null as unknown as SessionUser);
  // Verified access tokens and the session each names (up to VERIFIED_KEPT, the oldest dropped first;
  // never past the token's expiry): a session's next requests skip the HMAC, the JSON decoding and the
  // hashing of a cache key (fast-jwt's own cache hashes every token it looks up). One map per app: a
  // token is only ever taken by the app whose secret verified it.
  const verified = new Map<string, { session: SessionUser; issued: number; family: string | null; until: number }>();
  const sessionOf = (token: string): { session: SessionUser; issued: number; family: string | null } => {
    const kept = verified.get(token);
    if (kept && kept.until > Date.now()) return kept;
    if (kept) verified.delete(token);
    let claims: { sub: string; rol: UserRole; cid: number | null; typ: string; sid?: string; exp?: number; iat?: number };
    try {
      claims = app.jwt.verify(token);
    } catch {
      throw new HttpError(401, AUTH_TEXT.sessionExpired);
    }
    if (claims.typ !== 'access') throw new HttpError(401, AUTH_TEXT.sessionExpired);
    const family = typeof claims.sid === 'string' ? claims.sid : null;
    const session = Object.freeze({ id: Number(claims.sub), rol: claims.rol ?? null, clientId: claims.cid ?? null, family });
    const entry = { session, issued: claims.iat ?? 0, family, until: (claims.exp ?? 0) * 1000 };
    if (claims.exp) {
      if (verified.size >= VERIFIED_KEPT) verified.delete(verified.keys().next().value!);
      verified.set(token, entry);
    }
    return entry;
  };

  // A token is the user as it was when it was issued: deactivated, or given another role or client,
  // the user's older tokens stop there (`sessions_valid_after`, set by a trigger, migration 0012; and,
  // since that instant is read to the second, a token issued in the same second as the change names the
  // old role or client, which the user's row no longer has). The role or client the console then needs
  // comes with the next refresh; a deactivated user has none.
  // "Desconectar" (or a reused refresh token) ends the session's family, and with it the access tokens
  // that name it (`sid`): the same read brings the user's families ended within an access token's life.
  // Read once a second per user at most (one lookup by key), and forgotten after any write this
  // server answers, so a change made here holds from the next request.
  const standings = new Map<number, { standing: Promise<Standing | null>; until: number }>();
  const standingOf = (userId: number, fresh = false): Promise<Standing | null> => {
    const kept = standings.get(userId);
    if (kept && kept.until > Date.now() && !fresh) return kept.standing;
    if (kept) standings.delete(userId);
    const standing = app.db
      .select({
        active: users.status,
        rol: users.rolId,
        clientId: users.clientId,
        validFrom: sql<number | null>`floor(extract(epoch from ${users.sessionsValidAfter}))`.mapWith(Number),
        ended: sql<string[] | null>`array(select distinct ${refreshTokens.family} from ${refreshTokens}
          where ${refreshTokens.userId} = ${userId} and ${refreshTokens.revokedAt} is not null
            and ${refreshTokens.revokedAt} > now() - make_interval(secs => ${app.config.accessTokenTtl}))`,
      })
      .from(users)
      .where(eq(users.id, userId))
      .then(([row]) => (row ? { active: row.active, rol: row.rol, clientId: row.clientId, validFrom: row.validFrom ?? 0, ended: row.ended ?? [] } : null));
    if (standings.size >= STANDING_KEPT) standings.delete(standings.keys().next().value!);
    standings.set(userId, { standing, until: Date.now() + STANDING_FOR_MS });
    standing.catch(() => standings.delete(userId));
    return standing;
  };
  app.addHook('onResponse', async (request) => {
    if (request.method !== 'GET' && request.method !== 'HEAD' && standings.size) standings.clear();
  });
  // onRequest, before the body is parsed and validated: a caller without the right session learns
  // nothing about the route's schema and never gets a 400 in place of its 401/403.
  app.addHook('onRequest', async (request: FastifyRequest) => {
    const roles = request.routeOptions.config?.roles;
    if (roles === undefined || roles === 'public') return;
    const header = request.headers.authorization;
    if (!header?.startsWith('Bearer ')) throw new HttpError(401, UNAUTHORIZED);
    const { session, issued, family } = sessionOf(header.slice(7));
    const holds = (standing: Standing | null) =>
      !!standing?.active && issued >= standing.validFrom && !(family !== null && standing.ended.includes(family)) && sameStanding(session, standing);
    // A refusal is read again from the database: what this server kept may predate a change made through
    // another one, and the token refused may be the one issued after it (a refresh that landed there).
    const kept = (standings.get(session.id)?.until ?? 0) > Date.now();
    if (!holds(await standingOf(session.id)) && !(kept && holds(await standingOf(session.id, true)))) throw new HttpError(401, AUTH_TEXT.sessionExpired);
    request.session = session;
    if (!isAdmin(request.session.rol) && !admits(roles, request.session.rol)) throw new HttpError(403, AUTH_TEXT.forbidden);
  });
}
