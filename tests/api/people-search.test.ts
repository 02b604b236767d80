/**
 * Every search of people (the pickers' GET /users, the web users list) finds a person when each word typed
 * starts a word of the name (or of the e-mail, where it is searched), in any order, with or without accents:
 * 'Ramirez Julieta' and 'ram jul' find 'Julieta Ramírez'; and it pages in the database.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { personMatches, personWords, WORD_SEPARATORS, wordsText } from '../../domain/people';
import { ROLE } from '../../domain/roles';
import { migrationsFolder } from '../../server/db/client';
import { accounts, personWords as personWordsTable, transactions, users } from '../../server/db/schema';
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

/**
 * A search of people reads person_words (migration 0038), which the triggers on users keep: what it finds must
 * be what the rule finds on users as they are (`personMatches` over every active Getter, in the database's
 * name order), whatever was renamed, switched off or moved to another role.
 */
describe('the words table the pickers search (person_words)', () => {
  /** The picker's first page by the rule, on users: every active Getter in name order, matched in JavaScript. */
  async function byTheRule(text: string, limit = 51, active = true): Promise<number[]> {
    const all = await t.db
      .select({ id: users.id, names: users.names, lastName: users.lastName })
      .from(users)
      .where(and(eq(users.rolId, ROLE.GETTER), active ? eq(users.status, true) : undefined))
      .orderBy(asc(users.names), asc(users.lastName), asc(users.id));
    const words = personWords(text);
    return all.filter((u) => personMatches(`${u.names} ${u.lastName}`, words)).slice(0, limit).map((u) => u.id);
  }
  const searches = ['ju', 'j', 'ram', 'ramirez julieta', 'zoe ram', 'zoe', 'a', 'ma', 'mar', 'e', 'gomez pablo', 'maria-jose', 'x', 'ramirez zoe uno'];

  it('finds what the rule finds on users, in the same order, for short and long words alike', async () => {
    for (const text of searches) expect(await pickerIds(text), text).toEqual(await byTheRule(text));
    for (const text of ['a', 'e', 'ram']) {
      const page = (await api.ok<Person[]>('GET', `/users?rolId=${ROLE.GETTER}&q=${q(text)}&limit=3`, admin)).map((p) => p.id);
      expect(page, text).toEqual(await byTheRule(text, 3));
    }
  });

  it('follows a rename, a switch off and on, a change of role and a removal', async () => {
    const [id] = others;
    await t.db.update(users).set({ names: 'Eulogia', lastName: 'Quiroga Zárate' }).where(eq(users.id, id));
    expect(await pickerIds('eulogia zarate')).toEqual([id]);
    expect(await pickerIds('zoe ramirez')).not.toContain(id);

    await t.db.update(users).set({ status: false }).where(eq(users.id, id));
    expect(await pickerIds('eulogia')).toEqual([]);
    await t.db.update(users).set({ status: true }).where(eq(users.id, id));
    expect(await pickerIds('eulogia')).toEqual([id]);

    await t.db.update(users).set({ rolId: ROLE.ADMIN }).where(eq(users.id, id));
    expect(await pickerIds('eulogia')).toEqual([]);
    expect((await api.ok<Person[]>('GET', `/users?rolId=${ROLE.ADMIN}&q=eulogia&limit=51`, admin)).map((p) => p.id)).toEqual([id]);
    await t.db.update(users).set({ rolId: ROLE.GETTER }).where(eq(users.id, id));
    expect(await pickerIds('quiroga')).toEqual([id]);

    // A person written anew (and removed): its words come and go with it.
    const [added] = await t.db
      .insert(users)
      .values({ names: 'Eulogio', lastName: 'Quiroga', email: 'eulogio.quiroga@campo.test', passwordHash: 'x', rolId: ROLE.GETTER, status: true })
      .returning({ id: users.id });
    expect(await pickerIds('quiroga')).toEqual(await byTheRule('quiroga'));
    expect(await pickerIds('quiroga')).toHaveLength(2);
    await t.db.delete(users).where(eq(users.id, added.id));
    expect(await pickerIds('quiroga')).toEqual([id]);
    expect(await t.db.select().from(personWordsTable).where(eq(personWordsTable.userId, added.id))).toEqual([]);
  });

  it('holds one row per distinct word of each person, and the words of a rewrite only', async () => {
    const [id] = others;
    await t.db.update(users).set({ names: 'Ana Ana', lastName: 'Anabel' }).where(eq(users.id, id));
    const held = await t.db.select({ word: personWordsTable.word }).from(personWordsTable).where(eq(personWordsTable.userId, id)).orderBy(sql`${personWordsTable.word} collate "C"`);
    expect(held.map((w) => w.word)).toEqual(['ana', 'anabel']);
    // Two words in the range of 'ana': the person is one row of the page.
    expect((await pickerIds('ana')).filter((found) => found === id)).toHaveLength(1);
    // An update that leaves the name as it was does not rewrite the words (the trigger's WHEN).
    await t.db.update(users).set({ names: 'Ana Ana' }).where(eq(users.id, id));
    expect(await pickerIds('anabel ana')).toEqual([id]);
  });

  it('holds a word longer than it indexes (cut at 100 characters, as long as a search can be)', async () => {
    const [id] = others;
    const long = 'x'.repeat(99) + 'yz' + 'w'.repeat(20);
    await t.db.update(users).set({ names: 'Largo', lastName: long }).where(eq(users.id, id));
    expect(await pickerIds(long.slice(0, 100))).toEqual([id]);
    expect(await pickerIds(`largo ${long.slice(0, 90)}`)).toEqual([id]);
    expect(await pickerIds(`${long.slice(0, 99)}q`)).toEqual([]);
  });

  it('the Getters owed money are searched by words too, active or not', async () => {
    const [{ id }] = await t.db
      .insert(users)
      .values({ names: 'Deudora', lastName: 'Pendiente', email: 'deudora.pendiente@campo.test', passwordHash: 'x', rolId: ROLE.GETTER, status: false })
      .returning({ id: users.id });
    const owed = async () => (await api.ok<Person[]>('GET', `/users?rolId=${ROLE.GETTER}&withPending=true&q=deudora&limit=51`, admin)).map((p) => p.id);
    expect(await owed()).toEqual([]);
    const [account] = await t.db.insert(accounts).values({ userId: id }).returning({ id: accounts.id });
    await t.db.insert(transactions).values({ accountId: account.id, amount: '100', status: 'PENDING' });
    expect(await owed()).toEqual([id]);
    expect(await pickerIds('deudora')).toEqual([]);
  });

  it('the Getters paid at least once (the history’s filter) are found too after they left', async () => {
    const [{ id }] = await t.db
      .insert(users)
      .values({ names: 'Cobrada', lastName: 'Historial', email: 'cobrada.historial@campo.test', passwordHash: 'x', rolId: ROLE.GETTER, status: true })
      .returning({ id: users.id });
    const paid = async (q = '&q=cobrada') => (await api.ok<Person[]>('GET', `/users?rolId=${ROLE.GETTER}&withPaid=true${q}&limit=51`, admin)).map((p) => p.id);
    const [account] = await t.db.insert(accounts).values({ userId: id }).returning({ id: accounts.id });
    // Owed, never paid: not in the history.
    const [debt] = await t.db.insert(transactions).values({ accountId: account.id, amount: '100', status: 'PENDING' }).returning({ id: transactions.id });
    expect(await paid()).toEqual([]);
    await t.db.update(transactions).set({ status: 'PAID', operationCode: 'HIST-1', transactionDate: new Date() }).where(eq(transactions.id, debt.id));
    expect(await paid()).toEqual([id]);
    // She leaves the platform: the active Getters no longer offer her, the history still does, by name or not.
    await t.db.update(users).set({ status: false }).where(eq(users.id, id));
    expect(await pickerIds('cobrada')).toEqual([]);
    expect(await paid()).toEqual([id]);
    expect(await paid('&q=historial%20cob')).toEqual([id]);
    expect((await api.ok<Person[]>('GET', `/users?rolId=${ROLE.GETTER}&withPaid=true`, admin)).map((p) => p.id)).toContain(id);
    expect(await api.ok<Person[]>('GET', `/users?rolId=${ROLE.GETTER}&withPending=true&q=cobrada&limit=51`, admin)).toEqual([]);
  });

  it('a Getter made staff is still found by the payment filters: owed what they earned, their payments in the history', async () => {
    const [{ id }] = await t.db
      .insert(users)
      .values({ names: 'Exgetter', lastName: 'Ascendida', email: 'exgetter.ascendida@campo.test', passwordHash: 'x', rolId: ROLE.GETTER, status: true })
      .returning({ id: users.id });
    const [account] = await t.db.insert(accounts).values({ userId: id }).returning({ id: accounts.id });
    await t.db.insert(transactions).values([
      { accountId: account.id, amount: '100', status: 'PENDING' },
      { accountId: account.id, amount: '200', status: 'PAID', operationCode: 'EXG-1', transactionDate: new Date() },
    ]);
    await t.db.update(users).set({ rolId: ROLE.OPERATIONS }).where(eq(users.id, id));
    for (const filter of ['withPending', 'withPaid']) {
      for (const q of ['&q=exgetter', '&q=ascendida%20exg', '']) {
        const found = (await api.ok<Person[]>('GET', `/users?rolId=${ROLE.GETTER}&${filter}=true${q}&limit=5000`, admin)).map((p) => p.id);
        expect(found, `${filter}${q}`).toContain(id);
      }
    }
    // Not a Getter for anything else: the active Getters' picker no longer offers them.
    expect(await pickerIds('exgetter')).toEqual([]);
  });
});
