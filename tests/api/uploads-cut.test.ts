/**
 * An upload's body that ends before its closing boundary (a tab closed or a connection dropped mid-upload,
 * a proxy cutting it) or that is no multipart at all: a 400 in Spanish that says nothing was loaded,
 * never a 500, on each of the three bulk loads.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UPLOAD_CUT } from '../../domain/validation';
import { clients, locations } from '../../server/db/schema';
import { createTestApp, type TestApp } from './helpers';
import { csvFile, csvRow, multipart } from './locations-csv';

let t: TestApp;
let admin: string;
let clientId: number;

beforeAll(async () => {
  t = await createTestApp();
  admin = (await t.login('admin@campo.test')).token;
  clientId = (await t.db.select().from(clients).where(eq(clients.name, 'Supermercados Andinos')))[0].id;
});
afterAll(() => t?.close());

/** A whole upload's body with its last bytes (the closing boundary and the file's end) cut off. */
function cutShort(file: string, fileField: string, filename: string) {
  const { payload, headers } = multipart([
    { name: 'clientId', value: String(clientId) },
    { name: fileField, filename, type: 'application/octet-stream', content: file },
  ]);
  return { payload: payload.subarray(0, payload.length - 200), headers };
}

const ROUTES = [
  { url: `/api/locations/massive/client`, field: 'csvFile', filename: 'puntos_de_venta.csv' },
  { url: '/api/clients/massive', field: 'csvFile', filename: 'clientes.csv' },
  { url: '/api/web-users/massive', field: 'file', filename: 'usuarios.xlsx' },
];

describe('an upload cut short', () => {
  it('is a 400 that says nothing was loaded, on each bulk load, and writes nothing', async () => {
    const before = (await t.db.select({ id: locations.id }).from(locations).where(eq(locations.clientId, clientId))).length;
    const file = csvFile(Array.from({ length: 50 }, (_, i) => csvRow(i, {}, 'CUT')));
    for (const route of ROUTES) {
      const { payload, headers } = cutShort(file, route.field, route.filename);
      const res = await t.app.inject({ method: 'POST', url: route.url, payload, headers: { ...headers, ...t.authHeader(admin) } });
      expect([res.statusCode, res.json().message], route.url).toEqual([400, UPLOAD_CUT]);
    }
    expect((await t.db.select({ id: locations.id }).from(locations).where(eq(locations.clientId, clientId))).length).toBe(before);
  });

  it('is a 400 too when the body says multipart but has no boundary', async () => {
    for (const route of ROUTES) {
      const res = await t.app.inject({ method: 'POST', url: route.url, payload: 'Nombre;Dirección\r\n', headers: { 'content-type': 'multipart/form-data', ...t.authHeader(admin) } });
      expect([res.statusCode, res.json().message], route.url).toEqual([400, UPLOAD_CUT]);
    }
  });
});
