/** An editor sends a push notification: a short title is refused with its message, a good one is sent and listed. */
import { describe, expect, it } from 'vitest';
import { DIALOG, dialogParts } from '../../domain/dialogs';
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
    await expect.poll(() => page.getByText(/^Campo requerido · 0\/\d+$/).count()).toBe(2);
    await title.fill('Hola');
    await message.fill('Hay moves nuevas en tu zona para tomar hoy.');
    await page.getByRole('button', { name: 'ENVIAR', exact: true }).click();
    await shown(page.getByText('El campo es demasiado corto · 4/40', { exact: true }));
    // Too long: the counter stays beside the error, so the user sees how much to cut.
    await title.fill('Una notificación con un título de cuarenta y ocho');
    await title.blur();
    await shown(page.getByText('El campo es demasiado largo · 49/40', { exact: true }));
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

    // Every column sorts (spec 1 §2.2): 'Título' ascending in Spanish order, a second click descending.
    const at = (await page.locator('thead th').allInnerTexts()).map((h) => h.trim()).indexOf('Título');
    expect(at).toBeGreaterThanOrEqual(0);
    const titles = () => page.locator('tbody tr').evaluateAll((rows, i) => rows.map((r) => (r as HTMLTableRowElement).cells[i]?.textContent ?? ''), at);
    const spanish = new Intl.Collator('es');
    const inOrder = (list: string[], sign: 1 | -1) => list.every((t, i) => i === 0 || sign * spanish.compare(list[i - 1], t) <= 0);
    await page.getByRole('columnheader', { name: 'Título' }).getByRole('button').click();
    await expect.poll(() => new URL(page.url()).searchParams.get('sort')).toBe('title');
    await expect.poll(async () => { const list = await titles(); return list.length > 1 && inOrder(list, 1); }).toBe(true);
    await page.getByRole('columnheader', { name: 'Título' }).getByRole('button').click();
    await expect.poll(() => new URL(page.url()).searchParams.get('order')).toBe('DESC');
    await expect.poll(async () => { const list = await titles(); return list.length > 1 && inOrder(list, -1) && !inOrder(list, 1); }).toBe(true);
    session.errors.assertNone();
  });

  it('asks before a menu entry drops a message being written: cancelled it stays, confirmed it leaves', async () => {
    session = await chromium.open();
    const { page } = session;
    await loginAs(page, 'operaciones@campo.test', { at: '/push-notifications/NEW' });
    await shown(page.getByRole('heading', { name: 'Nueva notificación' }));
    await page.getByLabel('Mensaje').fill('Hay moves nuevas en tu zona para tomar hoy.');

    await openMenu(page, 'Notificaciones Push', 'Últimos envíos');
    const leave = page.getByRole('dialog', { name: dialogParts(DIALOG.leave).title });
    await shown(leave.getByText(dialogParts(DIALOG.leave).question));
    await leave.getByRole('button', { name: 'Cancelar' }).click();
    await gone(leave);
    await atPath(page, '/push-notifications/NEW');
    expect(await page.getByLabel('Mensaje').inputValue()).toBe('Hay moves nuevas en tu zona para tomar hoy.');

    await page.getByRole('button', { name: 'Últimos mensajes enviados' }).click();
    await shown(leave);
    await leave.getByRole('button', { name: 'Confirmar' }).click();
    await atPath(page, '/push-notifications/historial');
    session.errors.assertNone();
  });

  it('lists a broadcast to thousands of devices with its counts dotted, as its send said them', async () => {
    session = await chromium.open();
    const { page } = session;
    // The history as it reads after a send to 50,000 devices (the demo has a few dozen).
    await page.route('**/api/push-notifications/historial**', async (route) => {
      const answer = (await (await route.fetch()).json()) as { rows: Record<string, unknown>[]; count: number };
      await route.fulfill({ json: { ...answer, rows: [{ ...answer.rows[0], totalMessagesSended: 50000, sucessfullMessages: 49990, removedTokens: 1200, processedMessages: 50000, status: 'SENT' }, ...answer.rows.slice(1)] } });
    });
    await loginAs(page, 'admin@campo.test', { at: '/push-notifications/historial' });
    const first = page.getByRole('row').nth(1);
    await shown(first.getByRole('cell', { name: '50.000', exact: true }));
    await shown(first.getByRole('cell', { name: '49.990', exact: true }));
    await shown(first.getByRole('cell', { name: '1.200', exact: true }));
  });

  it('shows how far a send got while it goes out, then its result; a failed one says why', async () => {
    session = await chromium.open();
    const { page } = session;
    await loginAs(page, 'operaciones@campo.test', { at: '/push-notifications/NEW' });
    await shown(page.getByRole('heading', { name: 'Nueva notificación' }));
    // The server takes the send at once and sends after answering: here it is held at 0, then 40 devices
    // (what a send through FCM to thousands of devices shows for minutes), then let through.
    await page.route('**/api/push-notifications/send-message', async (route) => {
      const taken = await (await route.fetch()).json();
      await route.fulfill({ status: 202, json: { ...taken, status: 'SENDING', processedMessages: 0, sucessfullMessages: 0 } });
    });
    let polls = 0;
    await page.route(/\/api\/push-notifications\/\d+$/, async (route) => {
      polls += 1;
      if (polls > 2) return route.fallback();
      const now = await (await route.fetch()).json();
      await route.fulfill({ json: { ...now, status: 'SENDING', processedMessages: Math.min(40, now.totalMessagesSended), sucessfullMessages: 0 } });
    });
    await page.getByLabel('Título').fill(`Capacitación ${Date.now().toString(36)}`);
    await page.getByLabel('Mensaje').fill('Mañana hay capacitación obligatoria en la oficina central.');
    await page.getByRole('button', { name: 'ENVIAR', exact: true }).click();
    await page.getByRole('dialog', { name: 'Está seguro?' }).getByRole('button', { name: 'Confirmar' }).click();
    const going = page.getByRole('dialog', { name: 'Enviando notificación' });
    await shown(going.getByText(/^Enviada a 0 de \d+ dispositivos$/));
    await shown(going.getByText('El envío sigue aunque cierre este aviso: su resultado queda en «Últimos mensajes enviados».'));
    // The form is spent at once: a second ENVIAR cannot repeat the broadcast.
    expect(await page.getByLabel('Título').inputValue()).toBe('');
    await shown(going.getByText(/^Enviada a \d+ de \d+ dispositivos$/).filter({ hasNotText: /^Enviada a 0 / }));
    const sent = page.getByRole('dialog', { name: 'Notificación enviada' });
    await shown(sent.getByText(/^Dispositivos: \d+ · Envíos exitosos: \d+/));
    await gone(going);
    await sent.getByRole('button', { name: 'Cerrar' }).click();

    // A send the provider refused ends in the error dialog, with the reason in Spanish.
    polls = 0;
    await page.unroute(/\/api\/push-notifications\/\d+$/);
    await page.route(/\/api\/push-notifications\/\d+$/, async (route) => {
      const now = await (await route.fetch()).json();
      await route.fulfill({ json: { ...now, status: 'ERROR', error: 'FCM respondió 500', totalMessagesSended: 0, processedMessages: 0 } });
    });
    await page.getByLabel('Título').fill(`Recordatorio ${Date.now().toString(36)}`);
    await page.getByLabel('Mensaje').fill('Recordá cargar las fotos de la góndola en cada visita.');
    await page.getByRole('button', { name: 'ENVIAR', exact: true }).click();
    await page.getByRole('dialog', { name: 'Está seguro?' }).getByRole('button', { name: 'Confirmar' }).click();
    const failed = page.getByRole('dialog', { name: 'Ha ocurrido un error' });
    await shown(failed.getByText('No se pudo enviar la notificación: el servicio de notificaciones no responde. Intente nuevamente en unos minutos.'));
    session.errors.assertNone();
  });
});
