import { and, DrizzleQueryError, eq, gt, sql } from 'drizzle-orm';
import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import { boolean, integer, PgDialect, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import fc from 'fast-check';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import type { Db } from '../../server/db/client';
import { pgErrorCode } from '../../server/db/errors';
import { flagIs } from '../../server/db/list';
import { KEPT_FIRST_PAGES_MAX, KEPT_PLANS_MAX, preparedOnce, preparedSql, textConstant } from '../../server/db/prepared';

const statement = (label: string) => ({ label, execute: async () => label });

describe('preparedOnce', () => {
  it('builds a shape once per database and keeps shapes and databases apart', () => {
    const a = {} as Db;
    const b = {} as Db;
    let builds = 0;
    const build = (label: string) => () => {
      builds++;
      return statement(label);
    };
    const first = preparedOnce(a, 'list:asc', build('a-asc'));
    expect(preparedOnce(a, 'list:asc', build('other'))).toBe(first);
    expect(builds).toBe(1);
    expect(preparedOnce(a, 'list:desc', build('a-desc'))).not.toBe(first);
    expect(preparedOnce(b, 'list:asc', build('b-asc'))).not.toBe(first);
    expect(builds).toBe(3);
  });

  it('keeps nothing when the build refuses the shape', () => {
    const db = {} as Db;
    expect(() =>
      preparedOnce(db, 'list:unknown-sort', () => {
        throw new Error('No se puede ordenar por "x".');
      }),
    ).toThrow('No se puede ordenar');
    const built = preparedOnce(db, 'list:unknown-sort', () => statement('now valid'));
    expect((built as ReturnType<typeof statement>).label).toBe('now valid');
  });
});

describe('preparedOnce on node-postgres: a flat page mapped by a mapper made once', () => {
  const things = pgTable('things', {
    id: integer('id').primaryKey(),
    name: text('name'),
    at: timestamp('at', { withTimezone: true, mode: 'date' }),
  });
  const owners = pgTable('owners', { id: integer('id').primaryKey(), name: text('name') });
  /** A pg pool that answers every query with `rows` (array mode, as drizzle asks) and records what it was asked. */
  const fakePool = (rows: unknown[][] | Error) => {
    const asked: { text: string; params: unknown[]; rowMode?: string }[] = [];
    const query = async (config: { text: string; rowMode?: string }, params: unknown[]) => {
      asked.push({ text: config.text, params, rowMode: config.rowMode });
      if (rows instanceof Error) throw rows;
      return { rows, fields: [], rowCount: rows.length, command: 'SELECT' };
    };
    return { asked, pool: Object.assign(Object.create(pg.Pool.prototype) as pg.Pool, { query }) };
  };
  const page = (db: NodePgDatabase) =>
    db
      .select({ id: things.id, name: things.name, at: things.at, total: sql<number>`count(*) over ()`.mapWith(Number), fixed: sql<string>`'x'` })
      .from(things)
      .where(and(eq(things.name, sql.placeholder('name')), gt(things.id, 3)))
      .limit(sql.placeholder('limit'))
      .prepare('');
  const rows = [
    [1, 'uno', '2026-12-04 06:00:00.123+00', '12', 'x'],
    [2, null, null, '12', 'x'],
  ];

  it('answers what drizzle answers, from the same SQL and parameters', async () => {
    const direct = fakePool(rows);
    const viaDrizzle = fakePool(rows);
    const db = drizzle({ client: direct.pool });
    const built = page(db);
    const kept = preparedOnce(db as unknown as Db, 'things', () => built);
    // Run by its own mapper, not by drizzle's execute.
    expect(kept).not.toBe(built);
    const got = await kept.execute({ name: 'uno', limit: 21 });
    const expected = await page(drizzle({ client: viaDrizzle.pool })).execute({ name: 'uno', limit: 21 });
    expect(got).toEqual(expected);
    expect(got).toEqual([
      { id: 1, name: 'uno', at: new Date('2026-12-04T06:00:00.123Z'), total: 12, fixed: 'x' },
      { id: 2, name: null, at: null, total: 12, fixed: 'x' },
    ]);
    expect(direct.asked).toEqual(viaDrizzle.asked);
    expect(direct.asked[0].params).toEqual(['uno', 3, 21]);
    expect(direct.asked[0].rowMode).toBe('array');
  });

  it('refuses a missing value and wraps a database error as drizzle does', async () => {
    const db = drizzle({ client: fakePool(rows).pool });
    await expect(preparedOnce(db as unknown as Db, 'things', () => page(db)).execute({ limit: 1 })).rejects.toThrow('No value for placeholder "name" was provided');
    const failing = drizzle({ client: fakePool(Object.assign(new Error('boom'), { code: '2201B' })).pool });
    const error = await preparedOnce(failing as unknown as Db, 'things', () => page(failing))
      .execute({ name: 'x', limit: 1 })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(DrizzleQueryError);
    expect(pgErrorCode(error)).toBe('2201B');
  });

  it('maps a nested selection as drizzle does: objects along the paths, an absent left join as null by drizzle\'s rule', async () => {
    const places = pgTable('places', { id: integer('id').primaryKey(), name: text('name'), at: timestamp('at', { withTimezone: true, mode: 'date' }) });
    const nested = (db: NodePgDatabase) =>
      db
        .select({
          id: things.id,
          thing: { name: things.name, at: things.at },
          // Left-joined: null when the join found nothing (its first column null).
          owner: { id: owners.id, name: owners.name },
          // Inner-joined: never nulled.
          place: { id: places.id, at: places.at },
          // Columns of two tables: never nulled; a computed field is not part of the rule.
          mixed: { owner: owners.name, place: places.name, count: sql<number>`count(*) over ()`.mapWith(Number) },
        })
        .from(things)
        .leftJoin(owners, eq(owners.id, things.id))
        .innerJoin(places, eq(places.id, things.id))
        .where(eq(things.id, sql.placeholder('id')))
        .prepare('');
    const value = fc.constantFrom<unknown>(null, 7, 'x', '2026-12-04 06:00:00.5+00');
    await fc.assert(
      fc.asyncProperty(fc.array(fc.array(value, { minLength: 10, maxLength: 10 }), { maxLength: 4 }), async (rows) => {
        const direct = fakePool(rows);
        const db = drizzle({ client: direct.pool });
        const built = nested(db);
        const kept = preparedOnce(db as unknown as Db, 'nested', () => built);
        expect(kept).not.toBe(built);
        const viaDrizzle = fakePool(rows);
        expect(await kept.execute({ id: 3 })).toEqual(await nested(drizzle({ client: viaDrizzle.pool })).execute({ id: 3 }));
        expect(direct.asked).toEqual(viaDrizzle.asked);
      }),
      { numRuns: 300 },
    );
    // The cases the rule is about, said plainly.
    const db = drizzle({ client: fakePool([[1, 'uno', null, null, null, 5, null, null, 'p', '3']]).pool });
    const [row] = (await preparedOnce(db as unknown as Db, 'nested', () => nested(db)).execute({ id: 1 })) as Record<string, unknown>[];
    expect(row.owner).toBeNull();
    expect(row.place).toEqual({ id: 5, at: null });
    expect(row.mixed).toEqual({ owner: null, place: 'p', count: 3 });
  });
});

/** A pg pool that answers every query with `rows` and records each statement's name, text and parameters. */
const recordingPool = (rows: unknown[]) => {
  const asked: { name?: string; text: string; params: unknown[] }[] = [];
  const query = async (config: { name?: string; text: string }, params: unknown[]) => {
    asked.push({ name: config.name, text: config.text, params });
    return { rows, fields: [], rowCount: rows.length, command: 'SELECT' };
  };
  return { asked, pool: Object.assign(Object.create(pg.Pool.prototype) as pg.Pool, { query }) };
};

describe('flagIs: a state filter written into the statement', () => {
  const things = pgTable('things', { id: integer('id').primaryKey(), active: boolean('active') });
  const written = (condition: ReturnType<typeof flagIs>) => new PgDialect().sqlToQuery(condition);

  it('writes true or false into the text, with no value to send', () => {
    expect(written(flagIs(things.active, true))).toEqual({ sql: '"things"."active" = true', params: [] });
    expect(written(flagIs(things.active, false))).toEqual({ sql: '"things"."active" = false', params: [] });
  });

  it('refuses anything but a boolean, which the text would otherwise read as true', () => {
    for (const value of ['false', 0, null, undefined]) expect(() => flagIs(things.active, value as never), String(value)).toThrow('Debe ser true o false');
  });
});

describe('preparedSql with keepPlan', () => {
  it('names the statement of a shape by its text on node-postgres, the values as parameters; unnamed without keepPlan', async () => {
    const { asked, pool } = recordingPool([{ one: 1 }]);
    const db = drizzle({ client: pool }) as unknown as Db;
    const one = preparedSql<{ one: number }>(db, 'one', () => sql`select ${sql.placeholder('n')}::int as one`, { keepPlan: true });
    expect(await one.execute({ n: 1 })).toEqual([{ one: 1 }]);
    await one.execute({ n: 2 });
    await preparedSql(db, 'two', () => sql`select ${sql.placeholder('n')}::int as one, 2 as two`, { keepPlan: true }).execute({ n: 3 });
    await preparedSql(db, 'unnamed', () => sql`select ${sql.placeholder('n')}::int as one`).execute({ n: 4 });
    expect(asked.map((a) => a.params)).toEqual([[1], [2], [3], [4]]);
    expect(asked[0].name).toMatch(/^campo_[\w-]{20}$/);
    expect(asked[1].name).toBe(asked[0].name);
    expect(asked[2].name).toMatch(/^campo_/);
    expect(asked[2].name).not.toBe(asked[0].name);
    expect(asked[3].name).toBeFalsy();
  });

  it('keeps the plans of a bounded number of shapes: past the limit, a shape runs unnamed with its values', async () => {
    const { asked, pool } = recordingPool([{ one: 1 }]);
    const db = drizzle({ client: pool }) as unknown as Db;
    const shapes = Array.from({ length: KEPT_PLANS_MAX + 5 }, (_, i) =>
      preparedSql(db, `bounded-plan:${i}`, () => sql`select ${sql.placeholder('n')}::int as one, ${sql.raw(String(i))} as shape`, { keepPlan: true }),
    );
    for (const shape of shapes) await shape.execute({ n: 1 });
    const named = asked.filter((a) => a.name);
    // The test above kept two already: the process keeps no more than the limit in all.
    expect(named.length).toBeGreaterThan(KEPT_PLANS_MAX - 10);
    expect(named.length).toBeLessThanOrEqual(KEPT_PLANS_MAX);
    expect(asked.at(-1)).toMatchObject({ params: [1] });
    expect(asked.at(-1)!.name).toBeFalsy();
    // One kept already still runs named.
    await shapes[0].execute({ n: 2 });
    expect(asked.at(-1)).toMatchObject({ name: named[0].name, params: [2] });
  });
});

describe('a first page with no value besides its size runs named, without parameters', () => {
  const things = pgTable('things', { id: integer('id').primaryKey(), name: text('name') });
  // A row as drizzle asks for it (array mode).
  const pagePool = () => recordingPool([[1, 'uno']]);
  const unfiltered = (db: NodePgDatabase) =>
    db.select({ id: things.id, name: things.name }).from(things).orderBy(things.name, things.id).limit(sql.placeholder('limit')).offset(sql.placeholder('offset')).prepare('');
  const filtered = (db: NodePgDatabase) =>
    db
      .select({ id: things.id, name: things.name })
      .from(things)
      .where(eq(things.name, sql.placeholder('name')))
      .limit(sql.placeholder('limit'))
      .offset(sql.placeholder('offset'))
      .prepare('');

  it('inlines the size of a console page and names the statement by its text; every other page keeps its parameters, unnamed', async () => {
    const { asked, pool } = pagePool();
    const db = drizzle({ client: pool });
    const page = preparedOnce(db as unknown as Db, 'things', () => unfiltered(db));
    expect(await page.execute({ limit: 21, offset: 0 })).toEqual([{ id: 1, name: 'uno' }]);
    await page.execute({ limit: 21, offset: 0 });
    await page.execute({ limit: 11, offset: 0 });
    // Another page, a size no list offers, and a filtered first page: as before.
    await page.execute({ limit: 21, offset: 20 });
    await page.execute({ limit: 22, offset: 0 });
    await preparedOnce(db as unknown as Db, 'filtered', () => filtered(db)).execute({ name: 'uno', limit: 21, offset: 0 });

    const [first, again, ten, second, odd, withValue] = asked;
    expect(first.text).toMatch(/ order by "things"\."name", "things"\."id" limit 21 offset 0$/);
    expect(first.params).toEqual([]);
    expect(first.name).toMatch(/^campo_[\w-]{20}$/);
    expect(again).toEqual(first);
    expect(ten.text).toMatch(/ limit 11 offset 0$/);
    expect(ten.name).toMatch(/^campo_/);
    expect(ten.name).not.toBe(first.name);
    expect(second).toMatchObject({ name: '', params: [21, 20] });
    expect(second.text).toMatch(/ limit \$1 offset \$2$/);
    expect(odd).toMatchObject({ name: '', params: [22, 0] });
    expect(withValue).toMatchObject({ name: '', params: ['uno', 21, 0] });
  });

  it('refuses a size that is not a number, as a parameter would', async () => {
    const { asked, pool } = pagePool();
    const db = drizzle({ client: pool });
    await preparedOnce(db as unknown as Db, 'things', () => unfiltered(db)).execute({ limit: '21', offset: 0 });
    expect(asked[0]).toMatchObject({ name: '', params: ['21', 0] });
  });

  it('keeps a raw statement\'s first page too, its page in a subquery, with the code\'s constants written into the text', async () => {
    const { asked, pool } = recordingPool([{ rows: '[]' }]);
    const db = drizzle({ client: pool }) as unknown as Db;
    const page = sql`select json_agg(p.id) as rows from (select id from things order by id limit ${sql.placeholder('limit')} offset ${sql.placeholder('offset')}) p`;
    const kept = preparedSql<{ rows: string }>(db, 'raw-page', () => sql`${page} where ${textConstant("it's")} <> ''`);
    expect(await kept.execute({ limit: 10, offset: 0 })).toEqual([{ rows: '[]' }]);
    await kept.execute({ limit: 10, offset: 0 });
    await kept.execute({ limit: 10, offset: 10 });
    // A constant sent as a value, or a filter's value: as before, unnamed with its values.
    await preparedSql(db, 'raw-page-value', () => sql`${page} where ${"it's"} <> ''`).execute({ limit: 10, offset: 0 });
    await preparedSql(db, 'raw-page-filter', () => sql`${page} where p.id > ${sql.placeholder('n')}`).execute({ n: 3, limit: 10, offset: 0 });

    const [first, again, later, constantValue, filter] = asked;
    expect(first.text).toBe("select json_agg(p.id) as rows from (select id from things order by id limit 10 offset 0) p where 'it''s' <> ''");
    expect(first.params).toEqual([]);
    expect(first.name).toMatch(/^campo_[\w-]{20}$/);
    expect(again).toEqual(first);
    expect(later).toMatchObject({ name: '', params: [10, 10] });
    expect(later.text).toContain(' limit $1 offset $2) p ');
    expect(constantValue).toMatchObject({ name: '', params: [10, 0, "it's"] });
    expect(filter).toMatchObject({ name: '', params: [10, 0, 3] });
  });

  it('keeps a bounded number of them: past the limit, a first page runs unnamed with its values', async () => {
    const { asked, pool } = pagePool();
    const db = drizzle({ client: pool });
    // Shapes of different texts (a constant written in each), more than the limit, asked in turn.
    const shapes = Array.from({ length: KEPT_FIRST_PAGES_MAX + 5 }, (_, i) =>
      preparedOnce(db as unknown as Db, `bounded:${i}`, () =>
        db.select({ id: things.id, n: sql.raw(String(i)) }).from(things).limit(sql.placeholder('limit')).offset(sql.placeholder('offset')).prepare(''),
      ),
    );
    for (const shape of shapes) await shape.execute({ limit: 21, offset: 0 });
    const named = asked.filter((a) => a.name);
    // Other tests of this file kept a few already: the process keeps no more than the limit in all.
    expect(named.length).toBeGreaterThan(KEPT_FIRST_PAGES_MAX - 10);
    expect(named.length).toBeLessThanOrEqual(KEPT_FIRST_PAGES_MAX);
    expect(asked.at(-1)).toMatchObject({ name: '', params: [21, 0] });
    // One kept already still runs named.
    await shapes[0].execute({ limit: 21, offset: 0 });
    expect(asked.at(-1)!.name).toBe(named[0].name);
  });
});
