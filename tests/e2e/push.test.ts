/** An editor sends a push notification: a short title is refused with its message, a good one is sent and listed. */
import { describe, expect, it } from 'vitest';
import { atPath, chromiumPerFile, gone, loginAs, openMenu, type Session, shown } from './helpers';

const chromium = chromiumPerFile();
let session: Session | undefined;

describe('push notifications', () => {
  it('refuses a too-short title, sends a good message and finds it in the history', async () => {
    session = await chromium.open();
    const { page } = session;
    await loginAs(page, 'operaciones@campo.test');
    await openMenu(page, 'Notificaciones Push', 'Enviar notificación');
    await atPath(page, '/push-notifications/NEW');
    await shown(page.getByRole('heading', { name: 'Nueva notificación' }));

    const title = page.getByLabel('Título');
    const message = page.getByLabel('Mensaje');
    // 'ENVIAR' on the untouched form says what is missing, under each field.
    await page.getByRole('button', { name: 'ENVIAR', exact: true }).click();
    await expect.poll(() => page.getByText('Campo requerido', { exact: true }).count()).toBe(2);
    await title.fill('Hola');
    await message.fill('Hay moves nuevas en tu zona para tomar hoy.');
    await page.getByRole('button', { name: 'ENVIAR', exact: true }).click();
    await shown(page.getByText('El campo es demasiado corto'));
    await page.getByRole('button', { name: 'CANCELAR', exact: true }).click();
    expect(await title.inputValue()).toBe('');
    expect(await message.inputValue()).toBe('');

    const unique = `Moves nuevas ${Date.now().toString(36)}`;
    await title.fill(unique);
    await message.fill('Hay moves nuevas en tu zona para tomar hoy.');
    // Sending to every Getter asks first; 'Cancelar' sends nothing and keeps the message.
    await page.getByRole('button', { name: 'ENVIAR', exact: true }).click();
    const confirm = page.getByRole('dialog', { name: 'Está seguro?' });
    await shown(confirm.getByText('La notificación llegará a todos los Getters con la aplicación instalada.', { exact: false }));
    await confirm.getByRole('button', { name: 'Cancelar' }).click();
    await gone(confirm);
    expect(await title.inputValue()).toBe(unique);
    await page.getByRole('button', { name: 'ENVIAR', exact: true }).click();
    await confirm.getByRole('button', { name: 'Confirmar' }).click();
    const sent = page.getByRole('dialog', { name: 'Notificación enviada' });
    await shown(sent.getByText(/Dispositivos: \d+ · Envíos exitosos: \d+ · Tokens revocados \(eliminados\): 0/));
    await sent.getByRole('button', { name: 'Cerrar' }).click();

    await openMenu(page, 'Notificaciones Push', 'Últimos envíos');
    await atPath(page, '/push-notifications/historial');
    await shown(page.getByRole('heading', { name: 'Últimos mensajes enviados' }));
    await gone(page.getByRole('progressbar', { name: 'Cargando' }));
    for (const header of ['Usuarios Seleccionados', 'Mensajes Exitosos', 'Tokens Revocados']) await shown(page.getByRole('columnheader', { name: header }));
    const first = page.getByRole('row').nth(1);
    await shown(first.getByText(unique, { exact: true }));
    await page.getByRole('button', { name: 'Click para refrescar' }).click();
    await shown(page.getByRole('row').nth(1).getByText(unique, { exact: true }));
    // Sent once: the cancelled send left no trace.
    expect(await page.getByRole('row').filter({ hasText: unique }).count()).toBe(1);
    session.errors.assertNone();
  });
});
