/** A client's attributes as an administrator creates, opens and edits them. */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { chromiumPerFile, gone, loginAs, openClientSection, openMenu, type Session, shown } from './helpers';

const chromium = chromiumPerFile();
let session: Session | undefined;

const CLIENT = 'Café del Plata';

/** Logs in as admin and opens the client's 'Lista de atributos' from the client list's row actions. */
async function openAttributes(): Promise<Session> {
  session = await chromium.open();
  const { page } = session;
  await loginAs(page, 'admin@campo.test');
  await openClientSection(page, CLIENT, 'Atributos');
  return session;
}

const field = (page: Page, label: string) => page.getByRole('textbox', { name: label, exact: true });
const isDefault = (page: Page, value: string) => page.getByRole('checkbox', { name: `Valor por defecto: ${value}`, exact: true });

async function addValue(page: Page, value: string, asDefault = false): Promise<void> {
  await field(page, 'Nombre del valor').fill(value);
  if (asDefault) await page.getByRole('checkbox', { name: 'Valor por defecto', exact: true }).check();
  await page.getByRole('button', { name: 'Agregar' }).click();
}

/** Saves through the confirmation, closes the success dialog and waits for the list. */
async function save(page: Page, success: string): Promise<void> {
  await page.getByRole('button', { name: 'Guardar' }).click();
  await page.getByRole('dialog', { name: 'Guardar cambios' }).getByRole('button', { name: 'Confirmar' }).click();
  const done = page.getByRole('dialog', { name: success });
  await shown(done);
  await done.getByRole('button', { name: 'Cerrar' }).click();
  await shown(page.getByRole('heading', { name: 'Lista de atributos' }));
}

/** Opens the attribute from the list and reads its view: title, name, values and the default ticked. */
async function viewOf(page: Page, name: string) {
  await page.getByRole('button', { name: `Ver ${name}`, exact: true }).click();
  // Only the view has 'Editar'; the form is filled from the record as it appears.
  await shown(page.getByRole('button', { name: 'Editar', exact: true }));
  const title = await page.getByRole('heading', { level: 1 }).innerText();
  const inputs = page.getByRole('list', { name: 'Listado de valores agregados' }).getByRole('textbox');
  const values = await inputs.evaluateAll((all) => all.map((input) => (input as HTMLInputElement).value));
  const defaults: string[] = [];
  for (const value of values) if (await isDefault(page, value).isChecked()) defaults.push(value);
  return { title, name: await field(page, 'Nombre del atributo').inputValue(), values, defaults };
}

describe('an attribute', () => {
  it('opens with what was saved, after creating it and after editing it', async () => {
    const { page, errors } = await openAttributes();
    // A search that finds nothing says so, not that the client has no attributes.
    const filter = page.getByLabel('Filtrar por nombre');
    await filter.fill('sin coincidencias');
    await shown(page.getByText('No hay resultados para la búsqueda', { exact: true }));
    await filter.fill('');
    await gone(page.getByText('No hay resultados para la búsqueda', { exact: true }));
    const name = `Fachada E2E ${Date.now().toString(36)}`;
    await page.getByRole('button', { name: 'Nuevo atributo' }).click();
    await shown(page.getByRole('heading', { name: 'Nuevo atributo' }));
    await field(page, 'Nombre del atributo').fill(name);
    await addValue(page, 'Ladrillo', true);
    await addValue(page, 'Vidriada');
    await save(page, 'Atributo creado con éxito');

    expect(await viewOf(page, name)).toEqual({ title: name, name, values: ['Ladrillo', 'Vidriada'], defaults: ['Ladrillo'] });

    await page.getByRole('button', { name: 'Editar', exact: true }).click();
    await shown(page.getByRole('heading', { level: 1, name: `Editar: ${name}`, exact: true }));
    const renamed = `${name} editada`;
    await field(page, 'Nombre del atributo').fill(renamed);
    await field(page, 'Valor 2').fill('Vidriada con toldo');
    await isDefault(page, 'Ladrillo').uncheck();
    await isDefault(page, 'Vidriada con toldo').check();
    await addValue(page, 'Revoque');
    // The side menu asks before leaving the unsaved changes too; 'Cancelar' keeps them.
    await openMenu(page, 'Clientes', 'Lista de clientes');
    const asked = page.getByRole('dialog', { name: 'No se guardarán los cambios' });
    await shown(asked.getByText('¿Deseas continuar?'));
    await asked.getByRole('button', { name: 'Cancelar' }).click();
    await gone(asked);
    expect(await field(page, 'Nombre del atributo').inputValue()).toBe(renamed);
    // Saved, the way out (the success dialog's 'Cerrar') asks nothing.
    await save(page, 'Cambios guardados con éxito');

    expect(await viewOf(page, renamed)).toEqual({ title: renamed, name: renamed, values: ['Ladrillo', 'Vidriada con toldo', 'Revoque'], defaults: ['Vidriada con toldo'] });
    errors.assertNone();
  });

  it("says, after a first refused 'Guardar', a problem of the list of values that no input shows", async () => {
    const { page, errors } = await openAttributes();
    const name = `Toldo E2E ${Date.now().toString(36)}`;
    await page.getByRole('button', { name: 'Nuevo atributo' }).click();
    await shown(page.getByRole('heading', { name: 'Nuevo atributo' }));
    await field(page, 'Nombre del atributo').fill(name);
    await addValue(page, 'Rojo');
    await addValue(page, 'Azul');
    const saveButton = page.getByRole('button', { name: 'Guardar' });
    await saveButton.click();
    const refused = page.getByRole('dialog', { name: 'Ha ocurrido un error' });
    await shown(refused.getByText('Al menos un Valor debe ser por defecto.'));
    await refused.getByRole('button', { name: 'Cerrar' }).click();
    await gone(refused);
    await isDefault(page, 'Rojo').check();
    // The second value written as the first one: no input can show that, so 'Guardar' stays on and says it.
    await field(page, 'Valor 2').fill('rojo');
    await saveButton.click({ timeout: 3000 });
    await shown(refused.getByText('El valor ya fue agregado.'));
    await refused.getByRole('button', { name: 'Cerrar' }).click();
    await gone(refused);
    await field(page, 'Valor 2').fill('Verde');
    await save(page, 'Atributo creado con éxito');
    expect(await viewOf(page, name)).toEqual({ title: name, name, values: ['Rojo', 'Verde'], defaults: ['Rojo'] });
    errors.assertNone();
  });
});
