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
  // onRequest, before the body is parsed and validated: a caller without the right session learns
  // nothing about the route's schema and never gets a 400 in place of its 401/403.
  app.addHook('onRequest', async (request: FastifyRequest) => {
    const roles = request.routeOptions.config?.roles;
    if (roles === undefined || roles === 'public') return;
    const header = request.headers.authorization;
    if (!header?.startsWith('Bearer ')) throw new HttpError(401, UNAUTHORIZED);
    let claims: { sub: string; rol: UserRole; cid: number | null; typ: string };
    try {
      claims = await request.jwtVerify();
    } catch {
      throw new HttpError(401, AUTH_TEXT.sessionExpired);
    }
    if (claims.typ !== 'access') throw new HttpError(401, AUTH_TEXT.sessionExpired);
    request.session = { id: Number(claims.sub), rol: claims.rol ?? null, clientId: claims.cid ?? null };
    if (!isAdmin(request.session.rol) && !admits(roles, request.session.rol)) throw new HttpError(403, AUTH_TEXT.forbidden);
  });
}
