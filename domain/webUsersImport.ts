/**
 * Bulk import of web users (spec 3 §5, §9): the file checks the console runs for comfort and the
 * server runs again for safety. Both read the sheet with SheetJS (`sheet_to_json` with
 * SHEET_READ_OPTIONS) and hand the rows to `checkSheet`.
 */
import { z } from 'zod';
import { messageAnswer } from './answers';
import { isRoleId, requiresClient, ROLE_NAMES, ROLES_WITH_CLIENT, type RoleId } from './roles';
import { email, MSG, optionalPhone, requiredText, tooLong } from './validation';
import { formatCount } from './numbers';

export const BULK_COLUMNS = ['Nombre', 'Apellido', 'Email', 'Telefono', 'Rol'] as const;
export const BULK_SHEET = 'bulk_users';
export const BULK_TEMPLATE = 'plantilla_usuarios.xlsx';
export const BULK_MAX_ROWS = 10_000;
/** The largest spreadsheet the import takes (10,000 rows fit in well under a megabyte). */
export const MAX_BULK_BYTES = 5 * 1024 * 1024;
/** What `XLSX.utils.sheet_to_json` is called with on both sides: rows as arrays, blanks kept. */
export const SHEET_READ_OPTIONS = { header: 1, raw: true, defval: null, blankrows: true } as const;

const CLIENT_ROLE_NAMES = ROLES_WITH_CLIENT.map((r) => ROLE_NAMES[r])
  .join(', ')
  .replace(/, ([^,]+)$/, ' o $1');

export const IMPORT_TEXT = {
  notSpreadsheet: 'El archivo subido no es del tipo xls o xlsx.',
  unreadable: 'No se pudo leer el archivo en el navegador. Recargue la página e intente de nuevo.',
  empty: 'El archivo está vacío.',
  missingColumn: (column: string) => `Columna ${column} faltante o mal escrita.`,
  wrongPosition: (position: number, column: string) => `La columna en la posición ${position} debe ser exactamente ${column}.`,
  /** A titled column after the five: its data would not be imported, so the sheet is refused rather than read in part. */
  extraColumn: (position: number, title: string) => `La columna en la posición ${position} (${title}) no es de la plantilla: la hoja lleva exactamente ${BULK_COLUMNS.join(', ')}.`,
  /** The spec's words, and which row: in a sheet of thousands of rows the user could not find it. */
  blankRow: (row: number) => `Al menos una fila tiene todos sus valores vacíos o no válidos. Es la fila ${row}: bórrela o complétela.`,
  checkingEmails: 'Comprobando qué emails ya tienen usuario…',
  tooManyRows: `El archivo supera el máximo de ${formatCount(BULK_MAX_ROWS)} filas.`,
  fileRequired: 'Seleccione un archivo xls o xlsx.',
  clientRequired: 'Seleccione un cliente.',
  roleInvalid: 'Rol inválido: escriba el número o el nombre del rol.',
  /** The import is for the chosen client's users: staff are created one at a time, in the form. */
  roleNotOfClient: `La carga masiva crea usuarios del cliente elegido: el rol debe ser ${CLIENT_ROLE_NAMES}.`,
  clientRoles: CLIENT_ROLE_NAMES,
  duplicateInFile: (row: number) => `El email ya aparece en la fila ${row} del archivo.`,
  emailTaken: 'Ya existe un usuario con ese email.',
  rowsWithErrors: 'No se importó ningún usuario: corrija las filas con error y vuelva a subir el archivo.',
  created: 'Usuario creado',
  notWritten: 'Fila correcta; no se guardó porque otras filas tienen errores.',
  chooseAgain: 'Para subir otro archivo, elíjalo con «Elegir archivo».',
  ready: (rows: number) => `Archivo listo para subir: ${formatCount(rows)} ${rows === 1 ? 'fila' : 'filas'}.`,
  confirm: (rows: number, client: string) =>
    rows === 1 ? `Se creará 1 usuario para el cliente ${client}. ¿Desea continuar?` : `Se crearán ${formatCount(rows)} usuarios para el cliente ${client}. ¿Desea continuar?`,
  done: (rows: number) => (rows === 1 ? 'Se importó 1 usuario.' : `Se importaron ${formatCount(rows)} usuarios.`),
  /** After the row errors the status panel shows. */
  moreRowErrors: (rows: number) => `… y ${formatCount(rows)} ${rows === 1 ? 'fila más' : 'filas más'} con errores.`,
} as const;

/** xlsx is a ZIP ('PK\x03\x04'); xls is an OLE compound file (D0 CF 11 E0 A1 B1 1A E1). */
export function isSpreadsheetFile(fileName: string, firstBytes: Uint8Array): boolean {
  if (!/\.xlsx?$/i.test(fileName.trim())) return false;
  const starts = (magic: number[]) => magic.every((byte, i) => firstBytes[i] === byte);
  return starts([0x50, 0x4b, 0x03, 0x04]) || starts([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);
}

const two = (n: number) => String(n).padStart(2, '0');
const cellText = (cell: unknown): string => {
  if (typeof cell === 'string') return cell.trim();
  if (typeof cell === 'number' && Number.isFinite(cell)) return String(cell);
  // A date cell as the spreadsheet shows it (SheetJS gives its wall-clock day in local time), not
  // its serial number: 'Nombre' 01/02/2020 was stored as '43862'.
  if (cell instanceof Date && !Number.isNaN(cell.getTime())) return `${two(cell.getDate())}/${two(cell.getMonth() + 1)}/${cell.getFullYear()}`;
  return '';
};

/** The first problem of the header row: a missing or misspelled column, then one out of place, then a titled one after the five. */
export function checkHeader(header: readonly unknown[]): string | null {
  const titles = header.map(cellText);
  const missing = BULK_COLUMNS.find((column) => !titles.includes(column));
  if (missing) return IMPORT_TEXT.missingColumn(missing);
  const misplaced = BULK_COLUMNS.findIndex((column, i) => titles[i] !== column);
  if (misplaced !== -1) return IMPORT_TEXT.wrongPosition(misplaced + 1, BULK_COLUMNS[misplaced]);
  const extra = titles.findIndex((title, i) => i >= BULK_COLUMNS.length && title !== '');
  return extra === -1 ? null : IMPORT_TEXT.extraColumn(extra + 1, titles[extra]);
}

/** One data row as read: the five cells as text, and its row number in the spreadsheet. */
export interface BulkRow {
  row: number;
  names: string;
  lastName: string;
  email: string;
  phone: string;
  role: string;
}

/**
 * Checks a sheet (header first): empty file, columns, rows with every value empty or invalid.
 * Blank rows after the last data row are the spreadsheet's padding, not an error.
 */
export function checkSheet(rows: readonly (readonly unknown[])[]): { error: string } | { rows: BulkRow[] } {
  let last = rows.length - 1;
  while (last >= 0 && (rows[last] ?? []).every((cell) => cellText(cell) === '')) last -= 1;
  if (last < 0) return { error: IMPORT_TEXT.empty };
  const headerError = checkHeader(rows[0] ?? []);
  if (headerError) return { error: headerError };
  if (last === 0) return { error: IMPORT_TEXT.empty };
  if (last > BULK_MAX_ROWS) return { error: IMPORT_TEXT.tooManyRows };
  const out: BulkRow[] = [];
  for (let i = 1; i <= last; i += 1) {
    const cells = BULK_COLUMNS.map((_, c) => cellText((rows[i] ?? [])[c]));
    if (cells.every((c) => c === '')) return { error: IMPORT_TEXT.blankRow(i + 1) };
    const [names, lastName, mail, phone, role] = cells;
    out.push({ row: i + 1, names, lastName, email: mail, phone, role });
  }
  return { rows: out };
}

const fold = (text: string) =>
  text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .trim()
    .toLowerCase();
const ROLE_BY_NAME = new Map(Object.entries(ROLE_NAMES).map(([roleId, name]) => [fold(name), Number(roleId) as RoleId]));

/** The Rol cell: the role's number (5) or its name ('Cliente', accents and case ignored). */
export function parseRole(text: string): RoleId | null {
  const asNumber = Number(text);
  if (/^\d+$/.test(text.trim()) && isRoleId(asNumber)) return asNumber;
  return ROLE_BY_NAME.get(fold(text)) ?? null;
}

/** Control characters no name or address holds: a spreadsheet's '_x0000_' reads as NUL, which PostgreSQL cannot store. */
const CONTROL = /[\u0000-\u001f\u007f]/;
const printable = (max: number) => z.string().max(max, tooLong(max)).refine((v) => !CONTROL.test(v), MSG.unstorable);

const bulkRowSchema = z.object({
  names: requiredText(100).pipe(printable(100)),
  lastName: requiredText(100).pipe(printable(100)),
  email: email.pipe(printable(254)),
  primaryPhone: optionalPhone,
});

const LABELS: Record<string, (typeof BULK_COLUMNS)[number]> = { names: 'Nombre', lastName: 'Apellido', email: 'Email', primaryPhone: 'Telefono' };

export interface BulkUser {
  names: string;
  lastName: string;
  email: string;
  primaryPhone: string | null;
  rolId: RoleId;
  clientId: number;
}

/** How a row's problems are written in its one message: each with its column, in the columns' order. */
export const ROW_PROBLEMS_SEPARATOR = '; ';

/** A row's problems by the template's column they belong to ('Nombre' … 'Rol'). */
type RowProblems = Map<(typeof BULK_COLUMNS)[number], string>;

/** A row's one message: each column at fault with its problem, in the template's order. */
const problemsMessage = (problems: RowProblems) =>
  BULK_COLUMNS.flatMap((column) => (problems.has(column) ? [`${column}: ${problems.get(column)}`] : [])).join(ROW_PROBLEMS_SEPARATOR);

/**
 * Validates one row for the chosen client: every column at fault, each with its first problem (a row
 * with a bad e-mail, phone and role said only the e-mail's, one upload per mistake).
 */
export function validateRow(row: BulkRow, clientId: number): { user: BulkUser } | { problems: RowProblems } {
  const parsed = bulkRowSchema.safeParse({ names: row.names, lastName: row.lastName, email: row.email, primaryPhone: row.phone });
  const problems: RowProblems = new Map();
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const column = LABELS[String(issue.path[0])];
      if (!problems.has(column)) problems.set(column, issue.message);
    }
  }
  const rolId = parseRole(row.role);
  if (rolId === null) problems.set('Rol', row.role ? IMPORT_TEXT.roleInvalid : MSG.required);
  else if (!requiresClient(rolId)) problems.set('Rol', IMPORT_TEXT.roleNotOfClient);
  if (!parsed.success || rolId === null || problems.size) return { problems };
  return { user: { ...parsed.data, rolId, clientId } };
}

/** Per-row outcome shown with a success or failure icon. */
export const bulkResult = z.object({ row: z.number().int(), email: z.string(), ok: z.boolean(), message: z.string() });
export type BulkResult = z.infer<typeof bulkResult>;

/** The answer of POST /web-users/massive, written or refused. */
export const bulkAnswer = messageAnswer.extend({ created: z.number().int().min(0), results: z.array(bulkResult) });

/** `POST /web-users/taken-emails`: which e-mails of a file chosen for the load already have a user. */
export const takenEmailsBody = z.object({ emails: z.array(z.string().max(320)).max(BULK_MAX_ROWS, IMPORT_TEXT.tooManyRows) });
/** The taken ones, lower-cased, as `validateRows` reads them. */
export const takenEmailsAnswer = z.object({ taken: z.array(z.string()) });
export type BulkAnswer = z.infer<typeof bulkAnswer>;

/**
 * Validates every row: its fields, e-mails repeated inside the file and e-mails already taken
 * (lower-cased in `taken`). Valid rows get `okMessage`; when any row fails, none is written.
 */
export function validateRows(rows: readonly BulkRow[], clientId: number, taken: ReadonlySet<string>, okMessage: string): { users: BulkUser[]; results: BulkResult[]; failed: number } {
  const seen = new Map<string, number>();
  const users: BulkUser[] = [];
  const results: BulkResult[] = [];
  let failed = 0;
  for (const row of rows) {
    const checked = validateRow(row, clientId);
    const key = row.email.toLowerCase();
    const firstRow = seen.get(key);
    const problems: RowProblems = 'problems' in checked ? checked.problems : new Map();
    // An e-mail that is one is also checked against the file and the users.
    if (!problems.has('Email')) {
      if (firstRow !== undefined) problems.set('Email', IMPORT_TEXT.duplicateInFile(firstRow));
      else if (taken.has(key)) problems.set('Email', IMPORT_TEXT.emailTaken);
    }
    if (firstRow === undefined && key) seen.set(key, row.row);
    if (problems.size || !('user' in checked)) {
      failed += 1;
      results.push({ row: row.row, email: row.email, ok: false, message: problemsMessage(problems) });
    } else {
      users.push(checked.user);
      results.push({ row: row.row, email: row.email, ok: true, message: okMessage });
    }
  }
  return { users, results, failed };
}

export interface CellRange {
  s: { r: number; c: number };
  e: { r: number; c: number };
}

/**
 * The part of a sheet worth reading: a file may declare a range of a million rows; one row past
 * the maximum is enough to refuse it, and fifty columns to find a misplaced one.
 */
export function readableRange(range: CellRange): CellRange {
  return { s: { r: 0, c: 0 }, e: { r: Math.min(range.e.r, BULK_MAX_ROWS + 1), c: Math.min(range.e.c, 49) } };
}

/** The part of SheetJS the reading needs: the server passes its module, the console its lazy import. */
export interface SheetReader {
  read(data: Uint8Array, options: { type: 'array'; dense: boolean; cellFormula: boolean; cellHTML: boolean; cellText: boolean; cellDates: boolean; sheetRows: number }): {
    SheetNames: string[];
    Sheets: Record<string, { '!ref'?: string }>;
  };
  utils: { decode_range(ref: string): CellRange; sheet_to_json(sheet: never, options: typeof SHEET_READ_OPTIONS & { range: CellRange }): unknown[] };
}

/**
 * Reads a chosen file the same way on both sides: an xls or xlsx by its bytes, the sheet
 * bulk_users (else the first one), then every check of `checkSheet`.
 */
export function readBulkFile(XLSX: SheetReader, fileName: string, bytes: Uint8Array): { error: string } | { rows: BulkRow[] } {
  // An empty .xls/.xlsx is what it is (the spec's message), not a file of another type.
  if (bytes.length === 0 && /\.xlsx?$/i.test(fileName.trim())) return { error: IMPORT_TEXT.empty };
  if (!isSpreadsheetFile(fileName, bytes.subarray(0, 8))) return { error: IMPORT_TEXT.notSpreadsheet };
  let rows: unknown[][];
  try {
    // Only the rows readableRange reads: a 69 KB upload of a million one-cell rows took 2.7 s to build whole.
    const book = XLSX.read(bytes, { type: 'array', dense: true, cellFormula: false, cellHTML: false, cellText: false, cellDates: true, sheetRows: BULK_MAX_ROWS + 2 });
    const sheet = book.Sheets[BULK_SHEET] ?? book.Sheets[book.SheetNames[0]];
    const ref = sheet?.['!ref'];
    rows = ref ? (XLSX.utils.sheet_to_json(sheet as never, { ...SHEET_READ_OPTIONS, range: readableRange(XLSX.utils.decode_range(ref)) }) as unknown[][]) : [];
  } catch {
    return { error: IMPORT_TEXT.notSpreadsheet };
  }
  return checkSheet(rows);
}
