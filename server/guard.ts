import type { FastifyInstance, FastifyRequest } from 'fastify';
import { admits, type Audience, isAdmin, type UserRole } from '../domain/roles';
import { AUTH_TEXT } from '../domain/auth';
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
    payload: { sub: string; rol: UserRole; cid: number | null; typ: 'access' };
    user: { sub: string; rol: UserRole; cid: number | null; typ: 'access' };
  }
}

const UNAUTHORIZED = 'Debe iniciar sesión para continuar.';
/** How many verified tokens the guard keeps (a few per active session). */
const VERIFIED_KEPT = 1000;

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
  const verified = new Map<string, { session: SessionUser; until: number }>();
  const sessionOf = (token: string): SessionUser => {
    const kept = verified.get(token);
    if (kept && kept.until > Date.now()) return kept.session;
    if (kept) verified.delete(token);
    let claims: { sub: string; rol: UserRole; cid: number | null; typ: string; exp?: number };
    try {
      claims = app.jwt.verify(token);
    } catch {
      throw new HttpError(401, AUTH_TEXT.sessionExpired);
    }
    if (claims.typ !== 'access') throw new HttpError(401, AUTH_TEXT.sessionExpired);
    const session = Object.freeze({ id: Number(claims.sub), rol: claims.rol ?? null, clientId: claims.cid ?? null });
    if (claims.exp) {
      if (verified.size >= VERIFIED_KEPT) verified.delete(verified.keys().next().value!);
      verified.set(token, { session, until: claims.exp * 1000 });
    }
    return session;
  };
  // onRequest, before the body is parsed and validated: a caller without the right session learns
  // nothing about the route's schema and never gets a 400 in place of its 401/403.
  app.addHook('onRequest', async (request: FastifyRequest) => {
    const roles = request.routeOptions.config?.roles;
    if (roles === undefined || roles === 'public') return;
    const header = request.headers.authorization;
    if (!header?.startsWith('Bearer ')) throw new HttpError(401, UNAUTHORIZED);
    request.session = sessionOf(header.slice(7));
    if (!isAdmin(request.session.rol) && !admits(roles, request.session.rol)) throw new HttpError(403, AUTH_TEXT.forbidden);
  });
}
