/**
 * Kept statements (server/db/prepared.ts) on PostgreSQL itself: a migration that changes the type of a column
 * they read, applied while the server runs (a newer instance's, in a rolling deploy), makes PostgreSQL refuse
 * them on every connection that keeps them; the server goes on answering, unnamed, instead of failing each page.
 */
import { sql } from 'drizzle-orm';
import { integer, pgTable, varchar } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { planOutdated } from '../../server/db/errors';
import { preparedOnce, preparedSql } from '../../server/db/prepared';
import { createTestApp, type TestApp } from './helpers';

let t: TestApp;
const probe = pgTable('kept_plan_probe', { id: integer('id').primaryKey(), name: varchar('name', { length: 10 }) });
const ROWS = [
  { id: 1, name: 'uno' },
  { id: 2, name: 'dos' },
  { id: 3, name: 'tres' },
];

beforeAll(async () => {
  t = await createTestApp({}, { postgres: true });
  await t.db.execute(sql`create table kept_plan_probe (id integer primary key, name varchar(10), note varchar(10))`);
  await t.db.insert(probe).values(ROWS);
});
afterAll(() => t?.close());

/** More at once than the pool has connections: each connection keeps the statement. */
const everywhere = <T>(run: () => Promise<T>) => Promise.all(Array.from({ length: 24 }, run));

/** A migration that changes a column's type under the kept statements. */
const widen = (column: 'name' | 'note', length: number) => t.db.execute(sql.raw(`alter table kept_plan_probe alter column ${column} type varchar(${length})`));

it('is what PostgreSQL does to a named statement whose column changed type, and what planOutdated tells', async () => {
  const pool = (t.db as unknown as { $client: { query(config: object): Promise<{ rows: unknown[] }> } }).$client;
  const named = { name: 'kept_plan_probe_raw', text: 'select id, note from kept_plan_probe order by id' };
  await everywhere(() => pool.query(named));
  await widen('note', 20);
  const refused = await everywhere(() => pool.query(named).then(() => null, (error: unknown) => error));
  expect(refused.some((error) => error !== null)).toBe(true);
  for (const error of refused) if (error !== null) expect(planOutdated(error), String(error)).toBe(true);
  // Its routine tells it, not its message (translated on a server in another language), nor the code alone.
  expect(planOutdated(new Error('cached plan must not change result type'))).toBe(false);
  expect(planOutdated(Object.assign(new Error('el plan almacenado no debe cambiar el tipo de resultado'), { code: '0A000', routine: 'RevalidateCachedQuery' }))).toBe(true);
  expect(planOutdated(Object.assign(new Error('cached plan must not change result type'), { code: '0A000', routine: 'other' }))).toBe(false);
});

it('answers a kept first page after a migration changed a column it reads, then and from then on', async () => {
  const page = preparedOnce(t.db, 'kept-plan-probe', () =>
    t.db.select({ id: probe.id, name: probe.name }).from(probe).orderBy(probe.id).limit(sql.placeholder('limit')).offset(sql.placeholder('offset')).prepare(''),
  );
  for (const rows of await everywhere(() => page.execute({ limit: 10, offset: 0 }))) expect(rows).toEqual(ROWS);
  await widen('name', 20);
  for (const rows of await everywhere(() => page.execute({ limit: 10, offset: 0 }))) expect(rows).toEqual(ROWS);
  expect(await page.execute({ limit: 2, offset: 1 })).toEqual(ROWS.slice(1));
});

it('answers a raw statement\'s kept first page and a kept plan (the stock\'s) after such a migration too', async () => {
  const page = sql`select p.id, p.name from (select id, name from kept_plan_probe order by id limit ${sql.placeholder('limit')} offset ${sql.placeholder('offset')}) p order by p.id`;
  const firstPage = preparedSql<{ id: number; name: string }>(t.db, 'kept-plan-probe-raw', () => page);
  const keptPlan = preparedSql<{ name: string }>(t.db, 'kept-plan-probe-stock', () => sql`select name from kept_plan_probe where id = ${sql.placeholder('id')}`, { keepPlan: true });
  const both = async () => [await firstPage.execute({ limit: 10, offset: 0 }), await keptPlan.execute({ id: 2 })];
  for (const answer of await everywhere(both)) expect(answer).toEqual([ROWS, [{ name: 'dos' }]]);
  await widen('name', 40);
  for (const answer of await everywhere(both)) expect(answer).toEqual([ROWS, [{ name: 'dos' }]]);
  expect(await firstPage.execute({ limit: 1, offset: 2 })).toEqual(ROWS.slice(2));
});
