/**
 * A client's day: the dashboard's statistics, the performance report with its Excel and its
 * certificates, a franchise user limited to its own points of sale, the client-service frames and
 * their fallbacks, and the campus without configuration.
 */
import { readFileSync } from 'node:fs';
import type { Download, Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import * as XLSX from 'xlsx';
import { formatScore, type PerformanceAnswer, projectReportDates, REPORT_TEXT, type ReportOptions, type VisitDetail } from '../../domain/reports';
import { formatPercent, MONTH_NAMES, PENALTIES_NOTE, type StatisticsAnswer, STATISTICS_TEXT } from '../../domain/statistics';
import { ROLE } from '../../domain/roles';
import { formatDisplayDate, todayIso } from '../../domain/validation';
import { adminToken, answerExternalPages, atPath, baseUrl, callApi, chromiumPerFile, DEMO_PASSWORD, gone, holdRequests, linesOf, loginAs, loginThroughForm, openMenu, type Session, shown, sidebar, UI_TIMEOUT, PAGER_SUMMARY } from './helpers';

const chromium = chromiumPerFile();
let session: Session | undefined;

async function as(email: string): Promise<Session> {
  session = await chromium.open();
  await loginAs(session.page, email);
  return session;
}

async function loginToken(email: string): Promise<string> {
  const res = await fetch(`${baseUrl()}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email, password: DEMO_PASSWORD }) });
  return ((await res.json()) as { token: string }).token;
}
async function apiGet<T>(path: string, token: string): Promise<T> {
  const res = await fetch(`${baseUrl()}/api${path}`, { headers: { authorization: `Bearer ${token}` } });
  if (!res.ok) throw new Error(`GET ${path} answered ${res.status}`);
  return (await res.json()) as T;
}

const PROGRAMME = 'Programa de calidad en locales';
/** The demo client's short project with an approved visit of no result (server/db/seed/statistics.ts). */
const OPENING_CHECK = 'Control de apertura en locales';
/** The first day of the month `months` months ago, as DD/MM/YYYY. */
function monthsAgo(months: number): string {
  const [y, m] = todayIso().split('-').map(Number);
  return formatDisplayDate(new Date(Date.UTC(y, m - 1 - months, 1)).toISOString().slice(0, 10));
}

/** Picks an option of one of the searchable selects. */
async function choose(page: Page, label: string, option: string | RegExp) {
  await page.getByLabel(label).click();
  await page.getByRole('option', { name: option }).first().click();
}

async function setDate(page: Page, label: string, value: string) {
  const input = page.getByLabel(label);
  await input.fill(value);
  await input.blur();
}

/** The months as the charts' axis shortens them ('ene.', 'feb.'…). */
const MONTHS = ['ene', 'feb', 'mar', 'abr', 'may', 'jun', 'jul', 'ago', 'sep', 'oct', 'nov', 'dic'];

const results = (page: Page) => page.getByRole('table', { name: 'Resultados del reporte' });
const resultRows = (page: Page) => results(page).locator('tbody tr');

/** Sets the dates, presses 'Ver resultados' and waits for the server's answer on screen. */
async function runReport(page: Page, { from, to }: { from: string; to: string }) {
  await setDate(page, 'Desde', from);
  await setDate(page, 'Hasta', to);
  await Promise.all([
    page.waitForResponse((r) => r.url().includes('/api/reports/performance') && r.ok()),
    page.getByRole('button', { name: 'Ver resultados' }).click(),
  ]);
  await shown(resultRows(page));
  await page.getByLabel('Cargando resultados').waitFor({ state: 'detached', timeout: UI_TIMEOUT });
}

/** The client's report of the programme over the last two years, asked for on a screen of `viewport`. */
async function reportOfTwoYears(viewport: { width: number; height: number }): Promise<Session> {
  session = await chromium.open({ viewport });
  const { page } = session;
  await loginAs(page, 'cliente@campo.test', { at: '/reports' });
  await shown(page.getByRole('heading', { name: 'Reporte de desempeño' }));
  await choose(page, 'Proyecto', PROGRAMME);
  await setDate(page, 'Desde', monthsAgo(24));
  await setDate(page, 'Hasta', formatDisplayDate(todayIso()));
  await page.getByRole('button', { name: 'Ver resultados' }).click();
  return session;
}

async function downloadOf(page: Page, button: Locator): Promise<Download> {
  const [download] = await Promise.all([page.waitForEvent('download', { timeout: UI_TIMEOUT }), button.click()]);
  return download;
}

/** The text lines of a PDF written by jsPDF (uncompressed content, WinAnsi strings). */
async function pdfLines(download: Download): Promise<string[]> {
  const raw = readFileSync(await download.path()).toString('latin1');
  return [...raw.matchAll(/\(((?:\\.|[^\\)])*)\) Tj/g)].map((m) => m[1].replace(/\\(.)/g, '$1'));
}

describe('the dashboard', () => {
  it('shows a client its banner, buttons and the statistics of its plans at a glance', async () => {
    const { page, errors } = await as('cliente@campo.test');
    await page.goto('/dashboard');
    await shown(page.getByRole('heading', { name: 'Panel de Carla' }));
    await shown(page.getByText('Café del Plata', { exact: true }));
    // The header's controls are named by what they show first: the user's name, the product's.
    const profileButton = page.getByRole('button', { name: 'Perfil' });
    expect(await profileButton.getAttribute('aria-label')).toBe(`${(await profileButton.innerText()).trim()} · Perfil`);
    await shown(page.getByRole('link', { name: 'CAMPO · Inicio', exact: true }));
    expect(await page.getByRole('link', { name: 'Supervisión' }).getAttribute('href')).toBe('https://checklist.campo.test/supervision/cafe-del-plata');
    expect(await page.getByRole('link', { name: 'Historial' }).getAttribute('href')).toBe('https://checker.campo.test/historial/cafe-del-plata');

    // The plan with most approved visits opens first, with its latest questionnaire version.
    await shown(page.getByRole('combobox', { name: 'Plan' }).filter({ hasText: PROGRAMME }));
    await shown(page.getByRole('combobox', { name: 'Versión del cuestionario' }).filter({ hasText: 'Visita a cafetería · versión 3' }));
    const evolution = page.getByRole('img', { name: /^Evolución por período: / });
    await shown(evolution);
    expect(await evolution.getAttribute('aria-label')).toMatch(/\d+,\d %/);
    await shown(page.getByText('Resultado general'));
    await shown(page.getByRole('img', { name: /^Resultado por dimensión: Atención \d+,\d %/ }));
    const summary = page.getByLabel('Resumen del plan');
    await shown(summary.getByText('Programa anual Café del Plata'));
    await shown(summary.getByText('Visita a cafetería'));
    // The plan has three versions: the summary counts them all, the figures only the chosen one.
    await shown(summary.getByText('Visitas aprobadas (todas las versiones)'));
    // The programme's approved visits all have a result: its questionnaire's required questions have no N/A answer
    // (the demo's visit without one is of another plan: 'counts an approved visit whose every scored answer was N/A').
    await shown(page.getByText(/^\d+ visitas aprobadas con la versión 3$/).first());
    // The versions' approved visits add up to the plan's, N/A ones too (they were left out of the versions').
    const total = Number(await summary.locator('dt', { hasText: 'Visitas aprobadas (todas las versiones)' }).locator('+ dd').innerText());
    let versionsSum = 0;
    for (const version of [1, 2, 3]) {
      await page.getByRole('combobox', { name: 'Versión del cuestionario' }).click();
      await page.getByRole('option', { name: `Visita a cafetería · versión ${version}` }).click();
      // N/A ones are counted, and said apart: '…con la versión 3, 1 sin resultado'.
      const caption = page.getByText(new RegExp(`^\\d+ visitas aprobadas con la versión ${version}(, \\d+ sin resultado)?$`)).first();
      await shown(caption);
      versionsSum += Number((await caption.innerText()).split(' ')[0]);
    }
    expect(total).toBeGreaterThan(0);
    expect(versionsSum).toBe(total);
    // Each chart and result card is a heading: a screen reader goes from one to the next.
    for (const name of ['Evolución por período', 'Resultado por año', 'Último período']) await shown(page.getByRole('heading', { name, exact: true }).first());
    // The period line writes its values as the cards and the table do, with the unit ('70,5 %', not '71').
    const periodValues = await page.getByRole('img', { name: /^Evolución por período: / }).locator('text').allTextContents();
    const percents = periodValues.filter((v) => /%/.test(v));
    expect(percents.length).toBeGreaterThan(0);
    for (const v of percents) expect(v).toMatch(/^\d{1,3},\d %$/);

    // Version 1 has no penalties; version 3 (chosen last above) does, and the page says how they count.
    await shown(page.getByText(PENALTIES_NOTE));
    // The first version was answered over the first year: two calendar years show.
    await page.getByRole('combobox', { name: 'Versión del cuestionario' }).click();
    await page.getByRole('option', { name: 'Visita a cafetería · versión 1' }).click();
    const years = page.getByRole('img', { name: /^Resultado por año: / });
    await shown(page.getByRole('combobox', { name: 'Versión del cuestionario' }).filter({ hasText: 'Visita a cafetería · versión 1' }));
    // The chart re-renders with the chosen version's figures: wait for them rather than read the previous ones.
    await expect.poll(async () => (await years.getAttribute('aria-label'))?.match(/\b20\d\d\b/g)?.length, { timeout: UI_TIMEOUT }).toBe(2);
    const yearsLabel = (await years.getAttribute('aria-label'))!;
    await gone(page.getByText(PENALTIES_NOTE));
    await page.getByRole('button', { name: yearsLabel.match(/\b20\d\d\b/)![0], exact: true }).click();
    await shown(page.getByRole('img', { name: new RegExp(`^Resultado por dimensión en ${yearsLabel.match(/\b20\d\d\b/)![0]}: `) }));

    await page.getByRole('link', { name: 'Ver resultados por período' }).click();
    await atPath(page, '/clientPeriods');
    await shown(page.getByRole('heading', { name: 'Resultados por período' }));
    const periods = page.getByRole('table', { name: 'Resultados por período' }).locator('tbody tr');
    expect(await periods.count()).toBeGreaterThanOrEqual(10);
    // 'Noviembre de 2026': only the month takes a capital (innerText applies any text-transform).
    expect(await periods.first().getByRole('cell').first().innerText()).toMatch(/^[A-Z][a-z]+ de \d{4}$/);
    // Every month from the last to the first, one after the other: a month without visits is its own row
    // ('0', '-'), as the chart shows its gap (it was left out).
    const months = (await periods.evaluateAll((trs) => trs.map((tr) => tr.firstElementChild!.textContent!))).map((title) => {
      const [month, year] = title.toLowerCase().split(' de ');
      return Number(year) * 12 + MONTH_NAMES.indexOf(month);
    });
    expect(months.every((n, i) => i === 0 || months[i - 1] - n === 1)).toBe(true);

    // Another client's plan, or none, is not shown: the default plan is, and the page says why.
    const token = await loginToken('admin@campo.test');
    const foreign = await apiGet<{ rows: { id: number }[] }>(`/projects?name=${encodeURIComponent('Atención en sucursales')}`, token);
    for (const planId of [foreign.rows[0].id, 99999]) {
      await page.goto(`/dashboard/${planId}`);
      await shown(page.getByText(STATISTICS_TEXT.unknownPlan));
      await shown(page.getByRole('combobox', { name: 'Plan' }).filter({ hasText: PROGRAMME }));
    }
    // A version the plan has no approved visits of: the latest shows, and the page says why.
    await page.goto('/dashboard?version=99999');
    await shown(page.getByText(STATISTICS_TEXT.unknownVersion));
    await shown(page.getByRole('combobox', { name: 'Versión del cuestionario' }).filter({ hasText: 'Visita a cafetería · versión 3' }));
    await page.getByRole('combobox', { name: 'Versión del cuestionario' }).click();
    await page.getByRole('option', { name: 'Visita a cafetería · versión 2' }).click();
    await gone(page.getByText(STATISTICS_TEXT.unknownVersion));
    errors.assertNone();
  });

  it('says so when the address\'s questionnaire version is not shown, whatever its plan', async () => {
    const { page, errors } = await as('cliente@campo.test');
    // An unknown plan and a version: both are set aside, and both warnings say so.
    await page.goto('/clientPeriods?plan=abc&version=99');
    await shown(page.getByText(STATISTICS_TEXT.unknownPlan));
    await shown(page.getByText(STATISTICS_TEXT.versionOfUnknownPlan));
    await shown(page.getByRole('combobox', { name: 'Plan' }).filter({ hasText: PROGRAMME }));
    await shown(page.getByRole('combobox', { name: 'Versión del cuestionario' }).filter({ hasText: 'Visita a cafetería · versión 3' }));
    await gone(page.getByText(STATISTICS_TEXT.unknownVersion));
    // A known plan and a version that is no number: the plan's own warning.
    const statistics = await apiGet<{ plans: { id: number; name: string }[] }>('/core-estadisticas/estadisticas/getEstadisticas', await loginToken('cliente@campo.test'));
    const programme = statistics.plans.find((p) => p.name === PROGRAMME)!;
    await page.goto(`/clientPeriods?plan=${programme.id}&version=abc`);
    await shown(page.getByText(STATISTICS_TEXT.unknownVersion));
    await gone(page.getByText(STATISTICS_TEXT.unknownPlan));
    await gone(page.getByText(STATISTICS_TEXT.versionOfUnknownPlan));
    errors.assertNone();
  });

  it('on a phone draws its charts at the phone\'s width, their labels as large as on a computer', async () => {
    session = await chromium.open({ viewport: { width: 390, height: 844 } });
    const { page, errors } = session;
    // A franchise user: the longest role beside the greeting.
    await loginAs(page, 'franquicia@campo.test', { at: '/dashboard' });
    for (const name of [/^Evolución por período: /, /^Resultado por año: /, /^Resultado por dimensión: /]) {
      const chart = page.getByRole('img', { name });
      await shown(chart);
      // One SVG unit a pixel: the chart is not a computer's drawing shrunk into the phone.
      const { drawn, shown: onScreen, font } = await chart.evaluate((svg) => ({
        drawn: (svg as SVGSVGElement).viewBox.baseVal.width,
        shown: svg.getBoundingClientRect().width,
        font: Math.min(...[...svg.querySelectorAll('text')].map((t) => t.getBoundingClientRect().height)),
      }));
      expect(onScreen).toBeLessThanOrEqual(390);
      expect(Math.abs(drawn - onScreen)).toBeLessThan(1);
      expect(font).toBeGreaterThanOrEqual(10);
    }
    // Labels thinned out to fit still name the latest period, as the 'Último período' card does.
    const periods = page.getByRole('img', { name: /^Evolución por período: / });
    const described = (await periods.getAttribute('aria-label'))!.replace(/^Evolución por período: |\.$/g, '').split('; ');
    const latest = described.at(-1)!.match(/^(.*?) (?:\d{1,3},\d %|N\/A|sin visitas)/)![1];
    expect(described.length, 'periods enough to thin their labels on a phone').toBeGreaterThan(5);
    expect(await periods.locator('text').allTextContents()).toContain(latest);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    // The top bar greets the user on a phone too, and keeps its buttons on the screen.
    // 'Bienvenido' over the first name, neither cut (a franchise user's long role beside them), the whole name on hover.
    const welcome = page.getByRole('banner').getByTitle(/^Bienvenido \S+ \S+/);
    await shown(welcome);
    expect(await welcome.textContent()).toBe('Bienvenido Franco');
    expect(await welcome.evaluate((e) => [...e.children].map((line) => [line.textContent, line.scrollWidth <= line.clientWidth]))).toEqual([
      ['Bienvenido', true],
      ['Franco', true],
    ]);
    const profileButton = await page.getByRole('banner').getByRole('button').last().boundingBox();
    expect(profileButton!.x + profileButton!.width).toBeLessThanOrEqual(390);
    errors.assertNone();
  });

  it('on a phone writes each dimension\'s whole name over its bar, not cut beside it', async () => {
    session = await chromium.open({ viewport: { width: 360, height: 740 }, hasTouch: true });
    const { page, errors } = session;
    await loginAs(page, 'cliente@campo.test', { at: '/dashboard' });
    const chart = page.getByRole('img', { name: /^Resultado por dimensión: / });
    await shown(chart);
    // Beside its bar it was 'Tiempos de…', the whole only in a title a finger cannot hover.
    const label = chart.locator('text').filter({ hasText: /^Tiempos de espera$/ });
    expect(await label.count()).toBe(1);
    const box = (await label.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(360);
    expect(await chart.locator('text').filter({ hasText: /…$/ }).count()).toBe(0);
    errors.assertNone();
  });

  it('on a phone writes each period\'s result on one line, its band under it if need be, beside a round dot', async () => {
    session = await chromium.open({ viewport: { width: 360, height: 740 } });
    const { page, errors } = session;
    await loginAs(page, 'gerente@campo.test', { at: '/dashboard' });
    await page.getByRole('link', { name: 'Ver resultados por período' }).click();
    const rows = page.getByRole('table', { name: 'Resultados por período' }).locator('tbody tr');
    await shown(rows);
    const cells = await rows.evaluateAll((trs) =>
      trs.map((tr) => {
        const cell = tr.lastElementChild!;
        const value = [...cell.querySelectorAll('span')].find((s) => /%$/.test(s.textContent ?? '') && !s.children.length);
        // A month without visits ('-') or with only N/A ones has no result to lay out.
        if (!value) return { text: cell.textContent, oneLine: true, round: true };
        const dot = cell.querySelector('[aria-hidden]')!.getBoundingClientRect();
        const lineHeight = parseFloat(getComputedStyle(value).lineHeight);
        return { text: value.textContent, oneLine: value.getBoundingClientRect().height < lineHeight * 1.5, round: Math.abs(dot.width - dot.height) < 1 };
      }),
    );
    expect(cells.length).toBeGreaterThan(0);
    // '75,3 %' stood on two lines ('75,3' over '%'), the dot squeezed to an oval.
    for (const cell of cells) expect(cell, cell.text!).toMatchObject({ oneLine: true, round: true });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    errors.assertNone();
  });

  it('draws every month of the evolution in order, one without approved visits as a gap', async () => {
    const { page, errors } = await as('franquicia@campo.test');
    const evolution = page.getByRole('img', { name: /^Evolución por período: / });
    await shown(evolution);
    const label = (await evolution.getAttribute('aria-label'))!;
    const months = [...label.matchAll(/(\w{3})\. (\d{4}) (?:\d+,\d %|sin visitas)/g)].map(([, month, year]) => Number(year) * 12 + MONTHS.indexOf(month));
    expect(months.length).toBeGreaterThan(1);
    // One month after another: none skipped, whether or not it had visits.
    expect(months.every((m, i) => i === 0 || m === months[i - 1] + 1)).toBe(true);
    // The franchise's points of sale had no approved visit in some months of the plan (demo data).
    expect(label).toMatch(/\w{3}\. \d{4} sin visitas/);
    // Each month's approved visits are counted in the table (the programme's all have a result).
    await page.getByRole('link', { name: 'Ver resultados por período' }).click();
    const periods = page.getByRole('table', { name: 'Resultados por período' });
    await shown(periods.getByRole('cell', { name: /^[1-9]\d*$/ }).first());
    errors.assertNone();
  });

  it('says so when the plan\'s summary cannot be read, rather than showing its figures as none', async () => {
    session = await chromium.open();
    const { page } = session;
    await page.route('**/api/core-works/works/getSurveyAndWork/**', (route) =>
      route.fulfill({ status: 404, contentType: 'application/json', body: JSON.stringify({ message: 'El proyecto no existe o no pertenece al cliente.' }) }),
    );
    await loginAs(page, 'cliente@campo.test', { at: '/dashboard' });
    await shown(page.getByText('No se pudo cargar el resumen del plan: El proyecto no existe o no pertenece al cliente.'));
    // The statistics, which came, still show.
    await shown(page.getByText('Resultado general'));
  });

  it('leaves an administrator\'s area empty', async () => {
    const { page, errors } = await as('admin@campo.test');
    await page.goto('/dashboard');
    await page.getByLabel('Panel', { exact: true }).waitFor({ state: 'attached', timeout: UI_TIMEOUT });
    expect(await page.getByLabel('Panel', { exact: true }).textContent()).toBe('');
    expect(await page.getByText('Estadísticas del plan').count()).toBe(0);
    errors.assertNone();
  });

  it("shows 'Supervisión' and 'Historial' once an administrator ticks the client's checklist and gives the user its links", async () => {
    const token = await adminToken();
    const andinos = (await callApi<{ rows: { id: number; name: string }[] }>('GET', '/clients/all-clients?q=Supermercados%20Andinos', undefined, token)).rows[0];
    const password = 'Andinos#2026';
    const email = 'lucia.supervisora@andinos.campo.test';
    const lucia = await callApi<{ id: number }>('POST', '/web-users/', { names: 'Lucía', lastName: 'Supervisora', email, password, rolId: ROLE.CLIENT, clientId: andinos.id }, token);
    const supervision = (page: Page) => page.getByRole('link', { name: 'Supervisión' });
    const history = (page: Page) => page.getByRole('link', { name: 'Historial' });

    // Before: neither button.
    const before = await chromium.open();
    await loginAs(before.page, email, { password, at: '/dashboard' });
    await shown(before.page.getByRole('heading', { name: 'Panel de Lucía' }));
    expect(await supervision(before.page).count()).toBe(0);
    expect(await history(before.page).count()).toBe(0);

    // The administrator ticks the client's checklist…
    const { page, errors } = await as('admin@campo.test');
    await page.goto(`/clients/edit/${andinos.id}`);
    await shown(page.getByRole('heading', { name: 'Editar: Supermercados Andinos' }));
    const checklist = page.getByRole('checkbox', { name: /^Tiene checklist/ });
    expect(await checklist.isChecked()).toBe(false);
    await checklist.check();
    await page.getByRole('button', { name: 'Guardar' }).click();
    await shown(page.getByText('Cambios guardados con éxito'));

    // …and gives the user its two links, each checked as a link.
    await page.goto(`/web-users/edit/${lucia.id}`);
    await shown(page.getByRole('heading', { name: 'Editar usuario: Lucía Supervisora' }));
    const checklistLink = page.getByRole('textbox', { name: 'Enlace de Supervisión (checklist)' });
    const historyLink = page.getByRole('textbox', { name: 'Enlace de Historial (verificador)' });
    await shown(page.getByText('Lo abre el botón «Supervisión» de su panel, si el cliente tiene checklist'));
    await checklistLink.fill('supervision');
    await checklistLink.blur();
    await shown(page.getByText('Dirección web inválida. Ej www.campo.com/'));
    await checklistLink.fill('supervision.campo.test/andinos');
    await historyLink.fill('https://historial.campo.test/andinos');
    await page.getByRole('button', { name: 'Guardar' }).click();
    await shown(page.getByText('Cambios guardados con éxito'));
    // A staff role has no dashboard: the links are not offered.
    await page.goto(`/web-users/edit/${lucia.id}`);
    expect(await checklistLink.inputValue()).toBe('supervision.campo.test/andinos');
    const role = page.getByRole('combobox', { name: 'Rol' });
    await role.click();
    await role.fill('Gett');
    await page.getByRole('option', { name: 'Getter', exact: true }).click();
    await gone(checklistLink);
    errors.assertNone();

    // The user, at its next login, has both buttons; a link kept without its scheme opens as https.
    const after = await chromium.open();
    await loginAs(after.page, email, { password, at: '/dashboard' });
    await shown(after.page.getByRole('heading', { name: 'Panel de Lucía' }));
    await shown(supervision(after.page));
    expect(await supervision(after.page).getAttribute('href')).toBe('https://supervision.campo.test/andinos');
    expect(await supervision(after.page).getAttribute('target')).toBe('_blank');
    expect(await history(after.page).getAttribute('href')).toBe('https://historial.campo.test/andinos');
  });
});

describe('the performance report', () => {
  it('runs for a client over all its points of sale, pages and exports every row to Excel', async () => {
    const { page, errors } = await as('cliente@campo.test');
    await openMenu(page, null, 'Mis Reportes');
    await atPath(page, '/reports');
    await shown(page.getByRole('heading', { name: 'Reporte de desempeño' }));
    const see = page.getByRole('button', { name: 'Ver resultados' });
    expect(await see.isDisabled()).toBe(true);
    await choose(page, 'Proyecto', PROGRAMME);
    expect(await see.isDisabled()).toBe(false);
    await page.getByLabel('Punto de venta').click();
    const locations = await page.getByRole('option').allTextContents();
    expect(locations[0]).toBe('Todos');
    expect(new Set(locations).size).toBe(locations.length);
    expect(locations.length).toBe(8);
    await page.keyboard.press('Escape');

    await runReport(page, { from: monthsAgo(24), to: formatDisplayDate(todayIso()) });
    expect(await resultRows(page).count()).toBe(10);
    const footer = await shown(page.getByText(/^Mostrando 1-10 de \d+ registros$/));
    const total = Number(/de (\d+) registros/.exec((await footer.first().textContent())!)![1]);
    expect(total).toBeGreaterThan(150);
    await page.getByText('Filas por página', { exact: true }).locator('..').getByRole('combobox').click();
    await page.getByRole('option', { name: '25', exact: true }).click();
    await shown(page.getByText(`Mostrando 1-25 de ${total} registros`));
    // The previous page stays on screen until the next arrives: wait for its 25 rows.
    await expect.poll(() => resultRows(page).count(), { timeout: UI_TIMEOUT }).toBe(25);

    const excel = await downloadOf(page, page.getByRole('button', { name: 'Exportar Excel' }));
    expect(excel.suggestedFilename()).toBe('reporte_desempeño.xlsx');
    const book = XLSX.read(readFileSync(await excel.path()));
    const sheet: unknown[][] = XLSX.utils.sheet_to_json(book.Sheets[book.SheetNames[0]], { header: 1 });
    expect(sheet[0]).toEqual(['Código', 'Punto de venta', 'Código del punto de venta', 'Proyecto', 'Campaña', 'Cliente', 'Fecha de visita', 'Resultado']);
    expect(sheet.length - 1).toBe(total);
    expect(sheet.slice(1).every((row) => row[3] === PROGRAMME && row[5] === 'Café del Plata')).toBe(true);
    const firstRow = resultRows(page).first().getByRole('cell');
    expect(sheet[1][0]).toBe(await firstRow.nth(0).textContent());
    // The date is the spreadsheet's own (it sorts and filters as one), the result a percentage.
    const cells = XLSX.read(readFileSync(await excel.path()), { cellNF: true }).Sheets[book.SheetNames[0]];
    expect(cells.G2).toMatchObject({ t: 'n', z: 'dd/mm/yyyy', w: await firstRow.nth(2).textContent() });
    const shownResult = (await firstRow.nth(3).textContent())!;
    if (shownResult === 'N/A') expect(cells.H2.v).toBe('N/A');
    else expect(formatScore(cells.H2.v * 100)).toBe(shownResult);
    if (shownResult !== 'N/A') expect(cells.H2.z).toBe('0.00%');
    await shown(page.getByText(`Se descargaron ${total} registros`, { exact: true }));

    // As every export: its progress and 'Cancelar', which saves nothing; a failure in the error dialog.
    const held = await holdRequests(page, '**/api/reports/performance?**limit=1000**');
    let downloads = 0;
    page.on('download', () => downloads++);
    await page.getByRole('button', { name: 'Exportar Excel' }).click();
    await shown(page.getByRole('button', { name: 'Descargando 0%' }));
    await page.getByRole('button', { name: 'Cancelar', exact: true }).click();
    await shown(page.getByRole('button', { name: 'Exportar Excel' }));
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe('Exportar Excel');
    held.release();
    await page.unrouteAll({ behavior: 'wait' });
    await page.route('**/api/reports/performance?**limit=1000**', (route) => route.fulfill({ status: 503, contentType: 'application/json', body: JSON.stringify({ message: 'Servicio no disponible.' }) }));
    await page.getByRole('button', { name: 'Exportar Excel' }).click();
    const failed = await shown(page.getByRole('dialog', { name: 'Ha ocurrido un error' }));
    await shown(failed.getByText('Ha ocurrido un error al intentar generar el archivo.'));
    await failed.getByRole('button').first().click();
    await gone(failed);
    await page.unrouteAll({ behavior: 'wait' });
    expect(downloads).toBe(0);

    // A filter changed after 'Ver resultados': the rows of the old one, and their Excel, go away.
    await setDate(page, 'Desde', '31/02/2026');
    await gone(results(page));
    expect(await page.getByRole('button', { name: 'Exportar Excel' }).count()).toBe(0);
    // And a date that is not one leaves 'Ver resultados' disabled.
    expect(await see.isDisabled()).toBe(true);

    // Nothing in the range: the empty text, and no Excel to download.
    await runReportEmpty(page);
    errors.assertNone([/status of 503 .*\/api\/reports\/performance\?.*limit=1000/]);
  });

  it("asks again at each press of 'Ver resultados': after a failed answer, with the same filter", async () => {
    const { page, errors } = await as('cliente@campo.test');
    await openMenu(page, null, 'Mis Reportes');
    await shown(page.getByRole('heading', { name: 'Reporte de desempeño' }));
    await choose(page, 'Proyecto', PROGRAMME);
    await setDate(page, 'Desde', monthsAgo(24));
    await setDate(page, 'Hasta', formatDisplayDate(todayIso()));
    let asked = 0;
    let failing = true;
    await page.route('**/api/reports/performance?*', (route) => {
      asked += 1;
      return failing ? route.fulfill({ status: 503, contentType: 'application/json', body: JSON.stringify({ message: 'Servicio no disponible, intente nuevamente.' }) }) : route.continue();
    });
    const see = page.getByRole('button', { name: 'Ver resultados' });
    await see.click();
    await shown(page.getByText('Servicio no disponible, intente nuevamente.'));
    expect(asked).toBe(1);
    // The same filter, pressed again once the server answers: it asks, and the rows come (the button did nothing).
    failing = false;
    await Promise.all([page.waitForResponse((r) => r.url().includes('/api/reports/performance') && r.ok()), see.click()]);
    await shown(resultRows(page));
    await gone(page.getByText('Servicio no disponible, intente nuevamente.'));
    expect(asked).toBe(2);
    errors.assertNone([/503/]);
  });

  it('says under its form what is left to choose, until the results come and again once a filter changes', async () => {
    const { page, errors } = await as('cliente@campo.test');
    await openMenu(page, null, 'Mis Reportes');
    await shown(page.getByRole('heading', { name: 'Reporte de desempeño' }));
    // The space under the form was empty: nothing said what to choose.
    await shown(page.getByText("Elija un proyecto; luego presione 'Ver resultados' para ver sus visitas aprobadas y los certificados.", { exact: true }));
    await choose(page, 'Proyecto', PROGRAMME);
    const ready = page.getByText("Presione 'Ver resultados' para ver sus visitas aprobadas y los certificados.", { exact: true });
    await shown(ready);
    await runReport(page, { from: monthsAgo(24), to: formatDisplayDate(todayIso()) });
    expect(await page.getByText(/Ver resultados' para ver/).count()).toBe(0);
    await setDate(page, 'Desde', monthsAgo(12));
    await gone(results(page));
    await shown(ready);
    errors.assertNone();
  });

  it('opens a visit from its code: its answers by dimension, and its video for a user with the permission', async () => {
    const { page, errors } = await as('cliente@campo.test');
    await openMenu(page, null, 'Mis Reportes');
    await choose(page, 'Proyecto', PROGRAMME);
    await runReport(page, { from: monthsAgo(24), to: formatDisplayDate(todayIso()) });
    const code = (await resultRows(page).first().getByRole('cell').first().textContent())!;
    await resultRows(page).first().getByRole('button', { name: REPORT_TEXT.seeAnswers(code) }).click();
    const dialog = page.getByRole('dialog', { name: REPORT_TEXT.answersTitle(code) });
    await shown(dialog);
    const token = await loginToken('cliente@campo.test');
    const projectId = (await apiGet<ReportOptions>('/reports/options', token)).projects.find((p) => p.name === PROGRAMME)!.id;
    const listed = await apiGet<PerformanceAnswer>(`/reports/performance?projectId=${projectId}&fromDate=2000-01-01&toDate=${todayIso()}&limit=1000`, token);
    const detail = await apiGet<VisitDetail>(`/reports/performance/${listed.result.find((r) => r.code === code)!.id}`, token);
    expect(detail.dimensions.length).toBeGreaterThan(0);
    expect(await dialog.getByRole('heading', { level: 3 }).allTextContents()).toEqual(detail.dimensions.map((d) => d.name));
    const first = detail.dimensions[0].subDimensions[0].questions[0];
    await shown(dialog.getByText(`${first.number} ${first.name}`, { exact: true }));
    await shown(dialog.getByText(first.reply || REPORT_TEXT.unanswered, { exact: true }).first());
    await shown(dialog.getByText(formatScore(detail.questionnaireResult), { exact: true }));
    // The demo client holds 'Descargar video mystery': the edited video opens in its own tab.
    // A Dropbox link ending 'dl=0' opens as 'raw=1' (to watch) and downloads as 'dl=1' (spec 2, video links).
    const video = dialog.getByRole('link', { name: REPORT_TEXT.video });
    expect(detail.userMoveVideoLink).toMatch(/^https:\/\/.*\?dl=0$/);
    expect(await video.getAttribute('href')).toBe(`${detail.userMoveVideoLink!.slice(0, -'dl=0'.length)}raw=1`);
    expect(await video.getAttribute('target')).toBe('_blank');
    const download = dialog.getByRole('link', { name: REPORT_TEXT.downloadVideo });
    expect(await download.getAttribute('href')).toBe(`${detail.userMoveVideoLink!.slice(0, -'dl=0'.length)}dl=1`);
    await dialog.getByRole('button', { name: REPORT_TEXT.close }).click();
    await gone(dialog);
    errors.assertNone();

    // The franchise user has no such permission: the answers, without the video.
    const franchise = await as('franquicia@campo.test');
    await openMenu(franchise.page, null, 'Mis Reportes');
    await choose(franchise.page, 'Proyecto', PROGRAMME);
    await choose(franchise.page, 'Punto de venta', /^(?!Sin Selección).+/);
    await runReport(franchise.page, { from: monthsAgo(24), to: formatDisplayDate(todayIso()) });
    const theirs = (await resultRows(franchise.page).first().getByRole('cell').first().textContent())!;
    await resultRows(franchise.page).first().getByRole('button', { name: REPORT_TEXT.seeAnswers(theirs) }).click();
    const their = franchise.page.getByRole('dialog', { name: REPORT_TEXT.answersTitle(theirs) });
    await shown(their.getByRole('heading', { level: 3 }).first());
    expect(await their.getByRole('link', { name: REPORT_TEXT.video }).count()).toBe(0);
    expect(await their.getByRole('link', { name: REPORT_TEXT.downloadVideo }).count()).toBe(0);
    franchise.errors.assertNone();
  });

  it('on a phone shows each result as a card holding all its columns, ordered by "Ordenar por"', async () => {
    session = await chromium.open({ viewport: { width: 390, height: 844 } });
    const { page, errors } = session;
    // Asked for logged out, the report opens once the user has logged in (the header's welcome is hidden on a phone).
    await page.goto('/reports');
    await page.getByLabel('Email', { exact: true }).fill('cliente@campo.test');
    await page.getByLabel('Contraseña', { exact: true }).fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: 'Ingresar' }).click();
    await shown(page.getByRole('heading', { name: 'Reporte de desempeño' }));
    await choose(page, 'Proyecto', PROGRAMME);
    const dates = { from: monthsAgo(24), to: formatDisplayDate(todayIso()) };
    await setDate(page, 'Desde', dates.from);
    await setDate(page, 'Hasta', dates.to);
    await page.getByRole('button', { name: 'Ver resultados' }).click();
    const cards = page.getByRole('list', { name: 'Resultados del reporte' }).getByRole('listitem');
    await shown(cards.first());
    await page.getByLabel('Cargando resultados').waitFor({ state: 'detached', timeout: UI_TIMEOUT });
    expect(await page.getByRole('table', { name: 'Resultados del reporte' }).count()).toBe(0);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

    // Each card holds what the table's row did, all of it within the screen: the newest visit first.
    const token = await loginToken('cliente@campo.test');
    const projectId = (await apiGet<ReportOptions>('/reports/options', token)).projects.find((p) => p.name === PROGRAMME)!.id;
    const firstOf = async (sort: string, order: string) => {
      const query = new URLSearchParams({ projectId: String(projectId), fromDate: dates.from, toDate: dates.to, sort, order, limit: '1' });
      return (await apiGet<PerformanceAnswer>(`/reports/performance?${query}`, token)).result[0];
    };
    const newest = await firstOf('visitDate', 'DESC');
    const card = cards.first();
    const text = await card.innerText();
    expect(text).toContain(`Código ${newest.code}`);
    expect(text).toContain(newest.projectLocation.locations.fullName);
    expect(text).toContain(`Fecha de visita: ${formatDisplayDate(newest.visitDate)}`);
    expect(text).toContain(formatScore(newest.questionnaireResult));
    for (const part of await card.locator('*').all()) {
      const box = await part.boundingBox();
      if (box) expect(box.x + box.width).toBeLessThanOrEqual(390);
    }
    const sortBy = page.getByRole('combobox', { name: /^Ordenar por/ });
    expect(await sortBy.innerText()).toBe('Fecha de visita, descendente');

    // 'Ordenar por' asks the server for the order, and the cards follow it.
    for (const [label, sort, order] of [
      ['Resultado, ascendente', 'result', 'ASC'],
      ['Resultado, descendente', 'result', 'DESC'],
    ] as const) {
      await sortBy.click();
      await Promise.all([
        page.waitForResponse((r) => r.url().includes('/api/reports/performance') && r.url().includes(`sort=${sort}`) && r.url().includes(`order=${order}`) && r.ok()),
        page.getByRole('option', { name: label, exact: true }).click(),
      ]);
      await gone(page.getByRole('listbox'));
      expect(await sortBy.innerText()).toBe(label);
      const first = await firstOf(sort, order);
      await expect.poll(() => cards.first().innerText(), { timeout: UI_TIMEOUT }).toContain(`Código ${first.code}`);
      expect(await cards.first().innerText()).toContain(formatScore(first.questionnaireResult));
    }
    errors.assertNone();
  });

  it('on a phone keeps "Exportar Excel" clear of the chat button and writes each visit\'s code on one line', async () => {
    const { page, errors } = await reportOfTwoYears({ width: 360, height: 740 });
    const cards = page.getByRole('list', { name: 'Resultados del reporte' }).getByRole('listitem');
    await shown(cards.first());
    await page.getByLabel('Cargando resultados').waitFor({ state: 'detached', timeout: UI_TIMEOUT });

    // As the results appear (the page still at its top) the button lay under the chat button, and a tap
    // there opened the chat. It stays out of the chat button's column at every scroll.
    const excel = page.getByRole('button', { name: 'Exportar Excel' });
    const chat = page.getByRole('link', { name: 'Chat de soporte' });
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    const button = (await excel.boundingBox())!;
    const chatBox = (await chat.boundingBox())!;
    expect(button.x + button.width, `Exportar Excel ${JSON.stringify(button)} · chat ${JSON.stringify(chatBox)}`).toBeLessThanOrEqual(chatBox.x);
    const atItsCentre = await excel.evaluate((e) => {
      const r = e.getBoundingClientRect();
      return e.contains(document.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2));
    });
    expect(atItsCentre).toBe(true);

    // A code is one word: 'Código' may go over it, never 'M-' over '0000459' (in the cards and the answers' title).
    const codes = await cards.getByRole('button', { name: /^Ver respuestas de la visita / }).all();
    expect(codes.length).toBeGreaterThan(1);
    for (const codeButton of codes) {
      const code = (await codeButton.getAttribute('aria-label'))!.replace('Ver respuestas de la visita ', '');
      expect(await linesOf(codeButton, code), code).toBe(1);
    }
    const certified = cards.filter({ has: page.getByRole('button', { name: /^Descargar certificado (Plata|Bronce) / }) }).first();
    const codeButton = certified.getByRole('button', { name: /^Ver respuestas de la visita / });
    const code = (await codeButton.getAttribute('aria-label'))!.replace('Ver respuestas de la visita ', '');
    await codeButton.click();
    const dialog = page.getByRole('dialog', { name: REPORT_TEXT.answersTitle(code) });
    await shown(dialog);
    expect(await linesOf(dialog.locator('#visit-dialog-title'), code)).toBe(1);
    errors.assertNone();
  });

  it('on a tablet beside the sidebar shows each visit\'s result, not behind the certificate column', async () => {
    const { page, errors } = await reportOfTwoYears({ width: 768, height: 1024 });
    const results = page.getByLabel('Resultados del reporte');
    const scores = results.getByText(/^(\d{1,3},\d{2} %|N\/A)$/);
    await shown(scores);
    await page.getByLabel('Cargando resultados').waitFor({ state: 'detached', timeout: UI_TIMEOUT });
    // In the table (~430 px beside the sidebar) the result lay under the sticky certificate column.
    for (const score of (await scores.all()).slice(0, 3)) {
      await score.scrollIntoViewIfNeeded();
      const seen = await score.evaluate((e) => {
        const r = e.getBoundingClientRect();
        const top = document.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2);
        return Boolean(top && (e.contains(top) || top.contains(e)));
      });
      expect(seen, await score.innerText()).toBe(true);
    }
    errors.assertNone();
  });

  it('sorts the results by the header the user clicks, each click turning the order around', async () => {
    const { page, errors } = await as('cliente@campo.test');
    await openMenu(page, null, 'Mis Reportes');
    await choose(page, 'Proyecto', PROGRAMME);
    const dates = { from: monthsAgo(24), to: formatDisplayDate(todayIso()) };
    await runReport(page, dates);

    // What the server puts first in each order, asked apart.
    const token = await loginToken('cliente@campo.test');
    const projectId = (await apiGet<ReportOptions>('/reports/options', token)).projects.find((p) => p.name === PROGRAMME)!.id;
    const firstOf = async (sort: string, order: string) => {
      const query = new URLSearchParams({ projectId: String(projectId), fromDate: dates.from, toDate: dates.to, sort, order, limit: '1' });
      return (await apiGet<PerformanceAnswer>(`/reports/performance?${query}`, token)).result[0];
    };
    const header = (name: string) => results(page).getByRole('columnheader', { name, exact: true });
    const firstCells = () => resultRows(page).first().getByRole('cell');
    // The newest visit first until a header is clicked; the certificate has no order of its own.
    expect(await header('Fecha de visita').getAttribute('aria-sort')).toBe('descending');
    expect(await header('Certificado').getByRole('button').count()).toBe(0);

    const click = async (name: string, order: 'ASC' | 'DESC') => {
      await Promise.all([
        page.waitForResponse((r) => r.url().includes('/api/reports/performance') && r.url().includes(`order=${order}`) && r.ok()),
        header(name).getByRole('button', { name, exact: true }).click(),
      ]);
      expect(await header(name).getAttribute('aria-sort')).toBe(order === 'ASC' ? 'ascending' : 'descending');
      expect(await header('Fecha de visita').getAttribute('aria-sort')).toBe(name === 'Fecha de visita' ? (order === 'ASC' ? 'ascending' : 'descending') : null);
    };

    await click('Resultado', 'ASC');
    const lowest = await firstOf('result', 'ASC');
    await expect.poll(() => firstCells().nth(0).textContent(), { timeout: UI_TIMEOUT }).toBe(lowest.code);
    expect(await firstCells().nth(3).textContent()).toBe(formatScore(lowest.questionnaireResult));
    await click('Resultado', 'DESC');
    const highest = await firstOf('result', 'DESC');
    expect(highest.code).not.toBe(lowest.code);
    await expect.poll(() => firstCells().nth(0).textContent(), { timeout: UI_TIMEOUT }).toBe(highest.code);
    expect(await firstCells().nth(3).textContent()).toBe(formatScore(highest.questionnaireResult));

    // Another header starts ascending, from the first page.
    await page.getByRole('button', { name: 'Página siguiente' }).click();
    await shown(page.getByText(/^Mostrando 11-20 de \d+ registros$/));
    await click('Punto de venta', 'ASC');
    const firstPlace = await firstOf('location', 'ASC');
    await expect.poll(() => firstCells().nth(0).textContent(), { timeout: UI_TIMEOUT }).toBe(firstPlace.code);
    expect(await firstCells().nth(1).innerText()).toContain(firstPlace.projectLocation.locations.fullName);
    await shown(page.getByText(/^Mostrando 1-10 de \d+ registros$/));
    errors.assertNone();
  });

  it('counts an approved visit whose every scored answer was N/A, says it has no result, and leaves it out of the means', async () => {
    const { page, errors } = await as('cliente@campo.test');
    // What the server says of the opening check (demo data): its approved visits, one of them N/A.
    const token = await loginToken('cliente@campo.test');
    const plan = (await apiGet<ReportOptions>('/reports/options', token)).projects.find((p) => p.name === OPENING_CHECK)!;
    const dates = projectReportDates(plan)!;
    const query = new URLSearchParams({ projectId: String(plan.id), fromDate: dates.from, toDate: dates.to });
    const { result: visits } = await apiGet<PerformanceAnswer>(`/reports/performance?${query}`, token);
    const unscored = visits.filter((v) => v.questionnaireResult < 0);
    const scored = visits.filter((v) => v.questionnaireResult >= 0);
    expect(unscored).toHaveLength(1);
    expect(scored.length).toBeGreaterThan(1);
    const mean = Math.round((scored.reduce((sum, v) => sum + v.questionnaireResult, 0) / scored.length) * 100) / 100;
    const statistics = await apiGet<StatisticsAnswer>('/core-estadisticas/estadisticas/getEstadisticas', token);
    const [stats] = statistics.plans.find((p) => p.id === plan.id)!.statistics;
    expect(stats).toMatchObject({ moves: visits.length, unscored: 1, result: mean });

    // The dashboard counts it, says it apart, and its general result is the others' mean.
    await page.goto(`/dashboard/${plan.id}`);
    const general = page.getByRole('heading', { name: 'Resultado general', exact: true }).locator('..');
    await shown(general.getByText(`${visits.length} visitas aprobadas, 1 sin resultado`, { exact: true }));
    expect(await general.getByRole('paragraph').innerText()).toBe(formatPercent(mean));
    // The month of the N/A visit: its visits, the N/A one said apart.
    await page.getByRole('link', { name: 'Ver resultados por período' }).click();
    const periods = page.getByRole('table', { name: 'Resultados por período' });
    await shown(periods.getByRole('cell', { name: /^\d+ \(1 sin resultado\)$/ }));

    // The report lists it with 'N/A' for a result and no certificate; the others with theirs.
    await page.goto('/reports');
    await choose(page, 'Proyecto', OPENING_CHECK);
    await runReport(page, { from: formatDisplayDate(dates.from), to: formatDisplayDate(dates.to) });
    expect(await resultRows(page).count()).toBe(visits.length);
    const rowOf = (code: string) => resultRows(page).filter({ has: page.getByRole('button', { name: REPORT_TEXT.seeAnswers(code), exact: true }) });
    const cells = rowOf(unscored[0].code).getByRole('cell');
    expect(await cells.nth(3).innerText()).toBe('N/A');
    expect(await cells.nth(4).getByLabel('Sin certificado').innerText()).toBe('-');
    for (const visit of scored) expect(await rowOf(visit.code).getByRole('cell').nth(3).innerText()).toBe(formatScore(visit.questionnaireResult));
    errors.assertNone();
  });

  it('picks a project from the keyboard (part of its name, then Enter) and names it over the results', async () => {
    const { page, errors } = await as('cliente@campo.test');
    await openMenu(page, null, 'Mis Reportes');
    const project = page.getByRole('combobox', { name: 'Proyecto' });
    await project.click();
    await project.pressSequentially('Programa de cal');
    await project.press('Enter');
    await expect.poll(() => project.inputValue(), { timeout: UI_TIMEOUT }).toBe(PROGRAMME);
    // The dates follow the project: its run so far.
    const token = await loginToken('cliente@campo.test');
    const { projects } = await apiGet<ReportOptions>('/reports/options', token);
    const chosen = projects.find((p) => p.name === PROGRAMME)!;
    const dates = projectReportDates(chosen)!;
    expect(await page.getByLabel('Desde').inputValue()).toBe(formatDisplayDate(dates.from));
    expect(await page.getByLabel('Hasta').inputValue()).toBe(formatDisplayDate(dates.to));
    // One that has not started says so, and leaves the dates as they were.
    // (The demo holds one: 'Relevamiento de locales - próxima temporada'.)
    const future = projects.find((p) => p.startDate.slice(0, 10) > todayIso())!;
    expect(future).toBeDefined();
    await choose(page, 'Proyecto', future.name);
    await shown(page.getByText(REPORT_TEXT.notStarted(formatDisplayDate(future.startDate))));
    expect(await page.getByLabel('Desde').inputValue()).toBe(formatDisplayDate(dates.from));
    await choose(page, 'Proyecto', PROGRAMME);
    await runReport(page, { from: monthsAgo(24), to: formatDisplayDate(todayIso()) });
    // The whole name, over the table: a select may cut it.
    expect(await page.getByTestId('report-subject').innerText()).toBe(PROGRAMME);
    errors.assertNone();
  });

  it('names the project and point of sale over a search without results, as over one with them', async () => {
    const { page, errors } = await as('cliente@campo.test');
    await openMenu(page, null, 'Mis Reportes');
    const { projects } = await apiGet<ReportOptions>('/reports/options', await loginToken('cliente@campo.test'));
    const firstDay = formatDisplayDate(projects.find((p) => p.name === PROGRAMME)!.startDate);
    await choose(page, 'Proyecto', PROGRAMME);
    await choose(page, 'Punto de venta', /^Café del Plata Palermo/);
    // The programme's first day: no visit yet.
    await setDate(page, 'Desde', firstDay);
    await setDate(page, 'Hasta', firstDay);
    await page.getByRole('button', { name: 'Ver resultados' }).click();
    await shown(page.getByText(REPORT_TEXT.empty));
    expect(await page.getByTestId('report-subject').innerText()).toBe(`${PROGRAMME} · Café del Plata Palermo`);
    errors.assertNone();
  });

  it('opens on the plan the dashboard showed, with its dates, and goes back to that plan', async () => {
    const { page, errors } = await as('cliente@campo.test');
    await page.goto('/dashboard');
    const plan = page.getByRole('combobox', { name: 'Plan' });
    await shown(plan);
    // Another plan that has results (the dashboard also lists one yet to start): one that has ended, whose
    // visits of its last days may have been done after its end (the demo's moves start up to its last day,
    // their visit hours later; the rule itself is pinned by the unit test of `projectReportDates`).
    const statistics = await apiGet<{ plans: { name: string; endDate: string; statistics: unknown[] }[] }>('/core-estadisticas/estadisticas/getEstadisticas', await loginToken('cliente@campo.test'));
    const others = statistics.plans.filter((p) => p.name !== PROGRAMME && p.statistics.length);
    const { name } = others.find((p) => p.endDate.slice(0, 10) < todayIso()) ?? others[0];
    await plan.click();
    await page.getByRole('option', { name, exact: true }).click();
    await expect.poll(() => new URL(page.url()).pathname, { timeout: UI_TIMEOUT }).toMatch(/^\/dashboard\/\d+$/);
    const planPath = new URL(page.url()).pathname;
    await page.locator('#main-content').getByRole('link', { name: 'Mis Reportes' }).click();
    await atPath(page, '/reports');
    const project = page.getByRole('combobox', { name: 'Proyecto' });
    await expect.poll(() => project.inputValue(), { timeout: UI_TIMEOUT }).toBe(name);
    const { projects } = await apiGet<ReportOptions>('/reports/options', await loginToken('cliente@campo.test'));
    // A plan with results has started: the report's dates are its own.
    const dates = projectReportDates(projects.find((p) => p.name === name)!)!;
    expect(await page.getByLabel('Desde').inputValue()).toBe(formatDisplayDate(dates.from));
    expect(await page.getByLabel('Hasta').inputValue()).toBe(formatDisplayDate(dates.to));
    // Its dates hold every approved visit the dashboard counts, a late one too (16 there, 15 here: the
    // report ended at the project's end, and a visit of two days later was left out).
    const planId = Number(planPath.split('/').pop());
    const work = await apiGet<{ counts: { approvedMoves: number } }>(`/core-works/works/getSurveyAndWork/${planId}`, await loginToken('cliente@campo.test'));
    await Promise.all([page.waitForResponse((r) => r.url().includes('/api/reports/performance') && r.ok()), page.getByRole('button', { name: 'Ver resultados' }).click()]);
    await shown(page.getByText(new RegExp(`^Mostrando 1-\\d+ de ${work.counts.approvedMoves} registros$`)));
    await page.getByRole('button', { name: 'Volver al panel' }).click();
    await atPath(page, planPath);
    errors.assertNone();
  });

  it('keeps the report in the address: a reload, and Back after leaving it, show the same one again', async () => {
    const { page, errors } = await as('cliente@campo.test');
    await openMenu(page, null, 'Mis Reportes');
    await choose(page, 'Proyecto', PROGRAMME);
    const dates = { from: monthsAgo(24), to: formatDisplayDate(todayIso()) };
    await runReport(page, dates);
    // Ordered by result, on its second page: all of it comes back.
    const header = results(page).getByRole('columnheader', { name: 'Resultado', exact: true });
    await Promise.all([page.waitForResponse((r) => r.url().includes('/api/reports/performance') && r.url().includes('sort=result') && r.ok()), header.getByRole('button').click()]);
    await Promise.all([page.waitForResponse((r) => r.url().includes('/api/reports/performance') && r.url().includes('offset=10') && r.ok()), page.getByRole('button', { name: 'Página siguiente' }).click()]);
    await shown(page.getByText(/^Mostrando 11-20 de \d+ registros$/));
    await page.getByLabel('Cargando resultados').waitFor({ state: 'detached', timeout: UI_TIMEOUT });
    const projectId = (await apiGet<ReportOptions>('/reports/options', await loginToken('cliente@campo.test'))).projects.find((p) => p.name === PROGRAMME)!.id;
    const iso = (display: string) => display.split('/').reverse().join('-');
    await expect.poll(() => new URL(page.url()).search).toBe(`?project=${projectId}&from=${iso(dates.from)}&to=${iso(dates.to)}&page=2&sort=result&order=ASC`);

    const onScreen = async () => {
      await shown(resultRows(page));
      await page.getByLabel('Cargando resultados').waitFor({ state: 'detached', timeout: UI_TIMEOUT });
      return {
        project: await page.getByRole('combobox', { name: 'Proyecto' }).inputValue(),
        from: await page.getByLabel('Desde').inputValue(),
        to: await page.getByLabel('Hasta').inputValue(),
        footer: await page.getByText(PAGER_SUMMARY).innerText(),
        sorted: await header.getAttribute('aria-sort'),
        codes: await resultRows(page).locator('td:first-child').allInnerTexts(),
      };
    };
    const report = await onScreen();
    expect(report).toMatchObject({ project: PROGRAMME, from: dates.from, to: dates.to, sorted: 'ascending' });
    expect(report.footer).toMatch(/^Mostrando 11-20 de /);
    expect(report.codes).toHaveLength(10);

    await page.reload();
    expect(await onScreen()).toEqual(report);
    // Another screen, then the browser's Back: the same report, not an empty form.
    await page.getByRole('button', { name: 'Volver al panel' }).click();
    await atPath(page, `/dashboard/${projectId}`);
    await page.goBack();
    await atPath(page, '/reports');
    expect(await onScreen()).toEqual(report);
    // Another report asked for, then Back: the first one again, its filters too.
    await runReport(page, { from: monthsAgo(12), to: dates.to });
    await expect.poll(() => new URL(page.url()).searchParams.get('from')).toBe(iso(monthsAgo(12)));
    await page.goBack();
    await expect.poll(onScreen, { timeout: UI_TIMEOUT }).toEqual(report);
    errors.assertNone();
  });

  it('opens a copied link for another user of the client, names another client\'s project as not its own and dates that are reversed, and ignores values that are none', async () => {
    const token = await loginToken('cliente@campo.test');
    const project = (await apiGet<ReportOptions>('/reports/options', token)).projects.find((p) => p.name === PROGRAMME)!;
    const from = monthsAgo(24).split('/').reverse().join('-');
    const link = `/reports?project=${project.id}&from=${from}&to=${todayIso()}&sort=code&order=DESC`;
    const query = new URLSearchParams({ projectId: String(project.id), fromDate: from, toDate: todayIso(), sort: 'code', order: 'DESC', limit: '10' });
    const expected = (await apiGet<PerformanceAnswer>(`/reports/performance?${query}`, token)).result.map((r) => r.code);
    await callApi('POST', '/web-users/', { names: 'Clara', lastName: 'Compañera', email: 'clara.companera@campo.test', rolId: ROLE.CLIENT, clientId: 1, password: DEMO_PASSWORD }, await adminToken());

    session = await chromium.open();
    const { page, errors } = session;
    await loginAs(page, 'clara.companera@campo.test', { at: link });
    await shown(resultRows(page));
    await page.getByLabel('Cargando resultados').waitFor({ state: 'detached', timeout: UI_TIMEOUT });
    expect(await page.getByRole('combobox', { name: 'Proyecto' }).inputValue()).toBe(PROGRAMME);
    expect(await page.getByLabel('Desde').inputValue()).toBe(formatDisplayDate(from));
    expect(await resultRows(page).locator('td:first-child').allInnerTexts()).toEqual(expected);
    expect(await results(page).getByRole('columnheader', { name: 'Código', exact: true }).getAttribute('aria-sort')).toBe('descending');

    // Another client's project: said in Spanish, nothing of it asked for, the project left to choose.
    const foreign = (await callApi<ReportOptions>('GET', '/reports/options?clientId=2', undefined, await adminToken())).projects[0];
    expect(foreign).toBeDefined();
    let asked = 0;
    page.on('request', (r) => {
      if (r.url().includes('/api/reports/performance')) asked += 1;
    });
    await page.goto(`/reports?project=${foreign.id}&from=${from}&to=${todayIso()}`);
    await shown(page.getByText(REPORT_TEXT.unknownProject, { exact: true }));
    expect(await page.getByRole('combobox', { name: 'Proyecto' }).inputValue()).toBe('Sin Selección');
    expect(await results(page).count()).toBe(0);
    expect(asked).toBe(0);

    // Two days, the end before the start: the defaults take their place, and the page says why.
    await page.goto(`/reports?project=${project.id}&from=${todayIso()}&to=${from}`);
    await shown(page.getByText(REPORT_TEXT.reversedDates, { exact: true }));
    expect(await page.getByRole('combobox', { name: 'Proyecto' }).inputValue()).toBe(PROGRAMME);
    expect(await results(page).count()).toBe(0);
    expect(asked).toBe(0);

    // Values that are none: the defaults (no project, the last three months), without a word of error.
    await page.goto('/reports?project=abc&from=2026-02-31&to=ayer&page=-3&perPage=7&sort=nada');
    await shown(page.getByText("Elija un proyecto; luego presione 'Ver resultados' para ver sus visitas aprobadas y los certificados.", { exact: true }));
    expect(await page.getByRole('combobox', { name: 'Proyecto' }).inputValue()).toBe('Sin Selección');
    expect(await page.getByLabel('Desde').inputValue()).toBe(monthsAgo(3));
    expect(await page.getByLabel('Hasta').inputValue()).toBe(formatDisplayDate(todayIso()));
    expect(await page.getByRole('alert').count()).toBe(0);
    errors.assertNone();
  });

  it('keeps a point of sale chosen before the project that holds it', async () => {
    const { page, errors } = await as('franquicia@campo.test');
    await openMenu(page, null, 'Mis Reportes');
    // Palermo is one of the user's points of sale in the programme.
    await choose(page, 'Punto de venta', /^Café del Plata Palermo/);
    await choose(page, 'Proyecto', PROGRAMME);
    // The project's own list arrives and still holds it: the choice stays, and the report can run.
    await expect.poll(() => page.getByRole('button', { name: 'Ver resultados' }).isDisabled(), { timeout: UI_TIMEOUT }).toBe(false);
    expect(await page.getByRole('combobox', { name: 'Punto de venta' }).inputValue()).toMatch(/^Café del Plata Palermo/);
    errors.assertNone();
  });

  it('chooses for a franchise user the only point of sale it has in the project', async () => {
    const { page, errors } = await as('franquicia@campo.test');
    // The project's points of sale as the server would give them to a user with one of them there.
    await page.route('**/api/reports/options?*projectId=*', async (route) => {
      const answer = await route.fetch();
      const body = (await answer.json()) as { locations: unknown[] };
      await route.fulfill({ response: answer, json: { ...body, locations: body.locations.slice(0, 1) } });
    });
    await openMenu(page, null, 'Mis Reportes');
    await choose(page, 'Proyecto', PROGRAMME);
    // 'Sin Selección' over the only choice kept 'Ver resultados' off for a pick that said nothing.
    await expect.poll(() => page.getByRole('combobox', { name: 'Punto de venta' }).inputValue()).not.toBe('Sin Selección');
    await expect.poll(() => page.getByRole('button', { name: 'Ver resultados' }).isDisabled()).toBe(false);
    expect(await page.getByText(REPORT_TEXT.pickLocation, { exact: true }).count()).toBe(0);
    errors.assertNone();
  });

  it('gives a franchise user only its own points of sale, and the certificates at the three levels', async () => {
    const { page, errors } = await as('franquicia@campo.test');
    await openMenu(page, null, 'Mis Reportes');
    const see = page.getByRole('button', { name: 'Ver resultados' });
    await choose(page, 'Proyecto', PROGRAMME);
    // The whole name of the chosen project on hover (a long one is cut by its box).
    expect(await page.getByRole('combobox', { name: 'Proyecto' }).getAttribute('title')).toBe(PROGRAMME);
    // A franchise user must choose its point of sale, and is told so while 'Ver resultados' is off.
    expect(await see.isDisabled()).toBe(true);
    await shown(page.getByText(REPORT_TEXT.pickLocation, { exact: true }));
    await page.getByLabel('Punto de venta').click();
    const own = (await page.getByRole('option').allTextContents()).filter((o) => o !== 'Sin Selección');
    expect(own).toHaveLength(3);
    await page.keyboard.press('Escape');

    const levels = new Map<string, string[]>();
    for (const location of own) {
      await choose(page, 'Punto de venta', location);
      expect(await see.isDisabled()).toBe(false);
      expect(await page.getByText(REPORT_TEXT.pickLocation, { exact: true }).count()).toBe(0);
      await runReport(page, { from: formatDisplayDate(new Date(Date.now() - 40 * 86_400_000).toISOString().slice(0, 10)), to: formatDisplayDate(todayIso()) });
      const name = location.replace(/ \([^)]*\)$/, '');
      const rows = resultRows(page);
      for (let i = 0; i < (await rows.count()); i++) {
        const cells = rows.nth(i).getByRole('cell');
        expect(await cells.nth(1).innerText()).toContain(name);
        const certificate = cells.nth(4).getByRole('button');
        if (!(await certificate.count())) continue;
        const level = /Descargar certificado (\w+) de/.exec((await certificate.getAttribute('aria-label'))!)![1];
        if (levels.has(level)) continue;
        const code = (await cells.nth(0).textContent())!;
        const score = (await cells.nth(3).textContent())!;
        const pdf = await downloadOf(page, certificate);
        expect(pdf.suggestedFilename()).toBe(`desempeño_${code}.pdf`);
        const lines = await pdfLines(pdf);
        expect(lines).toEqual(expect.arrayContaining(['Certificado de desempeño', `Nivel ${level}`, name, 'del cliente Café del Plata', `Puntaje: ${score}`, 'Argentina', `Código de visita: ${code}`]));
        expect(Number(score.replace(' %', '').replace(',', '.'))).toBeGreaterThanOrEqual(80);
        levels.set(level, lines);
      }
    }
    expect([...levels.keys()].sort()).toEqual(['Bronce', 'Oro', 'Plata']);
    expect(levels.get('Oro')).toContain('Puntaje: 100,00 %');
    errors.assertNone();
  });

  it('tells a franchise user in charge of no point of sale to ask for them, not that the client has no projects', async () => {
    await callApi('POST', '/web-users/', { names: 'Nora', lastName: 'Nueva', email: 'nora.nueva@campo.test', rolId: 6, clientId: 1, password: DEMO_PASSWORD }, await adminToken());
    const { page, errors } = await as('nora.nueva@campo.test');
    // The dashboard (where the console opens) says it too, rather than that there are no plans yet.
    await shown(page.getByText(REPORT_TEXT.noLocations, { exact: true }));
    expect(await page.getByText('Todavía no hay planes con resultados para mostrar.', { exact: true }).count()).toBe(0);
    await openMenu(page, null, 'Mis Reportes');
    await shown(page.getByText(REPORT_TEXT.noLocations, { exact: true }));
    expect(await page.getByText(REPORT_TEXT.noProjects, { exact: true }).count()).toBe(0);
    expect(await page.getByText(REPORT_TEXT.pickLocation, { exact: true }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Ver resultados' }).isDisabled()).toBe(true);
    errors.assertNone();
  });

  it('sends its sub-routes somewhere meaningful', async () => {
    const { page, errors } = await as('cliente@campo.test');
    await page.goto('/reports/history');
    await shown(page.getByRole('heading', { name: 'Reporte de desempeño' }));
    await shown(page.getByText(/^Historial de visitas: /));
    await page.goto('/reports/timeline');
    await atPath(page, '/clientPeriods');
    await page.goto('/reports/powerBI');
    await atPath(page, '/dashboard');
    await page.getByRole('navigation', { name: 'Menú principal' }).getByRole('link', { name: 'Mis Reportes' }).click();
    await atPath(page, '/reports');
    await page.getByRole('button', { name: 'Volver al panel' }).click();
    await atPath(page, '/dashboard');
    errors.assertNone();
  });
});

async function runReportEmpty(page: Page) {
  await setDate(page, 'Desde', '01/01/2001');
  await setDate(page, 'Hasta', '31/01/2001');
  await page.getByRole('button', { name: 'Ver resultados' }).click();
  await shown(page.getByText('No hay resultados para la búsqueda'));
  expect(await page.getByRole('button', { name: 'Exportar Excel' }).isDisabled()).toBe(true);
}

describe('client service, survey and campus', () => {
  it("offers the client's survey to its users who have none of their own", async () => {
    const admin = await adminToken();
    const { id, token: franchise } = await callApi<{ id: number; token: string }>('POST', '/auth/login', { email: 'franquicia@campo.test', password: DEMO_PASSWORD });
    const { clientId } = await apiGet<{ clientId: number }>(`/core-users/users/userProfile/${id}`, franchise);
    const client = await callApi<Record<string, unknown> & { linkSurveyMonkey: string | null }>('GET', `/clients/${clientId}`, undefined, admin);
    try {
      const before = await as('franquicia@campo.test');
      await shown(sidebar(before.page).getByRole('link', { name: 'Inicio' }));
      expect(await sidebar(before.page).getByRole('link', { name: 'Encuesta' }).count()).toBe(0);
      before.errors.assertNone();
      const saved = await callApi<{ updatedAt: string }>('PUT', '/clients', { ...client, linkSurveyMonkey: 'https://encuestas.campo.test/del-cliente' }, admin);
      client.updatedAt = saved.updatedAt;
      // Their next session carries it.
      const { page, errors } = await as('franquicia@campo.test');
      await openMenu(page, null, 'Encuesta');
      expect(await page.locator('iframe[title="Encuesta de satisfacción"]').getAttribute('src')).toBe('https://encuestas.campo.test/del-cliente');
      errors.assertNone();
    } finally {
      await callApi('PUT', '/clients', { ...client, linkSurveyMonkey: client.linkSurveyMonkey }, admin);
    }
  });

  it('frames the claims form, and says it is not available when the client has none', async () => {
    const { page, context, errors } = await as('cliente@campo.test');
    await answerExternalPages(context);
    await openMenu(page, 'Atención al cliente', 'Reclamos');
    await shown(page.frameLocator('iframe[title="Gestión de Reclamos"]').getByText('Página externa'));
    await openMenu(page, 'Atención al cliente', 'Contacto / Consultas');
    expect(await page.locator('iframe[title="Contacto / Consultas"]').getAttribute('src')).toBe('https://forms.campo.test/contacto/cafe-del-plata');
    await openMenu(page, null, 'Encuesta');
    expect(await page.locator('iframe[title="Encuesta de satisfacción"]').getAttribute('src')).toBe('https://encuestas.campo.test/satisfaccion');
    // A site that refuses to be framed still opens in its own tab.
    const own = page.getByRole('link', { name: 'Abrir en una pestaña nueva' });
    expect(await own.getAttribute('href')).toBe('https://encuestas.campo.test/satisfaccion');
    expect(await own.getAttribute('target')).toBe('_blank');
    errors.assertNone();

    // The same user on a client without its forms configured.
    await session!.context.route('**/api/core-users/users/userProfile/*', async (route) => {
      const answer = await route.fetch();
      const profile = await answer.json();
      await route.fulfill({ response: answer, json: { ...profile, linkSurveyMonkey: 'encuestas.campo.test/sin-esquema', client: { ...profile.client, claimUrl: null, contactUrl: null } } });
    });
    await page.evaluate(() => localStorage.clear());
    await loginAs(page, 'cliente@campo.test', { at: '/client-service/claims' });
    await shown(page.getByRole('heading', { name: 'Gestión de Reclamos no disponible' }));
    await shown(page.getByText('Por favor, comuníquese con su ejecutivo de cuenta.'));
    expect(await page.locator('iframe').count()).toBe(0);
    await page.goto('/client-service/contact');
    await shown(page.getByRole('heading', { name: 'Contacto / Consultas no disponible' }));
    // A link kept without its scheme (the URL rule allows it) is framed as the site, not as a path of the console.
    await page.goto('/surveys');
    await shown(page.getByRole('heading', { name: 'Encuesta de satisfacción' }));
    expect(await page.locator('iframe[title="Encuesta de satisfacción"]').getAttribute('src')).toBe('https://encuestas.campo.test/sin-esquema');
  });

  it('opens an http claims or survey address in its own tab, with a word why, instead of a blocked empty frame', async () => {
    session = await chromium.open();
    const { page, errors } = session;
    // The client's claim form and the user's survey kept as http (the URL rule accepts it); contact stays https.
    await session.context.route('**/api/core-users/users/userProfile/*', async (route) => {
      const answer = await route.fetch();
      const profile = await answer.json();
      await route.fulfill({ response: answer, json: { ...profile, linkSurveyMonkey: 'http://encuestas.campo.test/satisfaccion', client: { ...profile.client, claimUrl: 'http://forms.campo.test/reclamos/cafe-del-plata' } } });
    });
    await loginThroughForm(page, 'cliente@campo.test');
    await openMenu(page, 'Atención al cliente', 'Reclamos');
    await shown(page.getByRole('heading', { name: 'Gestión de Reclamos' }));
    await shown(page.getByText('Esta página no puede mostrarse dentro de la consola'));
    await shown(page.getByText('Su dirección no es segura (http) y el navegador no la muestra aquí. Ábrala en una pestaña nueva.'));
    const open = page.getByRole('link', { name: 'Abrir en una pestaña nueva' });
    expect(await open.getAttribute('href')).toBe('http://forms.campo.test/reclamos/cafe-del-plata');
    expect(await open.getAttribute('target')).toBe('_blank');
    expect(await page.locator('iframe').count()).toBe(0);
    await page.goto('/surveys');
    await shown(page.getByRole('heading', { name: 'Encuesta de satisfacción' }));
    expect(await page.getByRole('link', { name: 'Abrir en una pestaña nueva' }).getAttribute('href')).toBe('http://encuestas.campo.test/satisfaccion');
    expect(await page.locator('iframe').count()).toBe(0);
    // An https address is still framed.
    await page.goto('/client-service/contact');
    expect(await page.locator('iframe[title="Contacto / Consultas"]').getAttribute('src')).toBe('https://forms.campo.test/contacto/cafe-del-plata');
    await gone(page.getByText('Esta página no puede mostrarse dentro de la consola'));
    errors.assertNone();
  });

  it('tells the user when the campus is not configured', async () => {
    const { page } = await as('franquicia@campo.test');
    const [tab] = await Promise.all([page.waitForEvent('popup'), sidebar(page).getByRole('button', { name: 'Campus', exact: true }).click()]);
    await shown(page.getByText('El campus no está configurado.'));
    if (!tab.isClosed()) await tab.waitForEvent('close', { timeout: UI_TIMEOUT });
    expect(tab.isClosed()).toBe(true);

    // Configured: the campus opens in its tab with no handle on the console's.
    await page.route('**/api/moodle', (route) => route.fulfill({ json: { url: 'about:blank#campus' } }));
    const [campus] = await Promise.all([page.waitForEvent('popup'), sidebar(page).getByRole('button', { name: 'Campus', exact: true }).click()]);
    await campus.waitForFunction(() => location.hash === '#campus', undefined, { timeout: UI_TIMEOUT });
    expect(await campus.evaluate(() => window.opener)).toBeNull();
    await campus.close();
  });
});
