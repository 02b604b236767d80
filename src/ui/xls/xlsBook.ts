/**
 * An .xls (BIFF8) workbook written as its rows arrive, so that when the last page is in only the
 * sheets' heads and the container remain (docs/decisions.md, "Exportación .xls"). The records are the
 * ones SheetJS 0.20.3 writes for a sheet of plain cells (same globals, same cell records) without its
 * empty drawing and FEAT records, and a text whose characters all fit in one byte is stored one byte a
 * character, as BIFF8 allows. A text longer than a LABEL's 255 characters goes whole (up to Excel's 32,767)
 * in the shared strings table, where SheetJS's writer cut it at 255.
 * A sheet holds 65,536 rows: longer sheets continue on "<name> 2", "<name> 3"…, each with the header.
 * A column may give its numbers a format ('dd/mm/yyyy' for `excelDate`'s days): a FORMAT record and a cell
 * XF of its own each, as SheetJS writes them (so that Excel sorts and filters dates as dates).
 */
import * as XLSX from 'xlsx';
import { compoundFile, MINI_STREAM_CUTOFF } from './compoundFile';

/** Data rows a sheet takes under its header. */
export const XLS_ROWS = 65_535;
/** BIFF8's LABEL holds at most 255 characters: a longer text goes in the shared strings (SST), its cell a LABELSST. */
const LABEL_CHARS = 255;
/** The most characters a cell holds (Excel's limit): a longer text is cut there, as Excel would. */
const CELL_CHARS = 32_767;
/** The most bytes of a record's payload: the SST goes on in CONTINUE records. */
const RECORD_BYTES = 8224;
/** The cells' format: the first cell XF, after the 16 style XFs; a number format's cell XF follows it. */
const XF = 16;
/** The first number format a book defines (BIFF8 keeps 0–163 for the built-in ones). */
const FIRST_FORMAT = 164;
const CHUNK = 1 << 20;

/** Bytes in chunks of 1 MB, never copied once written. */
class Bytes {
  chunks: Uint8Array<ArrayBuffer>[] = [];
  length = 0;
  private buf: Uint8Array<ArrayBuffer> = new Uint8Array(0);
  private view = new DataView(this.buf.buffer);
  private at = 0;

  /** Room for `n` more bytes in the current chunk (a record never spans two). */
  private room(n: number): void {
    if (this.at + n <= this.buf.length) return;
    this.close();
    this.buf = new Uint8Array(Math.max(CHUNK, n));
    this.view = new DataView(this.buf.buffer);
    this.at = 0;
  }

  private close(): void {
    if (this.at) this.chunks.push(this.buf.subarray(0, this.at));
  }

  /** Starts a record of `type` with `size` bytes of payload. */
  record(type: number, size: number): this {
    this.room(4 + size);
    this.u16(type).u16(size);
    return this;
  }
  u8(v: number): this {
    this.buf[this.at++] = v;
    this.length++;
    return this;
  }
  u16(v: number): this {
    this.view.setUint16(this.at, v, true);
    this.at += 2;
    this.length += 2;
    return this;
  }
  u32(v: number): this {
    this.view.setUint32(this.at, v, true);
    this.at += 4;
    this.length += 4;
    return this;
  }
  f64(v: number): this {
    this.view.setFloat64(this.at, v, true);
    this.at += 8;
    this.length += 8;
    return this;
  }
  hex(h: string): this {
    for (let i = 0; i < h.length; i += 2) this.u8(parseInt(h.slice(i, i + 2), 16));
    return this;
  }
  /** The characters of `text`, one byte each (`wide` false) or UTF-16LE. */
  chars(text: string, wide: boolean): this {
    const { buf } = this;
    let at = this.at;
    if (wide) {
      for (let i = 0; i < text.length; i++) {
        const c = text.charCodeAt(i);
        buf[at++] = c & 0xff;
        buf[at++] = c >> 8;
      }
    } else for (let i = 0; i < text.length; i++) buf[at++] = text.charCodeAt(i);
    this.length += at - this.at;
    this.at = at;
    return this;
  }
  /** A record whose payload is fixed, given in hexadecimal. */
  fixed(type: number, payload = ''): this {
    return this.record(type, payload.length / 2).hex(payload);
  }
  done(): Uint8Array<ArrayBuffer>[] {
    this.close();
    this.buf = new Uint8Array(0);
    this.at = 0;
    return this.chunks;
  }
}

const isWide = (text: string) => {
  for (let i = 0; i < text.length; i++) if (text.charCodeAt(i) > 0xff) return true;
  return false;
};

/** BOF of the globals (dt 0x0005) or of a worksheet (dt 0x0010), as SheetJS writes it. */
const bof = (out: Bytes, dt: number) => out.record(0x0809, 16).u16(0x0600).u16(dt).hex('6272cd0709c0010006070000');

/**
 * The workbook globals before the sheet list (codepage UTF-16, one font, the number formats, 16 style XFs,
 * the cells' XF and one cell XF a number format).
 */
function globalsHead(out: Bytes, sheets: number, formats: string[]): void {
  bof(out, 0x0005);
  out.fixed(0x00e1, 'b004').fixed(0x00c1, '0000').fixed(0x00e2);
  const author = 'Campo';
  out.record(0x005c, 112).u16(author.length).u8(0).chars(author.padEnd(109, ' '), false); // WriteAccess
  out.fixed(0x0042, 'b004').fixed(0x0161, '0000').fixed(0x01c0);
  out.record(0x013d, sheets * 2);
  for (let i = 1; i <= sheets; i++) out.u16(i);
  out.fixed(0x009c, '1100').fixed(0x0019, '0000').fixed(0x0012, '0000').fixed(0x0013, '0000').fixed(0x01af, '0000').fixed(0x01bc, '0000');
  out.fixed(0x003d, '000000006072c0443800000000000100f401'); // Window1
  out.fixed(0x0040, '0000').fixed(0x008d, '0000').fixed(0x0022, '0000').fixed(0x000e, '0100').fixed(0x01b7, '0000').fixed(0x00da, '0000');
  out.fixed(0x0031, 'f0000000000090010000000000000501' + '41007200690061006c00'); // Font: Arial
  for (const [i, format] of formats.entries()) out.record(0x041e, 5 + format.length * 2).u16(FIRST_FORMAT + i).u16(format.length).u8(1).chars(format, true); // Format
  for (let i = 0; i < 16; i++) out.fixed(0x00e0, '00000000f4ff0000000000000000000000000000');
  out.fixed(0x00e0, '0000000000000000000000000000000000000000');
  for (let i = 0; i < formats.length; i++) out.record(0x00e0, 20).u16(0).u16(FIRST_FORMAT + i).hex('00'.repeat(16)); // its cell XF
  out.fixed(0x0160, '0000');
}

/**
 * The SST: every text of `texts`, in order. A record holds RECORD_BYTES at most, and the rest goes on in
 * CONTINUE records: a text's head (length and flags) is never split, and a text cut in two goes on after
 * a flags byte of its own (one byte or two a character) at the start of the CONTINUE.
 */
function sharedStrings(out: Bytes, texts: string[]): void {
  const records: number[][] = [[]];
  let current = records[0];
  const u16 = (v: number) => current.push(v & 0xff, v >> 8);
  u16(texts.length & 0xffff);
  u16(texts.length >>> 16);
  u16(texts.length & 0xffff);
  u16(texts.length >>> 16);
  for (const text of texts) {
    const wide = isWide(text);
    const size = wide ? 2 : 1;
    if (current.length + 3 + size > RECORD_BYTES) records.push((current = []));
    u16(text.length);
    current.push(wide ? 1 : 0);
    for (let i = 0; i < text.length; ) {
      if (current.length + size > RECORD_BYTES) {
        records.push((current = [wide ? 1 : 0]));
        continue;
      }
      const c = text.charCodeAt(i++);
      if (wide) current.push(c & 0xff, c >> 8);
      else current.push(c);
    }
  }
  for (const [i, payload] of records.entries()) {
    out.record(i === 0 ? 0x00fc : 0x003c, payload.length);
    for (const byte of payload) out.u8(byte);
  }
}

const boundSheetSize = (name: string) => 4 + 8 + name.length * 2;

interface Part {
  name: string;
  rows: number;
  cols: number;
  cells: Bytes;
}

/** A sheet: its header, the XF of each column's numbers, and its parts. */
interface Sheet {
  header: string[];
  xfs: number[];
  parts: Part[];
}

export class XlsBook {
  private parts: Part[] = [];
  /** The texts longer than a LABEL holds, by their cells' index (few: a comment, an answer written at length). */
  private shared: string[] = [];
  private sheets = new Map<string, Sheet>();
  /** The number formats the sheets' columns ask for, in the order of their FORMAT records and cell XFs. */
  private formats: string[] = [];

  /** A sheet with its header; `formats` gives a column's numbers the format a spreadsheet shows them in ('dd/mm/yyyy'). */
  addSheet(name: string, header: string[], formats: (string | undefined)[] = []): void {
    const xfs = formats.map((format) => {
      if (!format) return XF;
      if (!this.formats.includes(format)) this.formats.push(format);
      return XF + 1 + this.formats.indexOf(format);
    });
    const sheet: Sheet = { header, xfs, parts: [] };
    this.sheets.set(name, sheet);
    this.newPart(name, sheet);
  }

  private newPart(name: string, sheet: Sheet): Part {
    const n = sheet.parts.length;
    const part: Part = { name: (n === 0 ? name : `${name} ${n + 1}`).slice(0, 31), rows: 0, cols: 0, cells: new Bytes() };
    sheet.parts.push(part);
    this.parts.push(part);
    this.row(part, sheet.header, []);
    return part;
  }

  /** Rows of cells (texts, numbers, booleans) at the end of `name`. */
  addRows(name: string, rows: unknown[][]): void {
    const sheet = this.sheets.get(name);
    if (!sheet) throw new Error(`Hoja desconocida: ${name}`);
    let part = sheet.parts[sheet.parts.length - 1];
    for (const row of rows) {
      if (part.rows > XLS_ROWS) part = this.newPart(name, sheet);
      this.row(part, row, sheet.xfs);
    }
  }

  private row(part: Part, row: unknown[], xfs: number[]): void {
    const r = part.rows++;
    const out = part.cells;
    for (let c = 0; c < row.length; c++) {
      const value = row[c];
      if (typeof value === 'number') {
        if (Number.isFinite(value)) out.record(0x0203, 14).u16(r).u16(c).u16(xfs[c] ?? XF).f64(value);
        else out.record(0x0205, 8).u16(r).u16(c).u16(XF).u8(Number.isNaN(value) ? 0x24 : 0x07).u8(1); // #NUM!, #DIV/0!
      } else if (typeof value === 'boolean') out.record(0x0205, 8).u16(r).u16(c).u16(XF).u8(value ? 1 : 0).u8(0);
      else {
        const text = String(value ?? '');
        if (text.length > LABEL_CHARS) {
          out.record(0x00fd, 10).u16(r).u16(c).u16(XF).u32(this.shared.length); // LABELSST
          this.shared.push(text.slice(0, CELL_CHARS));
          continue;
        }
        const wide = isWide(text);
        out.record(0x0204, 9 + text.length * (wide ? 2 : 1)).u16(r).u16(c).u16(XF).u16(text.length).u8(wide ? 1 : 0).chars(text, wide);
      }
    }
    part.cols = Math.max(part.cols, row.length);
  }

  private static sheetHead(part: Part): Bytes {
    const out = new Bytes();
    bof(out, 0x0010);
    out.fixed(0x000d, '0100').fixed(0x000c, '6400').fixed(0x000f, '0100').fixed(0x0011, '0000').fixed(0x0010, 'fca9f1d24d62503f');
    out.fixed(0x005f, '0100').fixed(0x002a, '0000').fixed(0x002b, '0000').fixed(0x0082, '0100').fixed(0x0080, '0000000000000000');
    out.fixed(0x0083, '0000').fixed(0x0084, '0000');
    out.record(0x0200, 14).u32(0).u32(part.rows).u16(0).u16(Math.max(1, part.cols)).u16(0); // Dimensions
    return out;
  }

  private static sheetTail(part: Part): Bytes {
    const out = new Bytes();
    out.fixed(0x023e, 'b60600000000400000000000000000000000'); // Window2
    out.record(0x01ba, 3 + part.name.length * 2).u16(part.name.length).u8(1).chars(part.name, true); // CodeName
    out.fixed(0x000a);
    return out;
  }

  /** The .xls file. The book is spent. */
  finish(): Blob {
    const sheets = this.parts.map((part) => [XlsBook.sheetHead(part), part.cells, XlsBook.sheetTail(part)]);
    const head = new Bytes();
    globalsHead(head, this.parts.length, this.formats);
    const tail = new Bytes();
    tail.fixed(0x008c, '01000100'); // Country
    sharedStrings(tail, this.shared);
    tail.fixed(0x000a); // EOF
    let at = head.length + this.parts.reduce((n, p) => n + boundSheetSize(p.name), 0) + tail.length;
    for (const [i, part] of this.parts.entries()) {
      head.record(0x0085, boundSheetSize(part.name) - 4).u32(at).u8(0).u8(0).u8(part.name.length).u8(1).chars(part.name, true);
      at += sheets[i].reduce((n, b) => n + b.length, 0);
    }
    const stream = [head, tail, ...sheets.flat()].flatMap((b) => b.done());
    this.parts = [];
    this.shared = [];
    this.formats = [];
    this.sheets.clear();
    const type = 'application/vnd.ms-excel';
    if (at >= MINI_STREAM_CUTOFF) return new Blob(compoundFile(stream, at), { type });
    // A book this small goes in the container's mini stream: SheetJS writes that one.
    const workbook = new Uint8Array(at);
    let offset = 0;
    for (const chunk of stream) {
      workbook.set(chunk, offset);
      offset += chunk.length;
    }
    const cfb = XLSX.CFB.utils.cfb_new();
    XLSX.CFB.utils.cfb_add(cfb, 'Workbook', workbook);
    return new Blob([XLSX.CFB.write(cfb, { type: 'array' }) as ArrayBuffer], { type });
  }
}
