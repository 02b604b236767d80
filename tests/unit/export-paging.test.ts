/**
 * The console's shared Excel export ('Excel' on the lists, the web users' .xls) writes every row of the
 * filter: it reads pages until a short one, whatever the list's count says (beyond 1,000 rows the count
 * is the planner's estimate), and an .xls longer than one BIFF8 sheet goes on in 'Datos 2' with the
 * header again. The toast's number is the rows written.
 */
import type { DataProvider, RaRecord } from 'ra-core';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import * as XLSX from 'xlsx';

/** What the browser would have downloaded, by file name. */
const downloads = new Map<string, Promise<Uint8Array>>();
vi.mock('xlsx', async (importOriginal) => {
  const real = await importOriginal<typeof import('xlsx')>();
  return {
    ...real,
    // No download in a test: the bytes SheetJS would save.
    writeFile: (book: XLSX.WorkBook, fileName: string) => {
      downloads.set(fileName, Promise.resolve(new Uint8Array(real.write(book, { bookType: fileName.endsWith('.xls') ? 'xls' : 'xlsx', type: 'array' }) as ArrayBuffer)));
    },
  };
});
vi.mock('../../src/ui/download', () => ({
  saveBlob: (blob: Blob, fileName: string) => downloads.set(fileName, blob.arrayBuffer().then((bytes) => new Uint8Array(bytes))),
}));

beforeEach(() => downloads.clear());

/** A web users list of `size` users whose answers claim `total` (an estimate, as the API gives beyond 1,000 rows). */
function usersList(size: number, total: number) {
  const pages: number[] = [];
  const dataProvider = {
    getList: async (_resource: string, params: { pagination: { page: number; perPage: number } }) => {
      const { page, perPage } = params.pagination;
      pages.push(page);
      const from = (page - 1) * perPage;
      const data: RaRecord[] = [];
      for (let id = from + 1; id <= Math.min(size, from + perPage); id++) data.push({ id, email: `getter${id}@campo.test`, name: id % 7 === 0 ? '=HYPERLINK("x")' : `Getter ${id}` });
      // As the API answers (server/db/list.ts `pageCount`): past 1,000 rows a full page carries the
      // estimate, and the last, short page the exact count it ends (its offset plus its rows).
      if (total > 1000 && data.length < perPage) return { data, total: from + data.length };
      return { data, total, ...(total > 1000 ? { meta: { countEstimated: true } } : {}) };
    },
  } as unknown as DataProvider;
  return { dataProvider, pages };
}

const columns = [
  { source: 'id', label: 'Id' },
  { source: 'email', label: 'Email' },
  { source: 'name', label: 'Nombres' },
];
const HEADER = ['Id', 'Email', 'Nombres'];

async function exportList(dataProvider: DataProvider, fileName: string): Promise<{ count: number; book: XLSX.WorkBook }> {
  const { exportToExcel } = await import('../../src/ui/table/exportExcel');
  const progress: number[] = [];
  const count = await exportToExcel({ dataProvider, resource: 'web-users', filter: { rolId: 1 }, sort: { field: 'id', order: 'ASC' }, columns, fileName, onProgress: (f) => progress.push(f) });
  for (const f of progress) expect(f).toBeLessThanOrEqual(1);
  const file = downloads.get(fileName);
  expect(file, 'nothing was downloaded').toBeDefined();
  return { count, book: XLSX.read(await file!) };
}

const sheetRows = (book: XLSX.WorkBook, name: string) => XLSX.utils.sheet_to_json<unknown[]>(book.Sheets[name], { header: 1 });

describe('the console’s Excel export of a long filter', () => {
  it('writes 70,000 users whose count was underestimated into an .xls of two sheets, the header on each', async () => {
    const { dataProvider, pages } = usersList(70_000, 52_000);
    const { count, book } = await exportList(dataProvider, 'usuarios_20260212_0930.xls');

    expect(count).toBe(70_000);
    expect(pages).toHaveLength(71);
    expect(book.SheetNames).toEqual(['Datos', 'Datos 2']);
    const first = sheetRows(book, 'Datos');
    const second = sheetRows(book, 'Datos 2');
    expect(first).toHaveLength(65_536);
    expect(first[0]).toEqual(HEADER);
    expect(second[0]).toEqual(HEADER);
    const users = [...first.slice(1), ...second.slice(1)];
    expect(users.map((u) => u[0])).toEqual(Array.from({ length: 70_000 }, (_, i) => i + 1));
    expect(users[65_535]).toEqual([65_536, 'getter65536@campo.test', 'Getter 65536']);
    // Formula-like names stay text on the second sheet too, as written (a text cell is no formula).
    expect(users[69_999]).toEqual([70_000, 'getter70000@campo.test', '=HYPERLINK("x")']);
  }, 60_000);

  it('reads past an underestimated count in an .xlsx list too', async () => {
    const { dataProvider, pages } = usersList(3_400, 1_200);
    const { count, book } = await exportList(dataProvider, 'clientes.xlsx');

    expect(count).toBe(3_400);
    expect(pages).toEqual([1, 2, 3, 4]);
    expect(book.SheetNames).toEqual(['Datos']);
    const rows = sheetRows(book, 'Datos');
    expect(rows[0]).toEqual(HEADER);
    expect(rows.slice(1).map((u) => u[0])).toEqual(Array.from({ length: 3_400 }, (_, i) => i + 1));
  });

  it('stops at the short page when the count overestimates, and at an empty one after full pages', async () => {
    const over = usersList(2_500, 9_000);
    const shortEnd = await exportList(over.dataProvider, 'usuarios_a.xls');
    expect(shortEnd.count).toBe(2_500);
    expect(over.pages).toEqual([1, 2, 3]);
    expect(sheetRows(shortEnd.book, 'Datos')).toHaveLength(2_501);

    const exact = usersList(2_000, 9_000);
    const emptyEnd = await exportList(exact.dataProvider, 'usuarios_b.xls');
    expect(emptyEnd.count).toBe(2_000);
    expect(exact.pages).toEqual([1, 2, 3]);
    expect(sheetRows(emptyEnd.book, 'Datos')).toHaveLength(2_001);
  });
});

/**
 * The payment history while payments are registered: newest first, so each new one shifts the later
 * pages by a row. `changes` says before which reads (1-based) a payment lands; each answer carries the
 * exact count and the filter's total, as the API gives them.
 */
function historyWhilePaying(size: number, changes: Set<number>) {
  let rows = Array.from({ length: size }, (_, i) => ({ id: size - i, amount: '10.00' }));
  let reads = 0;
  const dataProvider = {
    getList: async (_resource: string, params: { pagination: { page: number; perPage: number } }) => {
      reads += 1;
      if (changes.has(reads)) rows = [{ id: size + reads, amount: '10.00' }, ...rows];
      const { page, perPage } = params.pagination;
      const data = rows.slice((page - 1) * perPage, page * perPage);
      return { data, total: rows.length, meta: { totalAmount: `${rows.length * 10}.00` } };
    },
  } as unknown as DataProvider;
  return { dataProvider, rows: () => rows, reads: () => reads };
}

describe('an export while the list changes', () => {
  const paymentColumns = [
    { source: 'id', label: 'Transacción' },
    { source: 'amount', label: 'Monto' },
  ];
  async function exportHistory(dataProvider: DataProvider, fileName: string) {
    const { exportToExcel } = await import('../../src/ui/table/exportExcel');
    return exportToExcel({ dataProvider, resource: 'transactions', filter: { kind: 'payed' }, sort: { field: 'transactionDate', order: 'DESC' }, columns: paymentColumns, fileName, onProgress: () => undefined });
  }

  it('starts over when a payment lands between two pages, and writes the list as it is then: no row lost or twice', async () => {
    // The second read (page 2 of the first run) comes after a payment.
    const history = historyWhilePaying(2_500, new Set([2]));
    const count = await exportHistory(history.dataProvider, 'historial-de-pagos.xlsx');

    expect(count).toBe(2_501);
    expect(history.reads()).toBe(2 + 3);
    const ids = sheetRows(XLSX.read(await downloads.get('historial-de-pagos.xlsx')!), 'Datos')
      .slice(1)
      .map((r) => r[0]);
    expect(ids).toEqual(history.rows().map((r) => r.id));
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('gives up after three runs on a list that keeps changing, saying so, and saves nothing', async () => {
    const history = historyWhilePaying(2_500, new Set([2, 4, 6]));
    await expect(exportHistory(history.dataProvider, 'historial-de-pagos.xlsx')).rejects.toThrow(
      'Los datos cambiaron mientras se descargaban y el archivo no coincidiría con la lista: no se guardó. Intente nuevamente.',
    );
    expect(history.reads()).toBe(6);
    expect(downloads.size).toBe(0);
  });

  it('starts over on a row met twice where the count is only an estimate', async () => {
    let reads = 0;
    const dataProvider = {
      getList: async (_resource: string, params: { pagination: { page: number; perPage: number } }) => {
        reads += 1;
        const { page, perPage } = params.pagination;
        // The first run's second page repeats the first page's last row (a row added in front).
        const from = (page - 1) * perPage + (reads === 2 ? -1 : 0);
        const data = Array.from({ length: Math.max(0, Math.min(perPage, 1_500 - from)) }, (_, i) => ({ id: from + i + 1, amount: '1.00' }));
        if (data.length < perPage) return { data, total: from + data.length };
        return { data, total: 1_400, meta: { countEstimated: true } };
      },
    } as unknown as DataProvider;
    const count = await exportHistory(dataProvider, 'usuarios.xlsx');
    expect(count).toBe(1_500);
    expect(reads).toBe(2 + 2);
  });
});
