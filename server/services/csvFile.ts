/**
 * How a bulk load's CSV is read (points of sale and clients): its text, its separator and its records,
 * each with its line. Quotes mean something only at the start of a cell, as RFC 4180 and the readers
 * of spreadsheets take them: `Local 5" norte`, typed by hand, is that text.
 */
import { parse as parseCsv } from 'csv-parse/sync';
import { CSV_TEXT } from '../../domain/locationsCsv';
import { badRequest, HttpError } from '../http';

/** Control characters no text file holds (tab, line feed and carriage return aside). */
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;

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
    text = new TextDecoder('windows-1252').decode(buffer);
  }
  if (CONTROL.test(text)) throw new HttpError(415, CSV_TEXT.notText);
  return text;
}

/** ';' or ',' as the first line uses more of (quoted text aside). */
export function guessDelimiter(text: string): ';' | ',' {
  const first = (text.split(/\r?\n/, 1)[0] ?? '').replace(/"[^"]*"/g, '');
  return (first.match(/;/g)?.length ?? 0) >= (first.match(/,/g)?.length ?? 0) ? ';' : ',';
}

/**
 * Where a quoted cell that never closes opened (its line and column), read as csv-parse reads with
 * `relax_quotes`: a quote opens a cell only at its start, `""` inside it is a quote, and what follows
 * its closing quote is plain text. Null when every quoted cell closes.
 */
export function unclosedQuote(text: string, delimiter: string): { line: number; column: number } | null {
  let line = 1;
  let column = 1;
  let atStart = true;
  let open: { line: number; column: number } | null = null;
  for (let i = text.startsWith('\uFEFF') ? 1 : 0; i < text.length; i++) {
    const c = text[i];
    if (open) {
      if (c === '"') {
        if (text[i + 1] === '"') i++;
        else open = null;
      } else if (c === '\n') line++;
      continue;
    }
    if (c === '"' && atStart) open = { line, column };
    else if (c === delimiter) column++;
    else if (c === '\n') {
      line++;
      column = 1;
    }
    atStart = c === delimiter || c === '\n';
  }
  return open;
}

/**
 * Whether the file holds more than `limit` records with something in them (a cell that is not blank),
 * read as csv-parse reads them (quotes as in `unclosedQuote`), in one pass that stops at the limit. It
 * never counts more than csv-parse finds: a file it says is over is over.
 */
export function recordsOver(text: string, delimiter: string, limit: number): boolean {
  let records = 0;
  let atStart = true;
  let open = false;
  let data = false;
  for (let i = text.startsWith('\uFEFF') ? 1 : 0; i < text.length; i++) {
    const c = text[i];
    if (open) {
      if (c === '"' && text[i + 1] !== '"') open = false;
      else {
        if (c === '"') i++;
        if (!data && !/\s/.test(c)) data = true;
      }
      continue;
    }
    if (c === '\n') {
      if (data && ++records > limit) return true;
      data = false;
    } else if (c === '"' && atStart) open = true;
    else if (c !== delimiter && !data && !/\s/.test(c)) data = true;
    atStart = c === delimiter || c === '\n';
  }
  return data && records + 1 > limit;
}

/** The line some spreadsheets write first to name the separator ('sep=;'), after the BOM if any. */
const SEPARATOR_LINE = /^(\uFEFF?)sep=([;,])[ \t]*\n/i;

/** The longest cell a load reads: every text field holds far less (2,000), and one of megabytes kept the server folding it for seconds. */
export const MAX_CELL = 10_000;

/**
 * The file's records with the line each starts at (the header is line 1), at most `maxRows` after the
 * header (413 before they are parsed: parsing a 10 MB file of one-character rows took the server's
 * thread for seconds), no cell over MAX_CELL characters. Line endings are made one first: csv-parse takes the
 * first line's as the file's, and a template saved with CRLF whose new rows end in LF (as some editors
 * and scripts write them) came out as one record of every row, none loaded and no row's error shown.
 * A quote inside a cell that did not start with one is that character (`relax_quotes`): such a cell
 * refused the whole file. A quoted cell that never closes would take the rest of the file into it: it
 * is refused, naming the line and column where it opened.
 */
export function parseRows(file: string, maxRows: number): { cells: string[]; line: number }[] {
  const normalized = file.replace(/\r\n?/g, '\n');
  // Excel's 'sep=;' first line names the separator: taken, and left as an empty line (the lines keep the file's numbers).
  const named = SEPARATOR_LINE.exec(normalized);
  const text = named ? normalized.replace(SEPARATOR_LINE, '$1\n') : normalized;
  const delimiter = named ? (named[2] as ';' | ',') : guessDelimiter(text);
  if (recordsOver(text, delimiter, maxRows + 1)) throw new HttpError(413, CSV_TEXT.tooManyRows(maxRows));
  const rows = records(text, delimiter);
  const long = rows.find((r) => r.cells.some((c) => c.length > MAX_CELL));
  if (long) throw badRequest(CSV_TEXT.cellTooLong(long.line, MAX_CELL));
  return rows;
}

function records(text: string, delimiter: ';' | ','): { cells: string[]; line: number }[] {
  try {
    // The record delimiter named (the line endings are one already): guessed, csv-parse searched a file of one long line for it from every character.
    const records = parseCsv(text, { delimiter, record_delimiter: '\n', bom: true, relax_quotes: true, relax_column_count: true, skip_empty_lines: true, info: true }) as unknown as {
      record: string[];
      info: { lines: number; empty_lines: number };
    }[];
    // A record's line is the one where it starts: csv-parse tells where it ends, and a row with a cell of
    // two lines (an address with a line break) was named by its last line, which is the next row's number
    // in a spreadsheet. It starts after the record before it and the empty lines skipped since.
    let previous = { lines: 0, empty_lines: 0 };
    return records
      .map(({ record, info }) => {
        const line = previous.lines + 1 + info.empty_lines - previous.empty_lines;
        previous = info;
        return { cells: record, line };
      })
      .filter((r) => r.cells.some((c) => c.trim() !== ''));
  } catch (error) {
    const open = unclosedQuote(text, delimiter);
    if (open) throw badRequest(CSV_TEXT.unclosedQuote(open.line, open.column));
    const line = (error as { lines?: number }).lines;
    throw badRequest(`${line ? `Línea ${line}: ` : ''}el archivo no es un CSV válido (revise las comillas).`);
  }
}
