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
