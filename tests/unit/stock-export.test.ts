/**
 * The .xls exports (the stock, the moves list) are written by our own BIFF8 writer as the pages
 * arrive: the file must read back with the same sheets and cells as the book SheetJS wrote before.
 */
import { describe, expect, it } from 'vitest';
import * as XLSX from 'xlsx';
import { cells, readBook, SAMPLE_HEADER, sampleRows } from './bookCells';
import type { MoveListRow, PerformanceRow, StockReportRow } from '../../domain/move-api';
import { ExportBook } from '../../src/resources/moves/export/exportBook';
import { XlsBook } from '../../src/ui/xls/xlsBook';
import { MOVE_LIST_HEADER, moveListCells } from '../../src/resources/moves/list/moveSheet';
import { answerRows, PERFORMANCE_SHEETS, performanceCells } from '../../src/resources/moves/report/performanceSheet';
import { QUESTION_TYPE_LABELS } from '../../domain/questionnaires';
import { STOCK_FORMATS, STOCK_HEADER, stockCells } from '../../src/resources/moves/report/stockSheet';


/**
 * How the worker built an .xls before: SheetJS's sheet from the rows, 65,535 rows a sheet; read back as
 * SheetJS keeps it in an .xlsx, where a text over 255 characters is whole (its .xls cut it at 255).
 */
function sheetJsBook(name: string, header: string[], rows: unknown[][]) {
  const book = XLSX.utils.book_new();
  const parts = Math.max(1, Math.ceil(rows.length / 65_535));
  for (let p = 0; p < parts; p++) {
    XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet([header, ...rows.slice(p * 65_535, (p + 1) * 65_535)]), p === 0 ? name : `${name} ${p + 1}`);
  }
  return XLSX.read(XLSX.write(book, { bookType: 'xlsx', type: 'array' }));
}

const header = SAMPLE_HEADER;
const sample = sampleRows;

describe('the .xls writer', () => {
  it('writes the same sheets and cells as SheetJS did, for a small book and a large one', async () => {
    for (const n of [3, 400]) {
      const rows = sample(n);
      const book = new XlsBook();
      book.addSheet('Stock', header);
      book.addRows('Stock', rows.slice(0, 2));
      book.addRows('Stock', rows.slice(2));
      expect(cells(await readBook(book.finish()))).toEqual(cells(sheetJsBook('Stock', header, rows)));
    }
  });

  it('stores texts of one-byte characters one byte a character: a third smaller than SheetJS’s file', async () => {
    const rows = Array.from({ length: 2000 }, (_, i) => [`M-${String(i).padStart(7, '0')}`, 'Almacén Ñandú', `Córdoba, línea ${i}`, '12/02/2026 09:30']);
    const book = new XlsBook();
    book.addSheet('Stock', ['Código', 'Punto de venta', 'Ciudad', 'Aprobada']);
    book.addRows('Stock', rows);
    const before = XLSX.write(sheetJsBookRaw('Stock', ['Código', 'Punto de venta', 'Ciudad', 'Aprobada'], rows), { bookType: 'biff8', type: 'array' }) as ArrayBuffer;
    expect(book.finish().size).toBeLessThan(before.byteLength * 0.7);
  });

  it('keeps a text over 255 characters whole (up to Excel\'s 32,767), in the shared strings, across their CONTINUE records', async () => {
    const long = (n: number, unit: string) => Array.from({ length: n }, (_, i) => unit[i % unit.length]).join('');
    // One-byte and two-byte texts, some longer than a record (8,224 bytes), enough to cross many records,
    // with short ones between them that stay LABELs.
    const texts = [long(256, 'ab'), long(9000, 'Ñandú '), long(20_000, 'Señal 🛒 € '), long(40_000, 'x'), ...Array.from({ length: 60 }, (_, i) => long(300 + i * 97, i % 2 ? 'línea ' : 'Kiosco “El Sol” '))];
    const rows = texts.map((text, i) => [i, text, `corto ${i}`]);
    const book = new XlsBook();
    book.addSheet('Respuestas', ['N', 'Texto', 'Otro']);
    book.addRows('Respuestas', rows);
    const back = XLSX.utils.sheet_to_json<unknown[]>((await readBook(book.finish())).Sheets.Respuestas, { header: 1 });
    expect(back.slice(1)).toEqual(rows.map(([i, text, other]) => [i, (text as string).slice(0, 32_767), other]));
  });

  // 70,000 rows written and read back: ~3 s alone, several times that on a machine busy with other tests.
  it('continues a sheet past 65,535 rows on "<name> 2", with the header on top', { timeout: 30_000 }, async () => {
    const rows = Array.from({ length: 70_000 }, (_, i) => [i, `fila ${i}`]);
    const book = new XlsBook();
    book.addSheet('Stock', ['N', 'Texto']);
    for (let i = 0; i < rows.length; i += 5000) book.addRows('Stock', rows.slice(i, i + 5000));
    const read_ = await readBook(book.finish());
    expect(read_.SheetNames).toEqual(['Stock', 'Stock 2']);
    const [first, second] = read_.SheetNames.map((name) => XLSX.utils.sheet_to_json<unknown[]>(read_.Sheets[name], { header: 1 }));
    expect(first).toHaveLength(65_536);
    expect(second).toHaveLength(70_000 - 65_535 + 1);
    expect(first[0]).toEqual(['N', 'Texto']);
    expect(second[0]).toEqual(['N', 'Texto']);
    expect(first[65_535]).toEqual([65_534, 'fila 65534']);
    expect(second[1]).toEqual([65_535, 'fila 65535']);
    expect(second.at(-1)).toEqual([69_999, 'fila 69999']);
  });
});

function sheetJsBookRaw(name: string, head: string[], rows: unknown[][]) {
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet([head, ...rows]), name);
  return book;
}

const stockRow = (i: number, over: Partial<StockReportRow> = {}): StockReportRow => ({
  key: `m:${i}`,
  kind: 'move',
  id_pedido: 100 + i,
  id_move: `M-${String(i).padStart(7, '0')}`,
  userMoveId: i,
  id_operativo: 7,
  auditor: 'Juan Pérez',
  estado_actual: 'Aprobada',
  agente_asignado: null,
  proyecto: 'Relevamiento de góndola',
  cliente: 'Café del Plata',
  project_location_id: 55,
  punto_de_venta: 'Almacén Ñandú',
  ciudad: 'Córdoba',
  fecha_limite: '2026-03-01',
  campania: null,
  codigo_punto_de_venta: 'PV-1',
  fecha_visita: '2026-02-10T13:45:00.000Z',
  fechas: { publicada: '2026-02-01T10:00:00.000Z', asignada: null, cancelada: null, iniciada: null, en_revision: null, rechazada: null, aprobada: '2026-02-12T09:30:00.000Z', desaprobada: null },
  motivo: null,
  link: `http://campo.test/user-moves/view/M-${i}`,
  audio: true,
  video: null,
  imagenes: 3,
  ultima_carga: null,
  duracion_segundos: 42,
  ...over,
});

describe('the stock export’s pages', () => {
  it('are read in the worker: the cursor is told first, then the rows become cells, formula-like texts as they are', async () => {
    const rows = [stockRow(1), stockRow(2, { motivo: '=HYPERLINK("http://evil")', auditor: '+54 351' })];
    const book = new ExportBook('xls');
    book.addSheet('Stock', STOCK_HEADER, STOCK_FORMATS);
    const { page, write } = book.readPage('Stock', 'stock', JSON.stringify({ rows, count: 2, next: null }), 5000);
    expect(page).toEqual({ count: 2, next: null, ahead: null, rows: 2 });
    write();
    const file = await readBook(book.build());
    const [head, ...body] = XLSX.utils.sheet_to_json<unknown[]>(file.Sheets.Stock, { header: 1, defval: '' });
    expect(head).toEqual(STOCK_HEADER);
    expect(body[0]).toEqual(stockCells(rows[0]));
    // Text cells, never formulas: shown as written, no `'` before them (the CSV's guard).
    expect(body[1][STOCK_HEADER.indexOf('Motivo')]).toBe('=HYPERLINK("http://evil")');
    expect(body[1][STOCK_HEADER.indexOf('Auditor')]).toBe('+54 351');
    // Dates are date cells, shown in the console's format: Excel sorts and filters them as dates.
    const at = (label: string) => file.Sheets.Stock[XLSX.utils.encode_cell({ r: 1, c: STOCK_HEADER.indexOf(label) })] as XLSX.CellObject;
    expect(at('Aprobada')).toMatchObject({ t: 'n' });
    expect(at('Aprobada').w).toMatch(/^12\/02\/2026 \d{2}:30$/);
    expect(at('Fecha límite')).toMatchObject({ t: 'n' });
    expect(at('Fecha límite').w).toMatch(/^\d{2}\/\d{2}\/\d{4}$/);
    // A state the row never went through: empty, no date.
    expect(at('Desaprobada')).toMatchObject({ t: 's', v: '' });
    expect(at('Código')).toMatchObject({ t: 's' });
  });
});

describe('the moves list export’s pages', () => {
  const move = (id: number): MoveListRow => ({
    id,
    code: `M-${id}`,
    clientLocationName: 'Sucursal Centro',
    userFullName: id % 2 ? 'Ana Pérez' : null,
    statusName: 'Aprobada',
    statusId: 'APROBADA',
    hasAttachments: id % 2 === 1,
    assignedAgentFullName: null,
    projectsName: '@proyecto',
    campaignsClientName: 'Café del Plata',
    createdAt: '2026-03-04T10:00:00.000Z',
  });

  it('go on after the last move of a full page, and end with a page that is not full', async () => {
    const book = new ExportBook('xls');
    book.addSheet('Moves', MOVE_LIST_HEADER);
    const full = book.readPage('Moves', 'moves', JSON.stringify({ rows: [move(3), move(8)], count: 3 }), 2);
    expect(full.page).toEqual({ count: 3, next: '8', ahead: null, rows: 2 });
    full.write();
    const last = book.readPage('Moves', 'moves', JSON.stringify({ rows: [move(11)], count: 3 }), 2);
    expect(last.page).toEqual({ count: 3, next: null, ahead: null, rows: 1 });
    last.write();
    const empty = book.readPage('Moves', 'moves', JSON.stringify({ rows: [], count: 0 }), 2);
    expect(empty.page.next).toBeNull();
    const file = await readBook(book.build());
    const [head, ...body] = XLSX.utils.sheet_to_json<unknown[]>(file.Sheets.Moves, { header: 1, defval: '' });
    expect(head).toEqual(MOVE_LIST_HEADER);
    expect(body.map((r) => r[0])).toEqual(['M-3', 'M-8', 'M-11']);
    expect(body[0]).toEqual(moveListCells(move(3)).map((cell) => cell ?? ''));
    expect(body[1][MOVE_LIST_HEADER.indexOf('Getter')]).toBe('');
    expect(body[2][MOVE_LIST_HEADER.indexOf('Proyecto')]).toBe('@proyecto');
  });
});

describe('the performance report export’s pages', () => {
  const approved = (id: number, answers: PerformanceRow['answers']): PerformanceRow => ({
    id,
    code: `M-${id}`,
    userMoveVideoLink: null,
    questionnaireResult: 87.5,
    clientName: 'Café del Plata',
    campaignName: null,
    projectName: 'Auditoría',
    locationName: 'Sucursal Centro',
    clientLocationName: 'OP-1',
    clientLocationId: 'PV-1',
    getterName: 'Ana Pérez',
    agentName: null,
    approvedAt: '2026-02-12T09:30:00.000Z',
    startAuditDate: null,
    completedAuditDate: null,
    answers,
  });
  const answer = (question: string, reply: string) => ({ dimension: 'Atención', subDimension: 'Saludo', question, type: 'SINGLE_CHOICE', reply, weighting: 10, commentary: null });

  it('write each move on Moves and each of its answers on Respuestas, and go on after the last move', async () => {
    const book = new ExportBook('xlsx');
    for (const sheet of PERFORMANCE_SHEETS) book.addSheet(sheet.name, sheet.header, sheet.formats);
    const rows = [approved(4, [answer('¿Saludó?', 'Sí'), answer('¿Sonrió?', '=1+1')]), approved(9, [])];
    const { page, write } = book.readPage('Moves', 'performance', JSON.stringify({ rows, count: 7 }), 2);
    expect(page).toEqual({ count: 7, next: '9', ahead: null, rows: 2 });
    write();
    const file = await readBook(book.build());
    const moves = XLSX.utils.sheet_to_json<unknown[]>(file.Sheets.Moves, { header: 1, defval: '' });
    expect(moves[0]).toEqual(PERFORMANCE_SHEETS[0].header);
    expect(moves.slice(1).map((r) => r[0])).toEqual(['M-4', 'M-9']);
    expect(moves[1]).toEqual(performanceCells(rows[0]).map((cell) => cell ?? ''));
    // The client's code under its heading, as the stock and the client's report have it; the result a number.
    const cell = (name: string) => moves[1][PERFORMANCE_SHEETS[0].header.indexOf(name)];
    expect([cell('Código de punto de venta'), cell('ID Operativo'), cell('Resultado')]).toEqual(['PV-1', 'OP-1', 87.5]);
    // The visit and the approval are date cells with their time.
    const dated = file.Sheets.Moves[XLSX.utils.encode_cell({ r: 1, c: PERFORMANCE_SHEETS[0].header.indexOf('Aprobada') })] as XLSX.CellObject;
    expect(dated).toMatchObject({ t: 'n' });
    expect(dated.w).toMatch(/^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}$/);
    const answers = XLSX.utils.sheet_to_json<unknown[]>(file.Sheets.Respuestas, { header: 1, defval: '' });
    expect(answers[0]).toEqual(PERFORMANCE_SHEETS[1].header);
    expect(answers.slice(1)).toEqual(answerRows(rows[0]).map((r) => r.map((cell) => cell ?? '')));
    expect(answers[2][5]).toBe('=1+1');
    expect(file.Sheets.Respuestas.F3).toMatchObject({ t: 's', v: '=1+1' });
    expect(file.Sheets.Respuestas.F3.f).toBeUndefined();
  });

  it('date each move by the end of its visit, as the report filters it, or by its start when it has no end', () => {
    const visit = (startAuditDate: string | null, completedAuditDate: string | null) =>
      performanceCells({ ...approved(6, []), startAuditDate, completedAuditDate })[PERFORMANCE_SHEETS[0].header.indexOf('Fecha de visita')];
    const start = '2026-10-31T23:50:00.000-03:00';
    const end = '2026-11-01T00:40:00.000-03:00';
    expect(visit(start, end)).toEqual(visit(end, null));
    expect(visit(start, end)).not.toEqual(visit(start, null));
  });

  it('name each question type and a weighting that does not count as the console does, not by their codes', () => {
    const [close, photographs] = answerRows(
      approved(5, [
        { ...answer('¿Saludó?', 'SI'), type: 'close', weighting: 25 },
        { ...answer('Foto de la góndola', '2 fotos'), type: 'photographs', weighting: -1 },
      ]),
    );
    expect([close[4], close[6]]).toEqual(['Opciones SI, NO, N/A', 25]);
    expect([photographs[4], photographs[6]]).toEqual([QUESTION_TYPE_LABELS.photographs, 'N/A']);
    expect(photographs[4]).not.toBe('photographs');
  });
});
