/**
 * Hostile input on every write route and every list filter, generated from the server's own route
 * table (with each route's declared schemas): a route added tomorrow is attacked the day it lands.
 * Bodies start from a plausible value of the route's schema and get fields replaced, dropped or added
 * with hostile values (or are junk outright); queries mix the route's filters with hostile values.
 * Asserted: never a 5xx; a 4xx is the Spanish `{ message, errors? }`; a refused request (and any
 * GET) leaves every table as it was.
 */
import { eq } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLE } from '../../domain/roles';
import { users } from '../../server/db/schema';
import type { RouteEntry } from '../../server/guard';
import { pushNoticesFor } from '../../server/services/push';
import { createTestApp, type TestApp } from './helpers';
import { changeCounts, changedTables, encode, short, expectWellFormed, installChangeCounter, nastyText, nastyValue, NASTY_STRINGS, RAW_BODIES } from './hostile-input';
import { fieldNames, inputJsonSchema, sample } from './schema-sample';

const BODY_RUNS = Number(process.env.HOSTILE_RUNS) || 40;
const QUERY_RUNS = Number(process.env.HOSTILE_QUERY_RUNS) || 20;

/**
 * What a refusal records on purpose, by route: a wrong password is what the per-e-mail limit of failed
 * logins counts (`auth_attempts`), so its 401 writes that row and nothing else.
 */
const REFUSAL_RECORDS: Record<string, string[]> = { '/api/auth/login': ['auth_attempts'] };

let t: TestApp;
let admin: Record<string, string>;
/** The administrator's row as the demo seeds it: what its session stands on. */
let adminRow: typeof users.$inferSelect;

/**
 * A hostile body the server accepts may change the very administrator it was sent as (its role, client,
 * status or password: its token then stops counting, 401, and every later request would test only the
 * session check). Before each route, or test, that happened is undone and a new session taken.
 */
async function asAdmin(): Promise<void> {
  const check = await t.app.inject({ method: 'GET', url: '/api/web-users-roles', headers: admin });
  if (check.statusCode === 200) return;
  const { rolId, clientId, status, passwordHash } = adminRow;
  await t.db.update(users).set({ rolId, clientId, status, passwordHash }).where(eq(users.id, adminRow.id));
  admin = t.authHeader((await t.login('admin@campo.test')).token);
}
let routes: RouteEntry[];
/** Bases the schema sampler cannot make valid (a questionnaire's weights must add up): real data. */
const bases: Record<string, unknown> = {};
beforeAll(async () => {
  t = await createTestApp();
  await installChangeCounter(t.db);
  admin = t.authHeader((await t.login('admin@campo.test')).token);
  [adminRow] = await t.db.select().from(users).where(eq(users.email, 'admin@campo.test'));
  routes = t.app.routeTable;
  const questionnaire = (await t.app.inject({ method: 'GET', url: '/api/questionnariesV2/get/1', headers: admin })).json();
  const { name, questionnaire_version_type, dimensions } = questionnaire;
  bases['POST /api/questionnariesV2'] = bases['PUT /api/questionnariesV2/update/:id'] = { name, questionnaire_version_type, dimensions };
  bases['POST /api/features'] = bases['PUT /api/features/:id'] = { clientId: 1, name: 'Atributo de prueba', isRequired: false, values: [{ value: 'Uno', isDefault: true }, { value: 'Dos', isDefault: false }] };
});
afterAll(() => t?.close());

const WRITE = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const isMultipart = (route: RouteEntry) => Array.isArray(route.schema.consumes) && route.schema.consumes.includes('multipart/form-data');

/** Path parameters: mostly ids that exist (so the handler runs), sometimes hostile ones. */
const pathValue = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom('1', '2', '3') },
  { weight: 2, arbitrary: fc.constantFrom('0', '-1', '1.5', '1e3', '2147483648', '99999999999999999999', 'abc', '%00', '%zz', ' 1', 'null') },
  { weight: 1, arbitrary: nastyText.map(encode) },
);
const fillPath = (url: string) =>
  fc.tuple(...(url.match(/:\w+|\*$/g) ?? []).map(() => pathValue)).map((values) => {
    let i = 0;
    return url.replace(/:\w+|\*$/g, () => values[i++]);
  });

/** Every path to a value inside a JSON value ('' is the root). */
function valuePaths(value: unknown, prefix: string[] = [], out: string[][] = []): string[][] {
  out.push(prefix);
  if (value && typeof value === 'object' && prefix.length < 6) for (const [key, item] of Object.entries(value)) valuePaths(item, [...prefix, key], out);
  return out;
}
function setPath(value: unknown, path: string[], replacement: unknown, drop: boolean): unknown {
  if (!path.length) return replacement;
  const copy: Record<string, unknown> = Array.isArray(value) ? ([...value] as never) : { ...(value as object) };
  const [head, ...rest] = path;
  if (!rest.length && drop) delete copy[head];
  else copy[head] = setPath(copy[head], rest, replacement, drop);
  return copy;
}

/** A body for the route: its schema's sample with hostile edits, or junk of any shape. */
function bodyFor(route: RouteEntry): fc.Arbitrary<{ json: unknown } | { raw: string }> {
  const schema = inputJsonSchema(route.schema.body);
  const base = bases[`${route.method} ${route.url}`] ?? (schema ? sample(schema) : {});
  const paths = valuePaths(base);
  const names = fieldNames(schema);
  const edit = fc.record({ path: fc.constantFrom(...paths), value: nastyValue, drop: fc.boolean() });
  const mutated = fc
    .record({ edits: fc.array(edit, { minLength: 1, maxLength: 3 }), extra: fc.dictionary(fc.oneof(fc.constantFrom<string>(...names, 'id', '__proto__', 'constructor'), fc.string({ maxLength: 10 })), nastyValue, { maxKeys: 2 }) })
    .map(({ edits, extra }) => {
      let body = edits.reduce<unknown>((acc, e) => setPath(acc, e.path, e.value, e.drop), base);
      if (body && typeof body === 'object' && !Array.isArray(body)) body = { ...extra, ...body };
      return { json: body };
    });
  return fc.oneof(
    { weight: 6, arbitrary: mutated },
    { weight: 1, arbitrary: fc.constant({ json: base }) },
    { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 4 }).map((json) => ({ json })) },
    { weight: 1, arbitrary: fc.constantFrom(...RAW_BODIES).map((raw) => ({ raw })) },
  );
}

const writeRoutes = () => routes.filter((r) => WRITE.has(r.method));
const readRoutes = () => routes.filter((r) => r.method === 'GET');

describe('the route table', () => {
  it('has write routes and filtered lists to attack, each write route with a body schema or none on purpose', () => {
    expect(writeRoutes().length).toBeGreaterThan(60);
    expect(readRoutes().filter((r) => fieldNames(inputJsonSchema(r.schema.querystring)).length).length).toBeGreaterThan(40);
    // A write route that reads a JSON body declares its schema (the multipart ones read parts).
    for (const route of writeRoutes()) {
      const declared = route.schema.body !== undefined || isMultipart(route) || route.method === 'DELETE' || /:\w+$/.test(route.url);
      expect(declared, `${route.method} ${route.url} declares no body schema`).toBe(true);
    }
  });
});

describe('every write route', () => {
  it('answers hostile bodies without a 5xx, in Spanish, and a refusal writes nothing', { timeout: 240_000 }, async () => {
    const counts: string[] = [];
    for (const route of writeRoutes()) {
      await asAdmin();
      let runs = 0;
      const statuses: Record<number, number> = {};
      await fc.assert(
        fc.asyncProperty(fillPath(route.url), bodyFor(route), async (url, body) => {
          runs++;
          const payload = 'raw' in body ? body.raw : JSON.stringify(body.json);
          // What an accepted request left to do after its answer (a broadcast push going out) is done first.
          await pushNoticesFor(t.app).idle();
          const before = await changeCounts(t.db);
          const res = await t.app.inject({ method: route.method as 'POST', url, headers: { ...admin, 'content-type': 'application/json' }, payload });
          const label = short(`${route.method} ${url} ${payload.slice(0, 300)}`);
          statuses[res.statusCode] = (statuses[res.statusCode] ?? 0) + 1;
          expectWellFormed(res, label);
          await pushNoticesFor(t.app).idle();
          const recorded = REFUSAL_RECORDS[route.url] ?? [];
          if (res.statusCode >= 400) expect(changedTables(before, await changeCounts(t.db)).filter((table) => !recorded.includes(table)), `${label} → ${res.statusCode} wrote`).toEqual([]);
        }),
        { numRuns: BODY_RUNS },
      );
      counts.push(`${route.method} ${route.url}: ${runs} ${JSON.stringify(statuses)}`);
    }
    expect(counts.length).toBe(writeRoutes().length);
    if (process.env.HOSTILE_REPORT) console.log(counts.join('\n'));
  });

  it('answers bodies of the wrong content type with a Spanish 4xx and writes nothing', async () => {
    await asAdmin();
    for (const route of writeRoutes()) {
      for (const [type, payload] of [
        ['text/plain', 'hola'],
        ['application/x-www-form-urlencoded', 'id=1&name=%27%3B--'],
        ['application/xml', '<id>1</id>'],
        ['application/json', '{"id": 1,'],
      ] as const) {
        const before = await changeCounts(t.db);
        const url = route.url.replace(/:\w+/g, '1').replace(/\*$/, 'a.png');
        const res = await t.app.inject({ method: route.method as 'POST', url, headers: { ...admin, 'content-type': type }, payload });
        const label = `${route.method} ${url} as ${type}`;
        expectWellFormed(res, label);
        if (res.statusCode >= 400) expect(changedTables(before, await changeCounts(t.db)), label).toEqual([]);
      }
    }
  });

  it('refuses a body over the 2 MB limit with a Spanish 413', async () => {
    await asAdmin();
    const route = writeRoutes().find((r) => r.url === '/api/clients/')!;
    const res = await t.app.inject({ method: 'POST', url: route.url, headers: { ...admin, 'content-type': 'application/json' }, payload: JSON.stringify({ name: 'x'.repeat(3 * 1024 * 1024) }) });
    expect(res.statusCode).toBe(413);
    expectWellFormed(res, 'huge body');
  });
});

describe('every list and read route', () => {
  it('answers hostile filters without a 5xx, in Spanish, and never writes', { timeout: 240_000 }, async () => {
    await asAdmin();
    for (const route of readRoutes()) {
      const filters = fieldNames(inputJsonSchema(route.schema.querystring));
      const key = fc.oneof({ weight: 4, arbitrary: filters.length ? fc.constantFrom(...filters) : fc.constant('q') }, { weight: 1, arbitrary: fc.string({ maxLength: 8 }) });
      const value = fc.oneof(nastyText, fc.constantFrom('1', '0', '-1', 'true', 'false', 'ASC', 'DESC', 'desc', 'id', 'name', '1000000', '2024-02-30', '31/02/2024'));
      const pairs = fc.array(fc.tuple(key, value), { minLength: 1, maxLength: 6 }).map((list) => list.map(([k, v]) => `${encode(k)}=${encode(v)}`).join('&'));
      const raw = fc.oneof(fc.string({ maxLength: 40 }).map((s) => s.replace(/[#\s]/g, '')), fc.constantFrom('a[b]=1&a[c]=2', 'q=%', 'q=%E0%A4%A', 'limit=1&limit=2', 'offset[]=1', '__proto__[x]=1', 'constructor[prototype][x]=1'));
      await fc.assert(
        fc.asyncProperty(fillPath(route.url), fc.oneof({ weight: 4, arbitrary: pairs }, { weight: 1, arbitrary: raw }), async (url, query) => {
          const before = await changeCounts(t.db);
          const res = await t.app.inject({ method: 'GET', url: `${url}?${query}`, headers: admin });
          const label = short(`GET ${url}?${query}`);
          expectWellFormed(res, label);
          expect(changedTables(before, await changeCounts(t.db)), `${label} wrote`).toEqual([]);
        }),
        { numRuns: QUERY_RUNS },
      );
    }
  });

  it.each([
    ['the administrator', null],
    ['a client user', ROLE.CLIENT],
    ['a franchise user', ROLE.FRANCHISE],
  ] as const)('answers every hostile text in every filter of every list without a 5xx, as %s', { timeout: 240_000 }, async (_, role) => {
    // Exhaustive on the fixed list, where the random runs only sample it; also as the client users, whose
    // lists run their own filters on what they may see (their client, their points of sale).
    await asAdmin();
    // An active user of the role as it is now: the hostile writes above may have changed the demo's.
    const headers = role === null ? admin : t.authHeader(await t.tokenAs(role));
    for (const route of readRoutes()) {
      const filters = fieldNames(inputJsonSchema(route.schema.querystring));
      if (!filters.length || /:\w+|\*/.test(route.url)) continue;
      for (const filter of filters) {
        await Promise.all(
          NASTY_STRINGS.filter((s) => s.length < 5000).map(async (text) => {
            const res = await t.app.inject({ method: 'GET', url: `${route.url}?${filter}=${encode(text)}`, headers });
            expectWellFormed(res, `GET ${route.url}?${filter}=${JSON.stringify(text).slice(0, 80)}`);
          }),
        );
      }
    }
  });
});
