/**
 * The access matrix as the server enforces it: every API route, every role (the null one
 * included), read from the route table the guard fills, so a new route is covered the day it
 * is added.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTH_TEXT } from '../../domain/auth';
import { ALL_USER_ROLES, ROLE, type UserRole } from '../../domain/roles';
import { DEMO_LOGINS } from '../../server/db/seed';
import type { RouteRoles } from '../../server/guard';
import { createTestApp, type TestApp } from './helpers';

/** Plausible values for path parameters; :id and :userId are the caller's own id. */
function fillPath(url: string, callerId: number): string {
  const params: Record<string, string> = {
    id: String(callerId),
    userId: String(callerId),
    token: 'dG9rZW4tcXVlLW5vLWV4aXN0ZS0xMjM0NTY3ODkw',
    email: encodeURIComponent('nadie@campo.test'),
  };
  return url
    .replace(/:(\w+)/g, (_, name: string) => {
      if (!(name in params)) throw new Error(`No test value for path parameter :${name} in ${url}`);
      return params[name];
    })
    .replace(/\*$/, 'prueba/archivo.png');
}

/** Independent of the guard's own code: admin everywhere, 'any' for everyone, else the list. */
function admitted(roles: RouteRoles, role: UserRole): boolean {
  if (roles === 'public' || roles === 'any' || role === ROLE.ADMIN) return true;
  return role !== null && roles.includes(role);
}

const roleName = (role: UserRole) => (role === null ? 'null' : String(role));

/**
 * A request with this header that gets past the guard is answered 204 before validation and
 * handler: the role matrix then measures the guard alone and stays fast however many routes
 * there are. The handlers run in the pass with the demo users' real sessions.
 */
const PROBE = 'x-access-probe';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp(
    {},
    {
      beforeReady: (app) =>
        app.addHook('preValidation', async (request, reply) => {
          if (request.headers[PROBE]) return reply.status(204).send();
        }),
    },
  );
});
afterAll(() => t?.close());

/**
 * A refusal for want of a session or a role: any 401, or a 403 with the guard's message. (A route
 * may answer 403 for reasons of its own, e.g. a file link with a bad signature.)
 */
const refusedForAccess = (res: { statusCode: number; json(): { message?: string } }) =>
  res.statusCode === 401 || (res.statusCode === 403 && res.json().message === AUTH_TEXT.forbidden);

function call(route: { method: string; url: string }, callerId: number, headers: Record<string, string> = {}) {
  const body = route.method === 'GET' || route.method === 'DELETE' ? undefined : {};
  return t.app.inject({ method: route.method as 'GET', url: fillPath(route.url, callerId), headers, ...(body ? { payload: body } : {}) });
}

describe('route table', () => {
  it('lists every API route with its roles and no documentation route', () => {
    const keys = t.app.routeTable.map((r) => `${r.method} ${r.url}`);
    expect(keys).toEqual(
      expect.arrayContaining([
        'POST /api/auth/login',
        'POST /api/auth/refresh-token',
        'GET /api/core-users/users/userProfile/:id',
        'GET /api/clients/all-clients',
        'POST /api/clients/',
        'PUT /api/clients',
        'PUT /api/clients/state',
      ]),
    );
    expect(new Set(keys).size).toBe(keys.length);
    expect(keys.some((k) => k.includes('/api/docs'))).toBe(false);
    for (const route of t.app.routeTable) {
      expect(route.url.startsWith('/api/'), route.url).toBe(true);
      expect(route.roles === 'public' || route.roles === 'any' || Array.isArray(route.roles), route.url).toBe(true);
    }
  });

  it('opens only the session routes, the settings, the health check and signed file downloads to the public', () => {
    const open = t.app.routeTable.filter((r) => r.roles === 'public').map((r) => r.url);
    expect(open).toContain('/api/auth/login');
    for (const url of open) expect(url, url).toMatch(/^\/api\/((auth|settings|files)\/|health$)/);
  });
});

describe('without a token', () => {
  it('answers 401 on every route that is not public, and never refuses a public one', async () => {
    for (const route of t.app.routeTable) {
      const res = await call(route, 1);
      const label = `${route.method} ${route.url} → ${res.statusCode} ${res.body.slice(0, 300)}`;
      expect(res.statusCode, label).toBeLessThan(500);
      if (route.roles === 'public') {
        expect(refusedForAccess(res), label).toBe(false);
      } else {
        expect(res.statusCode, label).toBe(401);
        expect(res.json(), label).toEqual({ message: 'Debe iniciar sesión para continuar.' });
      }
    }
  });
});

describe.each(ALL_USER_ROLES.map((role) => [roleName(role), role] as const))('role %s', (_name, role) => {
  it('gets 403 exactly where the route does not admit it', async () => {
    const token = await t.tokenAs(role);
    const headers = { ...t.authHeader(token), [PROBE]: '1' };
    const answers = await Promise.all(t.app.routeTable.map((route) => call(route, 1, headers)));
    for (const [i, route] of t.app.routeTable.entries()) {
      const res = answers[i];
      const label = `${route.method} ${route.url} as ${roleName(role)} → ${res.statusCode} ${res.body}`;
      if (admitted(route.roles, role)) {
        expect(res.statusCode, label).toBe(204);
      } else {
        expect(res.statusCode, label).toBe(403);
        expect(res.json(), label).toEqual({ message: AUTH_TEXT.forbidden });
      }
    }
  });
});

describe('demo users, with the handlers running', () => {
  it.each(DEMO_LOGINS.map((u) => [u.email, u] as const))(
    '%s gets through every route it is admitted to, never breaks on placeholder input, and gets 403 elsewhere',
    async (_email, user) => {
      const { token, id } = await t.login(user.email);
      const headers = t.authHeader(token);
      for (const route of t.app.routeTable) {
        const res = await call(route, id, headers);
        const label = `${route.method} ${route.url} as ${user.email} → ${res.statusCode} ${res.body.slice(0, 300)}`;
        expect(res.statusCode, label).toBeLessThan(500);
        expect(refusedForAccess(res), label).toBe(!admitted(route.roles, user.role));
      }
    },
  );
});
