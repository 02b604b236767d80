/** CSV files of points of sale for the bulk-load tests and the import benchmark. */
import { CSV_COLUMNS } from '../../domain/locationsCsv';

const PLACES = [
  ['Argentina', 'Córdoba', 'Córdoba', '-31.4201', '-64.1888'],
  // Case and accents forgiven: the server matches 'cordoba' to 'Córdoba'.
  ['argentina', 'CORDOBA', 'rio cuarto', '-33.1232', '-64.3493'],
  ['Argentina', 'Santa Fe', 'Rosario', '-32.9442', '-60.6505'],
  ['Argentina', 'Ciudad Autonoma de Buenos Aires', 'Palermo', '-34.5889', '-58.4306'],
  ['Uruguay', 'Montevideo', 'Montevideo', '-34.9011', '-56.1645'],
];

/** One row of the template, valid unless `overrides` says otherwise (by header). */
export function csvRow(n: number, overrides: Partial<Record<(typeof CSV_COLUMNS)[number]['header'], string>> = {}, prefix = 'CSV'): string[] {
  const [country, state, city, lat, lng] = PLACES[n % PLACES.length];
  const row: Record<string, string> = {
    Nombre: `Local importado ${n}`,
    'ID Operativo': `OP-${prefix}-${n}`,
    'Código de Locación del Cliente': `${prefix}-${String(n).padStart(6, '0')}`,
    Teléfono: `351${String(4000000 + n)}`,
    Dirección: `Av. Siempre Viva ${n}`,
    Zona: n % 2 ? 'Centro' : 'Norte',
    País: country,
    'Estado/Provincia': state,
    Ciudad: city,
    Latitud: lat,
    Longitud: lng,
    Ejecutivo: 'Marta Ejecutiva',
    Emails: `ejecutivo${n}@importados.com.ar|calidad@importados.com.ar`,
    Encargado: 'Raúl Encargado',
    'Email del encargado': `encargado${n}@importados.com.ar`,
    'Días de trabajo': 'Lunes a viernes',
    'Horario de apertura': '09:00',
    'Horario de cierre': '18:00',
    ...overrides,
  };
  return CSV_COLUMNS.map((c) => row[c.header]);
}

const quote = (cell: string, sep: string) => (/["\r\n]/.test(cell) || cell.includes(sep) ? `"${cell.replace(/"/g, '""')}"` : cell);

/** A whole file: header and rows, with the separator and (by default) a UTF-8 BOM. */
export function csvFile(rows: string[][], { separator = ';', bom = true }: { separator?: ';' | ','; bom?: boolean } = {}): string {
  const lines = [CSV_COLUMNS.map((c) => c.header), ...rows].map((cells) => cells.map((c) => quote(c, separator)).join(separator));
  return `${bom ? '\uFEFF' : ''}${lines.join('\r\n')}\r\n`;
}

/** A multipart/form-data body for app.inject. */
export function multipart(parts: ({ name: string; value: string } | { name: string; filename: string; type: string; content: Buffer | string })[]) {
  const boundary = `----campo${Math.random().toString(16).slice(2)}`;
  const chunks: Buffer[] = [];
  for (const part of parts) {
    chunks.push(Buffer.from(`--${boundary}\r\n`));
    if ('filename' in part) {
      chunks.push(Buffer.from(`Content-Disposition: form-data; name="${part.name}"; filename="${part.filename}"\r\nContent-Type: ${part.type}\r\n\r\n`));
      chunks.push(Buffer.isBuffer(part.content) ? part.content : Buffer.from(part.content));
    } else {
      chunks.push(Buffer.from(`Content-Disposition: form-data; name="${part.name}"\r\n\r\n${part.value}`));
    }
    chunks.push(Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}
