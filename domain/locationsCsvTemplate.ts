/**
 * The bulk load's template and its guide (spec 1 §2.5): the file 'DESCARGAR CSV' gives, with one example
 * row, and 'Formato del archivo', what the screen says of each column. Both come from the columns the
 * server reads (CSV_COLUMNS) and its rules: whether a column is required is asked of the row check itself.
 */
import { defaultFeatureValues, foldLocationCode, foldName, LOCATION_CODE_MAX, LOCATION_NAME_MAX, type LocationInput } from './locations';
import { CSV_COLUMNS, csvRowToLocation, MAX_CSV_BYTES, MAX_CSV_ROWS, type PlaceFinder, templateOf } from './locationsCsv';
import { formatCount } from './numbers';

type CsvField = (typeof CSV_COLUMNS)[number]['field'];

/** The example row's code: a row with it is the template's example and is never written (docs/decisions.md). */
export const CSV_EXAMPLE_CODE = 'EJEMPLO-1';

const PLACE_NAMES = 'mayúsculas, acentos y espacios de más no importan';

/**
 * Each column's format as the screen says it, and its cell in the example row. The example's place is of
 * the reference data every installation has; its coordinates are written with a decimal comma, what a
 * spreadsheet in Spanish reads as a number and saves back unchanged (a point, it takes for thousands).
 */
const COLUMN_GUIDE: Record<CsvField, { format: string; example: string }> = {
  fullName: { format: `Texto, hasta ${LOCATION_NAME_MAX} caracteres.`, example: 'Punto de venta de ejemplo (reemplace esta fila)' },
  clientLocationName: { format: `Texto, hasta ${LOCATION_NAME_MAX} caracteres.`, example: 'OP-0001' },
  clientLocationId: {
    format: `Sin espacios, hasta ${LOCATION_CODE_MAX} caracteres. No puede repetir el de otro punto de venta del cliente (sin distinguir mayúsculas). Sin código, una fila con el nombre y la dirección de un punto de venta que el cliente ya tiene no se vuelve a crear.`,
    example: CSV_EXAMPLE_CODE,
  },
  telephone: { format: 'Solo números (hasta 20), sin espacios, guiones ni +.', example: '1145678900' },
  street: { format: 'Calle y número.', example: 'Av. Santa Fe 3253' },
  zone: { format: 'Texto.', example: 'Norte' },
  country: { format: `Nombre de un país de la plataforma (${PLACE_NAMES}).`, example: 'Argentina' },
  state: { format: `Nombre de un estado o provincia de ese país (${PLACE_NAMES}).`, example: 'Ciudad Autónoma de Buenos Aires' },
  city: { format: `Nombre de una ciudad de esa provincia (${PLACE_NAMES}).`, example: 'Palermo' },
  latitude: { format: 'Número entre -90 y 90, con coma o punto decimal: -34,5889 o -34.5889.', example: '-34,5889' },
  longitude: { format: 'Número entre -180 y 180, con coma o punto decimal.', example: '-58,4306' },
  executive: { format: 'Nombre del ejecutivo.', example: 'Lucía Gómez' },
  emails: {
    format: 'Uno o más emails (hasta 50) en la misma celda, separados por coma, espacio, punto y coma o barra (|). El primero es el email del ejecutivo.',
    example: 'lucia.gomez@example.com, calidad@example.com',
  },
  manager: { format: 'Nombre del encargado.', example: 'Raúl Pérez' },
  emailManager: { format: 'Un email.', example: 'raul.perez@example.com' },
  workDays: { format: 'Texto, p. ej. Lunes a sábado.', example: 'Lunes a sábado' },
  openingHours: { format: 'Texto, p. ej. 09:00.', example: '09:00' },
  closingHours: { format: 'Texto, p. ej. 21:00.', example: '21:00' },
};

/** The template's example row, cell by cell in the columns' order. */
export const csvExampleRow = (): string[] => CSV_COLUMNS.map((c) => COLUMN_GUIDE[c.field].example);

/** 'DESCARGAR CSV': the header row and the example row. */
export const csvTemplate = () => templateOf(CSV_COLUMNS, [csvExampleRow()]);

/** Whether a row the load read is the template's example (by its code, as codes are compared). */
export const isExampleLocation = (location: Pick<LocationInput, 'clientLocationId'>) =>
  location.clientLocationId !== null && foldLocationCode(location.clientLocationId) === foldLocationCode(CSV_EXAMPLE_CODE);

export const EXAMPLE_TEXT = {
  /** In the answer's 'Filas que no se cargaron'. */
  skipped: (line: number) => `Línea ${line}: es la fila de ejemplo de la plantilla (código ${CSV_EXAMPLE_CODE}); no se cargó.`,
  onlyExample: `No se cargó ningún punto de venta: el archivo solo tiene la fila de ejemplo de la plantilla (código ${CSV_EXAMPLE_CODE}). Reemplácela por sus puntos de venta.`,
} as const;

/** Finds only the example's places: the row check run on the example row with one cell emptied. */
const examplePlaces = (): PlaceFinder => {
  const [country, state, city] = (['country', 'state', 'city'] as const).map((f) => foldName(COLUMN_GUIDE[f].example));
  return {
    country: (name) => (foldName(name) === country ? 1 : null),
    state: (_, name) => (foldName(name) === state ? 1 : null),
    city: (_, name) => (foldName(name) === city ? 1 : null),
  };
};

/** Whether the load refuses a row with this column empty: asked of the check itself, so the guide cannot say otherwise. */
export function isRequiredColumn(field: CsvField): boolean {
  const row = CSV_COLUMNS.map((c) => (c.field === field ? '' : COLUMN_GUIDE[c.field].example));
  return !csvRowToLocation(row, 2, 1, examplePlaces()).ok;
}

export interface CsvColumnGuide {
  header: string;
  required: boolean;
  format: string;
}

/** 'Formato del archivo': each column in order, whether it is required and its format. */
export const csvColumnGuide = (): CsvColumnGuide[] => CSV_COLUMNS.map((c) => ({ header: c.header, required: isRequiredColumn(c.field), format: COLUMN_GUIDE[c.field].format }));

/** What the guide says of the whole file: what the server's reading of it (server/services/csvFile.ts) takes. */
export const CSV_FILE_RULES = [
  'La primera fila es la de encabezados de la plantilla, con sus columnas en ese orden.',
  'Separador: punto y coma (;) o coma (,). Una celda que contiene el separador, comillas o un salto de línea va entre comillas dobles (las planillas de cálculo lo hacen solas).',
  'Codificación: UTF-8 (con o sin BOM) o Windows-1252 (el "CSV" de Excel).',
  `Hasta ${formatCount(MAX_CSV_ROWS)} filas y ${MAX_CSV_BYTES / 1024 / 1024} MB por archivo. Se cargan todas las filas o ninguna: si alguna tiene errores, Estado los muestra por línea.`,
  `La fila con código ${CSV_EXAMPLE_CODE} es un ejemplo: reemplácela por sus puntos de venta. Si queda en el archivo, no se carga.`,
] as const;

interface AttributeLike {
  id: number;
  name: string;
  isRequired: boolean;
  values: readonly { id: number; value: string; isDefault: boolean }[];
}

/**
 * What the load does with the client's attributes, which the file does not hold: each point of sale loaded
 * takes the default value of the required ones (as a new one in the form), named when the client is known
 * (`features`; null while it is not chosen or still loading); the others are chosen later in its form.
 */
export function csvAttributesRule(features: readonly AttributeLike[] | null): string {
  const later = 'los demás se eligen después en el formulario de cada punto de venta.';
  if (features === null) return `Los atributos del cliente no van en el archivo: cada punto de venta cargado toma el valor por defecto de los obligatorios; ${later}`;
  if (!features.length) return 'El cliente no tiene atributos: el archivo tampoco los lleva.';
  // The form's own rule for a new point of sale's attributes.
  const defaults = defaultFeatureValues(features).map(({ featureId, id }) => {
    const feature = features.find((f) => f.id === featureId)!;
    return `${feature.name}: ${feature.values.find((v) => v.id === id)!.value}`;
  });
  if (!defaults.length) return 'Los atributos del cliente no van en el archivo: ninguno es obligatorio, y se eligen después en el formulario de cada punto de venta.';
  return `Los atributos del cliente no van en el archivo. Cada punto de venta cargado toma el valor por defecto de los obligatorios (${defaults.join('; ')}); ${later}`;
}
