/**
 * The questionnaire editor with 300 questions, in headless Chromium against the real server and
 * the built console: the time to open it from the list, the time to open it cold (a full page
 * load), and the input latency of a keystroke (key down → the next frame) in a question's
 * weighting and in a sub-dimension's weighting. Goals: open ≤ 1 s, keystroke ≤ 50 ms.
 *
 *   npx vite build && npx tsx tests/bench/questionnaire-editor.ts
 *
 * BENCH_BASE_URL=http://… uses a server already running (with the demo logins) instead of
 * starting one on a fresh embedded database.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type CDPSession, chromium, type Page } from 'playwright-core';
import { bigQuestionnaire, QUESTIONS } from './big-questionnaire';
import { freePort } from '../free-port';
import { serverNodeFlags } from '../../server/nodeFlags';

const RUNS = 5;
const KEYSTROKES = 40;


async function startServer(): Promise<{ baseUrl: string; stop: () => Promise<void> }> {
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'campo-bench-'));
  const baseUrl = `http://127.0.0.1:${port}`;
  const env = { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, DATABASE_URL: '', STATIC_DIR: 'dist', LOG_LEVEL: 'warn', AUTH_RATE_LIMIT: '100000' };
  const child: ChildProcess = spawn(process.execPath, [...serverNodeFlags(), '--import', 'tsx', 'server/main.ts'], { env, stdio: 'ignore' });
  const deadline = Date.now() + 90_000;
  for (;;) {
    try {
      if ((await fetch(`${baseUrl}/api/settings/public`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline || child.exitCode !== null) throw new Error('The server did not start');
    await new Promise((r) => setTimeout(r, 250));
  }
  return {
    baseUrl,
    stop: async () => {
      child.kill('SIGTERM');
      await new Promise((r) => child.once('exit', r));
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

async function api<T>(baseUrl: string, path: string, init: { method?: string; token?: string; body?: unknown } = {}): Promise<T> {
  const res = await fetch(`${baseUrl}/api${path}`, {
    method: init.method ?? 'GET',
    headers: { ...(init.body === undefined ? {} : { 'content-type': 'application/json' }), ...(init.token ? { authorization: `Bearer ${init.token}` } : {}) },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  if (!res.ok) throw new Error(`${path} answered ${res.status}: ${await res.text()}`);
  return (await res.json()) as T;
}

/*
 * The in-page scripts are strings: tsx names the functions it compiles with a helper (__name)
 * that does not exist in the page.
 */

/** Milliseconds from clicking the element `target` (an expression) finds until 300 question rows are in the page and a frame has been drawn. */
async function timeUntilRendered(page: Page, target: string): Promise<number> {
  return page.evaluate(`new Promise((resolve) => {
    const t0 = performance.now();
    (${target}).click();
    const check = () => {
      const ready = document.querySelectorAll('[data-question-row]').length >= ${QUESTIONS} && !document.querySelector('[aria-labelledby="questionnaire-loading"]');
      if (ready) requestAnimationFrame(() => setTimeout(() => resolve(performance.now() - t0), 0));
      else requestAnimationFrame(check);
    };
    requestAnimationFrame(check);
  })`) as Promise<number>;
}

/** Key down → input handled → next frame, for each keystroke typed into the focused input. */
async function keystrokeLatencies(page: Page, selector: string): Promise<number[]> {
  await page.locator(selector).click();
  await page.evaluate(`(() => {
    window.__lat = [];
    document.addEventListener('keydown', (e) => { window.__down = e.timeStamp; }, true);
    document.addEventListener('input', () => {
      const down = window.__down;
      requestAnimationFrame(() => setTimeout(() => window.__lat.push(performance.now() - down), 0));
    }, true);
  })()`);
  for (let i = 0; i < KEYSTROKES / 2; i++) {
    await page.keyboard.press('End');
    await page.keyboard.type('7');
    await page.waitForTimeout(60);
    await page.keyboard.press('Backspace');
    await page.waitForTimeout(60);
  }
  await page.waitForTimeout(200);
  return page.evaluate('window.__lat') as Promise<number[]>;
}

/**
 * CPU time of the page's main thread (Chrome's ThreadTime metric), in ms: unlike wall time, it does
 * not grow when other processes share the machine's cores.
 */
async function threadTime(cdp: CDPSession): Promise<number> {
  const { metrics } = await cdp.send('Performance.getMetrics');
  return (metrics.find((m) => m.name === 'ThreadTime')?.value ?? 0) * 1000;
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const p95 = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(xs.length * 0.95))];
const ms = (x: number) => `${Math.round(x)} ms`;

async function main() {
  const server = process.env.BENCH_BASE_URL ? { baseUrl: process.env.BENCH_BASE_URL, stop: async () => {} } : await startServer();
  const browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    headless: true,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
  });
  try {
    const { baseUrl } = server;
    const { token } = await api<{ token: string }>(baseUrl, '/auth/login', { method: 'POST', body: { email: 'admin@campo.test', password: 'Campo#2026' } });
    const created = await api<{ id: number }>(baseUrl, '/questionnariesV2', { method: 'POST', token, body: bigQuestionnaire(`AAA Banco de pruebas ${Date.now()}`) });

    const fetchTimes: number[] = [];
    for (let run = 0; run < RUNS; run++) {
      const t0 = performance.now();
      await api(baseUrl, `/questionnariesV2/get/${created.id}`, { token });
      fetchTimes.push(performance.now() - t0);
    }

    const page = await browser.newPage({ viewport: { width: 1366, height: 900 } });
    await page.goto(`${baseUrl}/login`);
    await page.getByLabel('Email', { exact: true }).fill('admin@campo.test');
    await page.getByLabel('Contraseña', { exact: true }).fill('Campo#2026');
    await page.getByRole('button', { name: 'Ingresar' }).click();
    await page.getByText(/^Bienvenido /).waitFor();

    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Performance.enable');
    const fromList: number[] = [];
    const fromListCpu: number[] = [];
    for (let run = 0; run < RUNS; run++) {
      await page.goto(`${baseUrl}/questionnaires`);
      await page.getByRole('button', { name: 'Crear nueva version' }).first().waitFor();
      const cpu = await threadTime(cdp);
      fromList.push(await timeUntilRendered(page, `[...document.querySelectorAll('button')].find((b) => b.textContent === 'Crear nueva version')`));
      fromListCpu.push((await threadTime(cdp)) - cpu);
    }

    const cold: number[] = [];
    for (let run = 0; run < RUNS; run++) {
      const t0 = Date.now();
      await page.goto(`${baseUrl}/questionnaires/edit?id=${created.id}`);
      await page.locator(`[data-question-row="${QUESTIONS / 15}"]`).nth(14).waitFor();
      await page.locator('[aria-labelledby="questionnaire-loading"]').waitFor({ state: 'detached' });
      cold.push(Date.now() - t0);
    }

    let cpu = await threadTime(cdp);
    const question = await keystrokeLatencies(page, 'input[aria-label="Ponderación de la pregunta 10"] >> nth=7');
    const questionCpu = ((await threadTime(cdp)) - cpu) / question.length;
    cpu = await threadTime(cdp);
    const section = await keystrokeLatencies(page, 'input[aria-label="Ponderación de la subdimensión 2"] >> nth=3');
    const sectionCpu = ((await threadTime(cdp)) - cpu) / section.length;

    const [load] = (await import('node:os')).loadavg();
    console.log(`Carga de la máquina al terminar: ${load.toFixed(1)} (${(await import('node:os')).cpus().length} núcleos)`);
    console.log(`Editor de cuestionarios, ${QUESTIONS} preguntas (${RUNS} aperturas, ${KEYSTROKES} teclas por campo):`);
    console.log(`  GET /questionnariesV2/get/:id (sólo la API): mediana ${ms(median(fetchTimes))}`);
    console.log(`  abrir desde la lista:        mediana ${ms(median(fromList))}, máx ${ms(Math.max(...fromList))} (CPU del hilo principal: mediana ${ms(median(fromListCpu))})`);
    console.log(`  abrir en frío (carga total):  mediana ${ms(median(cold))}, máx ${ms(Math.max(...cold))}`);
    console.log(`  tecla en ponderación de pregunta:    mediana ${ms(median(question))}, p95 ${ms(p95(question))} (CPU por tecla ${questionCpu.toFixed(1)} ms)`);
    console.log(`  tecla en ponderación de subdimensión: mediana ${ms(median(section))}, p95 ${ms(p95(section))} (CPU por tecla ${sectionCpu.toFixed(1)} ms)`);
    await api(baseUrl, `/questionnariesV2/delete/${created.id}`, { method: 'DELETE', token });
  } finally {
    await browser.close();
    await server.stop();
  }
}

await main();
