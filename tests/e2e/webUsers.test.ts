/** Web users as an administrator: the form's client rule, bulk import, activation, exports. */
import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { afterAll, describe, expect, it, onTestFinished } from 'vitest';
import * as XLSX from 'xlsx';
import { WEB_USER_TEXT } from '../../domain/webUsers';
import { IMPORT_TEXT } from '../../domain/webUsersImport';
import { adminToken, atPath, callApi, chromiumPerFile, DEMO_PASSWORD, gone, holdRequests, loginAs, openMenu, type Session, shown, UI_TIMEOUT, PAGER_SUMMARY } from './helpers';

const chromium = chromiumPerFile();
let session: Session | undefined;

const summary = (page: Page) => page.getByText(PAGER_SUMMARY);
async function listLoaded(page: Page): Promise<void> {
  await shown(summary(page));
  await gone(page.getByRole('progressbar', { name: 'Cargando' }));
}
const row = (page: Page, email: string) => page.getByRole('row').filter({ has: page.getByRole('cell', { name: email, exact: true }) });

/** Logs in as admin and opens 'Usuarios' from the sidebar. */
async function openUsers(): Promise<Session> {
  session = await chromium.open();
  const { page } = session;
  await loginAs(page, 'admin@campo.test');
  await openMenu(page, null, 'Usuarios');
  await atPath(page, '/web-users');
  await shown(page.getByRole('heading', { name: 'Usuarios', exact: true }));
  await listLoaded(page);
  return session;
}

async function search(page: Page, text: string) {
  await page.getByRole('textbox', { name: 'Texto' }).fill(text);
  await shown(page.getByText(/^Mostrando 1-1 de 1 registros$/));
}

async function pick(page: Page, combobox: string, option: string) {
  const box = page.getByRole('combobox', { name: combobox });
  await box.click();
  await box.fill(option.slice(0, 4));
  await page.getByRole('option', { name: option, exact: true }).click();
}

const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const HEADER = ['Nombre', 'Apellido', 'Email', 'Telefono', 'Rol'];

function workbook(rows: unknown[][]): Buffer {
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet(rows), 'bulk_users');
  return XLSX.write(book, { type: 'buffer', bookType: 'xlsx' }) as Buffer;
}

describe('the user form', () => {
  it('keeps describing the rows on screen while the next page is on its way, then the new ones', async () => {
    const { page, errors } = await openUsers();
    const first = (await summary(page).textContent())!;
    const [, to, total] = /^Mostrando 1-(\d+) de (\d+) registros$/.exec(first)!.map(Number);
    expect(total).toBeGreaterThan(to);
    const firstRow = await page.locator('tbody tr').first().textContent();
    const held = await holdRequests(page, '**/api/web-users?*', 'GET');
    await page.getByRole('button', { name: 'Página siguiente' }).click();
    await expect.poll(held.sent).toBeGreaterThan(0);
    // The page asked for is 2; its rows are not here yet, and the words still describe the first page's.
    await expect.poll(() => page.getByRole('textbox', { name: 'Número de página' }).inputValue()).toBe('2');
    expect(await page.locator('tbody tr').first().textContent()).toBe(firstRow);
    expect(await summary(page).textContent()).toBe(first);
    held.release();
    await shown(page.getByText(`Mostrando ${to + 1}-${Math.min(total, 2 * to)} de ${total} registros`, { exact: true }));
    expect(await page.locator('tbody tr').first().textContent()).not.toBe(firstRow);
    // A page number past the last goes to the last page (it was ignored).
    const pages = Math.ceil(total / to);
    const pageNumber = page.getByRole('textbox', { name: 'Número de página' });
    await pageNumber.fill('999');
    await pageNumber.press('Enter');
    await shown(page.getByText(`Mostrando ${(pages - 1) * to + 1}-${total} de ${total} registros`, { exact: true }));
    expect(await pageNumber.inputValue()).toBe(String(pages));
    errors.assertNone();
  });

  it('refuses a client user without a client, clears the client for staff roles, and creates it with one', async () => {
    const { page, errors } = await openUsers();
    await page.getByRole('button', { name: 'Nuevo usuario' }).click();
    await shown(page.getByRole('heading', { name: 'Nuevo usuario' }));
    await page.getByLabel('Nombres').fill('Graciela');
    await page.getByLabel('Apellido').fill('Montenegro');
    await page.getByLabel('Email').fill('graciela.montenegro@cafedelplata.com.ar');
    await page.getByLabel('Contraseña').fill('Cafe#2026x');
    await pick(page, 'Rol', 'Cliente');
    await page.getByRole('button', { name: 'Guardar' }).click();
    await shown(page.getByText('El rol seleccionado requiere un cliente.'));
    expect(await page.getByRole('dialog').count()).toBe(0);

    // A Getter has no client: the field is disabled.
    await pick(page, 'Rol', 'Getter');
    await gone(page.getByText('El rol seleccionado requiere un cliente.'));
    expect(await page.getByRole('combobox', { name: 'Cliente' }).isDisabled()).toBe(true);

    await pick(page, 'Rol', 'Cliente');
    await shown(page.getByRole('checkbox', { name: 'Descargar video mystery' }));
    // A permission ticked under one role is not ticked again, unasked, when the role comes back.
    await page.getByRole('checkbox', { name: 'Descargar video mystery' }).check();
    await pick(page, 'Rol', 'Operaciones');
    await gone(page.getByRole('checkbox', { name: 'Descargar video mystery' }));
    await pick(page, 'Rol', 'Franquicia');
    expect(await page.getByRole('checkbox', { name: 'Descargar video mystery' }).isChecked()).toBe(false);
    await pick(page, 'Rol', 'Cliente');
    expect(await page.getByRole('checkbox', { name: 'Descargar video mystery' }).isChecked()).toBe(false);
    await pick(page, 'Cliente', 'Café del Plata');
    await page.getByRole('checkbox', { name: 'Descargar video mystery' }).check();
    await page.getByRole('button', { name: 'Guardar' }).click();
    await page.getByRole('dialog', { name: 'Está seguro?' }).getByRole('button', { name: 'Confirmar' }).click();
    await atPath(page, '/web-users');
    await search(page, 'graciela.montenegro');
    await shown(row(page, 'graciela.montenegro@cafedelplata.com.ar').getByRole('cell', { name: 'Cliente', exact: true }));

    // A row click opens the user; the permission is there.
    await row(page, 'graciela.montenegro@cafedelplata.com.ar').getByRole('cell', { name: 'Montenegro', exact: true }).click();
    await shown(page.getByRole('heading', { name: 'Graciela Montenegro' }));
    expect(await page.getByRole('checkbox', { name: 'Descargar video mystery' }).isChecked()).toBe(true);
    expect(await page.getByRole('combobox', { name: 'Cliente' }).inputValue()).toBe('Café del Plata');

    // An address that names no user says so, as a user that does not exist does, without asking for /NaN.
    const asked: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/api/web-users/NaN')) asked.push(request.url());
    });
    await page.goto('/web-users/edit/abc');
    await shown(page.getByText('El usuario no existe.', { exact: true }));
    expect(asked).toEqual([]);
    errors.assertNone();
  });

  it('keeps the keyboard in the pager when the page it goes to disables the button pressed', async () => {
    const { page, errors } = await openUsers();
    const focused = () => page.evaluate(() => document.activeElement?.getAttribute('aria-label') ?? document.activeElement?.tagName ?? null);
    const total = Number((await summary(page).innerText()).match(/de (\d+)/)![1]);
    expect(total).toBeGreaterThan(10);
    await page.getByRole('button', { name: 'Última página' }).focus();
    await page.keyboard.press('Enter');
    await shown(page.getByText(new RegExp(`^Mostrando \\d+-${total} de ${total} registros$`)));
    await expect.poll(focused).toBe('Página anterior');
    await page.getByRole('button', { name: 'Primera página' }).focus();
    await page.keyboard.press('Enter');
    await shown(page.getByText(`Mostrando 1-10 de ${total} registros`));
    await expect.poll(focused).toBe('Página siguiente');
    errors.assertNone();
  });

  it('takes the keyboard to the first wrong field when Guardar finds errors', async () => {
    const { page, errors } = await openUsers();
    await page.getByRole('button', { name: 'Nuevo usuario' }).click();
    await shown(page.getByRole('heading', { name: 'Nuevo usuario' }));
    const focusedId = () => page.evaluate(() => document.activeElement?.id ?? null);
    await page.getByLabel('Nombres').fill('Graciela');
    await page.getByLabel('Email').fill('no es un email');
    await page.getByRole('button', { name: 'Guardar' }).click();
    // The first wrong field in the form's order is 'Apellido' (empty), not 'Email' further down.
    await expect.poll(focusedId).toBe(await page.getByLabel('Apellido').getAttribute('id'));
    await page.keyboard.type('Montenegro');
    expect(await page.getByLabel('Apellido').inputValue()).toBe('Montenegro');
    errors.assertNone();
  });

  it("offers no change of one's own role or state, saying why; another user's stay open", async () => {
    const { page, errors } = await openUsers();
    await search(page, 'admin@campo.test');
    await row(page, 'admin@campo.test').getByRole('button', { name: /^Editar/ }).click();
    await page.waitForURL(/\/web-users\/edit\/\d+$/);
    // The form, not the list's own 'Rol' filter while the form is on its way.
    await shown(page.getByRole('heading', { name: /^Editar usuario: / }));
    const role = page.getByRole('combobox', { name: 'Rol' });
    await shown(role);
    await expect.poll(() => role.isDisabled()).toBe(true);
    await shown(page.getByText(WEB_USER_TEXT.selfRole, { exact: true }));
    expect(await page.getByRole('checkbox', { name: 'Activo' }).isDisabled()).toBe(true);
    await shown(page.getByText(WEB_USER_TEXT.selfDeactivate, { exact: true }));

    await page.goto('/web-users');
    await search(page, 'operaciones@campo.test');
    await row(page, 'operaciones@campo.test').getByRole('button', { name: /^Editar/ }).click();
    await page.waitForURL(/\/web-users\/edit\/\d+$/);
    await shown(page.getByRole('heading', { name: /^Editar usuario: / }));
    await expect.poll(() => page.getByRole('combobox', { name: 'Rol' }).inputValue(), { timeout: UI_TIMEOUT }).not.toBe('');
    expect(await page.getByRole('combobox', { name: 'Rol' }).isDisabled()).toBe(false);
    expect(await page.getByRole('checkbox', { name: 'Activo' }).isDisabled()).toBe(false);
    expect(await page.getByText(WEB_USER_TEXT.selfRole).count()).toBe(0);
    errors.assertNone();
  });
});

describe('bulk import', () => {
  it('shows a misnamed column in red, then imports a good file with a result per row', async () => {
    const { page, errors } = await openUsers();
    await page.getByRole('button', { name: 'Carga masiva' }).click();
    await atPath(page, '/web-users/massive');
    await shown(page.getByRole('heading', { name: 'Carga masiva de usuarios' }));
    const upload = page.getByRole('button', { name: 'Subir' });
    const input = page.getByTestId('file-input');
    const status = page.getByLabel('Estado de la carga');

    const bad = workbook([['Nombre', 'Apellido', 'Correo', 'Telefono', 'Rol'], ['Iris', 'Vallejos', 'iris@andinos.com.ar', '', 'Cliente']]);
    await input.setInputFiles({ name: 'usuarios.xlsx', mimeType: XLSX_TYPE, buffer: bad });
    await shown(page.getByRole('alert').filter({ hasText: 'Columna Email faltante o mal escrita.' }));
    await pick(page, 'Cliente', 'Supermercados Andinos');
    expect(await upload.isDisabled()).toBe(true);

    // The import makes users of the chosen client: an administrator's row is refused.
    const staff = workbook([[...HEADER], ['Iris', 'Vallejos', 'iris@andinos.com.ar', '', 'Administrador']]);
    await input.setInputFiles({ name: 'usuarios.xlsx', mimeType: XLSX_TYPE, buffer: staff });
    await shown(status.getByRole('alert').filter({ hasText: 'Fila 2: Rol: La carga masiva crea usuarios del cliente elegido' }));
    expect(await upload.isDisabled()).toBe(true);

    // Every mistake of a row said at once, in the columns' order: one correction, not one upload per mistake.
    const messy = workbook([[...HEADER], ['', 'Vallejos', 'iris-en-andinos', '11 45', 'Jefe']]);
    await input.setInputFiles({ name: 'usuarios.xlsx', mimeType: XLSX_TYPE, buffer: messy });
    await shown(
      status.getByRole('alert').filter({
        hasText: 'Fila 2: Nombre: Requerido; Email: Dirección de email inválida; Telefono: Número de teléfono es inválido; Rol: Rol inválido: escriba el número o el nombre del rol.',
      }),
    );
    expect(await upload.isDisabled()).toBe(true);

    // An e-mail a user already has, said with the rest before the upload (it was said only after it).
    const taken = workbook([[...HEADER], ['Iris', 'Vallejos', 'iris.vallejos@andinos.com.ar', '', 'Cliente'], ['Omar', 'Otro', 'OPERACIONES@campo.test', '', 'Cliente']]);
    await input.setInputFiles({ name: 'usuarios.xlsx', mimeType: XLSX_TYPE, buffer: taken });
    await shown(status.getByRole('alert').filter({ hasText: `Fila 3: Email: ${IMPORT_TEXT.emailTaken}` }));
    expect(await upload.isDisabled()).toBe(true);

    const good = [
      [...HEADER],
      ['Iris', 'Vallejos', 'iris.vallejos@andinos.com.ar', 2615550101, 'Cliente'],
      ['Bruno', 'Arce', 'bruno.arce@andinos.com.ar', '', 'Franquicia'],
    ];
    // Over the server's 5 MB: refused when chosen, before any upload.
    await input.setInputFiles({ name: 'enorme.xlsx', mimeType: XLSX_TYPE, buffer: Buffer.alloc(5 * 1024 * 1024 + 1, 'a') });
    await shown(status.getByRole('alert').filter({ hasText: 'El archivo supera el tamaño máximo permitido (5 MB).' }));
    expect(await upload.isDisabled()).toBe(true);

    await input.setInputFiles({ name: 'usuarios-ok.xlsx', mimeType: XLSX_TYPE, buffer: workbook(good) });
    await shown(page.getByText('Archivo listo para subir: 2 filas.'));
    await shown(page.getByText('usuarios-ok.xlsx'));
    // The server's answer held back a moment, to read the screen while it works.
    await page.route('**/api/web-users/massive', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 1_500));
      await route.fallback();
    });
    await upload.click();
    const confirm = page.getByRole('dialog', { name: 'Confirmar carga' });
    await shown(confirm.getByText('Se crearán 2 usuarios para el cliente Supermercados Andinos. ¿Desea continuar?'));
    await confirm.getByRole('button', { name: 'Confirmar' }).click();
    // Meanwhile the screen says what goes on, and the client the file goes with can't be changed.
    await shown(page.getByRole('status').filter({ hasText: /^(Subiendo… \d+%|Procesando el archivo en el servidor…)$/ }));
    expect(await page.getByRole('combobox', { name: 'Cliente' }).isDisabled()).toBe(true);
    // The file is spent: the status tells the outcome and SUBIR waits for a file chosen again.
    await shown(status.getByText('Se importaron 2 usuarios.'));
    expect(await page.getByRole('combobox', { name: 'Cliente' }).isDisabled()).toBe(false);
    // Said once on the page (the panel), besides the passing notice. The page is read by role only once the
    // dialog has closed: while it fades out the page behind it is aria-hidden, and 'main' is not found.
    await gone(confirm);
    expect(await page.getByRole('main').getByText('Se importaron 2 usuarios.').count()).toBe(1);
    await gone(status.getByText(/Archivo listo/));
    expect(await upload.isDisabled()).toBe(true);
    const results = page.getByRole('table', { name: 'Resultado por fila' });
    await shown(results.getByRole('img', { name: 'Creado' }));
    expect(await results.getByRole('img', { name: 'Creado' }).count()).toBe(2);
    await shown(results.getByRole('cell', { name: 'bruno.arce@andinos.com.ar' }));

    // One of them again: its e-mail is taken now, said as the file is chosen.
    const again = workbook([[...HEADER], good[1]]);
    await input.setInputFiles({ name: 'usuarios-otra-vez.xlsx', mimeType: XLSX_TYPE, buffer: again });
    await shown(status.getByRole('alert').filter({ hasText: `Fila 2: Email: ${IMPORT_TEXT.emailTaken}` }));
    expect(await upload.isDisabled()).toBe(true);
    // Taken between that check and the upload (the check answered it free): the server refuses it, nothing
    // is written, and the status says why in red.
    await page.route('**/api/web-users/taken-emails', (route) => route.fulfill({ json: { taken: [] } }));
    const meanwhile = workbook([[...HEADER], [good[1][0], good[1][1], String(good[1][2]).toUpperCase(), good[1][3], good[1][4]]]);
    await input.setInputFiles({ name: 'usuarios-otra-vez.xlsx', mimeType: XLSX_TYPE, buffer: meanwhile });
    await shown(status.getByText('Archivo listo para subir: 1 fila.'));
    await upload.click();
    const confirmOne = page.getByRole('dialog', { name: 'Confirmar carga' });
    await shown(confirmOne.getByText('Se creará 1 usuario para el cliente Supermercados Andinos. ¿Desea continuar?'));
    await confirmOne.getByRole('button', { name: 'Confirmar' }).click();
    await shown(page.getByRole('alert').filter({ hasText: 'No se importó ningún usuario: corrija las filas con error y vuelva a subir el archivo.' }));
    await shown(status.getByRole('alert').filter({ hasText: 'Fila 2: Email: Ya existe un usuario con ese email.' }));
    await shown(results.getByRole('cell', { name: 'Email: Ya existe un usuario con ese email.' }));
    expect(await results.getByRole('img', { name: 'Error' }).count()).toBe(1);
    expect(await upload.isDisabled()).toBe(true);

    const [template] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Descargar plantilla' }).click()]);
    expect(template.suggestedFilename()).toBe('plantilla_usuarios.xlsx');
    const book = XLSX.read(readFileSync(await template.path()));
    expect(book.SheetNames).toEqual(['bulk_users']);
    expect(XLSX.utils.sheet_to_json(book.Sheets.bulk_users, { header: 1 })).toEqual([['Nombre', 'Apellido', 'Email', 'Telefono', 'Rol']]);

    await page.getByRole('button', { name: 'Volver' }).click();
    await listLoaded(page);
    await search(page, 'iris.vallejos');
    await shown(row(page, 'iris.vallejos@andinos.com.ar'));
    errors.assertNone([/status of 400/]);
  });
});

describe('the client picker', () => {
  it('offers clients past the first 1,000 names', async () => {
    session = await chromium.open();
    const { page, errors } = session;
    // A thousand clients sort before the real ones: whatever is asked without a search is only theirs.
    const seen: { q: string | null; limit: string | null; offset: string | null }[] = [];
    await page.route('**/api/clients/all-clients?*', async (route) => {
      const url = new URL(route.request().url());
      const asked = { q: url.searchParams.get('q'), limit: url.searchParams.get('limit'), offset: url.searchParams.get('offset') };
      seen.push(asked);
      if (asked.q === null) {
        const rows = Array.from({ length: 1000 }, (_, i) => ({ id: 900_000 + i, name: `Aaa cliente ${String(i).padStart(4, '0')}`, state: true }));
        return route.fulfill({ json: { rows: rows.slice(0, Number(asked.limit ?? 100)), count: 1000 + 5 } });
      }
      return route.continue();
    });
    await loginAs(page, 'admin@campo.test', { at: '/web-users/massive' });
    await shown(page.getByRole('heading', { name: 'Carga masiva de usuarios' }));
    // Opened, the picker offers the first names and asks for more typing.
    await page.getByRole('combobox', { name: 'Cliente' }).click();
    await shown(page.getByRole('option', { name: 'Aaa cliente 0000', exact: true }));
    await shown(page.getByRole('option', { name: 'Escriba para buscar un cliente' }));
    await page.keyboard.press('Escape');
    await pick(page, 'Cliente', 'Supermercados Andinos');
    expect(await page.getByRole('combobox', { name: 'Cliente' }).inputValue()).toBe('Supermercados Andinos');
    // Found by the server's search for what was typed, a page at a time: no list of every client.
    expect(seen.some((asked) => asked.q === 'Supe')).toBe(true);
    expect(seen.filter((asked) => Number(asked.limit) > 51 || asked.offset !== null)).toEqual([]);
    errors.assertNone();
  });

  it('says so when the template cannot be generated, rather than doing nothing', async () => {
    session = await chromium.open();
    const { page, errors } = session;
    await loginAs(page, 'admin@campo.test', { at: '/web-users/massive' });
    await shown(page.getByRole('button', { name: 'Descargar plantilla' }));
    // The spreadsheet library, loaded only when needed, does not arrive (a dropped connection, a new deploy).
    await page.route(/\/assets\/xlsx-[^/]*\.js$/, (route) => route.abort('internetdisconnected'));
    await page.getByRole('button', { name: 'Descargar plantilla' }).click();
    const problem = page.getByRole('dialog', { name: 'Ha ocurrido un error' });
    await shown(problem.getByText('Ha ocurrido un error al intentar generar el archivo.', { exact: true }));
    await problem.getByRole('button', { name: 'Cerrar' }).click();
    await gone(problem);
    errors.assertNone([/ERR_INTERNET_DISCONNECTED|Failed to fetch dynamically imported module/]);
  });
});

describe('the bulk import, sent once', () => {
  it("says when the browser cannot read the file, and uploads it once on a double 'Confirmar'", async () => {
    // Motion as most users have it: the confirmation fades out, and a double click lands on it twice.
    session = await chromium.open({ reducedMotion: 'no-preference' });
    const { page, errors } = session;
    await loginAs(page, 'admin@campo.test', { at: '/web-users/massive' });
    await shown(page.getByRole('heading', { name: 'Carga masiva de usuarios' }));
    const input = page.getByTestId('file-input');
    const status = page.getByLabel('Estado de la carga');
    await pick(page, 'Cliente', 'Supermercados Andinos');
    const rows = [[...HEADER], ['Lía', 'Benítez', `lia.benitez.${Date.now().toString(36)}@andinos.com.ar`, '', 'Cliente']];

    // The spreadsheet reader cannot load (a version deployed meanwhile, the network): said in 'Estado'.
    await page.route('**/assets/xlsx-*.js', (route) => route.abort());
    await input.setInputFiles({ name: 'usuarios.xlsx', mimeType: XLSX_TYPE, buffer: workbook(rows) });
    await shown(status.getByText('No se pudo leer el archivo en el navegador. Recargue la página e intente de nuevo.'));
    expect(await page.getByRole('button', { name: 'Subir' }).isDisabled()).toBe(true);
    await page.unroute('**/assets/xlsx-*.js');

    await page.reload();
    await shown(page.getByRole('heading', { name: 'Carga masiva de usuarios' }));
    await pick(page, 'Cliente', 'Supermercados Andinos');
    await input.setInputFiles({ name: 'usuarios.xlsx', mimeType: XLSX_TYPE, buffer: workbook(rows) });
    await shown(status.getByText('Archivo listo para subir: 1 fila.'));
    let sent = 0;
    await page.route('**/api/web-users/massive', async (route) => {
      sent += 1;
      await route.fallback();
    });
    await page.getByRole('button', { name: 'Subir' }).click();
    const confirm = page.getByRole('dialog', { name: 'Confirmar carga' });
    await confirm.getByRole('button', { name: 'Confirmar' }).dblclick();
    await shown(status.getByText('Se importó 1 usuario.'));
    await page.waitForTimeout(500);
    expect(sent).toBe(1);
    errors.assertNone([/xlsx-.*\.js/, /Failed to fetch dynamically imported module/, /xlsx read failed/]);
  });

  it('asks before leaving while the file loads; left anyway, a refused load is told in a notice', async () => {
    session = await chromium.open();
    const { page, errors } = session;
    await loginAs(page, 'admin@campo.test', { at: '/web-users/massive' });
    await shown(page.getByRole('heading', { name: 'Carga masiva de usuarios' }));
    await pick(page, 'Cliente', 'Supermercados Andinos');
    // An e-mail taken after the browser's check (faked free): the server refuses the whole file.
    await page.route('**/api/web-users/taken-emails', (route) => route.fulfill({ json: { taken: [] } }));
    await page.getByTestId('file-input').setInputFiles({ name: 'usuarios-tarde.xlsx', mimeType: XLSX_TYPE, buffer: workbook([[...HEADER], ['Ona', 'Tarde', 'operaciones@campo.test', '', 'Cliente']]) });
    await shown(page.getByLabel('Estado de la carga').getByText('Archivo listo para subir: 1 fila.'));
    const held = await holdRequests(page, '**/api/web-users/massive', 'POST');
    await page.getByRole('button', { name: 'Subir' }).click();
    await page.getByRole('dialog', { name: 'Confirmar carga' }).getByRole('button', { name: 'Confirmar' }).click();
    await expect.poll(() => held.sent()).toBe(1);

    await page.getByRole('button', { name: 'Volver' }).click();
    const ask = page.getByRole('dialog', { name: 'La carga sigue en curso' });
    await shown(ask.getByText('El servidor la terminará aunque salga, y su resultado aparecerá en un aviso. ¿Deseas salir?', { exact: true }));
    await ask.getByRole('button', { name: 'Confirmar' }).click();
    await atPath(page, '/web-users');
    held.release();
    await shown(page.getByText(`usuarios-tarde.xlsx: ${IMPORT_TEXT.rowsWithErrors}`, { exact: true }));
    errors.assertNone([/status of 400/]);
  });
});

describe('the list', () => {
  it('keeps WhatsApp off for a user without a phone, saying why, and the form asks for a phone while the user gets it', async () => {
    const { page, errors } = await openUsers();
    // A login of the README, with no phone.
    await search(page, 'operaciones@campo.test');
    const omar = row(page, 'operaciones@campo.test').getByRole('switch', { name: 'WhatsApp Omar Operaciones' });
    expect(await omar.isChecked()).toBe(false);
    expect(await omar.isDisabled()).toBe(true);
    expect(await omar.evaluate((input) => document.getElementById(input.getAttribute('aria-describedby') ?? '')?.textContent)).toBe(WEB_USER_TEXT.whatsappNoPhone);
    await shown(row(page, 'operaciones@campo.test').getByTitle(WEB_USER_TEXT.whatsappNoPhone));

    // A client's contact gets the notifications: its phone cannot be emptied while it does.
    await search(page, 'contacto@supermercados.andinos');
    const contact = row(page, 'contacto@supermercados.andinos.campo.test');
    const whatsapp = contact.getByRole('switch', { name: /^WhatsApp / });
    expect([await whatsapp.isChecked(), await whatsapp.isDisabled()]).toEqual([true, false]);
    await contact.getByRole('button', { name: /^Editar / }).click();
    await page.waitForURL(/\/web-users\/edit\/\d+$/);
    const phone = page.getByRole('textbox', { name: 'Teléfono' });
    await shown(phone);
    await phone.fill('');
    await phone.blur();
    const needsPhone = page.getByText(WEB_USER_TEXT.whatsappNeedsPhone);
    await shown(needsPhone);
    expect(await phone.getAttribute('aria-invalid')).toBe('true');
    await page.getByRole('button', { name: 'Guardar' }).click();
    await shown(needsPhone);
    expect(await page.getByRole('dialog').count()).toBe(0);
    await page.getByRole('checkbox', { name: 'Recibe notificaciones por WhatsApp' }).uncheck();
    await gone(needsPhone);
    expect(await phone.getAttribute('aria-invalid')).not.toBe('true');
    errors.assertNone();
  });

  it('deactivates a user after its confirmation, switches its WhatsApp notification and activates it again', async () => {
    // A Getter with pending payments (payments.test.ts pays her): active again at the end, or here if the test fails before.
    onTestFinished(async () => {
      const token = await adminToken();
      const { rows } = await callApi<{ rows: { id: number; email: string }[] }>('GET', '/web-users?q=milagros.vega%40getters&limit=5', undefined, token);
      const milagros = rows.find((u) => u.email === 'milagros.vega@getters.campo.test')!;
      await callApi('PUT', '/web-users/state', { id: milagros.id, status: true }, token);
    });
    const { page, errors } = await openUsers();
    await search(page, 'milagros.vega@getters');
    const milagros = row(page, 'milagros.vega@getters.campo.test');
    const checked = (label: string, value: boolean) =>
      page.waitForFunction(([l, v]) => (document.querySelector(`input[aria-label="${l}"]`) as HTMLInputElement | null)?.checked === v, [label, value] as const);
    const active = milagros.getByRole('switch', { name: 'Activo Milagros Vega' });
    expect(await active.isChecked()).toBe(true);
    await active.click();
    const dialog = page.getByRole('dialog', { name: 'Confirmación' });
    await shown(dialog.getByText('Está a punto de desactivar este usuario'));
    await dialog.getByRole('button', { name: 'Confirmar' }).click();
    await gone(dialog);
    await checked('Activo Milagros Vega', false);

    // Only the inactive ones: she is there.
    const activos = page.getByRole('checkbox', { name: 'Activos', exact: true });
    await activos.click();
    await page.waitForFunction(() => new URL(location.href).searchParams.get('filter')?.includes('"status":false'));
    await listLoaded(page);
    // The box follows the filter a render after the address does (a known lag of these checkboxes, not
    // yet explained): read once, right after the list loaded, it was sometimes still ticked.
    await expect.poll(() => activos.isChecked(), { timeout: 5000 }).toBe(false);
    await shown(milagros);

    const whatsapp = milagros.getByRole('switch', { name: 'WhatsApp Milagros Vega' });
    const before = await whatsapp.isChecked();
    // It changes at once, with no confirmation: a notice says what changed.
    const notice = (on: boolean) => page.getByText(on ? 'Notificaciones por WhatsApp activadas' : 'Notificaciones por WhatsApp desactivadas', { exact: true });
    await whatsapp.click();
    await checked('WhatsApp Milagros Vega', !before);
    await shown(notice(!before));
    await whatsapp.click();
    await checked('WhatsApp Milagros Vega', before);
    await shown(notice(before));

    await active.click();
    await shown(dialog.getByText('Está a punto de activar este usuario'));
    await dialog.getByRole('button', { name: 'Confirmar' }).click();
    await gone(dialog);
    await gone(milagros);
    errors.assertNone();
  });

  it('exports the filter as CSV and as .xls, named usuarios with the date and time', async () => {
    const { page, errors } = await openUsers();
    await pick(page, 'Rol', 'Getter');
    await gone(page.getByRole('cell', { name: 'Administrador', exact: true }));
    await listLoaded(page);
    const total = Number(/de (\d+) registros/.exec(await summary(page).innerText())![1]);

    const [csv] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'CSV', exact: true }).click()]);
    expect(csv.suggestedFilename()).toMatch(/^usuarios_\d{8}_\d{4}\.csv$/);
    const lines = readFileSync(await csv.path(), 'utf8').replace(/^\uFEFF/, '').trim().split('\r\n');
    expect(lines[0]).toBe('Id,Email,Nombres,Apellido,Rol,Teléfono,Estado,Cliente,Link de encuesta,Notificación por WhatsApp');
    expect(lines).toHaveLength(total + 1);
    expect(lines.slice(1).every((l) => l.includes(',Getter,'))).toBe(true);

    const [xls] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Excel', exact: true }).click()]);
    expect(xls.suggestedFilename()).toMatch(/^usuarios_\d{8}_\d{4}\.xls$/);
    const bytes = readFileSync(await xls.path());
    expect([...bytes.subarray(0, 4)]).toEqual([0xd0, 0xcf, 0x11, 0xe0]);
    const rows = XLSX.utils.sheet_to_json<unknown[]>(XLSX.read(bytes).Sheets.Datos, { header: 1 });
    expect(rows[0]).toEqual(['Id', 'Email', 'Nombres', 'Apellido', 'Rol', 'Teléfono', 'Estado', 'Cliente', 'Link de encuesta', 'Notificación por WhatsApp']);
    expect(rows).toHaveLength(total + 1);
    await shown(page.getByText(`Se descargaron ${total} registros`));
    errors.assertNone();
  });
});

describe('an administrator editing itself', () => {
  // The demo's quality agent goes back to his name and password afterwards, pass or fail: other files
  // running later in the same world pick 'Rodrigo Castro' by name (pickers, moves).
  afterAll(async () => {
    const token = await adminToken();
    const { rows } = await callApi<{ rows: { id: number; email: string }[] }>('GET', '/web-users?q=calidad1%40campo.test&limit=5', undefined, token);
    const agent = rows.find((u) => u.email === 'calidad1@campo.test')!;
    await callApi('PUT', '/web-users', { id: agent.id, names: 'Rodrigo', password: DEMO_PASSWORD }, token);
  });

  it("is welcomed by the name it saved, and stays in after changing its password", async () => {
    session = await chromium.open();
    const { page, errors } = session;
    await loginAs(page, 'calidad1@campo.test');
    await openMenu(page, null, 'Usuarios');
    await listLoaded(page);
    await search(page, 'calidad1@campo.test');
    await row(page, 'calidad1@campo.test').getByRole('button', { name: /^Editar/ }).click();
    await shown(page.getByRole('textbox', { name: 'Nombres' }));
    await page.getByRole('textbox', { name: 'Nombres' }).fill('Rodrigo José');
    await page.getByRole('textbox', { name: 'Contraseña' }).fill('Otra#Clave2026');
    await page.getByRole('button', { name: 'Guardar' }).click();
    await shown(page.getByText('Cambios guardados con éxito'));
    await atPath(page, '/web-users');
    await listLoaded(page);
    await shown(page.getByText('Bienvenido Rodrigo José Castro', { exact: true }));
    // Still in: the list pages on, and a reload keeps the session.
    await page.reload();
    await listLoaded(page);
    await shown(page.getByText('Bienvenido Rodrigo José Castro', { exact: true }));
    expect(page.url()).not.toContain('/login');
    errors.assertNone();
  });
});
