/**
 * The bulk upload of clients ('Carga de clientes', spec 1 §2.4; its content is not shown, docs/decisions.md):
 * a CSV with the client form's columns, every row checked with the form's rules, all written or none.
 */
import { type ClientInput, clientSchema } from './clients';
import { headerProblem, templateOf, withoutEmptyTail } from './locationsCsv';
import { nameKey } from './validation';
import { formatCount } from './numbers';

export const CLIENTS_CSV_TEXT = {
  title: 'Carga de clientes',
  fileName: 'clientes.csv',
  hasErrors: (n: number) => `El archivo tiene ${formatCount(n)} ${n === 1 ? 'error' : 'errores'}: no se cargó ningún cliente.`,
  imported: (n: number) => (n === 1 ? 'Se cargó 1 cliente.' : `Se cargaron ${formatCount(n)} clientes.`),
  placeholder: 'Si el archivo tiene errores, aparecerán aquí, uno por línea.',
  help: 'Descargue la plantilla, complete una fila por cliente (los mismos datos que el formulario de cliente) y adjúntela. Se cargan todas las filas o ninguna.',
} as const;

export const MAX_CLIENT_ROWS = 5_000;

/** The template's columns, in order: the client field each fills and its header (the form's labels). */
export const CLIENT_CSV_COLUMNS = [
  { field: 'name', header: 'Nombre' },
  { field: 'address', header: 'Dirección' },
  { field: 'telephone', header: 'Teléfono' },
  { field: 'email', header: 'Email' },
  { field: 'type', header: 'Tipo' },
  { field: 'imageUrl', header: 'URL de la imagen (banner)' },
  { field: 'claimUrl', header: 'URL de reclamos' },
  { field: 'contactUrl', header: 'URL de contacto' },
  { field: 'linkSurveyMonkey', header: 'Link de encuesta' },
] as const;

export const clientCsvTemplate = () => templateOf(CLIENT_CSV_COLUMNS);

/** The header row's first problem (a column missing, moved, misspelled or extra), or null. */
export const clientHeaderProblem = (cells: readonly string[]) => headerProblem(CLIENT_CSV_COLUMNS, cells);

const HEADER: Record<string, string> = Object.fromEntries(CLIENT_CSV_COLUMNS.map((c) => [c.field, c.header]));
HEADER.typeId = HEADER.type;

/**
 * A row read: the client, or its problems and, when its name is one, that name (read as the form saves it)
 * and its key, so that a bad line is also told its name is taken: every problem in one answer.
 */
export type ClientRow = { ok: true; client: ClientInput; key: string } | { ok: false; errors: string[]; name?: string; key?: string };

/**
 * One data row (`line` its line in the file, the header being 1): the form's rules, field by field, and
 * the type by its name (`typeOf`: capitals and accents aside; empty is no type).
 */
export function csvRowToClient(row: readonly string[], line: number, typeOf: (name: string) => number | null): ClientRow {
  const cells = withoutEmptyTail(row, CLIENT_CSV_COLUMNS.length);
  if (cells.length !== CLIENT_CSV_COLUMNS.length) return { ok: false, errors: [`Línea ${line}: se esperaban ${CLIENT_CSV_COLUMNS.length} columnas y hay ${cells.length}.`] };
  const cell = Object.fromEntries(CLIENT_CSV_COLUMNS.map((c, i) => [c.field, cells[i] ?? ''])) as Record<(typeof CLIENT_CSV_COLUMNS)[number]['field'], string>;
  const errors: string[] = [];
  const typeName = cell.type.trim();
  const typeId = typeName ? typeOf(typeName) : null;
  if (typeName && typeId === null) errors.push(`Línea ${line}: el tipo de cliente "${typeName}" no existe. (Tipo)`);
  const { type: _type, ...fields } = cell;
  const parsed = clientSchema.safeParse({ ...fields, typeId });
  if (!parsed.success) {
    // One problem per cell, as the form shows one per field: an empty URL is 'Requerido', not also an invalid address.
    const told = new Set<string>();
    for (const issue of parsed.error.issues) {
      const field = String(issue.path[0] ?? '');
      if (told.has(field)) continue;
      told.add(field);
      errors.push(`Línea ${line}: ${issue.message}${HEADER[field] ? ` (${HEADER[field]})` : ''}`);
    }
  }
  if (errors.length || !parsed.success) {
    const name = clientSchema.shape.name.safeParse(cell.name);
    return { ok: false, errors, ...(name.success ? { name: name.data, key: nameKey(name.data) } : {}) };
  }
  return { ok: true, client: parsed.data, key: nameKey(parsed.data.name) };
}
