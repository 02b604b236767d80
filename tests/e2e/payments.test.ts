/**
 * A payer's day: pick a Getter, tick two of their pending transactions, see the count and total,
 * have a future payment date refused, register the payment and find it in the history.
 */
import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import * as XLSX from 'xlsx';
import { formatPesos, sumMoney } from '../../domain/money';
import type { PaymentTransaction } from '../../domain/payments';
import { formatDisplayDate, todayIso } from '../../domain/validation';
import { atPath, baseUrl, chromiumPerFile, DEMO_PASSWORD, gone, loginAs, openMenu, type Session, setChecked, shown } from './helpers';

const chromium = chromiumPerFile();
let session: Session | undefined;

async function api<T>(path: string): Promise<T> {
  const login = await fetch(`${baseUrl()}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: 'admin@campo.test', password: DEMO_PASSWORD }) });
  const { token } = (await login.json()) as { token: string };
  const res = await fetch(`${baseUrl()}/api${path}`, { headers: { authorization: `Bearer ${token}` } });
  if (!res.ok) throw new Error(`${path} answered ${res.status}`);
  return (await res.json()) as T;
}

/** A Getter owed at least two transactions of moves, and two of them. */
async function getterWithTwoDebts(): Promise<{ name: string; debts: PaymentTransaction[] }> {
  const { rows } = await api<{ rows: PaymentTransaction[] }>('/transactions/pending?limit=1000');
  const byGetter = new Map<number, PaymentTransaction[]>();
  for (const row of rows.filter((r) => r.userMoves.length)) byGetter.set(row.accounts.user.id, [...(byGetter.get(row.accounts.user.id) ?? []), row]);
  const debts = [...byGetter.values()].find((list) => list.length >= 2);
  if (!debts) throw new Error('The demo has no Getter with two pending transactions');
  return { name: debts[0].accounts.user.fullName, debts: debts.slice(0, 2) };
}

async function listLoaded(page: Page): Promise<void> {
  await shown(page.getByText(/^Mostrando \d+-\d+ de \d+ registros$/));
  await gone(page.getByRole('progressbar', { name: 'Cargando' }));
}

describe('payments to Getters', () => {
  it('registers a mass payment of two transactions and shows it in the history', async () => {
    const { name, debts } = await getterWithTwoDebts();
    const codes = debts.map((d) => d.userMoves[0].code);
    session = await chromium.open();
    const { page } = session;
    await loginAs(page, 'administracion@campo.test');
    await openMenu(page, 'Moves', 'Pagar');
    await atPath(page, '/payment-administration/pending');
    await shown(page.getByRole('heading', { name: 'Administracion de pagos a Getters' }));
    await listLoaded(page);

    // The date filter wants both dates.
    await page.getByLabel('Desde').fill('01/01/2024');
    await page.getByRole('button', { name: 'FILTRAR' }).click();
    await shown(page.getByText('Seleccione ambas fechas para filtrar.'));

    await page.getByRole('button', { name: 'PAGO MASIVO' }).click();
    await atPath(page, '/payment-administration/massive');
    await shown(page.getByText('Seleccione el Getter correspondiente'));
    const getter = page.getByRole('combobox', { name: 'Getter' });
    await getter.click();
    await getter.fill(name.split(' ').at(-1)!);
    await page.getByRole('option', { name: new RegExp(`^${name}`) }).first().click();
    expect(await getter.inputValue()).toMatch(new RegExp(`^${name}`));
    await gone(page.getByRole('progressbar', { name: 'Cargando' }));
    for (const code of codes) await setChecked(page.getByRole('checkbox', { name: `Seleccionar ${code}`, exact: true }), true);
    const selection = page.getByRole('status', { name: 'Selección' });
    await shown(selection.getByText(`2 transacciones seleccionadas · Total ${formatPesos(sumMoney(debts.map((d) => d.amount)))}`));

    // The bank's batch file: one line per ticked transaction with the Getter's account, and the total.
    const [batch] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'DESCARGAR LOTE CSV' }).click()]);
    expect(batch.suggestedFilename()).toMatch(new RegExp(`^lote-pagos-[a-z0-9-]+-${todayIso()}\\.csv$`));
    const [header, ...lines] = readFileSync(await batch.path(), 'utf8').replace(/^\uFEFF/, '').trimEnd().split('\r\n').map((line) => line.split(';'));
    expect(header).toEqual(['Getter', 'CUIT/CUIL', 'Tipo de cuenta', 'CBU / Mercado Pago', 'Monto', 'Moves', 'Transacción']);
    expect(lines).toHaveLength(3);
    for (const debt of debts) {
      const line = lines.find((l) => l[6] === String(debt.id))!;
      expect(line[0]).toBe(name);
      expect(line[4]).toBe(debt.amount);
      expect(line[5]).toBe(debt.userMoves.map((m) => m.code).join(' '));
      expect(line[3]).toBe(debt.accounts.user.profile.cbu ?? debt.accounts.user.profile.mercadoPago ?? '');
    }
    expect(lines[2].slice(0, 5)).toEqual(['TOTAL', '', '', '2 transacciones', sumMoney(debts.map((d) => d.amount))]);

    await page.getByRole('button', { name: 'Registrar pago' }).click();
    const dialog = page.getByRole('dialog', { name: 'Registrar pago' });
    await shown(dialog);
    const tomorrow = formatDisplayDate(todayIso(new Date(Date.now() + 36 * 3600 * 1000)));
    await dialog.getByLabel('Fecha de pago').fill(tomorrow);
    await dialog.getByLabel('Número de operación').fill('E2E 1');
    await dialog.getByLabel('Número de operación').blur();
    await shown(dialog.getByText('La fecha de pago no puede ser posterior a hoy.'));
    await shown(dialog.getByText('No debe contener espacios.'));
    expect(await dialog.getByRole('button', { name: 'Aceptar' }).isDisabled()).toBe(true);

    const code = `E2E-${Date.now().toString(36)}`;
    await dialog.getByLabel('Fecha de pago').fill(formatDisplayDate(todayIso()));
    await dialog.getByLabel('Número de operación').fill(code);
    await dialog.getByRole('button', { name: 'Aceptar' }).click();
    const success = page.getByRole('dialog', { name: 'Pago registrado' });
    await shown(success.getByText('El pago se realizó correctamente.'));
    await success.getByRole('button', { name: 'Cerrar' }).click();
    for (const c of codes) await gone(page.getByRole('checkbox', { name: `Seleccionar ${c}`, exact: true }));
    await shown(selection.getByText('0 transacciones seleccionadas · Total $ 0,00'));

    await page.getByRole('button', { name: 'CANCELAR PAGO MASIVO' }).click();
    await atPath(page, '/payment-administration/pending');
    await page.getByRole('button', { name: 'VER HISTORIAL DE PAGOS' }).click();
    await atPath(page, '/payment-administration/history');
    await shown(page.getByRole('heading', { name: 'Historial de pagos Realizados' }));
    await listLoaded(page);
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

    await page.getByRole('button', { name: 'VER PAGOS PENDIENTES' }).click();
    await atPath(page, '/payment-administration/pending');
    session.errors.assertNone();
  });
});
