/** The built console as the server serves it: its files, looked up when asked, and its page for every screen path. */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers';

let t: TestApp;
const dist = mkdtempSync(join(tmpdir(), 'campo-dist-'));

beforeAll(async () => {
  mkdirSync(join(dist, 'assets'));
  writeFileSync(join(dist, 'index.html'), '<!doctype html><title>Campo</title><script type="module" src="/assets/index-a.js"></script>');
  writeFileSync(join(dist, 'assets', 'index-a.js'), 'console.log("a");');
  t = await createTestApp({ staticDir: dist });
});
afterAll(async () => {
  await t?.close();
  rmSync(dist, { recursive: true, force: true });
});

const get = (url: string) => t.app.inject({ method: 'GET', url });

describe('the console', () => {
  it('serves its page for the root, a screen path, and its scripts as scripts', async () => {
    const root = await get('/');
    expect(root.statusCode).toBe(200);
    expect(root.headers['content-type']).toMatch(/^text\/html/);
    expect(root.body).toContain('<title>Campo</title>');
    const screen = await get('/clients/edit/3');
    expect(screen.statusCode).toBe(200);
    expect(screen.headers['content-type']).toMatch(/^text\/html/);
    const script = await get('/assets/index-a.js');
    expect(script.statusCode).toBe(200);
    expect(script.headers['content-type']).toMatch(/javascript/);
  });

  it('serves a file the build added after the server started, and a missing one is a 404, not the page', async () => {
    writeFileSync(join(dist, 'assets', 'index-b.js'), 'console.log("b");');
    const added = await get('/assets/index-b.js');
    expect(added.statusCode).toBe(200);
    expect(added.headers['content-type']).toMatch(/javascript/);
    expect(added.body).toBe('console.log("b");');
    const missing = await get('/assets/index-gone.js');
    expect(missing.statusCode).toBe(404);
    expect(missing.headers['content-type']).not.toMatch(/text\/html/);
  });

  it('answers an unknown API path with a 404 in Spanish, not the page', async () => {
    const res = await get('/api/no-existe');
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe('No se encontró el recurso solicitado.');
  });
});
