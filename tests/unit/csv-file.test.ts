/** How the bulk loads read a CSV: quotes only at the start of a cell, and a clear error for one left open. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CSV_TEXT } from '../../domain/locationsCsv';
import { guessDelimiter, MAX_CELL, parseRows, recordsOver, unclosedQuote } from '../../server/services/csvFile';

const refusal = (text: string) => {
  try {
    parseRows(text, 100);
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
      { cells: ['d', 'e', 'f'], line: 4 },
    ]);
  });

  it('name a row by the line it starts at, past cells of several lines and empty lines', () => {
    const rows = parseRows('h;a\n\nx;"dos\nlíneas"\n\n\ny;z\r\nw;"tres\n\nlíneas"\nq;r\n', 100);
    expect(rows.map((r) => [r.cells[0], r.line])).toEqual([
      ['h', 1],
      ['x', 3],
      ['y', 7],
      ['w', 8],
      ['q', 11],
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
    expect(unclosedQuote(text, ';')).toEqual({ line: 5, column: 2 });
    expect(unclosedQuote('a;b\n"x";"y"\n', ';')).toBeNull();
  });
});

describe('a file too big to read', () => {
  it('never counts more records than the reader finds', () => {
    const piece = fc.constantFrom('a', ' ', ';', ',', '"', '""', '\n', '\n\n', '\r\n', 'x y', '\u00a0', '\uFEFF');
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 30 }), fc.integer({ min: 0, max: 6 }), (parts, limit) => {
        const text = parts.join('').replace(/\r\n?/g, '\n');
        let read: number;
        try {
          read = parseRows(text, 1000).length;
        } catch {
          return; // a quote left open: refused before counting matters
        }
        // Over means over; a quote csv-parse reads as text after a closed one may be counted as no data (then the reader counts).
        if (recordsOver(text, guessDelimiter(text), limit)) expect(read, JSON.stringify(text)).toBeGreaterThan(limit);
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
  it('names the separator, and the rows keep the file’s line numbers', () => {
    // The first line alone would guess ';' (no comma in 'sep=,'): the named one is taken.
    expect(parseRows('sep=,\r\nNombre,Zona\r\nLocal 1;A,Centro\r\n', 100)).toEqual([
      { cells: ['Nombre', 'Zona'], line: 2 },
      { cells: ['Local 1;A', 'Centro'], line: 3 },
    ]);
    expect(parseRows('\uFEFFSEP=;\nNombre;Zona\nLocal 1;Centro\n', 100)).toEqual([
      { cells: ['Nombre', 'Zona'], line: 2 },
      { cells: ['Local 1', 'Centro'], line: 3 },
    ]);
  });
});
