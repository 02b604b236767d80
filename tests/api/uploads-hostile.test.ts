/**
 * Hostile uploads on every multipart route of the route table: wrong types, renamed files, a zip
 * bomb, a 50 MB file streamed over real HTTP, CSV and spreadsheet cells that a spreadsheet would run
 * as formulas. Asserted: a clean Spanish 4xx (never a 5xx, never a crash), nothing written on a
 * refusal, and formula cells neutralised in what the server exports.
 */
import { request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { crc32, deflateRawSync } from 'node:zlib';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as XLSX from 'xlsx';
import { BULK_COLUMNS, BULK_SHEET } from '../../domain/webUsersImport';
import { clients, locations, users } from '../../server/db/schema';
import type { RouteEntry } from '../../server/guard';
import { createTestApp, type TestApp } from './helpers';
import { changeCounts, changedTables, expectWellFormed, installChangeCounter } from './hostile-input';
import { csvFile, csvRow, multipart } from './locations-csv';

let t: TestApp;
let admin: Record<string, string>;
let clientId: number;
let multipartRoutes: RouteEntry[];

beforeAll(async () => {
  t = await createTestApp();
  await installChangeCounter(t.db);
  admin = t.authHeader((await t.login('admin@campo.test')).token);
  [{ id: clientId }] = await t.db.select({ id: clients.id }).from(clients).where(eq(clients.state, true)).limit(1);
  multipartRoutes = t.app.routeTable.filter((r) => Array.isArray(r.schema.consumes) && r.schema.consumes.includes('multipart/form-data'));
});
afterAll(() => t?.close());

/** The file field each multipart route reads. */
const FILE_FIELD: Record<string, string> = {
  '/api/locations/massive/client': 'csvFile',
  '/api/core-clients/clients/importBranches': 'csvFile',
  '/api/web-users/massive': 'file',
  '/api/clients/massive': 'csvFile',
};

/** A ZIP with DEFLATE entries; `declared` lets an entry lie about its uncompressed size. */
/**
 * An entry's deflated bytes and CRC, once per buffer: the zip bomb's 300 MB sheet is packed once for both
 * of its files (packing it took most of that test's time on a busy 2-core machine, past its 30 s).
 */
const packedBuffers = new WeakMap<Buffer, { packed: Buffer; crc: number }>();
function packedOf(data: Buffer): { packed: Buffer; crc: number } {
  let known = packedBuffers.get(data);
  if (!known) packedBuffers.set(data, (known = { packed: deflateRawSync(data, { level: 9 }), crc: crc32(data) }));
  return known;
}

function zipFile(entries: { name: string; data: Buffer; declared?: number }[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const entry of entries) {
    const { packed, crc } = packedOf(entry.data);
    const name = Buffer.from(entry.name);
    const size = entry.declared ?? entry.data.length;
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(8, 8);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(packed.length, 18);
    local.writeUInt32LE(size, 22);
    local.writeUInt16LE(name.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(8, 10);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(packed.length, 20);
    central.writeUInt32LE(size, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, packed);
    centrals.push(central, name);
    offset += local.length + name.length + packed.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

/** An .xlsx whose one sheet inflates to `megabytes` of XML: a few hundred kilobytes on the wire. */
/** A worksheet of `megabytes` of blanks: what a zip bomb inflates to. */
function bombSheet(megabytes: number): Buffer {
  const filler = Buffer.alloc(megabytes * 1024 * 1024, ' ');
  return Buffer.concat([Buffer.from('<?xml version="1.0"?><worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>'), filler, Buffer.from('</sheetData></worksheet>')]);
}

function zipBombXlsx(sheet: Buffer, declared?: number): Buffer {
  const xml = (text: string) => Buffer.from(`<?xml version="1.0" encoding="UTF-8"?>${text}`);
  return zipFile([
    { name: '[Content_Types].xml', data: xml('<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/></Types>') },
    { name: '_rels/.rels', data: xml('<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/></Relationships>') },
    { name: 'xl/workbook.xml', data: xml(`<workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><sheets><sheet name="${BULK_SHEET}" sheetId="1" r:id="rId1"/></sheets></workbook>`) },
    { name: 'xl/_rels/workbook.xml.rels', data: xml('<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/></Relationships>') },
    { name: 'xl/worksheets/sheet1.xml', data: sheet, declared },
  ]);
}

function spreadsheet(rows: unknown[][]): Buffer {
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet(rows), BULK_SHEET);
  return XLSX.write(book, { type: 'buffer', bookType: 'xlsx' }) as Buffer;
}

const PNG = Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000', 'hex');
const EXE = Buffer.concat([Buffer.from('MZ'), Buffer.alloc(200, 0x90)]);

function upload(route: string, file: { filename: string; type: string; content: Buffer | string }) {
  const { payload, headers } = multipart([
    { name: 'clientId', value: String(clientId) },
    { name: FILE_FIELD[route], ...file },
  ]);
  return t.app.inject({ method: 'POST', url: route, payload, headers: { ...headers, ...admin } });
}

/** Files that are not what the route reads, or not what their name says. */
const WRONG_FILES: { label: string; filename: string; type: string; content: Buffer | string }[] = [
  { label: 'a PNG', filename: 'foto.png', type: 'image/png', content: PNG },
  { label: 'an executable', filename: 'programa.exe', type: 'application/octet-stream', content: EXE },
  { label: 'a ZIP renamed .png', filename: 'foto.png', type: 'image/png', content: zipFile([{ name: 'a.txt', data: Buffer.from('hola') }]) },
  { label: 'a ZIP renamed .csv', filename: 'puntos.csv', type: 'text/csv', content: zipFile([{ name: 'a.txt', data: Buffer.from('hola') }]) },
  { label: 'a PNG renamed .csv', filename: 'puntos.csv', type: 'text/csv', content: PNG },
  { label: 'a text renamed .xlsx', filename: 'usuarios.xlsx', type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', content: 'Nombres,Apellido\nAna,Paz\n' },
  { label: 'a ZIP renamed .xlsx that is no workbook', filename: 'usuarios.xlsx', type: 'application/octet-stream', content: zipFile([{ name: 'a.txt', data: Buffer.from('hola') }]) },
  { label: 'a truncated .xlsx', filename: 'usuarios.xlsx', type: 'application/octet-stream', content: Buffer.from('504b0304140000000800', 'hex') },
  { label: 'an empty file', filename: 'vacio.csv', type: 'text/csv', content: '' },
  { label: 'a name with a path and NUL', filename: '../../etc/passwd\u0000.csv', type: 'text/csv', content: 'a;b\n' },
  { label: 'UTF-16 text', filename: 'puntos.csv', type: 'text/csv', content: Buffer.from('\ufeffNombre;Código\r\n', 'utf16le') },
];

describe('every multipart route', () => {
  it('is found in the route table with a known file field', () => {
    expect(multipartRoutes.map((r) => r.url).sort()).toEqual(Object.keys(FILE_FIELD).sort());
  });

  it.each(WRONG_FILES.map((f) => [f.label, f] as const))('refuses %s with a Spanish 4xx and writes nothing', async (_label, file) => {
    for (const route of multipartRoutes) {
      const before = await changeCounts(t.db);
      const res = await upload(route.url, file);
      expectWellFormed(res, `${route.url} ${file.label}`);
      expect(res.statusCode, `${route.url} ${file.label}`).toBeGreaterThanOrEqual(400);
      expect(changedTables(before, await changeCounts(t.db)), `${route.url} ${file.label}`).toEqual([]);
    }
  });

  it('refuses a body that is not multipart, and a file in the wrong field', async () => {
    for (const route of multipartRoutes) {
      const json = await t.app.inject({ method: 'POST', url: route.url, payload: { clientId }, headers: admin });
      expectWellFormed(json, `${route.url} JSON`);
      expect(json.statusCode).toBeGreaterThanOrEqual(400);
      const { payload, headers } = multipart([{ name: 'clientId', value: String(clientId) }, { name: 'otro', filename: 'a.csv', type: 'text/csv', content: 'a' }]);
      const wrong = await t.app.inject({ method: 'POST', url: route.url, payload, headers: { ...headers, ...admin } });
      expectWellFormed(wrong, `${route.url} wrong field`);
      expect(wrong.statusCode).toBeGreaterThanOrEqual(400);
    }
  });

  it('refuses a 50 MB file streamed over HTTP with a Spanish 413, without buffering it', { timeout: 60_000 }, async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as AddressInfo;
    for (const route of multipartRoutes) {
      const before = await changeCounts(t.db);
      const rssBefore = process.memoryUsage().rss;
      const answer = await streamUpload(port, route.url, FILE_FIELD[route.url], 50);
      const grew = process.memoryUsage().rss - rssBefore;
      expectWellFormed({ statusCode: answer.status, body: answer.body, headers: { 'content-type': answer.type } }, `${route.url} 50 MB`);
      expect(answer.status, `${route.url} 50 MB`).toBe(413);
      // The file never sits whole in memory: the part is cut at the route's limit (10 MB at most).
      expect(grew, `${route.url}: memory grew ${Math.round(grew / 1048576)} MB`).toBeLessThan(40 * 1024 * 1024);
      expect(changedTables(before, await changeCounts(t.db))).toEqual([]);
    }
  });
});

/** POSTs a multipart body whose file part is `megabytes` long, generated a megabyte at a time. */
function streamUpload(port: number, path: string, field: string, megabytes: number): Promise<{ status: number; body: string; type: string }> {
  const boundary = '----campoStream50MB';
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="clientId"\r\n\r\n${clientId}\r\n--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="grande.csv"\r\nContent-Type: text/csv\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  const chunk = Buffer.alloc(1024 * 1024, 'a;');
  return new Promise((resolve, reject) => {
    let answered: { status: number; body: string; type: string } | null = null;
    const req = request(
      { host: '127.0.0.1', port, path, method: 'POST', headers: { ...admin, 'content-type': `multipart/form-data; boundary=${boundary}`, 'content-length': head.length + chunk.length * megabytes + tail.length } },
      (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (d: string) => (body += d));
        res.on('end', () => {
          answered = { status: res.statusCode ?? 0, body, type: String(res.headers['content-type']) };
          resolve(answered);
        });
      },
    );
    // The server may answer and close before the whole body went out: that is the point.
    req.on('error', (error) => (answered ? resolve(answered) : reject(error)));
    let sent = 0;
    const pump = () => {
      while (sent < megabytes) {
        sent++;
        if (!req.write(chunk)) return void req.once('drain', pump);
      }
      req.end(tail);
    };
    req.write(head);
    pump();
  });
}

describe('the users spreadsheet import', () => {
  it('refuses a zip bomb (a 300 MB sheet in a few hundred KB) quickly, in Spanish, writing nothing', { timeout: 30_000 }, async () => {
    const sheet = bombSheet(300);
    for (const declared of [undefined, 1000]) {
      const bomb = zipBombXlsx(sheet, declared);
      expect(bomb.length).toBeLessThan(1024 * 1024);
      const before = await changeCounts(t.db);
      const started = Date.now();
      const rssBefore = process.memoryUsage().rss;
      const res = await upload('/api/web-users/massive', { filename: 'usuarios.xlsx', type: 'application/octet-stream', content: bomb });
      const grew = process.memoryUsage().rss - rssBefore;
      expectWellFormed(res, `zip bomb (declared ${declared ?? 'honestly'})`);
      // Refused for what it inflates to, before a parser holds it: not read and found empty.
      expect(res.statusCode, res.body).toBe(413);
      expect(res.json().message).toBe('El archivo descomprimido es demasiado grande.');
      expect(grew, `memory grew ${Math.round(grew / 1048576)} MB`).toBeLessThan(150 * 1024 * 1024);
      expect(Date.now() - started).toBeLessThan(5000);
      expect(changedTables(before, await changeCounts(t.db))).toEqual([]);
    }
  });

  it('stores formula-like cells as text and exports them neutralised in the CSV', async () => {
    const formulas = ['=HYPERLINK("http://malo.test","clic")', '+54 11 5555', '-2+3', '@SUM(A1)', '=cmd|\' /C calc\'!A0'];
    const rows = formulas.map((f, i) => [f, `Apellido${i}`, `formula${i}@campo.test`, '', 'Cliente']);
    const res = await upload('/api/web-users/massive', { filename: 'usuarios.xlsx', type: 'application/octet-stream', content: spreadsheet([[...BULK_COLUMNS], ...rows]) });
    expect(res.statusCode, res.body).toBe(201);
    const stored = await t.db.select({ names: users.names }).from(users).where(sql`${users.email} like 'formula%@campo.test'`);
    expect(stored.map((r) => r.names).sort()).toEqual([...formulas].sort());
    const csv = await t.app.inject({ method: 'GET', url: '/api/web-users/csv?q=formula', headers: admin });
    expect(csv.statusCode).toBe(200);
    const cells = csv.body.split('\r\n').slice(1).filter(Boolean).map((line) => line.split(',')[1] ?? '');
    expect(cells).toHaveLength(formulas.length);
    for (const line of csv.body.split('\r\n').slice(1).filter(Boolean)) {
      for (const cell of splitCsvLine(line)) expect(cell, line).not.toMatch(/^[=+\-@\t\r]/);
    }
    for (const f of formulas) expect(csv.body).toContain(`'${f.replace(/"/g, '""')}`);
  });
});

/** The cells of one CSV line (comma separated, double-quote quoting). */
function splitCsvLine(line: string): string[] {
  const cells: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    const c = line[i];
    if (quoted && c === '"' && line[i + 1] === '"') {
      cell += '"';
      i++;
    } else if (c === '"') {
      quoted = !quoted;
    } else if (c === ',' && !quoted) {
      cells.push(cell);
      cell = '';
    } else {
      cell += c;
    }
  }
  cells.push(cell);
  return cells;
}

describe('the points-of-sale CSV import', () => {
  it('keeps formula-like cells as plain text (they are neutralised where they are exported)', async () => {
    const before = (await t.db.select({ n: sql<number>`count(*)::int` }).from(locations))[0].n;
    const formulaRows = [
      csvRow(1, { Nombre: '=HYPERLINK("http://malo.test")', Dirección: '@SUM(1+1)' }, 'FORMULA'),
      csvRow(2, { Nombre: '+cmd', Dirección: '-2+3' }, 'FORMULA'),
    ];
    const { payload, headers } = multipart([
      { name: 'clientId', value: String(clientId) },
      { name: 'csvFile', filename: 'puntos.csv', type: 'text/csv', content: csvFile(formulaRows) },
    ]);
    const res = await t.app.inject({ method: 'POST', url: '/api/locations/massive/client', payload, headers: { ...headers, ...admin } });
    expect(res.statusCode, res.body).toBe(200);
    const after = (await t.db.select({ n: sql<number>`count(*)::int` }).from(locations))[0].n;
    expect(after).toBe(before + 2);
    const names = (await t.db.select({ name: locations.fullName }).from(locations).where(sql`${locations.clientLocationId} like 'FORMULA-%'`)).map((r) => r.name).sort();
    // Stored as the user wrote them: text in the database, never evaluated by the server.
    expect(names).toEqual(['+cmd', '=HYPERLINK("http://malo.test")']);
  });
});
