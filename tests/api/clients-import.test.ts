/** 'Carga de clientes': every row checked with the client form's rules, all written or none, each bad line named. */
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLIENT_TEXT } from '../../domain/clients';
import { CLIENT_CSV_COLUMNS, CLIENTS_CSV_TEXT, clientCsvTemplate } from '../../domain/clientsCsv';
import { CSV_TEXT } from '../../domain/locationsCsv';
import { clients } from '../../server/db/schema';
import { createTestApp, type TestApp } from './helpers';
import { multipart } from './locations-csv';

let t: TestApp;
let admin: string;

beforeAll(async () => {
  t = await createTestApp();
  admin = (await t.login('admin@campo.test')).token;
});
afterAll(() => t?.close());

const total = async () => (await t.db.select({ n: count() }).from(clients))[0].n;
const row = (name: string, change: Partial<Record<(typeof CLIENT_CSV_COLUMNS)[number]['header'], string>> = {}) => {
  const cells: Record<string, string> = {
    Nombre: name,
    Dirección: 'Av. Colón 1200, Córdoba',
    Teléfono: '3514123456',
    Email: 'calidad@cliente.com.ar',
    Tipo: 'Retail',
    'URL de la imagen (banner)': '',
    'URL de reclamos': 'https://forms.cliente.com.ar/reclamos',
    'URL de contacto': 'https://forms.cliente.com.ar/contacto',
    'Link de encuesta': '',
    ...change,
  };
  return CLIENT_CSV_COLUMNS.map((c) => cells[c.header]).join(';');
};
const file = (...rows: string[]) => `${clientCsvTemplate()}${rows.join('\r\n')}\r\n`;

function upload(content: string | Buffer, { filename = 'clientes.csv', token = admin } = {}) {
  const { payload, headers } = multipart([{ name: 'csvFile', filename, type: 'text/csv', content }]);
  return t.app.inject({ method: 'POST', url: '/api/clients/massive', payload, headers: { ...headers, ...t.authHeader(token) } });
}

describe('the bulk upload of clients', () => {
  it('creates every client of a good file, with its type found by name (capitals and accents aside)', async () => {
    const before = await total();
    const res = await upload(file(row('Heladerías Polares'), row('Ópticas del Centro', { Tipo: 'gastronomia' })));
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toEqual({ created: 2, message: CLIENTS_CSV_TEXT.imported(2) });
    expect(await total()).toBe(before + 2);
    const [optics] = await t.db.select().from(clients).where(eq(clients.name, 'Ópticas del Centro'));
    expect(optics).toMatchObject({ address: 'Av. Colón 1200, Córdoba', claimUrl: 'https://forms.cliente.com.ar/reclamos', state: true });
    expect(optics.typeId).not.toBeNull();
  });

  it('writes nothing when one line is bad, and names each bad line and field', async () => {
    const before = await total();
    const res = await upload(
      file(
        row('Librerías Norte'),
        row('Librerías Sur', { Email: 'no-es-un-email', 'URL de reclamos': '' }),
        row('Heladerías  POLARES'),
        row('Librerías Norte'),
        row('Tintorerías Este', { Tipo: 'Minería' }),
      ),
    );
    expect(res.statusCode, res.body).toBe(400);
    const { message, lines } = res.json() as { message: string; lines: string[] };
    expect(message).toBe(CLIENTS_CSV_TEXT.hasErrors(lines.length));
    expect(lines.some((l) => l.startsWith('Línea 3: ') && l.endsWith('(Email)'))).toBe(true);
    expect(lines.some((l) => l.startsWith('Línea 3: ') && l.endsWith('(URL de reclamos)'))).toBe(true);
    // A name another client has, as it reads (capitals and spaces aside), and one repeated in the file.
    expect(lines).toContain(`Línea 4: ${CLIENT_TEXT.duplicate} ("Heladerías Polares") (Nombre)`);
    expect(lines).toContain('Línea 5: el nombre "Librerías Norte" ya está en la línea 2 del archivo. (Nombre)');
    expect(lines).toContain('Línea 6: el tipo de cliente "Minería" no existe. (Tipo)');
    expect(await total()).toBe(before);
  });

  it('tells a bad line at once that its name is taken too, in the file or by another client', async () => {
    const before = await total();
    const res = await upload(
      file(row('Heladerías Polares', { Tipo: 'Inexistente' }), row('Librerías Oeste'), row('librerías  oeste', { Email: 'x' }), row('', { Tipo: 'Otra' })),
    );
    expect(res.statusCode, res.body).toBe(400);
    const { lines } = res.json() as { lines: string[] };
    expect(lines.filter((l) => l.startsWith('Línea 2: '))).toEqual(['Línea 2: el tipo de cliente "Inexistente" no existe. (Tipo)', `Línea 2: ${CLIENT_TEXT.duplicate} ("Heladerías Polares") (Nombre)`]);
    expect(lines.filter((l) => l.startsWith('Línea 4: '))).toHaveLength(2);
    expect(lines).toContain('Línea 4: el nombre "librerías oeste" ya está en la línea 3 del archivo. (Nombre)');
    // A line without a name is told so, not compared.
    expect(lines.filter((l) => l.startsWith('Línea 5: ') && l.endsWith('(Nombre)'))).toHaveLength(1);
    expect(lines.some((l) => l.startsWith('Línea 3: '))).toBe(false);
    expect(await total()).toBe(before);
  });

  it('refuses a file that is not the template, empty, or not a CSV, naming the column', async () => {
    const moved = await upload('Nombre;Email;Dirección\r\nA;b;c\r\n');
    expect([moved.statusCode, moved.json().lines]).toEqual([400, ['Línea 1: la columna 2 debe ser "Dirección" y es "Email" (use la plantilla).']]);
    const extra = await upload(`${clientCsvTemplate().trimEnd()};Otra\r\n${row('Extra SA')};x\r\n`);
    expect(extra.json().lines).toEqual(['Línea 1: la columna 10 ("Otra") no es de la plantilla.']);
    expect((await upload(clientCsvTemplate())).json().message).toBe(CSV_TEXT.empty);
    expect((await upload(Buffer.from([0x50, 0x4b, 0x03, 0x04, 0x00]), { filename: 'clientes.xlsx' })).statusCode).toBe(415);
  });

  it('loads a file saved with the empty columns a spreadsheet leaves after the last one', async () => {
    // Excel writes every row with the empty columns of a cell once typed past 'Link de encuesta' and deleted.
    const before = await total();
    const res = await upload(`${clientCsvTemplate().trimEnd()};;\r\n${row('Columnas Vacías SA')};;\r\n${row('Columnas Vacías SRL')};\r\n`);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().created).toBe(2);
    expect(await total()).toBe(before + 2);
  });

  it('is for administrators only', async () => {
    for (const email of ['operaciones@campo.test', 'comercial@campo.test', 'cliente@campo.test']) {
      const { token } = await t.login(email);
      expect((await upload(file(row(`Sin permiso ${email}`)), { token })).statusCode, email).toBe(403);
    }
  });
});
