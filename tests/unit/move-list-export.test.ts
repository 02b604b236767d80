/**
 * The moves list's export, with or without the amounts of answers ('Incluir cantidad de respuestas'):
 * with them, the sheet has one more column, 'Respuestas', whose values are asked for page by page
 * (`amount-answers` for the page's moves) while the next page is asked for.
 */
import { describe, expect, it } from 'vitest';
import * as XLSX from 'xlsx';
import type { MoveListRow } from '../../domain/move-api';
import { ExportBook } from '../../src/resources/moves/export/exportBook';
import { walkPages } from '../../src/resources/moves/export/walkPages';
import { AMOUNTS_COLUMN, amountsInOrder, MOVE_LIST_FORMATS, MOVE_LIST_HEADER, moveListCells, moveListHeader } from '../../src/resources/moves/list/moveSheet';
import { excelDate } from '../../src/ui/xls/excelDate';

const move = (id: number): MoveListRow => ({
  id,
  code: `M-${id}`,
  clientLocationName: 'Sucursal Centro',
  userFullName: 'Ana Pérez',
  statusName: 'Aprobada',
  statusId: 'APROBADA',
  hasAttachments: true,
  assignedAgentFullName: null,
  projectsName: 'Auditoría',
  campaignsClientName: 'Café del Plata',
  createdAt: '2026-03-04T10:00:00.000Z',
});

const sheetOf = async (book: ExportBook) => {
  const file = XLSX.read(new Uint8Array(await book.build().arrayBuffer()));
  return XLSX.utils.sheet_to_json<unknown[]>(file.Sheets.Moves, { header: 1, defval: '' });
};

/** A promise and its resolve, to hold an answer back. */
function held<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
}

describe('the moves list sheet', () => {
  it('has the list’s columns, and with the amounts one more, Respuestas, with each move’s number', () => {
    expect(moveListHeader(false)).toEqual(MOVE_LIST_HEADER);
    expect(moveListHeader(false)).not.toContain(AMOUNTS_COLUMN);
    expect(moveListHeader(true)).toEqual([...MOVE_LIST_HEADER, 'Respuestas']);
    expect(moveListCells(move(7))).toHaveLength(MOVE_LIST_HEADER.length);
    expect(moveListCells(move(7), 12)).toEqual([...moveListCells(move(7)), 12]);
    expect(moveListCells(move(7), 0).at(-1)).toBe(0);
    // 'Creada' as a date cell of the day the console shows (04/03/2026), not the API's ISO text.
    expect(moveListCells(move(7))[MOVE_LIST_HEADER.indexOf('Creada')]).toBe(excelDate('04/03/2026'));
    expect(MOVE_LIST_FORMATS[MOVE_LIST_HEADER.indexOf('Creada')]).toBe('dd/mm/yyyy');
  });

  it('writes "Creada" into an .xls as a date cell shown as the console shows it', async () => {
    const book = new ExportBook('xls');
    book.addSheet('Moves', moveListHeader(false), MOVE_LIST_FORMATS);
    book.addRows('Moves', [moveListCells(move(7))]);
    const file = XLSX.read(new Uint8Array(await book.build().arrayBuffer()));
    const created = file.Sheets.Moves[XLSX.utils.encode_cell({ r: 1, c: MOVE_LIST_HEADER.indexOf('Creada') })] as XLSX.CellObject;
    expect(created).toMatchObject({ t: 'n', w: '04/03/2026' });
  });

  it('puts the amounts in the page’s order, 0 for a move the answer leaves out', () => {
    const rows = [move(3), move(8), move(11)];
    expect(amountsInOrder(rows, [{ userMoveId: 11, amount: 4 }, { userMoveId: 3, amount: 9 }])).toEqual([9, 0, 4]);
  });
});

describe('a page of the moves export', () => {
  it('without the amounts, writes the list’s columns only', async () => {
    const book = new ExportBook('xls');
    book.addSheet('Moves', moveListHeader(false));
    await book.readPage('Moves', 'moves', JSON.stringify({ rows: [move(3), move(8)], count: 2 }), 1000).write();
    const [head, ...body] = await sheetOf(book);
    expect(head).toEqual(MOVE_LIST_HEADER);
    expect(body.map((r) => r.length)).toEqual([MOVE_LIST_HEADER.length, MOVE_LIST_HEADER.length]);
  });

  it('with the amounts, asks for them with the page’s moves when read and writes them as numbers under Respuestas', async () => {
    const book = new ExportBook('xls');
    book.addSheet('Moves', moveListHeader(true));
    const asked: number[][] = [];
    const amounts = held<unknown[]>();
    const { page, write } = book.readPage('Moves', 'moves', JSON.stringify({ rows: [move(3), move(8)], count: 2 }), 2, (rows) => {
      asked.push((rows as MoveListRow[]).map((r) => r.id));
      return amounts.promise;
    });
    // Asked for at once: the cursor is told before the amounts arrive.
    expect(asked).toEqual([[3, 8]]);
    expect(page.next).toBe('8');
    const written = write();
    amounts.resolve([5, 0]);
    await written;
    const [head, ...body] = await sheetOf(book);
    expect(head).toEqual([...MOVE_LIST_HEADER, 'Respuestas']);
    expect(body.map((r) => [r[0], r.at(-1)])).toEqual([
      ['M-3', 5],
      ['M-8', 0],
    ]);
  });

  it('walks the pages asking for the next one while the amounts of the last one are on their way', async () => {
    const book = new ExportBook('xls');
    book.addSheet('Moves', moveListHeader(true));
    const pages: Record<string, MoveListRow[]> = { first: [move(1), move(2)], '2': [move(4)] };
    const events: string[] = [];
    const heldAmounts = new Map<number, ReturnType<typeof held<unknown[]>>>();
    const walked = walkPages<string>({
      fetch: async (after) => {
        events.push(`page after ${after}`);
        return JSON.stringify({ rows: pages[after ?? 'first'], count: 3 });
      },
      read: async (text) =>
        book.readPage('Moves', 'moves', text, 2, (rows) => {
          const first = (rows as MoveListRow[])[0].id;
          events.push(`amounts of ${first}`);
          const h = held<unknown[]>();
          heldAmounts.set(first, h);
          return h.promise;
        }),
      drop: () => undefined,
      progress: (done, total) => events.push(`${done}/${total}`),
    });
    await new Promise((r) => setTimeout(r, 0));
    // The first page's amounts are pending: the second page is asked for already, nothing is told written.
    expect(events).toEqual(['page after null', 'amounts of 1', 'page after 2']);
    heldAmounts.get(1)!.resolve([7, 3]);
    await new Promise((r) => setTimeout(r, 0));
    expect(events).toEqual(['page after null', 'amounts of 1', 'page after 2', '2/3', 'amounts of 4']);
    heldAmounts.get(4)!.resolve([1]);
    await walked;
    expect(events.at(-1)).toBe('3/3');
    const [, ...body] = await sheetOf(book);
    expect(body.map((r) => [r[0], r.at(-1)])).toEqual([
      ['M-1', 7],
      ['M-2', 3],
      ['M-4', 1],
    ]);
  });
});
