/** Reading back the books the exports write, as SheetJS reads them (the .xls and .xlsx writers' tests). */
import * as XLSX from 'xlsx';

export const readBook = async (file: Blob) => XLSX.read(new Uint8Array(await file.arrayBuffer()));

/** The cells of every sheet as SheetJS reads them: type and value by address. */
export function cells(book: XLSX.WorkBook) {
  return book.SheetNames.map((name) => {
    const sheet = book.Sheets[name];
    const out: Record<string, unknown> = { name, ref: sheet['!ref'] };
    for (const [address, cell] of Object.entries(sheet)) if (!address.startsWith('!')) out[address] = [(cell as XLSX.CellObject).t, (cell as XLSX.CellObject).v];
    return out;
  });
}

export const SAMPLE_HEADER = ['Código', 'Cantidad', 'Punto de venta', 'Audio', 'Motivo'];

/** Rows of every kind of cell a book takes: codes, numbers, texts with accents, emoji and markup, booleans, long and formula-like texts. */
export const sampleRows = (n: number): unknown[][] =>
  Array.from({ length: n }, (_, i) => [
    `M-${String(i).padStart(7, '0')}`,
    i % 3 === 0 ? i * 1.5 : -i,
    ['Almacén Ñandú', 'Kiosco “El Sol” 24 hs €', 'Super 🛒 <b>', ''][i % 4],
    i % 2 === 0,
    i % 5 === 0 ? 'x'.repeat(300) : `=SUMA(A${i})`,
  ]);
