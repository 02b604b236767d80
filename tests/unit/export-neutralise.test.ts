/**
 * Exported texts that a spreadsheet would run as formulas if they were typed stay texts in the console's
 * books (.xlsx and .xls): written as text cells, never formulas, and exactly as they are (no `'` before
 * them: that is the CSV's guard, which a book shows). Fed with hostile records to the shared Excel export
 * (every list's 'Exportar'), the moves' export book and the bank's payment batch.
 */
import fc from 'fast-check';
import type { DataProvider } from 'ra-core';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import * as XLSX from 'xlsx';
import { PAYMENT_TEXT, type PaymentTransaction, payoutAccount } from '../../domain/payments';
import { safeCell } from '../../domain/validation';

/** What the browser would have downloaded, by file name. */
const downloads = new Map<string, Promise<Uint8Array>>();
vi.mock('xlsx', async (importOriginal) => {
  const real = await importOriginal<typeof import('xlsx')>();
  return {
    ...real,
    // No download in a test: the bytes SheetJS would save.
    writeFile: (book: XLSX.WorkBook, fileName: string) => {
      downloads.set(fileName, Promise.resolve(new Uint8Array(real.write(book, { bookType: 'xlsx', type: 'array' }) as ArrayBuffer)));
    },
  };
});
vi.mock('../../src/ui/download', () => ({
  saveBlob: (blob: Blob, fileName: string) => downloads.set(fileName, blob.arrayBuffer().then((bytes) => new Uint8Array(bytes))),
}));
beforeEach(() => downloads.clear());

const FORMULA = /^[=+\-@\t\r]/;
const formulaText = fc.tuple(fc.constantFrom('=', '+', '-', '@', '\t', '\r'), fc.string({ maxLength: 30 })).map(([lead, rest]) => lead + rest.replace(/[\r\n]/g, ' '));
const anyCell = fc.oneof(formulaText, fc.string({ maxLength: 30 }), fc.integer(), fc.constant(null));

/** Every cell of the book's first sheet, read back as a spreadsheet program reads the file. */
function cellsOf(bytes: Uint8Array): XLSX.CellObject[][] {
  const book = XLSX.read(bytes, { type: 'array', cellFormula: true });
  const sheet = book.Sheets[book.SheetNames[0]];
  const range = XLSX.utils.decode_range(sheet['!ref']!);
  const rows: XLSX.CellObject[][] = [];
  for (let r = range.s.r; r <= range.e.r; r++) {
    rows.push([]);
    for (let c = range.s.c; c <= range.e.c; c++) rows[r].push(sheet[XLSX.utils.encode_cell({ r, c })]);
  }
  return rows;
}

/** A text cell holding exactly `text`, no formula; BIFF8 keeps at most 255 characters of a text. */
function expectText(cell: XLSX.CellObject | undefined, text: string, what: string) {
  expect(cell?.f, what).toBeUndefined();
  if (text === '') return;
  expect(cell?.t, what).toBe('s');
  expect(cell?.v, what).toBe(text);
}

describe('the console’s Excel export', () => {
  for (const fileName of ['lista.xlsx', 'lista.xls']) {
    it(`writes every formula-like text as the text it is, in a text cell, on every page of the filter (${fileName})`, async () => {
      const { exportToExcel } = await import('../../src/ui/table/exportExcel');
      await fc.assert(
        fc.asyncProperty(fc.array(fc.record({ id: fc.nat(), name: anyCell, email: anyCell }), { minLength: 1, maxLength: 30 }), async (records) => {
          downloads.clear();
          const dataProvider = { getList: async () => ({ data: records, total: records.length }) } as unknown as DataProvider;
          const count = await exportToExcel({
            dataProvider,
            resource: 'clients',
            filter: {},
            sort: { field: 'id', order: 'ASC' },
            columns: [
              { source: 'name', label: 'Nombre' },
              { source: 'email', label: 'Email' },
            ],
            fileName,
            onProgress: () => undefined,
          });
          expect(count).toBe(records.length);
          const rows = cellsOf(await downloads.get(fileName)!);
          for (const [i, record] of records.entries()) {
            for (const [j, value] of [record.name, record.email].entries()) {
              if (typeof value === 'string') expectText(rows[i + 1][j], value, JSON.stringify(value));
              else expect(rows[i + 1][j]?.f).toBeUndefined();
            }
          }
        }),
        { numRuns: 25 },
      );
    });
  }

  it("shows '=HYPERLINK(…)', '+54 351' and '-' as they are, no quote before them", async () => {
    const { exportToExcel } = await import('../../src/ui/table/exportExcel');
    const records = [{ id: 1, name: '=HYPERLINK("http://evil")', phone: '+54 351 555', note: '-' }];
    const dataProvider = { getList: async () => ({ data: records, total: 1 }) } as unknown as DataProvider;
    const columns = ['name', 'phone', 'note'].map((source) => ({ source, label: source }));
    await exportToExcel({ dataProvider, resource: 'clients', filter: {}, sort: { field: 'id', order: 'ASC' }, columns, fileName: 'x.xlsx', onProgress: () => undefined });
    const [, row] = cellsOf(await downloads.get('x.xlsx')!);
    expect(row.map((cell) => [cell.t, cell.v, cell.f])).toEqual([
      ['s', '=HYPERLINK("http://evil")', undefined],
      ['s', '+54 351 555', undefined],
      ['s', '-', undefined],
    ]);
  });
});

describe('the moves’ export book', () => {
  for (const bookType of ['xlsx', 'xls'] as const) {
    it(`writes formula-like texts as text cells, as they are (${bookType})`, async () => {
      const { ExportBook } = await import('../../src/resources/moves/export/exportBook');
      await fc.assert(
        fc.asyncProperty(fc.array(formulaText, { minLength: 1, maxLength: 10 }), async (texts) => {
          const book = new ExportBook(bookType);
          book.addSheet('Hoja', ['Texto']);
          book.addRows(
            'Hoja',
            texts.map((text) => [text]),
          );
          const rows = cellsOf(new Uint8Array(await book.build().arrayBuffer()));
          for (const [i, text] of texts.entries()) expectText(rows[i + 1][0], text.slice(0, 255), JSON.stringify(text));
        }),
        { numRuns: 25 },
      );
    });
  }
});

describe('the payment batch for the bank', () => {
  it('writes formula-like names, CUITs and accounts as text cells, as they are', async () => {
    const { paymentBatchFile } = await import('../../src/resources/payments/batchFile');
    await fc.assert(
      fc.asyncProperty(formulaText, formulaText, async (name, account) => {
        const row = {
          id: 1,
          amount: '10.00',
          accounts: { user: { fullName: name, profile: { cuitCuil: '=1+1', cbu: account, mercadoPago: null } } },
          userMoves: [{ code: 'M-1' }],
        } as unknown as PaymentTransaction;
        // An account of spaces alone is no account (payoutAccount): no batch is written for it.
        const payout = payoutAccount({ cbu: account, mercadoPago: null } as never);
        if (!payout) return void (await expect(paymentBatchFile([row])).rejects.toThrow(PAYMENT_TEXT.batchNoAccount));
        const [, line] = cellsOf(new Uint8Array(await paymentBatchFile([row])));
        expectText(line[0], name, 'Getter');
        expectText(line[1], '=1+1', 'CUIT/CUIL');
        expectText(line[3], payout.account, 'CBU');
        for (const cell of line) expect(cell?.f).toBeUndefined();
      }),
      { numRuns: 100 },
    );
  });
});

describe('a CSV (the web users’ list, written by the server)', () => {
  it('keeps its guard: a CSV has no types, and a spreadsheet opening it runs =, +, - and @ as formulas', () => {
    fc.assert(
      fc.property(formulaText, (text) => {
        expect(String(safeCell(text))).not.toMatch(FORMULA);
      }),
    );
  });
});
