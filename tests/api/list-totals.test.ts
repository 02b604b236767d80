/**
 * Lists whose count (and the payments' amount) rides on the page's own rows, in one statement: the
 * total of the first page, of a middle one, of a filtered one and of a page past the last one (which has
 * no rows to carry it and counts apart) is the database's own count.
 */
import { and, count, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../server/db/client';
import { campaigns, characteristics, features, guidelines, motives, pushMessages, questionnaires, tagGroups, transactions } from '../../server/db/schema';
import { createTestApp, type TestApp } from './helpers';

let t: TestApp;
let token: string;

beforeAll(async () => {
  t = await createTestApp();
  token = (await t.login('admin@campo.test')).token;
});
afterAll(() => t?.close());

const get = async <T>(url: string): Promise<T> => {
  const answer = await t.app.inject({ method: 'GET', url, headers: t.authHeader(token) });
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json() as T;
};

interface Page {
  rows: { id: number }[];
  count: number;
  totalAmount?: string;
}

/** The same list's first page, a page starting at its last row, and a page past its end all say `expected`. */
async function expectTotals(path: string, expected: number, extra?: (page: Page) => void) {
  const join = path.includes('?') ? '&' : '?';
  const first = await get<Page>(`${path}${join}offset=0&limit=2`);
  expect(first.count).toBe(expected);
  expect(first.rows.length).toBe(Math.min(2, expected));
  const last = await get<Page>(`${path}${join}offset=${Math.max(expected - 1, 0)}&limit=2`);
  expect(last.rows.length).toBe(expected ? 1 : 0);
  expect(last.count).toBe(expected);
  const past = await get<Page>(`${path}${join}offset=${expected + 5}&limit=2`);
  expect(past.rows).toEqual([]);
  expect(past.count).toBe(expected);
  for (const page of [first, last, past]) extra?.(page);
}

describe('a list that counts in its page statement', () => {
  it('campaigns: all, of one client, and by name', async () => {
    const [{ n: all }] = await t.db.select({ n: count() }).from(campaigns);
    expect(all).toBeGreaterThan(2);
    await expectTotals('/api/campaigns', all);
    const [some] = await t.db.select({ clientId: campaigns.clientId }).from(campaigns).limit(1);
    const [{ n: ofClient }] = await t.db.select({ n: count() }).from(campaigns).where(eq(campaigns.clientId, some.clientId));
    await expectTotals(`/api/campaigns?clientId=${some.clientId}`, ofClient);
    await expectTotals('/api/campaigns?name=ninguna-campa%C3%B1a-se-llama-as%C3%AD', 0);
  });

  it('questionnaires in force, and a search', async () => {
    const [{ n: inForce }] = await t.db.select({ n: count() }).from(questionnaires).where(isNull(questionnaires.removedAt));
    expect(inForce).toBeGreaterThan(2);
    await expectTotals('/api/questionnariesV2', inForce);
    const [{ n: cafe }] = await t.db
      .select({ n: count() })
      .from(questionnaires)
      .where(and(isNull(questionnaires.removedAt), sql`${questionnaires.searchName} like '%cafeteria%'`));
    expect(cafe).toBeGreaterThan(0);
    await expectTotals('/api/questionnariesV2?q=Cafeter%C3%ADa', cafe);
  });

  it('the push history', async () => {
    for (const title of ['Uno', 'Dos', 'Tres']) {
      const sent = await t.app.inject({ method: 'POST', url: '/api/push-notifications/send-message', headers: t.authHeader(token), payload: { title: `Aviso ${title}`, message: 'Hay nuevas moves publicadas cerca tuyo.' } });
      expect(sent.statusCode, sent.body).toBe(202);
    }
    const [{ n: sent }] = await t.db.select({ n: count() }).from(pushMessages);
    await expectTotals('/api/push-notifications/historial', sent);
  });

  it('the banks: tags, motives, characteristics, guidelines and client attributes, whole, filtered and sorted', async () => {
    const n = async (query: Promise<{ n: number }[]>) => (await query)[0].n;
    for (const [path, table] of [
      ['/api/tags', tagGroups],
      ['/api/motives', motives],
      ['/api/characteristics/', characteristics],
      ['/api/guidelines', guidelines],
      ['/api/features', features],
    ] as const) {
      const all = await n(t.db.select({ n: count() }).from(table));
      expect(all, path).toBeGreaterThan(1);
      await expectTotals(path, all);
      // The same shape with another order, and with a sort: the same count.
      await expectTotals(`${path}?order=DESC`, all);
    }
    await expectTotals('/api/motives?isActive=true', await n(t.db.select({ n: count() }).from(motives).where(eq(motives.isActive, true))));
    await expectTotals('/api/motives?isActive=false', await n(t.db.select({ n: count() }).from(motives).where(eq(motives.isActive, false))));
    await expectTotals('/api/tags?active=true&sort=createdAt', await n(t.db.select({ n: count() }).from(tagGroups).where(eq(tagGroups.active, true))));
    // Enabled or not: two statements, each with its own count.
    await expectTotals('/api/characteristics/?enabled=true', await n(t.db.select({ n: count() }).from(characteristics).where(isNull(characteristics.deletedAt))));
    await expectTotals('/api/characteristics/?enabled=false', await n(t.db.select({ n: count() }).from(characteristics).where(isNotNull(characteristics.deletedAt))));
    const current = await n(t.db.select({ n: count() }).from(guidelines).where(isNull(guidelines.deletedAt)));
    await expectTotals('/api/guidelines?current=true', current);
    await expectTotals('/api/guidelines/search', current);
    const [one] = await t.db.select({ id: guidelines.id, sequenceId: guidelines.sequenceId }).from(guidelines).limit(1);
    await expectTotals(`/api/guidelines?ids=${one.id}`, 1);
    await expectTotals(`/api/guidelines?sequenceId=${one.sequenceId}`, await n(t.db.select({ n: count() }).from(guidelines).where(eq(guidelines.sequenceId, one.sequenceId))));
    // Two clients in a row on one shape: each its own attributes, each with its values.
    const owners = await rowsOf<{ client_id: number; n: number }>(t.db, sql`select client_id, count(*)::int as n from features group by client_id order by client_id limit 2`);
    expect(owners.length).toBe(2);
    for (const owner of owners) {
      await expectTotals(`/api/features?clientId=${owner.client_id}`, owner.n);
      const page = await get<{ rows: { clientId: number; values: { id: number }[] }[] }>(`/api/features/client/${owner.client_id}?offset=0&limit=50`);
      expect(page.rows.every((r) => r.clientId === owner.client_id)).toBe(true);
      for (const row of page.rows) {
        const stored = await rowsOf<{ id: number }>(t.db, sql`select v.id from feature_values v join features f on f.id = v.feature_id where f.client_id = ${owner.client_id} and v.feature_id = ${(row as unknown as { id: number }).id} order by v.id`);
        expect(row.values.map((v) => v.id)).toEqual(stored.map((v) => v.id));
      }
    }
  });

  it('pending and paid transactions, with their amount, whole and of one Getter', async () => {
    for (const status of ['PENDING', 'PAID'] as const) {
      const [whole] = await t.db
        .select({ n: count(), amount: sql<string>`coalesce(sum(${transactions.amount}), 0)::numeric(20,2)::text` })
        .from(transactions)
        .where(eq(transactions.status, status));
      expect(whole.n).toBeGreaterThan(2);
      const path = status === 'PENDING' ? '/api/transactions/pending' : '/api/transactions/payed';
      await expectTotals(path, whole.n, (page) => expect(page.totalAmount).toBe(whole.amount));
    }
    const [getter] = await rowsOf<{ user_id: number; n: number; amount: string }>(
      t.db,
      sql`select a.user_id, count(*)::int as n, sum(t.amount)::numeric(20,2)::text as amount from transactions t join accounts a on a.id = t.account_id where t.status = 'PENDING' group by a.user_id order by count(*) desc limit 1`,
    );
    await expectTotals(`/api/transactions/by-getter?getterId=${getter.user_id}&transactionType=PENDING`, getter.n, (page) => expect(page.totalAmount).toBe(getter.amount));
  });
});
