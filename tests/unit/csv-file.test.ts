/** How the bulk loads read a CSV: quotes only at the start of a cell, and a clear error for one left open. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CSV_TEXT } from '../../domain/locationsCsv';
import { parse as csvParse } from 'csv-parse/sync';
import { guessDelimiter, MAX_CELL, parseRows } from '../../server/services/csvFile';

const refusal = (text: string, maxRows = 100) => {
  try {
    parseRows(text, maxRows);
  } catch (error) {
    return { status: (error as { statusCode?: number }).statusCode, message: (error as Error).message };
  }
  throw new Error('the file was read');
};

describe('a quote inside a cell that did not start with one', () => {
  it('is that character, as typed, and the rows after it are read as rows', () => {
    const rows = parseRows('Nombre;Dirección;Zona\nLocal 5" norte;Av. 9 de Julio 5";Centro\nKiosco "El Sol";Calle "B" 12;Norte\n', 100);
    expect(rows).toEqual([
      { cells: ['Nombre', 'Dirección', 'Zona'], line: 1 },
      { cells: ['Local 5" norte', 'Av. 9 de Julio 5"', 'Centro'], line: 2 },
      { cells: ['Kiosco "El Sol"', 'Calle "B" 12', 'Norte'], line: 3 },
    ]);
  });

  it('is read the same with commas, CRLF and a BOM', () => {
    expect(parseRows('\uFEFFa,b\r\nPantalla 32",x\r\n', 100)).toEqual([
      { cells: ['a', 'b'], line: 1 },
      { cells: ['Pantalla 32"', 'x'], line: 2 },
    ]);
  });
});

describe('quoted cells, as a spreadsheet writes them', () => {
  it('keep their separators, doubled quotes and line breaks', () => {
    const rows = parseRows('a;b;c\n"Local; centro";"Kiosco ""El Sol""";"Piso 1\nOficina 2"\nd;e;f\n', 100);
    expect(rows).toEqual([
      { cells: ['a', 'b', 'c'], line: 1 },
      { cells: ['Local; centro', 'Kiosco "El Sol"', 'Piso 1\nOficina 2'], line: 2 },
      { cells: ['d', 'e', 'f'], line: 3 },
    ]);
  });

  it('name a row as a spreadsheet numbers it: an empty line is a row, a cell of several lines is one', () => {
    const rows = parseRows('h;a\n\nx;"dos\nlíneas"\n\n\ny;z\r\nw;"tres\n\nlíneas"\nq;r\n', 100);
    expect(rows.map((r) => [r.cells[0], r.line])).toEqual([
      ['h', 1],
      ['x', 3],
      ['y', 6],
      ['w', 7],
      ['q', 8],
    ]);
  });
});

describe('a quoted cell that never closes', () => {
  it('refuses the file naming the line and column where it opened, not the end of the file', () => {
    const text = 'a;b;c\nd;e;f\ng;"Local sin cerrar;i\nj;k;l\nm;n;o\n';
    expect(refusal(text)).toEqual({ status: 400, message: CSV_TEXT.unclosedQuote(3, 2) });
    expect(CSV_TEXT.unclosedQuote(3, 2)).toBe(
      'Línea 3: la celda de la columna 2 abre comillas (") que no se cierran en el resto del archivo: ciérrelas o quítelas. No se cargó nada.',
    );
  });

  it('is found past quoted cells that close, doubled quotes and quotes inside plain cells', () => {
    const text = '\uFEFFa;b\n"x ""y""";Local 5" norte\n"dos\nlíneas";z\nw;"abierta\n';
    expect(refusal(text)).toEqual({ status: 400, message: CSV_TEXT.unclosedQuote(4, 2) });
    // Past a cell of two lines, the row and the column are the cell's record's.
    expect(refusal('a;b;c\n"uno\ndos";"x";"y\nz\n')).toEqual({ status: 400, message: CSV_TEXT.unclosedQuote(2, 3) });
    expect(parseRows('a;b\n"x";"y"\n', 100)).toHaveLength(2);
  });
});

describe('a file too big to read', () => {
  it('is over exactly when it has more rows with something in them than the limit, blank ones aside', () => {
    const piece = fc.constantFrom('a', ' ', ';', ',', '"', '""', '\n', '\n\n', '\r\n', 'x y', '\u00a0', '\uFEFF');
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 30 }), fc.integer({ min: 0, max: 6 }), (parts, limit) => {
        const text = parts.join('');
        let all: number;
        try {
          all = parseRows(text, 1000).length;
        } catch {
          return; // a quote left open
        }
        if (all > limit + 1) expect(refusal(text, limit), JSON.stringify(text)).toEqual({ status: 413, message: CSV_TEXT.tooManyRows(limit) });
        else expect(parseRows(text, limit), JSON.stringify(text)).toHaveLength(all);
      }),
      { numRuns: 3000 },
    );
  });

  it('refuses ten megabytes of one-character rows before parsing them, and a cell of megabytes', () => {
    const started = performance.now();
    expect(refusal('a;b\n' + 'x\n'.repeat(5_000_000))).toEqual({ status: 413, message: CSV_TEXT.tooManyRows(100) });
    expect(refusal('a;b\n' + 'x'.repeat(10_000_000))).toEqual({ status: 400, message: CSV_TEXT.cellTooLong(2, MAX_CELL) });
    expect(performance.now() - started).toBeLessThan(3000);
    // At the limit, read whole.
    expect(parseRows('a;b\n' + 'x;y\n'.repeat(100), 100)).toHaveLength(101);
    expect(refusal('a;b\n' + 'x;y\n'.repeat(101))).toMatchObject({ status: 413 });
    // Blank rows are no rows.
    expect(parseRows('a;b\n' + 'x;y\n;\n  ;  \n""\n'.repeat(100), 100)).toHaveLength(101);
  });
});

describe("Excel's 'sep=' first line", () => {
  it('names the separator and is no row: Excel hides it, so its header is row 1', () => {
    // The first line alone would guess ';' (no comma in 'sep=,'): the named one is taken.
    expect(parseRows('sep=,\r\nNombre,Zona\r\nLocal 1;A,Centro\r\n', 100)).toEqual([
      { cells: ['Nombre', 'Zona'], line: 1 },
      { cells: ['Local 1;A', 'Centro'], line: 2 },
    ]);
    expect(parseRows('\uFEFFSEP=;\nNombre;Zona\nLocal 1;Centro\n', 100)).toEqual([
      { cells: ['Nombre', 'Zona'], line: 1 },
      { cells: ['Local 1', 'Centro'], line: 2 },
    ]);
  });
});

/**
 * The reader it replaced: csv-parse with `relax_quotes`, its records numbered as a spreadsheet's rows
 * (empty lines count, a cell's inner line breaks do not), blank records dropped. Null when csv-parse found a quote that never closes.
 */
function csvParseRows(text: string): { cells: string[]; line: number }[] | null {
  const normalized = text.replace(/\r\n?/g, '\n');
  const delimiter = guessDelimiter(normalized);
  let records: { record: string[]; info: { lines: number; empty_lines: number } }[];
  try {
    records = csvParse(normalized, { delimiter, record_delimiter: '\n', bom: true, relax_quotes: true, relax_column_count: true, skip_empty_lines: true, info: true }) as unknown as typeof records;
  } catch (error) {
    expect((error as { code?: string }).code).toBe('CSV_QUOTE_NOT_CLOSED');
    return null;
  }
  // Rows as a spreadsheet numbers them: each record one, each empty line skipped before it one.
  return records
    .map(({ record, info }, index) => ({ cells: record, line: index + 1 + info.empty_lines }))
    .filter((r) => r.cells.some((c) => c.trim() !== ''));
}

describe('the reader', () => {
  it('reads every text as csv-parse with relax_quotes read it: the same cells, the same lines, the same quotes left open', () => {
    const piece = fc.constantFrom('a', 'é', ' ', ';', ',', '"', '""', '"x"', '\n', '\n\n', '\r\n', '\r', 'x y', '\u00a0', '\uFEFF', '\t');
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 40 }), (parts) => {
        const text = parts.join('');
        const expected = csvParseRows(text);
        if (expected === null) expect(refusal(text, 1000).message, JSON.stringify(text)).toMatch(/abre comillas/);
        else expect(parseRows(text, 1000), JSON.stringify(text)).toEqual(expected);
      }),
      { numRuns: 20000 },
    );
  });

  it('keeps a quoted cell followed by more text as written, quotes and all, up to the separator', () => {
    expect(parseRows('"ab"c;d\n"a""b"c;e\n"a;b" x;f\n"a"b"c";g\n', 100).map((r) => r.cells)).toEqual([
      ['"ab"c', 'd'],
      ['"a"b"c', 'e'],
      ['"a;b" x', 'f'],
      ['"a"b"c"', 'g'],
    ]);
  });

  it('reads ten thousand rows of the template in a few tens of milliseconds', () => {
    const row = 'Kiosco "El Sol";Av. Siempreviva 742;"Piso 1; oficina ""B""";Buenos Aires;CABA;Argentina;10:00;20:00;Observación larga con acentos\n';
    const text = 'Nombre;Dirección;Detalle;Ciudad;Provincia;País;Abre;Cierra;Observación\n' + row.repeat(10_000);
    parseRows(text, 10_000);
    const started = performance.now();
    const rows = parseRows(text, 10_000);
    expect(rows).toHaveLength(10_001);
    expect(rows[10_000].cells[2]).toBe('Piso 1; oficina "B"');
    expect(performance.now() - started).toBeLessThan(150);
  });
});
