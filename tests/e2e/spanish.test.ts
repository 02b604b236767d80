/**
 * Every screen speaks Spanish: the public pages, and every screen reachable from the admin's and
 * the client's sidebars. The visible text (and the texts assistive technology reads: aria-label,
 * title, placeholder, alt) may hold none of the usual English UI words, and no page may fail.
 */
import type { Page } from 'playwright-core';
import { afterEach, describe, expect, it } from 'vitest';
import {
  atPath,
  chromiumPerFile,
  type ErrorLog,
  loginAs,
  loginForm,
  menuEntry,
  pathOf,
  requestResetLink,
  type Session,
  shown,
  sidebar,
  sooftToken,
  UI_TIMEOUT,
} from './helpers';

/**
 * Common English UI words. Left out on purpose, as they are also Spanish or are the product's
 * own words: Error, Total, Email, Link, Banner, Admin, Token, Chat, Excel, Tags, Moves, Getter,
 * Plataform, Campus.
 */
const ENGLISH = [
  'Save',
  'Cancel',
  'Delete',
  'Edit',
  'Show',
  'Search',
  'Loading',
  'Rows per page',
  'of',
  'No results',
  'No results found',
  'Not found',
  'Logout',
  'Log out',
  'Login',
  'Log in',
  'Sign in',
  'Sign out',
  'Password',
  'Forgot',
  'Create',
  'Refresh',
  'Page',
  'Filter',
  'Export',
  'Close',
  'Confirm',
  'Yes',
  'Dashboard',
  'Submit',
  'Back',
  'Next',
  'Previous',
  'Required',
  'Invalid',
  'Select',
  'Clear',
  'Open',
  'Remove',
  'Add',
  'New',
  'Update',
  'Actions',
  'Welcome',
  'Users',
  'Settings',
  'Profile',
  'Home',
  'Menu',
  'Skip',
  'Success',
  'Warning',
  'Help',
  'Undo',
  'List',
  'Please',
  'Wait',
  'Are you sure',
  'Empty',
  'Download',
  'Upload',
  'Reset',
  'Send',
  'View',
  'Name',
  'Active',
  'Inactive',
  'Status',
  'Sort',
  'Ascending',
  'Descending',
  'Rows',
  'Records',
  'First',
  'Last',
];

const escape = (word: string) => word.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** A whole word or phrase: no letter, mark or digit right before or after it (so 'of' is not in 'oficina'). */
const WORDS = ENGLISH.map((word) => ({ word, re: new RegExp(`(?<![\\p{L}\\p{M}\\p{N}])${escape(word).replace(/ /g, '\\s+')}(?![\\p{L}\\p{M}\\p{N}])`, 'iu') }));

const chromium = chromiumPerFile();
let session: Session | undefined;
/** Every English word found, with where: reported all at once at the end of each test. */
let findings: string[] = [];
afterEach(() => {
  findings = [];
});

async function open(): Promise<Session> {
  session = await chromium.open();
  return session;
}

/** Waits until no spinner or progress bar has shown for a moment (lazy screens, list requests). */
async function settle(page: Page): Promise<void> {
  const busy = page.locator('[role="progressbar"]:visible');
  let quiet = 0;
  const deadline = Date.now() + 10_000;
  while (quiet < 3 && Date.now() < deadline) {
    quiet = (await busy.count()) === 0 ? quiet + 1 : 0;
    await page.waitForTimeout(100);
  }
}

/** Records every English word in the page's visible text and accessible texts. */
async function check(page: Page, where: string): Promise<void> {
  await settle(page);
  const { text, attributes } = await page.evaluate(() => ({
    text: document.body.innerText,
    attributes: [...document.querySelectorAll('[aria-label],[title],[placeholder],[alt]')].flatMap((el) =>
      ['aria-label', 'title', 'placeholder', 'alt'].map((name) => el.getAttribute(name) ?? '').filter(Boolean),
    ),
  }));
  expect(text.trim().length, `${where}: the page shows no text`).toBeGreaterThan(0);
  for (const { word, re } of WORDS) {
    const line = text.split('\n').find((l) => re.test(l));
    if (line !== undefined) findings.push(`${where} (${pathOf(page)}): "${word}" in the text "${line.trim()}"`);
    const attribute = attributes.find((a) => re.test(a));
    if (attribute !== undefined) findings.push(`${where} (${pathOf(page)}): "${word}" in the attribute "${attribute}"`);
  }
}

function report(errors: ErrorLog, allowed: RegExp[] = []): void {
  expect(findings, 'English words on Spanish screens').toEqual([]);
  errors.assertNone(allowed);
}

/**
 * Clicks every entry of the sidebar (groups opened first) and checks each screen. Entries in
 * `skip` are actions that leave the console (they open another site in a new tab).
 */
async function visitSidebar(page: Page, who: string, skip: string[] = []): Promise<string[]> {
  const nav = sidebar(page);
  await shown(nav.getByRole('button').or(nav.getByRole('link')).first());
  for (;;) {
    const closed = nav.locator('[aria-expanded="false"]');
    if ((await closed.count()) === 0) break;
    await closed.first().click();
  }
  const entries: string[] = [];
  for (const entry of await nav.getByRole('button').or(nav.getByRole('link')).all()) {
    if ((await entry.getAttribute('aria-expanded')) !== null) continue;
    const label = (await entry.innerText()).trim();
    if (!skip.includes(label)) entries.push(label);
  }
  expect(entries.length, `${who}: sidebar entries`).toBeGreaterThan(0);
  for (const label of entries) {
    const before = page.url();
    await menuEntry(page, label).click();
    // Every entry opens a screen of its own: wait for it before reading the page.
    await page.waitForURL((url) => url.href !== before, { waitUntil: 'commit', timeout: UI_TIMEOUT });
    await check(page, `${who} › ${label}`);
  }
  return entries;
}

describe('the public pages speak Spanish', () => {
  it('login (with its errors), restore, change password (valid and spent link) and partner login', async () => {
    const { page, errors } = await open();
    await page.goto('/login');
    const form = loginForm(page);
    await shown(form.submit);
    await check(page, 'login');
    await form.submit.click();
    await shown(page.getByText('Requerido').first());
    await check(page, 'login with empty fields');
    await form.email.fill('admin@campo.test');
    await form.password.fill('incorrecta');
    await form.submit.click();
    await shown(page.getByRole('alert'));
    await check(page, 'login refused');

    await page.getByRole('link', { name: 'Recuperar' }).click();
    await atPath(page, '/restaurarContraseña');
    await shown(page.getByRole('button', { name: 'Restaurar' }));
    await check(page, 'restore');
    await page.getByRole('button', { name: 'Restaurar' }).click();
    await shown(page.getByText('Requerido'));
    await check(page, 'restore with an empty e-mail');

    const link = await requestResetLink('inactivo@campo.test');
    await page.goto(link);
    await shown(page.getByRole('button', { name: 'Guardar' }));
    await check(page, 'change password');
    await page.getByRole('button', { name: 'Guardar' }).click();
    await shown(page.getByText('Requerido').first());
    await check(page, 'change password with empty fields');

    await page.goto('/cambiarContraseña/token-que-no-existe-0123456789');
    await shown(page.getByRole('dialog', { name: 'ERROR' }));
    await check(page, 'change password with an invalid link');

    await page.goto(`/sooft-login#token=${sooftToken({ email: 'admin@campo.test' }, 'otro-secreto')}`);
    await shown(page.getByRole('dialog', { name: 'ERROR' }));
    await check(page, 'partner login with a forged token');

    // The refused login (401), the invalid restore link (400) and the forged partner token (401).
    report(errors, [/Failed to load resource: the server responded with a status of (400|401)/]);
  });
});

describe('the console speaks Spanish', () => {
  it('every screen of the admin sidebar, the client forms, the user menu and the not-found page', async () => {
    const { page, errors } = await open();
    await loginAs(page, 'admin@campo.test');
    await check(page, 'admin home');
    // 'Auditores' leaves the console (an external site; roles.test.ts opens it), as 'Campus' does for clients.
    const entries = await visitSidebar(page, 'admin', ['Auditores']);
    expect(entries).toEqual(expect.arrayContaining(['Usuarios', 'Lista de clientes', 'Tags']));

    await page.goto('/clients');
    await shown(page.getByRole('heading', { name: 'Lista de Clientes' }));
    await check(page, 'Lista de Clientes');
    const first = page.locator('tbody tr').first();
    await first.locator('td').nth(1).click();
    await shown(first.getByRole('button', { name: 'Editar' }));
    await check(page, 'Lista de Clientes with a row selected');
    await first.getByRole('button', { name: 'Desactivar' }).click();
    await shown(page.getByRole('dialog', { name: 'Confirmación' }));
    await check(page, 'deactivate confirmation');
    await page.getByRole('dialog').getByRole('button', { name: 'Cancelar' }).click();

    await page.getByRole('button', { name: 'Nuevo Cliente' }).click();
    await shown(page.getByRole('heading', { name: 'Nuevo Cliente' }));
    await check(page, 'Nuevo Cliente');
    await page.getByRole('combobox', { name: 'Tipo de Cliente' }).click();
    await shown(page.getByRole('option').first());
    await check(page, 'Nuevo Cliente, client types open');
    await page.keyboard.press('Escape');
    await page.getByLabel('Email').fill('x');
    await page.getByLabel('Nombre').click();
    await shown(page.getByText('Dirección de email inválida'));
    await check(page, 'Nuevo Cliente with an error');

    await page.goto('/clients');
    await shown(page.getByRole('heading', { name: 'Lista de Clientes' }));
    await page.locator('tbody tr').first().getByRole('button', { name: /^Ver / }).click();
    await shown(page.getByRole('button', { name: 'Editar' }));
    await check(page, 'client view');
    await page.getByRole('button', { name: 'Editar' }).click();
    await shown(page.getByRole('heading', { name: /^Editar: / }));
    await check(page, 'client edit');

    await page.getByRole('button', { name: 'Perfil' }).click();
    await shown(page.getByRole('menuitem', { name: 'Desconectar' }));
    await check(page, 'user menu');
    await page.keyboard.press('Escape');

    await page.goto('/esta/ruta/no-existe');
    await shown(page.getByText('No encontrado', { exact: true }));
    await check(page, 'not found');
    report(errors);
  });

  it('every screen of the client sidebar', async () => {
    const { page, errors } = await open();
    await loginAs(page, 'cliente@campo.test');
    await check(page, 'client home');
    const entries = await visitSidebar(page, 'client', ['Campus']);
    expect(entries).toEqual(expect.arrayContaining(['Inicio', 'Mis Reportes', 'Reclamos', 'Contacto / Consultas', 'Encuesta']));
    report(errors);
  });
});
