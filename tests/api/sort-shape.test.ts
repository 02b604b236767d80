/**
 * A list's statement is kept by its shape, the sort included: a page without a sort (the list's default)
 * and one asking for an empty sort (`sort=`) are two shapes. The empty one is refused as any sort the
 * list does not have, also after a page of the default sort kept its statement.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers';

let t: TestApp;
let token: string;

beforeAll(async () => {
  t = await createTestApp();
  token = (await t.login('admin@campo.test')).token;
});
afterAll(() => t?.close());

const get = (url: string) => t.app.inject({ method: 'GET', url, headers: t.authHeader(token) });

describe('an empty sort', () => {
  it('is refused by every list kept by its shape, before and after its default page', async () => {
    const [client] = (await get('/api/clients/all-clients?offset=0&limit=1').then((r) => r.json())).rows as { id: number }[];
    const lists = [
      '/api/tags',
      '/api/motives',
      '/api/characteristics/',
      '/api/guidelines',
      '/api/guidelines/search',
      '/api/features',
      `/api/features/client/${client.id}`,
      '/api/clients/all-clients',
      '/api/campaigns',
      '/api/projects',
      '/api/questionnariesV2',
      '/api/locations',
      `/api/projects/locations-by-client/${client.id}`,
      '/api/web-users',
    ];
    for (const list of lists) {
      const join = list.includes('?') ? '&' : '?';
      const byDefault = await get(`${list}${join}offset=0&limit=2`);
      expect(byDefault.statusCode, `${list}: ${byDefault.body}`).toBe(200);
      const empty = await get(`${list}${join}offset=0&limit=2&sort=`);
      expect(empty.statusCode, `${list}: ${empty.body}`).toBe(400);
      expect(empty.json().message, list).toBe('No se puede ordenar por "".');
    }
  });
});
