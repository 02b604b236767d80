/**
 * Projects as an administrator: create one end to end and give a Getter one of its visits from the
 * assignment screen; extend a project that ended, with a reason (one without a price too); add and
 * remove its locations.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it, onTestFinished } from 'vitest';
import { ASSIGN_TEXT } from '../../domain/assignment';
import { PROJECT_TEXT, type ProjectRecord } from '../../domain/projects';
import { RANGE_TEXT } from '../../domain/projectVisits';
import { STALE_EDIT } from '../../domain/staleEdits';
import { isoInDays as isoIn } from '../../domain/validation';
import { adminToken, atPath, callApi as api, chromiumPerFile, gone, holdRequests, loginAs, openMenu, type Session, shown, sidebar, UI_TIMEOUT, PAGER_SUMMARY } from './helpers';

const chromium = chromiumPerFile();
let session: Session | undefined;

/** DD/MM/YYYY, `days` from today in Argentina. */
const typed = (days: number) => isoIn(days).split('-').reverse().join('/');


/**
 * Chooses an option of a picker as a user does: a name known in full is typed in part first, since the
 * pickers that search the server (clients, questionnaires, guidelines) offer only their first 50 options
 * until something is typed.
 */
async function pick(page: Page, combobox: string, option: string | RegExp) {
  const box = page.getByRole('combobox', { name: combobox });
  await box.click();
  if (typeof option === 'string' && (await box.isEditable())) await box.fill(option.slice(0, 8));
  await page.getByRole('option', { name: option }).first().click();
}

const row = (page: Page, name: string) => page.getByRole('row').filter({ has: page.getByRole('cell', { name, exact: true }) });

describe('Proyectos', () => {
  it('says where to make a campaign for a client without one, and offers one made in another tab on coming back', async () => {
    session = await chromium.open();
    const { page, errors } = session;
    const token = await adminToken();
    const name = `Heladerías Sin Campaña ${Date.now().toString(36)}`;
    const client = await api<{ id: number }>(
      'POST',
      '/clients/',
      { name, address: 'Mitre 742, Córdoba', telephone: '3514123456', email: 'calidad@sincampana.com.ar', imageUrl: '', claimUrl: 'https://a.com.ar/r', contactUrl: 'https://a.com.ar/c', linkSurveyMonkey: '', typeId: null },
      token,
    );
    await loginAs(page, 'admin@campo.test', { at: '/projects-campo/add' });
    await shown(page.getByRole('heading', { name: 'Nuevo proyecto' }));
    await page.getByRole('textbox', { name: 'Nombre' }).fill('Proyecto que espera su campaña');
    await pick(page, 'Cliente', name);
    await shown(page.getByText(PROJECT_TEXT.noCampaign, { exact: true }));

    // Made in another tab (here, through the API), then back to this one: offered, and what was typed stays.
    await api('POST', '/campaigns', { name: 'Temporada de la otra pestaña', clientId: client.id, startDate: isoIn(1), endDate: isoIn(90) }, token);
    // What a browser fires on coming back to a tab (the event bubbles from the document to the window).
    await page.evaluate(() => document.dispatchEvent(new Event('visibilitychange', { bubbles: true })));
    await pick(page, 'Campaña', /^Temporada de la otra pestaña/);
    await gone(page.getByText(PROJECT_TEXT.noCampaign, { exact: true }));
    expect(await page.getByRole('textbox', { name: 'Nombre' }).inputValue()).toBe('Proyecto que espera su campaña');
    errors.assertNone();
  });

  it('creates a project with its ranges and locations, then a Getter takes one of its visits', async () => {
    session = await chromium.open();
    const { page, errors } = session;
    await loginAs(page, 'admin@campo.test');
    await openMenu(page, 'Proyectos', 'Banco de proyectos');
    await atPath(page, '/projects-campo');
    await shown(page.getByRole('heading', { name: 'Proyectos' }));

    await page.getByRole('button', { name: 'Nuevo proyecto' }).click();
    await shown(page.getByRole('heading', { name: 'Nuevo proyecto' }));
    // Campaign, move configuration and guideline wait for a client; the questionnaire for a move configuration.
    expect(await page.getByRole('combobox', { name: 'Campaña' }).isDisabled()).toBe(true);
    expect(await page.getByRole('combobox', { name: 'Instructivo' }).isDisabled()).toBe(true);
    // Each says what it waits for: a disabled empty box says nothing on its own.
    for (const waiting of ['Campaña', 'Configuración de move', 'Instructivo']) {
      await expect.poll(() => page.getByRole('combobox', { name: waiting }).getAttribute('aria-describedby').then((id) => page.locator(`[id="${id}"]`).innerText()), { message: waiting }).toBe('Elija primero el cliente');
    }
    await shown(page.getByText('Elija primero la configuración de move'));
    // 'Requiere aprobación automática' says what it does, read with the box.
    const auto = page.getByRole('checkbox', { name: 'Requiere aprobación automática' });
    await expect.poll(() => auto.getAttribute('aria-describedby').then((id) => page.locator(`[id="${id}"]`).innerText())).toBe(PROJECT_TEXT.autoApprovalHelp);
    await page.getByRole('textbox', { name: 'Nombre' }).fill('Proyecto E2E');
    // Back to no client, what locks again is emptied as well: no locked field keeps a value.
    await pick(page, 'Cliente', 'Banco Federal del Sur');
    await pick(page, 'Configuración de move', 'Visita estándar');
    await pick(page, 'Cuestionario', 'Experiencia en sucursal bancaria');
    await pick(page, 'Instructivo', /^Apertura de cuenta en sucursal bancaria/);
    await pick(page, 'Cliente', /^Sin Selección$/);
    for (const locked of ['Campaña', 'Configuración de move', 'Cuestionario', 'Instructivo']) {
      const box = page.getByRole('combobox', { name: locked });
      expect(await box.isDisabled(), locked).toBe(true);
      expect(['', 'Sin Selección'], locked).toContain(await box.inputValue());
    }
    await pick(page, 'Cliente', 'Banco Federal del Sur');
    expect(await page.getByRole('combobox', { name: 'Cuestionario' }).isDisabled()).toBe(true);
    await pick(page, 'Campaña', /^Mystery shopping Banco Federal del Sur - en curso/);
    await pick(page, 'Configuración de move', 'Visita estándar');
    await pick(page, 'Cuestionario', 'Experiencia en sucursal bancaria');
    await pick(page, 'Instructivo', /^Apertura de cuenta en sucursal bancaria/);
    // A past start is said as the field is left, before an end date is written; the help says from when.
    await shown(page.getByText(/^Desde hoy y desde el \d{2}\/\d{2}\/\d{4}$/));
    await page.getByLabel('Fecha de inicio').fill(typed(-1));
    await page.getByLabel('Fecha de inicio').blur();
    await shown(page.getByText(PROJECT_TEXT.startBeforeToday));
    await page.getByLabel('Fecha de inicio').fill(typed(0));
    await gone(page.getByText(PROJECT_TEXT.startBeforeToday));
    await page.getByLabel('Fecha de finalización').fill(typed(20));
    await page.getByRole('textbox', { name: 'Producto obligatorio' }).fill('Caja de ahorro');
    // The configuration's first category is 1: the price shows, and must be above zero.
    const price = page.getByRole('textbox', { name: 'Precio' });
    await price.fill('0');
    await price.blur();
    await shown(page.getByText('Debe ser mayor a 0'));
    await price.fill('3500,50');

    await page.getByRole('button', { name: 'Añadir rango' }).click();
    await shown(page.getByText('Rellene todos los campos antes de añadir rango de visitas'));
    await page.getByLabel('Desde').fill(typed(0));
    await page.getByLabel('Hasta').fill(typed(20));
    await page.getByLabel('Visitas por locación').fill('2');
    await page.getByRole('button', { name: 'Añadir rango' }).click();
    await shown(page.getByRole('table', { name: 'Rangos de visitas' }).getByRole('cell', { name: typed(20) }));
    await shown(page.getByRole('table', { name: 'Calendario de visitas' }));

    // Without locations the form says so.
    await page.getByRole('button', { name: 'Guardar' }).click();
    const problem = page.getByRole('dialog', { name: 'Ha ocurrido un error' });
    await shown(problem.getByText('Debes ingresar las locaciones para este proyecto.'));
    await problem.getByRole('button', { name: 'Cerrar' }).click();

    await page.getByLabel('Filtrar por código de locación').fill('ban-00');
    await shown(page.getByText('Mostrando 1-5 de 5 registros'));
    // The calendar counts the locations in their number.
    const calendar = page.getByRole('table', { name: 'Calendario de visitas' });
    await page.getByRole('table', { name: 'Locaciones del cliente' }).locator('tbody').getByRole('checkbox').first().click();
    await shown(calendar.getByRole('columnheader', { name: 'Visitas totales (1 locación)' }));
    await page.getByRole('checkbox', { name: 'Seleccionar las locaciones de la página' }).click();
    await shown(page.getByText('5 locaciones seleccionadas'));
    await shown(calendar.getByRole('columnheader', { name: 'Visitas totales (5 locaciones)' }));
    // The first answer is lost on its way back (the server did create the project): saved again, the same
    // data is the same creation, and the list below finds one 'Proyecto E2E', not two.
    let lostCreation = 0;
    await page.route('**/api/projects', async (route) => {
      if (route.request().method() !== 'POST' || lostCreation++ > 0) return route.fallback();
      const answered = await route.fetch();
      expect(answered.status()).toBe(201);
      await route.abort('connectionreset');
    });
    for (let attempt = 0; attempt < 2; attempt++) {
      await page.getByRole('button', { name: 'Guardar' }).click();
      await page.getByRole('dialog', { name: 'Está seguro?' }).getByRole('button', { name: 'Confirmar' }).click();
      if (attempt > 0) break;
      const failed = page.getByRole('dialog', { name: 'Ha ocurrido un error' });
      await shown(failed.getByText('No se pudo conectar con el servidor. Revise su conexión e intente nuevamente.'));
      await failed.getByRole('button', { name: 'Cerrar' }).click();
    }
    await atPath(page, '/projects-campo');
    expect(lostCreation).toBe(2);

    await page.getByRole('textbox', { name: 'Nombre del proyecto' }).fill('Proyecto E2E');
    await shown(page.getByText('Mostrando 1-1 de 1 registros', { exact: true }));
    const created = row(page, 'Proyecto E2E');
    // A text over 15 characters shows its first 10 and an ellipsis, whole in its title (spec 1 §2.2).
    const client = created.getByRole('cell', { name: 'Banco Federal del Sur', exact: true });
    await shown(client.getByText('Banco Fede…', { exact: true }));
    expect(await client.getByTitle('Banco Federal del Sur').count()).toBe(1);
    await shown(created.getByRole('cell', { name: 'En curso' }));
    // 5 locations × 2 visits, published.
    await shown(created.getByRole('cell', { name: '10', exact: true }));

    // The assignment screen lists it; a Getter takes one visit of its first location.
    await openMenu(page, 'Proyectos', 'Asignación de proyectos');
    await atPath(page, '/projects-campo/assign');
    // The assignment screen itself first: navigation is a transition (React Router 7), so while its chunk
    // loads the address already says /assign and the projects list stays on screen, with its own 'Nombre
    // del proyecto' box already holding 'Proyecto E2E' and its own 'Mostrando 1-1 de 1 registros'. Two CI
    // runs on a loaded machine filled that box (no change: same text) and waited in vain for the search.
    await shown(page.getByRole('heading', { name: 'Asignación de proyectos', level: 1 }));
    await shown(page.getByText(PAGER_SUMMARY));
    await page.getByRole('textbox', { name: 'Nombre del proyecto' }).fill('Proyecto E2E');
    await expect.poll(() => decodeURIComponent(new URL(page.url()).search), { timeout: UI_TIMEOUT * 2 }).toContain('"name":"Proyecto E2E"');
    await shown(page.getByText('Mostrando 1-1 de 1 registros', { exact: true }), UI_TIMEOUT * 2);
    await page.getByRole('button', { name: 'Asignar Getters a Proyecto E2E' }).click();
    await shown(page.getByRole('heading', { name: 'Asignar Getters: Proyecto E2E' }));
    const first = page.getByRole('listitem').filter({ hasText: /^1\. / });
    await shown(first.getByText('2 de 2 visitas publicadas'));
    const save = page.getByRole('button', { name: 'Guardar' });
    expect(await save.isDisabled()).toBe(true);
    const getter = first.getByRole('combobox', { name: /^Getter de 1\. / });
    await getter.click();
    await getter.fill('Juan P');
    await page.getByRole('option', { name: 'Juan Pérez', exact: true }).click();
    expect(await getter.inputValue()).toBe('Juan Pérez');
    // The first answer is lost on its way back (the server did create the move): 'Guardar' pressed again
    // gets that same move, not a second one.
    let lost = 0;
    await page.route('**/api/user-moves/massive-locations', async (route) => {
      if (lost++ > 0) return route.fallback();
      const answered = await route.fetch();
      expect(answered.status()).toBe(201);
      await route.abort('connectionreset');
    });
    await save.click();
    const failed = page.getByRole('dialog', { name: 'Ha ocurrido un error' });
    await shown(failed.getByText('No se pudo conectar con el servidor. Revise su conexión e intente nuevamente.'));
    await failed.getByRole('button', { name: 'Cerrar' }).click();
    expect(await getter.inputValue()).toBe('Juan Pérez');
    await save.click();
    await shown(page.getByText('Se creó 1 move asignada.'));
    await shown(first.getByText('1 de 2 visitas publicadas'));
    // The picker empties for the next assignment; who holds the visit shows under the location.
    expect(await getter.inputValue()).toBe('');
    await shown(first.getByText('Moves en curso: Juan Pérez', { exact: true }));
    expect(await page.getByRole('listitem').filter({ hasText: /^2\. / }).getByText(/^En curso:/).count()).toBe(0);
    expect(lost).toBe(2);
    // The browser's own line for the answer dropped on purpose; nothing else.
    errors.assertNone([/ERR_CONNECTION_RESET \(.*\/api\/(projects|user-moves\/massive-locations)\)/]);
  });

  it('says of a project that ended with its campaign that the campaign is to be extended first', async () => {
    session = await chromium.open();
    const { page, errors } = session;
    await loginAs(page, 'admin@campo.test', { at: '/projects-campo' });
    // The demo's 'ciclo anterior' runs its campaign's dates: every later end date was refused, and nothing said why.
    await page.getByRole('textbox', { name: 'Nombre del proyecto' }).fill('Relevamiento de locales - ciclo anterior');
    await page.getByRole('button', { name: 'Editar Relevamiento de locales - ciclo anterior' }).first().click();
    await shown(page.getByRole('heading', { name: 'Editar proyecto: Relevamiento de locales - ciclo anterior' }));
    const end = await page.getByLabel('Fecha de finalización').inputValue();
    await shown(page.getByText(`El proyecto finalizó: sólo puede extenderse su fecha de finalización. Su campaña finaliza el ${end}: para extender el proyecto, extienda primero la fecha de finalización de la campaña.`));
    // The locked start date has no hint of what may be typed ('Desde hoy y desde el …' under a past date); the end date keeps its.
    expect(await page.getByLabel('Fecha de inicio').isDisabled()).toBe(true);
    expect(await page.getByText(/^Desde hoy/).count()).toBe(0);
    await shown(page.getByText(/^Hasta el \d{2}\/\d{2}\/\d{4}$/));
    errors.assertNone();
  });

  it("shows a refusal that names a field under that field, not only in a dialog, and keeps what was typed", async () => {
    const token = await adminToken();
    const running = (await api<{ rows: { id: number; name: string; status: string }[] }>('GET', '/projects?limit=100', undefined, token)).rows.find((p) => p.status === 'EN_CURSO')!;
    session = await chromium.open();
    const { page, errors } = session;
    await loginAs(page, 'admin@campo.test', { at: `/projects-campo/edit/${running.id}` });
    await shown(page.getByRole('heading', { name: `Editar proyecto: ${running.name}` }));
    const name = page.getByRole('textbox', { name: 'Nombre' });
    await name.fill(`${running.name} (nuevo nombre)`);
    // The campaign disabled in another tab meanwhile: the server names the field (references.ts).
    const disabled = 'La campaña está inhabilitada.';
    await page.route('**/api/projects', (route) =>
      route.request().method() === 'PUT' ? route.fulfill({ status: 400, json: { message: 'Revise los datos ingresados.', errors: { campaignId: disabled } } }) : route.fallback(),
    );
    await page.getByRole('button', { name: 'Guardar' }).click();
    // Under 'Campaña' (it was only in 'Ha ocurrido un error', the field unmarked).
    await shown(page.getByRole('combobox', { name: 'Campaña' }).locator('xpath=ancestor::div[contains(@class,"MuiFormControl-root")][1]').getByText(disabled));
    expect(await page.getByRole('dialog', { name: 'Ha ocurrido un error' }).count()).toBe(0);
    expect(await name.inputValue()).toBe(`${running.name} (nuevo nombre)`);
    errors.assertNone([/status of 400/]);
  });

  it('extends a project that ended, asking for the reason, and shows it on the form; one without a price too', async () => {
    session = await chromium.open();
    const { page, errors } = session;
    await loginAs(page, 'admin@campo.test', { at: '/projects-campo' });
    await page.getByRole('textbox', { name: 'Nombre del proyecto' }).fill('Relevamiento de locales - operativo');
    await shown(page.getByText('Mostrando 1-1 de 1 registros', { exact: true }));
    await shown(row(page, 'Relevamiento de locales - operativo especial').getByRole('cell', { name: 'Finalizado' }));
    await page.getByRole('button', { name: 'Editar Relevamiento de locales - operativo especial' }).click();
    await shown(page.getByRole('heading', { name: 'Editar proyecto: Relevamiento de locales - operativo especial' }));
    await shown(page.getByText('El proyecto finalizó: sólo puede extenderse su fecha de finalización.'));
    expect(await page.getByRole('textbox', { name: 'Nombre' }).isDisabled()).toBe(true);
    expect(await page.getByRole('button', { name: 'Añadir rango' }).count()).toBe(0);
    // Its campaign goes on past it: nothing to extend first.
    expect(await page.getByText(/extienda primero la fecha de finalización de la campaña/).count()).toBe(0);

    await page.getByLabel('Fecha de finalización').fill(typed(10));
    await page.getByRole('button', { name: 'Guardar' }).click();
    const dialog = page.getByRole('dialog', { name: 'Motivo de la edición' });
    await dialog.getByRole('button', { name: 'Confirmar' }).click();
    await shown(dialog.getByText('Debe completar el motivo de la edición para continuar.'));
    await dialog.getByLabel('Motivo').fill('Faltaron visitas por las lluvias.');
    // A click beside the dialog keeps the reason being written.
    await page.mouse.click(5, 5);
    expect(await dialog.getByLabel('Motivo').inputValue()).toBe('Faltaron visitas por las lluvias.');
    await dialog.getByRole('button', { name: 'Confirmar' }).click();
    await atPath(page, '/projects-campo');
    await shown(page.getByText('Cambios guardados con éxito'));

    await page.getByRole('textbox', { name: 'Nombre del proyecto' }).fill('Relevamiento de locales - operativo');
    const extended = row(page, 'Relevamiento de locales - operativo especial');
    await shown(extended.getByRole('cell', { name: typed(10) }));
    await shown(extended.getByRole('cell', { name: 'En curso' }));
    await extended.getByRole('button', { name: 'Ver Relevamiento de locales - operativo especial' }).click();
    await shown(page.getByText('Último motivo de edición:'));
    await shown(page.getByText('Faltaron visitas por las lluvias.'));
    // Every visit range now ends on the new date.
    await shown(page.getByRole('table', { name: 'Rangos de visitas' }).getByRole('cell', { name: typed(10) }));

    // One whose move configuration has no price: its price stays empty and locked, and it extends all the same.
    const saved = page.getByText('Cambios guardados con éxito');
    await gone(saved);
    await page.goto('/projects-campo');
    await page.getByRole('textbox', { name: 'Nombre del proyecto' }).fill('Atención en sucursales - operativo');
    const unpriced = row(page, 'Atención en sucursales - operativo especial');
    await shown(unpriced.getByRole('cell', { name: 'Finalizado' }));
    await unpriced.getByRole('button', { name: 'Editar Atención en sucursales - operativo especial' }).click();
    await shown(page.getByRole('heading', { name: 'Editar proyecto: Atención en sucursales - operativo especial' }));
    const price = page.getByRole('textbox', { name: 'Precio' });
    expect(await price.inputValue()).toBe('');
    expect(await price.isDisabled()).toBe(true);
    await page.getByLabel('Fecha de finalización').fill(typed(7));
    await page.getByRole('button', { name: 'Guardar' }).click();
    await dialog.getByLabel('Motivo').fill('Faltaron llamados.');
    await dialog.getByRole('button', { name: 'Confirmar' }).click();
    await atPath(page, '/projects-campo');
    await shown(saved);
    await page.getByRole('textbox', { name: 'Nombre del proyecto' }).fill('Atención en sucursales - operativo');
    await shown(unpriced.getByRole('cell', { name: typed(7) }));
    await shown(unpriced.getByRole('cell', { name: 'En curso' }));
    errors.assertNone();
  });

  it('adds and removes locations, and keeps one whose visit a Getter took', async () => {
    const token = await adminToken();
    const [client] = (await api<{ rows: { id: number; name: string }[] }>('GET', '/clients/all-clients?limit=100', undefined, token)).rows.filter((c) => c.name === 'Supermercados Andinos');
    const campaign = (await api<{ id: number; name: string }[]>('GET', `/campaigns/client/active/${client.id}`, undefined, token)).find((c) => c.name.includes('en curso'))!;
    const locations = (await api<{ rows: { id: number; fullName: string }[] }>('GET', `/projects/locations-by-client/${client.id}?withStatus=true&sort=fullName`, undefined, token)).rows;
    const moves = (await api<{ rows: { id: number; name: string }[] }>('GET', '/moves', undefined, token)).rows;
    const questionnaires = (await api<{ rows: { id: number }[] }>('GET', '/questionnariesV2?limit=1', undefined, token)).rows;
    const guidelines = (await api<{ rows: { id: number }[] }>('GET', '/guidelines/search?limit=1', undefined, token)).rows;
    const project = await api<{ id: number }>(
      'POST',
      '/projects',
      {
        name: 'Locaciones E2E',
        clientId: client.id,
        campaignId: campaign.id,
        moveConfigurationId: moves.find((m) => m.name === 'Visita estándar')!.id,
        questionnaireId: questionnaires[0].id,
        guidelineId: guidelines[0].id,
        startDate: isoIn(0),
        endDate: isoIn(15),
        price: '1000',
        mandatoryProduct: 'Yerba',
        locations: locations.slice(0, 2).map((l) => l.id),
        rangeDate: [{ from: isoIn(0), to: isoIn(15), visits: 1 }],
      },
      token,
    );
    // A Getter takes the visit of the first location: that one cannot leave the project.
    const record = await api<{ locations: { id: number; locationId: number }[] }>('GET', `/projects/${project.id}`, undefined, token);
    const taken = record.locations.find((l) => l.locationId === locations[0].id)!;
    const [getter] = await api<{ id: number }[]>('GET', '/users?rolId=7', undefined, token);
    await api('POST', '/user-moves/massive-locations', [{ projectLocationId: taken.id, userId: getter.id }], token);
    // The second one is deactivated since: still one of the project's, listed (flagged) to be taken out.
    await api('PUT', '/locations/disable', { id: locations[1].id, status: false }, token);
    // Active again below; this, if the test fails before: other files use the demo's points of sale.
    onTestFinished(() => api('PUT', '/locations/disable', { id: locations[1].id, status: true }, token));

    session = await chromium.open();
    const { page, errors } = session;
    await loginAs(page, 'admin@campo.test', { at: '/projects-campo' });
    await page.getByRole('textbox', { name: 'Nombre del proyecto' }).fill('Locaciones E2E');
    await shown(page.getByText('Mostrando 1-1 de 1 registros', { exact: true }));
    await page.getByRole('button', { name: 'Locaciones de Locaciones E2E' }).click();
    await atPath(page, `/projects-campo/edit/${project.id}/locations`);
    await shown(page.getByRole('heading', { name: 'Agregar/Quitar locaciones' }));
    await shown(page.getByText('2 locaciones seleccionadas'));
    const confirm = page.getByRole('button', { name: 'Confirmar cambios' });
    // 20 per page on this screen, out of the project locations table's 5/10/20.
    const perPage = page.getByText('Filas por página', { exact: true }).locator('..').getByRole('combobox');
    expect(await perPage.innerText()).toBe('20');
    await perPage.click();
    expect(await page.getByRole('option').allInnerTexts()).toEqual(['5', '10', '20']);
    await page.keyboard.press('Escape');
    // A heading sorts the client's locations, on the server: the page shows the order the API gives.
    const table = page.getByRole('table', { name: 'Locaciones del cliente' });
    const inOrder = async (sort: string, order: 'ASC' | 'DESC') =>
      (await api<{ rows: { fullName: string }[] }>('GET', `/projects/locations-by-client/${client.id}?withStatus=true&proyectId=${project.id}&sort=${sort}&order=${order}`, undefined, token)).rows.map((r) => r.fullName);
    const shownNames = async () => (await table.locator('tbody tr td:nth-child(3)').allInnerTexts()).map((text) => text.replace('(inactiva)', '').replace(`(${PROJECT_TEXT.locationTaken})`, '').trim());
    await table.getByRole('button', { name: 'Nombre', exact: true }).click();
    await expect.poll(shownNames).toEqual(await inOrder('fullName', 'DESC'));
    await table.getByRole('button', { name: 'Calle', exact: true }).click();
    await expect.poll(shownNames).toEqual(await inOrder('street', 'ASC'));
    expect(await inOrder('street', 'ASC')).not.toEqual(await inOrder('fullName', 'DESC'));

    await shown(page.getByRole('row').filter({ hasText: locations[1].fullName }).getByText('(inactiva)'));
    // Nothing changed, or nothing selected: nothing to confirm.
    expect(await confirm.isDisabled()).toBe(true);
    // 'Seleccionar todas' that cannot ask the server says so.
    await page.route('**/api/projects/locations-by-client/*/ids**', (route) => route.fulfill({ status: 503, json: { message: 'La base de datos no está disponible en este momento. Intente nuevamente en unos segundos.' } }));
    await page.getByRole('button', { name: 'Seleccionar todas' }).click();
    const unavailable = page.getByRole('dialog', { name: 'Ha ocurrido un error' });
    await shown(unavailable.getByText('La base de datos no está disponible en este momento. Intente nuevamente en unos segundos.'));
    await unavailable.getByRole('button', { name: 'Cerrar' }).click();
    await page.unroute('**/api/projects/locations-by-client/*/ids**');
    await shown(page.getByText('2 locaciones seleccionadas'));
    // The one with a taken visit stays: its box cannot be unticked (the save that took it out was refused
    // after its confirmation), and 'Quitar selección' leaves it.
    const kept = page.getByRole('checkbox', { name: `Seleccionar ${locations[0].fullName}` });
    await shown(page.getByRole('row').filter({ hasText: locations[0].fullName }).getByText(`(${PROJECT_TEXT.locationTaken})`));
    expect([await kept.isChecked(), await kept.isDisabled()]).toEqual([true, true]);
    expect(await page.getByRole('row').filter({ hasText: locations[1].fullName }).getByText(`(${PROJECT_TEXT.locationTaken})`).count()).toBe(0);
    await page.getByRole('button', { name: 'Quitar selección' }).click();
    await shown(page.getByText('1 locación seleccionada'));
    expect(await kept.isChecked()).toBe(true);
    await page.getByRole('checkbox', { name: `Seleccionar ${locations[1].fullName}` }).click();
    await shown(page.getByText('Se agregarán 0 locaciones y se quitarán 0 locaciones.'));
    expect(await confirm.isDisabled()).toBe(true);

    // The filter ('Filtrar resultados', the spec's words) matches names, codes and streets, as it says inside.
    const third = locations[2];
    expect(await page.getByLabel('Filtrar resultados').getAttribute('placeholder')).toBe('Nombre, código o calle');
    await page.getByLabel('Filtrar resultados').fill(third.fullName.split(' ').at(-1)!);
    await shown(page.getByRole('checkbox', { name: `Seleccionar ${third.fullName}` }));
    await page.getByRole('checkbox', { name: `Seleccionar ${third.fullName}` }).click();
    await page.getByLabel('Filtrar resultados').fill('');
    await shown(page.getByRole('checkbox', { name: `Seleccionar ${locations[1].fullName}` }));
    // Keep the first one, drop the second one, add the third.
    await page.getByRole('checkbox', { name: `Seleccionar ${locations[1].fullName}` }).click();
    await shown(page.getByText('Se agregará 1 locación y se quitará 1 locación.'));
    // While it is saved the question stays, busy, and the table is still: a second 'Confirmar' sends nothing.
    const saves = await holdRequests(page, '**/api/projects/locations', 'PUT');
    await confirm.click();
    const question = page.getByRole('dialog', { name: 'Está seguro?' });
    await question.getByRole('button', { name: 'Confirmar' }).click();
    await expect.poll(saves.sent).toBe(1);
    expect(await question.getByRole('button', { name: 'Confirmar' }).isDisabled()).toBe(true);
    // (Behind the open question the page is aria-hidden: the checkbox is found by its label in the markup.)
    expect(await page.locator(`input[type="checkbox"][aria-label="Seleccionar ${locations[0].fullName}"]`).isDisabled()).toBe(true);
    await question.getByRole('button', { name: 'Confirmar' }).click({ force: true });
    saves.release();
    const success = page.getByRole('dialog', { name: 'Operación exitosa:' });
    await shown(success.getByText('Las modificaciones se han realizado correctamente.'));
    expect(saves.sent()).toBe(1);
    await success.getByRole('button', { name: 'Cerrar' }).click();
    await atPath(page, '/projects-campo');
    await gone(success);

    const after = await api<{ locations: { locationId: number }[] }>('GET', `/projects/${project.id}`, undefined, token);
    expect(after.locations.map((l) => l.locationId).sort()).toEqual([locations[0].id, third.id].sort());
    await api('PUT', '/locations/disable', { id: locations[1].id, status: true }, token);

    // Its assignment screen counts one visit in the singular: the project's, and the added location's.
    await page.goto(`/projects-campo/assign/edit?projectId=${project.id}`);
    await shown(page.getByText(/ · 1 visita publicada$/));
    await shown(page.getByRole('listitem').filter({ hasText: third.fullName }).getByText('1 de 1 visita publicada', { exact: true }));
    // The menu marks one entry as the current page: the assignment's, not the projects' bank too.
    const current = sidebar(page).locator('[aria-current="page"]');
    await expect.poll(() => current.count()).toBe(1);
    expect(await current.innerText()).toBe('Asignación de proyectos');
    // The refusal above is a 400 the browser logs.
    errors.assertNone([/status of 400 .*\/api\/projects\/locations/, /status of 503/]);
  });

  it('keeps the delete button of a visit range with a visit taken off, saying why; a new one can go; the move configuration and questionnaire stay', async () => {
    const token = await adminToken();
    let running: ProjectRecord | undefined;
    for (const row of (await api<{ rows: { id: number; status: string }[] }>('GET', '/projects?limit=100', undefined, token)).rows.filter((p) => p.status === 'EN_CURSO')) {
      const project = await api<ProjectRecord>('GET', `/projects/${row.id}`, undefined, token);
      if (project.rangeDate.some((r) => r.taken) && project.endDate.slice(0, 10) > isoIn(3)) {
        running = project;
        break;
      }
    }
    if (!running) throw new Error('The demo has no running project with a range taken');
    session = await chromium.open();
    const { page, errors } = session;
    await loginAs(page, 'admin@campo.test', { at: `/projects-campo/edit/${running.id}` });
    await shown(page.getByRole('heading', { name: `Editar proyecto: ${running.name}` }));
    // Its moves were made with its move configuration and questionnaire: both stay, saying why.
    expect(running.withMoves).toBe(true);
    expect(await page.getByRole('combobox', { name: 'Configuración de move' }).isDisabled()).toBe(true);
    expect(await page.getByRole('combobox', { name: 'Cuestionario' }).isDisabled()).toBe(true);
    expect(await page.getByText(PROJECT_TEXT.fixedWithMoves, { exact: true }).count()).toBe(2);
    // Its start is past and kept: the help says so before what another date may be.
    expect(running.startDate.slice(0, 10) < isoIn(0)).toBe(true);
    await shown(page.getByText(/^Ya comenzó\. Otra fecha: desde hoy y desde el \d{2}\/\d{2}\/\d{4}$/));
    const shownDate = (iso: string) => iso.slice(0, 10).split('-').reverse().join('/');
    const removeButton = (from: string, to: string) => page.getByRole('button', { name: `Quitar el rango del ${shownDate(from)} al ${shownDate(to)}`, exact: true });
    const taken = running.rangeDate.find((r) => r.taken)!;
    await shown(removeButton(taken.from, taken.to));
    // It went from the form and was refused only on saving.
    expect(await removeButton(taken.from, taken.to).isDisabled()).toBe(true);
    expect(await removeButton(taken.from, taken.to).getAttribute('aria-description')).toBe(RANGE_TEXT.taken);
    // A range added now has no visit taken: it can go.
    const ranges = page.getByRole('region', { name: 'Rangos de visitas' });
    await ranges.getByLabel('Desde').fill(shownDate(isoIn(2)));
    await ranges.getByLabel('Hasta').fill(shownDate(isoIn(3)));
    await ranges.getByLabel('Visitas por locación').fill('7');
    await ranges.getByRole('button', { name: 'Añadir rango' }).click();
    // A second press right after (a double click) says nothing of empty fields under the range it added.
    await ranges.getByRole('button', { name: 'Añadir rango' }).click();
    const added = removeButton(isoIn(2), isoIn(3));
    await shown(added);
    expect(await page.getByText('Rellene todos los campos antes de añadir rango de visitas').count()).toBe(0);
    expect(await added.isDisabled()).toBe(false);
    await added.click();
    await gone(added);
    // The keyboard's place stays among the ranges (another range's 'Quitar', or 'Añadir rango'), not at the page's start.
    await expect.poll(() => ranges.evaluate((region) => region.contains(document.activeElement) && document.activeElement?.tagName === 'BUTTON')).toBe(true);
    errors.assertNone();
  });

  it('asks before leaving locations ticked or Getters chosen and not saved', async () => {
    const token = await adminToken();
    let running: ProjectRecord | undefined;
    for (const row of (await api<{ rows: { id: number; status: string }[] }>('GET', '/projects?limit=100', undefined, token)).rows.filter((p) => p.status === 'EN_CURSO')) {
      const project = await api<ProjectRecord>('GET', `/projects/${row.id}`, undefined, token);
      // One with a visit to give a Getter, and a location to take out (none with moves: those stay).
      if (project.locations.some((l) => l.availableVisits > 0) && project.locations.some((l) => !l.taken)) {
        running = project;
        break;
      }
    }
    if (!running) throw new Error('The demo has no running project with a published visit and a location without moves');
    session = await chromium.open();
    const { page, errors } = session;
    const question = page.getByRole('dialog', { name: 'No se guardarán los cambios' });
    await loginAs(page, 'admin@campo.test', { at: `/projects-campo/edit/${running.id}/locations` });
    await shown(page.getByRole('heading', { name: 'Agregar/Quitar locaciones' }));
    // Nothing changed: the back arrow leaves at once.
    await page.getByRole('button', { name: 'Volver' }).click();
    await atPath(page, '/projects-campo');
    await page.goBack();
    await shown(page.getByRole('heading', { name: 'Agregar/Quitar locaciones' }));
    // A location's box (one the project keeps, with moves, cannot be unticked; the page's box leaves those).
    await page.getByRole('checkbox', { name: /^Seleccionar (?!todas|las locaciones de la página)/, disabled: false }).first().click();
    await shown(page.getByText(/^Se (agregará|quitará|agregarán|quitarán)/));
    await page.getByRole('button', { name: 'Volver' }).click();
    await question.getByRole('button', { name: 'Cancelar' }).click();
    await gone(question);
    await atPath(page, `/projects-campo/edit/${running.id}/locations`);
    await sidebar(page).getByText('Tags', { exact: true }).click();
    await question.getByRole('button', { name: 'Confirmar' }).click();
    await atPath(page, '/tags');

    await page.goto(`/projects-campo/assign/edit?projectId=${running.id}`);
    const free = running.locations.find((l) => l.availableVisits > 0)!;
    const open = page.getByRole('listitem').filter({ hasText: free.fullName }).first();
    const getter = open.getByRole('combobox', { name: /^Getter de / });
    await getter.click();
    await getter.fill('Juan P');
    await page.getByRole('option', { name: 'Juan Pérez', exact: true }).click();
    await sidebar(page).getByText('Tags', { exact: true }).click();
    await question.getByRole('button', { name: 'Cancelar' }).click();
    await gone(question);
    expect(await getter.inputValue()).toBe('Juan Pérez');
    await page.getByRole('button', { name: 'Volver' }).click();
    await question.getByRole('button', { name: 'Confirmar' }).click();
    await atPath(page, '/projects-campo/assign');
    errors.assertNone();
  });

  it('offers no Getters for a finished project: the assignment list leaves it out, its address says it finished; /edit/abc names no project', async () => {
    session = await chromium.open();
    const { page, errors } = session;
    await loginAs(page, 'admin@campo.test');
    const token = await adminToken();
    const [ended] = (await api<{ rows: { id: number; name: string; status: string }[] }>('GET', `/projects?name=${encodeURIComponent('Relevamiento de locales - ciclo anterior')}`, undefined, token)).rows;
    expect(ended.status).toBe('FINALIZADO');

    await page.goto('/projects-campo/assign');
    // A search that finds none says so, not that nothing is waiting (spec 1 §2.2's search text).
    await page.getByRole('textbox', { name: 'Nombre del proyecto' }).fill('ciclo anterior');
    await shown(page.getByText('No hay resultados para la búsqueda', { exact: true }));
    expect(await page.getByText('No hay proyectos por asignar').count()).toBe(0);

    await page.goto(`/projects-campo/assign/edit?projectId=${ended.id}`);
    await shown(page.getByRole('heading', { name: `Asignar Getters: ${ended.name}` }));
    await shown(page.getByText('El proyecto está finalizado: ya no se pueden asignar sus visitas.', { exact: true }));
    const getters = page.getByRole('combobox', { name: /^Getter de / });
    await shown(getters);
    for (const getter of await getters.all()) expect(await getter.isDisabled()).toBe(true);
    expect(await page.getByRole('button', { name: 'Guardar' }).count()).toBe(0);

    // An address no project can have says so, as an unknown number does.
    await page.goto('/projects-campo/edit/abc');
    await shown(page.getByText('El proyecto no existe.', { exact: true }));
    errors.assertNone();
  });

  it('reads the project again when a save is refused because its visits were taken meanwhile, and lets go of that Getter', async () => {
    session = await chromium.open();
    const { page, errors } = session;
    await loginAs(page, 'admin@campo.test');
    const token = await adminToken();
    const [running] = (await api<{ rows: { id: number; name: string; status: string }[] }>('GET', `/projects?name=${encodeURIComponent('Salón de ventas - en curso')}`, undefined, token)).rows;
    expect(running.status).toBe('EN_CURSO');
    const project = await api<ProjectRecord>('GET', `/projects/${running.id}`, undefined, token);
    const [taken, other] = project.locations.filter((l) => l.active && l.availableVisits > 0);
    const [getter] = await api<{ id: number; fullName: string }[]>('GET', '/users?rolId=7&limit=1', undefined, token);

    await page.goto(`/projects-campo/assign/edit?projectId=${running.id}`);
    await shown(page.getByRole('heading', { name: `Asignar Getters: ${running.name}` }));
    // Paged as the shared table is (spec 1 §9: 20 rows, or 35 or 50).
    const perPage = page.getByText('Filas por página', { exact: true }).locator('..').getByRole('combobox');
    expect(await perPage.innerText()).toBe('20');
    await perPage.click();
    expect(await page.getByRole('option').allInnerTexts()).toEqual(['20', '35', '50']);
    await page.keyboard.press('Escape');
    const itemOf = (fullName: string) => page.getByRole('listitem').filter({ hasText: fullName }).first();
    for (const location of [taken, other]) {
      const picker = itemOf(location.fullName).getByRole('combobox', { name: /^Getter de / });
      await picker.click();
      await page.getByRole('option', { name: getter.fullName, exact: true }).click();
    }
    await shown(page.getByText('2 locaciones con Getter elegido'));
    // Someone else takes every published visit of the first location.
    await api('POST', '/user-moves/massive-locations', Array.from({ length: taken.availableVisits }, () => ({ projectLocationId: taken.id, userId: getter.id })), token);

    await page.getByRole('button', { name: 'Guardar' }).click();
    const refusal = page.getByRole('dialog');
    await shown(refusal.getByText(ASSIGN_TEXT.noVisitLeft(taken.fullName, running.name)));
    await refusal.getByRole('button', { name: /cerrar/i }).click();
    await gone(refusal);
    // The location now says it has nothing to assign, its Getter is let go; the other one's stays, to save again.
    await shown(itemOf(taken.fullName).getByText('Sin visitas publicadas para asignar', { exact: true }));
    expect(await itemOf(taken.fullName).getByRole('combobox', { name: /^Getter de / }).inputValue()).toBe('');
    expect(await itemOf(other.fullName).getByRole('combobox', { name: /^Getter de / }).inputValue()).toBe(getter.fullName);
    await shown(page.getByText('1 locación con Getter elegido'));
    await page.getByRole('button', { name: 'Guardar' }).click();
    await shown(page.getByText(ASSIGN_TEXT.created(1)));
    errors.assertNone([/status of 409/]);
  });

  it('offers no Getter for a point of sale deactivated after it joined the project, and marks it inactive', async () => {
    session = await chromium.open();
    const { page, errors } = session;
    await loginAs(page, 'admin@campo.test');
    const token = await adminToken();
    const [running] = (await api<{ rows: { id: number; name: string; status: string }[] }>('GET', `/projects?name=${encodeURIComponent('Góndolas - en curso')}`, undefined, token)).rows;
    expect(running.status).toBe('EN_CURSO');
    const project = await api<ProjectRecord>('GET', `/projects/${running.id}`, undefined, token);
    const closed = project.locations.find((l) => l.availableVisits > 0)!;
    await api('PUT', '/locations/disable', { id: closed.locationId, status: false }, token);
    try {
      await page.goto(`/projects-campo/assign/edit?projectId=${running.id}`);
      await shown(page.getByRole('heading', { name: `Asignar Getters: ${running.name}` }));
      const item = page.getByRole('listitem', { name: new RegExp(`${closed.fullName}.*\\(inactiva\\)$`) });
      await shown(item.getByText('Punto de venta inactivo: no se le pueden asignar visitas', { exact: true }));
      expect(await item.getByRole('combobox', { name: /^Getter de / }).isDisabled()).toBe(true);
      // The others still take a Getter.
      const open = page.getByRole('listitem').filter({ hasNot: page.getByText('(inactiva)') }).getByRole('combobox', { name: /^Getter de / });
      expect(await open.first().isDisabled()).toBe(false);
      errors.assertNone();
    } finally {
      await api('PUT', '/locations/disable', { id: closed.locationId, status: true }, token);
    }
  });

  it("keeps what was typed when the page reads the project again, and refuses the save over someone else's change", async () => {
    const token = await adminToken();
    const [project] = (await api<{ rows: { id: number; name: string }[] }>('GET', `/projects?limit=1&name=${encodeURIComponent('Atención en sucursales - próxima')}`, undefined, token)).rows;
    const ana = await chromium.open();
    const beto = await chromium.open();
    for (const { page } of [ana, beto]) {
      await loginAs(page, 'admin@campo.test', { at: `/projects-campo/edit/${project.id}` });
      await shown(page.getByRole('heading', { name: `Editar proyecto: ${project.name}` }));
    }
    await ana.page.getByRole('textbox', { name: 'Producto obligatorio' }).fill('Producto de Ana');

    await beto.page.getByRole('textbox', { name: 'Producto obligatorio' }).fill('Producto de Beto');
    await beto.page.getByRole('button', { name: 'Guardar' }).click();
    await shown(beto.page.getByText('Cambios guardados con éxito'));
    await atPath(beto.page, '/projects-campo');

    // Ana comes back to her window: the console reads the project again (Beto's version), and her form keeps her typing.
    const reread = ana.page.waitForResponse((res) => new URL(res.url()).pathname === `/api/projects/${project.id}` && res.ok());
    await ana.page.evaluate(() => window.dispatchEvent(new Event('visibilitychange')));
    await reread;
    await ana.page.waitForTimeout(300);
    expect(await ana.page.getByRole('textbox', { name: 'Producto obligatorio' }).inputValue()).toBe('Producto de Ana');

    // Her save would undo Beto's without her knowing: refused, and what she typed stays.
    await ana.page.getByRole('button', { name: 'Guardar' }).click();
    const refused = ana.page.getByRole('dialog', { name: 'Ha ocurrido un error' });
    await shown(refused.getByText(STALE_EDIT.projects, { exact: true }));
    await refused.getByRole('button', { name: 'Cerrar' }).click();
    expect(await ana.page.getByRole('textbox', { name: 'Producto obligatorio' }).inputValue()).toBe('Producto de Ana');
    expect((await api<{ mandatoryProduct: string }>('GET', `/projects/${project.id}`, undefined, token)).mandatoryProduct).toBe('Producto de Beto');

    // Reloaded, her form shows Beto's version.
    await ana.page.reload();
    await shown(ana.page.getByRole('heading', { name: `Editar proyecto: ${project.name}` }));
    await expect.poll(() => ana.page.getByRole('textbox', { name: 'Producto obligatorio' }).inputValue()).toBe('Producto de Beto');
    ana.errors.assertNone([/status of 409/]);
    beto.errors.assertNone();
  });

  it('renames a project whose move configuration has no price without asking for one; a price written must be one', async () => {
    const token = await adminToken();
    const byName = async (name: string) => {
      const [found] = (await api<{ rows: { id: number }[] }>('GET', `/projects?limit=1&name=${encodeURIComponent(name)}`, undefined, token)).rows;
      return api<ProjectRecord>('GET', `/projects/${found.id}`, undefined, token);
    };
    const running = await byName('Atención en sucursales - en curso');
    const calls = await byName('Atención en sucursales - operativo especial');
    const created = await api<{ id: number }>('POST', '/projects', {
      name: 'Llamados sin precio E2E',
      clientId: running.clientId,
      campaignId: running.campaignId,
      moveConfigurationId: calls.moveConfigurationId,
      questionnaireId: running.questionnaireId,
      guidelineId: running.guidelineId,
      startDate: isoIn(0),
      endDate: isoIn(10),
      price: '',
      mandatoryProduct: 'Llamado',
      rangeDate: [{ from: isoIn(0), to: isoIn(10), visits: 1 }],
      locations: [running.locations[0].locationId],
    }, token);

    session = await chromium.open();
    const { page, errors } = session;
    await loginAs(page, 'admin@campo.test', { at: `/projects-campo/edit/${created.id}` });
    await shown(page.getByRole('heading', { name: 'Editar proyecto: Llamados sin precio E2E' }));
    const price = page.getByRole('textbox', { name: 'Precio' });
    expect(await price.inputValue()).toBe('');
    await page.getByRole('textbox', { name: 'Nombre' }).fill('Llamados sin precio E2E, renombrado');
    // A price written is checked as one.
    await price.fill('0');
    await price.blur();
    await shown(page.getByText('Debe ser mayor a 0'));
    await price.fill('');
    await page.getByRole('button', { name: 'Guardar' }).click();
    await shown(page.getByText('Cambios guardados con éxito'));
    expect(await api<ProjectRecord>('GET', `/projects/${created.id}`, undefined, token)).toMatchObject({ name: 'Llamados sin precio E2E, renombrado', price: null });
    errors.assertNone();
  });

  it('duplicates a project with its active locations: one deactivated since is marked and left out of the copy', async () => {
    const token = await adminToken();
    const [original] = (await api<{ rows: { id: number }[] }>('GET', `/projects?limit=1&name=${encodeURIComponent('Atención en sucursales - próxima')}`, undefined, token)).rows;
    const { locations, guideline } = await api<ProjectRecord>('GET', `/projects/${original.id}`, undefined, token);
    expect(locations).toHaveLength(3);
    // Its guideline was edited since: the copy takes the current version (the one it holds is refused).
    const { id: _old, ...fields } = await api<Record<string, unknown>>('GET', `/guidelines/${guideline!.id}`, undefined, token);
    const texts = Object.fromEntries(['name', 'generalities', 'beforeWork', 'duringWork', 'afterWork', 'generalitiesVideo', 'generalitiesImg', 'beforeWorkVideo', 'beforeWorkImg', 'duringWorkVideo', 'duringWorkImg', 'afterWorkVideo', 'afterWorkImg'].filter((k) => k in fields).map((k) => [k, fields[k]]));
    const next = await api<{ id: number; version: number }>('PUT', '/guidelines', { ...texts, id: guideline!.id }, token);
    expect(next.version).toBe(guideline!.version + 1);
    const closed = locations[0];
    // A project cannot be created with an inactive point of sale: the copy took it and could never be saved.
    await api('PUT', '/locations/disable', { id: closed.locationId, status: false }, token);
    try {
      session = await chromium.open();
      const { page, errors } = session;
      await loginAs(page, 'admin@campo.test', { at: `/projects-campo/view/${original.id}` });
      const projectTable = page.getByRole('table', { name: 'Locaciones del proyecto' });
      await shown(projectTable.getByRole('row').filter({ hasText: closed.fullName }).getByText('(inactiva)'));
      // Each heading sorts the project's locations; a second click the other way.
      const names = async () => (await projectTable.locator('tbody tr td:nth-child(2)').allInnerTexts()).map((text) => text.replace('(inactiva)', '').trim());
      const spanish = new Intl.Collator('es', { numeric: true });
      await projectTable.getByRole('button', { name: 'Nombre', exact: true }).click();
      const ascending = await names();
      expect(ascending.length).toBeGreaterThan(1);
      expect(ascending).toEqual([...ascending].sort(spanish.compare));
      await projectTable.getByRole('button', { name: 'Nombre', exact: true }).click();
      await expect.poll(names).toEqual([...ascending].reverse());
      await page.goto('/projects-campo');
      await page.getByRole('textbox', { name: 'Nombre del proyecto' }).fill('Atención en sucursales - próxima');
      await shown(page.getByText('Mostrando 1-1 de 1 registros', { exact: true }));
      await page.getByRole('button', { name: 'Duplicar Atención en sucursales - próxima temporada' }).click();
      await shown(page.getByRole('heading', { name: 'Duplicar proyecto: Atención en sucursales - próxima temporada' }));
      expect(new URL(page.url()).search).toMatch(/^\?action=duplicate&id=\d+$/);
      expect(await page.getByRole('textbox', { name: 'Nombre' }).inputValue()).toBe('Atención en sucursales - próxima temporada (copia)');
      await shown(page.getByText(/^Se copiarán las 2 locaciones del proyecto original/));
      await shown(page.getByText('Una locación del proyecto original está inactiva y no se copia.', { exact: true }));
      await expect.poll(() => page.getByRole('combobox', { name: 'Instructivo' }).inputValue()).toBe(`${guideline!.name} (v${next.version})`);
      await page.getByRole('button', { name: 'Guardar' }).click();
      await page.getByRole('dialog', { name: 'Está seguro?' }).getByRole('button', { name: 'Confirmar' }).click();
      await atPath(page, '/projects-campo');
      await page.getByRole('textbox', { name: 'Nombre del proyecto' }).fill('(copia)');
      await shown(row(page, 'Atención en sucursales - próxima temporada (copia)').getByRole('cell', { name: 'Próximo' }));
      const [copy] = (await api<{ rows: { id: number }[] }>('GET', `/projects?limit=1&name=${encodeURIComponent('próxima temporada (copia)')}`, undefined, token)).rows;
      const copied = (await api<ProjectRecord>('GET', `/projects/${copy.id}`, undefined, token)).locations.map((l) => l.locationId);
      expect(copied.sort()).toEqual(locations.slice(1).map((l) => l.locationId).sort());
      expect((await api<ProjectRecord>('GET', `/projects/${copy.id}`, undefined, token)).guidelineId).toBe(next.id);
      errors.assertNone();
    } finally {
      await api('PUT', '/locations/disable', { id: closed.locationId, status: true }, token);
    }
  });

  it('lets one type the search at once: the search box takes the focus as the list opens from the menu', async () => {
    session = await chromium.open();
    const { page, errors } = session;
    await loginAs(page, 'admin@campo.test');
    await openMenu(page, 'Proyectos', 'Banco de proyectos');
    const search = page.getByRole('textbox', { name: 'Nombre del proyecto' });
    await expect.poll(() => search.evaluate((el) => el === document.activeElement)).toBe(true);
    await shown(page.getByText(PAGER_SUMMARY));
    await page.keyboard.type('próxima');
    await shown(page.getByRole('cell', { name: 'Atención en sucursales - próxima temporada', exact: true }));
    await expect.poll(async () => (await page.locator('tbody tr').allInnerTexts()).every((row) => row.includes('próxima'))).toBe(true);
    // Reloaded, the search is kept in the address; the focus stays put, so that the first Tab reaches 'Saltar al contenido'.
    await page.reload();
    await shown(page.getByRole('cell', { name: 'Atención en sucursales - próxima temporada', exact: true }));
    expect(await search.inputValue()).toBe('próxima');
    await page.waitForTimeout(300);
    expect(await search.evaluate((el) => el === document.activeElement)).toBe(false);
    errors.assertNone();
  });
});

describe('on a phone', () => {
  it('keeps the project form within its card: the ranges and the calendar scroll in their own frames', async () => {
    const token = await adminToken();
    const [project] = (await api<{ rows: { id: number; name: string }[] }>('GET', `/projects?limit=1&name=${encodeURIComponent('Atención en sucursales - próxima')}`, undefined, token)).rows;
    session = await chromium.open({ viewport: { width: 390, height: 844 } });
    const { page, errors } = session;
    await loginAs(page, 'admin@campo.test');
    for (const mode of ['edit', 'view']) {
      await page.goto(`/projects-campo/${mode}/${project.id}`);
      const calendar = page.getByRole('table', { name: 'Calendario de visitas' });
      await shown(calendar);
      const card = (await page.locator('#main-content .MuiCard-root').first().boundingBox())!;
      // No field reaches past the card (they did, cut off, with the tables widening the form).
      const widest = await page.locator('#main-content .MuiCard-root').first().evaluate((c) => Math.max(...[...c.querySelectorAll('input, [role="combobox"]')].map((e) => e.getBoundingClientRect().right)));
      expect(widest, mode).toBeLessThanOrEqual(card.x + card.width);
      for (const name of ['Rangos de visitas', 'Calendario de visitas']) {
        const frame = (await page.getByRole('table', { name }).locator('..').boundingBox())!;
        expect(frame.x + frame.width, `${mode}: ${name}`).toBeLessThanOrEqual(card.x + card.width);
      }
    }
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    errors.assertNone();
  });
});
