/** The clients screens as an administrator: list, sort, filter, create, edit, view, deactivate, Excel. */
import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import * as XLSX from 'xlsx';
import { STALE_EDIT } from '../../domain/staleEdits';
import { atPath, baseUrl, chromiumPerFile, DEMO_PASSWORD, gone, holdRequests, loginAs, openMenu, pathOf, type Session, setChecked, shown, PAGER_SUMMARY } from './helpers';

const chromium = chromiumPerFile();
let session: Session | undefined;

const ACTIVE_DEMO_CLIENTS = ['Automotores Pampa', 'Banco Federal del Sur', 'Café del Plata', 'Supermercados Andinos'];

/** Logs in as admin and opens 'Clientes' > 'Lista de clientes' from the sidebar. */
async function openClientList(): Promise<Session> {
  session = await chromium.open();
  const { page } = session;
  await loginAs(page, 'admin@campo.test');
  await openMenu(page, 'Clientes', 'Lista de clientes');
  await atPath(page, '/clients');
  await shown(page.getByRole('heading', { name: 'Lista de Clientes' }));
  await listLoaded(page);
  return session;
}

const summary = (page: Page) => page.getByText(PAGER_SUMMARY);

/** Waits until the table shows rows and no request is running. */
async function listLoaded(page: Page): Promise<void> {
  await shown(summary(page));
  await gone(page.getByRole('progressbar', { name: 'Cargando' }));
}

/** The 'Nombre' column of the table body, top to bottom: whole (the title of a text cut on screen). */
const names = (page: Page) => page.locator('tbody tr td:nth-child(2)').evaluateAll((cells) => cells.map((c) => c.querySelector('[title]')?.getAttribute('title') ?? (c as HTMLElement).innerText));

/** How far the page reaches past the window's right edge (0: nothing is hidden sideways). */
const overflow = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
const row = (page: Page, name: string) => page.getByRole('row').filter({ has: page.getByRole('cell', { name, exact: true }) });
const stateFilter = (page: Page) => page.getByRole('checkbox', { name: 'Activo/Inactivo' });

describe('Lista de Clientes', () => {
  it('says it is loading until the first page comes, never that there are 0 records', async () => {
    session = await chromium.open();
    const { page, errors } = session;
    await loginAs(page, 'admin@campo.test');
    const held = await holdRequests(page, '**/api/clients/all-clients*', 'GET');
    await page.goto('/clients');
    await expect.poll(held.sent).toBeGreaterThan(0);
    await shown(page.getByText('Cargando registros…', { exact: true }));
    expect(await page.getByText('Mostrando 0-0 de 0 registros').count()).toBe(0);
    held.release();
    await shown(summary(page));
    await gone(page.getByText('Cargando registros…', { exact: true }));
    errors.assertNone();
  });

  it('says why an address with a search too long lists nothing, without counting 0 records, until the search is mended', async () => {
    session = await chromium.open();
    const { page, errors } = session;
    await loginAs(page, 'admin@campo.test');
    await page.goto(`/clients?filter=${encodeURIComponent(JSON.stringify({ q: 'a'.repeat(201) }))}`);
    await shown(page.getByText('La búsqueda admite hasta 200 caracteres.', { exact: true }));
    expect(await page.getByText(/^Mostrando /).count()).toBe(0);
    expect(await page.getByText('Filas por página', { exact: true }).count()).toBe(0);
    await page.getByRole('textbox', { name: 'Buscar' }).fill('Pampa');
    await shown(row(page, 'Automotores Pampa'));
    await shown(page.getByText('Mostrando 1-1 de 1 registros', { exact: true }));
    // The server's refusal is the error on screen, not a fault of the page.
    errors.assertNone([/400/]);
  });

  it('lists the active demo clients with the Spanish pager, sorted by name both ways, within a 1024 px window', async () => {
    const { page, errors } = await openClientList();
    const shownNames = await names(page);
    for (const name of ACTIVE_DEMO_CLIENTS) expect(shownNames).toContain(name);
    expect(shownNames).not.toContain('Farmacias Norte');
    const n = shownNames.length;
    await shown(page.getByText(`Mostrando 1-${n} de ${n} registros`, { exact: true }));
    await shown(page.getByText('Filas por página', { exact: true }));
    await shown(page.getByText('Págs. Totales: 1', { exact: true }));
    // The tab says the screen (a screen reader announces it on a navigation; it said 'Campo · Admin' everywhere).
    await expect.poll(() => page.title()).toBe('Lista de Clientes · Campo · Admin');

    // Sorted by name ascending at first; a click on 'Nombre' reverses it, another restores it.
    const ascending = [...shownNames];
    await page.getByRole('button', { name: 'Nombre', exact: true }).click();
    await expect.poll(() => names(page)).toEqual([...ascending].reverse());
    await page.getByRole('button', { name: 'Nombre', exact: true }).click();
    await expect.poll(() => names(page)).toEqual(ascending);
    expect(ascending.indexOf('Automotores Pampa')).toBeLessThan(ascending.indexOf('Supermercados Andinos'));

    // 'Activo/Inactivo' also shows the inactive ones.
    await setChecked(stateFilter(page), true);
    await shown(row(page, 'Farmacias Norte'));
    await shown(row(page, 'Farmacias Norte').getByText('Inactivo', { exact: true }));
    await shown(page.getByText(`Mostrando 1-${n + 1} de ${n + 1} registros`, { exact: true }));

    // An address asking for the inactive ones only: the box says it, half ticked; a click shows them all.
    await page.goto(`/clients?filter=${encodeURIComponent(JSON.stringify({ state: false }))}`);
    await shown(row(page, 'Farmacias Norte'));
    await gone(row(page, 'Supermercados Andinos'));
    await expect.poll(() => stateFilter(page).getAttribute('aria-checked')).toBe('mixed');
    await stateFilter(page).click();
    await shown(row(page, 'Supermercados Andinos'));
    await shown(page.getByText(`Mostrando 1-${n + 1} de ${n + 1} registros`, { exact: true }));
    expect(await stateFilter(page).isChecked()).toBe(true);

    // A text over 15 characters shows its first 10 and an ellipsis, whole in its title (spec 1 §2.2).
    const long = row(page, 'Supermercados Andinos').getByRole('cell', { name: 'Supermercados Andinos', exact: true });
    await shown(long.getByText('Supermerca…', { exact: true }));
    expect(await long.getByTitle('Supermercados Andinos').count()).toBe(1);

    // At 1024 px the lists stay within the window: the toolbar wraps (the 'Activos' / 'Inactivos'
    // pair together), and a table wider than the window scrolls inside its own container.
    await page.setViewportSize({ width: 1024, height: 800 });
    expect(await overflow(page)).toBe(0);
    await page.goto('/web-users');
    await listLoaded(page);
    expect(await overflow(page)).toBe(0);
    const [active, inactive] = await Promise.all(['Activos', 'Inactivos'].map((name) => page.getByRole('checkbox', { name, exact: true }).boundingBox()));
    expect(active!.y).toBe(inactive!.y);
    const massive = (await page.getByRole('button', { name: 'Carga masiva' }).boundingBox())!;
    expect(massive.x + massive.width).toBeLessThanOrEqual(1024);
    errors.assertNone();
  });

  it('says at once that a client does not exist (a 404 is not asked again)', async () => {
    const { page, errors } = await openClientList();
    const asked: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/api/clients/999999')) asked.push(request.url());
    });
    await page.goto('/clients/view/999999');
    // Retried, the message came after three more requests and ~8 s; asked once, it comes with the answer.
    await shown(page.getByText('El cliente no existe.'));
    expect(asked).toHaveLength(1);
    errors.assertNone([/status of 404/]);
  });

  it('creates, edits, views and deactivates a client', async () => {
    const { page, errors } = await openClientList();
    const name = `Ópticas E2E ${Date.now().toString(36)}`;

    await page.getByRole('button', { name: 'Nuevo Cliente' }).click();
    await atPath(page, '/clients/add');
    await shown(page.getByRole('heading', { name: 'Nuevo Cliente' }));
    // The chat button lies clear of 'Guardar': scrolled to the end on a short window, and unscrolled on
    // a window that ends just below it (the page a little taller than the window).
    const clear = async () => {
      const save = (await page.getByRole('button', { name: 'Guardar' }).boundingBox())!;
      const chat = (await page.getByRole('link', { name: 'Chat de soporte' }).boundingBox())!;
      const overlap = save.x < chat.x + chat.width && chat.x < save.x + save.width && save.y < chat.y + chat.height && chat.y < save.y + save.height;
      expect(overlap, `Guardar ${JSON.stringify(save)} · chat ${JSON.stringify(chat)}`).toBe(false);
      return save;
    };
    await page.setViewportSize({ width: 1366, height: 560 });
    await page.mouse.wheel(0, 5000);
    await clear();
    await page.setViewportSize({ width: 1366, height: 2000 });
    await page.mouse.wheel(0, -5000);
    const atRest = await clear();
    await page.setViewportSize({ width: 1366, height: Math.round(atRest.y + atRest.height + 16) });
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
    await clear();
    await page.setViewportSize({ width: 1366, height: 900 });

    const email = page.getByLabel('Email');
    await email.fill('no-es-un-mail');
    await email.blur();
    await shown(page.getByText('Dirección de email inválida', { exact: true }));
    await email.fill('calidad@opticas-e2e.com.ar');
    await email.blur();
    await gone(page.getByText('Dirección de email inválida', { exact: true }));

    // A name past its cap is told the cap, not only that it is too long.
    await page.getByLabel('Nombre').fill('N'.repeat(121));
    await page.getByLabel('Nombre').blur();
    await shown(page.getByText('El campo es demasiado largo (máximo 120 caracteres)', { exact: true }));
    await page.getByLabel('Nombre').fill(name);
    await gone(page.getByText(/^El campo es demasiado largo/));
    const type = page.getByRole('combobox', { name: 'Tipo de Cliente' });
    await type.click();
    await type.fill('Sal');
    await page.getByRole('option', { name: 'Salud', exact: true }).click();
    expect(await type.inputValue()).toBe('Salud');
    await page.getByLabel('Dirección').fill('Mitre 742, Córdoba');
    await page.getByLabel('URL de reclamos').fill('https://forms.opticas-e2e.com.ar/reclamos');
    await page.getByLabel('URL de contacto').fill('https://forms.opticas-e2e.com.ar/contacto');

    await page.getByRole('button', { name: 'Guardar' }).click();
    const confirm = page.getByRole('dialog', { name: 'Está seguro?' });
    await shown(confirm.getByText('Esta acción no se podrá deshacer.', { exact: true }));
    await confirm.getByRole('button', { name: 'Confirmar' }).click();
    await shown(page.getByText('Cliente creado con éxito'));
    await atPath(page, '/clients');
    await listLoaded(page);
    await shown(row(page, name));

    // Edit: select the row, 'Editar'.
    await row(page, name).getByRole('cell', { name, exact: true }).click();
    await row(page, name).getByRole('button', { name: 'Editar' }).click();
    await shown(page.getByRole('heading', { name: `Editar: ${name}` }));
    expect(await page.getByRole('combobox', { name: 'Tipo de Cliente' }).inputValue()).toBe('Salud');
    await page.getByLabel('Dirección').fill('Sarmiento 99');
    await page.getByRole('button', { name: 'Guardar' }).click();
    await shown(page.getByText('Cambios guardados con éxito'));
    await atPath(page, '/clients');
    await listLoaded(page);
    await shown(row(page, name).getByRole('cell', { name: 'Sarmiento 99', exact: true }));

    // View: the same fields, all disabled, and no 'Guardar'.
    await row(page, name).getByRole('button', { name: `Ver ${name}` }).click();
    await shown(page.getByRole('heading', { name, exact: true }));
    expect(await page.getByLabel('Dirección').inputValue()).toBe('Sarmiento 99');
    for (const label of ['Nombre', 'Dirección', 'Email', 'URL de reclamos', 'URL de contacto']) {
      expect(await page.getByLabel(label).isDisabled(), label).toBe(true);
    }
    expect(await page.getByRole('combobox', { name: 'Tipo de Cliente' }).isDisabled()).toBe(true);
    expect(await page.getByRole('button', { name: 'Guardar' }).count()).toBe(0);
    await page.getByRole('button', { name: 'Volver' }).click();
    await atPath(page, '/clients');
    await listLoaded(page);
    // The keyboard is back on the button that opened the client, not at the page's start.
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe(`Ver ${name}`);
    // So after the browser's Back.
    await row(page, name).getByRole('button', { name: `Ver ${name}` }).press('Enter');
    await shown(page.getByRole('heading', { name, exact: true }));
    await page.goBack();
    await atPath(page, '/clients');
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe(`Ver ${name}`);

    // Deactivate from the row: it leaves the active list and shows as 'Inactivo' with the inactive ones.
    await row(page, name).getByRole('button', { name: `Desactivar ${name}`, exact: true }).click();
    const question = page.getByRole('dialog', { name: 'Confirmación' });
    await shown(question.getByText('¿Está seguro que desea Activar/Desactivar este cliente?', { exact: true }));
    await question.getByRole('button', { name: 'Confirmar' }).click();
    await shown(page.getByText('Desactivado correctamente'));
    await gone(row(page, name));
    // The row went away with the keyboard's place: the list's table has it, not the page's start.
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe('Lista de Clientes');
    await setChecked(stateFilter(page), true);
    await shown(row(page, name).getByText('Inactivo', { exact: true }));
    await shown(row(page, name).getByRole('button', { name: 'Activar' }));
    errors.assertNone();
  });

  it("leads from a client's own view and edit to its points of sale and attributes, which name it", async () => {
    const name = 'Café del Plata';
    const { id } = (await api('admin@campo.test', 'GET', '/clients/all-clients?limit=100')).rows.find((c: { name: string }) => c.name === name) as { id: number };
    const { page, errors } = await openClientList();
    await row(page, name).getByRole('button', { name: `Ver ${name}` }).click();
    await atPath(page, `/clients/view/${id}`);
    await shown(page.getByRole('heading', { name, exact: true }));
    await page.getByRole('button', { name: 'Locaciones', exact: true }).click();
    await atPath(page, `/clients/${id}/branch-offices`);
    await shown(page.getByRole('heading', { name: 'Lista de locaciones', exact: true }));
    await shown(page.getByText(`Cliente: ${name}`, { exact: true }));
    await shown(summary(page));

    // From the edit form too: 'Atributos', whose list and each attribute name the client.
    await page.goto(`/clients/edit/${id}`);
    await shown(page.getByRole('heading', { name: `Editar: ${name}`, exact: true }));
    await page.getByRole('button', { name: 'Atributos', exact: true }).click();
    await atPath(page, `/clients/${id}/features`);
    await shown(page.getByRole('heading', { name: 'Lista de atributos', exact: true }));
    await shown(page.getByText(`Cliente: ${name}`, { exact: true }));
    await listLoaded(page);
    await page.locator('tbody tr').first().getByRole('cell').nth(1).click();
    await page.waitForURL(new RegExp(`/clients/${id}/features/view/\\d+$`));
    await expect.poll(() => page.getByRole('textbox', { name: 'Cliente', exact: true }).inputValue()).toBe(name);
    errors.assertNone();
  });

  it('"Excel" downloads an .xlsx with every client of the filter', async () => {
    const { page, errors } = await openClientList();
    await setChecked(stateFilter(page), true);
    await shown(row(page, 'Farmacias Norte'));
    await listLoaded(page);
    const listed = await names(page);

    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Excel' }).click()]);
    expect(download.suggestedFilename()).toBe('clientes.xlsx');
    const book = XLSX.read(readFileSync(await download.path()));
    const sheet = book.Sheets[book.SheetNames[0]];
    const [header, ...rows] = XLSX.utils.sheet_to_json<unknown[]>(sheet, { header: 1 });
    expect(header).toEqual(['ID', 'Nombre', 'Dirección', 'Teléfono', 'Email', 'Estado']);
    expect(rows.every((r) => Number.isInteger(r[0]))).toBe(true);
    const nameAt = header.indexOf('Nombre');
    expect(rows.map((r) => r[nameAt]).sort()).toEqual([...listed].sort());
    const stateAt = header.indexOf('Estado');
    expect(rows.find((r) => r[nameAt] === 'Farmacias Norte')?.[stateAt]).toBe('Inactivo');
    await shown(page.getByText(`Se descargaron ${listed.length} registros`));
    // Disabled while it downloaded, the button lost the keyboard to the page's start; it has it back.
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe('Excel');

    // Only the active ones once the filter is back.
    await setChecked(stateFilter(page), false);
    await gone(row(page, 'Farmacias Norte'));
    await listLoaded(page);
    const active = await names(page);
    const [second] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Excel' }).click()]);
    const activeBook = XLSX.read(readFileSync(await second.path()));
    const [, ...activeRows] = XLSX.utils.sheet_to_json<unknown[]>(activeBook.Sheets[activeBook.SheetNames[0]], { header: 1 });
    expect(activeRows.map((r) => r[nameAt]).sort()).toEqual([...active].sort());

    // 'Cancelar' stops a download under way: no file, no notice, the focus back on 'Excel'.
    let pages = 0;
    await page.route('**/api/clients/all-clients**', async (route) => {
      pages++;
      await new Promise((resolve) => setTimeout(resolve, 1_500));
      await route.fallback().catch(() => undefined);
    });
    let downloads = 0;
    page.on('download', () => downloads++);
    await gone(page.getByText(/^Se descargaron \d+ registros$/));
    await page.getByRole('button', { name: 'Excel' }).click();
    await shown(page.getByRole('button', { name: /^Descargando \d+%$/ }));
    await page.getByRole('button', { name: 'Cancelar' }).click();
    await shown(page.getByRole('button', { name: 'Excel' }));
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe('Excel');
    await page.waitForTimeout(3_000);
    expect(downloads).toBe(0);
    expect(pages).toBe(1);
    expect(await page.getByText(/^Se descargaron \d+ registros$/).count()).toBe(0);
    errors.assertNone();
  });
});

/** Calls the API as `email` (the way the console does, with a bearer token). */
async function api(email: string, method: string, path: string, body?: unknown): Promise<any> {
  const login = await fetch(`${baseUrl()}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email, password: DEMO_PASSWORD }) });
  const { token } = (await login.json()) as { token: string };
  const res = await fetch(`${baseUrl()}/api${path}`, { method, headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' }, body: body === undefined ? undefined : JSON.stringify(body) });
  if (!res.ok) throw new Error(`${method} ${path} answered ${res.status}: ${await res.text()}`);
  return res.json();
}

describe('Two people editing one client', () => {
  it('the later save is refused with the Spanish message, keeps what was typed, and saves after a reload', async () => {
    const name = `Ópticas Concurrentes ${Date.now().toString(36)}`;
    const { id } = await api('admin@campo.test', 'POST', '/clients/', {
      name,
      address: 'Mitre 742, Córdoba',
      telephone: '3514123456',
      email: 'calidad@concurrentes.com.ar',
      imageUrl: '',
      claimUrl: 'https://forms.concurrentes.com.ar/reclamos',
      contactUrl: 'https://forms.concurrentes.com.ar/contacto',
      linkSurveyMonkey: '',
      typeId: null,
    });

    // Both open the client's form before either saves.
    const ana = await chromium.open();
    const beto = await chromium.open();
    for (const [{ page }, email] of [[ana, 'admin@campo.test'], [beto, 'operaciones@campo.test']] as const) {
      await loginAs(page, email, { at: `/clients/edit/${id}` });
      await shown(page.getByRole('heading', { name: `Editar: ${name}` }));
    }
    await ana.page.getByLabel('Dirección').fill('Calle de Ana 100');
    await beto.page.getByLabel('Dirección').fill('Calle de Beto 200');

    await ana.page.getByRole('button', { name: 'Guardar' }).click();
    await shown(ana.page.getByText('Cambios guardados con éxito'));
    await atPath(ana.page, '/clients');

    // Beto's form was loaded before Ana's save: his would undo hers without him knowing.
    await beto.page.getByRole('button', { name: 'Guardar' }).click();
    const refused = beto.page.getByRole('dialog', { name: 'Ha ocurrido un error' });
    await shown(refused.getByText(STALE_EDIT.clients, { exact: true }));
    await refused.getByRole('button', { name: 'Cerrar' }).click();
    await gone(refused);
    expect(await beto.page.getByLabel('Dirección').inputValue()).toBe('Calle de Beto 200');
    expect(pathOf(beto.page)).toBe(`/clients/edit/${id}`);
    expect((await api('admin@campo.test', 'GET', `/clients/${id}`)).address).toBe('Calle de Ana 100');

    // Reloaded, the form shows Ana's address, and Beto's save goes through.
    await beto.page.reload();
    await shown(beto.page.getByRole('heading', { name: `Editar: ${name}` }));
    expect(await beto.page.getByLabel('Dirección').inputValue()).toBe('Calle de Ana 100');
    await beto.page.getByLabel('Dirección').fill('Calle de Beto 200');
    await beto.page.getByRole('button', { name: 'Guardar' }).click();
    await shown(beto.page.getByText('Cambios guardados con éxito'));
    await atPath(beto.page, '/clients');
    expect((await api('admin@campo.test', 'GET', `/clients/${id}`)).address).toBe('Calle de Beto 200');

    ana.errors.assertNone();
    beto.errors.assertNone([/status of 409/]);
  });

  it('a save whose answer was lost, pressed again, is saved: not refused as a change from another tab', async () => {
    const name = `Ópticas Sin Respuesta ${Date.now().toString(36)}`;
    const { id } = await api('admin@campo.test', 'POST', '/clients/', {
      name,
      address: 'Mitre 742, Córdoba',
      telephone: '3514123456',
      email: 'calidad@sinrespuesta.com.ar',
      imageUrl: '',
      claimUrl: 'https://forms.sinrespuesta.com.ar/reclamos',
      contactUrl: 'https://forms.sinrespuesta.com.ar/contacto',
      linkSurveyMonkey: '',
      typeId: null,
    });
    session = await chromium.open();
    const { page, errors } = session;
    await loginAs(page, 'admin@campo.test', { at: `/clients/edit/${id}` });
    await shown(page.getByRole('heading', { name: `Editar: ${name}` }));
    await page.getByLabel('Dirección').fill('Calle Guardada 300');
    // The server saves, but its answer never comes back (a proxy's 502, a dropped connection).
    let sent = 0;
    await page.route('**/api/clients', async (route) => {
      if (route.request().method() !== 'PUT' || sent++ > 0) return route.fallback();
      const answered = await route.fetch();
      expect(answered.status()).toBe(200);
      await route.abort('connectionreset');
    });
    await page.getByRole('button', { name: 'Guardar' }).click();
    const failed = page.getByRole('dialog', { name: 'Ha ocurrido un error' });
    await shown(failed.getByText('No se pudo conectar con el servidor. Revise su conexión e intente nuevamente.'));
    await failed.getByRole('button', { name: 'Cerrar' }).click();
    expect((await api('admin@campo.test', 'GET', `/clients/${id}`)).address).toBe('Calle Guardada 300');

    // Pressed again, the same save is the one that went through: no 409 naming another tab.
    await page.getByRole('button', { name: 'Guardar' }).click();
    await shown(page.getByText('Cambios guardados con éxito'));
    await atPath(page, '/clients');
    expect(sent).toBe(2);
    expect(await page.getByText(STALE_EDIT.clients).count()).toBe(0);
    // And the form opened again edits from that save on.
    await page.goto(`/clients/edit/${id}`);
    await shown(page.getByRole('heading', { name: `Editar: ${name}` }));
    await page.getByLabel('Dirección').fill('Calle Siguiente 400');
    await page.getByRole('button', { name: 'Guardar' }).click();
    await shown(page.getByText('Cambios guardados con éxito'));
    expect((await api('admin@campo.test', 'GET', `/clients/${id}`)).address).toBe('Calle Siguiente 400');
    errors.assertNone([/ERR_CONNECTION_RESET \(.*\/api\/clients\)/]);
  });
});

describe('a client that does not exist', () => {
  it('has no points of sale nor attributes to list: the screens say so and lead back', async () => {
    session = await chromium.open();
    const { page, errors } = session;
    await loginAs(page, 'admin@campo.test');
    // Nor a form to fill for it (saving would only then say so), nor, with an id that is no number, an empty page.
    for (const client of ['99999', 'abc']) {
      for (const section of ['branch-offices', 'features', 'add', 'massive', 'features/add']) {
        await page.goto(`/clients/${client}/${section}`);
        await shown(page.getByText('El cliente no existe.'));
        expect(await page.getByRole('button', { name: /^Nueva locacion$|^Nuevo atributo$|^Guardar$/ }).count()).toBe(0);
      }
    }
    await page.getByRole('button', { name: 'Volver a la lista de clientes' }).click();
    await atPath(page, '/clients');
    errors.assertNone([/status of 404/]);
  });

  it('an attribute opened under another client’s address is shown under its own client’s', async () => {
    session = await chromium.open();
    const { page, errors } = session;
    await loginAs(page, 'admin@campo.test');
    const [mine, other] = (await api('admin@campo.test', 'GET', '/clients/all-clients?limit=2&sort=id&order=ASC')).rows as { id: number }[];
    const feature = (await api('admin@campo.test', 'GET', `/features/client/${mine.id}?limit=1`)).rows[0] as { id: number; name: string };
    for (const mode of ['view', 'edit']) {
      await page.goto(`/clients/${other.id}/features/${mode}/${feature.id}`);
      await atPath(page, `/clients/${mine.id}/features/${mode}/${feature.id}`);
      await shown(page.getByRole('heading', { name: mode === 'edit' ? `Editar: ${feature.name}` : feature.name, exact: true }));
    }
    await page.getByRole('button', { name: 'Volver' }).click();
    await atPath(page, `/clients/${mine.id}/features`);
    errors.assertNone();
  });
});

describe('A client’s banner on its users’ dashboard', () => {
  it('takes an address without https:// as a link, and shows the client’s name when the image does not load', async () => {
    const name = `Heladerías Banner ${Date.now().toString(36)}`;
    const { id } = await api('admin@campo.test', 'POST', '/clients/', {
      name,
      address: 'Mitre 742, Córdoba',
      telephone: '3514123456',
      email: 'calidad@banner.com.ar',
      imageUrl: 'cdn.banner-e2e.test/banners/heladerias.png',
      claimUrl: 'https://forms.banner-e2e.test/reclamos',
      contactUrl: 'https://forms.banner-e2e.test/contacto',
      linkSurveyMonkey: '',
      typeId: null,
    });
    const email = `banner.${Date.now().toString(36)}@e2e.com.ar`;
    await api('admin@campo.test', 'POST', '/web-users/', { names: 'Bruno', lastName: 'Banner', email, password: DEMO_PASSWORD, rolId: 5, clientId: id });

    const session = await chromium.open();
    const asked: string[] = [];
    session.page.on('request', (r) => asked.push(r.url()));
    await loginAs(session.page, email);
    await shown(session.page.getByRole('heading', { name: 'Panel de Bruno' }));
    // Read as a path, it was asked of the console's own server; as a link, of its host (unreachable here).
    await expect.poll(() => asked.some((u) => u.startsWith('https://cdn.banner-e2e.test/banners/heladerias.png'))).toBe(true);
    expect(asked.filter((u) => u.includes(`${baseUrl()}/cdn.banner-e2e.test`))).toEqual([]);
    // It did not load: the strip with the client's name instead of a broken image.
    await shown(session.page.getByText(name, { exact: true }));
    expect(await session.page.getByRole('img', { name: `Banner de ${name}` }).count()).toBe(0);
    session.errors.assertNone([/ERR_NAME_NOT_RESOLVED|ERR_CONNECTION|Failed to load resource/]);
  });
});

describe('The bulk upload of clients (Carga de clientes)', () => {
  it('gives the template, shows a bad line in Estado and loads nothing, then loads a good file whole', async () => {
    const session = await chromium.open();
    const { page, errors } = session;
    await loginAs(page, 'admin@campo.test');
    await openMenu(page, 'Clientes', 'Carga de clientes');
    await shown(page.getByRole('heading', { name: 'Carga de clientes', exact: true }));
    const state = page.getByRole('region', { name: 'Estado' });
    await shown(state.getByText('Si el archivo tiene errores, aparecerán aquí, uno por línea.'));

    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'DESCARGAR CSV' }).click()]);
    expect(download.suggestedFilename()).toBe('clientes.csv');
    const header = readFileSync(await download.path(), 'utf8').replace(/^\uFEFF/, '').trimEnd();
    expect(header).toBe('Nombre;Dirección;Teléfono;Email;Tipo;URL de la imagen (banner);URL de reclamos;URL de contacto;Link de encuesta');

    const run = Date.now().toString(36);
    const line = (name: string, email = 'calidad@cliente.com.ar') => `${name};Av. Colón 1200;3514123456;${email};Retail;;https://forms.cliente.com.ar/reclamos;https://forms.cliente.com.ar/contacto;`;
    const input = page.getByTestId('file-input');
    await input.setInputFiles({ name: 'clientes.csv', mimeType: 'text/csv', buffer: Buffer.from(`\uFEFF${[header, line(`Cargado A ${run}`), line(`Cargado B ${run}`, 'mal-escrito@')].join('\r\n')}`) });
    await page.getByRole('button', { name: 'Subir' }).click();
    await shown(state.getByText('El archivo tiene 1 error: no se cargó ningún cliente.'));
    await shown(state.getByText(/^Línea 3: .*\(Email\)$/));
    expect((await api('admin@campo.test', 'GET', `/clients/all-clients?q=${encodeURIComponent(`Cargado A ${run}`)}`)).count).toBe(0);

    await input.setInputFiles({ name: 'clientes.csv', mimeType: 'text/csv', buffer: Buffer.from(`\uFEFF${[header, line(`Cargado A ${run}`), line(`Cargado B ${run}`)].join('\r\n')}`) });
    await page.getByRole('button', { name: 'Subir' }).click();
    await shown(state.getByText('Se cargaron 2 clientes.'));
    await openMenu(page, 'Clientes', 'Lista de clientes');
    await page.getByRole('textbox', { name: 'Buscar' }).fill(`Cargado A ${run}`);
    await shown(page.getByText('Mostrando 1-1 de 1 registros', { exact: true }));
    errors.assertNone([/status of 400/]);
  });
});
