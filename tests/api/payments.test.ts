/** Payments to Getters as the server enforces them: lists, filters, and each transaction paid once. */
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { sumMoney } from '../../domain/money';
import { combineWithCurrentTime, PAYMENT_TEXT, type PaymentTransaction } from '../../domain/payments';
import { ROLE } from '../../domain/roles';
import { formatDisplayDate, todayIso } from '../../domain/validation';
import { accounts, auditLog, getterProfiles, transactions, users } from '../../server/db/schema';
import { NO_BODY } from '../../server/http';
import { registerPayment } from '../../server/services/payments';
import { createTestApp, type TestApp, untilSomeoneWaitsOnALock } from './helpers';
import { caller } from './moves-helpers';

let t: TestApp;
let api: ReturnType<typeof caller>;
let admin: string;
let adminId: number;

type Page = { rows: PaymentTransaction[]; count: number; totalAmount: string };

beforeAll(async () => {
  t = await createTestApp();
  api = caller(t);
  ({ token: admin, id: adminId } = await t.login('admin@campo.test'));
});
afterAll(() => t?.close());

const now = () => combineWithCurrentTime(todayIso());
const DAY = 24 * 3600 * 1000;

/** The active Getters with an account, in id order; each test gives one its own fresh debts. */
async function getterAccounts() {
  return t.db
    .select({ accountId: accounts.id, userId: users.id })
    .from(accounts)
    .innerJoin(users, eq(users.id, accounts.userId))
    .where(and(eq(users.rolId, ROLE.GETTER), eq(users.status, true)))
    .orderBy(asc(users.id));
}

/** New PENDING transactions of no move for an account, with the given amounts. */
async function debts(accountId: number, amounts: string[], createdAt = new Date()): Promise<number[]> {
  const rows = await t.db
    .insert(transactions)
    .values(amounts.map((amount) => ({ accountId, amount, status: 'PENDING', createdAt })))
    .returning({ id: transactions.id });
  return rows.map((r) => r.id);
}

const rowsOf = (ids: number[]) => t.db.select().from(transactions).where(inArray(transactions.id, ids)).orderBy(asc(transactions.id));

describe('lists', () => {
  it('pages the pending transactions with the spec’s shape, 10 by default, oldest debt first', async () => {
    const page = await api.ok<Page>('GET', '/transactions/pending', admin);
    expect(page.rows).toHaveLength(10);
    expect(page.count).toBeGreaterThan(10);
    const [row] = page.rows;
    expect(row).toMatchObject({ id: expect.any(Number), amount: expect.stringMatching(/^\d+\.\d{2}$/), status: 'PENDING', transactionDate: null, operationCode: null });
    expect(row.accounts).toMatchObject({ id: expect.any(Number), user: { fullName: expect.any(String), profile: { cuitCuil: expect.stringMatching(/^\d{2}-\d{8}-\d$/) } } });
    expect(row.userMoves[0]).toMatchObject({ code: expect.stringMatching(/^M-\d{7}$/), finishAnalysisDate: expect.any(String) });
    const created = page.rows.map((r) => r.createdAt);
    expect(created).toEqual([...created].sort());
    const next = await api.ok<Page>('GET', '/transactions/pending?offset=10&limit=5', admin);
    expect(next.rows).toHaveLength(5);
    expect(next.rows.map((r) => r.id)).not.toContain(row.id);
  });

  it('filters by whole Argentine days and refuses half or reversed ranges', async () => {
    const [{ accountId }] = await getterAccounts();
    // 2020-03-10 in Argentina (UTC-3) runs from 03:00 UTC to 02:59:59.999 UTC of the 11th.
    const [first, last, after, before] = [
      await debts(accountId, ['10.00'], new Date('2020-03-10T03:00:00Z')),
      await debts(accountId, ['20.00'], new Date('2020-03-11T02:59:59Z')),
      await debts(accountId, ['30.00'], new Date('2020-03-11T03:00:00Z')),
      await debts(accountId, ['40.00'], new Date('2020-03-10T02:59:59Z')),
    ].map((ids) => ids[0]);
    const day = await api.ok<Page>('GET', '/transactions/pending?from=2020-03-10&to=2020-03-10', admin);
    expect(day.rows.map((r) => r.id).sort()).toEqual([first, last].sort());
    expect(day.totalAmount).toBe('30.00');
    const typed = await api.ok<Page>('GET', `/transactions/pending?from=${encodeURIComponent('09/03/2020')}&to=${encodeURIComponent('11/03/2020')}`, admin);
    expect(typed.rows.map((r) => r.id).sort()).toEqual([first, last, after, before].sort());

    const half = await api.call('GET', '/transactions/pending?from=2020-03-10', admin);
    expect(half.statusCode).toBe(400);
    expect(half.json().errors.to).toBe('Seleccione ambas fechas para filtrar.');
    const reversed = await api.call('GET', '/transactions/payed?from=2020-03-11&to=2020-03-10', admin);
    expect(reversed.statusCode).toBe(400);
    expect(reversed.json().errors.to).toBe(PAYMENT_TEXT.endBeforeStart);
    expect((await api.call('GET', '/transactions/pending?sort=password', admin)).statusCode).toBe(400);
  });

  it('lists the paid ones newest payment first, with date and operation code', async () => {
    const page = await api.ok<Page>('GET', '/transactions/payed?limit=50', admin);
    expect(page.count).toBeGreaterThan(0);
    for (const row of page.rows) expect(row).toMatchObject({ status: 'PAID', operationCode: expect.any(String), transactionDate: expect.any(String) });
    const dates = page.rows.map((r) => r.transactionDate!);
    expect(dates).toEqual([...dates].sort().reverse());
  });

  it('gives one Getter’s pending or paid transactions, and the Getters owed something', async () => {
    const [, second] = await getterAccounts();
    const ids = await debts(second.accountId, ['100.10', '200.20']);
    const pending = await api.ok<Page>('GET', `/transactions/by-getter?getterId=${second.userId}&transactionType=PENDING`, admin);
    expect(pending.rows.map((r) => r.id)).toEqual(expect.arrayContaining(ids));
    for (const row of pending.rows) expect(row).toMatchObject({ status: 'PENDING', accounts: { id: second.accountId, user: { id: second.userId } } });
    expect(pending.totalAmount).toBe(sumMoney(pending.rows.map((r) => r.amount)));
    const paid = await api.ok<Page>('GET', `/transactions/by-getter?getterId=${second.userId}&transactionType=payed`, admin);
    for (const row of paid.rows) expect(row).toMatchObject({ status: 'PAID', accounts: { id: second.accountId } });
    expect((await api.call('GET', '/transactions/by-getter', admin)).statusCode).toBe(400);
    // The same statement for another Getter answers with that Getter's rows only.
    const [first] = await getterAccounts();
    const others = await api.ok<Page>('GET', `/transactions/by-getter?getterId=${first.userId}&transactionType=PENDING`, admin);
    expect(others.rows.map((r) => r.id)).not.toEqual(expect.arrayContaining([ids[0]]));
    for (const row of others.rows) expect(row).toMatchObject({ accounts: { id: first.accountId } });

    const getters = await api.ok<{ id: number; fullName: string; profile: { cuitCuil: string | null; cbu: string | null; mercadoPago: string | null } }[]>('GET', '/users?rolId=7', admin);
    const one = getters.find((g) => g.id === second.userId)!;
    expect(one.profile.cuitCuil).toMatch(/^\d{2}-\d{8}-\d$/);
    expect(Boolean(one.profile.cbu) || Boolean(one.profile.mercadoPago)).toBe(true);
    // A Getter with nothing pending drops out of the mass-payment selector.
    const [third] = (await getterAccounts()).slice(2);
    await t.db.update(transactions).set({ status: 'PAID', operationCode: 'X', transactionDate: new Date() }).where(eq(transactions.accountId, third.accountId));
    const owed = await api.ok<{ id: number }[]>('GET', '/users?rolId=7&withPending=true', admin);
    expect(owed.map((g) => g.id)).toContain(second.userId);
    expect(owed.map((g) => g.id)).not.toContain(third.userId);
    // The history's selector: those paid at least once.
    expect((await api.ok<{ id: number }[]>('GET', '/users?rolId=7&withPaid=true', admin)).map((g) => g.id)).toContain(third.userId);
  });

  it('filters the pending and paid lists by Getter, alone or with the dates, the total that Getter’s only', async () => {
    const getters = await getterAccounts();
    const [mine, other] = [getters.at(-3)!, getters.at(-4)!];
    const owed = await debts(mine.accountId, ['11.11', '22.22'], new Date('2019-06-05T15:00:00Z'));
    const [paid] = await debts(mine.accountId, ['33.33']);
    await t.db.update(transactions).set({ status: 'PAID', operationCode: `OP-GETTER-${paid}`, transactionDate: new Date('2019-06-06T15:00:00Z') }).where(eq(transactions.id, paid));
    await debts(other.accountId, ['44.44'], new Date('2019-06-05T15:00:00Z'));

    for (const [path, status] of [['/transactions/pending', 'PENDING'], ['/transactions/payed', 'PAID']] as const) {
      const [all, own] = await Promise.all([
        api.ok<Page>('GET', `${path}?limit=1`, admin),
        api.ok<Page>('GET', `${path}?getterId=${mine.userId}&limit=1000`, admin),
      ]);
      expect(own.rows.length, path).toBeGreaterThan(0);
      for (const row of own.rows) expect(row, path).toMatchObject({ status, accounts: { id: mine.accountId, user: { id: mine.userId } } });
      // Every one of the Getter's, and what they add up to: not the whole list's total.
      const expected = await t.db.select().from(transactions).where(and(eq(transactions.accountId, mine.accountId), eq(transactions.status, status)));
      expect(own.rows.map((r) => r.id).sort(), path).toEqual(expected.map((r) => r.id).sort());
      expect(own.count, path).toBe(expected.length);
      expect(own.totalAmount, path).toBe(sumMoney(expected.map((r) => r.amount)));
      expect(own.count, path).toBeLessThan(all.count);
    }
    // With a date range: the Getter's within those days only (the other Getter's debt of the same day is not).
    const day = await api.ok<Page>('GET', `/transactions/pending?getterId=${mine.userId}&from=2019-06-05&to=2019-06-05`, admin);
    expect(day.rows.map((r) => r.id).sort()).toEqual([...owed].sort());
    expect(day).toMatchObject({ count: 2, totalAmount: '33.33' });
    const paidDay = await api.ok<Page>('GET', `/transactions/payed?getterId=${mine.userId}&from=2019-06-06&to=2019-06-06`, admin);
    expect(paidDay.rows.map((r) => r.id)).toEqual([paid]);
    expect(paidDay.totalAmount).toBe('33.33');
    // A page past the last one still carries the Getter's totals; a Getter id that is no id is refused in Spanish.
    expect(await api.ok<Page>('GET', `/transactions/pending?getterId=${mine.userId}&from=2019-06-05&to=2019-06-05&offset=10`, admin)).toMatchObject({ rows: [], count: 2, totalAmount: '33.33' });
    const bad = await api.call('GET', '/transactions/pending?getterId=abc', admin);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors.getterId).toEqual(expect.any(String));
  });

  it('finds a Getter by CUIT/CUIL, with or without dashes, for those who see it, and still by name', async () => {
    type Found = { id: number; fullName: string; profile?: { cuitCuil: string | null } };
    const [getter] = await t.db
      .select({ id: users.id, names: users.names, lastName: users.lastName, cuitCuil: getterProfiles.cuitCuil })
      .from(users)
      .innerJoin(getterProfiles, eq(getterProfiles.userId, users.id))
      .where(and(eq(users.rolId, ROLE.GETTER), eq(users.status, true)))
      .orderBy(asc(users.id))
      .limit(1);
    const cuit = getter.cuitCuil!;
    const digits = cuit.replace(/-/g, '');
    for (const q of [cuit.slice(0, 11), digits.slice(0, 10), digits.slice(2), cuit]) {
      const found = await api.ok<Found[]>('GET', `/users?rolId=7&q=${encodeURIComponent(q)}`, admin);
      expect(found.map((g) => g.id), q).toContain(getter.id);
      for (const g of found) expect(g.profile!.cuitCuil!.replace(/-/g, ''), q).toContain(q.replace(/-/g, ''));
    }
    const owed = await api.ok<Found[]>('GET', `/users?rolId=7&withPending=true&limit=51&q=${digits.slice(0, 10)}`, admin);
    for (const g of owed) expect(g.profile!.cuitCuil!.replace(/-/g, '')).toContain(digits.slice(0, 10));
    expect((await api.ok<Found[]>('GET', `/users?rolId=7&q=${encodeURIComponent(getter.lastName)}`, admin)).map((g) => g.id)).toContain(getter.id);
    // Staff who do not pay neither see the CUIT/CUIL nor find Getters by it.
    const { token: operaciones } = await t.login('operaciones@campo.test');
    expect(await api.ok<Found[]>('GET', `/users?rolId=7&q=${digits.slice(0, 10)}`, operaciones)).toEqual([]);
  });

  it('finds a Getter by the CUIT/CUIL’s digits when it was stored with dots or spaces', async () => {
    const [dotted, spaced] = await t.db
      .select({ id: users.id, cuitCuil: getterProfiles.cuitCuil })
      .from(users)
      .innerJoin(getterProfiles, eq(getterProfiles.userId, users.id))
      .where(and(eq(users.rolId, ROLE.GETTER), eq(users.status, true)))
      .orderBy(asc(users.id))
      .limit(2);
    const digitsOf = (cuit: string) => cuit.replace(/\D/g, '');
    const written = {
      [dotted.id]: digitsOf(dotted.cuitCuil!).replace(/^(\d{2})(\d{8})(\d)$/, '$1.$2.$3'),
      [spaced.id]: digitsOf(spaced.cuitCuil!).replace(/^(\d{2})(\d{8})(\d)$/, '$1 $2 $3'),
    };
    try {
      for (const [id, cuitCuil] of Object.entries(written)) await t.db.update(getterProfiles).set({ cuitCuil }).where(eq(getterProfiles.userId, Number(id)));
      for (const { id, cuitCuil } of [dotted, spaced]) {
        const digits = digitsOf(cuitCuil!);
        // Its digits, a run of them, and the CUIT/CUIL as the other Getters write it: each finds it as stored.
        for (const q of [digits, digits.slice(1, 9), cuitCuil!]) {
          const found = await api.ok<{ id: number; profile?: { cuitCuil: string | null } }[]>('GET', `/users?rolId=7&q=${encodeURIComponent(q)}`, admin);
          expect(found.find((g) => g.id === id)?.profile?.cuitCuil, q).toBe(written[id]);
        }
      }
    } finally {
      for (const { id, cuitCuil } of [dotted, spaced]) await t.db.update(getterProfiles).set({ cuitCuil }).where(eq(getterProfiles.userId, id));
    }
  });

  it('pages every sort as the whole list reads it, by its own columns and by the Getter’s or move’s', async () => {
    for (const [status, sort, order] of [
      ['pending', 'createdAt', 'ASC'],
      ['pending', 'amount', 'DESC'],
      ['pending', 'fullName', 'ASC'],
      ['pending', 'code', 'DESC'],
      ['payed', 'transactionDate', 'DESC'],
      ['payed', 'cuitCuil', 'ASC'],
    ]) {
      const list = `/transactions/${status}?sort=${sort}&order=${order}`;
      const whole = await api.ok<Page>('GET', `${list}&limit=12`, admin);
      const pages = await Promise.all([0, 4, 8].map((offset) => api.ok<Page>('GET', `${list}&offset=${offset}&limit=4`, admin)));
      expect(pages.flatMap((p) => p.rows), list).toEqual(whole.rows);
      for (const p of pages) expect(p.count, list).toBe(whole.count);
    }
  });

  it('sorts by approval date as the column shows it: a debt of no move by the day it was born', async () => {
    const [first] = await getterAccounts();
    const [old] = await debts(first.accountId, ['11.00'], new Date(Date.now() - 3 * 365 * DAY));
    const shownDate = (r: PaymentTransaction) => r.userMoves[0]?.finishAnalysisDate ?? r.createdAt;
    for (const order of ['ASC', 'DESC']) {
      const { rows } = await api.ok<Page>('GET', `/transactions/pending?sort=finishAnalysisDate&order=${order}&limit=1000`, admin);
      const dates = rows.map(shownDate);
      const sorted = [...dates].sort();
      expect(dates, order).toEqual(order === 'ASC' ? sorted : sorted.reverse());
      expect(rows.some((r) => r.id === old)).toBe(true);
    }
  });
});

describe('registering a payment', () => {
  it('pays one transaction: PAID with date, operation code and payer, audited', async () => {
    const [, , , fourth] = await getterAccounts();
    // The debt born a second before the payment's second (the console sends whole seconds; one born
    // within that second is later, and the payment would be kept at its birth: see 'refuses a payment dated before').
    const when = now();
    const [id] = await debts(fourth.accountId, ['1234.56'], new Date(Date.parse(when) - 1000));
    const answer = await api.ok<{ message: string; amount: string }>('PUT', '/accounts/pay', admin, {
      id: fourth.accountId,
      amount: '1234.56',
      penddingTransactionId: id,
      operationCode: 'OP-000123',
      transactionDate: when,
    });
    expect(answer).toMatchObject({ message: PAYMENT_TEXT.success, amount: '1234.56' });
    const [row] = await rowsOf([id]);
    expect(row).toMatchObject({ status: 'PAID', operationCode: 'OP-000123', paidBy: adminId });
    expect(row.transactionDate!.toISOString()).toBe(when);
    const audits = await t.db.select().from(auditLog).where(and(eq(auditLog.entity, 'transaction'), eq(auditLog.entityId, String(id))));
    expect(audits).toHaveLength(1);
    expect(audits[0]).toMatchObject({ userId: adminId, action: 'pay', detail: expect.objectContaining({ operationCode: 'OP-000123', amount: '1234.56' }) });

    const again = await api.call('PUT', '/accounts/pay', admin, { id: fourth.accountId, amount: '1234.56', penddingTransactionId: id, operationCode: 'OTRO', transactionDate: now() });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(PAYMENT_TEXT.alreadyPaid([`transacción ${id}`]));
    expect((await rowsOf([id]))[0].operationCode).toBe('OP-000123');
  });

  it('refuses with the dialog’s messages and changes nothing', async () => {
    const [, , , , fifth, sixth] = await getterAccounts();
    const [id] = await debts(fifth.accountId, ['500.00']);
    const good = { id: fifth.accountId, amount: '500.00', penddingTransactionId: id, operationCode: 'OP1', transactionDate: now() };
    const tomorrow = new Date(Date.now() + 2 * DAY).toISOString();
    const cases: [Record<string, unknown>, string, string, number?][] = [
      [{ operationCode: '' }, 'operationCode', 'Este campo es requerido.'],
      [{ operationCode: 'OP 1' }, 'operationCode', 'No debe contener espacios.'],
      [{ operationCode: undefined }, 'operationCode', 'Este campo es requerido.'],
      [{ transactionDate: tomorrow }, 'transactionDate', PAYMENT_TEXT.futureDate],
      [{ transactionDate: 'ayer' }, 'transactionDate', 'Formato de fecha inválido'],
      [{ amount: '499.99' }, 'amount', PAYMENT_TEXT.amountMismatch('500.00')],
      [{ amount: 0.1 + 0.2 }, 'amount', 'El monto ingresado es inválido'],
      [{ amount: '-500' }, 'amount', 'El monto ingresado es inválido'],
      [{ id: sixth.accountId }, 'penddingTransactionId', PAYMENT_TEXT.otherAccount],
    ];
    for (const [change, field, message] of cases) {
      const res = await api.call('PUT', '/accounts/pay', admin, { ...good, ...change });
      expect(res.statusCode, JSON.stringify(change)).toBe(400);
      expect(res.json().errors[field], JSON.stringify(change)).toBe(message);
    }
    const missing = await api.call('PUT', '/accounts/pay', admin, { ...good, penddingTransactionId: 2_000_000_000 });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe(PAYMENT_TEXT.notFound([2_000_000_000]));
    expect((await rowsOf([id]))[0]).toMatchObject({ status: 'PENDING', operationCode: null, transactionDate: null });
    // A day typed alone is taken at the current time; the amount may come as a number.
    const answer = await api.ok<{ transactionDate: string }>('PUT', '/accounts/pay', admin, { ...good, amount: 500, transactionDate: todayIso() });
    expect(todayIso(new Date(answer.transactionDate))).toBe(todayIso());
  });

  it('says what a payment sent by hand lacks: no data at all, or ids that are no list', async () => {
    for (const url of ['/accounts/pay', '/accounts/massive-pay']) {
      const empty = await api.call('PUT', url, admin);
      expect(empty.statusCode, url).toBe(400);
      expect(empty.json().message, url).toBe(NO_BODY);
      // Sent as JSON with nothing in it (what a client with an empty payload sends): the same words.
      const emptyJson = await t.app.inject({ method: 'PUT', url: `/api${url}`, headers: { ...t.authHeader(admin), 'content-type': 'application/json' }, payload: '' });
      expect(emptyJson.statusCode, url).toBe(400);
      expect(emptyJson.json().message, url).toBe(NO_BODY);
    }
    const [, , , , , , seventh] = await getterAccounts();
    const ids = await debts(seventh.accountId, ['100.00', '200.00']);
    const good = { id: seventh.accountId, amount: '300.00', operationCode: 'OP-LISTA', transactionDate: now() };
    const asText = await api.call('PUT', '/accounts/massive-pay', admin, { ...good, penddingTransactionIds: ids.join(',') });
    expect(asText.statusCode).toBe(400);
    expect(asText.json().errors.penddingTransactionIds).toBe('Debe ser una lista.');
    // Missing or empty, the list is the dialog's: nothing was selected.
    for (const penddingTransactionIds of [undefined, []]) {
      const none = await api.call('PUT', '/accounts/massive-pay', admin, { ...good, penddingTransactionIds });
      expect(none.json().errors.penddingTransactionIds).toBe(PAYMENT_TEXT.pickOne);
    }
    expect((await rowsOf(ids)).map((r) => r.status)).toEqual(['PENDING', 'PENDING']);
  });

  it('refuses a payment dated before the debt was born or after the current minute', async () => {
    const getter = (await getterAccounts())[10];
    // Born at 20:00 in Argentina ten days ago; another one twelve days ago.
    const bornDay = todayIso(new Date(Date.now() - 10 * DAY));
    const born = new Date(`${bornDay}T20:00:00-03:00`);
    const [id] = await debts(getter.accountId, ['300.00'], born);
    const [older] = await debts(getter.accountId, ['100.00'], new Date(born.getTime() - 2 * DAY));
    const good = { id: getter.accountId, amount: '300.00', penddingTransactionId: id, operationCode: 'OP-FECHA', transactionDate: now() };
    const dayBefore = todayIso(new Date(born.getTime() - DAY));
    const later = new Date(Date.now() + 2 * 60_000);
    for (const [transactionDate, message] of [
      ['1900-01-01', PAYMENT_TEXT.beforeDebt(bornDay)],
      [combineWithCurrentTime(dayBefore), PAYMENT_TEXT.beforeDebt(bornDay)],
      [later.toISOString(), todayIso(later) > todayIso() ? PAYMENT_TEXT.futureDate : PAYMENT_TEXT.futureTime],
    ]) {
      const res = await api.call('PUT', '/accounts/pay', admin, { ...good, transactionDate });
      expect(res.statusCode, transactionDate).toBe(400);
      expect(res.json().errors.transactionDate, transactionDate).toBe(message);
    }
    // A mass payment may not be dated before its newest debt's day, though the older one was owed then.
    const both = await api.call('PUT', '/accounts/massive-pay', admin, {
      ...good,
      amount: '400.00',
      penddingTransactionIds: [older, id],
      transactionDate: combineWithCurrentTime(dayBefore),
    });
    expect(both.statusCode).toBe(400);
    expect(both.json().errors.transactionDate).toBe(PAYMENT_TEXT.beforeDebt(bornDay));
    expect((await rowsOf([id, older])).map((r) => r.status)).toEqual(['PENDING', 'PENDING']);
    // The debt's own day counts by the day: 09:00 of it is accepted though the debt was born at 20:00,
    // and the payment is kept at 20:00, when the debt was born: never before what it pays.
    const receipt = await api.ok<{ transactionDate: string }>('PUT', '/accounts/pay', admin, { ...good, transactionDate: `${bornDay}T09:00:00-03:00` });
    expect(receipt.transactionDate).toBe(born.toISOString());
    expect((await rowsOf([id]))[0]).toMatchObject({ status: 'PAID', transactionDate: born });
  });

  it('pays several transactions of one Getter at once, summing exact decimals', async () => {
    const [, , , , , , seventh] = await getterAccounts();
    const amounts = ['0.10', '0.20', '1000.35', '2999.99'];
    const ids = await debts(seventh.accountId, amounts);
    expect(sumMoney(amounts)).toBe('4000.64');
    const answer = await api.ok<{ amount: string; transactionIds: number[] }>('PUT', '/accounts/massive-pay', admin, {
      id: seventh.accountId,
      amount: '4000.64',
      penddingTransactionIds: ids,
      operationCode: 'LOTE-77',
      transactionDate: now(),
    });
    expect(answer).toMatchObject({ amount: '4000.64', transactionIds: ids });
    const rows = await rowsOf(ids);
    for (const row of rows) expect(row).toMatchObject({ status: 'PAID', operationCode: 'LOTE-77' });
    expect(new Set(rows.map((r) => r.transactionDate!.toISOString())).size).toBe(1);
    const audits = await t.db.select().from(auditLog).where(and(eq(auditLog.entity, 'transaction'), eq(auditLog.action, 'massivePay'), inArray(auditLog.entityId, ids.map(String))));
    expect(audits).toHaveLength(4);
  });

  it('pays all or none: one already paid refuses the batch and names it', async () => {
    const [, , , , , , , eighth] = await getterAccounts();
    const ids = await debts(eighth.accountId, ['10.00', '20.00', '30.00']);
    await api.ok('PUT', '/accounts/pay', admin, { id: eighth.accountId, amount: '20.00', penddingTransactionId: ids[1], operationCode: 'UNO', transactionDate: now() });
    const res = await api.call('PUT', '/accounts/massive-pay', admin, { id: eighth.accountId, amount: '60.00', penddingTransactionIds: ids, operationCode: 'LOTE', transactionDate: now() });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(PAYMENT_TEXT.alreadyPaid([`transacción ${ids[1]}`]));
    const rows = await rowsOf(ids);
    expect(rows.map((r) => r.status)).toEqual(['PENDING', 'PAID', 'PENDING']);
    expect(rows.map((r) => r.operationCode)).toEqual([null, 'UNO', null]);
    const empty = await api.call('PUT', '/accounts/massive-pay', admin, { id: eighth.accountId, amount: '1', penddingTransactionIds: [], operationCode: 'X', transactionDate: now() });
    expect(empty.json().errors.penddingTransactionIds).toBe(PAYMENT_TEXT.pickOne);
  });

  it('names five of the transactions already paid and counts the rest, when a paid batch is sent again', async () => {
    const twelfth = (await getterAccounts())[11];
    const ids = await debts(twelfth.accountId, ['1.00', '2.00', '3.00', '4.00', '5.00', '6.00', '7.00', '8.00']);
    const batch = { id: twelfth.accountId, amount: '36.00', penddingTransactionIds: ids, operationCode: 'LOTE-8', transactionDate: now() };
    await api.ok('PUT', '/accounts/massive-pay', admin, batch);
    const again = await api.call('PUT', '/accounts/massive-pay', admin, batch);
    expect(again.statusCode).toBe(409);
    const named = ids.slice(0, 5).map((id) => `transacción ${id}`).join(', ');
    expect(again.json().message).toBe(`Ya fueron pagadas: ${named} y 3 más. No se registró ningún pago.`);
  });

  it('answers a payment sent again with its request key (its answer was lost) with the first receipt, paying once', async () => {
    const thirteenth = (await getterAccounts())[12];
    const ids = await debts(thirteenth.accountId, ['10.00', '15.50']);
    const batch = { id: thirteenth.accountId, amount: '25.50', penddingTransactionIds: ids, operationCode: 'REINTENTO-1', transactionDate: now() };
    const send = (body: unknown, key: string) =>
      t.app.inject({ method: 'PUT', url: '/api/accounts/massive-pay', headers: { ...t.authHeader(admin), 'idempotency-key': key }, payload: body as never });
    const first = await send(batch, 'pago-reenviado-0001');
    expect(first.statusCode, first.body).toBe(200);
    const again = await send(batch, 'pago-reenviado-0001');
    expect([again.statusCode, again.json()]).toEqual([200, first.json()]);
    const audits = await t.db.select().from(auditLog).where(and(eq(auditLog.entity, 'transaction'), inArray(auditLog.entityId, ids.map(String))));
    expect(audits).toHaveLength(2);
    expect((await rowsOf(ids)).map((r) => [r.status, r.operationCode])).toEqual([
      ['PAID', 'REINTENTO-1'],
      ['PAID', 'REINTENTO-1'],
    ]);
    // Another key is another payment: those are paid already.
    expect((await send(batch, 'pago-reenviado-0002')).statusCode).toBe(409);
    // The same key with other data does nothing.
    const [single] = await debts(thirteenth.accountId, ['7.00']);
    const other = await send({ ...batch, amount: '7.00', penddingTransactionIds: [single] }, 'pago-reenviado-0001');
    expect(other.statusCode).toBe(422);
    expect((await rowsOf([single]))[0].status).toBe('PENDING');
  });

  it('refuses an operation number already registered for another Getter’s payment (409 naming it, on the field), and lets the same Getter use it again', async () => {
    const [mine, theirs] = (await getterAccounts()).slice(13, 15);
    const [first, again] = await debts(mine.accountId, ['100.00', '50.00']);
    const [other, otherToo] = await debts(theirs.accountId, ['70.00', '30.00']);
    const code = 'TRF-DUPLICADA-1';
    const when = now();
    await api.ok('PUT', '/accounts/pay', admin, { id: mine.accountId, amount: '100.00', penddingTransactionId: first, operationCode: code, transactionDate: when });
    const [owner] = await t.db.select({ fullName: sql<string>`trim(${users.names} || ' ' || ${users.lastName})` }).from(users).where(eq(users.id, mine.userId));
    const message = PAYMENT_TEXT.operationCodeTaken(code, { fullName: owner.fullName, transactionId: first, transactionDate: when });
    expect(message).toBe(`El número de operación ${code} ya está registrado en el pago a ${owner.fullName} (transacción ${first}, del ${formatDisplayDate(todayIso())}): una transferencia es a una sola cuenta. Revise el número. No se registró ningún pago.`);
    for (const [path, body] of [
      ['/accounts/pay', { id: theirs.accountId, amount: '70.00', penddingTransactionId: other, operationCode: code, transactionDate: now() }],
      ['/accounts/massive-pay', { id: theirs.accountId, amount: '100.00', penddingTransactionIds: [other, otherToo], operationCode: code, transactionDate: now() }],
    ] as const) {
      const res = await api.call('PUT', path, admin, body);
      expect([res.statusCode, res.json()], path).toEqual([409, { message, errors: { operationCode: message } }]);
    }
    expect((await rowsOf([other, otherToo])).map((r) => [r.status, r.operationCode])).toEqual([
      ['PENDING', null],
      ['PENDING', null],
    ]);
    // The same Getter's transfer may pay more of its transactions, registered apart.
    await api.ok('PUT', '/accounts/pay', admin, { id: mine.accountId, amount: '50.00', penddingTransactionId: again, operationCode: code, transactionDate: now() });
    expect((await rowsOf([first, again])).map((r) => [r.status, r.operationCode])).toEqual([
      ['PAID', code],
      ['PAID', code],
    ]);
    await api.ok('PUT', '/accounts/massive-pay', admin, { id: theirs.accountId, amount: '100.00', penddingTransactionIds: [other, otherToo], operationCode: 'TRF-DUPLICADA-2', transactionDate: now() });
  });

  it('pays each transaction once when two mass payments race over the same ones', async () => {
    const [, , , , , , , , ninth] = await getterAccounts();
    const ids = await debts(ninth.accountId, ['150.50', '249.50', '100.00']);
    const body = (code: string) => ({ id: ninth.accountId, amount: '500.00', penddingTransactionIds: ids, operationCode: code, transactionDate: now() });
    const answers = await Promise.all([api.call('PUT', '/accounts/massive-pay', admin, body('CARRERA-A')), api.call('PUT', '/accounts/massive-pay', admin, body('CARRERA-B'))]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    const winner = answers.find((a) => a.statusCode === 200)!.json().operationCode as string;
    const loser = answers.find((a) => a.statusCode === 409)!;
    expect(loser.json().message).toMatch(/^Ya fueron pagadas: transacción \d+/);
    const rows = await rowsOf(ids);
    for (const row of rows) expect(row).toMatchObject({ status: 'PAID', operationCode: winner });
    const audits = await t.db.select().from(auditLog).where(and(eq(auditLog.entity, 'transaction'), inArray(auditLog.entityId, ids.map(String))));
    expect(audits).toHaveLength(3);
    expect(new Set(audits.map((a) => (a.detail as { operationCode: string }).operationCode))).toEqual(new Set([winner]));
  });
});

describe.runIf(inject('postgresServer') !== null)('on PostgreSQL, a payment that lands between our read and our write', () => {
  // PGlite has one connection, so no other transaction can hold a row: this one runs on PostgreSQL.
  let onPglite: TestApp | undefined;
  beforeAll(async () => {
    if (inject('campoDatabase').kind === 'postgres') return;
    onPglite = t;
    t = await createTestApp({}, { postgres: true });
    api = caller(t);
    admin = (await t.login('admin@campo.test')).token;
  }, 60_000);
  afterAll(async () => {
    if (!onPglite) return;
    await t.close();
    t = onPglite;
    api = caller(t);
    admin = (await t.login('admin@campo.test')).token;
  });

  /** Runs `change` in a transaction that holds its row locks until our payment waits for them, then commits it. */
  async function whilePaying(change: (tx: Parameters<Parameters<typeof t.db.transaction>[0]>[0]) => Promise<unknown>, payment: () => ReturnType<typeof api.call>) {
    let commit!: () => void;
    const held = new Promise<void>((resolve) => (commit = resolve));
    let changed!: () => void;
    const holding = new Promise<void>((resolve) => (changed = resolve));
    const other = t.db.transaction(async (tx) => {
      await change(tx);
      changed();
      await held;
    });
    // Only once the other transaction holds its locks (a fixed pause lost the race on a loaded machine).
    await holding;
    const ours = payment();
    await untilSomeoneWaitsOnALock(t.db, () => new Error('Our payment never waited for the other transaction'));
    commit();
    await other;
    return ours;
  }

  it('finds a transaction a disapproval removed meanwhile no longer pending (404, in the words of the screen, which shows moves and not transaction ids), not "already paid", and pays nothing', async () => {
    const [, , , , , , , , , tenth] = await getterAccounts();
    const ids = await debts(tenth.accountId, ['4.00', '5.00']);
    const res = await whilePaying(
      (tx) => tx.delete(transactions).where(eq(transactions.id, ids[1])),
      () => api.call('PUT', '/accounts/massive-pay', admin, { id: tenth.accountId, amount: '9.00', penddingTransactionIds: ids, operationCode: 'NUESTRO', transactionDate: now() }),
    );
    expect([res.statusCode, res.json().message]).toEqual([404, PAYMENT_TEXT.notFound([ids[1]])]);
    expect((await rowsOf(ids)).map((r) => r.status)).toEqual(['PENDING']);
  });

  it('refuses an operation number another Getter’s payment, not yet committed, is registering: ours waits for it, then 409', async () => {
    const [mine, theirs] = (await getterAccounts()).slice(15, 17);
    const [first] = await debts(mine.accountId, ['10.00']);
    const [other] = await debts(theirs.accountId, ['20.00']);
    const [payer] = await t.db.select({ id: users.id }).from(users).where(eq(users.email, 'admin@campo.test'));
    const code = 'TRF-CARRERA-1';
    const order = { accountId: mine.accountId, amount: '10.00', transactionIds: [first], operationCode: code, transactionDate: new Date(), massive: false };
    const res = await whilePaying(
      (tx) => registerPayment(tx, { id: payer.id, rol: ROLE.ADMIN, clientId: null }, order),
      () => api.call('PUT', '/accounts/pay', admin, { id: theirs.accountId, amount: '20.00', penddingTransactionId: other, operationCode: code, transactionDate: now() }),
    );
    expect([res.statusCode, res.json().errors]).toEqual([409, { operationCode: expect.stringMatching(`^El número de operación ${code} ya está registrado en el pago a .* \\(transacción ${first}, `) }]);
    expect((await rowsOf([first, other])).map((r) => [r.status, r.operationCode])).toEqual([
      ['PAID', code],
      ['PENDING', null],
    ]);
  });

  it('is read as paid once it commits (our read waits for it): 409, and the batch is rolled back', async () => {
    const [, , , , , , , , , tenth] = await getterAccounts();
    const ids = await debts(tenth.accountId, ['1.00', '2.00', '3.00']);
    // Another payment of the middle one, not yet committed: our read waits for it, and reads it paid.
    const res = await whilePaying(
      (tx) => tx.update(transactions).set({ status: 'PAID', operationCode: 'OTRO-PAGO', transactionDate: new Date() }).where(eq(transactions.id, ids[1])),
      () => api.call('PUT', '/accounts/massive-pay', admin, { id: tenth.accountId, amount: '6.00', penddingTransactionIds: ids, operationCode: 'NUESTRO', transactionDate: now() }),
    );
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(PAYMENT_TEXT.alreadyPaid([`transacción ${ids[1]}`]));
    const rows = await rowsOf(ids);
    expect(rows.map((r) => [r.status, r.operationCode])).toEqual([
      ['PENDING', null],
      ['PAID', 'OTRO-PAGO'],
      ['PENDING', null],
    ]);
  });
});

describe('the totals of a list', () => {
  // Read from the day totals the triggers keep (migration 0004): they must be what the transactions sum.
  const direct = async (status: string, from?: string, to?: string) => {
    const day = sql`(case when status = 'PAID' then transaction_date else created_at end at time zone 'America/Argentina/Buenos_Aires')::date`;
    const [row] = (
      (await t.db.execute(
        sql`select count(*)::int as count, coalesce(sum(amount), 0)::numeric(20,2)::text as "totalAmount" from transactions
          where status = ${status} ${from && to ? sql`and ${day} between ${from}::date and ${to}::date` : sql``}`,
      )) as unknown as { rows: { count: number; totalAmount: string }[] }
    ).rows;
    return { count: Number(row.count), totalAmount: row.totalAmount };
  };
  const listed = async (path: string, from?: string, to?: string) => {
    const page = await api.ok<Page>('GET', `${path}?limit=1${from && to ? `&from=${from}&to=${to}` : ''}`, admin);
    return { count: page.count, totalAmount: page.totalAmount };
  };
  const agree = async () => {
    const today = todayIso();
    const monthAgo = new Date(Date.now() - 30 * DAY).toISOString().slice(0, 10);
    for (const [path, status] of [['/transactions/pending', 'PENDING'], ['/transactions/payed', 'PAID']] as const) {
      expect(await listed(path), path).toEqual(await direct(status));
      expect(await listed(path, monthAgo, today), `${path} last month`).toEqual(await direct(status, monthAgo, today));
      expect(await listed(path, today, today), `${path} today`).toEqual(await direct(status, today, today));
    }
  };

  it('are what the transactions sum, whole and by days, through new debts, payments, changes and deletions', async () => {
    await agree();
    const [{ accountId }] = (await getterAccounts()).slice(-1);
    const ids = await debts(accountId, ['100.10', '200.20', '0.70']);
    await debts(accountId, ['55.55'], new Date(Date.now() - 3 * DAY));
    await agree();
    await t.db.update(transactions).set({ status: 'PAID', transactionDate: new Date(), operationCode: 'OP-TOT' }).where(inArray(transactions.id, ids.slice(0, 2)));
    await agree();
    await t.db.update(transactions).set({ amount: '300.30' }).where(eq(transactions.id, ids[2]));
    await t.db.update(transactions).set({ operationCode: 'OP-TOT-2' }).where(eq(transactions.id, ids[0]));
    await agree();
    await t.db.delete(transactions).where(inArray(transactions.id, ids));
    await agree();
  });

  it('hold the largest amounts a project’s price allows: 150 debts of $ 9.999.999.999,99 on one day', async () => {
    const [{ accountId, userId }] = (await getterAccounts()).slice(-2);
    const ids = await debts(accountId, Array.from({ length: 150 }, () => '9999999999.99'));
    await agree();
    const owed = await api.ok<Page>('GET', `/transactions/by-getter?getterId=${userId}&transactionType=PENDING&limit=1`, admin);
    expect(owed.count).toBeGreaterThanOrEqual(150);
    expect(BigInt(owed.totalAmount.replace('.', ''))).toBeGreaterThanOrEqual(149_999_999_999_850n);
    await t.db.delete(transactions).where(inArray(transactions.id, ids));
    await agree();
  });
});

describe('who may pay', () => {
  it('admits administración and cuentas, and refuses operaciones and clients with 403', async () => {
    const [first] = await getterAccounts();
    const [id] = await debts(first.accountId, ['77.00']);
    const { token: cuentas } = await t.login('cuentas@campo.test');
    const { token: administracion } = await t.login('administracion@campo.test');
    expect((await api.call('GET', '/transactions/pending', administracion)).statusCode).toBe(200);
    expect((await api.call('GET', '/users?rolId=7&withPending=true', cuentas)).statusCode).toBe(200);
    for (const email of ['operaciones@campo.test', 'cliente@campo.test']) {
      const { token } = await t.login(email);
      for (const [method, url] of [
        ['GET', '/transactions/pending'],
        ['GET', '/transactions/payed'],
        ['GET', `/transactions/by-getter?getterId=${first.userId}`],
        // Who is owed money, or was paid, through the Getter picker's filters.
        ['GET', '/users?rolId=7&withPending=true'],
        ['GET', '/users?rolId=7&withPaid=true'],
      ] as const) {
        const res = await api.call(method, url, token);
        expect(res.statusCode, `${email} ${url}`).toBe(403);
      }
      const res = await api.call('PUT', '/accounts/pay', token, { id: first.accountId, amount: '77.00', penddingTransactionId: id, operationCode: 'X', transactionDate: now() });
      expect(res.statusCode, email).toBe(403);
    }
    expect((await rowsOf([id]))[0].status).toBe('PENDING');
    await api.ok('PUT', '/accounts/pay', cuentas, { id: first.accountId, amount: '77.00', penddingTransactionId: id, operationCode: 'CTA-1', transactionDate: now() });
    expect((await rowsOf([id]))[0]).toMatchObject({ status: 'PAID', operationCode: 'CTA-1' });
  });

  it('seeds every Getter a payment profile with a valid CUIT/CUIL', async () => {
    const profiles = await t.db.select().from(getterProfiles);
    expect(profiles.length).toBeGreaterThan(10);
    for (const p of profiles) {
      const digits = p.cuitCuil!.replace(/-/g, '');
      const weights = [5, 4, 3, 2, 7, 6, 5, 4, 3, 2];
      const sum = weights.reduce((s, w, i) => s + w * Number(digits[i]), 0);
      const check = (11 - (sum % 11)) % 11;
      expect(Number(digits[10]), p.cuitCuil!).toBe(check);
    }
  });
});
