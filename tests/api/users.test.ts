/** GET /users as the Getter pickers use it: a page of matches, and the names of Getters already chosen. */
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PEOPLE_CAP, PEOPLE_TEXT } from '../../domain/people';
import { PICKER_IDS_CAP, PICKER_TEXT } from '../../domain/pickers';
import { ROLE } from '../../domain/roles';
import { getterProfiles, users } from '../../server/db/schema';
import { createTestApp, type TestApp } from './helpers';
import { caller } from './moves-helpers';

let t: TestApp;
let admin: string;
let api: ReturnType<typeof caller>;
type Person = { id: number; fullName: string; profile?: { cuitCuil: string | null; mercadoPago: string | null; cbu: string | null } };

beforeAll(async () => {
  t = await createTestApp();
  api = caller(t);
  admin = (await t.login('admin@campo.test')).token;
});
afterAll(() => t?.close());

const people = (query: string) => api.ok<Person[]>('GET', `/users?${query}`, admin);

describe('a page of Getters', () => {
  it('answers every active Getter when no limit is given, as the selects always had it', async () => {
    const all = await people('rolId=7');
    const active = await t.db.select({ id: users.id }).from(users).where(and(eq(users.rolId, ROLE.GETTER), eq(users.status, true)));
    expect(active.length).toBeLessThan(PEOPLE_CAP);
    expect(all.map((p) => p.id).sort((a, b) => a - b)).toEqual(active.map((p) => p.id).sort((a, b) => a - b));
  });

  it('answers the first `limit` of them in name order, and a search narrows them', async () => {
    const all = await people('rolId=7');
    expect(await people('rolId=7&limit=3')).toEqual(all.slice(0, 3));
    const someone = all[Math.floor(all.length / 2)];
    const part = someone.fullName.split(' ').at(-1)!.slice(0, 4).toLowerCase();
    const matches = all.filter((p) => p.fullName.toLowerCase().includes(part));
    expect(await people(`rolId=7&q=${encodeURIComponent(part)}&limit=50`)).toEqual(matches.slice(0, 50));
    expect(await people(`rolId=7&q=${encodeURIComponent(part)}&limit=1`)).toEqual(matches.slice(0, 1));
  });
});

describe('the Getters of given ids', () => {
  it('answers their names and profiles, a Getter who left included, and no one of another role', async () => {
    const all = await people('rolId=7');
    const [first, second, third] = all;
    await t.db.update(users).set({ status: false }).where(eq(users.id, third.id));
    const [agent] = await people('rolId=1&limit=1');
    const answer = await people(`rolId=7&ids=${third.id},${first.id},${agent.id},${first.id},2147483647`);
    // The one who left says so.
    expect(answer).toEqual([first, { ...third, inactive: true }].sort((a, b) => all.findIndex((p) => p.id === a.id) - all.findIndex((p) => p.id === b.id)));
    expect(answer[0].profile).toBeDefined();
    // Left out of the list to choose from, still named where it was chosen.
    expect((await people('rolId=7')).some((p) => p.id === third.id)).toBe(false);
    expect(await people(`rolId=7&ids=${second.id}&q=${encodeURIComponent('zzz-nadie')}`)).toEqual([]);
    await t.db.update(users).set({ status: true }).where(inArray(users.id, [third.id]));
  });

  it('lists everyone, active or not, when asked (the moves list\'s filter), the ones who left saying so, searched by name too', async () => {
    const active = await people('rolId=7');
    const someone = active[1];
    await t.db.update(users).set({ status: false }).where(eq(users.id, someone.id));
    try {
      const everyone = await people('rolId=7&withInactive=true');
      const left = everyone.find((p) => p.id === someone.id);
      expect(left).toEqual({ ...someone, inactive: true });
      expect(everyone.filter((p) => !('inactive' in p)).map((p) => p.id)).toEqual(active.filter((p) => p.id !== someone.id).map((p) => p.id));
      const [first] = someone.fullName.split(' ');
      expect(await people(`rolId=7&withInactive=true&q=${encodeURIComponent(first)}&limit=50`)).toContainEqual({ ...someone, inactive: true });
      expect((await people(`rolId=7&q=${encodeURIComponent(first)}&limit=50`)).some((p) => p.id === someone.id)).toBe(false);
    } finally {
      await t.db.update(users).set({ status: true }).where(eq(users.id, someone.id));
    }
  });

  it('lists a Getter with no payment profile yet, with an empty profile', async () => {
    const all = await people('rolId=7');
    const someone = all[1];
    const [kept] = await t.db.select().from(getterProfiles).where(eq(getterProfiles.userId, someone.id));
    await t.db.delete(getterProfiles).where(eq(getterProfiles.userId, someone.id));
    const empty = { ...someone, profile: { cuitCuil: null, mercadoPago: null, cbu: null } };
    expect(await people('rolId=7')).toEqual(all.map((p) => (p.id === someone.id ? empty : p)));
    expect(await people(`rolId=7&ids=${someone.id}`)).toEqual([empty]);
    if (kept) await t.db.insert(getterProfiles).values(kept);
  });

  it('refuses a limit or ids out of bounds, in Spanish', async () => {
    for (const limit of ['0', '5001', 'abc', '2.5']) {
      const res = await api.call('GET', `/users?rolId=7&limit=${limit}`, admin);
      expect(res.statusCode, limit).toBe(400);
      expect(res.json()).toEqual({ message: `${PEOPLE_TEXT.limit}.`, errors: { limit: PEOPLE_TEXT.limit } });
    }
    for (const ids of ['abc', '1,,2', '0', '-3', '1.5', '99999999999']) {
      const res = await api.call('GET', `/users?rolId=7&ids=${ids}`, admin);
      expect(res.statusCode, ids).toBe(400);
      expect(res.json()).toEqual({ message: `${PICKER_TEXT.ids}.`, errors: { ids: PICKER_TEXT.ids } });
    }
    const tooMany = Array.from({ length: PICKER_IDS_CAP + 1 }, (_, i) => i + 1).join(',');
    const res = await api.call('GET', `/users?rolId=7&ids=${tooMany}`, admin);
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({ ids: PICKER_TEXT.tooManyIds });
    expect((await api.call('GET', `/users?rolId=7&ids=${Array.from({ length: PICKER_IDS_CAP }, (_, i) => i + 1).join(',')}`, admin)).statusCode).toBe(200);
  });
});

describe('a Getter\'s payment details', () => {
  it('go only to those who pay the Getters; the rest of the staff get names', async () => {
    const withDetails = await people('rolId=7&limit=5');
    expect(withDetails.every((p) => p.profile !== undefined)).toBe(true);
    expect(withDetails.some((p) => p.profile?.cbu)).toBe(true);
    for (const [email, pays] of [
      ['administracion@campo.test', true],
      ['cuentas@campo.test', true],
      ['operaciones@campo.test', false],
      ['comercial@campo.test', false],
      ['getter.master@campo.test', false],
    ] as const) {
      const token = (await t.login(email)).token;
      const answer = await api.ok<Person[]>('GET', '/users?rolId=7&limit=5', token);
      expect(answer.map((p) => p.id), email).toEqual(withDetails.map((p) => p.id));
      expect(answer, email).toEqual(pays ? withDetails : withDetails.map(({ profile: _profile, ...name }) => name));
      expect(JSON.stringify(await api.ok('GET', `/users?rolId=7&ids=${withDetails[0].id}`, token)).includes('cbu'), email).toBe(pays);
    }
  });
});
