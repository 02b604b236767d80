/** The bulk load of points of sale: every row checked, all written or none, each bad line named. */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOCATION_TEXT } from '../../domain/locations';
import { CSV_COLUMNS, CSV_TEXT, MAX_CSV_BYTES } from '../../domain/locationsCsv';
import { CSV_EXAMPLE_CODE, csvTemplate, EXAMPLE_TEXT } from '../../domain/locationsCsvTemplate';
import { fileTooLarge } from '../../domain/validation';
import { cities, clients, features, locationFeatureValues, locations } from '../../server/db/schema';
import { adminOnPostgres, createTestApp, type TestApp } from './helpers';
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

const countOf = async () => (await t.db.select({ id: locations.id }).from(locations).where(eq(locations.clientId, clientId))).length;

function upload(content: Buffer | string, { filename = 'puntos_de_venta.csv', type = 'text/csv', url = '/api/locations/massive/client', token = admin, withClient = true } = {}) {
  const { payload, headers } = multipart([
    ...(withClient ? [{ name: 'clientId', value: String(clientId) }] : []),
    { name: 'csvFile', filename, type, content },
  ]);
  return t.app.inject({ method: 'POST', url, payload, headers: { ...headers, ...t.authHeader(token) } });
}

/** A row of the template with this client location code. */
const withCode = (n: number, code: string) => csvRow(n, { 'Código de Locación del Cliente': code });

describe('a CSV with a bad line', () => {
  it('names that line and why, and writes nothing', async () => {
    const before = await countOf();
    const rows = [csvRow(1), csvRow(2, { Emails: 'mal-escrito@' }), csvRow(3)];
    const res = await upload(csvFile(rows));
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toEqual({ message: CSV_TEXT.hasErrors(1), count: 1, lines: ['Línea 3: Email inválido (Emails)'] });
    expect(await countOf()).toBe(before);
  });

  it('names unknown places, repeated codes and several errors of one line', async () => {
    const rows = [
      csvRow(10, { País: 'Narnia' }),
      csvRow(11, { Ciudad: 'Gotham' }),
      csvRow(12, { 'Código de Locación del Cliente': 'DUP-1' }),
      csvRow(13, { 'Código de Locación del Cliente': 'DUP-1' }),
      csvRow(14, { Nombre: '', Teléfono: '12-34' }),
      csvRow(15).slice(0, 5),
      // Empty required cells whose content has a form: each told once, 'Requerido', not also invalid.
      csvRow(16, { Latitud: '', Longitud: ' ', 'Email del encargado': '' }),
    ];
    const res = await upload(csvFile(rows));
    expect(res.statusCode).toBe(400);
    const lines = res.json().lines as string[];
    expect(lines).toEqual([
      'Línea 2: no existe el país "Narnia" (País)',
      'Línea 3: no existe la ciudad "Gotham" en CORDOBA (Ciudad)',
      'Línea 5: el código "DUP-1" se repite en la línea 4 (Código de Locación del Cliente)',
      'Línea 6: Requerido (Nombre)',
      'Línea 6: Número de teléfono es inválido (Teléfono)',
      'Línea 7: se esperaban 18 columnas y hay 5.',
      'Línea 8: Requerido (Latitud)',
      'Línea 8: Requerido (Longitud)',
      'Línea 8: Requerido (Email del encargado)',
    ]);
  });

  it("reads a file whose first line is Excel's 'sep=,' with that separator", async () => {
    const before = await countOf();
    const res = await upload(`sep=,\r\n${csvFile([withCode(30, 'SEP-1')], { separator: ',', bom: false })}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(await countOf()).toBe(before + 1);
  });

  it('tells a repeated code in the same answer when the row it repeats has errors of its own', async () => {
    const before = await countOf();
    const res = await upload(csvFile([csvRow(20, { 'Código de Locación del Cliente': 'DUP-2', Emails: 'x' }), csvRow(21, { 'Código de Locación del Cliente': 'DUP-2' })]));
    expect(res.statusCode).toBe(400);
    expect(res.json().lines).toEqual(['Línea 2: Email inválido (Emails)', 'Línea 3: el código "DUP-2" se repite en la línea 2 (Código de Locación del Cliente)']);
    expect(await countOf()).toBe(before);
  });

  it('takes codes that differ only in capitals or spaces for one code, against the client’s and inside the file', async () => {
    // A code stored around the API, with spaces (as an old row could have it).
    const [template] = await t.db.select().from(locations).where(eq(locations.clientId, clientId)).limit(1);
    const { id: _id, code: _code, searchName: _search, createdAt: _c, updatedAt: _u, ...row } = template;
    await t.db.insert(locations).values({ ...row, clientLocationId: ' Leg-01 ' });
    const before = await countOf();
    const rows = [withCode(400, 'sup-001'), withCode(401, 'FOLD-A'), withCode(402, 'fold-a'), withCode(403, 'LEG-01'), withCode(404, ' SUP-002 '), withCode(405, 'FOLD-B'), withCode(406, 'FOLD-B')];
    const res = await upload(csvFile(rows));
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toEqual({
      message: CSV_TEXT.hasErrors(5),
      count: 5,
      lines: [
        'Línea 2: el código "sup-001" es el mismo que "SUP-001", que ya tiene un punto de venta del cliente; los códigos no distinguen mayúsculas de minúsculas (Código de Locación del Cliente)',
        'Línea 4: el código "fold-a" es el mismo que "FOLD-A" de la línea 3; los códigos no distinguen mayúsculas de minúsculas (Código de Locación del Cliente)',
        'Línea 5: el código "LEG-01" es el mismo que " Leg-01 ", que ya tiene un punto de venta del cliente; los códigos no distinguen mayúsculas de minúsculas (Código de Locación del Cliente)',
        'Línea 6: ya existe un punto de venta del cliente con el código "SUP-002" (Código de Locación del Cliente)',
        'Línea 8: el código "FOLD-B" se repite en la línea 7 (Código de Locación del Cliente)',
      ],
    });
    expect(await countOf()).toBe(before);
    expect(await t.db.select().from(locations).where(and(eq(locations.clientId, clientId), eq(locations.clientLocationId, 'FOLD-A')))).toEqual([]);
  });

  it('takes codes that differ only in the capitals of other Latin alphabets for one code, accents apart (migration 0033)', async () => {
    const first = await upload(csvFile([withCode(420, 'łódź-1')]));
    expect(first.statusCode, first.body).toBe(200);
    const before = await countOf();
    const rows = [withCode(421, 'ŁÓDŹ-1'), withCode(422, 'SUC-Ø1'), withCode(423, 'suc-ø1'), withCode(424, 'ŁÓDŻ-1'), withCode(425, 'SUÇ-Ø1')];
    const res = await upload(csvFile(rows));
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toEqual({
      message: CSV_TEXT.hasErrors(2),
      count: 2,
      lines: [
        'Línea 2: el código "ŁÓDŹ-1" es el mismo que "łódź-1", que ya tiene un punto de venta del cliente; los códigos no distinguen mayúsculas de minúsculas (Código de Locación del Cliente)',
        'Línea 4: el código "suc-ø1" es el mismo que "SUC-Ø1" de la línea 3; los códigos no distinguen mayúsculas de minúsculas (Código de Locación del Cliente)',
      ],
    });
    expect(await countOf()).toBe(before);
  });

  it('refuses a file without the template’s header row', async () => {
    const res = await upload(`${csvRow(1).join(';')}\r\n`);
    expect(res.statusCode).toBe(400);
    expect(res.json().lines[0]).toMatch(/^Línea 1: la primera fila debe ser la de encabezados/);
  });

  it('names the header column that is not the template’s', async () => {
    const header: string[] = CSV_COLUMNS.map((c) => c.header);
    header[2] = 'Codigo Cliente';
    const res = await upload(`${header.join(';')}\r\n${csvRow(1).join(';')}\r\n`);
    expect(res.statusCode).toBe(400);
    expect(res.json().lines).toEqual(['Línea 1: la columna 3 debe ser "Código de Locación del Cliente" y es "Codigo Cliente" (use la plantilla).']);
  });
});

describe('a good CSV', () => {
  it('imports every row in one go, with the required attributes at their default', async () => {
    const before = await countOf();
    const rows = Array.from({ length: 25 }, (_, i) => csvRow(100 + i));
    const res = await upload(csvFile(rows));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ created: 25, message: CSV_TEXT.imported(25) });
    expect(await countOf()).toBe(before + 25);

    const [imported] = await t.db.select().from(locations).where(and(eq(locations.clientId, clientId), eq(locations.clientLocationId, 'CSV-000101')));
    expect(imported).toMatchObject({ fullName: 'Local importado 101', emailExecutive: 'ejecutivo101@importados.com.ar', latitude: -33.1232 });
    expect(imported.emails).toEqual(['ejecutivo101@importados.com.ar', 'calidad@importados.com.ar']);
    const required = await t.db.select().from(features).where(and(eq(features.clientId, clientId), eq(features.isRequired, true)));
    const values = await t.db.select().from(locationFeatureValues).where(eq(locationFeatureValues.locationId, imported.id));
    expect(values.map((v) => v.featureId).sort()).toEqual(required.map((f) => f.id).sort());
  });

  it('counts a big load in the list at once: the estimate past 1,000 rows sees the new rows', async () => {
    const rows = Array.from({ length: 1500 }, (_, i) => csvRow(10_000 + i));
    const res = await upload(csvFile(rows));
    expect(res.statusCode, res.body).toBe(200);
    const total = await countOf();
    const list = await t.app.inject({ method: 'GET', url: `/api/locations/client/${clientId}?limit=20`, headers: t.authHeader(admin) });
    expect(list.statusCode, list.body).toBe(200);
    const { count, countEstimated } = list.json() as { count: number; countEstimated?: boolean };
    expect(total).toBeGreaterThan(1500);
    // An estimate, within a tenth of the truth (it said 1,001 before the statistics were refreshed).
    if (countEstimated) expect(Math.abs(count - total) / total).toBeLessThan(0.1);
    else expect(count).toBe(total);
  });

  it('names every bad line of a big file, not only the first 500 (the screen lists 500 and saves them all)', async () => {
    const before = await countOf();
    const rows = Array.from({ length: 600 }, (_, i) => csvRow(30_000 + i, { Emails: 'mal-escrito@' }));
    const res = await upload(csvFile(rows));
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().message).toBe(CSV_TEXT.hasErrors(600));
    expect(res.json().count).toBe(600);
    const lines = res.json().lines as string[];
    expect(lines).toHaveLength(600);
    expect(lines[0]).toBe('Línea 2: Email inválido (Emails)');
    expect(lines[599]).toBe('Línea 601: Email inválido (Emails)');
    expect(await countOf()).toBe(before);
  });

  it('takes commas as the separator, no BOM, the client in the query and the core path', async () => {
    const before = await countOf();
    const file = csvFile([csvRow(200, {}, 'COMMA'), csvRow(201, {}, 'COMMA')], { separator: ',', bom: false });
    const res = await upload(file, { url: `/api/core-clients/clients/importBranches?clientId=${clientId}`, withClient: false });
    expect(res.statusCode, res.body).toBe(200);
    expect(await countOf()).toBe(before + 2);
  });

  it('reads rows whatever their line ending: a CRLF template with rows added in LF (and an old Mac CR) loads each row, a bad one named by its line', async () => {
    const before = await countOf();
    const [header, ...rows] = csvFile([csvRow(500, {}, 'EOL'), csvRow(501, { Emails: 'mal-escrito@' }, 'EOL'), csvRow(502, {}, 'EOL')]).split('\r\n');
    const mixed = `${header}\r\n${rows[0]}\n${rows[1]}\r${rows[2]}\n`;
    const refused = await upload(mixed);
    expect(refused.statusCode, refused.body).toBe(400);
    expect(refused.json().lines).toEqual(['Línea 3: Email inválido (Emails)']);
    const good = `${header}\r\n${rows[0]}\n${rows[2]}\n`;
    const res = await upload(good);
    expect(res.statusCode, res.body).toBe(200);
    expect(await countOf()).toBe(before + 2);
  });

  it('reads a file Excel saved as Windows-1252 (its plain "CSV"), accents and all', async () => {
    const before = await countOf();
    // Curly quotes, the dash and '€' are bytes 0x80–0x9F, where Windows-1252 is not Latin-1.
    const name = 'Almacén “El Peñón” – Córdoba € 1…';
    const text = csvFile([csvRow(300, { Nombre: name }, 'ANSI')], { bom: false });
    const windows1252: Record<string, number> = { '€': 0x80, '…': 0x85, '“': 0x93, '”': 0x94, '–': 0x96 };
    const res = await upload(Buffer.from(Array.from(text, (c) => windows1252[c] ?? c.charCodeAt(0))));
    expect(res.statusCode, res.body).toBe(200);
    expect(await countOf()).toBe(before + 1);
    const [row] = await t.db.select().from(locations).where(and(eq(locations.clientId, clientId), eq(locations.clientLocationId, 'ANSI-000300')));
    expect(row.fullName).toBe(name);
  });

  it('refuses a Windows-1252 file with a byte that encoding leaves undefined: no text holds it', async () => {
    const before = await countOf();
    const bytes = Buffer.from(csvFile([csvRow(301, { Nombre: 'Almacén X' }, 'ANSI')], { bom: false }), 'latin1');
    bytes[bytes.indexOf('X')] = 0x81;
    const res = await upload(bytes);
    expect(res.statusCode, res.body).toBe(415);
    expect(await countOf()).toBe(before);
  });

  it('loads nothing into an inactive client', async () => {
    const [inactive] = await t.db.select().from(clients).where(eq(clients.state, false));
    const inactiveCount = async () => (await t.db.select({ id: locations.id }).from(locations).where(eq(locations.clientId, inactive.id))).length;
    const before = await inactiveCount();
    const res = await upload(csvFile([csvRow(300)]), { url: `/api/core-clients/clients/importBranches?clientId=${inactive.id}`, withClient: false });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().errors.clientId).toBe(LOCATION_TEXT.inactiveClient);
    expect(await inactiveCount()).toBe(before);
  });

  it('refuses codes the client already has', async () => {
    const res = await upload(csvFile([csvRow(101)]));
    expect(res.statusCode).toBe(400);
    expect(res.json().lines).toEqual(['Línea 2: ya existe un punto de venta del cliente con el código "CSV-000101" (Código de Locación del Cliente)']);
  });
});

describe("the template 'DESCARGAR CSV' gives", () => {
  it('imports as downloaded: its example row is checked as any row and not written, and the answer says so', async () => {
    const before = await countOf();
    const res = await upload(csvTemplate());
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ created: 0, message: EXAMPLE_TEXT.onlyExample, lines: [EXAMPLE_TEXT.skipped(2)] });
    expect(await countOf()).toBe(before);
    expect(await t.db.select().from(locations).where(eq(locations.clientLocationId, CSV_EXAMPLE_CODE))).toEqual([]);
  });

  it('loads the rows a user adds below its example row, and only those', async () => {
    const before = await countOf();
    const added = [csvRow(300, {}, 'TPL'), csvRow(301, {}, 'TPL')].map((cells) => cells.join(';')).join('\r\n');
    const res = await upload(`${csvTemplate()}${added}\r\n`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ created: 2, message: CSV_TEXT.imported(2), lines: [EXAMPLE_TEXT.skipped(2)] });
    expect(await countOf()).toBe(before + 2);
  });

  it('has an example row whose every cell the load takes as written: with another code it is a point of sale in Palermo', async () => {
    const res = await upload(csvTemplate().replace(`;${CSV_EXAMPLE_CODE};`, ';PLANTILLA-1;'));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ created: 1, message: CSV_TEXT.imported(1) });
    const [loaded] = await t.db.select().from(locations).where(and(eq(locations.clientId, clientId), eq(locations.clientLocationId, 'PLANTILLA-1')));
    const [palermo] = await t.db.select().from(cities).where(eq(cities.name, 'Palermo'));
    expect(loaded).toMatchObject({ cityId: palermo.id, stateId: palermo.stateId, latitude: -34.5889, longitude: -58.4306, emailExecutive: 'lucia.gomez@example.com' });
    expect(loaded.emails).toEqual(['lucia.gomez@example.com', 'calidad@example.com']);
  });
});

describe('a CSV whose rows have no codes', () => {
  const noCode = (n: number, overrides: Parameters<typeof csvRow>[1] = {}) => csvRow(n, { 'Código de Locación del Cliente': '', Nombre: `Sin código ${n}`, ...overrides }, 'NOCODE');
  const named = async (fullName: string) => t.db.select().from(locations).where(and(eq(locations.clientId, clientId), eq(locations.fullName, fullName)));

  it('uploaded twice creates its points of sale once, and the second answer says so and names each row', async () => {
    const before = await countOf();
    const file = csvFile([noCode(700), noCode(701), noCode(702)]);
    const first = await upload(file);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toEqual({ created: 3, message: CSV_TEXT.imported(3) });
    expect(await countOf()).toBe(before + 3);

    const again = await upload(file);
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json()).toEqual({
      created: 0,
      known: 3,
      message: 'No se cargó ningún punto de venta: las 3 filas del archivo son puntos de venta que el cliente ya tiene (mismo nombre y dirección).',
      lines: [2, 3, 4].map((line, i) => `Línea ${line}: "Sin código ${700 + i}" en "Av. Siempre Viva ${700 + i}" ya es un punto de venta del cliente; no se volvió a crear.`),
    });
    expect(await countOf()).toBe(before + 3);
    expect(await named('Sin código 701')).toHaveLength(1);
  });

  it('with new rows among known ones (capitals and accents aside) creates only the new ones', async () => {
    const before = await countOf();
    const rows = [noCode(700, { Nombre: 'SIN CODIGO 700', Dirección: 'av. siempre  viva 700' }), noCode(703), noCode(704, { Teléfono: '3519999999' })];
    const res = await upload(csvFile(rows));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      created: 2,
      known: 1,
      message: 'Se cargaron 2 puntos de venta; 1 fila sin código es un punto de venta que el cliente ya tiene (mismo nombre y dirección) y no se volvió a crear.',
      lines: ['Línea 2: "SIN CODIGO 700" en "av. siempre  viva 700" ya es un punto de venta del cliente; no se volvió a crear.'],
    });
    expect(await countOf()).toBe(before + 2);
    expect(await named('Sin código 700')).toHaveLength(1);
  });

  it('takes the letters of other Latin alphabets for their plain ones, against the client and inside the file (migration 0032)', async () => {
    const first = await upload(csvFile([noCode(760, { Nombre: 'Cafe Tōkyō', Dirección: 'Øster Allé 760' }), noCode(761, { Nombre: 'Łódź Straße', Dirección: 'Piłsudskiego 761' })]));
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toEqual({ created: 2, message: CSV_TEXT.imported(2) });
    const before = await countOf();
    const again = await upload(csvFile([noCode(760, { Nombre: 'CAFE TOKYO', Dirección: 'oster alle 760' }), noCode(761, { Nombre: 'lodz strasse', Dirección: 'PILSUDSKIEGO 761' })]));
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json()).toMatchObject({ created: 0, known: 2 });
    expect(await countOf()).toBe(before);
    const repeated = await upload(csvFile([noCode(762, { Nombre: 'Ærø Œuvre', Dirección: 'Đường 762' }), noCode(763, { Nombre: 'aero oeuvre', Dirección: 'DUONG 762' })]));
    expect(repeated.statusCode, repeated.body).toBe(400);
    expect(repeated.json().lines).toEqual(['Línea 3: repite el punto de venta de la línea 2 (mismo nombre y dirección, y esta fila no tiene código): quítela o déle un código.']);
  });

  it('refuses a row that repeats an earlier one of the file, and writes nothing', async () => {
    const before = await countOf();
    const res = await upload(csvFile([noCode(730), noCode(731), noCode(730, { Teléfono: '3510000000' })]));
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toEqual({
      message: CSV_TEXT.hasErrors(1),
      count: 1,
      lines: ['Línea 4: repite el punto de venta de la línea 2 (mismo nombre y dirección, y esta fila no tiene código): quítela o déle un código.'],
    });
    expect(await countOf()).toBe(before);
  });

  it('tells a bad row in the same answer that it repeats another, before or after it', async () => {
    const before = await countOf();
    const res = await upload(csvFile([noCode(732), noCode(732, { Latitud: 'norte' }), noCode(733, { Latitud: '' }), noCode(733), noCode(734, { Nombre: '' })]));
    expect(res.statusCode, res.body).toBe(400);
    const { lines } = res.json() as { lines: string[] };
    const repeat = (line: number, earlier: number) =>
      `Línea ${line}: repite el punto de venta de la línea ${earlier} (mismo nombre y dirección, y esta fila no tiene código): quítela o déle un código.`;
    expect(lines.filter((l) => l.startsWith('Línea 3: '))).toEqual([expect.stringContaining('(Latitud)'), repeat(3, 2)]);
    expect(lines.filter((l) => l.startsWith('Línea 4: '))).toEqual(['Línea 4: Requerido (Latitud)']);
    expect(lines).toContain(repeat(5, 4));
    // Without a name, the row is told that, and compared with none.
    expect(lines.filter((l) => l.startsWith('Línea 6: '))).toEqual([expect.stringContaining('(Nombre)')]);
    expect(await countOf()).toBe(before);
  });

  it('does not take a point of sale of another client for one of this client', async () => {
    const [other] = await t.db.select().from(clients).where(and(eq(clients.state, true), eq(clients.name, 'Café del Plata')));
    const [theirs] = await t.db.select().from(locations).where(eq(locations.clientId, other.id)).limit(1);
    const before = await countOf();
    const res = await upload(csvFile([noCode(740, { Nombre: theirs.fullName, Dirección: theirs.street })]));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ created: 1, message: CSV_TEXT.imported(1) });
    expect(await countOf()).toBe(before + 1);
  });
});

describe('the same CSV without codes uploaded twice at once (on PostgreSQL, where two loads run side by side)', () => {
  const on = adminOnPostgres();

  it('creates its points of sale once: the second load waits for the first and finds them', async () => {
    const { pg, token } = on;
    const [client] = await pg.db.select().from(clients).where(eq(clients.name, 'Supermercados Andinos'));
    const count = async () => (await pg.db.select({ id: locations.id }).from(locations).where(eq(locations.clientId, client.id))).length;
    const before = await count();
    const file = csvFile(Array.from({ length: 400 }, (_, i) => csvRow(900 + i, { 'Código de Locación del Cliente': '' }, 'RACE')));
    const send = () => {
      const { payload, headers } = multipart([
        { name: 'clientId', value: String(client.id) },
        { name: 'csvFile', filename: 'puntos_de_venta.csv', type: 'text/csv', content: file },
      ]);
      return pg.app.inject({ method: 'POST', url: '/api/locations/massive/client', payload, headers: { ...headers, ...pg.authHeader(token) } });
    };
    const answers = await Promise.all([send(), send()]);
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200]);
    expect(answers.map((a) => a.json().created).sort((a, b) => a - b)).toEqual([0, 400]);
    expect(await count()).toBe(before + 400);
  });
});

describe('quotes in a CSV', () => {
  const raw = (rows: string[][]) => `${[CSV_COLUMNS.map((c) => c.header), ...rows].map((cells) => cells.join(';')).join('\r\n')}\r\n`;

  it('takes a quote inside a cell typed without quotes as that character, and a quoted cell as its text', async () => {
    const before = await countOf();
    const quoted = csvRow(800, { Nombre: 'Kiosco "El Sol"; centro' }, 'QUOTE');
    const file = `${raw([csvRow(801, { Nombre: 'Local 5" norte', Dirección: 'Av. Colón 5"' }, 'QUOTE')]).trimEnd()}\r\n${quoted.map((c, i) => (i === 0 ? '"Kiosco ""El Sol""; centro"' : c)).join(';')}\r\n`;
    const res = await upload(file);
    expect(res.statusCode, res.body).toBe(200);
    expect(await countOf()).toBe(before + 2);
    const byCode = async (code: string) => (await t.db.select().from(locations).where(and(eq(locations.clientId, clientId), eq(locations.clientLocationId, code))))[0];
    expect(await byCode('QUOTE-000801')).toMatchObject({ fullName: 'Local 5" norte', street: 'Av. Colón 5"' });
    expect((await byCode('QUOTE-000800')).fullName).toBe('Kiosco "El Sol"; centro');
  });

  it('names a bad row as Excel numbers it when a cell before it has a line break (Alt+Enter: one row)', async () => {
    const res = await upload(csvFile([csvRow(820, { Dirección: 'Av. Colón 820\nLocal 2' }, 'QUOTE'), csvRow(821, { Dirección: 'Calle 9\nPiso 1', Emails: 'mal-escrito@' }, 'QUOTE')]));
    expect(res.statusCode, res.body).toBe(400);
    // The header is row 1, the first point of sale row 2, whatever its address holds: this one is row 3.
    expect(res.json().lines).toEqual(['Línea 3: Email inválido (Emails)']);
  });

  it('refuses a quoted cell that never closes, naming the line where it opened, and writes nothing', async () => {
    const before = await countOf();
    const open = csvRow(811, {}, 'QUOTE');
    open[4] = '"Av. sin cerrar 811';
    const res = await upload(raw([csvRow(810, {}, 'QUOTE'), open, csvRow(812, {}, 'QUOTE'), csvRow(813, {}, 'QUOTE')]));
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().message).toBe(CSV_TEXT.unclosedQuote(3, 5));
    expect(await countOf()).toBe(before);
  });
});

describe('files that are not a CSV', () => {
  it('refuses another type by name, a binary file and a JSON body with a 4xx in Spanish', async () => {
    const pdf = await upload('%PDF-1.4', { filename: 'locales.pdf', type: 'application/pdf' });
    expect(pdf.statusCode).toBe(415);
    expect(pdf.json().message).toBe('application/pdf no es un formato soportado.');
    // A CSV's type on a name that is not one: the name refused it, and is what the message names.
    const named = await upload('a;b', { filename: 'locales.txt', type: 'text/csv' });
    expect(named.statusCode).toBe(415);
    expect(named.json().message).toBe('.txt no es un formato soportado.');
    const binary = await upload(Buffer.from([0x50, 0x4b, 0x03, 0x04, 0x00, 0xff, 0x00]), { filename: 'locales.csv' });
    expect(binary.statusCode).toBe(415);
    expect(binary.json().message).toBe(CSV_TEXT.notText);
    const json = await t.app.inject({ method: 'POST', url: '/api/locations/massive/client', payload: { clientId }, headers: t.authHeader(admin) });
    expect(json.statusCode).toBe(415);
    expect(json.json().message).toBe(CSV_TEXT.noFile);
    const empty = await upload('');
    expect(empty.statusCode).toBe(400);
  });

  it('refuses a client named twice, differently, in the address and the form, writing nothing; the same one twice is taken', async () => {
    const other = (await t.db.select().from(clients).where(eq(clients.name, 'Café del Plata')))[0].id;
    const before = await countOf();
    const send = (inForm: number, code: string) => {
      const { payload, headers } = multipart([
        { name: 'clientId', value: String(inForm) },
        { name: 'csvFile', filename: 'a.csv', type: 'text/csv', content: csvFile([withCode(910, code)]) },
      ]);
      return t.app.inject({ method: 'POST', url: `/api/locations/massive/client?clientId=${clientId}`, payload, headers: { ...headers, ...t.authHeader(admin) } });
    };
    const twice = await send(other, 'DOS-CLIENTES-1');
    expect(twice.statusCode, twice.body).toBe(400);
    expect(twice.json()).toEqual({ message: CSV_TEXT.twoClients, errors: { clientId: CSV_TEXT.twoClients } });
    expect(await countOf()).toBe(before);
    expect(await t.db.select().from(locations).where(eq(locations.clientLocationId, 'DOS-CLIENTES-1'))).toHaveLength(0);
    const same = await send(clientId, 'DOS-CLIENTES-2');
    expect(same.statusCode, same.body).toBe(200);
    expect(await countOf()).toBe(before + 1);
  });

  it('takes one file: two in one upload are a 400 saying so, not a 413', async () => {
    const file = csvFile([csvRow(900)]);
    const { payload, headers } = multipart([
      { name: 'clientId', value: String(clientId) },
      { name: 'csvFile', filename: 'a.csv', type: 'text/csv', content: file },
      { name: 'csvFile', filename: 'b.csv', type: 'text/csv', content: file },
    ]);
    const before = await countOf();
    const res = await t.app.inject({ method: 'POST', url: '/api/locations/massive/client', payload, headers: { ...headers, ...t.authHeader(admin) } });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: 'Se admite un solo archivo por carga.' });
    expect(await countOf()).toBe(before);
  });

  it('refuses a file over the size limit with a 413', async () => {
    const res = await upload(Buffer.alloc(11 * 1024 * 1024, 'a'));
    expect(res.statusCode).toBe(413);
    // The limit itself, as the console says it when such a file is chosen.
    expect(res.json().message).toBe('El archivo supera el tamaño máximo permitido (10 MB).');
    expect(res.json().message).toBe(fileTooLarge(MAX_CSV_BYTES));
  });

  it('asks for a client, and a client that exists', async () => {
    expect((await upload(csvFile([csvRow(1)]), { withClient: false })).statusCode).toBe(400);
    const { payload, headers } = multipart([
      { name: 'clientId', value: '999999' },
      { name: 'csvFile', filename: 'a.csv', type: 'text/csv', content: csvFile([csvRow(1)]) },
    ]);
    const res = await t.app.inject({ method: 'POST', url: '/api/locations/massive/client', payload, headers: { ...headers, ...t.authHeader(admin) } });
    expect(res.statusCode).toBe(400);
  });

  it('is refused to client and franchise users', async () => {
    const token = (await t.login('franquicia@campo.test')).token;
    expect((await upload(csvFile([csvRow(1)]), { token })).statusCode).toBe(403);
  });
});
