/**
 * Every route of the API, called by a signed-in administrator with what a careless or hostile client
 * (or a client user) sends: ids that are not ids, query values of the wrong kind, bodies of the wrong shape, broken JSON.
 * Each answer is a 4xx with a Spanish message, never a 5xx: bad input is the caller's fault, and a 500
 * would also hide the cause from them.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLE } from '../../domain/roles';
import { createTestApp, type TestApp } from './helpers';

interface Parameter {
  name: string;
  in: string;
}
interface Operation {
  parameters?: Parameter[];
  requestBody?: { content: Record<string, { schema: { properties?: Record<string, unknown> } }> };
}

let t: TestApp;
let auth: { authorization: string };
let clientAuth: { authorization: string };
let paths: Record<string, Record<string, Operation>>;
beforeAll(async () => {
  t = await createTestApp();
  auth = t.authHeader(await t.tokenAs(ROLE.ADMIN));
  clientAuth = t.authHeader(await t.tokenAs(ROLE.CLIENT));
  paths = ((await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json() as { paths: typeof paths }).paths;
});
afterAll(() => t?.close());

/** Values no id, number, date, flag or list accepts, and some that are almost right. */
const BAD_VALUES = ['abc', '-1', '0', '1.5', '1e309', '99999999999999999999', '2026-13-45', 'true', '', ' ', '%00', 'x'.repeat(5000), '[]', '{}', 'null', "1' or '1'='1"];
/** Bodies of the wrong shape: not an object, an empty one, one whose every field is of another kind. */
const BAD_BODIES = ['null', '[]', '"texto"', '123', '{', '{"a":', '{}'];

const pathOf = (url: string) => url.replace(/:(\w+)/g, '{$1}').replace(/\*$/, '{*}');
const withParams = (url: string, value: string) => url.replace(/:(\w+)/g, () => encodeURIComponent(value)).replace(/\*$/, encodeURIComponent(value));

/** A body of the operation's own fields, each given `value`. */
function wrongFields(op: Operation | undefined, value: unknown): string | undefined {
  const props = op?.requestBody?.content['application/json']?.schema.properties;
  if (!props) return undefined;
  return JSON.stringify(Object.fromEntries(Object.keys(props).map((key) => [key, value])));
}

/** The routes to call: all but the session's own (logout, rate-limited login) and the documentation pages. */
const routes = () =>
  t.app.routeTable.filter((r) => r.url.startsWith('/api/') && !r.url.startsWith('/api/docs') && !/\/auth\/(logout|login|refresh)/.test(r.url) && r.method !== 'HEAD');

async function expectNo5xx(method: string, url: string, payload?: string, as = auth) {
  const res = await t.app.inject({ method: method as 'GET', url, headers: { ...as, ...(payload !== undefined ? { 'content-type': 'application/json' } : {}) }, payload });
  const label = `${method} ${url.slice(0, 200)} ${payload?.slice(0, 100) ?? ''} → ${res.statusCode} ${res.body.slice(0, 300)}`;
  expect(res.statusCode, label).toBeLessThan(500);
  if (res.statusCode >= 400) expect(typeof (res.json() as { message?: unknown }).message, label).toBe('string');
}

describe('bad input on every route', () => {
  it('ids that are not ids in the path: 4xx', async () => {
    for (const route of routes()) {
      if (!route.url.includes(':') && !route.url.endsWith('*')) continue;
      // A DELETE of a real id would remove what the rest of the run calls; bad ids remove nothing.
      for (const value of BAD_VALUES.filter((v) => v !== '' && v !== '0')) await expectNo5xx(route.method, withParams(route.url, value), route.method === 'GET' ? undefined : '{}');
    }
  });

  it.each([
    ['an administrator', () => auth],
    ['a client user (its own filters on what it may see)', () => clientAuth],
  ])('query values of the wrong kind, from %s: 4xx', async (_, as) => {
    for (const route of routes()) {
      if (route.method !== 'GET') continue;
      const op = paths[pathOf(route.url)]?.get;
      const names = (op?.parameters ?? []).filter((p) => p.in === 'query').map((p) => p.name);
      const url = withParams(route.url, '1');
      for (const name of names) {
        for (const value of BAD_VALUES) await expectNo5xx('GET', `${url}?${name}=${encodeURIComponent(value)}`, undefined, as());
        await expectNo5xx('GET', `${url}?${name}=1&${name}=2`, undefined, as());
      }
    }
  });

  it('bodies of the wrong shape, and fields of the wrong kind: 4xx', async () => {
    for (const route of routes()) {
      if (!['POST', 'PUT', 'PATCH'].includes(route.method)) continue;
      const op = paths[pathOf(route.url)]?.[route.method.toLowerCase()];
      // A path id no row has: what passes validation finds nothing to change.
      const url = withParams(route.url, '987654');
      for (const body of BAD_BODIES) await expectNo5xx(route.method, url, body);
      for (const value of ['abc', -1, 1.5, 1e308, true, [], {}, [1, 'a'], { a: { b: 1 } }, 'x'.repeat(20000), '\u0000']) {
        const body = wrongFields(op, value);
        if (body) await expectNo5xx(route.method, url, body);
      }
    }
  });
});
