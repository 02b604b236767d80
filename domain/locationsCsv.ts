/**
 * The bulk load of points of sale (spec 1 §2.5, §9): the template's 18 columns in order, and how a
 * row becomes a location checked with the same rules as the form.
 */
import { z } from 'zod';
import { messageAnswer } from './answers';
import { codeAsRead, foldName, type LocationInput, locationSchema, splitEmails } from './locations';
import { formatCount } from './numbers';

/** A count as the pager writes it: thousands dotted ('20.000'). */

export const CSV_TEXT = {
  title: 'Carga masiva de Puntos de Venta',
  fileName: 'puntos_de_venta.csv',
  /** '{type} no es un formato soportado.' in the file picker. */
  unsupportedType: (type: string) => `${type} no es un formato soportado.`,
  /** Another load wrote some of the same codes between our check and our write: nothing was written. */
  concurrentCodes:
    'Otra carga guardó puntos de venta con algunos de estos códigos al mismo tiempo. No se escribió ninguna fila: vuelva a subir el archivo para ver cuáles ya existen.',
  unsupportedDrop: 'Formato de archivo no soportado',
  noFile: 'Adjunte un archivo CSV en el campo csvFile.',
  /** The client named twice, in the address and in the form, differently: which one the rows are for is not guessed. */
  twoClients: 'La dirección y el formulario nombran clientes distintos: envíe uno solo.',
  notText: 'El archivo no es un CSV de texto (UTF-8 o Windows-1252, como lo guarda Excel).',
  empty: 'El archivo está vacío.',
  /** A quoted cell that never closes: it would have taken the rest of the file into it. */
  unclosedQuote: (line: number, column: number) =>
    `Línea ${line}: la celda de la columna ${column} abre comillas (") que no se cierran en el resto del archivo: ciérrelas o quítelas. No se cargó nada.`,
  /**
   * Leaving while a load runs: the server finishes it either way; the screen, gone, cannot show its
   * answer, so the notice does.
   */
  leaveWhileLoading: 'La carga sigue en curso / El servidor la terminará aunque salga, y su resultado aparecerá en un aviso. ¿Deseas salir?',
  tooManyRows: (max: number) => `El archivo supera el máximo de ${formatCount(max)} filas por carga.`,
  cellTooLong: (line: number, max: number) => `Línea ${line}: una celda tiene más de ${formatCount(max)} caracteres; ningún dato de la carga es tan largo.`,
  hasErrors: (count: number) => `El archivo tiene ${formatCount(count)} ${count === 1 ? 'error' : 'errores'}: no se cargó ningún punto de venta.`,
  /** After the lines shown (a CSV load names its first 500 bad lines). */
  /** The button under a long list of error lines: all of them, as a text file. */
  downloadLines: 'Descargar todas las líneas (.txt)',
  moreErrors: (count: number) => `… y ${formatCount(count)} ${count === 1 ? 'error' : 'errores'} más.`,
  imported: (count: number) => (count === 1 ? 'Se cargó 1 punto de venta.' : `Se cargaron ${formatCount(count)} puntos de venta.`),
  /**
   * A load some of whose rows without a code were points of sale the client already had (same name and
   * address): those were not created again. `created` may be 0 (the same file uploaded twice).
   */
  importedWithKnown: (created: number, known: number) => {
    if (created === 0) {
      return known === 1
        ? 'No se cargó ningún punto de venta: la fila del archivo es un punto de venta que el cliente ya tiene (mismo nombre y dirección).'
        : `No se cargó ningún punto de venta: las ${formatCount(known)} filas del archivo son puntos de venta que el cliente ya tiene (mismo nombre y dirección).`;
    }
    const knownText =
      known === 1
        ? '1 fila sin código es un punto de venta que el cliente ya tiene (mismo nombre y dirección) y no se volvió a crear.'
        : `${formatCount(known)} filas sin código son puntos de venta que el cliente ya tiene (mismo nombre y dirección) y no se volvieron a crear.`;
    return `${created === 1 ? 'Se cargó 1 punto de venta' : `Se cargaron ${formatCount(created)} puntos de venta`}; ${knownText}`;
  },
  /** After the known rows named (the first 500), the rest counted. */
  moreKnown: (count: number) => `… y ${formatCount(count)} ${count === 1 ? 'fila más' : 'filas más'} que ya existían.`,
  placeholder: 'Si el archivo tiene errores, aparecerán aquí, uno por línea.',
} as const;

/** A CSV bulk load that wrote its rows (`POST /clients/massive`): how many it created, in words too. */
export const csvImportAnswer = messageAnswer.extend({ created: z.number().int().min(0) });
/**
 * The points of sale's (`POST /locations/massive/client`): besides, when rows without a code were points
 * of sale the client already had, how many (`known`) and each one's line (`lines`).
 */
export const locationImportAnswer = csvImportAnswer.extend({ known: z.number().int().min(1).optional(), lines: z.array(z.string()).optional() });

export const MAX_CSV_ROWS = 20_000;
/**
 * A refused load's error lines the server sends: every one up to this many, and this many characters in
 * all (a line may quote a cell of 10,000: a bad file's answer stays a few MB); the screen lists the
 * first ERROR_LINES_LISTED, counts the rest by the answer's `count`, and saves those sent as a file.
 */
export const MAX_ERROR_LINES_SENT = 50_000;
export const MAX_ERROR_CHARS_SENT = 2_000_000;
export const ERROR_LINES_LISTED = 500;

/** The error lines a refused load sends (see MAX_ERROR_LINES_SENT), in order, with no summary line. */
export function errorLinesToSend(lines: readonly string[]): string[] {
  const sent: string[] = [];
  let characters = 0;
  for (const line of lines) {
    characters += line.length;
    if (sent.length === MAX_ERROR_LINES_SENT || (characters > MAX_ERROR_CHARS_SENT && sent.length > 0)) break;
    sent.push(line);
  }
  return sent;
}
export const MAX_CSV_BYTES = 10 * 1024 * 1024;

/** The template's columns, in order: the location field each fills and its header. */
export const CSV_COLUMNS = [
  { field: 'fullName', header: 'Nombre' },
  { field: 'clientLocationName', header: 'ID Operativo' },
  { field: 'clientLocationId', header: 'Código de Locación del Cliente' },
  { field: 'telephone', header: 'Teléfono' },
  { field: 'street', header: 'Dirección' },
  { field: 'zone', header: 'Zona' },
  { field: 'country', header: 'País' },
  { field: 'state', header: 'Estado/Provincia' },
  { field: 'city', header: 'Ciudad' },
  { field: 'latitude', header: 'Latitud' },
  { field: 'longitude', header: 'Longitud' },
  { field: 'executive', header: 'Ejecutivo' },
  { field: 'emails', header: 'Emails' },
  { field: 'manager', header: 'Encargado' },
  { field: 'emailManager', header: 'Email del encargado' },
  { field: 'workDays', header: 'Días de trabajo' },
  { field: 'openingHours', header: 'Horario de apertura' },
  { field: 'closingHours', header: 'Horario de cierre' },
] as const;

/** A template's cell: quoted when it holds the separator, a quote or a line break. */
const templateCell = (cell: string) => (/[;"\r\n]/.test(cell) ? `"${cell.replace(/"/g, '""')}"` : cell);

/**
 * A bulk load's template file: a UTF-8 BOM (so spreadsheets read the accents), the header row and any
 * example rows, ';' between. The points of sale's, with its example row, is `csvTemplate` (locationsCsvTemplate.ts).
 */
export const templateOf = (columns: readonly { header: string }[], rows: readonly (readonly string[])[] = []) =>
  `\uFEFF${[columns.map((c) => c.header), ...rows].map((cells) => cells.map(templateCell).join(';')).join('\r\n')}\r\n`;

const HEADER_LABEL: Record<string, string> = Object.fromEntries(CSV_COLUMNS.map((c) => [c.field, c.header]));
HEADER_LABEL.emailExecutive = 'Emails';
HEADER_LABEL.geography = 'País, Estado/Provincia y Ciudad';

/** Said when the first row is no header at all: none of its cells is a column of the template. */
export const NOT_A_HEADER = 'Línea 1: la primera fila debe ser la de encabezados de la plantilla (descárguela con DESCARGAR CSV).';

/**
 * A row without the empty cells after the template's last column: a spreadsheet that once had something
 * typed past it (deleted since) writes every row with empty columns more, which hold no data to lose (as
 * the users' sheet, empty cells after its last column are no error). A cell with text there stays.
 */
export function withoutEmptyTail(cells: readonly string[], width: number): readonly string[] {
  let end = cells.length;
  while (end > width && cells[end - 1].trim() === '') end -= 1;
  return end === cells.length ? cells : cells.slice(0, end);
}

/**
 * A bulk load's header row against its template: null when it is the template's (capitals and accents
 * aside), else its first problem, naming the column (missing, moved, misspelled or extra).
 */
export function headerProblem(columns: readonly { header: string }[], row: readonly string[]): string | null {
  const cells = withoutEmptyTail(row, columns.length);
  const folded = cells.map((cell) => foldName(cell.trim()));
  if (!folded.some((cell) => columns.some((c) => foldName(c.header) === cell))) return NOT_A_HEADER;
  for (const [i, column] of columns.entries()) {
    const found = cells[i]?.trim() ?? '';
    if (folded[i] !== foldName(column.header)) {
      return found
        ? `Línea 1: la columna ${i + 1} debe ser "${column.header}" y es "${found}" (use la plantilla).`
        : `Línea 1: falta la columna "${column.header}" (use la plantilla).`;
    }
  }
  // The first titled column past the template's (an empty one before it is no column of anyone's).
  const extra = cells.findIndex((cell, i) => i >= columns.length && cell.trim() !== '');
  if (extra !== -1) return `Línea 1: la columna ${extra + 1} ("${cells[extra].trim()}") no es de la plantilla.`;
  return null;
}

export const locationHeaderProblem = (cells: readonly string[]) => headerProblem(CSV_COLUMNS, cells);

/** Finds places by name (case and accents forgiven): the server answers from its tables. */
export interface PlaceFinder {
  country(name: string): number | null;
  state(countryId: number, name: string): number | null;
  city(stateId: number, name: string): number | null;
}

/**
 * A row read: its point of sale, or its errors and, when those cells are fine, its code and its name and
 * address (`same`): a row repeating it, before or after, is told so in the same answer, not once this row
 * is mended.
 */
export type RowResult = { ok: true; location: LocationInput } | { ok: false; errors: string[]; code?: string; same?: SameLocation };

/** What tells one row of the file the same point of sale as another: its name, its address, and no code. */
export type SameLocation = Pick<LocationInput, 'fullName' | 'street' | 'clientLocationId'>;

/** 'Línea N: message (its column's header)', as every error of a row reads. */
export const lineError = (line: number, message: string, field?: string) => `Línea ${line}: ${message}${field && HEADER_LABEL[field] ? ` (${HEADER_LABEL[field]})` : ''}`;

/** The e-mails cell holds one or more addresses separated by spaces, commas, semicolons or bars (the form's rule too). */
export { splitEmails };

/**
 * What says a row without a code is a point of sale already met: its name and its address, folded
 * (capitals, accents and runs of spaces aside), as a person reading the list would take them for one.
 * A row with a code is known by its code alone.
 */
export const sameLocationKey = (location: { fullName: string; street: string }) => `${foldName(location.fullName)}\n${foldName(location.street)}`;

/** A point of sale of the client, as the load compares it. */
export interface KnownLocation {
  fullName: string;
  street: string;
  status: boolean;
}

/**
 * The line's error when a row without a code repeats an earlier row of the file (same name and address):
 * the second is a copy, or a second point of sale that needs a code to be told apart. Else null, and the
 * row joins `seen` (a row with a code joins too: a codeless copy of it is the same point of sale).
 */
export function repeatedRow(line: number, location: SameLocation, seen: Map<string, number>): string | null {
  const key = sameLocationKey(location);
  const earlier = seen.get(key);
  if (earlier !== undefined && !location.clientLocationId) {
    return `Línea ${line}: repite el punto de venta de la línea ${earlier} (mismo nombre y dirección, y esta fila no tiene código): quítela o déle un código.`;
  }
  if (earlier === undefined) seen.set(key, line);
  return null;
}

/**
 * The rows to create and the ones that are points of sale the client already has: a row without a code
 * whose name and address are those of one of `existing` (the same file uploaded twice created every
 * point of sale twice). Each known row is named, saying whether the one it matches is inactive.
 */
export function withoutKnownLocations<T extends { line: number; location: LocationInput }>(rows: readonly T[], existing: readonly KnownLocation[]): { create: T[]; known: string[] } {
  const byKey = new Map<string, KnownLocation>();
  for (const location of existing) {
    const key = sameLocationKey(location);
    // An active one wins: the row is that point of sale.
    if (!byKey.get(key)?.status) byKey.set(key, location);
  }
  const create: T[] = [];
  const known: string[] = [];
  for (const row of rows) {
    const match = row.location.clientLocationId ? undefined : byKey.get(sameLocationKey(row.location));
    if (!match) create.push(row);
    else {
      known.push(
        `Línea ${row.line}: "${row.location.fullName}" en "${row.location.street}" ya es un punto de venta del cliente${match.status ? '' : ' (inactivo: actívelo desde la lista)'}; no se volvió a crear.`,
      );
    }
  }
  return { create, known };
}

/** One data row of the CSV, `line` being its line number in the file (the header is line 1). */
export function csvRowToLocation(row: readonly string[], line: number, clientId: number, places: PlaceFinder): RowResult {
  const cells = withoutEmptyTail(row, CSV_COLUMNS.length);
  if (cells.length !== CSV_COLUMNS.length) {
    return { ok: false, errors: [lineError(line, `se esperaban ${CSV_COLUMNS.length} columnas y hay ${cells.length}.`)] };
  }
  const cell = Object.fromEntries(CSV_COLUMNS.map((c, i) => [c.field, (cells[i] ?? '').trim()])) as Record<(typeof CSV_COLUMNS)[number]['field'], string>;
  const errors: string[] = [];

  const countryId = cell.country ? places.country(cell.country) : null;
  const stateId = countryId && cell.state ? places.state(countryId, cell.state) : null;
  const cityId = stateId && cell.city ? places.city(stateId, cell.city) : null;
  if (cell.country && countryId === null) errors.push(lineError(line, `no existe el país "${cell.country}"`, 'country'));
  else if (countryId && cell.state && stateId === null) errors.push(lineError(line, `no existe "${cell.state}" en ${cell.country}`, 'state'));
  else if (stateId && cell.city && cityId === null) errors.push(lineError(line, `no existe la ciudad "${cell.city}" en ${cell.state}`, 'city'));

  const emails = splitEmails(cell.emails);
  const parsed = locationSchema.safeParse({
    clientId,
    fullName: cell.fullName,
    clientLocationName: cell.clientLocationName,
    clientLocationId: cell.clientLocationId,
    telephone: cell.telephone,
    street: cell.street,
    zone: cell.zone,
    countryId,
    stateId,
    cityId,
    // A decimal comma is read by the form's own rule (locations.ts `coordinate`).
    latitude: cell.latitude,
    longitude: cell.longitude,
    executive: cell.executive,
    emails,
    // The template has no executive's e-mail: the first of the list is it.
    emailExecutive: emails[0] ?? '',
    manager: cell.manager,
    emailManager: cell.emailManager,
    workDays: cell.workDays,
    openingHours: cell.openingHours,
    closingHours: cell.closingHours,
  });
  if (parsed.success && errors.length === 0) return { ok: true, location: parsed.data };
  if (!parsed.success) {
    const fields = new Set(parsed.error.issues.map((i) => String(i.path[0])));
    for (const issue of parsed.error.issues) {
      const field = String(issue.path[0]);
      // The executive's e-mail is the list's first: its error is the list's.
      if (field === 'emailExecutive' && fields.has('emails')) continue;
      // A place that was named but not found is already reported.
      if (field === 'geography' && errors.length) continue;
      const message = lineError(line, issue.message, field);
      if (!errors.includes(message)) errors.push(message);
    }
  }
  const wrong = new Set(parsed.success ? [] : parsed.error.issues.map((i) => String(i.path[0])));
  if (wrong.has('clientLocationId')) return { ok: false, errors };
  // The code as a valid row stores it (an invisible character inside it is none), to compare with the others.
  const clientLocationId = codeAsRead(cell.clientLocationId);
  const code = clientLocationId ? { code: clientLocationId } : {};
  if (wrong.has('fullName') || wrong.has('street')) return { ok: false, errors, ...code };
  return { ok: false, errors, ...code, same: { fullName: cell.fullName, street: cell.street, clientLocationId } };
}
