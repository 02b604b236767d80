/** Bulk import of web users: the server checks the file again and writes every row or none. */
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as XLSX from 'xlsx';
import { fileTooLarge } from '../../domain/validation';
import { BULK_COLUMNS, BULK_MAX_ROWS, BULK_SHEET, type BulkAnswer, IMPORT_TEXT, MAX_BULK_BYTES } from '../../domain/webUsersImport';
import { clients, users } from '../../server/db/schema';
import { createTestApp, type TestApp } from './helpers';
import { multipart } from './multipart';

let t: TestApp;
let admin: string;
let clientId: number;
let inactiveClientId: number;

beforeAll(async () => {
  t = await createTestApp();
  admin = (await t.login('admin@campo.test')).token;
  [{ id: clientId }] = await t.db.select({ id: clients.id }).from(clients).where(eq(clients.name, 'Banco Federal del Sur'));
  [{ id: inactiveClientId }] = await t.db.select({ id: clients.id }).from(clients).where(eq(clients.state, false));
});
afterAll(() => t?.close());

function spreadsheet(rows: unknown[][], bookType: 'xlsx' | 'biff8' = 'xlsx'): Buffer {
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet(rows), BULK_SHEET);
  return XLSX.write(book, { type: 'buffer', bookType }) as Buffer;
}

const upload = (content: Buffer, { name = 'usuarios.xlsx', client = String(clientId) }: { name?: string; client?: string } = {}) => {
  const body = multipart(client ? { clientId: client } : {}, [{ field: 'file', name, content }]);
  return t.app.inject({ method: 'POST', url: '/api/web-users/massive', payload: body.payload, headers: { ...body.headers, ...t.authHeader(admin) } });
};

const userCount = async () => (await t.db.select({ n: sql<number>`count(*)::int` }).from(users))[0].n;

const HEADER = [...BULK_COLUMNS];
const ROWS = [
  ['Mariano', 'Quiroga', 'mariano.quiroga@bfs.com.ar', 3415550001, 'Cliente'],
  ['Silvina', 'Ledesma', 'silvina.ledesma@bfs.com.ar', '', 6],
  ['Ramiro', 'Ortiz', 'ramiro.ortiz@bfs.com.ar', '3415550003', 'inactivo'],
  ['Noelia', 'Bustos', 'noelia.bustos@bfs.com.ar', null, 'Gerente Zonal'],
];

describe('checks of the file', () => {
  it.each([
    [[['Nombre', 'Apellido', 'Correo', 'Telefono', 'Rol']], 'Columna Email faltante o mal escrita.'],
    [[['Nombre', 'Apellido', 'Email', 'Telefono']], 'Columna Rol faltante o mal escrita.'],
    [[['Apellido', 'Nombre', 'Email', 'Telefono', 'Rol']], 'La columna en la posición 1 debe ser exactamente Nombre.'],
  ])('refuses a misnamed or misplaced column, writing nothing', async ([header], message) => {
    const before = await userCount();
    const res = await upload(spreadsheet([header, ...ROWS]));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ message });
    expect(await userCount()).toBe(before);
  });

  it('refuses an empty file, a file with only the header and a blank row between rows', async () => {
    expect((await upload(spreadsheet([]))).json().message).toBe(IMPORT_TEXT.empty);
    expect((await upload(spreadsheet([HEADER]))).json().message).toBe(IMPORT_TEXT.empty);
    const blank = await upload(spreadsheet([HEADER, ROWS[0], [null, ' ', '', null, null], ROWS[1]]));
    expect(blank.json().message).toBe(IMPORT_TEXT.blankRow(3));
  });

  it('refuses what is not an xls or xlsx file, whatever its name says', async () => {
    const csv = Buffer.from('Nombre,Apellido,Email,Telefono,Rol\nA,B,a@b.com,,1\n');
    expect((await upload(csv, { name: 'usuarios.xlsx' })).json().message).toBe(IMPORT_TEXT.notSpreadsheet);
    expect((await upload(spreadsheet([HEADER, ...ROWS]), { name: 'usuarios.csv' })).json().message).toBe(IMPORT_TEXT.notSpreadsheet);
    const broken = Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.alloc(200, 7)]);
    expect((await upload(broken)).json().message).toBe(IMPORT_TEXT.notSpreadsheet);
  });

  it('refuses a file over its 5 MB limit with a 413 that names the limit, and writes nothing', async () => {
    const before = await userCount();
    const res = await upload(Buffer.alloc(MAX_BULK_BYTES + 1, 'a'));
    expect(res.statusCode).toBe(413);
    expect(res.json().message).toBe('El archivo supera el tamaño máximo permitido (5 MB).');
    expect(res.json().message).toBe(fileTooLarge(MAX_BULK_BYTES));
    expect(await userCount()).toBe(before);
  });

  it('refuses more rows than a load takes with a 413, as the other loads do, and writes nothing', async () => {
    const before = await userCount();
    const many = Array.from({ length: BULK_MAX_ROWS + 1 }, (_, i) => ['Ana', 'Paz', `ana${i}@bfs.com.ar`, '', 'Cliente']);
    const res = await upload(spreadsheet([HEADER, ...many]));
    expect(res.statusCode).toBe(413);
    expect(res.json()).toMatchObject({ message: IMPORT_TEXT.tooManyRows, errors: { file: IMPORT_TEXT.tooManyRows } });
    expect(await userCount()).toBe(before);
  });

  it('needs an active client and a file', async () => {
    expect((await upload(spreadsheet([HEADER, ...ROWS]), { client: '' })).json()).toMatchObject({ errors: { clientId: IMPORT_TEXT.clientRequired } });
    expect((await upload(spreadsheet([HEADER, ...ROWS]), { client: String(inactiveClientId) })).statusCode).toBe(400);
    const json = await t.app.inject({ method: 'POST', url: '/api/web-users/massive', payload: { clientId }, headers: t.authHeader(admin) });
    expect(json.json().message).toBe(IMPORT_TEXT.fileRequired);
  });
});

describe('rows', () => {
  it('refuses the whole file when a row is invalid or an e-mail repeats, with a result per row', async () => {
    const before = await userCount();
    const res = await upload(
      spreadsheet([
        HEADER,
        ...ROWS,
        ['Pedro', '', 'pedro@bfs.com.ar', '', 'Cliente'],
        ['Otra', 'Vez', 'MARIANO.QUIROGA@bfs.com.ar', '', 'Cliente'],
        ['Ya', 'Existe', 'admin@campo.test', '', 'Franquicia'],
        ['Sin', 'Rol', 'sin.rol@bfs.com.ar', '', 'Jefe'],
        ['Tel', 'Malo', 'tel@bfs.com.ar', '011 15 3333', 'Cliente'],
        // Everything wrong at once: said at once, one upload instead of four.
        ['', 'Varios', 'no-es-un-email', '11 45', 'Jefe'],
      ]),
    );
    expect(res.statusCode).toBe(400);
    const answer = res.json() as BulkAnswer & { errors: Record<string, string> };
    expect(answer.message).toBe(IMPORT_TEXT.rowsWithErrors);
    expect(answer.created).toBe(0);
    expect(answer.results.map((r) => [r.row, r.ok])).toEqual([
      [2, true],
      [3, true],
      [4, true],
      [5, true],
      [6, false],
      [7, false],
      [8, false],
      [9, false],
      [10, false],
      [11, false],
    ]);
    expect(answer.errors).toEqual({
      'fila 6': 'Apellido: Requerido',
      'fila 7': 'Email: El email ya aparece en la fila 2 del archivo.',
      'fila 8': 'Email: Ya existe un usuario con ese email.',
      'fila 9': `Rol: ${IMPORT_TEXT.roleInvalid}`,
      'fila 10': 'Telefono: Número de teléfono es inválido',
      'fila 11': `Nombre: Requerido; Email: Dirección de email inválida; Telefono: Número de teléfono es inválido; Rol: ${IMPORT_TEXT.roleInvalid}`,
    });
    expect(answer.results[0].message).toBe(IMPORT_TEXT.notWritten);
    expect(await userCount()).toBe(before);
  });

  it('refuses rows whose role is not a client\'s: the import never creates staff, nor users without a client', async () => {
    const before = await userCount();
    const res = await upload(
      spreadsheet([
        HEADER,
        ROWS[0],
        ['Adrián', 'Molina', 'adrian.molina@bfs.com.ar', '', 'Administrador'],
        ['Olga', 'Ríos', 'olga.rios@bfs.com.ar', '', 1],
        ['Gastón', 'Paz', 'gaston.paz@bfs.com.ar', '', 'Getter'],
      ]),
    );
    expect(res.statusCode).toBe(400);
    const wrongRole = `Rol: ${IMPORT_TEXT.roleNotOfClient}`;
    expect(res.json().errors).toEqual({ 'fila 3': wrongRole, 'fila 4': wrongRole, 'fila 5': wrongRole });
    expect(wrongRole).toBe('Rol: La carga masiva crea usuarios del cliente elegido: el rol debe ser Cliente, Franquicia, Inactivo o Gerente zonal.');
    expect(await userCount()).toBe(before);
  });

  it('writes every row of a good file, each user with the chosen client', async () => {
    const before = await userCount();
    const res = await upload(spreadsheet([HEADER, ...ROWS, [null, null, null, null, null]]));
    expect(res.statusCode, res.body).toBe(201);
    const answer = res.json() as BulkAnswer;
    expect(answer).toMatchObject({ created: 4, message: 'Se importaron 4 usuarios.' });
    expect(answer.results.every((r) => r.ok && r.message === IMPORT_TEXT.created)).toBe(true);
    expect(await userCount()).toBe(before + 4);
    const stored = await t.db.select().from(users).where(sql`${users.email} like '%@bfs.com.ar'`).orderBy(users.id);
    expect(stored.map((u) => [u.names, u.rolId, u.clientId, u.primaryPhone, u.status])).toEqual([
      ['Mariano', 5, clientId, '3415550001', true],
      ['Silvina', 6, clientId, null, true],
      ['Ramiro', 14, clientId, '3415550003', true],
      ['Noelia', 15, clientId, null, true],
    ]);
    // One hash of a random password for the whole import: nobody can log in until they restore it.
    expect(new Set(stored.map((u) => u.passwordHash)).size).toBe(1);
    await expect(t.login('mariano.quiroga@bfs.com.ar', '')).rejects.toThrow();
    const again = await upload(spreadsheet([HEADER, ...ROWS]));
    expect(again.statusCode).toBe(400);
    expect(again.json().results.every((r: { ok: boolean }) => !r.ok)).toBe(true);
  });

  it('counts a big import in the users list at once: the estimate past 1,000 rows sees the new users', async () => {
    const rows = Array.from({ length: 1500 }, (_, i) => [`Usuario${i}`, 'Masivo', `masivo${i}@carga.com.ar`, '', 5]);
    const res = await upload(spreadsheet([HEADER, ...rows]));
    expect(res.statusCode, res.body).toBe(201);
    const total = await userCount();
    const list = await t.app.inject({ method: 'GET', url: '/api/web-users?limit=10', headers: t.authHeader(admin) });
    expect(list.statusCode, list.body).toBe(200);
    const { count, countEstimated } = list.json() as { count: number; countEstimated?: boolean };
    // An estimate within a tenth of the truth (it said 'aprox. 1.001' for some 3,000 users).
    expect(total).toBeGreaterThan(1500);
    if (countEstimated) expect(Math.abs(count - total) / total).toBeLessThan(0.1);
    else expect(count).toBe(total);
  });

  it('reads legacy .xls files too', async () => {
    const res = await upload(spreadsheet([HEADER, ['Elsa', 'Paredes', 'elsa.paredes@bfs.com.ar', '3415550009', 'Franquicia']], 'biff8'), { name: 'usuarios.xls' });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ created: 1, message: 'Se importó 1 usuario.' });
  });
});

describe('the e-mails of a chosen file that already have a user', () => {
  const ask = (emails: unknown, token = admin) => t.app.inject({ method: 'POST', url: '/api/web-users/taken-emails', headers: { authorization: `Bearer ${token}` }, payload: { emails } });

  it('answers the taken ones lower-cased, whatever their capitals and spaces, and not the free ones', async () => {
    const res = await ask([' OPERACIONES@campo.test', 'nadie.todavia@andinos.com.ar', 'admin@CAMPO.test']);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().taken.sort()).toEqual(['admin@campo.test', 'operaciones@campo.test']);
  });

  it('is for those who load users, and takes no more e-mails than a file has rows', async () => {
    expect((await ask(['admin@campo.test'], (await t.login('comercial@campo.test')).token)).statusCode).toBe(403);
    const tooMany = await ask(Array.from({ length: BULK_MAX_ROWS + 1 }, (_, i) => `u${i}@x.com`));
    expect([tooMany.statusCode, tooMany.json().errors?.emails]).toEqual([400, IMPORT_TEXT.tooManyRows]);
  });
});
