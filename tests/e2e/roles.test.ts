/** What each role sees: title, sidebar, the routes it may not open, the framed client pages. */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { AUTH_TEXT, DRAFT_TEXT } from '../../domain/auth';
import { ROLE } from '../../domain/roles';
import { adminToken, answerExternalPages, atPath, baseUrl, callApi, chromiumPerFile, DEMO_PASSWORD, loginAs, menuEntry, openMenu, pathOf, type Session, shown, sidebar, UI_TIMEOUT } from './helpers';

const chromium = chromiumPerFile();
let session: Session | undefined;

async function as(email: string): Promise<Session> {
  session = await chromium.open();
  await loginAs(session.page, email);
  return session;
}

/** The role title chip in the app bar. */
const roleTitle = (page: Page, title: string) => page.getByRole('banner').getByText(title, { exact: true });

describe('a client user (cliente@campo.test)', () => {
  it('has the title "Cliente" and only the client menus', async () => {
    const { page, errors } = await as('cliente@campo.test');
    await shown(roleTitle(page, 'Cliente'));
    await shown(menuEntry(page, 'Mis Reportes'));
    await shown(menuEntry(page, 'Atención al cliente'));
    for (const staffOnly of ['Usuarios', 'Clientes', 'Moves', 'Tags']) {
      expect(await menuEntry(page, staffOnly).count(), staffOnly).toBe(0);
    }
    await menuEntry(page, 'Atención al cliente').click();
    await shown(menuEntry(page, 'Reclamos'));
    await shown(menuEntry(page, 'Contacto / Consultas'));
    // A screen's entry is a link to its address, so the browser can open it in another tab.
    const reports = sidebar(page).getByRole('link', { name: 'Mis Reportes', exact: true });
    expect(await reports.getAttribute('href')).toMatch(/^\/[a-z]/);
    const href = await reports.getAttribute('href');
    const [tab] = await Promise.all([page.context().waitForEvent('page'), reports.click({ modifiers: ['ControlOrMeta'] })]);
    // The new tab is 'about:blank' until its navigation commits (its first load state can be that page's).
    await tab.waitForURL((url) => url.protocol !== 'about:');
    expect(new URL(tab.url()).pathname).toBe(href);
    await tab.close();
    errors.assertNone();
  });

  it('is sent to /dashboard from /clients and from an unknown path', async () => {
    const { page, errors } = await as('cliente@campo.test');
    await page.goto('/clients');
    await atPath(page, '/dashboard');
    await shown(page.getByRole('heading', { name: 'Panel de Carla' }));
    expect(await page.getByRole('heading', { name: 'Lista de Clientes' }).count()).toBe(0);

    await page.goto('/esta/ruta/no-existe');
    await atPath(page, '/dashboard');
    await shown(page.getByRole('heading', { name: 'Panel de Carla' }));
    errors.assertNone();
  });

  it('"Reclamos" frames the client\'s claim form', async () => {
    const { page, context, errors } = await as('cliente@campo.test');
    await answerExternalPages(context);
    await openMenu(page, 'Atención al cliente', 'Reclamos');
    await atPath(page, '/client-service/claims');
    await shown(page.getByRole('heading', { name: 'Gestión de Reclamos' }));
    const frame = page.locator('iframe[title="Gestión de Reclamos"]');
    await shown(frame);
    expect(await frame.getAttribute('src')).toBe('https://forms.campo.test/reclamos/cafe-del-plata');
    await shown(page.frameLocator('iframe[title="Gestión de Reclamos"]').getByText('Página externa'));
    errors.assertNone();
  });
});

describe('a client user an administrator moves to another client', () => {
  it('is shown the new client’s pages after the next call, never the old client’s claim form', async () => {
    const login = await fetch(`${baseUrl()}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: 'admin@campo.test', password: DEMO_PASSWORD }) });
    const { token } = (await login.json()) as { token: string };
    const admin = async <T>(method: 'GET' | 'POST' | 'PUT', path: string, body?: unknown): Promise<T> => {
      const res = await fetch(`${baseUrl()}/api${path}`, { method, headers: { authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) }, body: body === undefined ? undefined : JSON.stringify(body) });
      if (!res.ok) throw new Error(`${method} ${path} → ${res.status} ${await res.text()}`);
      return (await res.json()) as T;
    };
    const clients = (await admin<{ rows: { id: number; name: string }[] }>('GET', '/clients/all-clients?limit=100')).rows;
    const idOf = (name: string) => clients.find((c) => c.name === name)!.id;
    const email = `movido.${Date.now().toString(36)}@e2e.com.ar`;
    const user = await admin<{ id: number }>('POST', '/web-users/', { names: 'Sergio', lastName: 'Movido', email, password: DEMO_PASSWORD, rolId: ROLE.CLIENT, clientId: idOf('Café del Plata') });

    const { page, errors } = await as(email);
    await openMenu(page, 'Atención al cliente', 'Reclamos');
    const frame = page.locator('iframe[title="Gestión de Reclamos"]');
    await expect.poll(() => frame.getAttribute('src')).toBe('https://forms.campo.test/reclamos/cafe-del-plata');

    await admin('PUT', '/web-users', { id: user.id, clientId: idOf('Banco Federal del Sur') });
    // The next call finds the token outdated; the renewal brings the new client, and the console starts over from its home.
    await page.reload();
    await atPath(page, '/');
    // It says why it is on its home: no form had work to keep.
    await shown(page.getByRole('alert').filter({ hasText: AUTH_TEXT.scopeChanged }));
    expect(await page.getByText(AUTH_TEXT.scopeChangedDraft, { exact: false }).count()).toBe(0);
    await shown(page.getByText('Banco Federal del Sur', { exact: true }));
    await openMenu(page, 'Atención al cliente', 'Reclamos');
    await expect.poll(() => frame.getAttribute('src')).toBe('https://forms.campo.test/reclamos/banco-federal-del-sur');
    errors.assertNone([/status of 401/]);
  });
});

describe('a staff user whose role an administrator changes while a form is open', () => {
  it('sends nothing, starts over from its home saying why, and gives the typed work back on that screen', async () => {
    const token = await adminToken();
    const email = `promovido.${Date.now().toString(36)}@e2e.com.ar`;
    const user = await callApi<{ id: number }>('POST', '/web-users/', { names: 'Pablo', lastName: 'Promovido', email, password: DEMO_PASSWORD, rolId: ROLE.OPERATIONS, sendWhatsappNotification: false, actions: [] }, token);
    const client = (await callApi<{ rows: { id: number; name: string; address: string }[] }>('GET', '/clients/all-clients?limit=1', undefined, token)).rows[0];

    const { page, errors } = await as(email);
    await page.goto(`/clients/edit/${client.id}`);
    await shown(page.getByRole('heading', { name: `Editar: ${client.name}` }));
    await page.getByLabel('Dirección').fill('Calle Escrita Antes 123');
    await callApi('PUT', '/web-users', { id: user.id, rolId: ROLE.ADMIN }, token);
    await page.getByRole('button', { name: 'Guardar' }).click();

    await atPath(page, '/');
    const notice = await shown(page.getByRole('alert').filter({ hasText: AUTH_TEXT.scopeChanged }));
    await shown(notice.getByText(AUTH_TEXT.scopeChangedDraft, { exact: false }));
    // Written under the old role, the save was not sent.
    expect((await callApi<{ address: string }>('GET', `/clients/${client.id}`, undefined, token)).address).toBe(client.address);
    await notice.getByRole('link', { name: AUTH_TEXT.backToScreen }).click();
    await atPath(page, `/clients/edit/${client.id}`);
    await expect.poll(() => page.getByLabel('Dirección').inputValue()).toBe('Calle Escrita Antes 123');
    await shown(page.getByText(DRAFT_TEXT.restored));
    errors.assertNone([/status of 401/]);
  });
});

describe('other roles', () => {
  it('a franchise user is "Responsable de punto de venta" without "Contacto / Consultas"', async () => {
    const { page, errors } = await as('franquicia@campo.test');
    await shown(roleTitle(page, 'Responsable de punto de venta'));
    await menuEntry(page, 'Atención al cliente').click();
    await shown(menuEntry(page, 'Reclamos'));
    expect(await sidebar(page).getByText('Contacto / Consultas').count()).toBe(0);

    await page.goto('/client-service/contact');
    await atPath(page, '/dashboard');
    errors.assertNone();
  });

  it('a user without a role is "Plataform"', async () => {
    const { page, errors } = await as('plataforma@campo.test');
    await shown(roleTitle(page, 'Plataform'));
    await shown(page.getByText('Bienvenido Pablo Plataforma'));
    errors.assertNone();
  });

  it('an administrator on an unknown path gets the not-found page in Spanish', async () => {
    const { page, errors } = await as('admin@campo.test');
    await page.goto('/esta/ruta/no-existe');
    await shown(page.getByText('No encontrado', { exact: true }));
    await shown(page.getByText('La dirección ingresada es incorrecta o el enlace no es válido.', { exact: true }));
    await shown(page.getByRole('button', { name: 'Volver' }));
    await atPath(page, '/esta/ruta/no-existe');
    // Inside an area the administrator may use, an address that is no screen is not found either.
    await page.goto('/clients/zzz/yyy');
    await shown(page.getByText('No encontrado', { exact: true }));
    expect(await page.getByText('Acceso denegado', { exact: true }).count()).toBe(0);
    errors.assertNone();
  });

  it('"Auditores" opens the external site with the access token, and says so when the server has none', async () => {
    const { page, errors } = await as('admin@campo.test');
    const auditors = sidebar(page).getByRole('button', { name: 'Auditores', exact: true });
    const popups: Page[] = [];
    page.on('popup', (p) => popups.push(p));
    await auditors.click();
    // The test server has no AUDITORS_URL: no dead-end page, no tab left open; the reason, as the campus gives it.
    await shown(page.getByText('La administración de auditores no está configurada.', { exact: true }));
    await expect.poll(() => popups.filter((p) => !p.isClosed()).length).toBe(0);
    expect(await page.getByText('próximamente').count()).toBe(0);

    // Configured: the site opens in a new tab, carrying the user's access token (spec 3: "external admin link
    // carrying the access token"), even clicked before the console's settings arrived (here held 2 s): that
    // click read 'no configurada' (CI clicked as the page reloaded).
    await page.context().route('https://auditores.campo.test/**', (route) => route.fulfill({ contentType: 'text/html', body: '<title>Auditores</title>' }));
    await page.route('**/api/settings/public', async (route) => {
      const answer = await route.fetch();
      await new Promise((resolve) => setTimeout(resolve, 2000));
      await route.fulfill({ response: answer, json: { ...(await answer.json()), auditorsUrl: 'https://auditores.campo.test/admin?sitio=campo' } });
    });
    const settingsAsked = page.waitForRequest('**/api/settings/public');
    await page.reload();
    await settingsAsked;
    const [tab] = await Promise.all([page.waitForEvent('popup'), sidebar(page).getByRole('button', { name: 'Auditores', exact: true }).click()]);
    await tab.waitForURL(/^https:\/\/auditores\.campo\.test\//, { timeout: UI_TIMEOUT });
    expect(await page.getByText('La administración de auditores no está configurada.', { exact: true }).count()).toBe(0);
    const opened = new URL(tab.url());
    expect(opened.origin + opened.pathname).toBe('https://auditores.campo.test/admin');
    expect(opened.searchParams.get('sitio')).toBe('campo');
    const session = await page.evaluate(() => JSON.parse(localStorage.getItem('campo.session') ?? '{}') as { token?: string });
    expect(opened.searchParams.get('token')).toBe(session.token);
    await tab.close();
    errors.assertNone();
  });

  it('"Auditores" says a failed read of the settings as such, and asks again: a read lost as the console opened is not "no configurada"', async () => {
    const { page, errors } = await as('admin@campo.test');
    await page.context().route('https://auditores.campo.test/**', (route) => route.fulfill({ contentType: 'text/html', body: '<title>Auditores</title>' }));
    let lost = true;
    await page.route('**/api/settings/public', async (route) => {
      if (lost) return route.abort('connectionreset');
      const answer = await route.fetch();
      await route.fulfill({ response: answer, json: { ...(await answer.json()), auditorsUrl: 'https://auditores.campo.test/admin' } });
    });
    const settingsAsked = page.waitForRequest('**/api/settings/public');
    await page.reload();
    await settingsAsked;
    const auditors = sidebar(page).getByRole('button', { name: 'Auditores', exact: true });
    // Still lost: the network's message (it said the server had no site).
    await auditors.click();
    await shown(page.getByText('No se pudo conectar con el servidor. Revise su conexión e intente nuevamente.', { exact: true }));
    expect(await page.getByText('La administración de auditores no está configurada.', { exact: true }).count()).toBe(0);
    // Back: the next click asks again and opens the site (the failed read was kept as 'no site' until a reload).
    lost = false;
    const [tab] = await Promise.all([page.waitForEvent('popup'), auditors.click()]);
    await tab.waitForURL(/^https:\/\/auditores\.campo\.test\/admin/, { timeout: UI_TIMEOUT });
    expect(await page.getByText('La administración de auditores no está configurada.', { exact: true }).count()).toBe(0);
    await tab.close();
    errors.assertNone([/ERR_CONNECTION_RESET/]);
  });
});

/** A table row holding a cell with exactly this text. */
const rowWith = (page: Page, text: string) => page.getByRole('row').filter({ has: page.getByRole('cell', { name: text, exact: true }) });
const button = (page: Page, name: string) => page.getByRole('button', { name, exact: true });
const columnHeader = (page: Page, name: string) => page.getByRole('columnheader', { name, exact: true });
const DENIED = 'Acceso denegado';

/** Opens a list by its address and waits until it shows `rowText` in a row. */
async function openList(page: Page, path: string, heading: string, rowText: string): Promise<void> {
  await page.goto(path);
  await shown(page.getByRole('heading', { name: heading, exact: true }));
  await shown(rowWith(page, rowText));
}

/** The address shows react-admin's 'Acceso denegado' page, with no form to fill. */
async function denied(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await shown(page.getByText(DENIED, { exact: true }));
  await atPath(page, path);
  expect(await page.getByRole('textbox').count(), path).toBe(0);
  expect(await button(page, 'Guardar').count(), path).toBe(0);
}

describe('staff who only read clients, locations, attributes and move configurations (comercial@campo.test, role 11)', () => {
  it('see every list with its rows and without the actions that write', async () => {
    const { page, errors } = await as('comercial@campo.test');

    await openList(page, '/clients', 'Lista de Clientes', 'Café del Plata');
    expect(await button(page, 'Nuevo Cliente').count()).toBe(0);
    expect(await columnHeader(page, 'Activar/Desactivar').count()).toBe(0);
    expect(await rowWith(page, 'Café del Plata').getByRole('button', { name: /^(Activar|Desactivar)$/ }).count()).toBe(0);
    // A selected row offers its locations and attributes, not 'Editar'.
    await rowWith(page, 'Café del Plata').getByRole('cell', { name: 'Café del Plata', exact: true }).click();
    await shown(rowWith(page, 'Café del Plata').getByRole('button', { name: 'Atributos' }));
    expect(await rowWith(page, 'Café del Plata').getByRole('button', { name: 'Editar' }).count()).toBe(0);

    // The client's own locations: no 'Nueva locacion', no 'CARGA MASIVA', no switch.
    await rowWith(page, 'Café del Plata').getByRole('button', { name: 'Locaciones' }).click();
    await shown(page.getByRole('heading', { name: 'Lista de locaciones', exact: true }));
    await shown(rowWith(page, 'Café del Plata Palermo'));
    for (const name of ['Nueva locacion', 'CARGA MASIVA']) expect(await button(page, name).count(), name).toBe(0);
    expect(await columnHeader(page, 'Activar/Desactivar').count()).toBe(0);

    // Every client's locations ('Puntos de venta'): the state is shown, not switched.
    await openList(page, '/branch-offices', 'Lista de locaciones', 'Café del Plata Palermo');
    for (const name of ['Nueva locacion', 'CARGA MASIVA']) expect(await button(page, name).count(), name).toBe(0);
    expect(await columnHeader(page, 'Activar/Desactivar').count()).toBe(0);
    await shown(rowWith(page, 'Café del Plata Palermo').getByText('Activo', { exact: true }));
    await rowWith(page, 'Café del Plata Palermo').getByRole('cell', { name: 'Café del Plata Palermo', exact: true }).click();
    expect(await rowWith(page, 'Café del Plata Palermo').getByRole('button', { name: 'Editar' }).count()).toBe(0);

    // 'Banco de atributos', and an attribute's screen without 'Editar'.
    await openList(page, '/features', 'Banco de atributos', 'Formato');
    expect(await button(page, 'Nuevo atributo').count()).toBe(0);
    await rowWith(page, 'Formato').first().getByRole('cell', { name: 'Formato', exact: true }).click();
    await shown(page.getByRole('heading', { name: 'Formato', exact: true }));
    expect(await button(page, 'Editar').count()).toBe(0);
    expect(await button(page, 'Guardar').count()).toBe(0);

    // Move configurations: a row opens the configuration to read, not its edit form.
    await openList(page, '/moves-config', 'Lista de Configuraciones de Moves', 'Visita estándar');
    expect(await button(page, 'Nueva Configuración').count()).toBe(0);
    await rowWith(page, 'Visita estándar').getByRole('cell', { name: 'Visita estándar', exact: true }).click();
    await shown(page.getByRole('heading', { name: 'Visita estándar', exact: true }));
    expect(await page.getByRole('textbox', { name: 'Nombre', exact: true }).isDisabled()).toBe(true);
    expect(await button(page, 'Editar').count()).toBe(0);
    expect(await button(page, 'Guardar').count()).toBe(0);
    errors.assertNone();
  });

  it('get no form from an add, edit or upload address typed by hand', async () => {
    const { page, errors } = await as('comercial@campo.test');
    for (const path of ['/clients/add', '/clients/upload', '/moves-config/add', '/features/add', '/branch-offices/add', '/branch-offices/massive', '/clients/1/add', '/clients/1/massive']) await denied(page, path);

    // A location's edit address, in both areas, shows it to read.
    await openList(page, '/branch-offices', 'Lista de locaciones', 'Café del Plata Palermo');
    const location = await page.evaluate(async () => {
      const token = JSON.parse(localStorage.getItem('campo.session') ?? '{}').token;
      const res = await fetch('/api/locations?limit=100', { headers: { authorization: `Bearer ${token}` } });
      return ((await res.json()).rows as { id: number; fullName: string; clientId: number }[]).find((l) => l.fullName === 'Café del Plata Palermo')!;
    });
    for (const path of [`/branch-offices/edit/${location.id}`, `/clients/${location.clientId}/edit/${location.id}`]) {
      await page.goto(path);
      await shown(page.getByRole('heading', { name: 'Café del Plata Palermo', exact: true }));
      expect(await button(page, 'Guardar').count(), path).toBe(0);
      expect(await button(page, 'Editar').count(), path).toBe(0);
    }

    // An edit address shows the client to read: disabled fields, no 'Guardar', no 'Editar'.
    await openList(page, '/clients', 'Lista de Clientes', 'Café del Plata');
    await rowWith(page, 'Café del Plata').getByRole('button', { name: 'Ver Café del Plata' }).click();
    await page.waitForURL(/\/clients\/view\/\d+$/);
    const id = pathOf(page).split('/').at(-1)!;
    await page.goto(`/clients/edit/${id}`);
    await shown(page.getByRole('heading', { name: 'Café del Plata', exact: true }));
    expect(await page.getByRole('textbox', { name: 'Nombre', exact: true }).isDisabled()).toBe(true);
    expect(await button(page, 'Guardar').count()).toBe(0);
    expect(await button(page, 'Editar').count()).toBe(0);
    errors.assertNone();
  });
});

describe('staff who only read the banks (comercial@campo.test, role 11)', () => {
  it('see campaigns, characteristics, guidelines, tags and motives without the actions that write', async () => {
    const { page, context, errors } = await as('comercial@campo.test');
    // A guideline opened shows its pictures, which are on another site.
    await answerExternalPages(context);
    for (const [path, heading, add] of [
      ['/campo-campaigns', 'Banco de Campañas', 'Nueva campaña'],
      ['/campo-characteristics', 'Banco de Caracteristicas', 'Nueva Caracteristica'],
      ['/campo-guidelines', 'Banco de Instructivos', 'NUEVO INSTRUCTIVO'],
      ['/tags', 'Tags', 'Crear grupo'],
      ['/motives', 'Motivos', 'Crear Motivo'],
    ] as const) {
      await page.goto(path);
      await shown(page.getByRole('heading', { name: heading, exact: true }));
      await shown(page.locator('tbody tr').first());
      expect(await page.locator('tbody tr').count(), path).toBeGreaterThan(0);
      expect(await button(page, add).count(), path).toBe(0);
      for (const toggle of ['Activar/Desactivar', 'Habilitar/Inhabilitar']) expect(await columnHeader(page, toggle).count(), path).toBe(0);
      expect(await page.locator('tbody').getByRole('button', { name: /^Editar/ }).count(), path).toBe(0);
      expect(await page.locator('tbody').getByRole('switch').count(), path).toBe(0);
      expect(await page.locator('tbody input[type="checkbox"]').count(), path).toBe(0);
      // The state once, as the list words it.
      expect(await columnHeader(page, 'Estado').count(), path).toBeLessThanOrEqual(1);
      // Each record still opens, to be read.
      const open = page.locator('tbody tr').first().getByRole('button', { name: /^Ver / });
      await shown(open);
      await open.click();
      await page.waitForURL(new RegExp(`${path}/view/\\d+$`));
      expect(await button(page, 'Guardar').count(), path).toBe(0);
      expect(await button(page, 'Editar').count(), path).toBe(0);
      await denied(page, `${path}/add`);
    }
    errors.assertNone();
  });
});

/** The API as the signed-in page calls it (its own token). */
async function fromApi<T>(page: Page, path: string): Promise<T> {
  return page.evaluate(async (url) => {
    const token = JSON.parse(localStorage.getItem('campo.session') ?? '{}').token;
    const res = await fetch(url, { headers: { authorization: `Bearer ${token}` } });
    return res.json();
  }, `/api${path}`);
}

describe('staff who only read projects, moves and questionnaires (comercial@campo.test, role 11)', () => {
  it('get projects to read: no add or duplicate form, the edit and locations addresses show the project, the assignment without Getters to choose', async () => {
    const { page, errors } = await as('comercial@campo.test');
    await openList(page, '/projects-campo', 'Proyectos', 'Relevamiento de locales - ciclo anterior');
    expect(await button(page, 'Nuevo proyecto').count()).toBe(0);
    const [project] = (await fromApi<{ rows: { id: number; name: string }[] }>(page, '/projects?future=true&limit=1&sort=id&order=ASC')).rows;

    await denied(page, '/projects-campo/add');
    // A whole area not for the role says so too (redirected, the empty staff dashboard said nothing).
    await denied(page, '/payment-administration/pending');
    // Duplicating is adding: the same page, with the project to copy in the query.
    await page.goto(`/projects-campo/add?action=duplicate&id=${project.id}`);
    await shown(page.getByText(DENIED, { exact: true }));
    expect(await page.getByRole('textbox').count()).toBe(0);
    expect(await button(page, 'Guardar').count()).toBe(0);

    await page.goto(`/projects-campo/edit/${project.id}`);
    await shown(page.getByRole('heading', { name: project.name, exact: true }));
    expect(await page.getByRole('heading', { name: `Editar proyecto: ${project.name}` }).count()).toBe(0);
    expect(await page.getByRole('textbox', { name: 'Nombre', exact: true }).isDisabled()).toBe(true);
    expect(await button(page, 'Guardar').count()).toBe(0);
    expect(await button(page, 'Editar').count()).toBe(0);

    await page.goto(`/projects-campo/edit/${project.id}/locations`);
    await atPath(page, `/projects-campo/view/${project.id}`);
    await shown(page.getByRole('heading', { name: project.name, exact: true }));
    expect(await button(page, 'Confirmar cambios').count()).toBe(0);

    await page.goto('/projects-campo/assign');
    await shown(page.getByRole('heading', { name: 'Asignación de proyectos', exact: true }));
    await shown(button(page, `Ver asignación de ${project.name}`));
    expect(await page.getByRole('button', { name: /^Asignar Getters a / }).count()).toBe(0);
    await button(page, `Ver asignación de ${project.name}`).click();
    await shown(page.getByRole('heading', { name: `Asignar Getters: ${project.name}` }));
    await shown(page.getByText('Su rol puede ver la asignación, pero no asignar moves.', { exact: true }));
    const getters = page.getByRole('combobox', { name: /^Getter de / });
    await shown(getters);
    for (const getter of await getters.all()) expect(await getter.isDisabled()).toBe(true);
    expect(await button(page, 'Guardar').count()).toBe(0);
    errors.assertNone();
  });

  it('see the moves and the questionnaires without the entries and buttons that assign or add', async () => {
    const { page, errors } = await as('comercial@campo.test');
    await menuEntry(page, 'Moves').click();
    await shown(menuEntry(page, 'Listado de moves'));
    await shown(menuEntry(page, 'Exportar'));
    expect(await menuEntry(page, 'Asignar').count()).toBe(0);
    await menuEntry(page, 'Cuestionarios').click();
    await shown(menuEntry(page, 'Lista de cuestionarios'));
    expect(await menuEntry(page, 'Agregar cuestionario').count()).toBe(0);

    await page.goto('/user-moves/historial');
    await shown(page.getByRole('heading', { name: 'Lista de Moves', exact: true }));
    await page.getByRole('button', { name: 'Buscar', exact: true }).click();
    await shown(page.locator('tbody tr td a').first());
    await shown(page.locator('#main-content').getByRole('button', { name: 'Exportar', exact: true }));
    expect(await page.getByRole('button', { name: 'Asignar agente' }).count()).toBe(0);
    expect(await page.locator('tbody').getByRole('checkbox').count()).toBe(0);
    expect(await page.getByRole('checkbox', { name: 'Seleccionar la página' }).count()).toBe(0);

    // The stock's assignment is a screen to assign: the address typed by hand is denied.
    await page.goto('/user-moves/assign');
    await shown(page.getByText(DENIED, { exact: true }));
    expect(await page.getByRole('combobox', { name: 'Auditor' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Asignar', exact: true }).count()).toBe(0);
    errors.assertNone();
  });
});

describe('an editor (operaciones@campo.test, role 2)', () => {
  it('is offered the actions that write, but not the client upload of admins', async () => {
    const { page, errors } = await as('operaciones@campo.test');

    await openList(page, '/clients', 'Lista de Clientes', 'Café del Plata');
    await shown(button(page, 'Nuevo Cliente'));
    await shown(columnHeader(page, 'Activar/Desactivar'));
    await rowWith(page, 'Café del Plata').getByRole('cell', { name: 'Café del Plata', exact: true }).click();
    await shown(rowWith(page, 'Café del Plata').getByRole('button', { name: 'Editar' }));

    await openList(page, '/branch-offices', 'Lista de locaciones', 'Café del Plata Palermo');
    await shown(button(page, 'Nueva locacion'));
    await shown(button(page, 'CARGA MASIVA'));
    await shown(columnHeader(page, 'Activar/Desactivar'));
    // A selected row reveals its edit action (spec 1 §2.2).
    await rowWith(page, 'Café del Plata Palermo').getByRole('cell', { name: 'Café del Plata Palermo', exact: true }).click();
    await rowWith(page, 'Café del Plata Palermo').getByRole('button', { name: 'Editar' }).click();
    await shown(page.getByRole('heading', { name: 'Editar: Café del Plata Palermo', exact: true }));
    await page.waitForURL(/\/branch-offices\/edit\/\d+$/);

    await openList(page, '/features', 'Banco de atributos', 'Formato');
    await shown(button(page, 'Nuevo atributo'));

    await openList(page, '/moves-config', 'Lista de Configuraciones de Moves', 'Visita estándar');
    await shown(button(page, 'Nueva Configuración'));
    await rowWith(page, 'Visita estándar').getByRole('cell', { name: 'Visita estándar', exact: true }).click();
    await shown(page.getByRole('heading', { name: 'Editar: Visita estándar', exact: true }));

    await page.goto('/clients/add');
    await shown(page.getByRole('heading', { name: 'Nuevo Cliente', exact: true }));
    await denied(page, '/clients/upload');
    errors.assertNone();
  });
});

describe('an administrator (admin@campo.test)', () => {
  it('opens the client bulk upload from the sidebar', async () => {
    const { page, errors } = await as('admin@campo.test');
    await openMenu(page, 'Clientes', 'Carga de clientes');
    await atPath(page, '/clients/upload');
    await shown(page.getByRole('heading', { name: 'Carga de clientes', exact: true }));
    expect(await page.getByText(DENIED, { exact: true }).count()).toBe(0);
    errors.assertNone();
  });
});
