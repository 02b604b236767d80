/**
 * The declarative banks as an administrator: characteristics, motives, tag groups and guidelines.
 * For each: create, see its rule refuse a bad value with the exact message, edit, and toggle it
 * through the confirmation that says which way it goes.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { answerExternalPages, atPath, baseUrl, chromiumPerFile, DEMO_PASSWORD, gone, loginAs, openMenu, type Session, shown, UI_TIMEOUT, PAGER_SUMMARY } from './helpers';

const chromium = chromiumPerFile();
let session: Session | undefined;

const suffix = () => Date.now().toString(36).slice(-5);

/** Logs in as admin and opens a bank from the sidebar. */
async function openBank(group: string | null, entry: string, path: string, heading: string): Promise<Session> {
  session = await chromium.open();
  const { page } = session;
  await loginAs(page, 'admin@campo.test');
  await openMenu(page, group, entry);
  await atPath(page, path);
  await shown(page.getByRole('heading', { name: heading, exact: true }));
  await listLoaded(page);
  return session;
}

async function listLoaded(page: Page): Promise<void> {
  await shown(page.getByText(PAGER_SUMMARY));
  await gone(page.getByRole('progressbar', { name: 'Cargando' }));
}

const row = (page: Page, text: string) => page.getByRole('row').filter({ has: page.getByRole('cell', { name: text, exact: true }) });

/** Types in the search box and waits until the list applied it (and wrote it in the address). */
async function search(page: Page, text: string): Promise<void> {
  const box = page.getByLabel('Buscar');
  await box.fill(text);
  // Polled, so that a failure says what the box and the address held instead (one CI run timed out here).
  await expect.poll(() => box.inputValue()).toBe(text);
  await expect.poll(() => decodeURIComponent(new URL(page.url()).search), { timeout: UI_TIMEOUT * 2 }).toContain(`"q":${JSON.stringify(text)}`);
  await shown(row(page, text));
  await listLoaded(page);
}

/** Saves a new record: 'Guardar', then the ADD confirmation. */
async function saveNew(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Guardar' }).click();
  const confirm = page.getByRole('dialog', { name: 'Está seguro?' });
  await shown(confirm);
  await confirm.getByRole('button', { name: 'Confirmar' }).click();
}

/** Flips a row's switch and accepts the confirmation, which must state `question`. */
async function toggle(page: Page, label: string, question: string, expectChecked: boolean): Promise<void> {
  const control = page.getByLabel(label, { exact: true });
  expect(await control.isChecked()).toBe(!expectChecked);
  await control.click();
  const dialog = page.getByRole('dialog', { name: 'Confirmación' });
  await shown(dialog.getByText(question, { exact: true }));
  await dialog.getByRole('button', { name: 'Confirmar' }).click();
  await gone(dialog);
  await expect.poll(() => page.getByLabel(label, { exact: true }).isChecked()).toBe(expectChecked);
}

describe('Banco de Caracteristicas', () => {
  it('creates one, refuses an empty description, edits it and disables / enables it with confirmation', async () => {
    const { page, errors } = await openBank('Proyectos', 'Banco de características', '/campo-characteristics', 'Banco de Caracteristicas');
    await shown(row(page, 'Venta telefónica').getByText('Inhabilitada', { exact: true }));
    await shown(row(page, 'Wifi para clientes').getByText('Habilitada', { exact: true }));

    const name = `Lavadero E2E ${suffix()}`;
    await page.getByRole('button', { name: 'Nueva Caracteristica' }).click();
    await atPath(page, '/campo-characteristics/add');
    await shown(page.getByRole('heading', { name: 'Nueva Caracteristica' }));
    const description = page.getByLabel('Descripción');
    await description.fill('x');
    await description.fill('');
    await description.blur();
    await shown(page.getByText('Requerido', { exact: true }));
    await description.fill(name);
    await gone(page.getByText('Requerido', { exact: true }));
    await saveNew(page);
    await shown(page.getByText('Característica creada exitosamente'));
    await atPath(page, '/campo-characteristics');
    await listLoaded(page);

    await search(page, name);
    await shown(row(page, name).getByText('Habilitada', { exact: true }));
    await toggle(page, `Habilitar/Inhabilitar ${name}`, 'Está a punto de inhabilitar esta característica. ¿Desea continuar?', false);
    await shown(row(page, name).getByText('Inhabilitada', { exact: true }));
    await toggle(page, `Habilitar/Inhabilitar ${name}`, 'Está a punto de habilitar esta característica. ¿Desea continuar?', true);
    await shown(row(page, name).getByText('Habilitada', { exact: true }));

    await page.getByRole('button', { name: `Editar ${name}` }).click();
    await shown(page.getByRole('heading', { name: `Editar Caracteristica: ${name}` }));
    await page.getByLabel('Descripción').fill(`${name} y aspirado`);
    await page.getByRole('button', { name: 'Guardar' }).click();
    await shown(page.getByText('Característica editada exitosamente'));
    await atPath(page, '/campo-characteristics');
    await search(page, `${name} y aspirado`);
    errors.assertNone();
  });
});

describe('Motivos', () => {
  it("creates one, refuses a description over 220 with 'Máximo de 220 caracteres', edits and deactivates it", async () => {
    const { page, errors } = await openBank('Moves', 'Motivos', '/motives', 'Motivos');
    await shown(row(page, 'Audio inaudible'));

    const name = `Cartel Económico E2E ${suffix()}`;
    await page.getByRole('button', { name: 'Crear Motivo' }).click();
    await atPath(page, '/motives/add');
    await shown(page.getByRole('heading', { name: 'Crear Motivo' }));
    await page.getByLabel('Motivo').fill(name);
    const description = page.getByRole('textbox', { name: 'Descripción' });
    await description.fill('x'.repeat(221));
    await description.blur();
    await shown(page.getByText('Máximo de 220 caracteres', { exact: true }));
    // A 5-line textarea that grows (to 10 lines at most).
    const rows = await description.evaluate((el) => Math.round(el.clientHeight / Number.parseFloat(getComputedStyle(el).lineHeight)));
    expect(rows).toBeGreaterThanOrEqual(5);
    expect(rows).toBeLessThanOrEqual(10);
    await description.fill('El cartel de precios no coincide con el precio cobrado.');
    await gone(page.getByText('Máximo de 220 caracteres', { exact: true }));
    await page.getByLabel('Requiere comentario del usuario').check();
    await saveNew(page);
    await shown(page.getByText('Motivo creado/editado exitosamente'));
    await atPath(page, '/motives');

    // Searches ignore case and accents: typed plain and in lower case, the accented name is found.
    const plain = name.toLowerCase().normalize('NFD').replace(/\p{M}/gu, '');
    await page.getByLabel('Buscar').fill(plain);
    await page.waitForURL((url) => decodeURIComponent(url.search).includes(`"q":${JSON.stringify(plain)}`));
    await shown(row(page, name));
    await search(page, name);
    await page.getByRole('button', { name: `Editar ${name}` }).click();
    await shown(page.getByRole('heading', { name: 'Editar Motivo' }));
    expect(await page.getByLabel('Requiere comentario del usuario').isChecked()).toBe(true);
    await page.getByRole('textbox', { name: 'Descripción' }).fill('El precio exhibido no coincide con el cobrado.');
    await page.getByRole('button', { name: 'Guardar' }).click();
    await shown(page.getByText('Motivo creado/editado exitosamente'));
    await atPath(page, '/motives');

    await search(page, name);
    await shown(row(page, name).getByText('El precio …', { exact: true }));
    // The motive whole (the description is cut): it is what tells one row from another.
    expect(await row(page, name).locator('td').nth(1).innerText()).toBe(name);
    await toggle(page, `Activar/Desactivar ${name}`, 'Está a punto de desactivar este motivo. ¿Desea continuar?', false);
    await toggle(page, `Activar/Desactivar ${name}`, 'Está a punto de activar este motivo. ¿Desea continuar?', true);
    errors.assertNone();
  });
});

describe('Tags', () => {
  it("creates a group with its keys and values, refuses an empty key or value, edits and deactivates it", async () => {
    const { page, errors } = await openBank(null, 'Tags', '/tags', 'Tags');
    await shown(row(page, 'Zona comercial'));

    const name = `Barrio E2E ${suffix()}`;
    await page.getByRole('button', { name: 'Crear grupo' }).click();
    await atPath(page, '/tags/add');
    await shown(page.getByRole('heading', { name: 'Crear Grupo' }));
    await page.getByLabel('Nombre del grupo').fill(name);

    const keys = page.getByRole('textbox', { name: 'Clave' });
    const values = page.getByRole('textbox', { name: 'Valor' });
    await keys.nth(0).fill('x');
    await keys.nth(0).fill('');
    await keys.nth(0).blur();
    await shown(page.getByText('Clave es requerida', { exact: true }));
    await keys.nth(0).fill('PAL');
    await values.nth(0).fill('Palermo');
    await gone(page.getByText('Clave es requerida', { exact: true }));

    await page.getByRole('button', { name: 'Agregar Clave/Valor' }).click();
    await keys.nth(1).fill('REC');
    await values.nth(1).fill('x');
    await values.nth(1).fill('');
    await values.nth(1).blur();
    await shown(page.getByText('Valor es requerido', { exact: true }));
    await values.nth(1).fill('Recoleta');
    await page.getByRole('button', { name: 'Agregar Clave/Valor' }).click();
    await keys.nth(2).fill('SOBRA');
    await page.getByRole('button', { name: 'Eliminar Clave/Valor 3' }).click();
    await expect.poll(() => keys.count()).toBe(2);

    await saveNew(page);
    await shown(page.getByText('Tag creado/editado exitosamente'));
    await atPath(page, '/tags');

    await search(page, name);
    await page.getByRole('button', { name: `Editar ${name}` }).click();
    await shown(page.getByRole('heading', { name: 'Editar Grupo' }));
    await expect.poll(() => page.getByRole('textbox', { name: 'Valor' }).evaluateAll((els) => els.map((e) => (e as HTMLInputElement).value))).toEqual(['Palermo', 'Recoleta']);
    await page.getByRole('button', { name: 'Agregar Clave/Valor' }).click();
    await page.getByRole('textbox', { name: 'Clave' }).nth(2).fill('BEL');
    await page.getByRole('textbox', { name: 'Valor' }).nth(2).fill('Belgrano');
    await page.getByRole('button', { name: 'Guardar' }).click();
    await shown(page.getByText('Tag creado/editado exitosamente'));
    await atPath(page, '/tags');

    await search(page, name);
    await page.getByRole('button', { name: `Ver ${name}` }).click();
    await shown(page.getByRole('heading', { name }));
    await expect.poll(() => page.getByRole('textbox', { name: 'Clave' }).evaluateAll((els) => els.map((e) => (e as HTMLInputElement).value))).toEqual(['PAL', 'REC', 'BEL']);
    await page.getByRole('button', { name: 'Volver' }).click();
    await atPath(page, '/tags');

    await search(page, name);
    // The group's name whole: cut to ten letters, 'Barrio E2E…' read like every other group of the test.
    expect(await row(page, name).locator('td').first().innerText()).toBe(name);
    await toggle(page, `Activar/Desactivar ${name}`, 'Está a punto de desactivar este grupo de tags. ¿Desea continuar?', false);
    await toggle(page, `Activar/Desactivar ${name}`, 'Está a punto de activar este grupo de tags. ¿Desea continuar?', true);
    errors.assertNone();
  });
});

/** The collapsible section of the guideline form. */
const section = (page: Page, title: string) => page.getByRole('region', { name: title, exact: true });
const editor = (page: Page, title: string) => section(page, title).locator('.ProseMirror');

const PARAGRAPH =
  'Ingrese al local como un cliente más, observe el saludo del personal, el orden de las góndolas y el tiempo de espera en la caja.';

async function apiToken(email: string): Promise<string> {
  const res = await fetch(`${baseUrl()}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email, password: DEMO_PASSWORD }) });
  return ((await res.json()) as { token: string }).token;
}

describe('Banco de Instructivos', () => {
  it('creates a guideline in its sections with the Spanish editor and previews, refuses a short text, then versions and ends it', async () => {
    const { page, context, errors } = await openBank('Cuestionarios', 'Banco de instructivos', '/campo-guidelines', 'Banco de Instructivos');
    // The video and the image it is given are on other sites: the test answers them.
    await answerExternalPages(context);
    // Seeded history: the ended versions show their end date, the current ones '-'.
    await search(page, 'Prueba de manejo en concesionaria');
    const versions = page.getByRole('row').filter({ hasText: 'Prueba de manejo en concesionaria' });
    await expect.poll(() => versions.count()).toBe(3);
    expect(await versions.nth(2).locator('td').nth(4).innerText()).toBe('-');
    expect(await versions.nth(0).locator('td').nth(4).innerText()).toMatch(/^\d{2}\/\d{2}\/\d{4}$/);
    // The name whole: cut to ten letters, the three versions read 'Prueba de …' alike.
    for (const k of [0, 1, 2]) expect(await versions.nth(k).locator('td').nth(1).innerText()).toBe('Prueba de manejo en concesionaria');

    const name = `Heladería E2E ${suffix()}`;
    await page.getByRole('button', { name: 'NUEVO INSTRUCTIVO' }).click();
    await atPath(page, '/campo-guidelines/add');
    for (const title of ['Nombre', 'General', 'Antes', 'Durante', 'Después']) await shown(page.getByRole('button', { name: title, exact: true }));
    await section(page, 'Nombre').getByLabel('Nombre').fill(name);

    // The editor speaks Spanish.
    await shown(section(page, 'General').getByRole('button', { name: 'Negrita' }));
    await shown(section(page, 'General').getByRole('button', { name: 'Lista con viñetas' }));

    await editor(page, 'General').click();
    await page.keyboard.type('Texto corto.');
    await shown(section(page, 'General').getByText('Debe ingresar 120 caracteres o más', { exact: true }));
    await page.keyboard.type(` ${PARAGRAPH} <script>alert("xss")</script>`);
    await gone(section(page, 'General').getByText('Debe ingresar 120 caracteres o más', { exact: true }));
    for (const title of ['Antes', 'Durante', 'Después']) {
      await editor(page, title).click();
      await page.keyboard.type(`${title}: ${PARAGRAPH}`);
    }

    await section(page, 'General').getByLabel('URL del video').fill('https://www.youtube.com/watch?v=M7lc1UVf-VE');
    const player = section(page, 'General').locator('iframe');
    await shown(player);
    expect(await player.getAttribute('src')).toBe('https://www.youtube-nocookie.com/embed/M7lc1UVf-VE');
    await section(page, 'Antes').getByLabel('URL del video').fill('https://vimeo.com/123');
    await section(page, 'Antes').getByLabel('URL del video').blur();
    await shown(section(page, 'Antes').getByText('Ingrese un enlace de YouTube o el id de 11 caracteres del video', { exact: true }));
    await section(page, 'Antes').getByLabel('URL del video').fill('');
    await section(page, 'Durante').getByLabel('URL de la imagen').fill('https://cdn.campo.test/heladeria.jpg');
    expect(await section(page, 'Durante').getByRole('img').getAttribute('src')).toBe('https://cdn.campo.test/heladeria.jpg');

    // A section can be collapsed and opened again.
    await page.getByRole('button', { name: 'Antes', exact: true }).click();
    await gone(editor(page, 'Antes'));
    await page.getByRole('button', { name: 'Antes', exact: true }).click();
    await shown(editor(page, 'Antes'));

    await saveNew(page);
    await shown(page.getByText('Instructivo creado exitosamente'));
    await atPath(page, '/campo-guidelines');

    // Shown with the typed '<script>' as plain text: no script element, no alert.
    let alerted = false;
    page.on('dialog', (dialog) => {
      alerted = true;
      void dialog.dismiss();
    });
    await search(page, name);
    await page.getByRole('button', { name: `Ver ${name} versión 1` }).click();
    await shown(page.getByRole('heading', { name: `Instructivo: ${name} versión 1` }));
    await shown(editor(page, 'General').getByText('<script>alert("xss")</script>', { exact: false }));
    expect(await page.locator('.ProseMirror script').count()).toBe(0);
    expect(await editor(page, 'General').getAttribute('contenteditable')).toBe('false');

    // Editing makes version 2 and ends version 1.
    await page.getByRole('button', { name: 'Editar' }).click();
    await shown(page.getByRole('heading', { name: `Editar Instructivo: ${name} versión 1` }));
    await editor(page, 'Después').click();
    await page.keyboard.press('End');
    await page.keyboard.type(' Complete el cuestionario en la aplicación.');
    await page.getByRole('button', { name: 'Guardar' }).click();
    const confirm = page.getByRole('dialog', { name: 'Nueva versión' });
    await shown(confirm.getByText('Al guardar se creará una nueva versión del instructivo y la versión actual dejará de estar vigente. ¿Desea continuar?'));
    await confirm.getByRole('button', { name: 'Confirmar' }).click();
    await shown(page.getByText('Se creó una nueva versión del instructivo'));
    await atPath(page, '/campo-guidelines');

    await search(page, name);
    const mine = page.getByRole('row').filter({ hasText: name });
    await expect.poll(() => mine.count()).toBe(2);
    expect(await mine.nth(0).locator('td').nth(2).innerText()).toBe('1');
    expect(await mine.nth(0).locator('td').nth(4).innerText()).toMatch(/^\d{2}\/\d{2}\/\d{4}$/);
    expect(await mine.nth(1).locator('td').nth(2).innerText()).toBe('2');
    expect(await mine.nth(1).locator('td').nth(4).innerText()).toBe('-');

    // The old version opens read-only, without the edit button.
    await page.getByRole('button', { name: `Ver ${name} versión 1` }).click();
    await shown(page.getByRole('heading', { name: `Instructivo: ${name} versión 1` }));
    expect(await page.getByRole('button', { name: 'Editar' }).count()).toBe(0);
    await page.getByRole('button', { name: 'Volver' }).click();

    // Ending the validity of version 2, behind its confirmation.
    await search(page, name);
    await mine.nth(1).locator('td').nth(1).click();
    await mine.nth(1).getByRole('button', { name: 'Finalizar vigencia' }).click();
    const end = page.getByRole('dialog', { name: 'Finalizar vigencia' });
    await shown(end.getByText('Está a punto de finalizar la vigencia de este instructivo: dejará de poder asignarse a proyectos. ¿Desea continuar?'));
    await end.getByRole('button', { name: 'Confirmar' }).click();
    await shown(page.getByText('Se finalizó la vigencia del instructivo'));
    await expect.poll(() => mine.nth(1).locator('td').nth(4).innerText()).toMatch(/^\d{2}\/\d{2}\/\d{4}$/);
    expect(alerted).toBe(false);
    errors.assertNone();
  });

  it('shows a guideline saved with a <script> (through the API) without it', async () => {
    const token = await apiToken('operaciones@campo.test');
    const name = `Instructivo hostil ${suffix()}`;
    const body = {
      name,
      generalities: `<p>Visible antes del código.</p><script>window.__hacked = true; alert('xss')</script><p onmouseover="window.__hacked = true">${PARAGRAPH}</p>`,
      beforeWork: `<p>${PARAGRAPH}</p>`,
      duringWork: `<p>${PARAGRAPH}</p>`,
      afterWork: `<p>${PARAGRAPH}</p><img src="x" onerror="window.__hacked = true">`,
    };
    const res = await fetch(`${baseUrl()}/api/guidelines`, { method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` }, body: JSON.stringify(body) });
    expect(res.status).toBe(201);
    const { id } = (await res.json()) as { id: number };

    session = await chromium.open();
    const { page, errors } = session;
    let alerted = false;
    page.on('dialog', (dialog) => {
      alerted = true;
      void dialog.dismiss();
    });
    await loginAs(page, 'operaciones@campo.test', { at: `/campo-guidelines/view/${id}` });
    await shown(page.getByRole('heading', { name: `Instructivo: ${name} versión 1` }));
    await shown(editor(page, 'General').getByText('Visible antes del código.'));
    const general = await editor(page, 'General').innerHTML();
    expect(general).not.toContain('<script');
    expect(general).not.toContain('alert');
    expect(general).not.toContain('onmouseover');
    expect(await editor(page, 'Después').innerHTML()).not.toContain('onerror');
    await editor(page, 'General').getByText(PARAGRAPH).hover();
    expect(await page.evaluate(() => (window as unknown as { __hacked?: boolean }).__hacked)).toBeUndefined();
    expect(alerted).toBe(false);
    errors.assertNone();
  });
});

describe('a search that finds nothing', () => {
  it("says 'No hay resultados para la búsqueda' on every bank (spec 3, the shared table)", async () => {
    const banks = [
      ['Proyectos', 'Banco de características', '/campo-characteristics', 'Banco de Caracteristicas'],
      ['Moves', 'Motivos', '/motives', 'Motivos'],
      [null, 'Tags', '/tags', 'Tags'],
      ['Cuestionarios', 'Banco de instructivos', '/campo-guidelines', 'Banco de Instructivos'],
    ] as const;
    for (const [group, entry, path, heading] of banks) {
      const { page, errors } = await openBank(group, entry, path, heading);
      await page.getByLabel('Buscar').fill('zzqqxx sin resultados');
      await shown(page.getByText('No hay resultados para la búsqueda', { exact: true }));
      errors.assertNone();
      await page.close();
    }
  });
});

describe('the search box and the browser\'s back and forward buttons', () => {
  it('shows the search the list applies: after Back, the first search and its rows', async () => {
    const { page, errors } = await openBank('Moves', 'Motivos', '/motives', 'Motivos');
    const box = page.getByLabel('Buscar');
    await search(page, 'Audio inaudible');
    await search(page, 'Video incompleto');
    await gone(row(page, 'Audio inaudible'));

    await page.goBack();
    // The rows are the first search's again, and so is the box: not the text typed last, which no longer applies.
    await shown(row(page, 'Audio inaudible'));
    await gone(row(page, 'Video incompleto'));
    await expect.poll(() => box.inputValue()).toBe('Audio inaudible');
    await page.goForward();
    await shown(row(page, 'Video incompleto'));
    await gone(row(page, 'Audio inaudible'));
    await expect.poll(() => box.inputValue()).toBe('Video incompleto');

    // Text typed and not yet applied stays while the applied search is the same; Back then replaces it and
    // the typed text is never applied.
    await box.fill('Otro');
    await page.goBack();
    await shown(row(page, 'Audio inaudible'));
    await expect.poll(() => box.inputValue()).toBe('Audio inaudible');
    await page.waitForTimeout(800);
    expect(decodeURIComponent(new URL(page.url()).search)).toContain('"q":"Audio inaudible"');
    expect(await box.inputValue()).toBe('Audio inaudible');
    errors.assertNone();
  });
});
