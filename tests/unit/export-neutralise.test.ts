/**
 * Exported cells that a spreadsheet would run as formulas come out as text: the console's shared
 * Excel export (every list's 'Exportar') and the bank's payment batch, fed with hostile records.
 */
import fc from 'fast-check';
import type { DataProvider } from 'ra-core';
import { describe, expect, it, vi } from 'vitest';
import type { PaymentTransaction } from '../../domain/payments';

const written: unknown[][][] = [];
vi.mock('xlsx', async (importOriginal) => {
  const real = await importOriginal<typeof import('xlsx')>();
  return {
    ...real,
    utils: { ...real.utils, aoa_to_sheet: (rows: unknown[][]) => (written.push(rows), real.utils.aoa_to_sheet(rows)) },
    // No download in a test: the rows handed to the sheet are what the file would hold.
    writeFile: () => undefined,
  };
});

const FORMULA = /^[=+\-@\t\r]/;
const formulaText = fc.tuple(fc.constantFrom('=', '+', '-', '@', '\t', '\r'), fc.string({ maxLength: 30 })).map(([lead, rest]) => lead + rest.replace(/[\r\n]/g, ' '));
const anyCell = fc.oneof(formulaText, fc.string({ maxLength: 30 }), fc.integer(), fc.constant(null));

describe('the console’s Excel export', () => {
  it('writes every formula-like text as text, on every page of the filter', async () => {
    const { exportToExcel } = await import('../../src/ui/table/exportExcel');
    await fc.assert(
      fc.asyncProperty(fc.array(fc.record({ id: fc.nat(), name: anyCell, email: anyCell }), { minLength: 1, maxLength: 30 }), async (records) => {
        written.length = 0;
        const dataProvider = { getList: async () => ({ data: records, total: records.length }) } as unknown as DataProvider;
        const count = await exportToExcel({
          dataProvider,
          resource: 'clients',
          filter: {},
          sort: { field: 'id', order: 'ASC' },
          columns: [{ source: 'name', label: 'Nombre' }, { source: 'email', label: 'Email' }],
          fileName: 'x.xlsx',
          onProgress: () => undefined,
        });
        expect(count).toBe(records.length);
        const [rows] = written;
        for (const [i, record] of records.entries()) {
          for (const [j, value] of [record.name, record.email].entries()) {
            const cell = rows[i + 1][j];
            if (typeof value === 'string' && FORMULA.test(value)) expect(cell).toBe(`'${value}`);
            if (typeof cell === 'string') expect(cell).not.toMatch(FORMULA);
          }
        }
      }),
      { numRuns: 50 },
    );
  });
});

describe('the payment batch for the bank', () => {
  it('neutralises formula-like names, CUITs and accounts in the file it writes', async () => {
    const { paymentBatchFile } = await import('../../src/resources/payments/batchFile');
    const XLSX = await import('xlsx');
    await fc.assert(
      fc.asyncProperty(formulaText, formulaText, async (name, account) => {
        const row = {
          id: 1,
          amount: '10.00',
          accounts: { user: { fullName: name, profile: { cuitCuil: '=1+1', cbu: account, mercadoPago: null } } },
          userMoves: [{ code: 'M-1' }],
        } as unknown as PaymentTransaction;
        const book = XLSX.read(new Uint8Array(await paymentBatchFile([row])), { type: 'array' });
        const [, line] = XLSX.utils.sheet_to_json<unknown[]>(book.Sheets[book.SheetNames[0]], { header: 1, raw: true });
        for (const cell of line) expect(String(cell), JSON.stringify(line)).not.toMatch(FORMULA);
        for (const cell of Object.values(book.Sheets[book.SheetNames[0]])) expect((cell as { f?: string }).f).toBeUndefined();
      }),
      { numRuns: 100 },
    );
  });
});
