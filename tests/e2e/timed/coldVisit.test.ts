/**
 * The browser tests that time what a user waits for. They run alone, apart from the other files (the
 * `e2e-timed` project, vitest.config.ts): with another file's Chromium on the same two cores, a wall-clock
 * goal would time the other test as much as the console.
 */
import { describe, expect, it } from 'vitest';
import { chromiumPerFile, loginForm, pathOf, shown } from '../helpers';

// Timed as users would wait: the engine as they have it.
const chromium = chromiumPerFile(undefined, { asUsersHaveIt: true });

describe('a cold visit', () => {
  it('shows the login form within 3 s without redirecting in a loop', async () => {
    const { page, errors } = await chromium.open();
    const navigations: string[] = [];
    page.on('framenavigated', (frame) => {
      if (frame === page.mainFrame()) navigations.push(frame.url());
    });
    const started = Date.now();
    await page.goto('/');
    const form = loginForm(page);
    await shown(form.submit, 3_000);
    expect(Date.now() - started).toBeLessThan(3_000);
    await shown(form.email, 0);
    await shown(form.password, 0);
    await shown(page.getByText('¿Olvidó su contraseña?'), 0);
    await shown(page.getByRole('link', { name: 'Recuperar' }), 0);

    // Stays put: no back-and-forth between '/' and '/login'.
    await page.waitForTimeout(1_500);
    expect(navigations.length).toBeLessThanOrEqual(2);
    expect(['/', '/login']).toContain(pathOf(page));
    await shown(form.submit, 0);
    errors.assertNone();
  });
});
