/**
 * Every search of people (the pickers' GET /users, the web users list) finds a person when each word typed
 * starts a word of the name (or of the e-mail, where it is searched), in any order, with or without accents:
 * 'Ramirez Julieta' and 'ram jul' find 'Julieta Ramírez'; and it pages in the database.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WORD_SEPARATORS, wordsText } from '../../domain/people';
import { ROLE } from '../../domain/roles';
import { migrationsFolder } from '../../server/db/client';
import { users } from '../../server/db/schema';
import { createTestApp, type TestApp } from './helpers';
import { caller } from './moves-helpers';

let t: TestApp;
let admin: string;
let api: ReturnType<typeof caller>;
type Person = { id: number; fullName: string };
type Page = { rows: { id: number }[]; count: number };

/** Five active Getters renamed for these tests, by id. */
let julieta: number;
let others: number[];

beforeAll(async () => {
  t = await createTestApp();
  api = caller(t);
  admin = (await t.login('admin@campo.test')).token;
  const getters = await t.db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.rolId, ROLE.GETTER), eq(users.status, true)))
    .orderBy(users.id)
    .limit(5);
  [julieta, ...others] = getters.map((g) => g.id);
  await t.db.update(users).set({ names: 'Julieta', lastName: 'Ramírez', email: 'jramirez.getter@campo.test' }).where(eq(users.id, julieta));
  // Four more who share a word, for paging: 'Zoe Ramírez Uno' … 'Zoe Ramírez Cuatro'.
  const tails = ['Uno', 'Dos', 'Tres', 'Cuatro'];
  for (const [i, id] of others.entries()) await t.db.update(users).set({ names: 'Zoe', lastName: `Ramírez ${tails[i]}` }).where(eq(users.id, id));
});
afterAll(() => t?.close());

const q = encodeURIComponent;
const pickerIds = async (text: string, more = '') => (await api.ok<Person[]>('GET', `/users?rolId=${ROLE.GETTER}&q=${q(text)}&limit=51${more}`, admin)).map((p) => p.id);
const webUserIds = async (text: string, more = '') => (await api.ok<Page>('GET', `/web-users?q=${q(text)}&limit=100${more}`, admin)).rows.map((r) => r.id);

describe('the people pickers (GET /users)', () => {
  it('find a Getter by the surname first, without accents or capitals', async () => {
    for (const text of ['Ramirez Julieta', 'ramírez julieta', 'JULIETA RAMIREZ', 'Julieta', 'ramirez'])
      expect(await pickerIds(text), text).toContain(julieta);
  });

  it('find a Getter by the start of each word, in any order', async () => {
    for (const text of ['ram jul', 'jul ram', 'j r', 'Rami  Juli', 'ju'])
      expect(await pickerIds(text), text).toContain(julieta);
  });

  it('a word must start a word of the name: one inside a word, or one the name lacks, does not find it', async () => {
    for (const text of ['amirez', 'ulieta', 'ramirez julieta x', 'ramirez zoe', 'julietaramirez'])
      expect(await pickerIds(text), text).not.toContain(julieta);
  });

  it('pages the matches in name order in the database', async () => {
    const all = await pickerIds('ram');
    expect(all).toEqual(expect.arrayContaining([julieta, ...others]));
    expect(await pickerIds('zoe ram')).toHaveLength(4);
    const first = (await api.ok<Person[]>('GET', `/users?rolId=${ROLE.GETTER}&q=${q('ramirez zoe')}&limit=2`, admin)).map((p) => p.fullName);
    // Name order: 'Zoe Ramírez Cuatro', 'Zoe Ramírez Dos' come first of the four.
    expect(first).toEqual(['Zoe Ramírez Cuatro', 'Zoe Ramírez Dos']);
  });

  it('every word counts, however many are typed', async () => {
    await t.db.update(users).set({ names: 'Ana María Luz', lastName: 'Pérez Soto' }).where(eq(users.id, others[3]));
    expect(await pickerIds('soto perez luz maria ana')).toContain(others[3]);
    expect(await pickerIds('s p l m a')).toContain(others[3]);
    expect(await pickerIds('soto perez luz maria julieta')).not.toContain(others[3]);
    expect(await pickerIds('soto perez luz maria ana x')).not.toContain(others[3]);
    await t.db.update(users).set({ names: 'Zoe', lastName: 'Ramírez Cuatro' }).where(eq(users.id, others[3]));
  });

  it('a search without words narrows nothing, and a % or _ typed stays literal', async () => {
    expect(await pickerIds('-')).toEqual(await pickerIds(''));
    expect(await pickerIds('ram%')).toEqual([]);
    expect(await pickerIds('r_m')).toEqual([]);
  });
});

describe('the web users list', () => {
  it('finds a user by name in any order and by the words of the e-mail', async () => {
    for (const text of ['Ramirez Julieta', 'jul ram', 'jramirez', 'jramirez.getter@campo.test', 'getter ramirez', 'JRAMÍREZ'])
      expect(await webUserIds(text), text).toContain(julieta);
    for (const text of ['amirez', 'ramirez.getterx']) expect(await webUserIds(text), text).not.toContain(julieta);
  });

  it('pages and counts the matches in the database', async () => {
    const whole = await api.ok<Page>('GET', `/web-users?q=${q('zoe ramirez')}&limit=10&sort=lastName&order=ASC`, admin);
    expect(whole.count).toBe(4);
    const first = await api.ok<Page>('GET', `/web-users?q=${q('zoe ramirez')}&limit=2&offset=0&sort=lastName&order=ASC`, admin);
    const second = await api.ok<Page>('GET', `/web-users?q=${q('zoe ramirez')}&limit=2&offset=2&sort=lastName&order=ASC`, admin);
    expect(first.count).toBe(4);
    expect([...first.rows, ...second.rows].map((r) => r.id)).toEqual(whole.rows.map((r) => r.id));
  });
});

describe('the words the database holds', () => {
  it('are the name broken as the console and the server break what is typed', async () => {
    const samples = [
      ['María-José', "O'Brien Núñez"],
      ['Ana  Inés', 'de la Cruz'],
      ['Juan.Pablo', 'Pérez_Gómez'],
    ];
    const ids = others.slice(0, samples.length);
    for (const [i, [names, lastName]] of samples.entries()) await t.db.update(users).set({ names, lastName }).where(eq(users.id, ids[i]));
    const rows = await t.db.select({ id: users.id, words: users.searchWords }).from(users).where(inArray(users.id, ids));
    for (const [i, [names, lastName]] of samples.entries()) {
      const stored = rows.find((r) => r.id === ids[i])!.words!;
      expect(stored.replace(/ +/g, ' '), names).toBe(wordsText(`${names} ${lastName}`));
    }
    expect(await pickerIds('jose brien')).toContain(ids[0]);
    expect(await pickerIds('gomez pablo')).toContain(ids[2]);
  });

  it('the migrations break the words at the separators the server knows (0031, and 0032 that refolds them)', async () => {
    for (const file of ['0031_people_words.sql', '0032_fold_latin.sql']) {
      const migration = readFileSync(join(migrationsFolder, file), 'utf8');
      const literal = WORD_SEPARATORS.replace(/'/g, "''");
      expect(migration.split(`translate(campo_fold(names || ' ' || last_name), '${literal}' || chr(9) || chr(10) || chr(13), repeat(' ', ${[...WORD_SEPARATORS].length + 3}))`), file).toHaveLength(2);
      expect(migration.split(`translate(campo_fold(names || ' ' || last_name || ' ' || email), '${literal}' || chr(9) || chr(10) || chr(13), repeat(' ', ${[...WORD_SEPARATORS].length + 3}))`), file).toHaveLength(2);
    }
  });
});
