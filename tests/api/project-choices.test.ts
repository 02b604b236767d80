/** GET /user-moves/get/projects as the project picker uses it: a search, a page of matches, the names of projects already chosen. */
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { limitText, PICKER_IDS_CAP, PICKER_TEXT, PROJECT_CHOICES_CAP } from '../../domain/pickers';
import { ROLE } from '../../domain/roles';
import { clients, projects } from '../../server/db/schema';
import { createTestApp, type TestApp } from './helpers';
import { caller } from './moves-helpers';

let t: TestApp;
let admin: string;
let api: ReturnType<typeof caller>;
let clientA: number;
let clientB: number;
const named: Record<string, number> = {};
type Choice = { id: number; name: string };

beforeAll(async () => {
  t = await createTestApp();
  api = caller(t);
  admin = (await t.login('admin@campo.test')).token;
  [clientA, clientB] = (await t.db.select({ id: clients.id }).from(clients).orderBy(asc(clients.id)).limit(2)).map((c) => c.id);
  const made = await t.db
    .insert(projects)
    .values([
      { name: 'Zúmbalos de Verano Ñandú', clientId: clientA },
      { name: 'ZUMBALOS de invierno', clientId: clientB },
      { name: 'Relevamiento 100%_exacto', clientId: clientA },
    ])
    .returning({ id: projects.id, name: projects.name });
  for (const p of made) named[p.name] = p.id;
});
afterAll(() => t?.close());

const choices = (query: string) => api.ok<Choice[]>('GET', `/user-moves/get/projects?${query}`, admin);
const names = (list: Choice[]) => list.map((p) => p.name);

describe('the project choices', () => {
  it('answer every project by name when nothing narrows them, as the selects always had it', async () => {
    const all = await choices('');
    const stored = await t.db.select({ id: projects.id }).from(projects);
    expect(all).toHaveLength(stored.length);
    expect(names(all)).toContain('Zúmbalos de Verano Ñandú');
  });

  it('find a project by part of its name, blind to case and accents', async () => {
    expect(names(await choices('q=zumbalos'))).toEqual(['ZUMBALOS de invierno', 'Zúmbalos de Verano Ñandú']);
    expect(names(await choices(`q=${encodeURIComponent('ZÚMBALOS DE VER')}`))).toEqual(['Zúmbalos de Verano Ñandú']);
    expect(names(await choices('q=nandu'))).toEqual(['Zúmbalos de Verano Ñandú']);
    // The text is taken literally: '%' and '_' are no wildcards.
    expect(names(await choices(`q=${encodeURIComponent('100%_')}`))).toEqual(['Relevamiento 100%_exacto']);
    expect(await choices(`q=${encodeURIComponent('100%x')}`)).toEqual([]);
    expect(await choices('q=nada-se-llama-asi')).toEqual([]);
  });

  it("narrow the search to the client's projects", async () => {
    expect(names(await choices(`q=zumbalos&clientId=${clientB}`))).toEqual(['ZUMBALOS de invierno']);
    const ofA = await choices(`clientId=${clientA}`);
    const stored = await t.db.select({ id: projects.id }).from(projects).where(eq(projects.clientId, clientA));
    expect(ofA.map((p) => p.id).sort((a, b) => a - b)).toEqual(stored.map((p) => p.id).sort((a, b) => a - b));
  });

  it('answer at most `limit` projects, the first by name', async () => {
    const all = await choices('');
    expect(await choices('limit=2')).toEqual(all.slice(0, 2));
    expect(await choices('q=zumbalos&limit=1')).toEqual([{ id: named['ZUMBALOS de invierno'], name: 'ZUMBALOS de invierno' }]);
  });

  it('name the projects a picker holds, by id, by name', async () => {
    const a = named['ZUMBALOS de invierno'];
    const b = named['Relevamiento 100%_exacto'];
    expect(await choices(`ids=${a},${b}`)).toEqual([
      { id: b, name: 'Relevamiento 100%_exacto' },
      { id: a, name: 'ZUMBALOS de invierno' },
    ]);
    expect(await choices('ids=2147483647')).toEqual([]);
    // The client filter still holds.
    expect(await choices(`ids=${a}&clientId=${clientA}`)).toEqual([]);
  });

  it('refuse a limit, ids or search out of bounds, in Spanish', async () => {
    const limit = limitText(PROJECT_CHOICES_CAP);
    for (const value of ['0', String(PROJECT_CHOICES_CAP + 1), 'abc', '2.5']) {
      const res = await api.call('GET', `/user-moves/get/projects?limit=${value}`, admin);
      expect(res.statusCode, value).toBe(400);
      expect(res.json()).toEqual({ message: `${limit}.`, errors: { limit } });
    }
    for (const ids of ['abc', '1,,2', '0', '-3', '99999999999']) {
      const res = await api.call('GET', `/user-moves/get/projects?ids=${ids}`, admin);
      expect(res.statusCode, ids).toBe(400);
      expect(res.json()).toEqual({ message: `${PICKER_TEXT.ids}.`, errors: { ids: PICKER_TEXT.ids } });
    }
    const tooMany = Array.from({ length: PICKER_IDS_CAP + 1 }, (_, i) => i + 1).join(',');
    const res = await api.call('GET', `/user-moves/get/projects?ids=${tooMany}`, admin);
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({ ids: PICKER_TEXT.tooManyIds });
    const long = await api.call('GET', `/user-moves/get/projects?q=${'x'.repeat(101)}`, admin);
    expect(long.statusCode).toBe(400);
    expect(long.json().errors).toEqual({ q: 'La búsqueda admite hasta 100 caracteres' });
  });

  it('are for who reads moves', async () => {
    const res = await api.call('GET', '/user-moves/get/projects?q=zumbalos', await api.tokenFor(ROLE.GETTER));
    expect(res.statusCode).toBe(403);
  });
});
