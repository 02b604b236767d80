/**
 * An automated accessibility audit (axe-core, WCAG 2 A and AA) of the console's main screens, each once its
 * data is on screen, as the administrator, a client and a franchise user see them. A violation fails the test
 * with its rule, impact and element; the few left to library markup we cannot reach are listed in
 * LIBRARY_MARKUP with the reason (docs/decisions.md, 'Auditoría de accesibilidad con axe').
 */
import AxeBuilder from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { MoveListRow } from '../../domain/move-api';
import { formatDisplayDate, todayIso } from '../../domain/validation';
import { adminToken, callApi, chromiumPerFile, gone, loginAs, loginForm, type Session, shown } from './helpers';

const chromium = chromiumPerFile();

/** A rule left out on the elements of one selector only, with why: markup a library writes and we cannot configure. */
interface LibraryMarkup {
  rule: string;
  selector: string;
  why: string;
}

const LIBRARY_MARKUP: LibraryMarkup[] = [];

/** The WCAG 2 A/AA violations axe finds on the page as it is, as 'rule (impact): element', minus LIBRARY_MARKUP. */
async function violations(page: Page): Promise<string[]> {
  const { violations: found } = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa']).analyze();
  const kept: string[] = [];
  for (const violation of found) {
    const exclusions = LIBRARY_MARKUP.filter((m) => m.rule === violation.id).map((m) => m.selector);
    for (const node of violation.nodes) {
      const target = node.target.map(String);
      if (exclusions.length && (await page.locator(target.join(' >> ')).evaluate((e, selectors) => selectors.some((s) => e.closest(s)), exclusions))) continue;
      kept.push(`${violation.id} (${violation.impact ?? 'sin impacto'}): ${target.join(' ')} — ${node.failureSummary?.split('\n')[1]?.trim() ?? violation.help}`);
    }
  }
  return kept;
}

/** Waits until the screen has asked for its data and shows it: no request running, no progress bar left. */
async function settled(page: Page): Promise<void> {
  await page.waitForLoadState('networkidle');
  await gone(page.getByRole('progressbar'));
}

/** A list's pager summary: its first page is on screen (its total estimated past 1,000 rows, as another file's bulk load leaves the points of sale). */
const listed = (page: Page) => shown(page.getByText(/^Mostrando \d+-\d+ de (aprox\. )?[\d.]+ registros$/).first());

/** Picks an option of one of the searchable selects. */
async function choose(page: Page, label: string, option: string | RegExp): Promise<void> {
  await page.getByLabel(label).click();
  await page.getByRole('option', { name: option }).first().click();
}

async function as(email: string, at: string): Promise<Session> {
  const session = await chromium.open();
  await loginAs(session.page, email, { at });
  return session;
}

async function expectNoViolations(page: Page): Promise<void> {
  await settled(page);
  expect(await violations(page)).toEqual([]);
}

describe('accessibility (axe, WCAG 2 A and AA)', () => {
  it('the login page', async () => {
    const { page } = await chromium.open();
    await page.goto('/login');
    await shown(loginForm(page).email);
    await expectNoViolations(page);
  });

  describe('as the administrator', () => {
    const admin = (at: string) => as('admin@campo.test', at);

    it('the clients list, and with a row selected under the pointer', async () => {
      const { page } = await admin('/clients');
      await shown(page.getByRole('heading', { name: 'Lista de Clientes' }));
      await listed(page);
      await expectNoViolations(page);
      // The selected row's tint (darker under the pointer) is the background of its actions and its toggle.
      await page.getByRole('cell', { name: 'Café del Plata', exact: true }).click();
      await shown(page.getByRole('button', { name: 'Locaciones', exact: true }));
      await expectNoViolations(page);
    });

    it("a client's form, filled with its data", async () => {
      const token = await adminToken();
      const { rows } = await callApi<{ rows: { id: number; name: string }[] }>('GET', '/clients/all-clients?limit=1&sort=name&order=ASC', undefined, token);
      const { page } = await admin(`/clients/edit/${rows[0].id}`);
      await shown(page.getByRole('heading', { name: `Editar: ${rows[0].name}` }));
      await expectNoViolations(page);
    });

    it('the points of sale list', async () => {
      const { page } = await admin('/branch-offices');
      await listed(page);
      await expectNoViolations(page);
    });

    it('the moves list', async () => {
      const { page } = await admin('/user-moves/historial');
      await shown(page.getByRole('heading', { name: 'Lista de Moves' }));
      // Before a search it has no pager (nothing to count): it asks for one.
      await shown(page.getByText('Busca Moves para obtener resultados'));
      await expectNoViolations(page);
      await page.getByRole('button', { name: 'Buscar', exact: true }).click();
      await listed(page);
      await expectNoViolations(page);
    });

    it("a move's detail, with its answers", async () => {
      const token = await adminToken();
      const { rows } = await callApi<{ rows: MoveListRow[] }>('GET', '/user-moves/get/all?statusId=APROBADA&limit=1&sort=id&order=ASC', undefined, token);
      const { page } = await admin(`/user-moves/view/${rows[0].code}`);
      await shown(page.getByRole('heading', { name: `Move cod. ${rows[0].code}` }));
      await shown(page.getByRole('group', { name: /^1\.1\.1 / }));
      await expectNoViolations(page);
    });

    it('the projects list', async () => {
      const { page } = await admin('/projects-campo');
      await shown(page.getByRole('heading', { name: 'Proyectos' }));
      await listed(page);
      await expectNoViolations(page);
    });

    it('the web users list', async () => {
      const { page } = await admin('/web-users');
      await shown(page.getByRole('heading', { name: 'Usuarios', exact: true }));
      await listed(page);
      await expectNoViolations(page);
    });

    it('the questionnaires list', async () => {
      const { page } = await admin('/questionnaires');
      await shown(page.getByRole('heading', { name: 'Lista de cuestionarios' }));
      await listed(page);
      await expectNoViolations(page);
    });

    it('the pending payments', async () => {
      const { page } = await admin('/payment-administration/pending');
      await shown(page.getByRole('heading', { name: 'Administracion de pagos a Getters' }));
      await expectNoViolations(page);
    });

    it('the push history', async () => {
      const { page } = await admin('/push-notifications/historial');
      await shown(page.getByRole('heading', { name: 'Últimos mensajes enviados' }));
      await expectNoViolations(page);
    });
  });

  describe.each([
    ['the client', 'cliente@campo.test'],
    ['the franchise user', 'franquicia@campo.test'],
  ])('as %s', (_, email) => {
    it('the dashboard, with its charts', async () => {
      const { page } = await as(email, '/dashboard');
      await shown(page.getByRole('img', { name: /^Evolución por período: / }));
      await expectNoViolations(page);
    });

    it('the performance report, with its results', async () => {
      const { page } = await as(email, '/reports');
      await shown(page.getByRole('heading', { name: 'Reporte de desempeño' }));
      await choose(page, 'Proyecto', 'Programa de calidad en locales');
      if (email.startsWith('franquicia')) await choose(page, 'Punto de venta', /^Café del Plata Palermo/);
      const from = page.getByLabel('Desde');
      await from.fill(formatDisplayDate(`${Number(todayIso().slice(0, 4)) - 2}-01-01`));
      await from.blur();
      await page.getByRole('button', { name: 'Ver resultados' }).click();
      await shown(page.getByRole('table', { name: 'Resultados del reporte' }).locator('tbody tr'));
      await expectNoViolations(page);
    });
  });
});

describe('where the keyboard is', () => {
  it('shows it on a side-menu entry, an icon button and a button with the same 2px outline (WCAG 1.4.11)', async () => {
    const { page, errors } = await as('admin@campo.test', '/clients');
    await listed(page);
    /** The outline of the focused element, once the keyboard put it there. */
    const outline = () =>
      page.evaluate(() => {
        const style = getComputedStyle(document.activeElement!);
        return `${style.outlineStyle} ${style.outlineWidth} ${style.outlineColor}`;
      });
    const primary = 'solid 2px rgb(179, 80, 0)';
    for (const target of [page.getByRole('navigation').getByRole('button', { name: 'Clientes' }).first(), page.getByRole('button', { name: 'Actualizar' }), page.getByRole('button', { name: 'Nuevo cliente' })]) {
      await target.focus();
      // Focus from the keyboard: a Tab away and back, so the browser marks it focus-visible.
      await page.keyboard.press('Shift+Tab');
      await page.keyboard.press('Tab');
      await expect.poll(outline, { message: await target.getAttribute('aria-label') ?? await target.innerText() }).toBe(primary);
    }
    errors.assertNone();
  });

  it('keeps the top bar and its buttons within reach at the bottom of a long form', async () => {
    const { page, errors } = await as('admin@campo.test', '/branch-offices/add');
    const last = page.getByRole('textbox', { name: 'Comentarios' });
    await last.focus();
    await page.mouse.wheel(0, 3000);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(300);
    // react-admin hid the bar on scrolling down: its buttons left the Tab order ('Desconectar' lay in one).
    const profile = page.getByRole('banner').getByRole('button', { name: /Perfil$/ });
    await shown(profile);
    await shown(page.getByRole('banner').getByRole('button', { name: 'Actualizar' }));
    await profile.focus();
    await page.keyboard.press('Enter');
    await shown(page.getByRole('menuitem', { name: 'Desconectar' }));
    errors.assertNone();
  });
});
