/**
 * Leaving a form with unsaved changes through the browser's own back and forward buttons: the same
 * question as the screen's buttons and the side menu ('No se guardarán los cambios' / '¿Deseas
 * continuar?'); cancelled, the form stays at its address with what was typed.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { atPath, chromiumPerFile, gone, loginAs, openClientSection, openMenu, pathOf, type Session, shown, sidebar } from './helpers';

const chromium = chromiumPerFile((session) => session.errors.assertNone());

const CLIENT = 'Café del Plata';

const nameField = (page: Page) => page.getByRole('textbox', { name: 'Nombre del atributo', exact: true });
const leaveQuestion = (page: Page) => page.getByRole('dialog', { name: 'No se guardarán los cambios' });

/** Logs in as admin and opens 'Nuevo atributo' from the client's attribute list; returns both paths. */
async function openNewAttribute(): Promise<{ session: Session; listPath: string; formPath: string }> {
  const session = await chromium.open();
  const { page } = session;
  await loginAs(page, 'admin@campo.test');
  await openClientSection(page, CLIENT, 'Atributos');
  const listPath = pathOf(page);
  await page.getByRole('button', { name: 'Nuevo atributo' }).click();
  await shown(page.getByRole('heading', { name: 'Nuevo atributo' }));
  return { session, listPath, formPath: pathOf(page) };
}

/** Waits for the leave question with its text and answers it. */
async function answerLeave(page: Page, answer: 'Cancelar' | 'Confirmar'): Promise<void> {
  const asked = leaveQuestion(page);
  await shown(asked.getByText('¿Deseas continuar?', { exact: true }));
  await asked.getByRole('button', { name: answer }).click();
  await gone(asked);
}

describe('leaving a form through the browser', () => {
  it('asks on Back and on Forward: cancelled, the form stays with what was typed; accepted, it leaves', async () => {
    const { session, listPath, formPath } = await openNewAttribute();
    const { page } = session;
    await nameField(page).fill('Vidriera E2E sin guardar');

    await page.goBack({ waitUntil: 'commit' });
    await answerLeave(page, 'Cancelar');
    await atPath(page, formPath);
    expect(await nameField(page).inputValue()).toBe('Vidriera E2E sin guardar');

    await page.goBack({ waitUntil: 'commit' });
    await answerLeave(page, 'Confirmar');
    await atPath(page, listPath);
    await shown(page.getByRole('heading', { name: 'Lista de atributos' }));

    // Forward to the form, out by its own 'Cancelar' (nothing typed: no question) and Back to it: now
    // the form has a page after it, which the Forward button would open.
    await page.goForward({ waitUntil: 'commit' });
    await shown(page.getByRole('heading', { name: 'Nuevo atributo' }));
    await page.getByRole('button', { name: 'Cancelar' }).click();
    await shown(page.getByRole('heading', { name: 'Lista de atributos' }));
    await page.goBack({ waitUntil: 'commit' });
    await shown(page.getByRole('heading', { name: 'Nuevo atributo' }));
    expect(await leaveQuestion(page).count()).toBe(0);
    await nameField(page).fill('Toldo E2E sin guardar');

    await page.goForward({ waitUntil: 'commit' });
    await answerLeave(page, 'Cancelar');
    await atPath(page, formPath);
    expect(await nameField(page).inputValue()).toBe('Toldo E2E sin guardar');

    await page.goForward({ waitUntil: 'commit' });
    await answerLeave(page, 'Confirmar');
    await atPath(page, listPath);
    await shown(page.getByRole('heading', { name: 'Lista de atributos' }));
  });

  it('asks nothing on Back once the form is saved', async () => {
    const { session, listPath, formPath } = await openNewAttribute();
    const { page } = session;
    const name = `Marquesina E2E ${Date.now().toString(36)}`;
    await nameField(page).fill(name);
    await page.getByRole('textbox', { name: 'Nombre del valor', exact: true }).fill('Iluminada');
    await page.getByRole('checkbox', { name: 'Valor por defecto', exact: true }).check();
    await page.getByRole('button', { name: 'Agregar' }).click();
    await page.getByRole('button', { name: 'Guardar' }).click();
    await page.getByRole('dialog', { name: 'Guardar cambios' }).getByRole('button', { name: 'Confirmar' }).click();
    // Saved, and still on the form (its success dialog open).
    await shown(page.getByRole('dialog', { name: 'Atributo creado con éxito' }));
    expect(pathOf(page)).toBe(formPath);

    await page.goBack({ waitUntil: 'commit' });
    await atPath(page, listPath);
    await shown(page.getByRole('cell', { name, exact: true }));
    expect(await leaveQuestion(page).count()).toBe(0);
  });
});

describe('every form of the shared kind', () => {
  it('asks before the side menu takes a changed client or move configuration away, as the attribute form does', async () => {
    const session = await chromium.open();
    const { page } = session;
    await loginAs(page, 'admin@campo.test');
    for (const path of ['/clients/edit/1', '/moves-config/add']) {
      await page.goto(path);
      const first = page.getByRole('textbox').first();
      await shown(first);
      await first.fill(`${await first.inputValue()} cambiado`);
      await page.getByRole('navigation', { name: 'Menú principal' }).getByText('Tags', { exact: true }).click();
      await answerLeave(page, 'Cancelar');
      await atPath(page, path);
      expect(await first.inputValue()).toMatch(/cambiado$/);
    }
  });
});

describe('screens where rows are ticked to act on them', () => {
  it("asks before Back or the side menu takes away moves ticked in 'Asignación de Moves' or transactions ticked in 'Pago masivo'", async () => {
    const session = await chromium.open();
    const { page } = session;
    await loginAs(page, 'admin@campo.test', { at: '/user-moves/historial' });
    await openMenu(page, 'Moves', 'Asignar');
    await atPath(page, '/user-moves/assign');
    // The address changes before the screen does: until its title shows, what is on screen is the one before.
    await shown(page.getByRole('heading', { name: 'Asignación de Moves' }));
    await gone(page.getByRole('progressbar', { name: 'Cargando' }));
    await page.locator('tbody tr').first().getByRole('checkbox').check();
    await shown(page.getByText('1 seleccionada', { exact: true }));
    // Back: cancelled, the screen stays with its tick; the side menu, confirmed, leaves.
    await page.goBack({ waitUntil: 'commit' });
    await answerLeave(page, 'Cancelar');
    await atPath(page, '/user-moves/assign');
    await shown(page.getByText('1 seleccionada', { exact: true }));
    await sidebar(page).getByText('Tags', { exact: true }).click();
    await answerLeave(page, 'Confirmar');
    await atPath(page, '/tags');

    await page.goto('/payment-administration/pending');
    await page.getByRole('button', { name: 'PAGO MASIVO' }).click();
    await atPath(page, '/payment-administration/massive');
    // Not before its title shows: on a busy machine the pending list (whose Getter filter has the same name)
    // was still on screen, and the Getter was picked there (CI, 02/12).
    await shown(page.getByRole('heading', { name: 'Pago masivo a Getters' }));
    const getter = page.getByRole('combobox', { name: 'Getter' });
    await getter.click();
    await page.getByRole('option').first().click();
    await gone(page.getByRole('progressbar', { name: 'Cargando' }));
    await page.locator('tbody tr').first().getByRole('checkbox').check();
    const selection = page.getByRole('status', { name: 'Selección' });
    await shown(selection.getByText(/^1 transacción seleccionada/));
    await page.goBack({ waitUntil: 'commit' });
    await answerLeave(page, 'Cancelar');
    await atPath(page, '/payment-administration/massive');
    await shown(selection.getByText(/^1 transacción seleccionada/));
    await page.getByRole('button', { name: 'Cancelar pago masivo' }).click();
    await answerLeave(page, 'Confirmar');
    await atPath(page, '/payment-administration/pending');
  });
});
