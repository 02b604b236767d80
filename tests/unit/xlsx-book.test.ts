/**
 * The .xlsx exports are written by our own streaming writer as the pages arrive (only compressed bytes
 * are kept): the file must read back with the same sheets and cells as the book SheetJS built before.
 */
import { strFromU8, unzipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import * as XLSX from 'xlsx';
import { cells, readBook, SAMPLE_HEADER, sampleRows } from './bookCells';
import { columnName, XlsxBook, xmlText } from '../../src/ui/xls/xlsxBook';

const rowsOf = (book: XLSX.WorkBook, name: string) => XLSX.utils.sheet_to_json<unknown[]>(book.Sheets[name], { header: 1, defval: null });

/** How the exports built an .xlsx before: SheetJS's sheets from every row, at the end. */
function sheetJsBook(sheets: [string, string[], unknown[][]][]) {
  const book = XLSX.utils.book_new();
  for (const [name, header, rows] of sheets) XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet([header, ...rows]), name);
  return XLSX.read(XLSX.write(book, { bookType: 'xlsx', type: 'array' }));
}

const header = SAMPLE_HEADER;
const sample = sampleRows;

describe('the .xlsx writer', () => {
  it('names columns as a spreadsheet does', () => {
    expect([0, 25, 26, 51, 52, 701, 702, 16_383].map(columnName)).toEqual(['A', 'Z', 'AA', 'AZ', 'BA', 'ZZ', 'AAA', 'XFD']);
  });

  it('writes the same sheets and cells as SheetJS did, two sheets filled in turns', async () => {
    const rows = sample(400);
    const answers = rows.map((_, i) => [i, `respuesta ${i}`, i % 7 === 0]);
    const book = new XlsxBook();
    book.addSheet('Moves', header);
    book.addSheet('Respuestas', ['N', 'Respuesta', 'Sí']);
    for (let i = 0; i < rows.length; i += 50) {
      book.addRows('Moves', rows.slice(i, i + 50));
      book.addRows('Respuestas', answers.slice(i, i + 50));
    }
    expect(cells(await readBook(book.finish()))).toEqual(
      cells(
        sheetJsBook([
          ['Moves', header, rows],
          ['Respuestas', ['N', 'Respuesta', 'Sí'], answers],
        ]),
      ),
    );
  });

  it('reads back every text as written: markup, controls, Excel escapes, emoji, and up to 32,767 characters', async () => {
    const texts = ['a & b < c > d "e" &amp; &#13;', 'tab\tline\nnext', 'bell\u0007 and \u001f', '_x0041_ stays _x0041_', '🛒 Ñandú “€”', 'y'.repeat(40_000)];
    const book = new XlsxBook();
    book.addSheet('Textos', ['Texto']);
    book.addRows('Textos', texts.map((text) => [text]));
    const back = rowsOf(await readBook(book.finish()), 'Textos');
    expect(back.slice(1).map(([text]) => text)).toEqual(texts.map((text) => text.slice(0, 32_767)));
    expect(xmlText('_x0041_')).toBe('_x005F_x0041_');
    // XML reads a carriage return as a line feed: Excel's escape keeps it (SheetJS's reader drops it).
    expect(xmlText('a\r\nb')).toBe('a_x000D_\nb');
  });

  it('writes a number that is not finite as the error Excel shows for it, as the .xls does', async () => {
    const book = new XlsxBook();
    book.addSheet('N', ['A', 'B']);
    book.addRows('N', [[Number.NaN, Number.POSITIVE_INFINITY]]);
    const sheet = (await readBook(book.finish())).Sheets.N;
    expect([sheet.A2.t, sheet.A2.w, sheet.B2.t, sheet.B2.w]).toEqual(['e', '#NUM!', 'e', '#DIV/0!']);
  });

  it('continues a sheet past its rows on "<name> 2", with the header on top', async () => {
    const rows = Array.from({ length: 250 }, (_, i) => [i, `fila ${i}`]);
    const book = new XlsxBook(100);
    book.addSheet('Datos', ['N', 'Texto']);
    for (let i = 0; i < rows.length; i += 30) book.addRows('Datos', rows.slice(i, i + 30));
    const back = await readBook(book.finish());
    expect(back.SheetNames).toEqual(['Datos', 'Datos 2', 'Datos 3']);
    const [first, second, third] = back.SheetNames.map((name) => rowsOf(back, name));
    expect([first.length, second.length, third.length]).toEqual([101, 101, 51]);
    expect([first[0], second[0], third[0]]).toEqual([['N', 'Texto'], ['N', 'Texto'], ['N', 'Texto']]);
    expect([first[100], second[1], third.at(-1)]).toEqual([[99, 'fila 99'], [100, 'fila 100'], [249, 'fila 249']]);
  });

  it('keeps compressed bytes only: 20,000 rows make a file a fraction of their sheet’s XML', async () => {
    const book = new XlsxBook();
    book.addSheet('Datos', header);
    const rows = sample(1000);
    for (let i = 0; i < 20; i++) book.addRows('Datos', rows);
    const file = book.finish();
    const xml = strFromU8(unzipSync(new Uint8Array(await file.arrayBuffer()))['xl/worksheets/sheet1.xml']);
    expect(xml.match(/<row /g)).toHaveLength(20_001);
    expect(xml.endsWith('</sheetData></worksheet>')).toBe(true);
    expect(file.size).toBeLessThan(xml.length * 0.1);
  });

  it("shows a column's numbers in its format (a date, a percentage), and its texts and header as they are", async () => {
    const book = new XlsxBook();
    book.addSheet('Desempeño', ['Código', 'Fecha', 'Resultado', 'Otro'], [undefined, 'dd/mm/yyyy', '0.00%']);
    book.addSheet('Otra', ['Resultado'], ['0.00%']);
    book.addRows('Desempeño', [
      ['M-1', 46023, 0.855, 3],
      ['M-2', 'Sin Datos', 'N/A', 4],
    ]);
    book.addRows('Otra', [[0.5]]);
    const back = XLSX.read(new Uint8Array(await book.finish().arrayBuffer()), { cellNF: true });
    const sheet = back.Sheets['Desempeño'];
    expect([sheet.B2.z, sheet.B2.w, sheet.C2.z, sheet.C2.w]).toEqual(['dd/mm/yyyy', '01/01/2026', '0.00%', '85.50%']);
    expect([sheet.B1.z, sheet.A2.z, sheet.D2.z]).toEqual(['General', 'General', 'General']);
    expect([sheet.B3.v, sheet.C3.v]).toEqual(['Sin Datos', 'N/A']);
    expect(back.Sheets.Otra.A2.z).toBe('0.00%');
  });

  it('refuses rows for a sheet it does not have', () => {
    const book = new XlsxBook();
    expect(() => book.addRows('Otra', [[1]])).toThrow('Hoja desconocida: Otra');
  });
});
