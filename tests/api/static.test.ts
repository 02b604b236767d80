/** The built console as the server serves it: its files, looked up when asked, and its page for every screen path. */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers';

let t: TestApp;
const SCRIPT = `console.log(${JSON.stringify('c'.repeat(4000))});`;
const dist = mkdtempSync(join(tmpdir(), 'campo-dist-'));

beforeAll(async () => {
  mkdirSync(join(dist, 'assets'));
  writeFileSync(join(dist, 'index.html'), '<!doctype html><title>Campo</title><script type="module" src="/assets/index-a.js"></script>');
  writeFileSync(join(dist, 'assets', 'index-a.js'), 'console.log("a");');
  // As vite.config.ts writes them: the same script, compressed both ways.
  writeFileSync(join(dist, 'assets', 'index-c.js'), SCRIPT);
  writeFileSync(join(dist, 'assets', 'index-c.js.br'), brotliCompressSync(SCRIPT));
  writeFileSync(join(dist, 'assets', 'index-c.js.gz'), gzipSync(SCRIPT));
  t = await createTestApp({ staticDir: dist });
});
afterAll(async () => {
  await t?.close();
  rmSync(dist, { recursive: true, force: true });
});

const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });

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

  it('sends its scripts precompressed as the browser takes them, to keep a year; its page is asked for every time', async () => {
    const br = await get('/assets/index-c.js', { 'accept-encoding': 'gzip, deflate, br' });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toMatch(/javascript/);
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(SCRIPT);
    const gz = await get('/assets/index-c.js', { 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(SCRIPT);
    const plain = await get('/assets/index-c.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(SCRIPT);
    // Without a compressed copy (a file under 1 KB), the file as it is.
    expect((await get('/assets/index-a.js', { 'accept-encoding': 'br' })).body).toBe('console.log("a");');
    // An asset's name changes with its content: kept a year, never asked again.
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    // The page that names them is asked for every time, so a new build is seen at once.
    for (const path of ['/', '/clients']) expect((await get(path, { 'accept-encoding': 'br' })).headers['cache-control']).toBe('no-cache');
  });

  it('answers an unknown API path with a 404 in Spanish, not the page', async () => {
    const res = await get('/api/no-existe');
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe('No se encontró el recurso solicitado.');
  });
});
