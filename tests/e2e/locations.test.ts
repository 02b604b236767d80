/** Points of sale, their bulk load, attributes and move configurations, as an administrator uses them. */
import { readFileSync } from 'node:fs';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it, onTestFinished } from 'vitest';
import * as XLSX from 'xlsx';
import type { Feature } from '../../domain/features';
import { LOCATION_TEXT } from '../../domain/locations';
import { csvAttributesRule } from '../../domain/locationsCsvTemplate';
import { ROLE } from '../../domain/roles';
import { atPath, baseUrl, chromiumPerFile, DEMO_PASSWORD, gone, holdRequests, loginAs, openClientSection, openMenu, type Session, setChecked, shown, UI_TIMEOUT, PAGER_SUMMARY } from './helpers';

const chromium = chromiumPerFile();
let session: Session | undefined;

const HEADER =
  'Nombre;ID Operativo;Código de Locación del Cliente;Teléfono;Dirección;Zona;País;Estado/Provincia;Ciudad;Latitud;Longitud;Ejecutivo;Emails;Encargado;Email del encargado;Días de trabajo;Horario de apertura;Horario de cierre';
const csvLine = (n: number, code: string, emails = `ejecutivo${n}@e2e.com.ar`) =>
  `Local E2E ${n};OP-${n};${code};35141${String(n).padStart(5, '0')};Av. Colón ${n};Centro;Argentina;cordoba;RIO CUARTO;-33.12;-64.34;Marta;${emails};Raúl;encargado${n}@e2e.com.ar;Lunes a viernes;09:00;18:00`;

/** Logs in as admin and opens a client's screen from the client list's row actions. */
async function openClient(clientName: string, action: 'Locaciones' | 'Atributos'): Promise<Session> {
  session = await chromium.open();
  const { page } = session;
  await loginAs(page, 'admin@campo.test');
  await openClientSection(page, clientName, action);
  await shown(page.getByText(PAGER_SUMMARY));
  return session;
}

/** Picks an option of a searchable select, typing part of it first. */
async function pick(page: Page, combobox: Locator, option: string): Promise<void> {
  await combobox.click();
  await combobox.fill(option.slice(0, 4));
  await page.getByRole('option', { name: option, exact: true }).click();
}

const field = (page: Page, label: string) => page.getByRole('textbox', { name: label, exact: true });
const search = (page: Page) => page.getByLabel('Buscar Código de Locación del Cliente');

/** Fills the new point of sale's form in Villa María, Córdoba: `code` left empty when not given. */
async function fillNewLocation(page: Page, { name, code, street }: { name: string; code?: string; street: string }): Promise<void> {
  await shown(page.getByRole('heading', { name: 'Nueva locacion' }));
  await field(page, 'Nombre').fill(name);
  await field(page, 'ID Operativo').fill('OP-REPETIDO');
  if (code) await field(page, 'Código de Locación del Cliente').fill(code);
  await field(page, 'Teléfono').fill('3534123456');
  await field(page, 'Dirección').fill(street);
  await pick(page, page.getByRole('combobox', { name: 'País' }), 'Argentina');
  await pick(page, page.getByRole('combobox', { name: 'Estado o provincia' }), 'Córdoba');
  await pick(page, page.getByRole('combobox', { name: 'Ciudad' }), 'Villa María');
  await field(page, 'Latitud').fill('-32.4075');
  await field(page, 'Longitud').fill('-63.2402');
  await field(page, 'Ejecutivo').fill('Lucía Benítez');
  await field(page, 'Email del ejecutivo').fill('ejecutivo@e2e.com.ar');
  const emails = page.getByRole('combobox', { name: 'Emails ejecutivos' });
  await emails.fill('ejecutivo@e2e.com.ar');
  await emails.press('Enter');
  await field(page, 'Encargado').fill('Raúl Encargado');
  await field(page, 'Email del encargado').fill('encargado@e2e.com.ar');
  await field(page, 'Días de trabajo').fill('Lunes a sábado');
  await field(page, 'Horario de apertura').fill('08:00');
  await field(page, 'Horario de cierre').fill('20:00');
}

/** Saves the form through its confirmation. */
async function save(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Guardar' }).click();
  await page.getByRole('dialog', { name: 'Está seguro?' }).getByRole('button', { name: 'Confirmar' }).click();
}

/** The error a field shows under it (its helper text, which describes the input). */
async function errorOf(page: Page, label: string): Promise<string> {
  const id = await field(page, label).getAttribute('aria-describedby');
  expect(id, `${label} has no helper text`).toBeTruthy();
  return page.locator(`[id="${id}"]`).innerText();
}

/** The API as the administrator, for what a test prepares (users, locations) or checks behind the screen. */
async function adminApi() {
  const login = await fetch(`${baseUrl()}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: 'admin@campo.test', password: DEMO_PASSWORD }) });
  const { token } = (await login.json()) as { token: string };
  return async <T>(method: 'GET' | 'POST' | 'PUT', path: string, body?: unknown): Promise<T> => {
    const headers: Record<string, string> = { authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) };
    const res = await fetch(`${baseUrl()}/api${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
    if (!res.ok) throw new Error(`${method} ${path} → ${res.status} ${await res.text()}`);
    return (await res.json()) as T;
  };
}

/** The ids of the demo's 'Café del Plata' and of Villa María, Córdoba, Argentina: where a test's own point of sale goes. */
async function cafeInVillaMaria(asAdmin: Awaited<ReturnType<typeof adminApi>>) {
  const byName = (rows: { id: number; name: string }[], name: string) => rows.find((r) => r.name === name)!.id;
  const clientId = byName((await asAdmin<{ rows: { id: number; name: string }[] }>('GET', '/clients/all-clients?limit=100')).rows, 'Café del Plata');
  const countryId = byName(await asAdmin('GET', '/countries'), 'Argentina');
  const stateId = byName(await asAdmin('GET', `/states?countryId=${countryId}`), 'Córdoba');
  const cityId = byName(await asAdmin('GET', `/cities?stateId=${stateId}`), 'Villa María');
  return { clientId, countryId, stateId, cityId };
}

describe('a point of sale', () => {
  it('cascades country → state → city, and clearing a parent empties its children', async () => {
    const { page, errors } = await openClient('Café del Plata', 'Locaciones');
    await page.getByRole('button', { name: 'Nueva locacion' }).click();
    await shown(page.getByRole('heading', { name: 'Nueva locacion' }));
    const country = page.getByRole('combobox', { name: 'País' });
    const state = page.getByRole('combobox', { name: 'Estado o provincia' });
    const city = page.getByRole('combobox', { name: 'Ciudad' });
    await shown(country);
    expect(await state.isDisabled()).toBe(true);
    expect(await city.isDisabled()).toBe(true);

    await pick(page, country, 'Argentina');
    await expect.poll(() => state.isDisabled()).toBe(false);
    expect(await city.isDisabled()).toBe(true);
    await state.click();
    await shown(page.getByRole('option', { name: 'Ciudad Autónoma de Buenos Aires', exact: true }));
    // The 24 provinces and the empty option.
    expect(await page.getByRole('option').count()).toBe(25);
    await page.keyboard.press('Escape');
    await pick(page, state, 'Córdoba');
    await expect.poll(() => city.isDisabled()).toBe(false);
    await pick(page, city, 'Villa María');
    expect(await city.inputValue()).toBe('Villa María');

    // Another country: its own states, and no state or city chosen.
    await pick(page, country, 'Uruguay');
    await expect.poll(() => state.inputValue()).toBe('Sin Selección');
    expect(await city.isDisabled()).toBe(true);
    await state.click();
    await shown(page.getByRole('option', { name: 'Montevideo', exact: true }));
    expect(await page.getByRole('option', { name: 'Córdoba', exact: true }).count()).toBe(0);
    await page.getByRole('option', { name: 'Maldonado', exact: true }).click();
    await expect.poll(() => city.isDisabled()).toBe(false);

    // No country: state and city empty and disabled again.
    await pick(page, country, 'Sin Selección');
    await expect.poll(() => state.isDisabled()).toBe(true);
    expect(await state.inputValue()).toBe('');
    expect(await city.isDisabled()).toBe(true);
    expect(await city.inputValue()).toBe('');
    errors.assertNone();
  });

  it('is saved with its tags and attributes, after the place is asked for', async () => {
    const { page, errors } = await openClient('Café del Plata', 'Locaciones');
    const code = `E2E-${Date.now().toString(36).toUpperCase()}`;
    const name = `Café del Plata Villa María ${code}`;
    await page.getByRole('button', { name: 'Nueva locacion' }).click();
    await shown(page.getByRole('heading', { name: 'Nueva locacion' }));
    // The required attributes' defaults are where the form starts, not a change: nothing to save yet.
    await expect.poll(() => page.getByRole('combobox', { name: 'Formato' }).inputValue()).toBe('Local a la calle');
    expect(await page.getByRole('button', { name: 'Guardar' }).isDisabled()).toBe(true);
    // 'Reiniciar formulario' puts them back where they started, not empty.
    await pick(page, page.getByRole('combobox', { name: 'Formato' }), 'Shopping');
    await page.getByRole('button', { name: 'Reiniciar formulario' }).click();
    await expect.poll(() => page.getByRole('combobox', { name: 'Formato' }).inputValue()).toBe('Local a la calle');
    expect(await page.getByRole('button', { name: 'Guardar' }).isDisabled()).toBe(true);

    await field(page, 'Nombre').fill(name);
    await field(page, 'ID Operativo').fill(`OP-${code}`);
    await field(page, 'Código de Locación del Cliente').fill(code);
    await field(page, 'Teléfono').fill('3534123456');
    await field(page, 'Dirección').fill('Bv. España 120');
    await field(page, 'Latitud').fill('-32.4075');
    await field(page, 'Longitud').fill('-63.2402');
    await field(page, 'Ejecutivo').fill('Lucía Benítez');
    await field(page, 'Email del ejecutivo').fill('ejecutivo@e2e.com.ar');
    const emails = page.getByRole('combobox', { name: 'Emails ejecutivos' });
    await emails.fill('ejecutivo@e2e.com.ar');
    await emails.press('Enter');
    await emails.fill('EJECUTIVO@e2e.com.ar');
    await emails.press('Enter');
    await emails.fill('no-es-un-mail');
    await emails.press('Enter');
    await shown(page.getByText('Email inválido', { exact: true }));
    // Typed and left without Enter, the address is added all the same.
    await emails.fill('calidad@e2e.com.ar');
    await field(page, 'Encargado').click();
    await gone(page.getByText('Email inválido', { exact: true }));
    expect(await page.getByRole('button', { name: /@e2e\.com\.ar$/ }).allInnerTexts()).toEqual(['ejecutivo@e2e.com.ar', 'calidad@e2e.com.ar']);
    await field(page, 'Encargado').fill('Raúl Encargado');
    await field(page, 'Email del encargado').fill('encargado@e2e.com.ar');
    await field(page, 'Días de trabajo').fill('Lunes a sábado');
    await field(page, 'Horario de apertura').fill('08:00');
    await field(page, 'Horario de cierre').fill('20:00');
    await pick(page, page.getByRole('combobox', { name: 'Responsable de punto de venta' }), 'Franco Franquicia');
    await pick(page, page.getByRole('combobox', { name: 'Gerentes Zonales' }), 'Gabriela Gerente');
    const tags = page.getByRole('combobox', { name: 'Tags' });
    await tags.click();
    await page.getByRole('option', { name: 'PAM: Pampeana', exact: true }).click();
    await page.getByRole('option', { name: 'SHOP: Shopping', exact: true }).click();
    await page.keyboard.press('Escape');
    // Required attributes start at their default value.
    expect(await page.getByRole('combobox', { name: 'Formato' }).inputValue()).toBe('Local a la calle');
    await pick(page, page.getByRole('combobox', { name: 'Tamaño' }), 'Grande');

    // No place yet: the error dialog asks for it.
    await page.getByRole('button', { name: 'Guardar' }).click();
    const problem = page.getByRole('dialog', { name: 'Ha ocurrido un error' });
    await shown(problem.getByText('Seleccione país, estado o provincia y ciudad.', { exact: true }));
    await problem.getByRole('button', { name: 'Cerrar' }).click();
    // The three fields it names are marked, for the eye and for a screen reader, until each has its value.
    const place = ['País', 'Estado o provincia', 'Ciudad'].map((name) => page.getByRole('combobox', { name }));
    const invalid = () => Promise.all(place.map((f) => f.getAttribute('aria-invalid')));
    await expect.poll(invalid).toEqual(['true', 'true', 'true']);

    await pick(page, place[0], 'Argentina');
    await expect.poll(invalid).toEqual(['false', 'true', 'true']);
    await pick(page, place[1], 'Córdoba');
    await pick(page, place[2], 'Villa María');
    await expect.poll(invalid).toEqual(['false', 'false', 'false']);
    // An invalid address left in the box keeps the form from saving: saved, it would be dropped unseen.
    await emails.fill('otro mail');
    await page.getByRole('button', { name: 'Guardar' }).click();
    await shown(page.getByText('Email inválido', { exact: true }));
    await page.waitForTimeout(300);
    expect(await page.getByRole('dialog', { name: 'Está seguro?' }).count()).toBe(0);
    await emails.fill('');
    await gone(page.getByText('Email inválido', { exact: true }));
    // A refusal about the client, which this form (opened from the client's list) has no input for, is
    // said in the dialog (the client made inactive meanwhile, say).
    const inactive = 'El cliente está inactivo: actívelo para agregarle puntos de venta.';
    await page.route('**/api/locations', (route) =>
      route.request().method() === 'POST' ? route.fulfill({ status: 400, json: { message: 'Revise los datos ingresados.', errors: { clientId: inactive } } }) : route.fallback(),
    );
    await page.getByRole('button', { name: 'Guardar' }).click();
    await page.getByRole('dialog', { name: 'Está seguro?' }).getByRole('button', { name: 'Confirmar' }).click();
    const refused = page.getByRole('dialog', { name: 'Ha ocurrido un error' });
    await shown(refused.getByText(inactive));
    await refused.getByRole('button', { name: 'Cerrar' }).click();
    await page.unroute('**/api/locations');
    // A refusal of the attributes' values (one removed from its attribute meanwhile) shows under them.
    const badValues = 'Alguno de los valores no pertenece a los atributos del cliente.';
    await page.route('**/api/locations', (route) =>
      route.request().method() === 'POST' ? route.fulfill({ status: 400, json: { message: 'Revise los datos ingresados.', errors: { featureValues: badValues } } }) : route.fallback(),
    );
    await page.getByRole('button', { name: 'Guardar' }).click();
    await page.getByRole('dialog', { name: 'Está seguro?' }).getByRole('button', { name: 'Confirmar' }).click();
    await shown(page.getByText(badValues, { exact: true }));
    await page.unroute('**/api/locations');
    await pick(page, page.getByRole('combobox', { name: 'Tamaño' }), 'Mediano');
    await pick(page, page.getByRole('combobox', { name: 'Tamaño' }), 'Grande');
    await gone(page.getByText(badValues, { exact: true }));
    // While the confirmed save runs, 'Guardar' is off: a second 'Guardar' › 'Confirmar' would create a
    // second point of sale (there is no client code to tell them apart in every case).
    const posts = await holdRequests(page, '**/api/locations', 'POST');
    // A short window: the list after saving is taller than it, and could open scrolled.
    await page.setViewportSize({ width: 1366, height: 400 });
    await page.getByRole('button', { name: 'Guardar' }).click();
    await page.getByRole('dialog', { name: 'Está seguro?' }).getByRole('button', { name: 'Confirmar' }).click();
    await expect.poll(posts.sent).toBe(1);
    expect(await page.getByRole('button', { name: 'Guardar' }).isDisabled()).toBe(true);
    posts.release();
    await shown(page.getByText('Punto de venta creado con éxito'));
    await page.unroute('**/api/locations');
    expect(posts.sent()).toBe(1);
    await shown(page.getByRole('heading', { name: 'Lista de locaciones' }));
    // The list opens at its top, not at the scroll the long form was left at.
    expect(await page.evaluate(() => [window.scrollY, document.documentElement.scrollHeight > window.innerHeight])).toEqual([0, true]);
    await page.setViewportSize({ width: 1366, height: 900 });

    await search(page).fill(`^${code.toLowerCase()}$`);
    const row = page.getByRole('row').filter({ has: page.getByRole('cell', { name, exact: true }) });
    await shown(row);
    await shown(page.getByText('Mostrando 1-1 de 1 registros', { exact: true }));
    await row.getByRole('button', { name: `Ver ${name}` }).click();
    await shown(page.getByRole('heading', { name, exact: true }));
    await shown(page.getByText('PAM: Pampeana', { exact: true }));
    await shown(page.getByText('SHOP: Shopping', { exact: true }));
    // In view mode no chip offers to be removed (no cross, not a button).
    expect(await page.getByRole('button', { name: /^(PAM: Pampeana|SHOP: Shopping)$/ }).count()).toBe(0);
    expect(await page.locator('.MuiChip-deleteIcon').count()).toBe(0);
    expect(await page.getByRole('combobox', { name: 'Tamaño' }).inputValue()).toBe('Grande');
    expect(await page.getByRole('combobox', { name: 'Formato' }).inputValue()).toBe('Local a la calle');
    expect(await page.getByRole('combobox', { name: 'Ciudad' }).inputValue()).toBe('Villa María');
    expect(await page.getByLabel('Código', { exact: true }).inputValue()).toMatch(/^PV-\d{6}$/);
    expect(await page.getByLabel('Cliente', { exact: true }).inputValue()).toBe('Café del Plata');
    errors.assertNone([/status of 400/]);
  });

  it('offers only active clients for a new point of sale', async () => {
    session = await chromium.open();
    const { page, errors } = session;
    await loginAs(page, 'admin@campo.test', { at: '/branch-offices/add' });
    await shown(page.getByRole('heading', { name: 'Nueva locacion' }));
    const box = page.getByRole('combobox', { name: 'Cliente' });
    await box.click();
    await shown(page.getByRole('option', { name: 'Café del Plata', exact: true }));
    // Farmacias Norte is a demo client made inactive: the server's search for it, as typed, leaves it out
    // (the first page alone could leave it out just by being cut).
    const answered = page.waitForResponse((response) => new URL(response.url()).searchParams.get('q') === 'Farmacias');
    await box.fill('Farmacias');
    expect((await answered).status()).toBe(200);
    await expect.poll(() => page.getByRole('option', { name: 'Café del Plata', exact: true }).count()).toBe(0);
    expect(await page.getByRole('option').allInnerTexts()).not.toContain('Farmacias Norte');
    errors.assertNone();
  });

  it("of an inactive client cannot be added: its list offers neither 'Nueva locacion' nor 'CARGA MASIVA', and says why", async () => {
    const api = await adminApi();
    const clients = await api<{ rows: { id: number; name: string }[] }>('GET', '/clients/all-clients?limit=100&state=false');
    const inactive = clients.rows.find((c) => c.name === 'Farmacias Norte')!;
    const active = (await api<{ rows: { id: number; name: string }[] }>('GET', '/clients/all-clients?limit=100&state=true')).rows.find((c) => c.name === 'Café del Plata')!;
    session = await chromium.open();
    const { page, errors } = session;
    await loginAs(page, 'admin@campo.test', { at: `/clients/${inactive.id}/branch-offices` });
    await shown(page.getByText('El cliente está inactivo: actívelo para agregarle puntos de venta.'));
    await shown(page.getByText(/^Mostrando [\d.]+-[\d.]+ de (aprox\. )?[\d.]+ registros$|No hay/));
    expect(await page.getByRole('button', { name: 'Nueva locacion' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'CARGA MASIVA' }).count()).toBe(0);
    // An active client's list offers both, without the notice.
    await page.goto(`/clients/${active.id}/branch-offices`);
    await shown(page.getByRole('button', { name: 'Nueva locacion' }));
    await shown(page.getByRole('button', { name: 'CARGA MASIVA' }));
    expect(await page.getByText('El cliente está inactivo: actívelo para agregarle puntos de venta.').count()).toBe(0);
    errors.assertNone();
  });

  it("of an inactive client, opened by its address, says so at once instead of the form or the bulk load", async () => {
    const api = await adminApi();
    const inactive = (await api<{ rows: { id: number; name: string }[] }>('GET', '/clients/all-clients?limit=100&state=false')).rows.find((c) => c.name === 'Farmacias Norte')!;
    const active = (await api<{ rows: { id: number; name: string }[] }>('GET', '/clients/all-clients?limit=100&state=true')).rows.find((c) => c.name === 'Café del Plata')!;
    session = await chromium.open();
    const { page, errors } = session;
    await loginAs(page, 'admin@campo.test', { at: `/clients/${inactive.id}/add` });
    await shown(page.getByText('El cliente está inactivo: actívelo para agregarle puntos de venta.'));
    expect(await page.getByRole('heading', { name: 'Nueva locacion' }).count()).toBe(0);
    expect(await page.getByRole('textbox', { name: 'Nombre' }).count()).toBe(0);
    await page.goto(`/clients/${inactive.id}/massive`);
    await shown(page.getByText('El cliente está inactivo: actívelo para agregarle puntos de venta.'));
    expect(await page.getByRole('button', { name: 'ADJUNTAR CSV' }).count()).toBe(0);
    await page.getByRole('button', { name: 'Volver a la lista de locaciones' }).click();
    await shown(page.getByRole('heading', { name: 'Lista de locaciones' }));
    expect(decodeURIComponent(new URL(page.url()).pathname)).toBe(`/clients/${inactive.id}/branch-offices`);
    // An active client's open as before.
    await page.goto(`/clients/${active.id}/add`);
    await shown(page.getByRole('heading', { name: 'Nueva locacion' }));
    await page.goto(`/clients/${active.id}/massive`);
    await shown(page.getByRole('button', { name: 'ADJUNTAR CSV' }));
    expect(await page.getByText('El cliente está inactivo: actívelo para agregarle puntos de venta.').count()).toBe(0);
    errors.assertNone();
  });

  it("opened under another client's address, moves to its own client's", async () => {
    const api = await adminApi();
    const clients = await api<{ rows: { id: number; name: string }[] }>('GET', '/clients/all-clients?limit=100');
    const cafe = clients.rows.find((c) => c.name === 'Café del Plata')!;
    const bank = clients.rows.find((c) => c.name === 'Banco Federal del Sur')!;
    const { rows } = await api<{ rows: { id: number; fullName: string }[] }>('GET', `/locations/client/${cafe.id}?limit=1`);
    session = await chromium.open();
    const { page, errors } = session;
    await loginAs(page, 'admin@campo.test', { at: `/clients/${bank.id}/edit/${rows[0].id}` });
    await page.waitForURL(new RegExp(`/clients/${cafe.id}/edit/${rows[0].id}$`));
    await shown(page.getByRole('heading', { name: `Editar: ${rows[0].fullName}` }));
    errors.assertNone();
  });

  it('opened without its id, as the spec writes its form addresses, leads to the list it is chosen in', async () => {
    const api = await adminApi();
    const cafe = (await api<{ rows: { id: number; name: string }[] }>('GET', '/clients/all-clients?limit=100')).rows.find((c) => c.name === 'Café del Plata')!;
    session = await chromium.open();
    const { page, errors } = session;
    await loginAs(page, 'admin@campo.test', { at: `/clients/${cafe.id}/edit` });
    await atPath(page, `/clients/${cafe.id}/branch-offices`);
    await shown(page.getByRole('heading', { name: 'Lista de locaciones' }));
    const landings: [string, string, string][] = [
      [`/clients/${cafe.id}/view`, `/clients/${cafe.id}/branch-offices`, 'Lista de locaciones'],
      [`/clients/${cafe.id}/features/view`, `/clients/${cafe.id}/features`, 'Lista de atributos'],
      ['/features/edit', '/features', 'Banco de atributos'],
      ['/projects-campo/view', '/projects-campo', 'Proyectos'],
      ['/user-moves/view', '/user-moves/historial', 'Lista de Moves'],
    ];
    for (const [address, list, heading] of landings) {
      await page.goto(address);
      await atPath(page, list);
      await shown(page.getByRole('heading', { name: heading, exact: true }));
      expect(await page.getByText('No encontrado').count()).toBe(0);
    }
    errors.assertNone();
  });

  it('keeps showing and saving its owner and zone manager after they were deactivated', async () => {
    const asAdmin = await adminApi();
    const run = Date.now().toString(36).toUpperCase();
    const { clientId, countryId, stateId, cityId } = await cafeInVillaMaria(asAdmin);
    const person = async (names: string, rolId: number) =>
      (await asAdmin<{ id: number }>('POST', '/web-users/', { names, lastName: `Saliente ${run}`, email: `${names.toLowerCase()}.${run.toLowerCase()}@e2e.com.ar`, password: DEMO_PASSWORD, rolId, clientId })).id;
    // Users of its own: the seeded franchise and zone manager users log in in other tests.
    const ownerId = await person('Olga', ROLE.FRANCHISE);
    const managerId = await person('Mateo', ROLE.ZONE_MANAGER);
    const code = `INACT-${run}`;
    const name = `Café del Plata ${code}`;
    const location = await asAdmin<{ id: number }>('POST', '/locations', {
      clientId, fullName: name, clientLocationName: `OP-${code}`, clientLocationId: code, telephone: '3534123456', street: 'Bv. España 120',
      countryId, stateId, cityId, latitude: '-32.4075', longitude: '-63.2402', ownerId, zoneManagersIds: [managerId],
      executive: 'Lucía Benítez', emails: ['ejecutivo@e2e.com.ar'], manager: 'Raúl Encargado', emailManager: 'encargado@e2e.com.ar',
      emailExecutive: 'ejecutivo@e2e.com.ar', workDays: 'Lunes a sábado', openingHours: '08:00', closingHours: '20:00',
    });
    for (const id of [ownerId, managerId]) await asAdmin('PUT', '/web-users/state', { id, status: false });

    const { page, errors } = await openClient('Café del Plata', 'Locaciones');
    await search(page).fill(`^${code.toLowerCase()}$`);
    await shown(page.getByText('Mostrando 1-1 de 1 registros', { exact: true }));
    await page.getByRole('button', { name: `Ver ${name}` }).click();
    await shown(page.getByRole('heading', { name, exact: true }));
    const owner = page.getByRole('combobox', { name: 'Responsable de punto de venta' });
    await expect.poll(() => owner.inputValue()).toBe(`Olga Saliente ${run} (inactivo)`);
    await shown(page.getByText(`Mateo Saliente ${run} (inactivo)`, { exact: true }));

    expect(await page.getByRole('button', { name: `Mateo Saliente ${run} (inactivo)` }).count()).toBe(0);

    await page.getByRole('button', { name: 'Editar' }).click();
    await shown(page.getByRole('heading', { name: `Editar: ${name}` }));
    await expect.poll(() => owner.inputValue()).toBe(`Olga Saliente ${run} (inactivo)`);
    // Editing, the zone manager's chip can be removed.
    await shown(page.getByRole('button', { name: `Mateo Saliente ${run} (inactivo)` }));
    await field(page, 'Observaciones').fill('Responsables dados de baja');
    await page.getByRole('button', { name: 'Guardar' }).click();
    await shown(page.getByText('Cambios guardados con éxito'));
    const saved = await asAdmin<{ observation: string; owner: { id: number }; zoneManagersIds: number[] }>('GET', `/locations/${location.id}`);
    expect(saved).toMatchObject({ observation: 'Responsables dados de baja', owner: { id: ownerId }, zoneManagersIds: [managerId] });
    errors.assertNone();
  });

  it("takes several addresses pasted at once into 'Emails ejecutivos', as the bulk load's cell holds them, keeping only the bad ones in the box", async () => {
    const asAdmin = await adminApi();
    const run = Date.now().toString(36).toUpperCase();
    const { clientId, countryId, stateId, cityId } = await cafeInVillaMaria(asAdmin);
    const code = `MAILS-${run}`;
    const name = `Café del Plata ${code}`;
    const location = await asAdmin<{ id: number }>('POST', '/locations', {
      clientId, fullName: name, clientLocationName: `OP-${code}`, clientLocationId: code, telephone: '3534123456', street: 'Bv. España 120',
      countryId, stateId, cityId, latitude: '-32.4075', longitude: '-63.2402',
      executive: 'Lucía Benítez', emails: ['ejecutivo@e2e.com.ar'], manager: 'Raúl Encargado', emailManager: 'encargado@e2e.com.ar',
      emailExecutive: 'ejecutivo@e2e.com.ar', workDays: 'Lunes a sábado', openingHours: '08:00', closingHours: '20:00',
    });

    session = await chromium.open();
    const { page, errors } = session;
    await loginAs(page, 'admin@campo.test', { at: `/clients/${clientId}/edit/${location.id}` });
    await shown(page.getByRole('heading', { name: `Editar: ${name}` }));
    const emails = page.getByRole('combobox', { name: 'Emails ejecutivos' });
    // Copied from a mail's recipients: commas, a semicolon, one already in the list, one that is no address.
    await emails.fill('uno@e2e.com.ar, dos@e2e.com.ar; EJECUTIVO@e2e.com.ar no-es-un-mail');
    await emails.press('Enter');
    await shown(page.getByText('Email inválido', { exact: true }));
    expect(await page.getByRole('button', { name: /@e2e\.com\.ar$/ }).allInnerTexts()).toEqual(['ejecutivo@e2e.com.ar', 'uno@e2e.com.ar', 'dos@e2e.com.ar']);
    expect(await emails.inputValue()).toBe('no-es-un-mail');
    // Mended, and left without Enter: added too.
    await emails.fill('tres@e2e.com.ar | cuatro@e2e.com.ar');
    await field(page, 'Encargado').click();
    await gone(page.getByText('Email inválido', { exact: true }));
    expect(await emails.inputValue()).toBe('');
    await page.getByRole('button', { name: 'Guardar' }).click();
    await shown(page.getByText('Cambios guardados con éxito'));
    const saved = await asAdmin<{ emails: string[] }>('GET', `/locations/${location.id}`);
    expect(saved.emails).toEqual(['ejecutivo@e2e.com.ar', 'uno@e2e.com.ar', 'dos@e2e.com.ar', 'tres@e2e.com.ar', 'cuatro@e2e.com.ar']);
    errors.assertNone();
  });

  it('refuses a code the client has in other capitals, naming the point of sale that has it, and offers only the tags of active groups', async () => {
    const { page, errors } = await openClient('Café del Plata', 'Locaciones');
    const asAdmin = await adminApi();
    // The demo client has CAF-001.
    const [existing] = (await asAdmin<{ rows: { fullName: string; code: string }[] }>('GET', `/locations?q=${encodeURIComponent('^CAF-001$')}`)).rows;
    await page.getByRole('button', { name: 'Nueva locacion' }).click();
    await fillNewLocation(page, { name: `Café del Plata repetido ${Date.now().toString(36)}`, code: 'caf-001', street: 'Bv. España 120' });

    // 'Canal de venta (histórico)', with MAY: Mayorista, is a demo group made inactive: not offered.
    await page.getByRole('combobox', { name: 'Tags' }).click();
    await shown(page.getByRole('option', { name: 'CUY: Cuyo', exact: true }));
    expect(await page.getByRole('option', { name: 'MAY: Mayorista', exact: true }).count()).toBe(0);
    await page.getByRole('option', { name: 'CUY: Cuyo', exact: true }).click();
    await page.keyboard.press('Escape');

    await save(page);
    const message = `Ya existe un punto de venta del cliente con ese código: "${existing.fullName}" (${existing.code}).`;
    await shown(page.getByText(message, { exact: true }));
    expect(await errorOf(page, 'Código de Locación del Cliente')).toBe(message);
    await shown(page.getByRole('heading', { name: 'Nueva locacion' }));
    const found = await asAdmin<{ count: number }>('GET', `/locations?q=${encodeURIComponent('^caf-001$')}`);
    expect(found.count).toBe(1);
    errors.assertNone([/status of 409/]);
  });

  it('without a code, refuses the name and address of one the client has, naming it at the name', async () => {
    const { page, errors } = await openClient('Café del Plata', 'Locaciones');
    const asAdmin = await adminApi();
    const [existing] = (await asAdmin<{ rows: { id: number; fullName: string; code: string; street: string }[] }>('GET', `/locations?q=${encodeURIComponent('^CAF-002$')}`)).rows;
    await page.getByRole('button', { name: 'Nueva locacion' }).click();
    // The same point of sale as typed by someone else: capitals and spaces of their own.
    await fillNewLocation(page, { name: `  ${existing.fullName.toUpperCase()} `, street: existing.street.toLowerCase() });
    await save(page);
    const message = `Ya existe un punto de venta del cliente con ese nombre y dirección: "${existing.fullName}" (${existing.code}). Si es otro, déle un código de locación del cliente.`;
    await shown(page.getByText(message, { exact: true }));
    expect(await errorOf(page, 'Nombre')).toBe(message);
    await shown(page.getByRole('heading', { name: 'Nueva locacion' }));
    errors.assertNone([/status of 409/]);
  });

  it('refuses a bad regular expression in the search with a message, not a failure', async () => {
    const { page, errors } = await openClient('Café del Plata', 'Locaciones');
    await search(page).fill('caf-(');
    await shown(page.getByText('La búsqueda no es una expresión regular válida', { exact: false }));
    // A pattern PostgreSQL would backtrack or unroll for minutes: said at once, and the list answers after it.
    await search(page).fill('^(caf.*)\\1$');
    await shown(page.getByText(LOCATION_TEXT.backReference));
    await search(page).fill('(.{0,120}){0,120}x');
    await shown(page.getByText(LOCATION_TEXT.tooComplex));
    await search(page).fill('');
    await gone(page.getByText(LOCATION_TEXT.tooComplex));
    await shown(page.getByText(/^Mostrando 1-\d+ de \d+ registros$/));
    errors.assertNone([/status of 400/]);
  });
});

describe("a client's points of sale", () => {
  it("say whose they are, on the list, 'Nueva locacion' and the bulk load, and 'Activos' / 'Inactivos' filter them by state", async () => {
    const api = await adminApi();
    const client = (await api<{ rows: { id: number; name: string }[] }>('GET', '/clients/all-clients?limit=100&state=true')).rows.find((c) => c.name === 'Supermercados Andinos')!;
    const { rows, count } = await api<{ rows: { id: number; fullName: string; status: boolean }[]; count: number }>('GET', `/locations/client/${client.id}?limit=100`);
    // One of them inactive, at least: the one made so here.
    const made = rows.find((r) => r.status)!;
    await api('PUT', '/locations/disable', { id: made.id, status: false });
    // Active again at the end; this, if the test fails before: other files use the demo's points of sale.
    onTestFinished(() => api('PUT', '/locations/disable', { id: made.id, status: true }));
    const inactive = (await api<{ rows: { id: number; fullName: string }[]; count: number }>('GET', `/locations/client/${client.id}?limit=100&status=false`)).rows;
    expect(inactive.map((r) => r.id)).toContain(made.id);
    // Fewer than a page of them: every one is on the screen.
    expect(inactive.length).toBeLessThan(Math.min(count, 20));
    const all = new RegExp(`^Mostrando 1-\\d+ de ${count} registros$`);

    session = await chromium.open();
    const { page, errors } = session;
    await loginAs(page, 'admin@campo.test', { at: `/clients/${client.id}/branch-offices` });
    await shown(page.getByRole('heading', { name: 'Lista de locaciones', exact: true }));
    await shown(page.getByText(`Cliente: ${client.name}`, { exact: true }));
    await shown(page.getByText(all));

    // 'Activos' unticked: only the inactive ones, each with its switch off.
    const active = page.getByRole('checkbox', { name: 'Activos', exact: true });
    const inactiveBox = page.getByRole('checkbox', { name: 'Inactivos', exact: true });
    expect(await active.isChecked()).toBe(true);
    expect(await inactiveBox.isChecked()).toBe(true);
    await setChecked(active, false);
    await shown(page.getByText(`Mostrando 1-${inactive.length} de ${inactive.length} registros`, { exact: true }));
    await gone(page.getByRole('progressbar', { name: 'Cargando' }));
    const switches = page.getByRole('switch', { name: /^Activar\/Desactivar / });
    expect(await switches.count()).toBe(inactive.length);
    for (const s of await switches.all()) expect(await s.isChecked()).toBe(false);
    await shown(page.getByRole('cell', { name: made.fullName, exact: true }));
    // Both ticked again: every one of them.
    await setChecked(active, true);
    await shown(page.getByText(all));

    // The form and the bulk load under this client name it too: the file goes to it.
    await page.getByRole('button', { name: 'Nueva locacion' }).click();
    await shown(page.getByRole('heading', { name: 'Nueva locacion', exact: true }));
    await shown(page.getByText(`Cliente: ${client.name}`, { exact: true }));
    await page.getByRole('button', { name: 'Volver' }).click();
    await page.getByRole('button', { name: 'CARGA MASIVA' }).click();
    await shown(page.getByRole('heading', { name: 'Carga masiva de Puntos de Venta', exact: true }));
    await shown(page.getByText(`Cliente: ${client.name}`, { exact: true }));
    await api('PUT', '/locations/disable', { id: made.id, status: true });
    errors.assertNone();
  });
});

/** The administrator's list of points of sale, from the menu, on a screen `width` × `height`. */
async function pointsOfSaleOn(width: number, height: number): Promise<Session> {
  session = await chromium.open({ viewport: { width, height } });
  await loginAs(session.page, 'admin@campo.test');
  await openMenu(session.page, 'Clientes', 'Puntos de venta');
  await shown(session.page.getByText(PAGER_SUMMARY));
  return session;
}

describe('the list of points of sale on a 1280 px screen', () => {
  it('keeps each row on one line and a long heading on at most three', async () => {
    const { page, errors } = await pointsOfSaleOn(1280, 800);
    const lineHeight = await page.locator('tbody td').nth(1).evaluate((el) => parseFloat(getComputedStyle(el).lineHeight));
    // A cut name ('Banco Fede…') or a short address ('San Martín 600') took two lines, every row twice as tall.
    const texts = await page.locator('tbody tr').first().locator('td > span[style*="nowrap"]').all();
    expect(texts.length).toBeGreaterThan(3);
    for (const cell of texts) {
      const box = await cell.boundingBox();
      if (box && box.height > 0) expect(box.height, await cell.textContent() ?? '').toBeLessThan(lineHeight * 1.5);
    }
    const heading = page.getByRole('columnheader', { name: 'Código de Locación del Cliente' });
    const height = (await heading.boundingBox())!.height;
    // Five lines, one word each, before.
    expect(height).toBeLessThan(lineHeight * 3.5 + 40);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(1280);
    errors.assertNone();
  });
});

describe('the list of points of sale on a 1024 px screen', () => {
  it('keeps a selected row’s Editar in sight, the wider table scrolling under it', async () => {
    const { page, errors } = await pointsOfSaleOn(1024, 768);
    const row = page.locator('tbody tr').nth(1);
    await row.locator('td').nth(3).click();
    const edit = row.getByRole('link', { name: 'Editar' }).or(row.getByRole('button', { name: 'Editar' }));
    await shown(edit);
    const box = (await edit.boundingBox())!;
    expect(box.x + box.width).toBeLessThanOrEqual(1024);
    // The table is wider than its frame (it scrolls inside it), not the page.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(1024);
    await edit.click();
    await shown(page.getByRole('heading', { name: /^Editar: / }));
    errors.assertNone();
  });
});

/**
 * Holds the server's answers to the page's bulk loads until the returned function lets them through: the
 * load is "running" on the screen meanwhile. Unlike `holdRequests`, the server gets the file at once and loads it.
 */
async function holdLoads(page: Page): Promise<() => void> {
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/api/core-clients/clients/importBranches**', async (route) => {
    const response = await route.fetch();
    await held;
    await route.fulfill({ response });
  });
  return release;
}

describe('the bulk load of points of sale', () => {
  it('shows a bad line in Estado and loads nothing, then loads a good file whole', async () => {
    const { page, errors } = await openClient('Automotores Pampa', 'Locaciones');
    const run = Date.now().toString(36).toUpperCase();
    await page.getByRole('button', { name: 'CARGA MASIVA' }).click();
    await shown(page.getByRole('heading', { name: 'Carga masiva de Puntos de Venta' }));
    const state = page.getByRole('region', { name: 'Estado' });
    await shown(state.getByText('Si el archivo tiene errores, aparecerán aquí, uno por línea.'));

    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'DESCARGAR CSV' }).click()]);
    expect(download.suggestedFilename()).toBe('puntos_de_venta.csv');

    const input = page.getByTestId('file-input');
    await input.setInputFiles({ name: 'locales.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4') });
    const refused = page.getByRole('dialog', { name: 'Ha ocurrido un error' });
    await shown(refused.getByText('application/pdf no es un formato soportado.', { exact: true }));
    await refused.getByRole('button', { name: 'Cerrar' }).click();
    // A text file is refused by its name, and the name is what the message says (not 'text/plain', a CSV's type).
    await input.setInputFiles({ name: 'locales.txt', mimeType: 'text/plain', buffer: Buffer.from('a;b') });
    await shown(refused.getByText('.txt no es un formato soportado.', { exact: true }));
    await refused.getByRole('button', { name: 'Cerrar' }).click();

    // A file over the server's limit is refused when chosen, not after it has gone up whole.
    let uploads = 0;
    page.on('request', (r) => r.method() === 'POST' && r.url().includes('importBranches') && uploads++);
    await input.setInputFiles({ name: 'grande.csv', mimeType: 'text/csv', buffer: Buffer.alloc(10 * 1024 * 1024 + 1, 'a') });
    await shown(refused.getByText('El archivo supera el tamaño máximo permitido (10 MB).', { exact: true }));
    await refused.getByRole('button', { name: 'Cerrar' }).click();
    expect(await page.getByRole('region', { name: 'Archivo adjunto' }).count()).toBe(0);
    expect(uploads).toBe(0);

    const drop = await page.evaluateHandle(() => {
      const data = new DataTransfer();
      data.items.add(new File(['x'], 'foto.png', { type: 'image/png' }));
      return data;
    });
    await page.getByTestId('drop-zone').dispatchEvent('drop', { dataTransfer: drop });
    await shown(page.getByText('Formato de archivo no soportado', { exact: true }));

    const bad = [HEADER, csvLine(1, `${run}-1`), csvLine(2, `${run}-2`, 'mal-escrito@'), csvLine(3, `${run}-3`)].join('\r\n');
    await input.setInputFiles({ name: 'locales.csv', mimeType: 'text/csv', buffer: Buffer.from(`\uFEFF${bad}`) });
    await shown(page.getByRole('region', { name: 'Archivo adjunto' }).getByText('locales.csv'));
    await page.getByRole('button', { name: 'Subir' }).click();
    await shown(state.getByText('Línea 3: Email inválido (Emails)', { exact: true }));
    await shown(state.getByText('El archivo tiene 1 error: no se cargó ningún punto de venta.'));

    await page.getByRole('button', { name: 'Volver' }).click();
    await shown(page.getByRole('heading', { name: 'Lista de locaciones' }));
    await search(page).fill(`^${run.toLowerCase()}-`);
    await shown(page.getByText('No hay datos para mostrar.', { exact: true }));

    await page.getByRole('button', { name: 'CARGA MASIVA' }).click();
    const good = [HEADER, csvLine(1, `${run}-1`), csvLine(2, `${run}-2`), csvLine(3, `${run}-3`)].join('\r\n');
    await page.getByTestId('file-input').setInputFiles({ name: 'locales.csv', mimeType: 'text/csv', buffer: Buffer.from(good) });
    await page.getByRole('button', { name: 'Subir' }).click();
    await shown(page.getByRole('region', { name: 'Estado' }).getByText('Se cargaron 3 puntos de venta.'));

    await page.getByRole('button', { name: 'Volver' }).click();
    await search(page).fill(`^${run.toLowerCase()}-`);
    await shown(page.getByText('Mostrando 1-3 de 3 registros', { exact: true }));
    for (const n of [1, 2, 3]) await shown(page.getByRole('cell', { name: `${run}-${n}`, exact: true }));
    errors.assertNone([/status of 400/]);
  });

  it('asks before leaving while a file loads; left anyway, the load ends on the server and a notice says how', async () => {
    const { page, errors } = await openClient('Automotores Pampa', 'Locaciones');
    const run = Date.now().toString(36).toUpperCase();
    await page.getByRole('button', { name: 'CARGA MASIVA' }).click();
    await shown(page.getByRole('heading', { name: 'Carga masiva de Puntos de Venta' }));
    const release = await holdLoads(page);
    const file = [HEADER, csvLine(1, `${run}-1`)].join('\r\n');
    await page.getByTestId('file-input').setInputFiles({ name: 'locales.csv', mimeType: 'text/csv', buffer: Buffer.from(file) });
    await page.getByRole('button', { name: 'Subir' }).click();

    await page.getByRole('button', { name: 'Volver' }).click();
    const ask = page.getByRole('dialog', { name: 'La carga sigue en curso' });
    await shown(ask.getByText('El servidor la terminará aunque salga, y su resultado aparecerá en un aviso. ¿Deseas salir?', { exact: true }));
    await ask.getByRole('button', { name: 'Cancelar' }).click();
    await gone(ask);
    await shown(page.getByRole('heading', { name: 'Carga masiva de Puntos de Venta' }));

    await page.getByRole('button', { name: 'Volver' }).click();
    await ask.getByRole('button', { name: 'Confirmar' }).click();
    await shown(page.getByRole('heading', { name: 'Lista de locaciones' }));
    release();
    await shown(page.getByText('locales.csv: Se cargó 1 punto de venta.', { exact: true }));
    await search(page).fill(`^${run.toLowerCase()}-`);
    await shown(page.getByRole('cell', { name: `${run}-1`, exact: true }));
    errors.assertNone();
  });

  it('tells in a notice how a load ended when left for a screen not yet fetched (opened by its address)', async () => {
    session = await chromium.open();
    const { page, errors } = session;
    await loginAs(page, 'admin@campo.test', { at: '/branch-offices/massive' });
    await shown(page.getByRole('heading', { name: 'Carga masiva de Puntos de Venta' }));
    const client = page.getByRole('combobox', { name: 'Cliente' });
    await client.click();
    await client.fill('Automotores');
    await page.getByRole('option', { name: 'Automotores Pampa', exact: true }).click();
    const run = Date.now().toString(36).toUpperCase();
    const release = await holdLoads(page);
    await page.getByTestId('file-input').setInputFiles({ name: 'directo.csv', mimeType: 'text/csv', buffer: Buffer.from([HEADER, csvLine(1, `${run}-1`)].join('\r\n')) });
    await page.getByRole('button', { name: 'Subir' }).click();
    await page.getByRole('button', { name: 'Volver' }).click();
    await page.getByRole('dialog', { name: 'La carga sigue en curso' }).getByRole('button', { name: 'Confirmar' }).click();
    // Released as the address changes: the list, a chunk of its own, may still be on its way.
    await atPath(page, '/branch-offices');
    release();
    await shown(page.getByText('directo.csv: Se cargó 1 punto de venta.', { exact: true }));
    errors.assertNone();
  });

  it('takes the question back when the load ends while it is asked, and shows the result', async () => {
    const { page, errors } = await openClient('Automotores Pampa', 'Locaciones');
    const run = Date.now().toString(36).toUpperCase();
    await page.getByRole('button', { name: 'CARGA MASIVA' }).click();
    const release = await holdLoads(page);
    await page.getByTestId('file-input').setInputFiles({ name: 'locales.csv', mimeType: 'text/csv', buffer: Buffer.from([HEADER, csvLine(1, `${run}-1`)].join('\r\n')) });
    await page.getByRole('button', { name: 'Subir' }).click();

    // Asked on leaving, and the load ends before an answer.
    await page.getByRole('button', { name: 'Volver' }).click();
    const ask = page.getByRole('dialog', { name: 'La carga sigue en curso' });
    await shown(ask);
    release();
    await gone(ask);
    await shown(page.getByRole('region', { name: 'Estado' }).getByText('Se cargó 1 punto de venta.'));
    await shown(page.getByRole('heading', { name: 'Carga masiva de Puntos de Venta' }));
    // Nothing to ask any more: 'Volver' leaves at once.
    await page.getByRole('button', { name: 'Volver' }).click();
    await shown(page.getByRole('heading', { name: 'Lista de locaciones' }));
    errors.assertNone();
  });

  it('lists the first 500 bad lines of a big file and saves them all as a text file', async () => {
    const { page, errors } = await openClient('Automotores Pampa', 'Locaciones');
    const run = Date.now().toString(36).toUpperCase();
    await page.getByRole('button', { name: 'CARGA MASIVA' }).click();
    const file = [HEADER, ...Array.from({ length: 600 }, (_, i) => csvLine(i + 1, `${run}-${i}`, 'mal-escrito@'))].join('\r\n');
    await page.getByTestId('file-input').setInputFiles({ name: 'locales.csv', mimeType: 'text/csv', buffer: Buffer.from(file) });
    await page.getByRole('button', { name: 'Subir' }).click();
    const state = page.getByRole('region', { name: 'Estado' });
    await shown(state.getByText('El archivo tiene 600 errores: no se cargó ningún punto de venta.'));
    const list = state.getByRole('list', { name: 'Errores del archivo' });
    await shown(list.getByText('Línea 501: Email inválido (Emails)', { exact: true }));
    await gone(list.getByText('Línea 502: Email inválido (Emails)', { exact: true }));
    await shown(list.getByText('… y 100 errores más.', { exact: true }));
    const [download] = await Promise.all([page.waitForEvent('download'), state.getByRole('button', { name: 'Descargar todas las líneas (.txt)' }).click()]);
    expect(download.suggestedFilename()).toBe('errores_locales.txt');
    const saved = readFileSync(await download.path(), 'utf8').replace(/^\uFEFF/, '').trimEnd().split('\r\n');
    expect(saved).toHaveLength(600);
    expect(saved.at(-1)).toBe('Línea 601: Email inválido (Emails)');
    errors.assertNone([/status of 400/]);
  });

  it("explains the file's format beside the template, whose example row the load takes and does not write", async () => {
    const { page, errors } = await openClient('Automotores Pampa', 'Locaciones');
    await page.getByRole('button', { name: 'CARGA MASIVA' }).click();
    await shown(page.getByRole('heading', { name: 'Carga masiva de Puntos de Venta' }));

    await page.getByRole('button', { name: 'Formato del archivo' }).click();
    await shown(page.getByText('Hasta 20.000 filas y 10 MB por archivo.'));
    await shown(page.getByText('Codificación: UTF-8 (con o sin BOM) o Windows-1252 (el "CSV" de Excel).', { exact: true }));
    await shown(page.getByText('La fila con código EJEMPLO-1 es un ejemplo: reemplácela por sus puntos de venta. Si queda en el archivo, no se carga.', { exact: true }));
    // The client's attributes are not in the file: the guide says which defaults its points of sale take.
    const api = await adminApi();
    const [client] = (await api<{ rows: { id: number }[] }>('GET', `/clients/all-clients?q=${encodeURIComponent('Automotores Pampa')}&limit=1`)).rows;
    const { rows: features } = await api<{ rows: Feature[] }>('GET', `/features/client/${client.id}?limit=1000&sort=name`);
    expect(features.some((f) => f.isRequired)).toBe(true);
    await shown(page.getByText(csvAttributesRule(features), { exact: true }));
    const columns = page.getByRole('table', { name: 'Columnas del archivo' });
    await shown(columns);
    const explained = async (header: string) =>
      (await columns.getByRole('row').filter({ has: page.getByRole('rowheader', { name: header, exact: true }) }).innerText()).replace(/\s+/g, ' ').trim();
    expect(await columns.getByRole('rowheader').allInnerTexts()).toEqual(HEADER.split(';'));
    expect(await explained('Latitud')).toBe('Latitud Sí Número entre -90 y 90, con coma o punto decimal: -34,5889 o -34.5889.');
    expect(await explained('Emails')).toBe(
      'Emails Sí Uno o más emails (hasta 50) en la misma celda, separados por coma, espacio, punto y coma o barra (|). El primero es el email del ejecutivo.',
    );
    expect(await explained('País')).toBe('País Sí Nombre de un país de la plataforma (mayúsculas, acentos y espacios de más no importan).');
    expect(await explained('Zona')).toBe('Zona No Texto.');

    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'DESCARGAR CSV' }).click()]);
    const template = readFileSync(await download.path(), 'utf8');
    expect(template.replace(/^\uFEFF/, '').split('\r\n')).toEqual([
      HEADER,
      'Punto de venta de ejemplo (reemplace esta fila);OP-0001;EJEMPLO-1;1145678900;Av. Santa Fe 3253;Norte;Argentina;Ciudad Autónoma de Buenos Aires;Palermo;-34,5889;-58,4306;Lucía Gómez;lucia.gomez@example.com, calidad@example.com;Raúl Pérez;raul.perez@example.com;Lunes a sábado;09:00;21:00',
      '',
    ]);

    // Uploaded as downloaded: nothing wrong in it, and the example is not a point of sale.
    await page.getByTestId('file-input').setInputFiles({ name: download.suggestedFilename(), mimeType: 'text/csv', buffer: Buffer.from(template) });
    await page.getByRole('button', { name: 'Subir' }).click();
    const state = page.getByRole('region', { name: 'Estado' });
    await shown(state.getByText('No se cargó ningún punto de venta: el archivo solo tiene la fila de ejemplo de la plantilla (código EJEMPLO-1). Reemplácela por sus puntos de venta.', { exact: true }));
    await shown(state.getByRole('list', { name: 'Filas que no se cargaron' }).getByText('Línea 2: es la fila de ejemplo de la plantilla (código EJEMPLO-1); no se cargó.', { exact: true }));
    errors.assertNone();
  });

  it('leaves every row it loaded within reach of the pager, whatever the count estimates past 1,000', async () => {
    // A client of its own, and 1,050 points of sale loaded in bulk: past 1,000 they are counted by the
    // planner's estimate ('aprox.'), which may fall short (1.001 for 3.000) and stopped the paging there.
    const api = await adminApi();
    const run = `PG${Date.now().toString(36).toUpperCase()}`;
    const client = await api<{ id: number }>('POST', '/clients/', {
      name: `Estimaciones ${run}`,
      address: 'Mitre 742, Córdoba',
      telephone: '3514123456',
      email: 'calidad@estimaciones.com.ar',
      imageUrl: '',
      claimUrl: 'https://forms.estimaciones.com.ar/reclamos',
      contactUrl: 'https://forms.estimaciones.com.ar/contacto',
      linkSurveyMonkey: '',
      typeId: null,
    });
    const total = 1050;
    const csv = [HEADER, ...Array.from({ length: total }, (_, i) => csvLine(i + 1, `${run}-${String(i + 1).padStart(4, '0')}`))].join('\r\n');
    const form = new FormData();
    form.append('clientId', String(client.id));
    form.append('csvFile', new Blob([csv], { type: 'text/csv' }), 'locales.csv');
    const login = await fetch(`${baseUrl()}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: 'admin@campo.test', password: DEMO_PASSWORD }) });
    const { token } = (await login.json()) as { token: string };
    const loaded = await fetch(`${baseUrl()}/api/locations/massive/client`, { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: form });
    expect(loaded.status, await loaded.text()).toBe(200);

    session = await chromium.open();
    const { page, errors } = session;
    await loginAs(page, 'admin@campo.test', { at: `/clients/${client.id}/branch-offices` });
    await shown(page.getByRole('heading', { name: 'Lista de locaciones' }));
    // The client's 1,050 are counted by the planner's estimate ('aprox.').
    await shown(page.getByText(/^Mostrando 1-20 de aprox\. [\d.]+ registros$/));
    // The last page by its number: its last rows, counted exactly now that the end is in sight.
    const pageNumber = page.getByRole('textbox', { name: 'Número de página' });
    await pageNumber.fill('53');
    await pageNumber.press('Enter');
    await shown(page.getByText('Mostrando 1.041-1.050 de 1.050 registros', { exact: true }));
    await expect.poll(() => page.locator('tbody tr').count(), { timeout: UI_TIMEOUT }).toBe(10);
    expect(await page.getByRole('button', { name: 'Página siguiente' }).isDisabled()).toBe(true);
    expect(await pageNumber.inputValue()).toBe('53');

    // 'Excel' writes all 1,050: its full pages carry the estimate and the last one the exact count, and
    // that difference is no change in the list (it made every such export fail, 'Los datos cambiaron…').
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Excel' }).click()]);
    const book = XLSX.read(readFileSync(await download.path()));
    const [header, ...rows] = XLSX.utils.sheet_to_json<unknown[]>(book.Sheets[book.SheetNames[0]], { header: 1 });
    const codeAt = header.indexOf('Código de Locación del Cliente');
    expect(codeAt, String(header)).toBeGreaterThanOrEqual(0);
    expect(rows.map((r) => r[codeAt]).sort()).toEqual(Array.from({ length: total }, (_, i) => `${run}-${String(i + 1).padStart(4, '0')}`));
    await shown(page.getByText('Se descargaron 1.050 registros'));
    errors.assertNone();
  });

  it('loaded twice without codes, says which rows the client already had instead of creating them again', async () => {
    const { page, errors } = await openClient('Automotores Pampa', 'Locaciones');
    const run = Date.now().toString(36).toUpperCase();
    const rows = [1, 2].map((n) => csvLine(n, '').replace(`Local E2E ${n};`, `Sin código ${run} ${n};`));
    const file = { name: 'locales.csv', mimeType: 'text/csv', buffer: Buffer.from(`\uFEFF${[HEADER, ...rows].join('\r\n')}`) };
    await page.getByRole('button', { name: 'CARGA MASIVA' }).click();
    const state = page.getByRole('region', { name: 'Estado' });
    await page.getByTestId('file-input').setInputFiles(file);
    await page.getByRole('button', { name: 'Subir' }).click();
    await shown(state.getByText('Se cargaron 2 puntos de venta.', { exact: true }));

    await page.getByTestId('file-input').setInputFiles(file);
    await page.getByRole('button', { name: 'Subir' }).click();
    await shown(state.getByText('No se cargó ningún punto de venta: las 2 filas del archivo son puntos de venta que el cliente ya tiene (mismo nombre y dirección).', { exact: true }));
    const skipped = state.getByRole('list', { name: 'Filas que no se cargaron' });
    await shown(skipped.getByText(`Línea 2: "Sin código ${run} 1" en "Av. Colón 1" ya es un punto de venta del cliente; no se volvió a crear.`, { exact: true }));
    await shown(skipped.getByText(`Línea 3: "Sin código ${run} 2" en "Av. Colón 2" ya es un punto de venta del cliente; no se volvió a crear.`, { exact: true }));
    errors.assertNone();
  });
});

describe('an attribute', () => {
  it('needs a default value, then is created', async () => {
    const { page, errors } = await openClient('Café del Plata', 'Atributos');
    const name = `Color E2E ${Date.now().toString(36)}`;
    await page.getByRole('button', { name: 'Nuevo atributo' }).click();
    await shown(page.getByRole('heading', { name: 'Nuevo atributo' }));
    await shown(page.getByText('Aún no tienes valores agregados.', { exact: true }));
    const save = page.getByRole('button', { name: 'Guardar' });
    await field(page, 'Nombre del atributo').fill(name);
    expect(await save.isDisabled()).toBe(true);

    await page.getByRole('button', { name: 'Agregar' }).click();
    const problem = page.getByRole('dialog', { name: 'Ha ocurrido un error' });
    await shown(problem.getByText('No puede añadirse un valor vacío.', { exact: true }));
    await problem.getByRole('button', { name: 'Cerrar' }).click();

    await field(page, 'Nombre del valor').fill('Rojo');
    await page.getByRole('button', { name: 'Agregar' }).click();
    await field(page, 'Nombre del valor').fill('Azul');
    await page.getByRole('button', { name: 'Agregar' }).click();
    await shown(page.getByRole('list', { name: 'Listado de valores agregados' }));
    await expect.poll(() => save.isDisabled()).toBe(false);

    await save.click();
    await shown(problem.getByText('Al menos un Valor debe ser por defecto.', { exact: true }));
    await problem.getByRole('button', { name: 'Cerrar' }).click();

    await page.getByRole('checkbox', { name: 'Valor por defecto: Azul' }).check();
    expect(await page.getByRole('checkbox', { name: 'Valor por defecto: Rojo' }).isDisabled()).toBe(true);
    expect(await page.getByRole('checkbox', { name: 'Valor por defecto', exact: true }).isDisabled()).toBe(true);
    await save.click();
    const confirm = page.getByRole('dialog', { name: 'Guardar cambios' });
    await shown(confirm.getByText('¿Desea continuar?', { exact: true }));
    await confirm.getByRole('button', { name: 'Confirmar' }).click();
    const done = page.getByRole('dialog', { name: 'Atributo creado con éxito' });
    await shown(done);
    await done.getByRole('button', { name: 'Cerrar' }).click();
    await shown(page.getByRole('heading', { name: 'Lista de atributos' }));
    await shown(page.getByRole('cell', { name, exact: true }));
    errors.assertNone();
  });
});

describe('a move configuration linked to projects', () => {
  it('keeps its points locked while another one can change them', async () => {
    session = await chromium.open();
    const { page, errors } = session;
    await loginAs(page, 'admin@campo.test');
    // The form's address without an id (as the spec writes it) leads to the list, where one is chosen.
    await page.goto('/moves-config/edit');
    await atPath(page, '/moves-config');
    await shown(page.getByRole('heading', { name: 'Lista de Configuraciones de Moves' }));
    await openMenu(page, 'Moves', 'Configurar tipos');
    await shown(page.getByRole('heading', { name: 'Lista de Configuraciones de Moves' }));
    await shown(page.getByText('Habilitada', { exact: true }).first());

    await page.getByRole('cell', { name: 'Visita estándar', exact: true }).click();
    await page.waitForURL(/\/moves-config\/edit\/\d+$/);
    await shown(page.getByRole('heading', { name: 'Editar: Visita estándar' }));
    await shown(page.getByText(/sólo pueden modificarse el nombre y el estado/));
    expect(await field(page, 'Puntos (Steps)').isDisabled()).toBe(true);
    expect(await field(page, 'Duración (minutos)').isDisabled()).toBe(true);
    expect(await field(page, 'Nombre').isDisabled()).toBe(false);

    // A new configuration, with no projects, can change every field.
    await page.getByRole('button', { name: 'Volver' }).click();
    await page.getByRole('button', { name: 'Nueva Configuración' }).click();
    await shown(page.getByRole('heading', { name: 'Nueva Configuración' }));
    const name = `Degustación E2E ${Date.now().toString(36)}`;
    await field(page, 'Nombre').fill(name);
    await field(page, 'Puntos (Steps)').fill('diez');
    await field(page, 'Duración (minutos)').fill('20');
    await field(page, 'Puntos (Steps)').blur();
    await shown(page.getByText('Debe ser un número', { exact: true }));
    // A negative number is a number: its sign is what is wrong.
    await field(page, 'Puntos (Steps)').fill('-5');
    await shown(page.getByText('Debe ser mayor o igual a 0', { exact: true }));
    await gone(page.getByText('Debe ser un número', { exact: true }));
    // Too big a number is told its limit, not that the field is too long.
    await field(page, 'Puntos (Steps)').fill('99999999999');
    await shown(page.getByText('Debe ser como máximo 1.000.000', { exact: true }));
    await gone(page.getByText(/^El campo es demasiado largo/));
    await field(page, 'Puntos (Steps)').fill('120');
    await pick(page, page.getByRole('combobox', { name: 'Tipos de move' }), 'Compra');
    await page.getByRole('button', { name: 'Guardar' }).click();
    await page.getByRole('dialog', { name: 'Está seguro?' }).getByRole('button', { name: 'Confirmar' }).click();
    await shown(page.getByRole('heading', { name: 'Lista de Configuraciones de Moves' }));
    // The name whole, not cut to ten letters ('Degustació…'): it is what tells one configuration from another.
    expect(await page.getByRole('cell', { name, exact: true }).innerText()).toBe(name);
    await page.getByRole('cell', { name, exact: true }).click();
    await shown(page.getByRole('heading', { name: `Editar: ${name}` }));
    expect(await field(page, 'Puntos (Steps)').inputValue()).toBe('120');
    expect(await field(page, 'Puntos (Steps)').isDisabled()).toBe(false);
    await gone(page.getByText(/sólo pueden modificarse el nombre y el estado/));
    errors.assertNone();
  });
});

describe('the list of move configurations', () => {
  it('sorts names in Spanish order both ways: accented and lower-case names among the rest', async () => {
    const api = await adminApi();
    const stamp = Date.now().toString(36);
    for (const name of [`Árbol de decisión ${stamp}`, `auditoría rápida ${stamp}`]) await api('POST', '/moves/post/new-move', { name, points: 10, minutesDuration: 5 });
    session = await chromium.open();
    const { page, errors } = session;
    await loginAs(page, 'admin@campo.test');
    await openMenu(page, 'Moves', 'Configurar tipos');
    await shown(page.getByRole('cell', { name: `Árbol de decisión ${stamp}`, exact: true }));
    // The whole name of each row (a long one is cut in the cell, whole in its title).
    const names = () => page.locator('tbody tr td:first-child').evaluateAll((cells) => cells.map((td) => td.querySelector('[title]')?.getAttribute('title') ?? td.textContent ?? ''));
    const positions = async () => {
      const shownNames = await names();
      return [`Árbol de decisión ${stamp}`, `auditoría rápida ${stamp}`, 'Entrevista al encargado', 'Visita estándar'].map((n) => shownNames.indexOf(n));
    };
    // Ascending, as the server answers every list: 'Árbol' and 'auditoría' with the A's, not after 'Visita'.
    const ascending = await positions();
    expect(ascending.every((i) => i >= 0), JSON.stringify(await names())).toBe(true);
    expect([...ascending].sort((a, b) => a - b)).toEqual(ascending);
    await page.getByRole('columnheader', { name: 'Nombre' }).getByRole('button').click();
    await expect.poll(() => page.getByRole('columnheader', { name: 'Nombre' }).getAttribute('aria-sort')).toBe('descending');
    const descending = await positions();
    expect([...descending].sort((a, b) => b - a)).toEqual(descending);
    errors.assertNone();
  });

  it('writes points and minutes with decimals after a comma, as the rest of the console', async () => {
    const api = await adminApi();
    const name = `Degustación decimal ${Date.now().toString(36)}`;
    await api('POST', '/moves/post/new-move', { name, points: '15.5', minutesDuration: '7,25' });
    session = await chromium.open();
    const { page, errors } = session;
    await loginAs(page, 'admin@campo.test');
    await openMenu(page, 'Moves', 'Configurar tipos');
    const row = page.getByRole('row').filter({ has: page.getByRole('cell', { name, exact: true }) });
    await shown(row);
    await shown(row.getByRole('cell', { name: '15,5', exact: true }));
    await shown(row.getByRole('cell', { name: '7,25', exact: true }));
    expect(await row.getByRole('cell', { name: '15.5', exact: true }).count()).toBe(0);
    // Its form writes them the same way; '1.500' (the list's way of writing 1500) is asked to be written plainly.
    await row.getByRole('cell', { name, exact: true }).click();
    await page.waitForURL(/\/moves-config\/edit\/\d+$/);
    const points = page.getByRole('textbox', { name: 'Puntos (Steps)' });
    await expect.poll(() => points.inputValue()).toBe('15,5');
    expect(await page.getByRole('textbox', { name: 'Duración (minutos)' }).inputValue()).toBe('7,25');
    await points.fill('1.500');
    await points.blur();
    await shown(page.getByText('Escriba los miles sin punto y los decimales con coma: 1500 o 1,5.'));
    errors.assertNone();
  });

  it('comes back as it was left (page size and sort) from a row, by Back, by Cancelar and on a reload', async () => {
    session = await chromium.open();
    const { page, errors } = session;
    await loginAs(page, 'admin@campo.test');
    await openMenu(page, 'Moves', 'Configurar tipos');
    await shown(page.getByRole('heading', { name: 'Lista de Configuraciones de Moves' }));
    await page.getByText('Filas por página', { exact: true }).locator('..').getByRole('combobox').click();
    await page.getByRole('option', { name: '5', exact: true }).click();
    const points = page.getByRole('columnheader', { name: 'Puntos (Steps)' });
    await points.getByRole('button').click();
    await expect.poll(() => points.getAttribute('aria-sort')).toBe('ascending');
    await expect.poll(() => page.locator('tbody tr').count()).toBe(5);
    const rows = () => page.locator('tbody tr').allInnerTexts();
    const left = await rows();
    const asLeft = async () => {
      await shown(page.getByRole('heading', { name: 'Lista de Configuraciones de Moves' }));
      await expect.poll(() => points.getAttribute('aria-sort')).toBe('ascending');
      await expect.poll(rows).toEqual(left);
    };
    await expect.poll(() => new URL(page.url()).searchParams.get('perPage')).toBe('5');
    await expect.poll(() => new URL(page.url()).searchParams.get('sort')).toBe('points');

    await page.locator('tbody tr').first().getByRole('cell').first().click();
    await page.waitForURL(/\/moves-config\/edit\/\d+$/);
    await page.goBack();
    await asLeft();

    await page.locator('tbody tr').first().getByRole('cell').first().click();
    await page.waitForURL(/\/moves-config\/edit\/\d+$/);
    await page.getByRole('button', { name: 'Cancelar' }).click();
    await atPath(page, '/moves-config');
    await asLeft();

    await page.reload();
    await asLeft();
    errors.assertNone();
  });
});
