/** The console on a phone (360 px) and a tablet (768 px): what a screen shows first stays within the screen and can be read. */
import type { Locator } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { baseUrl, chromiumPerFile, DEMO_PASSWORD, loginAs, type Session, shown } from './helpers';

const chromium = chromiumPerFile((session) => session.errors.assertNone());
let session: Session | undefined;

const PHONE = { width: 360, height: 740 };

async function api<T>(path: string): Promise<T> {
  const login = await fetch(`${baseUrl()}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: 'admin@campo.test', password: DEMO_PASSWORD }) });
  const { token } = (await login.json()) as { token: string };
  const res = await fetch(`${baseUrl()}/api${path}`, { headers: { authorization: `Bearer ${token}` } });
  if (!res.ok) throw new Error(`${path} answered ${res.status}`);
  return (await res.json()) as T;
}

/** How many lines a heading takes: its height over its line height. */
const linesOfHeading = (heading: Locator) => heading.evaluate((e) => Math.round(e.getBoundingClientRect().height / parseFloat(getComputedStyle(e).lineHeight)));

describe('on a phone', () => {
  it('writes each screen\'s title on one line within the screen, the whole of it on hover, and the form starts in the first screen', async () => {
    const { rows } = await api<{ rows: { id: number; name: string }[] }>('/projects?limit=100');
    const project = rows.reduce((longest, p) => (p.name.length > longest.name.length ? p : longest));
    const { rows: questionnaires } = await api<{ rows: { id: number }[] }>('/questionnariesV2?limit=1');
    session = await chromium.open({ viewport: PHONE });
    const { page } = session;
    await loginAs(page, 'admin@campo.test');
    // A project's edit page took five lines for 'Editar proyecto: Relevamiento de locales - ciclo anterior', the
    // questionnaire editor two for 'EDITAR CUESTIONARIO'.
    for (const [path, title, first] of [
      [`/projects-campo/edit/${project.id}`, `Editar proyecto: ${project.name}`, 'Nombre'],
      [`/questionnaires/edit?id=${questionnaires[0].id}`, 'EDITAR CUESTIONARIO', 'Nombre del cuestionario'],
      ['/user-moves/view/M-0000170', 'Move cod. M-0000170', null],
    ] as const) {
      await page.goto(path);
      const heading = page.getByRole('heading', { level: 1, name: title, exact: true });
      await shown(heading);
      expect(await linesOfHeading(heading), title).toBe(1);
      const box = (await heading.boundingBox())!;
      expect(box.x + box.width, title).toBeLessThanOrEqual(PHONE.width);
      expect(await heading.getAttribute('title')).toBe(title);
      if (first) {
        const field = (await page.getByRole('textbox', { name: new RegExp(`^${first}`) }).first().boundingBox())!;
        expect(field.y + field.height, `${title}: ${first}`).toBeLessThanOrEqual(PHONE.height);
      }
    }
  });
});
