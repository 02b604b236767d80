/** The bulk load's template (its example row) and 'Formato del archivo', held to the rules the load applies. */
import { describe, expect, it } from 'vitest';
import { foldName } from '../../domain/locations';
import { CSV_COLUMNS, csvRowToLocation, locationHeaderProblem, type PlaceFinder, templateOf } from '../../domain/locationsCsv';
import { csvAttributesRule, CSV_EXAMPLE_CODE, CSV_FILE_RULES, csvColumnGuide, csvExampleRow, csvTemplate, EXAMPLE_TEXT, isExampleLocation, isRequiredColumn } from '../../domain/locationsCsvTemplate';
import { MSG } from '../../domain/validation';
import { parseRows } from '../../server/services/csvFile';

/** The reference places' names as the server's finder takes them (capitals and accents aside). */
const places: PlaceFinder = {
  country: (name) => (foldName(name) === 'argentina' ? 1 : null),
  state: (_, name) => ({ 'ciudad autonoma de buenos aires': 2, cordoba: 3 })[foldName(name)] ?? null,
  city: (stateId, name) => ((stateId === 2 && foldName(name) === 'palermo') || (stateId === 3 && foldName(name) === 'villa maria') ? 4 : null),
};

describe('the template', () => {
  it('is the header row and one example row that the load reads and accepts as it is', () => {
    const template = csvTemplate();
    expect(template.startsWith('\uFEFF')).toBe(true);
    const rows = parseRows(template, 10);
    expect(rows.map((r) => r.line)).toEqual([1, 2]);
    expect(locationHeaderProblem(rows[0].cells)).toBeNull();
    expect(rows[1].cells).toEqual(csvExampleRow());
    const read = csvRowToLocation(rows[1].cells, 2, 7, places);
    expect(read.ok).toBe(true);
    if (read.ok) {
      // Coordinates with a decimal comma, two e-mails in one cell (the first the executive's), the code that marks it an example.
      expect(read.location).toMatchObject({ clientLocationId: CSV_EXAMPLE_CODE, countryId: 1, stateId: 2, cityId: 4, latitude: -34.5889, longitude: -58.4306 });
      expect(read.location.emails).toHaveLength(2);
      expect(read.location.emailExecutive).toBe(read.location.emails[0]);
      expect(isExampleLocation(read.location)).toBe(true);
    }
  });

  it('quotes a cell that holds the separator, a quote or a line break', () => {
    expect(templateOf([{ header: 'A' }, { header: 'B' }], [['x;y', 'dijo "sí"\nfin']])).toBe('\uFEFFA;B\r\n"x;y";"dijo ""sí""\nfin"\r\n');
    expect(templateOf([{ header: 'A' }])).toBe('\uFEFFA\r\n');
  });
});

describe('the example row', () => {
  it('is known by its code, in any capitals; another code or none is a point of sale', () => {
    expect(isExampleLocation({ clientLocationId: 'ejemplo-1' })).toBe(true);
    expect(isExampleLocation({ clientLocationId: 'EJEMPLO-2' })).toBe(false);
    expect(isExampleLocation({ clientLocationId: null })).toBe(false);
    expect(EXAMPLE_TEXT.skipped(2)).toBe('Línea 2: es la fila de ejemplo de la plantilla (código EJEMPLO-1); no se cargó.');
  });
});

describe("'Formato del archivo'", () => {
  it('names every column of the template in order, each with a format, and only the code and the zone optional', () => {
    const guide = csvColumnGuide();
    expect(guide.map((c) => c.header)).toEqual(CSV_COLUMNS.map((c) => c.header));
    expect(guide.every((c) => c.format.length > 0)).toBe(true);
    expect(guide.filter((c) => !c.required).map((c) => c.header)).toEqual(['Código de Locación del Cliente', 'Zona']);
  });

  it('calls required exactly the columns whose empty cell the load refuses, in a row other than the example', () => {
    const row: Record<string, string> = {
      Nombre: 'Farmacia Centro',
      'ID Operativo': 'F-1',
      'Código de Locación del Cliente': 'F-0001',
      Teléfono: '3534123456',
      Dirección: 'San Martín 50',
      Zona: 'Centro',
      País: 'ARGENTINA',
      'Estado/Provincia': 'cordoba',
      Ciudad: 'Villa Maria',
      Latitud: '-32.4075',
      Longitud: '-63,2402',
      Ejecutivo: 'Lucía',
      Emails: 'lucia@farmacia.com.ar|calidad@farmacia.com.ar',
      Encargado: 'Raúl',
      'Email del encargado': 'raul@farmacia.com.ar',
      'Días de trabajo': 'Lunes a viernes',
      'Horario de apertura': '08:00',
      'Horario de cierre': '20:00',
    };
    const cells = (empty?: string) => CSV_COLUMNS.map((c) => (c.header === empty ? '' : row[c.header]));
    expect(csvRowToLocation(cells(), 2, 7, places).ok).toBe(true);
    for (const column of CSV_COLUMNS) {
      const read = csvRowToLocation(cells(column.header), 2, 7, places);
      expect(read.ok, column.header).toBe(!isRequiredColumn(column.field));
      // The load's error names the column (the place's three as one).
      // An empty cell is told once, 'Requerido', not besides that its content is invalid.
      if (!read.ok && !['country', 'state', 'city'].includes(column.field)) expect(read.errors, column.header).toEqual([`Línea 2: ${MSG.required} (${column.header})`]);
      if (!read.ok) expect(read.errors.join(' '), column.header).toMatch(/\((Nombre|ID Operativo|Teléfono|Dirección|País, Estado\/Provincia y Ciudad|Latitud|Longitud|Ejecutivo|Emails|Encargado|Email del encargado|Días de trabajo|Horario de apertura|Horario de cierre)\)/);
    }
  });

  it("says the file's limits, separators, encodings and what to do with the example row", () => {
    const rules = CSV_FILE_RULES.join('\n');
    expect(rules).toContain('Hasta 20.000 filas y 10 MB por archivo.');
    expect(rules).toContain('punto y coma (;) o coma (,)');
    expect(rules).toContain('UTF-8 (con o sin BOM) o Windows-1252');
    expect(rules).toContain('La fila con código EJEMPLO-1 es un ejemplo: reemplácela por sus puntos de venta. Si queda en el archivo, no se carga.');
  });

  it("says what the points of sale loaded get of the client's attributes, which the file does not hold", () => {
    const size = { id: 1, name: 'Tamaño', isRequired: true, values: [{ id: 10, value: 'Chico', isDefault: false }, { id: 11, value: 'Grande', isDefault: true }] };
    const format = { id: 2, name: 'Formato', isRequired: true, values: [{ id: 20, value: 'Local a la calle', isDefault: true }] };
    const parking = { id: 3, name: 'Estacionamiento', isRequired: false, values: [{ id: 30, value: 'Sí', isDefault: true }] };
    expect(csvAttributesRule([size, parking, format])).toBe(
      'Los atributos del cliente no van en el archivo. Cada punto de venta cargado toma el valor por defecto de los obligatorios (Tamaño: Grande; Formato: Local a la calle); los demás se eligen después en el formulario de cada punto de venta.',
    );
    expect(csvAttributesRule([parking])).toBe('Los atributos del cliente no van en el archivo: ninguno es obligatorio, y se eligen después en el formulario de cada punto de venta.');
    expect(csvAttributesRule([])).toBe('El cliente no tiene atributos: el archivo tampoco los lleva.');
    // No client chosen yet: the rule in general.
    expect(csvAttributesRule(null)).toMatch(/^Los atributos del cliente no van en el archivo: cada punto de venta cargado toma el valor por defecto de los obligatorios;/);
  });
});
