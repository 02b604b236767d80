/**
 * Choosing among thousands: the client filter of a list and the project form's client, questionnaire
 * and guideline are found by typing part of their names, the server searching as the user types; no
 * screen downloads every client first.
 */
import type { Page, Request } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { isoInDays as isoIn } from '../../domain/validation';
import { adminToken, callApi as api, chromiumPerFile, loginAs, type Session, shown } from './helpers';

const chromium = chromiumPerFile();
let session: Session | undefined;



/** The query of every request the page makes to `path` (below /api), as it makes them. */
function requestsTo(page: Page, path: string): URLSearchParams[] {
  const seen: URLSearchParams[] = [];
  page.on('request', (request: Request) => {
    const url = new URL(request.url());
    if (url.pathname === `/api${path}`) seen.push(url.searchParams);
  });
  return seen;
}

/**
 * Types part of an option into a picker, waits for the server's answer to what was typed (`path`,
 * below /api, asked with `q`) as a user waits for the list to settle, and chooses the option.
 */
async function typeAndPick(page: Page, combobox: string, path: string, typedText: string, option: string | RegExp) {
  const box = page.getByRole('combobox', { name: combobox });
  await box.click();
  const answered = page.waitForResponse((response) => {
    const url = new URL(response.url());
    return url.pathname === `/api${path}` && url.searchParams.get('q') === typedText;
  });
  await box.fill(typedText);
  expect((await answered).status()).toBe(200);
  await page.getByRole('option', { name: option }).click();
}

const row = (page: Page, name: string) => page.getByRole('row').filter({ has: page.getByRole('cell', { name, exact: true }) });

describe('Pickers that search as the user types', () => {
  it("finds a client of a list's filter by part of its name, one the old picker's pages of 1,000 were needed for, and keeps naming it", async () => {
    const token = await adminToken();
    const run = Date.now().toString(36);
    // Sorts after every other client: the last one a list of all clients would hold.
    const name = `Zzzz Última Heladería ${run}`;
    const client = await api<{ id: number }>(
      'POST',
      '/clients/',
      { name, address: 'Mitre 742, Córdoba', telephone: '3514123456', email: `calidad${run}@ultima.com.ar`, imageUrl: '', claimUrl: 'https://a.com.ar/r', contactUrl: 'https://a.com.ar/c', linkSurveyMonkey: '', typeId: null },
      token,
    );
    await api('POST', '/campaigns', { name: `Temporada de la última ${run}`, clientId: client.id, startDate: isoIn(1), endDate: isoIn(90) }, token);

    session = await chromium.open();
    const { page, errors } = session;
    const clientRequests = requestsTo(page, '/clients/all-clients');
    await loginAs(page, 'admin@campo.test', { at: '/campo-campaigns' });
    await shown(page.getByRole('heading', { name: 'Banco de Campañas' }));
    await shown(page.getByText(/^Mostrando 1-\d+ de \d+ registros$/));
    expect(await page.getByRole('combobox', { name: 'Cliente' }).inputValue()).toBe('Todos');

    await typeAndPick(page, 'Cliente', '/clients/all-clients', 'última helad', name);
    await shown(row(page, `Temporada de la última ${run}`));
    await shown(page.getByText('Mostrando 1-1 de 1 registros', { exact: true }));
    expect(await page.getByRole('combobox', { name: 'Cliente' }).inputValue()).toBe(name);
    // The server searched what was typed (accents and all) and answered a page, not the whole list.
    expect(clientRequests.some((q) => q.get('q') === 'última helad' && Number(q.get('limit')) <= 51)).toBe(true);
    expect(clientRequests.filter((q) => q.get('limit') === '1000')).toEqual([]);

    // Back on the page later (the filter kept in its address), the client is named by its id.
    await page.reload();
    await shown(page.getByText('Mostrando 1-1 de 1 registros', { exact: true }));
    await expect.poll(() => page.getByRole('combobox', { name: 'Cliente' }).inputValue()).toBe(name);
    expect(clientRequests.some((q) => q.get('ids') === String(client.id))).toBe(true);
    expect(clientRequests.filter((q) => q.get('limit') === '1000')).toEqual([]);
    errors.assertNone();
  });

  it("chooses the project's client, questionnaire and guideline by typing part of their names", async () => {
    session = await chromium.open();
    const { page, errors } = session;
    const clientRequests = requestsTo(page, '/clients/all-clients');
    const questionnaireRequests = requestsTo(page, '/questionnariesV2');
    const guidelineRequests = requestsTo(page, '/guidelines');
    await loginAs(page, 'admin@campo.test', { at: '/projects-campo/add' });
    await shown(page.getByRole('heading', { name: 'Nuevo proyecto' }));
    await typeAndPick(page, 'Cliente', '/clients/all-clients', 'federal', 'Banco Federal del Sur');
    await page.getByRole('combobox', { name: 'Campaña' }).click();
    await page.getByRole('option', { name: /^Mystery shopping Banco Federal del Sur - en curso/ }).click();
    await page.getByRole('combobox', { name: 'Configuración de move' }).click();
    await page.getByRole('option', { name: 'Visita estándar' }).click();
    await typeAndPick(page, 'Cuestionario', '/questionnariesV2', 'sucursal banc', 'Experiencia en sucursal bancaria');
    await typeAndPick(page, 'Instructivo', '/guidelines', 'apertura', /^Apertura de cuenta en sucursal bancaria \(v\d+\)$/);
    expect(await page.getByRole('combobox', { name: 'Cuestionario' }).inputValue()).toBe('Experiencia en sucursal bancaria');
    expect(await page.getByRole('combobox', { name: 'Instructivo' }).inputValue()).toMatch(/^Apertura de cuenta en sucursal bancaria \(v\d+\)$/);

    expect(questionnaireRequests.some((q) => q.get('q') === 'sucursal banc')).toBe(true);
    // The guideline search offers current versions only.
    expect(guidelineRequests.some((q) => q.get('q') === 'apertura' && q.get('current') === 'true')).toBe(true);
    for (const requests of [clientRequests, questionnaireRequests, guidelineRequests]) expect(requests.filter((q) => q.get('limit') === '1000')).toEqual([]);
    errors.assertNone();
  });

  it("finds a Getter typed surname first, without accents and in part ('Ramirez Jul'), and chooses her", async () => {
    session = await chromium.open();
    const { page, errors } = session;
    const getterRequests = requestsTo(page, '/users');
    await loginAs(page, 'admin@campo.test', { at: '/user-moves/assign' });
    const auditor = page.getByRole('combobox', { name: 'Auditor' });
    await shown(auditor);
    await typeAndPick(page, 'Auditor', '/users', 'Ramirez Jul', 'Julieta Ramírez');
    expect(await auditor.inputValue()).toBe('Julieta Ramírez');
    // The server searched it, a page at a time.
    expect(getterRequests.some((q) => q.get('q') === 'Ramirez Jul' && q.get('limit') === '51')).toBe(true);
    errors.assertNone();
  });
});

describe('Pickers that filter a list already in the browser', () => {
  it("finds a move's quality agent typed surname first and in part ('Molina Agus'), and chooses her", async () => {
    const token = await adminToken();
    const { rows } = await api<{ rows: { code: string; assignedAgentFullName: string | null }[] }>('GET', '/user-moves/get/all?statusId=EN_REVISION&limit=50', undefined, token);
    const move = rows.find((r) => r.assignedAgentFullName !== 'Agustina Molina')!;
    session = await chromium.open();
    const { page, errors } = session;
    await loginAs(page, 'admin@campo.test', { at: `/user-moves/view/${move.code}` });
    await shown(page.getByRole('heading', { name: `Move cod. ${move.code}` }));
    const agent = page.getByRole('combobox', { name: 'Agente de calidad' });
    await expect.poll(() => agent.isEnabled()).toBe(true);
    await agent.click();
    await agent.fill('Molina Agus');
    // The agents were loaded once; the words, in any order, each begin a word of the name.
    await expect.poll(() => page.getByRole('option').allTextContents()).toEqual(['Agustina Molina']);
    await agent.fill('olina');
    await shown(page.getByText('No hay opciones disponibles.', { exact: true }));
    await agent.fill('castro RODRIGO');
    await expect.poll(() => page.getByRole('option').allTextContents()).toEqual(['Rodrigo Castro']);
    await agent.fill('Molina Agus');
    await page.getByRole('option', { name: 'Agustina Molina', exact: true }).click();
    const asked = page.getByRole('dialog', { name: 'Estas asignando a Agustina Molina' });
    await shown(asked);
    await asked.getByRole('button', { name: 'Cancelar' }).click();
    errors.assertNone();
  });
});
