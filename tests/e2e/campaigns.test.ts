/**
 * 'Banco de Campañas' as an administrator: create a campaign with its date rules, then disable it;
 * the client of a campaign that projects use cannot be changed, nor its dates moved past theirs, nor
 * its name made another of the client's campaigns'.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { isoInDays } from '../../domain/validation';
import { atPath, chromiumPerFile, gone, loginAs, openMenu, type Session, shown } from './helpers';

const chromium = chromiumPerFile();
let session: Session | undefined;

/** DD/MM/YYYY, `days` from today in Argentina. */
function typed(days: number): string {
  return isoInDays(days).split('-').reverse().join('/');
}

const row = (page: Page, name: string) => page.getByRole('row').filter({ has: page.getByRole('cell', { name, exact: true }) });

describe('Banco de Campañas', () => {
  it('creates a campaign refusing past dates and an end before the start, then disables it', async () => {
    session = await chromium.open();
    const { page, errors } = session;
    await loginAs(page, 'admin@campo.test');
    await openMenu(page, 'Campañas', 'Banco de campañas');
    await atPath(page, '/campo-campaigns');
    await shown(page.getByRole('heading', { name: 'Banco de Campañas' }));
    await shown(page.getByText(/^Mostrando 1-\d+ de \d+ registros$/));

    await page.getByRole('button', { name: 'Nueva campaña' }).click();
    await shown(page.getByRole('heading', { name: 'Nueva campaña' }));
    await page.getByLabel('Nombre').fill('Primavera E2E');
    const client = page.getByRole('combobox', { name: 'Cliente' });
    await client.click();
    await client.fill('Banco Fed');
    await page.getByRole('option', { name: 'Banco Federal del Sur', exact: true }).click();
    const start = page.getByLabel('Fecha de inicio');
    const end = page.getByLabel('Fecha de finalización');
    await shown(page.getByText('DD/MM/AAAA, desde hoy', { exact: true }));
    await start.fill(typed(-3));
    await end.fill(typed(30));
    await end.blur();
    await shown(page.getByText('La fecha no puede ser anterior a hoy.'));
    await start.fill(typed(40));
    await start.blur();
    await shown(page.getByText('La fecha de finalización no puede ser anterior a la fecha de inicio.'));
    await start.fill(typed(5));
    await start.blur();
    await gone(page.getByText('La fecha de finalización no puede ser anterior a la fecha de inicio.'));
    await page.getByRole('button', { name: 'Guardar' }).click();
    await page.getByRole('dialog', { name: 'Está seguro?' }).getByRole('button', { name: 'Confirmar' }).click();
    await atPath(page, '/campo-campaigns');
    await shown(page.getByRole('heading', { name: 'Banco de Campañas' }));
    await gone(page.getByRole('heading', { name: 'Nueva campaña' }));

    // The name filter waits 600 ms after typing, then shows only the new campaign.
    await page.getByRole('textbox', { name: 'Nombre' }).fill('Primavera E2E');
    await shown(page.getByText('Mostrando 1-1 de 1 registros', { exact: true }));
    const campaign = row(page, 'Primavera E2E');
    await shown(campaign.getByRole('cell', { name: 'Banco Federal del Sur' }));
    await shown(campaign.getByRole('cell', { name: typed(5), exact: true }));
    await shown(campaign.getByRole('cell', { name: 'Activa', exact: true }));

    await campaign.getByRole('switch', { name: 'Habilitar/Inhabilitar Primavera E2E' }).click();
    const dialog = page.getByRole('dialog', { name: 'Confirmación' });
    await shown(dialog.getByText('Está a punto de inhabilitar esta campaña. ¿Desea continuar?'));
    await dialog.getByRole('button', { name: 'Confirmar' }).click();
    await shown(campaign.getByRole('cell', { name: 'Inactiva', exact: true }));
    expect(await campaign.getByRole('switch').isChecked()).toBe(false);

    // Its edit form shows the dates as typed.
    await campaign.getByRole('button', { name: 'Editar Primavera E2E' }).click();
    await shown(page.getByRole('heading', { name: 'Editar campaña: Primavera E2E' }));
    expect(await page.getByLabel('Fecha de inicio').inputValue()).toBe(typed(5));
    expect(await page.getByRole('combobox', { name: 'Cliente' }).inputValue()).toBe('Banco Federal del Sur');
    // No project uses it: its client may still change.
    expect(await page.getByRole('combobox', { name: 'Cliente' }).isEnabled()).toBe(true);

    // An address with no possible id names nothing, and asks the server for nothing.
    const asked: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/api/')) asked.push(r.url());
    });
    await page.goto('/campo-campaigns/edit/abc');
    await shown(page.getByText('No se encontró el recurso solicitado.', { exact: true }));
    expect(asked.filter((url) => url.includes('NaN'))).toEqual([]);
    errors.assertNone();
  });

  it('keeps the client of a campaign that projects use, saying why', async () => {
    session = await chromium.open();
    const { page, errors } = session;
    await loginAs(page, 'admin@campo.test');
    await openMenu(page, 'Campañas', 'Banco de campañas');
    await atPath(page, '/campo-campaigns');
    await page.getByRole('textbox', { name: 'Nombre' }).fill('Mystery shopping Café del Plata - en curso');
    await shown(page.getByText('Mostrando 1-1 de 1 registros', { exact: true }));
    await row(page, 'Mystery shopping Café del Plata - en curso').getByRole('button', { name: 'Editar Mystery shopping Café del Plata - en curso' }).click();
    await shown(page.getByRole('heading', { name: 'Editar campaña: Mystery shopping Café del Plata - en curso' }));

    const client = page.getByRole('combobox', { name: 'Cliente' });
    // Shown as inactive until the active clients have loaded.
    await expect.poll(() => client.inputValue()).toBe('Café del Plata');
    await expect.poll(() => client.isDisabled()).toBe(true);
    await shown(page.getByText(/^Asignada a \d+ proyectos?: no se puede cambiar su cliente\.$/));
    // The rest of the campaign stays editable; its start, past and kept, is said to have come.
    expect(await page.getByLabel('Nombre').isEnabled()).toBe(true);
    await shown(page.getByText('Ya comenzó. Otra fecha: DD/MM/AAAA, desde hoy', { exact: true }));

    // Its end brought before its projects' end is refused by the server, on the field, naming the project.
    const end = page.getByLabel('Fecha de finalización');
    const storedEnd = await end.inputValue();
    await end.fill(typed(1));
    await end.blur();
    await page.getByRole('button', { name: 'Guardar' }).click();
    await shown(page.getByText(/^La fecha de finalización no puede ser anterior al fin de sus proyectos: «.+» termina el \d\d\/\d\d\/\d{4}\.$/));
    await shown(page.getByRole('heading', { name: 'Editar campaña: Mystery shopping Café del Plata - en curso' }));
    expect(await end.inputValue()).toBe(typed(1));
    expect(storedEnd).not.toBe(typed(1));

    // Renamed as another of the client's campaigns: refused on the name, as it reads (capitals aside).
    await end.fill(storedEnd);
    const name = page.getByLabel('Nombre');
    await name.fill('relevamiento café del plata - ciclo anterior');
    await page.getByRole('button', { name: 'Guardar' }).click();
    await shown(page.getByText('Ya existe una campaña de ese cliente con ese nombre.', { exact: true }));
    await expect.poll(() => name.getAttribute('aria-invalid')).toBe('true');
    await shown(page.getByRole('heading', { name: 'Editar campaña: Mystery shopping Café del Plata - en curso' }));
    errors.assertNone([/status of 400/, /status of 409/]);
  });
});
