/**
 * Hostile input on the points of sale, attributes and move configurations: random bodies, search
 * patterns and CSV files never break the server (no 5xx) and always get the Spanish error shape.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { locations } from '../../server/db/schema';
import { createTestApp, type TestApp } from './helpers';
import { csvFile, csvRow, multipart } from './locations-csv';

const RUNS = Number(process.env.HOSTILE_RUNS) || 40;

let t: TestApp;
let admin: Record<string, string>;
beforeAll(async () => {
  t = await createTestApp();
  admin = t.authHeader((await t.login('admin@campo.test')).token);
});
afterAll(() => t?.close());

const nasty = fc.oneof(
  fc.string({ unit: 'binary', maxLength: 30 }),
  fc.constantFrom('', ' ', '\u0000', '(', '[', '\\', '*', '+?', '(?<=a)b', '\\p{L}', '[[:alpha:]]', 'a{2,1}', "'; drop table locations; --", 'x'.repeat(3000)),
  fc.integer(),
  fc.double(),
  fc.constant(null),
  fc.boolean(),
  fc.jsonValue({ maxDepth: 2 }),
);

/**
 * A query string carries text: a generated object is sent as its JSON (String() throws on one whose
 * `toString` is not a function, as `{"toString":null}`, which fast-check's jsonValue can give).
 */
const asQueryText = (value: unknown) => (value !== null && typeof value === 'object' ? JSON.stringify(value) : String(value));

const LOCATION = {
  clientId: 1,
  fullName: 'X',
  clientLocationName: 'X',
  telephone: '1',
  street: 'X',
  countryId: 1,
  stateId: 1,
  cityId: 1,
  latitude: '1',
  longitude: '1',
  executive: 'X',
  emails: ['a@b.com'],
  manager: 'X',
  emailManager: 'a@b.com',
  emailExecutive: 'a@b.com',
  workDays: 'X',
  openingHours: 'X',
  closingHours: 'X',
  zoneManagersIds: [1],
  featureValues: [{ id: 1 }],
  keysValues: [{ key: 'a', value: 'b' }],
};
const mutated = (base: Record<string, unknown>) =>
  fc.dictionary(fc.constantFrom(...Object.keys(base), 'id', 'values', 'name', 'points'), nasty, { maxKeys: 4 }).map((replace) => ({ ...base, id: 1, ...replace }));

function wellFormed(res: { statusCode: number; body: string }, label: string) {
  expect(res.statusCode, `${label} → ${res.statusCode} ${res.body.slice(0, 300)}`).toBeLessThan(500);
  if (res.statusCode >= 400) expect(typeof JSON.parse(res.body).message, label).toBe('string');
}

describe('random bodies', () => {
  it.each([
    ['POST', '/api/locations', LOCATION],
    ['PUT', '/api/locations', LOCATION],
    ['PUT', '/api/locations/disable', { id: 1, status: true }],
    ['POST', '/api/features', { clientId: 1, name: 'X', isRequired: false, values: [{ value: 'a', isDefault: true }] }],
    ['PUT', '/api/features/1', { name: 'X', isRequired: true, values: [{ id: 1, value: 'a', isDefault: true }] }],
    ['POST', '/api/moves/post/new-move', { name: 'X', points: 1, minutesDuration: 1, moveTypes: [1], category: [1] }],
    ['PUT', '/api/moves/put/1', { name: 'X', points: 1, minutesDuration: 1, moveTypes: [1], category: [1] }],
  ] as const)('%s %s never answers a 5xx', async (method, url, base) => {
    await fc.assert(
      fc.asyncProperty(fc.oneof(fc.jsonValue({ maxDepth: 3 }), mutated(base)), async (body) => {
        const res = await t.app.inject({ method, url, headers: { ...admin, 'content-type': 'application/json' }, payload: JSON.stringify(body) });
        wellFormed(res, `${method} ${url} ${JSON.stringify(body).slice(0, 200)}`);
      }),
      { numRuns: RUNS },
    );
  });
});

describe('random search patterns and list queries', () => {
  it('GET /api/locations/client/1 answers 200 or a Spanish 400', async () => {
    await fc.assert(
      fc.asyncProperty(nasty, fc.constantFrom('fullName', 'code', 'nope', ''), async (q, sort) => {
        const res = await t.app.inject({ method: 'GET', url: `/api/locations/client/1?q=${encodeURIComponent(asQueryText(q))}&sort=${sort}`, headers: admin });
        wellFormed(res, `q=${JSON.stringify(q)}`);
        expect([200, 400]).toContain(res.statusCode);
      }),
      { numRuns: RUNS },
    );
  });
});

describe('random CSV files', () => {
  it('are refused or loaded, never a 5xx, and a refusal writes nothing', async () => {
    const cell = fc.oneof(fc.string({ maxLength: 20 }), fc.constantFrom('"', '";"', '\r\n', ';', ',', '=1+1', 'Córdoba'));
    const file = fc.oneof(
      fc.string({ unit: 'binary', maxLength: 300 }),
      fc.array(fc.array(cell, { maxLength: 20 }), { maxLength: 5 }).map((rows) => csvFile(rows)),
      fc.array(fc.dictionary(fc.constantFrom('Nombre', 'Emails', 'Latitud', 'País', 'Ciudad'), cell, { maxKeys: 2 }), { minLength: 1, maxLength: 3 }).map((overrides) =>
        csvFile(overrides.map((o, i) => csvRow(900 + i, o, `HOSTILE${Math.random().toString(36).slice(2, 8)}`))),
      ),
    );
    await fc.assert(
      fc.asyncProperty(file, async (content) => {
        const before = (await t.db.select({ id: locations.id }).from(locations)).length;
        const { payload, headers } = multipart([
          { name: 'clientId', value: '2' },
          { name: 'csvFile', filename: 'puntos.csv', type: 'text/csv', content },
        ]);
        const res = await t.app.inject({ method: 'POST', url: '/api/locations/massive/client', payload, headers: { ...headers, ...admin } });
        wellFormed(res, `csv ${JSON.stringify(content).slice(0, 200)}`);
        if (res.statusCode >= 400) expect((await t.db.select({ id: locations.id }).from(locations)).length).toBe(before);
      }),
      { numRuns: RUNS },
    );
  });
});
