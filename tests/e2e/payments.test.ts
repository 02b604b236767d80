/**
 * A payer's day: find a Getter by CUIT/CUIL, tick their pending transactions, see the count and
 * total, have a future or too early payment date refused, see a payment made elsewhere meanwhile
 * refused and leave the selection, register the payment and find it in the history; on a 1024 px
 * window, the pending list stays within the screen.
 */
import { readFileSync } from 'node:fs';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import * as XLSX from 'xlsx';
import type { AnsweredQuestionnaire, MoveDetail } from '../../domain/move-api';
import { formatPesos, sumMoney } from '../../domain/money';
import { MASSIVE_PAY_MAX, newestDebtDay, PAYMENT_TEXT, type PaymentTransaction } from '../../domain/payments';
import { ROLE } from '../../domain/roles';
import { formatDisplayDate, todayIso } from '../../domain/validation';
import { completeSend } from '../api/moves-helpers';
import { atPath, baseUrl, chromiumPerFile, DEMO_PASSWORD, gone, holdRequests, linesOf, loginAs, openMenu, type Session, setChecked, shown, PAGER_SUMMARY } from './helpers';

const chromium = chromiumPerFile();
let session: Session | undefined;

async function api<T>(path: string, method = 'GET', body?: unknown): Promise<T> {
  const login = await fetch(`${baseUrl()}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: 'admin@campo.test', password: DEMO_PASSWORD }) });
  const { token } = (await login.json()) as { token: string };
  const headers = { authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) };
  const res = await fetch(`${baseUrl()}/api${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  if (!res.ok) throw new Error(`${path} answered ${res.status}`);
  return (await res.json()) as T;
}

/** Pays a transaction elsewhere (another payer, another tab), as the screen does not know. */
const payElsewhere = (t: PaymentTransaction) =>
  api('/accounts/pay', 'PUT', { id: t.accounts.id, amount: t.amount, penddingTransactionId: t.id, operationCode: `OTRO-${t.id}`, transactionDate: new Date().toISOString() });

/** The pending transactions, oldest first; a Getter with a CUIT/CUIL owed at least three of moves, and three of them. */
async function pendingAndGetter(): Promise<{ rows: PaymentTransaction[]; name: string; cuit: string; debts: PaymentTransaction[]; stale: PaymentTransaction }> {
  const { rows } = await api<{ rows: PaymentTransaction[] }>('/transactions/pending?limit=1000');
  const byGetter = new Map<number, PaymentTransaction[]>();
  for (const row of rows.filter((r) => r.userMoves.length && r.accounts.user.profile.cuitCuil)) byGetter.set(row.accounts.user.id, [...(byGetter.get(row.accounts.user.id) ?? []), row]);
  const debts = [...byGetter.values()].find((list) => list.length >= 3);
  if (!debts) throw new Error('The demo has no Getter with three pending transactions');
  const { fullName, profile } = debts[0].accounts.user;
  return { rows, name: fullName, cuit: profile.cuitCuil!, debts: debts.slice(0, 2), stale: debts[2] };
}

/**
 * Whether this file may disapprove a debt's move: not a recent visit with a certificate (80 % or more) at a
 * franchise user's point of sale, whose levels the client-side tests read in the same world when they run
 * after this file.
 */
async function mayDisapprove(debt: PaymentTransaction): Promise<boolean> {
  const move = await resultOf(debt.userMoves[0].id);
  // Nor a visit with no result (every scored answer N/A): the client side counts the opening check's one.
  if (move.questionnaireResult !== null && move.questionnaireResult < 0) return false;
  const approved = debt.userMoves[0]?.finishAnalysisDate;
  if (!approved || Date.parse(approved) < Date.now() - 60 * 86_400_000) return true;
  if ((move.questionnaireResult ?? 0) < 80) return true;
  const location = await api<{ owner: { id: number } | null }>(`/locations/${move.projectLocation.locations.id}`);
  return location.owner === null;
}

/** A move's result and point of sale, read once: what `mayDisapprove` asks of every pending debt's move. */
const readMoves = new Map<number, Promise<MoveDetail>>();
function resultOf(id: number): Promise<MoveDetail> {
  if (!readMoves.has(id)) readMoves.set(id, api<MoveDetail>(`/user-moves/get?id=${id}`));
  return readMoves.get(id)!;
}

/** The debts of approved moves this file may disapprove (`mayDisapprove`), in their order. */
async function disapprovable(rows: PaymentTransaction[]): Promise<PaymentTransaction[]> {
  const may: PaymentTransaction[] = [];
  for (const row of rows) if (row.userMoves[0]?.status === 'APROBADA' && (await mayDisapprove(row))) may.push(row);
  return may;
}

/** The Getters owed for approved moves, each with its pending transactions; the last listed first (others' tests take the first). */
async function owedForApproved(): Promise<PaymentTransaction[][]> {
  const { rows } = await api<{ rows: PaymentTransaction[] }>('/transactions/pending?limit=1000');
  const byGetter = new Map<number, PaymentTransaction[]>();
  for (const row of await disapprovable(rows)) byGetter.set(row.accounts.user.id, [...(byGetter.get(row.accounts.user.id) ?? []), row]);
  return [...byGetter.values()].reverse();
}

/** 'Pago masivo' of the Getter `name` as a payer, its transactions listed and those of `ticked` ticked. */
async function massivePaymentOf(name: string, ticked: PaymentTransaction[]): Promise<Session> {
  session = await chromium.open();
  const { page } = session;
  await loginAs(page, 'administracion@campo.test', { at: '/payment-administration/massive' });
  const getter = page.getByRole('combobox', { name: 'Getter' });
  await getter.click();
  await getter.fill(name);
  await page.getByRole('option', { name: new RegExp(`^${name}`) }).first().click();
  await gone(page.getByRole('progressbar', { name: 'Cargando' }));
  for (const d of ticked) await setChecked(page.getByRole('checkbox', { name: `Seleccionar ${d.userMoves[0].code}`, exact: true }), true);
  return session;
}

/** As administración on the mass payment: the Getter found by its CUIT, and its first debt ticked for a batch. */
async function batchOfFirstDebt(page: Page, name: string, cuit: string, debts: PaymentTransaction[]): Promise<void> {
  await loginAs(page, 'administracion@campo.test', { at: '/payment-administration/massive' });
  const getter = page.getByRole('combobox', { name: 'Getter' });
  await getter.click();
  await getter.fill(cuit.replace(/-/g, '').slice(0, 10));
  await page.getByRole('option', { name: new RegExp(`^${name}`) }).first().click();
  await setChecked(page.getByRole('checkbox', { name: `Seleccionar ${debts[0].userMoves[0].code}`, exact: true }), true);
}

/**
 * A debt's move disapproved, republished, done again by its Getter and approved: the copy's code and its
 * pending debt. Only for a move with an agent, of a project still running (the copy is approved then).
 */
async function approvedCopyOf(debt: PaymentTransaction): Promise<{ code: string; debt: PaymentTransaction }> {
  const move = await api<MoveDetail>(`/user-moves/get?id=${debt.userMoves[0].id}`);
  await api('/user-moves/disapprove-one', 'POST', { id: move.id, reason: 'El cliente objetó la visita.' });
  const copy = await api<MoveDetail>('/user-moves/republish-move', 'POST', { id: move.id });
  const answered = await api<AnsweredQuestionnaire>(`/questionnaires-replyeds/get?userMoveId=${copy.id}`);
  // The demo's Getters log in as their name's letters, dotted (server/db/seed/people.ts).
  const email = `${move.user!.fullName.normalize('NFD').replace(/[\u0300-\u036f]/g, '').toLowerCase().replace(/[^a-z0-9]+/g, '.')}@getters.campo.test`;
  const login = await fetch(`${baseUrl()}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email, password: DEMO_PASSWORD }) });
  const { token } = (await login.json()) as { token: string };
  const sent = await fetch(`${baseUrl()}/api/user-moves/submit`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ id: copy.id, replies: completeSend(answered.questionnaire.dimensions) }),
  });
  expect(sent.status, await sent.text()).toBe(200);
  await api('/user-moves', 'PUT', { id: copy.id, assignedAgentId: move.assignedAgentId });
  // A Dropbox link as the demo's own (dl=0): a copy dated today leads its report, whose video the client side reads.
  await api('/user-moves/accept-one', 'POST', { id: copy.id, userMoveVideoLink: 'https://www.dropbox.com/s/e2e/visita.mp4?dl=0' });
  const { rows } = await api<{ rows: PaymentTransaction[] }>(`/transactions/by-getter?getterId=${debt.accounts.user.id}&transactionType=PENDING&limit=1000`);
  return { code: copy.code, debt: rows.find((r) => r.userMoves[0]?.id === copy.id)! };
}

/** Whether a debt's move can be republished and its copy approved (an agent, a project still running). */
async function copyable(debt: PaymentTransaction): Promise<boolean> {
  const move = await api<MoveDetail>(`/user-moves/get?id=${debt.userMoves[0].id}`);
  return move.assignedAgentId !== null && move.rescueUserId === null && (move.projectLocation.projects.endDate ?? '9999') >= todayIso();
}

/** A Getter's owed debt whose move can be copied (`copyable`), and another debt of the same Getter. */
async function originalAndAnother(): Promise<{ original: PaymentTransaction; other: PaymentTransaction }> {
  for (const list of await owedForApproved()) {
    if (list.length < 2) continue;
    for (const original of list) if (await copyable(original)) return { original, other: list.find((d) => d.id !== original.id)! };
  }
  throw new Error('La demostración no tiene un Getter con dos deudas, una de ellas de una move que se pueda copiar');
}

async function listLoaded(page: Page): Promise<void> {
  await shown(page.getByText(PAGER_SUMMARY));
  await gone(page.getByRole('progressbar', { name: 'Cargando' }));
}

describe('payments to Getters', () => {
  it('filters the pending and the paid lists by Getter: only that Getter’s rows remain, and the total is theirs', async () => {
    type Totals = { rows: PaymentTransaction[]; count: number; totalAmount: string };
    const { name, cuit, debts } = await pendingAndGetter();
    const getterId = debts[0].accounts.user.id;
    session = await chromium.open();
    const { page, errors } = session;
    await loginAs(page, 'administracion@campo.test', { at: '/payment-administration/pending' });
    await shown(page.getByRole('heading', { name: 'Administracion de pagos a Getters' }));
    await listLoaded(page);
    const names = () => page.locator('tbody tr td:nth-child(1)').allInnerTexts();
    const whole = await api<Totals>('/transactions/pending?limit=1');
    expect(whole.count).toBeGreaterThan(10);
    expect(new Set(await names()).size).toBeGreaterThan(1);

    /** Chooses a Getter in the list's picker, found by the CUIT/CUIL's digits as in the mass payment. */
    const choose = async (fullName: string, cuitCuil: string) => {
      const getter = page.getByRole('combobox', { name: 'Getter' });
      await getter.click();
      await getter.fill(cuitCuil.replace(/-/g, '').slice(0, 10));
      await page.getByRole('option', { name: new RegExp(`^${fullName}`) }).first().click();
    };
    // Dates typed but not applied (no FILTRAR) when the Getter is chosen: the list applies none, and so
    // the fields say, not a range the rows on screen do not follow.
    await page.getByLabel('Desde').fill('01/01/2001');
    await page.getByLabel('Hasta').fill('31/01/2001');
    await choose(name, cuit);
    const own = await api<Totals>(`/transactions/pending?getterId=${getterId}&limit=1`);
    expect(own.count).toBeGreaterThanOrEqual(3);
    await shown(page.getByText(PAYMENT_TEXT.filterTotal(own.count, own.totalAmount), { exact: true }));
    await listLoaded(page);
    await expect.poll(names).toEqual(Array.from({ length: Math.min(own.count, 10) }, () => name));
    await expect.poll(() => Promise.all([page.getByLabel('Desde').inputValue(), page.getByLabel('Hasta').inputValue()])).toEqual(['', '']);
    // The dates narrow that Getter's, not the whole list's: a range with none of theirs leaves none.
    await page.getByLabel('Desde').fill('01/01/2001');
    await page.getByLabel('Hasta').fill('31/01/2001');
    await page.getByRole('button', { name: 'FILTRAR' }).click();
    await shown(page.getByText(PAYMENT_TEXT.noMatch));
    await page.getByRole('button', { name: 'LIMPIAR FECHAS' }).click();
    await shown(page.getByText(PAYMENT_TEXT.filterTotal(own.count, own.totalAmount), { exact: true }));

    // The history, of a Getter paid before: their payments only, and what they add up to.
    await page.getByRole('button', { name: 'VER HISTORIAL DE PAGOS' }).click();
    await atPath(page, '/payment-administration/history');
    await listLoaded(page);
    // It opens on the Getter the pending list showed (it showed everyone's: 190 under a list of 6).
    const ownPaid = await api<Totals>(`/transactions/payed?getterId=${getterId}&limit=1`);
    await shown(ownPaid.count ? page.getByText(PAYMENT_TEXT.filterTotal(ownPaid.count, ownPaid.totalAmount), { exact: true }) : page.getByText(PAYMENT_TEXT.noMatch));
    expect(decodeURIComponent(new URL(page.url()).search)).toContain(`"getterId":${getterId}`);
    await expect.poll(() => page.getByRole('combobox', { name: 'Getter' }).inputValue()).toContain(name);
    const [paid] = (await api<Totals>('/transactions/payed?limit=1')).rows;
    const payee = paid.accounts.user;
    const paidOwn = await api<Totals>(`/transactions/payed?getterId=${payee.id}&limit=1`);
    const paidWhole = await api<Totals>('/transactions/payed?limit=1');
    expect(paidOwn.count).toBeLessThan(paidWhole.count);
    /** 'Todos': every Getter's again, and the whole total. */
    const everyGetter = async () => {
      const getter = page.getByRole('combobox', { name: 'Getter' });
      await getter.click();
      await getter.fill('');
      await page.getByRole('option', { name: 'Todos', exact: true }).click();
      await shown(page.getByText(PAYMENT_TEXT.filterTotal(paidWhole.count, paidWhole.totalAmount), { exact: true }));
    };
    // A Getter who has left the platform since, or was made staff: their payments stay in the history, and its
    // filter finds them (made Operaciones, the filter offered nobody: 'Sin resultados').
    // The page read again after each change: the picker keeps for a while the Getters it found.
    for (const [leave, back] of [
      [{ path: '/web-users/state', body: { id: payee.id, status: false } }, { path: '/web-users/state', body: { id: payee.id, status: true } }],
      [{ path: '/web-users', body: { id: payee.id, rolId: ROLE.OPERATIONS } }, { path: '/web-users', body: { id: payee.id, rolId: ROLE.GETTER } }],
    ] as const) {
      await api(leave.path, 'PUT', leave.body);
      try {
        await page.reload();
        await listLoaded(page);
        await choose(payee.fullName, payee.profile.cuitCuil!);
        await shown(page.getByText(PAYMENT_TEXT.filterTotal(paidOwn.count, paidOwn.totalAmount), { exact: true }));
        await listLoaded(page);
        await expect.poll(names).toEqual(Array.from({ length: Math.min(paidOwn.count, 10) }, () => payee.fullName));
        // The one who left says so where the picker names them (its CUIT/CUIL after).
        if ('status' in leave.body) await expect.poll(() => page.getByRole('combobox', { name: 'Getter' }).inputValue()).toBe(`${payee.fullName} (inactivo) (${payee.profile.cuitCuil})`);
      } finally {
        await api(back.path, 'PUT', back.body);
      }
      await everyGetter();
    }
    errors.assertNone();
  });

  it('says so when a Getter is owed more transactions than one payment takes, and lists the oldest', async () => {
    const { name, cuit } = await pendingAndGetter();
    session = await chromium.open();
    const { page, errors } = session;
    await loginAs(page, 'administracion@campo.test', { at: '/payment-administration/massive' });
    // The server's answer as it would be for a Getter owed 1,500: its first page, and the whole count.
    let listed = 0;
    await page.route('**/api/transactions/by-getter**', async (route) => {
      const answer = await route.fetch();
      const body = (await answer.json()) as { rows: PaymentTransaction[]; count: number };
      listed = body.rows.length;
      await route.fulfill({ response: answer, json: { ...body, count: 1500 } });
    });
    const getter = page.getByRole('combobox', { name: 'Getter' });
    await getter.click();
    await getter.fill(cuit.replace(/-/g, '').slice(0, 10));
    await page.getByRole('option', { name: new RegExp(`^${name}`) }).first().click();
    await expect.poll(() => listed).toBeGreaterThan(0);
    await shown(page.getByRole('status').filter({ hasText: PAYMENT_TEXT.moreThanShown(listed, 1500) }));
    expect(PAYMENT_TEXT.moreThanShown(1000, 1500)).toBe(
      'Este Getter tiene 1.500 transacciones pendientes: se muestran las 1.000 más antiguas, el máximo de un pago. Pague estas y vuelva a elegirlo para las demás.',
    );
    errors.assertNone();
  });

  it('counts a full payment of 1,000 transactions as the dialog does: "1.000", with a dot, in the selection and on its badge', async () => {
    const { name, cuit } = await pendingAndGetter();
    session = await chromium.open();
    const { page, errors } = session;
    await loginAs(page, 'cuentas@campo.test', { at: '/payment-administration/massive' });
    // The server's answer as it would be for a Getter owed exactly the 1,000 one payment takes.
    await page.route('**/api/transactions/by-getter**', async (route) => {
      const answer = await route.fetch();
      const body = (await answer.json()) as { rows: PaymentTransaction[]; count: number };
      const rows = Array.from({ length: MASSIVE_PAY_MAX }, (_, i) => ({ ...body.rows[i % body.rows.length], id: 1_000_000 + i, amount: '4500.00' }));
      await route.fulfill({ response: answer, json: { rows, count: MASSIVE_PAY_MAX } });
    });
    const getter = page.getByRole('combobox', { name: 'Getter' });
    await getter.click();
    await getter.fill(cuit.replace(/-/g, '').slice(0, 10));
    await page.getByRole('option', { name: new RegExp(`^${name}`) }).first().click();
    await setChecked(page.getByRole('checkbox', { name: 'Seleccionar todas' }), true);
    await shown(page.getByRole('status', { name: 'Selección' }).getByText(`1.000 transacciones seleccionadas · Total ${formatPesos('4500000.00')}`));
    // The badge on 'Registrar pago' says the same number, not '999+'.
    await shown(page.locator('.MuiBadge-badge').filter({ hasText: /^1\.000$/ }));
    await page.getByRole('button', { name: PAYMENT_TEXT.register }).click();
    await shown(page.getByRole('dialog', { name: PAYMENT_TEXT.register }).getByText(/1\.000 transacciones/));
    errors.assertNone();
  });

  it('registers a mass payment of two transactions and shows it in the history', async () => {
    const { rows, name, cuit, debts, stale } = await pendingAndGetter();
    const codes = debts.map((d) => d.userMoves[0].code);
    session = await chromium.open({ viewport: { width: 1024, height: 800 } });
    const { page } = session;
    await loginAs(page, 'administracion@campo.test');
    await openMenu(page, 'Moves', 'Pagar');
    await atPath(page, '/payment-administration/pending');
    await shown(page.getByRole('heading', { name: 'Administracion de pagos a Getters' }));
    await listLoaded(page);
    // What every pending transaction adds up to, not only this page's.
    const totalLine = async () => {
      const totals = await api<{ count: number; totalAmount: string }>('/transactions/pending?limit=1');
      return PAYMENT_TEXT.filterTotal(totals.count, totals.totalAmount);
    };
    await shown(page.getByText(await totalLine()));
    // The pending debts go to Excel too: every one of the filter, what they add up to, no 'Acción'.
    const [pendingExcel] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Excel' }).click()]);
    expect(pendingExcel.suggestedFilename()).toBe('pagos-pendientes.xlsx');
    const pendingBook = XLSX.read(readFileSync(await pendingExcel.path()));
    const [pendingTitles, ...pendingRows] = XLSX.utils.sheet_to_json<unknown[]>(pendingBook.Sheets[pendingBook.SheetNames[0]], { header: 1 });
    expect(pendingTitles).toEqual(['Nombre', 'CUIT/CUIL', 'Cuenta de pago', 'Monto', 'Código de move', 'Fecha de aprobación']);
    const pendingTotals = await api<{ count: number; totalAmount: string }>('/transactions/pending?limit=1');
    expect(pendingRows).toHaveLength(pendingTotals.count);
    expect(sumMoney(pendingRows.map((row) => Number(row[3]).toFixed(2)))).toBe(pendingTotals.totalAmount);
    const pendingSheet = XLSX.read(readFileSync(await pendingExcel.path()), { cellNF: true }).Sheets[pendingBook.SheetNames[0]];
    const approvedCell = pendingSheet.F2;
    expect(approvedCell).toMatchObject({ t: 'n', z: 'dd/mm/yyyy' });
    // The amount is a number with its two decimals (6200.5 reads '6200.50'), which the spreadsheet sums.
    expect(pendingSheet.D2).toMatchObject({ t: 'n', z: '0.00' });
    expect(pendingSheet.D2.w).toMatch(/^\d+\.\d{2}$/);
    expect(approvedCell.w).toMatch(/^\d{2}\/\d{2}\/\d{4}$/);

    // At 1024 px the page does not scroll sideways: the filter and each row's action are in sight.
    expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBe(0);
    const first = rows.slice(0, 10).find((r) => r.accounts.user.fullName !== name)!;
    // By label, not role: a row hidden behind an open dialog is still there.
    const registerFirst = page.getByLabel(`Registrar pago ${first.accounts.user.fullName} ${first.userMoves[0]?.code ?? first.id}`, { exact: true });
    for (const button of [page.getByRole('button', { name: 'FILTRAR' }), registerFirst]) {
      const box = (await button.boundingBox())!;
      expect(box.x + box.width).toBeLessThanOrEqual(1024);
    }
    // Paid elsewhere meanwhile: the refusal takes the row off the list.
    await payElsewhere(first);
    await registerFirst.click();
    const single = page.getByRole('dialog', { name: 'Registrar pago' });
    await single.getByLabel('Número de operación').fill('E2E-TARDE');
    await single.getByRole('button', { name: 'Aceptar' }).click();
    const refusal = page.getByRole('dialog', { name: 'Ha ocurrido un error' });
    await shown(refusal.getByText(/^Ya fue pagada: transacción /));
    await refusal.getByRole('button', { name: 'Cerrar' }).click();
    // The order no longer stands: the register dialog closed with the message.
    await gone(refusal);
    await gone(single);
    await gone(registerFirst);
    // The list asked again: the total no longer counts the transaction paid elsewhere.
    await shown(page.getByText(await totalLine()));

    // The date filter wants both dates.
    await page.getByLabel('Desde').fill('01/01/2024');
    await page.getByRole('button', { name: 'FILTRAR' }).click();
    await shown(page.getByText('Seleccione ambas fechas para filtrar.'));

    await page.getByRole('button', { name: 'PAGO MASIVO' }).click();
    await atPath(page, '/payment-administration/massive');
    await shown(page.getByText('Seleccione el Getter correspondiente'));
    const getter = page.getByRole('combobox', { name: 'Getter' });
    await getter.click();
    // Found by the CUIT/CUIL's digits, typed without dashes.
    await getter.fill(cuit.replace(/-/g, '').slice(0, 10));
    await page.getByRole('option', { name: new RegExp(`^${name}`) }).first().click();
    expect(await getter.inputValue()).toMatch(new RegExp(`^${name}`));
    await gone(page.getByRole('progressbar', { name: 'Cargando' }));
    // All of this Getter's pending transactions are listed: no word about more.
    expect(await page.getByText(/transacciones pendientes: se muestran las/).count()).toBe(0);
    for (const code of codes) await setChecked(page.getByRole('checkbox', { name: `Seleccionar ${code}`, exact: true }), true);
    const selection = page.getByRole('status', { name: 'Selección' });
    await shown(selection.getByText(`2 transacciones seleccionadas · Total ${formatPesos(sumMoney(debts.map((d) => d.amount)))}`));

    // The bank's batch file: one line per ticked transaction with the Getter's account, and the totals
    // apart. Read as a spreadsheet reads it: the account stays text, every digit of a CBU kept.
    const [batch] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: PAYMENT_TEXT.batchFile }).click()]);
    expect(batch.suggestedFilename()).toMatch(new RegExp(`^lote-pagos-[a-z0-9-]+-${todayIso()}\\.xlsx$`));
    const batchBook = XLSX.read(readFileSync(await batch.path()));
    const sheet = batchBook.Sheets[batchBook.SheetNames[0]];
    const [header, ...lines] = XLSX.utils.sheet_to_json<unknown[]>(sheet, { header: 1, raw: true, blankrows: true });
    expect(header).toEqual(['Getter', 'CUIT/CUIL', 'Tipo de cuenta', 'CBU / Mercado Pago', 'Monto', 'Moves', 'Transacción']);
    expect(lines).toHaveLength(5);
    for (const debt of debts) {
      const at = lines.findIndex((l) => l[6] === debt.id);
      const line = lines[at];
      expect(line.slice(0, 6)).toEqual([name, cuit, ...(debt.accounts.user.profile.cbu ? ['CBU', debt.accounts.user.profile.cbu] : ['Mercado Pago', debt.accounts.user.profile.mercadoPago]), Number(debt.amount), debt.userMoves.map((m) => m.code).join(' ')]);
      expect(sheet[XLSX.utils.encode_cell({ r: at + 1, c: 3 })].t).toBe('s');
    }
    expect(lines.slice(2)).toEqual([[], ['Cantidad de transacciones', 2], ['Total a transferir', Number(sumMoney(debts.map((d) => d.amount)))]]);

    // A third one, ticked and then paid elsewhere: the refusal takes it out of the selection and the total.
    const staleBox = page.getByLabel(`Seleccionar ${stale.userMoves[0].code}`, { exact: true });
    await setChecked(staleBox, true);
    await shown(selection.getByText(/^3 transacciones seleccionadas/));
    await payElsewhere(stale);
    const register = page.getByRole('button', { name: 'Registrar pago' });
    await register.click();
    const dialog = page.getByRole('dialog', { name: 'Registrar pago' });
    await shown(dialog);
    const debtDay = newestDebtDay([...debts, stale].map((d) => d.createdAt));
    await shown(dialog.getByText(PAYMENT_TEXT.dateRange(debtDay)));
    // Accept is off while a field is wrong, so each says why while the user is still in it (no blur).
    await dialog.getByLabel('Fecha de pago').fill('01/01/2000');
    await shown(dialog.getByText(PAYMENT_TEXT.beforeDebt(debtDay)));
    const tomorrow = formatDisplayDate(todayIso(new Date(Date.now() + 36 * 3600 * 1000)));
    await dialog.getByLabel('Fecha de pago').fill(tomorrow);
    await dialog.getByLabel('Número de operación').fill('E2E 1');
    await shown(dialog.getByText('La fecha de pago no puede ser posterior a hoy.'));
    await shown(dialog.getByText('No debe contener espacios.'));
    expect(await dialog.getByRole('button', { name: 'Aceptar' }).isDisabled()).toBe(true);

    const code = `E2E-${Date.now().toString(36)}`;
    await dialog.getByLabel('Fecha de pago').fill(formatDisplayDate(todayIso()));
    await dialog.getByLabel('Número de operación').fill(code);
    await dialog.getByRole('button', { name: 'Aceptar' }).click();
    await shown(refusal.getByText(`Ya fue pagada: transacción ${stale.id} (move ${stale.userMoves[0].code}). No se registró ningún pago.`));
    await refusal.getByRole('button', { name: 'Cerrar' }).click();
    await gone(refusal);
    await gone(dialog);
    await gone(staleBox);
    await shown(selection.getByText(`2 transacciones seleccionadas · Total ${formatPesos(sumMoney(debts.map((d) => d.amount)))}`));

    await register.click();
    await dialog.getByLabel('Número de operación').fill(code);
    // While the payment is recorded, Escape does not close the dialog ('Cancelar' is off too): the payment
    // goes on either way, and a closed dialog would have said it was cancelled.
    const paying = await holdRequests(page, '**/api/accounts/massive-pay');
    await dialog.getByRole('button', { name: 'Aceptar' }).click();
    await expect.poll(paying.sent).toBe(1);
    expect(await dialog.getByRole('button', { name: 'Cancelar' }).isDisabled()).toBe(true);
    await dialog.getByLabel('Número de operación').press('Escape');
    await page.waitForTimeout(300);
    expect(await dialog.isVisible()).toBe(true);
    paying.release();
    const success = page.getByRole('dialog', { name: 'Pago registrado' });
    await shown(success.getByText('El pago se registró correctamente.'));
    await success.getByRole('button', { name: 'Cerrar' }).click();
    for (const c of codes) await gone(page.getByRole('checkbox', { name: `Seleccionar ${c}`, exact: true }));
    await shown(selection.getByText('0 transacciones seleccionadas · Total $ 0,00'));
    // Paid in full, the Getter leaves the picker (no longer among those owed); still owed, they stay chosen.
    const left = await api<{ count: number }>(`/transactions/by-getter?getterId=${debts[0].accounts.user.id}&transactionType=PENDING&limit=1`);
    if (left.count === 0) {
      await expect.poll(() => getter.inputValue()).toBe('');
      await getter.click();
      await getter.fill(cuit.replace(/-/g, '').slice(0, 10));
      await shown(page.getByText('Sin resultados', { exact: true }));
      expect(await page.getByRole('option', { name: new RegExp(`^${name}`) }).count()).toBe(0);
      await getter.press('Escape');
    } else expect(await getter.inputValue()).toMatch(new RegExp(`^${name}`));

    await page.getByRole('button', { name: 'CANCELAR PAGO MASIVO' }).click();
    await atPath(page, '/payment-administration/pending');
    await page.getByRole('button', { name: 'VER HISTORIAL DE PAGOS' }).click();
    await atPath(page, '/payment-administration/history');
    await shown(page.getByRole('heading', { name: 'Historial de pagos Realizados' }));
    await listLoaded(page);
    const paidTotals = await api<{ count: number; totalAmount: string }>('/transactions/payed?limit=1');
    await shown(page.getByText(PAYMENT_TEXT.filterTotal(paidTotals.count, paidTotals.totalAmount)));
    for (const c of codes) {
      const row = page.getByRole('row').filter({ hasText: c });
      await shown(row.getByText(code, { exact: true }));
      await shown(row.getByText('Pago registrado'));
    }
    // The history goes to Excel with the payment's date and operation code on each paid move.
    const [excel] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Excel' }).click()]);
    expect(excel.suggestedFilename()).toBe('historial-de-pagos.xlsx');
    const book = XLSX.read(readFileSync(await excel.path()));
    const [titles, ...paid] = XLSX.utils.sheet_to_json<string[]>(book.Sheets[book.SheetNames[0]], { header: 1, raw: false });
    expect(titles).toEqual(expect.arrayContaining(['Fecha de pago', 'Número de operación', 'Estado']));
    const codeAt = titles.indexOf('Número de operación');
    const ours = paid.filter((row) => row[codeAt] === code);
    expect(ours).toHaveLength(2);
    for (const row of ours) expect(row[titles.indexOf('Estado')]).toBe('Pago registrado');
    // The payment's date is a date cell, shown as the list shows it (Excel sorts and filters it as a date).
    const dateAt = titles.indexOf('Fecha de pago');
    const dateCell = XLSX.read(readFileSync(await excel.path()), { cellNF: true }).Sheets[book.SheetNames[0]][XLSX.utils.encode_cell({ r: 1 + paid.indexOf(ours[0]), c: dateAt })];
    expect(dateCell).toMatchObject({ t: 'n', z: 'dd/mm/yyyy hh:mm' });
    const amountCell = XLSX.read(readFileSync(await excel.path()), { cellNF: true }).Sheets[book.SheetNames[0]][XLSX.utils.encode_cell({ r: 1 + paid.indexOf(ours[0]), c: titles.indexOf('Monto') })];
    expect(amountCell).toMatchObject({ t: 'n', z: '0.00' });
    await shown(page.getByRole('row').filter({ hasText: code }).first().getByText(ours[0][dateAt], { exact: true }));

    await page.getByRole('button', { name: 'VER PAGOS PENDIENTES' }).click();
    await atPath(page, '/payment-administration/pending');
    session.errors.assertNone([/status of 409/]);
  });

  it('says so when the batch file cannot be written (its spreadsheet writer not fetched), and writes it once it can', async () => {
    const { name, cuit, debts } = await pendingAndGetter();
    session = await chromium.open({ viewport: { width: 1024, height: 800 } });
    const { page } = session;
    await batchOfFirstDebt(page, name, cuit, debts);
    // The spreadsheet writer is a chunk of its own, fetched on the first click: lost, the button did nothing.
    await page.route('**/assets/xlsx-*.js', (route) => route.abort());
    await page.getByRole('button', { name: PAYMENT_TEXT.batchFile }).click();
    await shown(page.getByRole('alert').filter({ hasText: PAYMENT_TEXT.batchFailed }));
    await page.unroute('**/assets/xlsx-*.js');
    const [batch] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: PAYMENT_TEXT.batchFile }).click()]);
    expect(batch.suggestedFilename()).toMatch(/^lote-pagos-.*\.xlsx$/);
    await gone(page.getByRole('alert').filter({ hasText: PAYMENT_TEXT.batchFailed }));
  });

  it('writes no batch file for a Getter without an account, and says why', async () => {
    // The demo's Getters owed a move all have an account: one is read without it, as 'Registrar pago' below does.
    const { name, cuit, debts } = await pendingAndGetter();
    session = await chromium.open({ viewport: { width: 1024, height: 800 } });
    const { page, errors } = session;
    await page.route('**/api/transactions/by-getter**', async (route) => {
      const answer = await route.fetch();
      const body = (await answer.json()) as { rows: PaymentTransaction[] };
      for (const row of body.rows) row.accounts.user.profile = { ...row.accounts.user.profile, cbu: null, mercadoPago: null };
      await route.fulfill({ response: answer, json: body });
    });
    let downloads = 0;
    page.on('download', () => (downloads += 1));
    await loginAs(page, 'administracion@campo.test', { at: '/payment-administration/massive' });
    const getter = page.getByRole('combobox', { name: 'Getter' });
    await getter.click();
    await getter.fill(cuit.replace(/-/g, '').slice(0, 10));
    await page.getByRole('option', { name: new RegExp(`^${name}`) }).first().click();
    await shown(page.getByText('Sin Datos').first());
    await setChecked(page.getByRole('checkbox', { name: `Seleccionar ${debts[0].userMoves[0].code}`, exact: true }), true);
    await page.getByRole('button', { name: PAYMENT_TEXT.batchFile }).click();
    await shown(page.getByRole('alert').filter({ hasText: PAYMENT_TEXT.batchNoAccount }));
    expect(downloads).toBe(0);
    errors.assertNone();
  });

  it('writes one batch file however often its button is pressed while the pending rows are read again (busy meanwhile), and says the server\'s reason when it refuses', async () => {
    const { name, cuit, debts } = await pendingAndGetter();
    session = await chromium.open({ viewport: { width: 1024, height: 800 } });
    const { page, errors } = session;
    await batchOfFirstDebt(page, name, cuit, debts);
    let downloads = 0;
    page.on('download', () => (downloads += 1));
    // The batch reads the pending rows again first: held, the button is busy, and more clicks write nothing more.
    const held = await holdRequests(page, '**/api/transactions/by-getter**');
    const button = page.getByRole('button', { name: PAYMENT_TEXT.batchFile });
    await button.click();
    await expect.poll(() => held.sent()).toBe(1);
    expect(await button.isDisabled()).toBe(true);
    await button.click({ force: true });
    await button.click({ force: true });
    const download = page.waitForEvent('download');
    held.release();
    expect((await download).suggestedFilename()).toMatch(/^lote-pagos-.*\.xlsx$/);
    await expect.poll(() => button.isDisabled()).toBe(false);
    expect(held.sent()).toBe(1);
    expect(downloads).toBe(1);
    // Refused by the server (its database down): its reason, not 'Revise su conexión'.
    const down = 'La base de datos no está disponible; vuelva a intentarlo en unos minutos.';
    await page.unrouteAll({ behavior: 'ignoreErrors' });
    await page.route('**/api/transactions/by-getter**', (route) => route.fulfill({ status: 503, json: { message: down } }));
    await button.click();
    await shown(page.getByRole('alert').filter({ hasText: down }));
    expect(await page.getByRole('alert').filter({ hasText: PAYMENT_TEXT.batchFailed }).count()).toBe(0);
    expect(downloads).toBe(1);
    errors.assertNone([/status of 503/]);
  });

  it('asks before another Getter takes the place of one with transactions ticked, which go unpaid', async () => {
    const { rows, name, cuit, debts } = await pendingAndGetter();
    const other = rows.find((r) => r.accounts.user.id !== debts[0].accounts.user.id && r.userMoves.length && r.accounts.user.profile.cuitCuil)!;
    const otherGetter = other.accounts.user;
    session = await chromium.open();
    const { page, errors } = session;
    await loginAs(page, 'administracion@campo.test', { at: '/payment-administration/massive' });
    const getter = page.getByRole('combobox', { name: 'Getter' });
    const choose = async (fullName: string, cuitCuil: string) => {
      await getter.click();
      await getter.fill(cuitCuil.replace(/-/g, '').slice(0, 10));
      await page.getByRole('option', { name: new RegExp(`^${fullName}`) }).first().click();
    };
    await choose(name, cuit);
    for (const debt of debts) await setChecked(page.getByRole('checkbox', { name: `Seleccionar ${debt.userMoves[0].code}`, exact: true }), true);
    const selection = page.getByRole('status', { name: 'Selección' });
    await shown(selection.getByText(/^2 transacciones seleccionadas/));
    // Each heading sorts the Getter's transactions (in the browser: all of them are there); the ticks stay.
    const table = page.getByRole('table', { name: 'Transacciones pendientes del Getter' });
    const column = (n: number) => table.locator(`tbody tr td:nth-child(${n})`).allInnerTexts();
    const spanish = new Intl.Collator('es', { numeric: true });
    for (const order of ['asc', 'desc'] as const) {
      await table.getByRole('button', { name: 'Código de move', exact: true }).click();
      await expect.poll(async () => (await table.getByRole('columnheader', { name: 'Código de move' }).getAttribute('aria-sort')) === (order === 'asc' ? 'ascending' : 'descending')).toBe(true);
      const codes = await column(6);
      expect(codes.length).toBeGreaterThan(1);
      const sorted = [...codes].sort(spanish.compare);
      expect(codes).toEqual(order === 'asc' ? sorted : sorted.reverse());
    }
    await table.getByRole('button', { name: 'Monto', exact: true }).click();
    const amounts = (await column(5)).map((text) => Number(text.replace(/[^\d,]/g, '').replace(',', '.')));
    expect(amounts).toEqual([...amounts].sort((a, b) => a - b));
    await shown(selection.getByText(/^2 transacciones seleccionadas/));
    // Cancelled: the Getter, their transactions and the ticks stay.
    await choose(otherGetter.fullName, otherGetter.profile.cuitCuil!);
    const ask = page.getByRole('dialog', { name: PAYMENT_TEXT.switchGetterTitle });
    await shown(ask.getByText(PAYMENT_TEXT.switchGetter(2)));
    await ask.getByRole('button', { name: 'Cancelar' }).click();
    await gone(ask);
    await shown(selection.getByText(/^2 transacciones seleccionadas/));
    await expect.poll(() => getter.inputValue()).toBe(`${name} (${cuit})`);
    await shown(page.getByRole('checkbox', { name: `Seleccionar ${debts[0].userMoves[0].code}`, exact: true }));
    // Confirmed: the other Getter's transactions, none ticked.
    await choose(otherGetter.fullName, otherGetter.profile.cuitCuil!);
    await ask.getByRole('button', { name: 'Confirmar' }).click();
    await gone(ask);
    await expect.poll(() => getter.inputValue()).toBe(`${otherGetter.fullName} (${otherGetter.profile.cuitCuil})`);
    await shown(page.getByRole('checkbox', { name: `Seleccionar ${other.userMoves[0].code}`, exact: true }));
    await shown(selection.getByText(/^0 transacciones seleccionadas/));
    errors.assertNone();
  });

  it('shows in the date fields the range the list applies, also after the browser goes back to an earlier one', async () => {
    const day = (daysAgo: number) => todayIso(new Date(Date.now() - daysAgo * 24 * 3600 * 1000));
    const older = { from: day(400), to: day(100) };
    const newer = { from: day(99), to: day(0) };
    const totalOf = async (range: { from: string; to: string }) => {
      const totals = await api<{ count: number; totalAmount: string }>(`/transactions/pending?limit=1&from=${range.from}&to=${range.to}`);
      return PAYMENT_TEXT.filterTotal(totals.count, totals.totalAmount);
    };
    expect(await totalOf(older)).not.toBe(await totalOf(newer));
    session = await chromium.open();
    const { page, errors } = session;
    await loginAs(page, 'administracion@campo.test', { at: '/payment-administration/pending' });
    await listLoaded(page);
    const from = page.getByLabel('Desde');
    const to = page.getByLabel('Hasta');
    for (const range of [older, newer]) {
      await from.fill(formatDisplayDate(range.from));
      await to.fill(formatDisplayDate(range.to));
      await page.getByRole('button', { name: 'FILTRAR' }).click();
      await shown(page.getByText(await totalOf(range)));
    }
    await page.goBack();
    // The list is the older range's again, and so are the fields: not the newer range, which no longer applies.
    await shown(page.getByText(await totalOf(older)));
    await expect.poll(() => Promise.all([from.inputValue(), to.inputValue()])).toEqual([formatDisplayDate(older.from), formatDisplayDate(older.to)]);
    await page.goForward();
    await shown(page.getByText(await totalOf(newer)));
    await expect.poll(() => Promise.all([from.inputValue(), to.inputValue()])).toEqual([formatDisplayDate(newer.from), formatDisplayDate(newer.to)]);
    // Back to before the first FILTRAR: the whole list, as its bare address says, not the last range stored.
    await page.goBack();
    await shown(page.getByText(await totalOf(older)));
    await page.goBack();
    const all = await api<{ count: number; totalAmount: string }>('/transactions/pending?limit=1');
    await shown(page.getByText(PAYMENT_TEXT.filterTotal(all.count, all.totalAmount), { exact: true }));
    await expect.poll(() => new URL(page.url()).search).toBe('');
    await expect.poll(() => Promise.all([from.inputValue(), to.inputValue()])).toEqual(['', '']);
    const whole = PAYMENT_TEXT.filterTotal(all.count, all.totalAmount);
    // Gone back from, the range is forgotten: another screen, then the menu, open the whole list too.
    await page.getByRole('button', { name: 'VER HISTORIAL DE PAGOS' }).click();
    await atPath(page, '/payment-administration/history');
    await openMenu(page, 'Moves', 'Pagar');
    await atPath(page, '/payment-administration/pending');
    await shown(page.getByText(whole, { exact: true }));
    await expect.poll(() => new URL(page.url()).search).toBe('');
    // A range applied, then the list opened in a new tab: that tab shows its bare address's whole list, and
    // the menu of this one still opens the list as it was left.
    await from.fill(formatDisplayDate(older.from));
    await to.fill(formatDisplayDate(older.to));
    await page.getByRole('button', { name: 'FILTRAR' }).click();
    await shown(page.getByText(await totalOf(older)));
    const tab = await page.context().newPage();
    await tab.goto('/payment-administration/pending');
    await shown(tab.getByText(whole, { exact: true }));
    await tab.close();
    await openMenu(page, 'Moves', 'Pagar');
    await shown(page.getByText(await totalOf(older)));
    await expect.poll(() => new URL(page.url()).searchParams.get('filter')).toContain(older.from);
    errors.assertNone();
  });

  it('says the payment was registered when its first answer was lost and Aceptar is pressed again', async () => {
    const { rows } = await api<{ rows: PaymentTransaction[] }>('/transactions/pending?limit=10&sort=createdAt&order=ASC');
    const debt = rows.at(-1)!;
    session = await chromium.open();
    const { page, errors } = session;
    await loginAs(page, 'administracion@campo.test', { at: '/payment-administration/pending' });
    await listLoaded(page);
    // The first payment reaches the server and is recorded, but its answer never comes back.
    let sent = 0;
    await page.route('**/api/accounts/pay', async (route) => {
      sent += 1;
      if (sent > 1) return route.fallback();
      await route.fetch();
      await route.abort('connectionreset');
    });
    await page.getByLabel(`Registrar pago ${debt.accounts.user.fullName} ${debt.userMoves[0]?.code ?? debt.id}`, { exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Registrar pago' });
    await dialog.getByLabel('Número de operación').fill(`PERDIDA-${debt.id}`);
    await dialog.getByRole('button', { name: 'Aceptar' }).click();
    const failure = page.getByRole('dialog', { name: 'Ha ocurrido un error' });
    await shown(failure);
    await failure.getByRole('button', { name: 'Cerrar' }).click();
    await gone(failure);
    // A second later (the payment's time has whole seconds), the same payment once more.
    await page.waitForTimeout(1100);
    await dialog.getByRole('button', { name: 'Aceptar' }).click();
    const success = page.getByRole('dialog', { name: 'Pago registrado' });
    await shown(success.getByText('El pago se registró correctamente.'));
    expect(sent).toBe(2);
    await success.getByRole('button', { name: 'Cerrar' }).click();
    const { rows: paid } = await api<{ rows: PaymentTransaction[] }>(`/transactions/by-getter?getterId=${debt.accounts.user.id}&transactionType=PAID`);
    expect(paid.filter((t) => t.id === debt.id).map((t) => t.operationCode)).toEqual([`PERDIDA-${debt.id}`]);
    errors.assertNone([/ERR_CONNECTION_RESET|Failed to fetch|net::/]);
  });

  it('says in the history which paid move was disapproved afterwards', async () => {
    const { rows } = await api<{ rows: PaymentTransaction[] }>('/transactions/pending?limit=50&sort=createdAt&order=DESC');
    const [debt, other] = await disapprovable(rows);
    await payElsewhere(debt);
    await payElsewhere(other);
    await api('/user-moves/disapprove-one', 'POST', { id: debt.userMoves[0].id, reason: 'El cliente objetó la visita después del pago.' });
    session = await chromium.open();
    const { page, errors } = session;
    await loginAs(page, 'administracion@campo.test', { at: '/payment-administration/history' });
    await listLoaded(page);
    const rowOf = (t: PaymentTransaction) => page.locator('tbody tr').filter({ hasText: `OTRO-${t.id}` });
    // The state says when the move was disapproved (today), not an unanchored 'luego'…
    const today = formatDisplayDate(todayIso());
    const state = rowOf(debt).getByText(`Pago registrado · move desaprobada el ${today}`, { exact: true });
    await shown(state);
    await shown(rowOf(other).getByText(PAYMENT_TEXT.registered, { exact: true }));
    expect(await rowOf(other).getByText(/desaprobada/).count()).toBe(0);
    // …and, pointed at, that this came after the payment, and what to do about it.
    await state.hover();
    await shown(
      page.getByRole('tooltip').getByText(new RegExp(`^La move ${debt.userMoves[0].code} se desaprobó el ${today} \\d\\d:\\d\\d, después de registrado este pago \\(del ${today}\\)\\. Un pago registrado no se deshace: reclámelo al Getter o déjelo como bueno\\.$`)),
    );
    errors.assertNone();
  });

  it('registers a downloaded batch whose move was disapproved before the payment: names the move, and records it paid with the others', async () => {
    // A Getter owed at least three of approved moves, the last such (others' tests take the first).
    const debts = (await owedForApproved()).find((list) => list.length >= 3)!.slice(0, 3);
    const [kept, gone_, other] = debts;
    const name = debts[0].accounts.user.fullName;
    const total = sumMoney(debts.map((d) => d.amount));
    const { page, errors } = await massivePaymentOf(name, debts);
    const [batch] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: PAYMENT_TEXT.batchFile }).click()]);
    expect(batch.suggestedFilename()).toMatch(/^lote-pagos-/);
    // Paid at the bank; meanwhile, quality disapproves one of its moves.
    await api('/user-moves/disapprove-one', 'POST', { id: gone_.userMoves[0].id, reason: 'El cliente objetó la visita antes del pago.' });
    // Back from the bank's site: the tab is shown again. The selection is still the batch the bank paid (a
    // list read again on its own would drop the disapproved one, and register the others without a word).
    let reads = 0;
    page.on('request', (r) => void (r.url().includes('/api/transactions/by-getter') && (reads += 1)));
    await page.evaluate(() => window.dispatchEvent(new Event('visibilitychange')));
    await page.waitForTimeout(1000);
    expect(reads).toBe(0);
    await shown(page.getByRole('status', { name: 'Selección' }).getByText(PAYMENT_TEXT.selection(3, total)));
    await page.getByRole('button', { name: 'Registrar pago' }).click();
    const dialog = page.getByRole('dialog', { name: 'Registrar pago' });
    await dialog.getByLabel('Número de operación').fill(`LOTE-DESAP-${gone_.id}`);
    await dialog.getByRole('button', { name: 'Aceptar' }).click();
    const changed = page.getByRole('dialog', { name: PAYMENT_TEXT.changedTitle(1) });
    await shown(changed.getByText(new RegExp(`^Move ${gone_.userMoves[0].code} · transacción ${gone_.id} · `)));
    await shown(changed.getByRole('button', { name: PAYMENT_TEXT.payOthersOnly(2, sumMoney([kept.amount, other.amount])) }));
    await changed.getByRole('button', { name: PAYMENT_TEXT.payAllAnyway(3, total) }).click();
    await shown(page.getByRole('dialog', { name: PAYMENT_TEXT.successTitle }).getByText(PAYMENT_TEXT.success));
    await page.getByRole('dialog', { name: PAYMENT_TEXT.successTitle }).getByRole('button').first().click();
    // The history has the three, the disapproved one said so.
    await page.goto(`${baseUrl()}/payment-administration/history`);
    await listLoaded(page);
    const rowOf = (t: PaymentTransaction) => page.locator('tbody tr').filter({ hasText: t.userMoves[0].code });
    const goneState = rowOf(gone_).getByText(`Pago registrado · move desaprobada el ${formatDisplayDate(todayIso())}`, { exact: true });
    await shown(goneState);
    await shown(rowOf(kept).getByText(PAYMENT_TEXT.registered, { exact: true }));
    // Disapproved before the payment was registered: the tooltip says it was recorded paid anyway, not 'after'.
    await goneState.hover();
    await shown(page.getByRole('tooltip').getByText(new RegExp(`^La move ${gone_.userMoves[0].code} ya estaba desaprobada \\(el .*\\) cuando se registró este pago \\(del .*\\): se registró pagada igual porque el banco la transfirió con el lote\\.`)));
    const paid = await api<{ rows: PaymentTransaction[] }>(`/transactions/payed?getterId=${kept.accounts.user.id}&limit=1000`);
    expect(paid.rows.filter((r) => r.operationCode === `LOTE-DESAP-${gone_.id}`).map((r) => r.id).sort()).toEqual(debts.map((d) => d.id).sort());
    // The refusal that named the disapproved move is the browser's one logged error.
    errors.assertNone([/status of 409 \(Conflict\)/]);
  });

  it('does not write a batch with a move disapproved since the list loaded: takes it out of the selection and says so', async () => {
    const [kept, disapproved] = (await owedForApproved()).find((list) => list.length >= 2)!;
    const name = kept.accounts.user.fullName;
    const { page, errors } = await massivePaymentOf(name, [kept, disapproved]);
    await api('/user-moves/disapprove-one', 'POST', { id: disapproved.userMoves[0].id, reason: 'El cliente objetó la visita antes del lote.' });
    let downloads = 0;
    page.on('download', () => downloads++);
    await page.getByRole('button', { name: PAYMENT_TEXT.batchFile }).click();
    await shown(page.getByText(PAYMENT_TEXT.leftBatch([disapproved.userMoves[0].code])));
    const selection = page.getByRole('status', { name: 'Selección' });
    await shown(selection.getByText(PAYMENT_TEXT.selection(1, kept.amount)));
    expect(downloads).toBe(0);
    // Asked again, the batch holds what is still owed.
    const [batch] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: PAYMENT_TEXT.batchFile }).click()]);
    const book = XLSX.read(readFileSync(await batch.path()));
    const [, ...lines] = XLSX.utils.sheet_to_json<unknown[]>(book.Sheets[book.SheetNames[0]], { header: 1, raw: true, blankrows: true });
    expect(lines.filter((l) => typeof l[6] === 'number').map((l) => l[6])).toEqual([kept.id]);
    errors.assertNone();
  });

  it('says which debt of a batch was settled since by its original move paid anyway (not "desaprobada"), and registers the rest', async () => {
    const { original, other } = await originalAndAnother();
    const copy = await approvedCopyOf(original);
    const name = original.accounts.user.fullName;
    const { page, errors } = await massivePaymentOf(name, [copy.debt, other]);
    // The batch of the copy's debt is at the bank; meanwhile, the original's is registered paid anyway.
    await api('/accounts/pay', 'PUT', { id: original.accounts.id, amount: original.amount, penddingTransactionId: original.id, operationCode: `ORIG-${original.id}`, transactionDate: new Date().toISOString(), paidAnyway: [original.id] });
    await page.getByRole('button', { name: 'Registrar pago' }).click();
    const dialog = page.getByRole('dialog', { name: 'Registrar pago' });
    await dialog.getByLabel('Número de operación').fill(`LOTE-SALDADA-${copy.debt.id}`);
    await dialog.getByRole('button', { name: 'Aceptar' }).click();
    const changed = page.getByRole('dialog', { name: PAYMENT_TEXT.settledTitle(1) });
    await shown(changed.getByText(new RegExp(`^Move ${copy.code} · transacción ${copy.debt.id} · .* · su visita ya se pagó con la move original ${original.userMoves[0].code} \\(transacción ${original.id}, el `)));
    await shown(changed.getByText(PAYMENT_TEXT.paidVisitHelp));
    expect(await changed.getByText(/desaprobad/).count()).toBe(0);
    // The settled debt cannot be paid again: only the rest.
    expect(await changed.getByRole('button', { name: /^Se transfirió/ }).count()).toBe(0);
    await changed.getByRole('button', { name: PAYMENT_TEXT.payOthersOnly(1, other.amount) }).click();
    await shown(page.getByRole('dialog', { name: PAYMENT_TEXT.successTitle }).getByText(PAYMENT_TEXT.success));
    const paid = await api<{ rows: PaymentTransaction[] }>(`/transactions/payed?getterId=${other.accounts.user.id}&limit=1000`);
    expect(paid.rows.filter((r) => r.operationCode === `LOTE-SALDADA-${copy.debt.id}`).map((r) => r.id)).toEqual([other.id]);
    errors.assertNone([/status of 409 \(Conflict\)/]);
  });

  it('does not offer to record a batch’s disapproved move paid anyway when its republished copy was already paid: names the copy, registers the rest', async () => {
    const { original, other } = await originalAndAnother();
    const { page, errors } = await massivePaymentOf(original.accounts.user.fullName, [original, other]);
    // The batch is at the bank; meanwhile the move is disapproved, republished, its copy approved and paid on its own.
    const copy = await approvedCopyOf(original);
    await payElsewhere(copy.debt);
    await page.getByRole('button', { name: 'Registrar pago' }).click();
    const dialog = page.getByRole('dialog', { name: 'Registrar pago' });
    await dialog.getByLabel('Número de operación').fill(`LOTE-COPIA-${original.id}`);
    await dialog.getByRole('button', { name: 'Aceptar' }).click();
    const changed = page.getByRole('dialog', { name: PAYMENT_TEXT.changedTitle(1) });
    await shown(changed.getByText(new RegExp(`^Move ${original.userMoves[0].code} · transacción ${original.id} · .* · su visita ya se pagó con la copia ${copy.code} \\(transacción ${copy.debt.id}\\): no se puede registrar pagada igual$`)));
    await shown(changed.getByText(PAYMENT_TEXT.paidVisitHelp));
    expect(await changed.getByRole('button', { name: /^Se transfirió/ }).count()).toBe(0);
    await changed.getByRole('button', { name: PAYMENT_TEXT.payOthersOnly(1, other.amount) }).click();
    await shown(page.getByRole('dialog', { name: PAYMENT_TEXT.successTitle }).getByText(PAYMENT_TEXT.success));
    const paid = await api<{ rows: PaymentTransaction[] }>(`/transactions/payed?getterId=${other.accounts.user.id}&limit=1000`);
    expect(paid.rows.filter((r) => r.operationCode === `LOTE-COPIA-${original.id}`).map((r) => r.id)).toEqual([other.id]);
    expect(paid.rows.some((r) => r.id === original.id)).toBe(false);
    errors.assertNone([/status of 409 \(Conflict\)/]);
  });

  it('does not offer to record a batch’s disapproved move paid anyway when its republished copy’s debt is in the same payment: names the visit and the copy, registers the copy’s debt with the rest', async () => {
    const { original, other } = await originalAndAnother();
    const { page, errors } = await massivePaymentOf(original.accounts.user.fullName, [original, other]);
    // The batch is at the bank; meanwhile the move is disapproved, republished and its copy approved.
    const copy = await approvedCopyOf(original);
    // The order sent extended with the copy's debt (as a selection made elsewhere, before and after, would be).
    let extended = false;
    await page.route('**/api/accounts/massive-pay', async (route) => {
      if (extended) return route.continue();
      extended = true;
      const body = route.request().postDataJSON() as { amount: string; penddingTransactionIds: number[] };
      await route.continue({ postData: JSON.stringify({ ...body, amount: sumMoney([body.amount, copy.debt.amount]), penddingTransactionIds: [...body.penddingTransactionIds, copy.debt.id] }) });
    });
    await page.getByRole('button', { name: 'Registrar pago' }).click();
    const dialog = page.getByRole('dialog', { name: 'Registrar pago' });
    await dialog.getByLabel('Número de operación').fill(`LOTE-DOBLE-${original.id}`);
    await dialog.getByRole('button', { name: 'Aceptar' }).click();
    const changed = page.getByRole('dialog', { name: PAYMENT_TEXT.changedTitle(1) });
    await shown(changed.getByText(new RegExp(`^Move ${original.userMoves[0].code} · transacción ${original.id} · .* · su copia ${copy.code} \\(transacción ${copy.debt.id}\\) también está en este pago: la visita se paga una sola vez, con la copia$`)));
    await shown(changed.getByText(PAYMENT_TEXT.paidVisitHelp));
    expect(await changed.getByRole('button', { name: /^Se transfirió/ }).count()).toBe(0);
    await changed.getByRole('button', { name: PAYMENT_TEXT.payOthersOnly(2, sumMoney([other.amount, copy.debt.amount])) }).click();
    await shown(page.getByRole('dialog', { name: PAYMENT_TEXT.successTitle }).getByText(PAYMENT_TEXT.success));
    const paid = await api<{ rows: PaymentTransaction[] }>(`/transactions/payed?getterId=${other.accounts.user.id}&limit=1000`);
    expect(paid.rows.filter((r) => r.operationCode === `LOTE-DOBLE-${original.id}`).map((r) => r.id).sort()).toEqual([other.id, copy.debt.id].sort());
    expect(paid.rows.some((r) => r.id === original.id)).toBe(false);
    errors.assertNone([/status of 409 \(Conflict\)/]);
  });

  it('titles the dialog of a single payment from the pending list whose move was disapproved as such (no batch), and records it paid anyway', async () => {
    const { rows } = await api<{ rows: PaymentTransaction[] }>('/transactions/pending?limit=50&sort=createdAt&order=DESC');
    const [debt] = await disapprovable(rows);
    session = await chromium.open();
    const { page, errors } = session;
    await loginAs(page, 'administracion@campo.test', { at: '/payment-administration/pending?sort=createdAt&order=DESC' });
    await listLoaded(page);
    await api('/user-moves/disapprove-one', 'POST', { id: debt.userMoves[0].id, reason: 'El cliente objetó la visita antes del pago.' });
    await page.getByLabel(`Registrar pago ${debt.accounts.user.fullName} ${debt.userMoves[0].code}`, { exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Registrar pago' });
    await dialog.getByLabel('Número de operación').fill(`UNA-DESAP-${debt.id}`);
    await dialog.getByRole('button', { name: 'Aceptar' }).click();
    const changed = page.getByRole('dialog', { name: PAYMENT_TEXT.changedSingleTitle });
    await shown(changed.getByText(new RegExp(`^Move ${debt.userMoves[0].code} · transacción ${debt.id} · `)));
    await shown(changed.getByText(PAYMENT_TEXT.changedSingleHelp));
    expect(await page.getByText(/después del lote|lote completo/).count()).toBe(0);
    expect(await changed.getByRole('button', { name: /^Registrar sólo/ }).count()).toBe(0);
    await changed.getByRole('button', { name: PAYMENT_TEXT.paySingleAnyway(debt.amount) }).click();
    await shown(page.getByRole('dialog', { name: PAYMENT_TEXT.successTitle }).getByText(PAYMENT_TEXT.success));
    const paid = await api<{ rows: PaymentTransaction[] }>(`/transactions/payed?getterId=${debt.accounts.user.id}&limit=1000`);
    expect(paid.rows.filter((r) => r.operationCode === `UNA-DESAP-${debt.id}`).map((r) => r.id)).toEqual([debt.id]);
    errors.assertNone([/status of 409 \(Conflict\)/]);
  });

  it('keeps the dialog open with the server’s words when the operation number is another Getter’s payment; another number pays', async () => {
    const { rows } = await api<{ rows: PaymentTransaction[] }>('/transactions/pending?limit=20&sort=createdAt&order=DESC');
    const paidElsewhere = rows[0];
    const debt = rows.find((r) => r.accounts.id !== paidElsewhere.accounts.id)!;
    await payElsewhere(paidElsewhere);
    const [{ transactionDate }] = (await api<{ rows: PaymentTransaction[] }>(`/transactions/by-getter?getterId=${paidElsewhere.accounts.user.id}&transactionType=PAID&limit=1000`)).rows.filter((t) => t.id === paidElsewhere.id);
    const taken = `OTRO-${paidElsewhere.id}`;
    session = await chromium.open();
    const { page, errors } = session;
    await loginAs(page, 'administracion@campo.test', { at: '/payment-administration/pending?sort=createdAt&order=DESC' });
    await listLoaded(page);
    await page.getByLabel(`Registrar pago ${debt.accounts.user.fullName} ${debt.userMoves[0]?.code ?? debt.id}`, { exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Registrar pago' });
    await dialog.getByLabel('Número de operación').fill(taken);
    await dialog.getByRole('button', { name: 'Aceptar' }).click();
    const message = PAYMENT_TEXT.operationCodeTaken(taken, { fullName: paidElsewhere.accounts.user.fullName, transactionId: paidElsewhere.id, transactionDate: transactionDate! });
    const refusal = page.getByRole('dialog', { name: 'Ha ocurrido un error' });
    await shown(refusal.getByText(message, { exact: true }));
    await refusal.getByRole('button', { name: 'Cerrar' }).click();
    await gone(refusal);
    // The payment still stands: the dialog stays, the number says why, and Aceptar waits for another one.
    await shown(dialog.getByText(message, { exact: true }));
    expect(await dialog.getByRole('button', { name: 'Aceptar' }).isDisabled()).toBe(true);
    await dialog.getByLabel('Número de operación').fill(`PROPIA-${debt.id}`);
    await dialog.getByRole('button', { name: 'Aceptar' }).click();
    const success = page.getByRole('dialog', { name: 'Pago registrado' });
    await shown(success.getByText('El pago se registró correctamente.'));
    const { rows: paid } = await api<{ rows: PaymentTransaction[] }>(`/transactions/by-getter?getterId=${debt.accounts.user.id}&transactionType=PAID&limit=1000`);
    expect(paid.filter((t) => t.id === debt.id).map((t) => t.operationCode)).toEqual([`PROPIA-${debt.id}`]);
    errors.assertNone([/status of 409/]);
  });

  it('warns, without refusing, when the Getter has neither CBU nor Mercado Pago; otherwise says where the money goes', async () => {
    session = await chromium.open();
    const { page, errors } = session;
    // The first pending row as the server would give it for a Getter who never loaded a payment account.
    let withoutAccount: PaymentTransaction | undefined;
    await page.route('**/api/transactions/pending**', async (route) => {
      const answer = await route.fetch();
      const body = (await answer.json()) as { rows: PaymentTransaction[] };
      withoutAccount = body.rows[0];
      withoutAccount.accounts.user.profile = { ...withoutAccount.accounts.user.profile, cbu: null, mercadoPago: null };
      await route.fulfill({ response: answer, json: body });
    });
    await loginAs(page, 'administracion@campo.test', { at: '/payment-administration/pending' });
    await listLoaded(page);
    const label = (t: PaymentTransaction) => `Registrar pago ${t.accounts.user.fullName} ${t.userMoves[0]?.code ?? t.id}`;
    const dialog = page.getByRole('dialog', { name: 'Registrar pago' });
    await page.getByLabel(label(withoutAccount!), { exact: true }).click();
    await shown(dialog.getByText('Este Getter no tiene CBU ni Mercado Pago cargados: registre el pago sólo si se le pagó por otra vía.'));
    await dialog.getByLabel('Número de operación').fill('EFECTIVO-1');
    expect(await dialog.getByRole('button', { name: 'Aceptar' }).isDisabled()).toBe(false);
    await dialog.getByRole('button', { name: 'Cancelar' }).click();
    await gone(dialog);

    const { rows } = await api<{ rows: PaymentTransaction[] }>('/transactions/pending?limit=10');
    const second = rows.find((r) => r.id !== withoutAccount!.id && r.accounts.user.profile.cbu)!;
    await page.getByLabel(label(second), { exact: true }).click();
    await shown(dialog.getByText(`Cuenta de pago: CBU ${second.accounts.user.profile.cbu}`));
    expect(await dialog.getByText(/no tiene CBU ni Mercado Pago/).count()).toBe(0);
    errors.assertNone();
  });

  it('stays on the last page, now the one before, when its only row is paid (not back to the first)', async () => {
    const perPage = 5;
    const pendingPage = (offset: number) => api<{ rows: PaymentTransaction[]; count: number }>(`/transactions/pending?offset=${offset}&limit=${perPage}&sort=createdAt&order=ASC`);
    const { count } = await pendingPage(0);
    const lastPage = Math.ceil(count / perPage);
    // The last page is left with one row: the others are paid elsewhere first.
    const onLast = (await pendingPage((lastPage - 1) * perPage)).rows;
    for (const t of onLast.slice(1)) await payElsewhere(t);
    const left = count - (onLast.length - 1);
    expect(left).toBeGreaterThan(perPage);

    session = await chromium.open();
    const { page, errors } = session;
    await loginAs(page, 'administracion@campo.test', { at: `/payment-administration/pending?page=${lastPage}&perPage=${perPage}&sort=createdAt&order=ASC` });
    await shown(page.getByText(`Mostrando ${left}-${left} de ${left} registros`));
    const only = onLast[0];
    await page.getByLabel(`Registrar pago ${only.accounts.user.fullName} ${only.userMoves[0]?.code ?? only.id}`, { exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Registrar pago' });
    await dialog.getByLabel('Número de operación').fill(`ULTIMA-${only.id}`);
    await dialog.getByRole('button', { name: 'Aceptar' }).click();
    const success = page.getByRole('dialog', { name: 'Pago registrado' });
    await success.getByRole('button', { name: 'Cerrar' }).click();
    // The list's new last page, where the payer was working.
    await shown(page.getByText(`Mostrando ${left - perPage}-${left - 1} de ${left - 1} registros`));
    await expect.poll(() => new URL(page.url()).searchParams.get('page')).toBe(String(lastPage - 1));
    errors.assertNone();
  });
});

/** Phones held upright, 400 px down to 320 px: whatever a Getter's name, at some of them a line ends at the amount. */
const PHONE_WIDTHS = Array.from({ length: 21 }, (_, i) => 400 - i * 4);

/** The phone widths at which `amount`, inside `holder`, is drawn on more than one line (the page left at 360 px). */
async function widthsSplitting(page: Page, holder: Locator, amount: string): Promise<number[]> {
  const split: number[] = [];
  for (const width of PHONE_WIDTHS) {
    await page.setViewportSize({ width, height: 740 });
    const lines = await linesOf(holder, amount);
    expect(lines, `${amount} at ${width} px`).toBeGreaterThan(0);
    if (lines > 1) split.push(width);
  }
  await page.setViewportSize({ width: 360, height: 740 });
  return split;
}

describe('on a phone', () => {
  it('writes the amount of each payment on one line, never "$" at a line\'s end: one transaction, the mass payment and its total; a CUIT and a code too', async () => {
    const { name, cuit, debts } = await pendingAndGetter();
    session = await chromium.open({ viewport: { width: 360, height: 740 } });
    const { page, errors } = session;
    await loginAs(page, 'administracion@campo.test', { at: '/payment-administration/pending' });
    await listLoaded(page);
    const dialog = page.getByRole('dialog', { name: 'Registrar pago' });
    // By label: the row's button is in the table's frame, maybe scrolled out of it.
    await page.getByLabel(/^Registrar pago /).first().click();
    await shown(dialog);
    // What the dialog says of the order: 'Matías Martínez · 1 transacción · $ 4.500,00' ('$' over '4.500,00' at 360 px).
    const order = dialog.getByText(/ · 1 transacción · /);
    const amount = /\$\s[\d.]+,\d{2}/.exec((await order.textContent())!)![0];
    expect(await widthsSplitting(page, order, amount)).toEqual([]);
    await dialog.getByRole('button', { name: 'Cancelar' }).click();
    await gone(dialog);

    await page.goto('/payment-administration/massive');
    const getter = page.getByRole('combobox', { name: 'Getter' });
    await getter.click();
    await getter.fill(cuit.replace(/-/g, '').slice(0, 10));
    await page.getByRole('option', { name: new RegExp(`^${name}`) }).first().click();
    for (const debt of debts) await setChecked(page.getByRole('checkbox', { name: `Seleccionar ${debt.userMoves[0].code}`, exact: true }), true);
    // A CUIT and a move code are one word each: in the table at 360 px '27-34814090-1' stood on three lines.
    const code = debts[0].userMoves[0].code;
    const row = page.getByRole('row').filter({ has: page.getByRole('checkbox', { name: `Seleccionar ${code}`, exact: true }) });
    expect(await linesOf(row, cuit), cuit).toBe(1);
    expect(await linesOf(row, code), code).toBe(1);
    const total = formatPesos(sumMoney(debts.map((d) => d.amount)));
    const selection = page.getByRole('status', { name: 'Selección' });
    await shown(selection.getByText(`2 transacciones seleccionadas · Total ${total}`));
    expect(await widthsSplitting(page, selection, total)).toEqual([]);
    await page.getByRole('button', { name: 'Registrar pago' }).click();
    const massOrder = dialog.getByText(/ · 2 transacciones · /);
    await shown(massOrder);
    expect(await widthsSplitting(page, massOrder, total)).toEqual([]);
    errors.assertNone();
  });
});
