/**
 * How a bulk load's CSV is read (points of sale and clients): its text, its separator and its records,
 * each with its line. Quotes mean something only at the start of a cell, as RFC 4180 and the readers
 * of spreadsheets take them: `Local 5" norte`, typed by hand, is that text.
 */
import { CSV_TEXT } from '../../domain/locationsCsv';
import { badRequest, HttpError } from '../http';

/** Control characters no text file holds (tab, line feed and carriage return aside), C1 included. */
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/;

/**
 * Windows-1252's bytes 0x80–0x9F, where it differs from Latin-1: curly quotes, dashes, '€', '…'. Node 20's
 * `TextDecoder('windows-1252')` reads them as Latin-1 (C1 control characters: '“El Niño”' was stored as
 * '\x93El Niño\x94'), so they are mapped here. The five bytes Windows-1252 leaves undefined stay C1, which
 * no text holds.
 */
const CP1252_HIGH = '€\u0081‚ƒ„…†‡ˆ‰Š‹Œ\u008dŽ\u008f\u0090‘’“”•–—˜™š›œ\u009džŸ';

/** A Windows-1252 text: Latin-1 for every byte but 0x80–0x9F. */
export function decodeWindows1252(buffer: Buffer): string {
  let text = '';
  for (const byte of buffer) text += byte >= 0x80 && byte <= 0x9f ? CP1252_HIGH[byte - 0x80] : String.fromCharCode(byte);
  return text;
}

/**
 * The file's text, or a 4xx: a binary file is not a CSV whatever its name says. UTF-8 first; a file
 * that is not UTF-8 is read as Windows-1252, what Excel in Spanish writes for 'CSV (delimitado por
 * comas)' (refused, its users were stuck with 'no es un CSV de texto' and no way to know why).
 */
export function csvText(buffer: Buffer): string {
  if (buffer.length === 0) throw badRequest(CSV_TEXT.empty);
  if (buffer.includes(0)) throw new HttpError(415, CSV_TEXT.notText);
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(buffer);
  } catch {
    text = decodeWindows1252(buffer);
  }
  if (CONTROL.test(text)) throw new HttpError(415, CSV_TEXT.notText);
  return text;
}

/** ';' or ',' as the first line uses more of (quoted text aside). */
export function guessDelimiter(text: string): ';' | ',' {
  const first = (text.split(/\r?\n/, 1)[0] ?? '').replace(/"[^"]*"/g, '');
  return (first.match(/;/g)?.length ?? 0) >= (first.match(/,/g)?.length ?? 0) ? ';' : ',';
}

/** The line some spreadsheets write first to name the separator ('sep=;'), after the BOM if any. */
const SEPARATOR_LINE = /^(\uFEFF?)sep=([;,])[ \t]*\n/i;

/** The longest cell a load reads: every text field holds far less (2,000), and one of megabytes kept the server folding it for seconds. */
export const MAX_CELL = 10_000;

/**
 * The file's records with the row each is, as a spreadsheet numbers them (the header is row 1, an empty
 * line is a row, a line break inside a quoted cell is none: 'Línea N' is the row Excel shows, where the
 * user looks; counted by the text file's lines, a cell of two lines shifted every later one), at most `maxRows` after the
 * header, no cell over MAX_CELL characters; records whose cells are all blank are none. Line endings
 * are made one first (a template saved with CRLF whose new rows end in LF, as some editors and scripts
 * write them, is read row by row). Refused: more rows than `maxRows` (413, found while reading: a 10 MB
 * file of one-character rows is refused at its row 100,001, not parsed whole), a quoted cell that never
 * closes (it would take the rest of the file into it: the line and column where it opened are named),
 * then a cell over MAX_CELL (one of megabytes kept the server folding it for seconds).
 */
export function parseRows(file: string, maxRows: number): Row[] {
  const normalized = file.replace(/\r\n?/g, '\n');
  // Excel's 'sep=;' first line names the separator: taken, and no row (Excel hides it: its header is row 1).
  const named = SEPARATOR_LINE.exec(normalized);
  const text = named ? normalized.replace(SEPARATOR_LINE, '$1') : normalized;
  const delimiter = named ? (named[2] as ';' | ',') : guessDelimiter(text);
  const read = readRecords(text, delimiter, maxRows + 1);
  if (read.over) throw new HttpError(413, CSV_TEXT.tooManyRows(maxRows));
  if (read.open) throw badRequest(CSV_TEXT.unclosedQuote(read.open.line, read.open.column));
  const long = read.rows.find((r) => r.cells.some((c) => c.length > MAX_CELL));
  if (long) throw badRequest(CSV_TEXT.cellTooLong(long.line, MAX_CELL));
  return read.rows;
}

export interface Row {
  cells: string[];
  line: number;
}

const QUOTE = 0x22;
const NEWLINE = 0x0a;
const BOM = 0xfeff;
/** Any character but white space (as `String.prototype.trim` takes it). */
const DATA = /\S/;

/**
 * One pass over the text (its line endings made '\n'), reading cells as spreadsheets and RFC 4180 do,
 * and as csv-parse read them with `relax_quotes` (which this replaced: it took a tenth of a 10,000-row
 * load, BENCHMARKS.md; tests/unit/csv-file.test.ts checks both read every text alike):
 * - a quote opens a cell only at its start: elsewhere (`Local 5" norte`) it is that character;
 * - in a quoted cell, the separator and line breaks are text, `""` is a quote, and a quote followed by
 *   the separator, a line break or the end closes it; followed by anything else, the cell is its text as
 *   written, quotes and all, up to the next separator or line break (`"A" 1` is `"A" 1`);
 * - a leading BOM is no text, and empty lines are no records.
 * `limit`: past that many records with something in them, it stops (`over`). `open`: where a quoted
 * cell that never closes opened (its row, and the column it is in).
 */
function readRecords(text: string, delimiter: ';' | ',', limit: number): { rows: Row[]; over: boolean; open: { line: number; column: number } | null } {
  const separator = delimiter.charCodeAt(0);
  const end = text.length;
  const rows: Row[] = [];
  let i = text.charCodeAt(0) === BOM ? 1 : 0;
  let line = 1;
  while (i < end) {
    if (text.charCodeAt(i) === NEWLINE) {
      i++;
      line++;
      continue;
    }
    const start = line;
    const cells: string[] = [];
    for (;;) {
      let cell: string;
      if (text.charCodeAt(i) === QUOTE) {
        const opened = line;
        let content = '';
        let from = i + 1;
        let j = from;
        for (;;) {
          if (j >= end) {
            // Never closed: the rest of the file is this cell, and this record counts if it holds anything.
            const counted = rows.length + (cells.some((c) => DATA.test(c)) || DATA.test(text.slice(i + 1)) ? 1 : 0);
            return { rows, over: counted > limit, open: { line: opened, column: cells.length + 1 } };
          }
          const c = text.charCodeAt(j);
          // A line break inside a quoted cell is the cell's text (Alt+Enter in Excel), not a row.
          if (c === QUOTE) {
            if (text.charCodeAt(j + 1) === QUOTE) {
              content += text.slice(from, j + 1);
              from = j += 2;
              continue;
            }
            content += text.slice(from, j);
            break;
          }
          j++;
        }
        // j is the closing quote.
        const next = j + 1;
        const after = text.charCodeAt(next);
        if (next >= end || after === separator || after === NEWLINE) {
          cell = content;
          i = next;
        } else {
          let k = next;
          while (k < end && text.charCodeAt(k) !== separator && text.charCodeAt(k) !== NEWLINE) k++;
          cell = `"${content}"${text.slice(next, k)}`;
          i = k;
        }
      } else {
        let k = i;
        while (k < end && text.charCodeAt(k) !== separator && text.charCodeAt(k) !== NEWLINE) k++;
        cell = text.slice(i, k);
        i = k;
      }
      cells.push(cell);
      if (i < end && text.charCodeAt(i) === separator) {
        i++;
        continue;
      }
      break;
    }
    // At a line break (or the end): the record is whole.
    if (i < end) {
      i++;
      line++;
    }
    if (cells.some((c) => DATA.test(c))) {
      rows.push({ cells, line: start });
      if (rows.length > limit) return { rows, over: true, open: null };
    }
  }
  return { rows, over: false, open: null };
}
