/** What each role sees: title, sidebar, the routes it may not open, the framed client pages. */
import type { Browser, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { atPath, launch, loginAs, openMenu, openPage, type Session, shown, sidebar } from './helpers';

let browser: Browser;
let session: Session | undefined;

beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});
afterEach(async () => {
  await session?.context.close();
  session = undefined;
});

async function as(email: string): Promise<Session> {
  session = await openPage(browser);
  await loginAs(session.page, email);
  return session;
}

/** The role title chip in the app bar. */
const roleTitle = (page: Page, title: string) => page.getByRole('banner').getByText(title, { exact: true });
const menuEntry = (page: Page, label: string) => sidebar(page).getByRole('button', { name: label, exact: true });

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
    const { page, errors } = await as('cliente@campo.test');
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
    errors.assertNone();
  });
});
