/** Browser helpers for the end-to-end tests (see global-setup.ts for the server they talk to). */
import { createHmac } from 'node:crypto';
import { existsSync } from 'node:fs';
import { type Browser, type BrowserContext, type BrowserContextOptions, chromium, type Locator, type Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, inject } from 'vitest';
import type { E2eWorld } from './global-setup';
import { type ReceivedMail, readMails } from './smtp-sink';

export { decodeQuotedPrintable, type ReceivedMail } from './smtp-sink';

export const DEMO_PASSWORD = 'Campo#2026';

/**
 * This test file's server, database and mail sink: global-setup.ts starts one per vitest worker, and a
 * worker runs one file at a time, so files running side by side never see each other's changes.
 */
export function world(): E2eWorld {
  const worlds = inject('e2eWorlds');
  const poolId = Number(process.env.VITEST_POOL_ID) || 1;
  return worlds[(poolId - 1) % worlds.length];
}

export const baseUrl = () => world().baseUrl;

/** How long a screen may take to show what a test waits for. */
export const UI_TIMEOUT = 10_000;
/**
 * A list's pager summary, whatever its count: 'Mostrando 1-20 de 35 registros', or past 1,000 rows
 * 'Mostrando 1-20 de aprox. 5.003 registros' (an estimate; earlier files of a worker may have loaded that many).
 */
export const PAGER_SUMMARY = /^Mostrando [\d.]+-[\d.]+ de (aprox\. )?[\d.]+ registros$/;

/** How long a test's own call to the API may take (Node's fetch waits forever): a hung server fails the step that called it. */
export const FETCH_TIMEOUT = 20_000;

/** Waits until the locator is visible (fails with the locator in the message after UI_TIMEOUT). */
export async function shown(locator: Locator, timeout = UI_TIMEOUT): Promise<Locator> {
  await locator.first().waitFor({ state: 'visible', timeout });
  return locator;
}

/** Waits until no element matches the locator, or none is visible. */
export async function gone(locator: Locator, timeout = UI_TIMEOUT): Promise<void> {
  await locator.first().waitFor({ state: 'hidden', timeout });
}

/**
 * Ticks or unticks a checkbox and waits until it shows that state. (A controlled checkbox whose
 * state lives in the URL changes a moment after the click, which Playwright's check() refuses.)
 */
export async function setChecked(checkbox: Locator, checked: boolean, timeout = UI_TIMEOUT): Promise<void> {
  if ((await checkbox.isChecked()) !== checked) await checkbox.click();
  const deadline = Date.now() + timeout;
  while ((await checkbox.isChecked()) !== checked) {
    if (Date.now() > deadline) throw new Error(`The checkbox did not become ${checked ? 'checked' : 'unchecked'} within ${timeout} ms`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** Waits until the page's path (percent-decoded) is `path`. */
export async function atPath(page: Page, path: string, timeout = UI_TIMEOUT): Promise<void> {
  try {
    await page.waitForURL((url) => decodeURIComponent(url.pathname) === path, { timeout, waitUntil: 'commit' });
  } catch (error) {
    throw new Error(`Expected the page at ${path}, it stayed at ${pathOf(page)}`, { cause: error });
  }
}

/** Debian's Chromium built for automation only (package chromium-headless-shell): no window code at all. */
const HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';
/**
 * The browser the tests drive: E2E_CHROMIUM when set, else Debian's headless shell when installed (it is
 * Chromium's old headless mode, the same Blink and V8: the same 34 tests took 25 % less time and 33 % less
 * CPU than with the full browser's new headless mode, 01/12), else Debian's Chromium.
 */
export const E2E_CHROMIUM = process.env.E2E_CHROMIUM || (existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : '/usr/bin/chromium');

/**
 * What the functional tests ask of the engine beyond a user's browser. They check what the console shows
 * and does, never how fast its JavaScript runs, and each page lives a few seconds: about half of the
 * page's CPU outside its main thread was V8's optimizing compilers (TurboFan, Maglev), on background
 * threads, compiling code thrown away with the page. The interpreter and the baseline compiler run the same
 * code with the same results. The GPU process's work (software compositing) runs inside the browser
 * process. With both, the whole suite on two cores, where the browser tests fill the CPU, took 14 % less
 * (1,129 s → 970 s, 02/12). The timed tests (`asUsersHaveIt`) keep the engine as users have it.
 */
const FUNCTIONAL_ENGINE = ['--js-flags=--no-opt --no-maglev', '--in-process-gpu'];

export function launch({ asUsersHaveIt = false }: { asUsersHaveIt?: boolean } = {}): Promise<Browser> {
  return chromium.launch({
    executablePath: E2E_CHROMIUM,
    headless: true,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
      // Nothing leaves the machine: a request to any host but the test server's fails at once, with no
      // name lookup to wait for, unless the test answers it (`answerExternalPages`).
      '--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1',
      ...(asUsersHaveIt ? [] : FUNCTIONAL_ENGINE),
    ],
  });
}

export interface Session {
  context: BrowserContext;
  page: Page;
  errors: ErrorLog;
}

/**
 * A new context (fresh storage) and page on the test server.
 *
 * The browser asks to reduce motion, as some users' systems do: the console then opens and closes its
 * dialogs, menus and sidebar at once, with no ripple (theme.ts `stillTheme`), and a test waits for no
 * transition (two files took ~10 % less; the whole run, within its noise). session.test.ts checks the
 * motion of the others.
 *
 * No request is intercepted unless a test asks (`answerExternalPages`, `holdRequests`, its own routes):
 * while any route is set, Playwright pauses every request of the context to match it in the test's process
 * and turns the browser's cache off, so that each of the console's ~45 files and each API call was a round
 * trip through the test process and every load of the console fetched them all again.
 */
export async function openPage(browser: Browser, options: BrowserContextOptions = {}): Promise<Session> {
  const context = await browser.newContext({
    baseURL: baseUrl(),
    locale: 'es-AR',
    acceptDownloads: true,
    viewport: { width: 1366, height: 900 },
    reducedMotion: 'reduce',
    ...options,
  });
  const page = await context.newPage();
  return { context, page, errors: trackErrors(page) };
}

/**
 * Every request of the context that leaves the test server (the pages a client configured, framed in the
 * console) gets a small local page ('Página externa') instead of failing: for a test that reads what a
 * frame shows. (A regular expression, not a function: Playwright matches it itself.)
 */
export async function answerExternalPages(context: BrowserContext): Promise<void> {
  await context.route(
    new RegExp(`^https?://(?!${escapeRegExp(new URL(baseUrl()).host)}/)`),
    (route) => route.fulfill({ status: 200, contentType: 'text/html; charset=utf-8', body: '<!doctype html><title>Externo</title><p>Página externa</p>' }),
  );
}

/** How long a test's browser context may take to close before the file goes on without it. */
const CLOSE_TIMEOUT = 20_000;

/**
 * One Chromium for a test file: launched before its tests and closed after them. `open` starts a
 * session (`openPage`); every session a test opened is closed when the test ends, after `check` (the
 * file's own rule on it, e.g. that its page logged no error) has looked at each; after a failed test, what
 * each page showed goes to the log first (`describeScreen`). `engine.asUsersHaveIt`:
 * the browser without the functional tests' engine flags (`launch`), for a test that times what a user waits.
 */
export function chromiumPerFile(check?: (session: Session) => void, engine: { asUsersHaveIt?: boolean } = {}) {
  let browser: Browser | undefined;
  const opened: Session[] = [];
  beforeAll(async () => {
    browser = await launch(engine);
  });
  afterAll(async () => {
    await browser?.close();
  });
  afterEach(async ({ task }) => {
    const sessions = opened.splice(0);
    try {
      if (task.result?.state === 'fail') for (const session of sessions) await describeScreen(session, task.name);
      for (const session of sessions) check?.(session);
    } finally {
      for (const session of sessions) {
        // A test's route handler still waiting on something (a held answer) must not keep the context
        // from closing: such a wait once held a CI run's hook for two minutes. (A test may have closed
        // its context already.) A close that still hangs (once more, after a passing test of held
        // answers) is left to the browser's own close after the file, with a warning, rather than
        // failing the test that passed.
        const closing = (async () => {
          for (const page of session.context.pages()) await page.unrouteAll({ behavior: 'ignoreErrors' }).catch(() => undefined);
          await session.context.unrouteAll({ behavior: 'ignoreErrors' }).catch(() => undefined);
          await session.context.close();
        })();
        closing.catch(() => undefined); // a close that fails after the wait is over is not an unhandled rejection
        let hung: ReturnType<typeof setTimeout> | undefined;
        const late = new Promise<'late'>((resolve) => (hung = setTimeout(() => resolve('late'), CLOSE_TIMEOUT)));
        if ((await Promise.race([closing, late])) === 'late') console.warn(`A browser context did not close within ${CLOSE_TIMEOUT / 1000} s; the browser closes it after the file.`);
        clearTimeout(hung);
      }
    }
  });
  const launched = (): Browser => {
    if (!browser) throw new Error('Chromium is launched in beforeAll: open sessions inside a test');
    return browser;
  };
  return {
    get browser(): Browser {
      return launched();
    },
    async open(options: BrowserContextOptions = {}): Promise<Session> {
      const session = await openPage(launched(), options);
      opened.push(session);
      return session;
    },
  };
}

/** How much of a failed test's screen goes to the log: enough to see what it showed instead. */
const SCREEN_TEXT_CHARS = 3_000;

/**
 * After a failed test: what each of its pages showed, in the log (CI keeps nothing else), and a screenshot
 * in test-results/. A failure that happens once in a CI run can then be read, not guessed.
 */
async function describeScreen(session: Session, testName: string): Promise<void> {
  for (const [n, page] of session.context.pages().entries()) {
    if (page.isClosed()) continue;
    const text = await page.evaluate(() => document.body?.innerText ?? '').catch((error: Error) => `(unreadable: ${error.message})`);
    const shot = `test-results/${testName.replace(/[^\w-]+/g, '_').slice(0, 80)}-${n + 1}.png`;
    await page.screenshot({ path: shot, fullPage: true }).catch(() => undefined);
    const errors = session.errors.list.length ? `\nErrors logged by the page:\n${session.errors.list.join('\n')}` : '';
    console.log(`The screen when "${testName}" failed (page ${n + 1}, ${pathOf(page)}; ${shot}):\n${text.replace(/\n{2,}/g, '\n').slice(0, SCREEN_TEXT_CHARS)}${errors}`);
  }
}

export interface ErrorLog {
  /** Uncaught exceptions and console errors, in order. */
  readonly list: string[];
  /** Fails when any error was collected, except those matching `allowed`. */
  assertNone(allowed?: RegExp[]): void;
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Collects uncaught page errors and console errors so a test can assert there were none. */
export function trackErrors(page: Page): ErrorLog {
  const list: string[] = [];
  page.on('pageerror', (error) => list.push(`pageerror: ${error.message}`));
  page.on('console', (message) => {
    if (message.type() === 'error') list.push(`console.error: ${message.text()} (${message.location().url})`);
  });
  return {
    list,
    assertNone(allowed = []) {
      const unexpected = list.filter((e) => !allowed.some((re) => re.test(e)));
      if (unexpected.length) throw new Error(`The page logged errors:\n${unexpected.join('\n')}`);
    },
  };
}

/** The path of the page's URL, percent-decoded ('/restaurarContraseña', not '%C3%B1'). */
export const pathOf = (page: Page) => decodeURIComponent(new URL(page.url()).pathname);

/** The login form's fields, as a user finds them. */
export function loginForm(page: Page) {
  return {
    email: page.getByLabel('Email', { exact: true }),
    password: page.getByLabel('Contraseña', { exact: true }),
    submit: page.getByRole('button', { name: 'Ingresar' }),
  };
}

/**
 * Logs in and waits for the shell's welcome (in the page; a phone hides it). A fresh page gets the session
 * the login form would have stored (the same two calls, POST /auth/login and the profile, made here) and opens
 * the console with it: a second or more a test, the login form's own load and typing, which session.test.ts
 * tests on its own (`loginThroughForm`). A page already somewhere logs in through the form.
 *
 * `at`: the console opens there, as a bookmark would (the welcome is on every screen), instead of on the
 * dashboard to be left at once: one load of the console less (~1 s).
 */
export async function loginAs(page: Page, email: string, { password = DEMO_PASSWORD, at = '/' }: { password?: string; at?: string } = {}): Promise<void> {
  if (page.url() !== 'about:blank') {
    await loginThroughForm(page, email, password);
    if (at !== '/') await page.goto(at);
    return;
  }
  const base = baseUrl();
  const login = await fetch(`${base}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email, password }), signal: AbortSignal.timeout(FETCH_TIMEOUT) });
  if (!login.ok) throw new Error(`POST /api/auth/login as ${email}: ${login.status} ${await login.text()}`);
  const answer = (await login.json()) as { id: number; token: string; refreshToken: string; expiration: number };
  const profile = await fetch(`${base}/api/core-users/users/userProfile/${answer.id}`, { headers: { authorization: `Bearer ${answer.token}` }, signal: AbortSignal.timeout(FETCH_TIMEOUT) });
  if (!profile.ok) throw new Error(`the profile of ${email}: ${profile.status}`);
  const stored = JSON.stringify({ token: answer.token, refreshToken: answer.refreshToken, expiresAt: Date.now() + answer.expiration * 1000, profile: await profile.json() });
  // A file of the console's origin with no script, to write its storage before the console reads it.
  await page.goto('/favicon.svg');
  await page.evaluate((session) => localStorage.setItem('campo.session', session), stored);
  await page.goto(at);
  await page.getByText(/^Bienvenido /).first().waitFor({ state: 'attached', timeout: UI_TIMEOUT });
}

/** Logs in through the real login form, as a user does, and waits for the shell's welcome. */
export async function loginThroughForm(page: Page, email: string, password = DEMO_PASSWORD): Promise<void> {
  if (page.url() === 'about:blank' || !['/', '/login'].includes(pathOf(page))) await page.goto('/login');
  const form = loginForm(page);
  await form.email.fill(email);
  await form.password.fill(password);
  await form.submit.click();
  await page.getByText(/^Bienvenido /).first().waitFor({ state: 'attached', timeout: UI_TIMEOUT });
}

/**
 * The same user logs out in another tab of this browser ('Perfil' > 'Desconectar'): `page` then leaves for the
 * login, keeping what its forms had unsaved.
 */
export async function logOutInAnotherTab(page: Page): Promise<void> {
  const other = await page.context().newPage();
  await other.goto('/motives');
  await shown(other.getByText(/^Bienvenido /));
  await other.getByRole('button', { name: 'Perfil' }).click();
  await other.getByRole('menuitem', { name: 'Desconectar' }).click();
  await atPath(page, '/login');
  // The other tab goes to the login too (a navigation of its own): it is closed once there. Closed while that
  // navigation commits, Chromium may answer the close and never close it (playwright#42366), and the test
  // waited on it to its time limit with no step failing (CI of 03/12, the questionnaire editor's test).
  await atPath(other, '/login');
  await shown(loginForm(other).submit);
  await other.waitForLoadState('load');
  await other.close();
}

/** The sidebar ('Menú principal'). */
export const sidebar = (page: Page) => page.getByRole('navigation', { name: 'Menú principal' });

/**
 * A sidebar entry by its label: a link when it opens a screen of the console, a button when it is a group
 * or an action that leaves the console (Auditores, Campus).
 */
export const menuEntry = (page: Page, label: string): Locator => sidebar(page).locator(entryNamed(page, label));

/** An entry named `label` wherever it is looked for (inside the sidebar, or inside one of its groups). */
const entryNamed = (page: Page, label: string): Locator => page.getByRole('link', { name: label, exact: true }).or(page.getByRole('button', { name: label, exact: true }));

/** Opens a sidebar group (when closed) and clicks one of its entries. */
export async function openMenu(page: Page, group: string | null, entry: string): Promise<void> {
  const nav = sidebar(page);
  if (group) {
    const header = nav.getByRole('button', { name: group, exact: true });
    if ((await header.getAttribute('aria-expanded')) !== 'true') await header.click();
    // Click the entry once the group has finished unfolding: mid-animation it is clipped and can move.
    await nav.locator('.MuiCollapse-entered').filter({ has: entryNamed(page, entry) }).waitFor({ timeout: UI_TIMEOUT });
  }
  await menuEntry(page, entry).click();
}

/** Every message the sink received for `email` (envelope recipient), oldest first. */
export function mailsTo(email: string): ReceivedMail[] {
  const address = email.toLowerCase();
  return readMails(world().mailDir).filter((m) => m.to.includes(address));
}

/** The last message the sink received for `email`, or undefined. */
export function latestMailTo(email: string): ReceivedMail | undefined {
  return mailsTo(email).at(-1);
}

/** Waits until a message for `email` arrives after `previous` messages had (default: any). */
export async function waitForMailTo(email: string, previous = 0, timeoutMs = 10_000): Promise<ReceivedMail> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const mails = mailsTo(email);
    if (mails.length > previous) return mails.at(-1)!;
    if (Date.now() > deadline) throw new Error(`No mail reached ${email} within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** The password-restore link in a mail ('…/cambiarContraseña/<token>'). */
export function resetLinkIn(mail: ReceivedMail): string {
  const link = /https?:\/\/[!-~]+\/cambiarContrase%C3%B1a\/[A-Za-z0-9_-]+/.exec(mail.text)?.[0];
  if (!link) throw new Error(`No restore link in the mail:\n${mail.text}`);
  return link;
}

/** A compact HS256 JWT signed with the partner secret the server was started with. */
export function sooftToken(claims: Record<string, unknown>, secret = inject('e2eSooftSecret')): string {
  const encode = (part: unknown) => Buffer.from(JSON.stringify(part)).toString('base64url');
  const unsigned = `${encode({ alg: 'HS256', typ: 'JWT' })}.${encode(claims)}`;
  return `${unsigned}.${createHmac('sha256', secret).update(unsigned).digest('base64url')}`;
}

/** Asks for a restore mail through the API (what the restore page does) and returns its link. */
export async function requestResetLink(email: string): Promise<string> {
  const before = mailsTo(email).length;
  const res = await fetch(`${baseUrl()}/api/auth/sendUserTokenByEmail/${encodeURIComponent(email)}`, { method: 'POST' });
  if (!res.ok) throw new Error(`sendUserTokenByEmail answered ${res.status}: ${await res.text()}`);
  return resetLinkIn(await waitForMailTo(email, before));
}

/**
 * Gives a demo account its demo password back, through a restore link as a user would: for a test that
 * changes it, so the files that run after it on the same server log in as the demo says.
 */
export async function restoreDemoPassword(email: string): Promise<void> {
  const token = decodeURIComponent(new URL(await requestResetLink(email)).pathname.split('/').at(-1)!);
  const { userId } = await callApi<{ userId: number }>('POST', `/auth/checkValidToken/${encodeURIComponent(token)}`, {});
  await callApi('POST', `/auth/restoreUserPassword/${userId}`, { token, password: DEMO_PASSWORD, confirmPassword: DEMO_PASSWORD });
}

/**
 * As an administrator already logged in: the client list, the client's row selected, then one of its row
 * actions ('Locaciones', 'Atributos'), waiting for that list's heading.
 */
export async function openClientSection(page: Page, clientName: string, action: 'Locaciones' | 'Atributos'): Promise<void> {
  await openMenu(page, 'Clientes', 'Lista de clientes');
  await shown(page.getByRole('heading', { name: 'Lista de Clientes' }));
  // The name cell: a click there selects the row and shows its actions.
  await page.getByRole('cell', { name: clientName, exact: true }).click();
  await page.getByRole('button', { name: action, exact: true }).click();
  await shown(page.getByRole('heading', { name: action === 'Locaciones' ? 'Lista de locaciones' : 'Lista de atributos' }));
}

/**
 * Holds the page's requests to `url` (of `method`, if given) until `release()`, counting them: to read the
 * screen while the server works, and to see how many times something was sent.
 */
export async function holdRequests(page: Page, url: string, method?: string): Promise<{ sent: () => number; release: () => void }> {
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  let sent = 0;
  await page.route(url, async (route) => {
    if (method && route.request().method() !== method) return route.fallback();
    sent += 1;
    await held;
    await route.fallback();
  });
  return { sent: () => sent, release };
}

/**
 * On how many lines the first `text` inside `holder` is drawn (0: not there): 1 when the browser kept it whole
 * ('M-0000459', '$ 4.500,00'), 2 when it broke it ('$' at a line's end, '4.500,00' on the next).
 */
export function linesOf(holder: Locator, text: string): Promise<number> {
  return holder.evaluate((e, text) => {
    const walker = document.createTreeWalker(e, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const at = node.textContent!.indexOf(text);
      if (at < 0) continue;
      const range = document.createRange();
      range.setStart(node, at);
      range.setEnd(node, at + text.length);
      return new Set([...range.getClientRects()].map((r) => Math.round(r.top))).size;
    }
    return 0;
  }, text);
}

/** The API as the console calls it, for a test's own data (a non-2xx answer throws with its text). */
export async function callApi<T>(method: string, path: string, body?: unknown, token?: string): Promise<T> {
  const res = await fetch(`${baseUrl()}/api${path}`, {
    method,
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
    signal: AbortSignal.timeout(FETCH_TIMEOUT),
  });
  if (!res.ok) throw new Error(`${method} ${path} answered ${res.status}: ${await res.text()}`);
  return res.json() as Promise<T>;
}

/** A fresh access token of the demo's admin. */
export const adminToken = async () => (await callApi<{ token: string }>('POST', '/auth/login', { email: 'admin@campo.test', password: DEMO_PASSWORD })).token;
