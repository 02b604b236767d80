/**
 * An .xlsx (Office Open XML) workbook written as its rows arrive: each row becomes its sheet's XML at
 * once and goes through that sheet's deflate stream, so that the book holds only compressed bytes, never
 * the rows (SheetJS's writer kept every cell as an object until the end; docs/decisions.md, "Exportación
 * .xlsx"). Same surface as `XlsBook`: sheets with a header, rows of texts, numbers and booleans, and
 * the file at the end. Texts go as inline strings, never as formulas, up to Excel's 32,767 characters.
 * A sheet holds 1,048,576 rows: longer sheets continue on "<name> 2", "<name> 3"…, each with the header.
 */
import { strToU8, Zip, ZipDeflate } from 'fflate';

/** Data rows a sheet takes under its header. */
export const XLSX_ROWS = 1_048_575;
/** The most characters a cell holds (Excel's limit): a longer text is cut there, as Excel would. */
const CELL_CHARS = 32_767;
/**
 * A sheet's XML past this many characters continues on the next part: a ZIP entry without ZIP64 holds
 * 4 GiB, and a character of XML takes up to 3 bytes of UTF-8.
 */
const PART_CHARS = 1_200_000_000;
/** XML gathered before it goes through the deflate stream. */
const FLUSH_CHARS = 1 << 16;
/**
 * Deflate's fastest level: on 100,000 rows of 30 cells it takes a third less time than level 6 for a
 * file 8 % larger (22.6 against 20.8 MB).
 */
const LEVEL = 1;

const MAIN = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const RELS = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const XML_HEAD = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n';

/** What `xmlText` replaces; a text without any of it (most) goes as it is. */
const ESCAPE = /[&<>"]|_(?=x[0-9A-Fa-f]{4}_)|[\u0000-\u0008\u000b-\u001f\ufffe\uffff]/g;
const ESCAPED = /[&<>"\u0000-\u0008\u000b-\u001f\ufffe\uffff]|_x[0-9A-Fa-f]{4}_/;

/** A column's letters: 0 → A, 25 → Z, 26 → AA. */
export function columnName(index: number): string {
  let name = '';
  for (let n = index + 1; n > 0; n = Math.floor((n - 1) / 26)) name = String.fromCharCode(65 + ((n - 1) % 26)) + name;
  return name;
}

/**
 * A text as XML character data. Characters XML cannot hold (controls other than tab and line feed) and
 * the carriage return (which XML reads as a line feed) go as Excel's `_xHHHH_`, and an `_x` that would
 * read as one is escaped itself, so the cell reads back as written.
 */
export function xmlText(text: string): string {
  if (!ESCAPED.test(text)) return text;
  return text.replace(ESCAPE, (c) => {
    if (c === '&') return '&amp;';
    if (c === '<') return '&lt;';
    if (c === '>') return '&gt;';
    if (c === '"') return '&quot;';
    return `_x${c.charCodeAt(0).toString(16).toUpperCase().padStart(4, '0')}_`;
  });
}

/** A cell's XML; `style` is the index of the number format a number of its column shows in. */
function cell(ref: string, value: unknown, style = 0): string {
  if (typeof value === 'number') {
    if (Number.isFinite(value)) return style ? `<c r="${ref}" s="${style}"><v>${value}</v></c>` : `<c r="${ref}"><v>${value}</v></c>`;
    return `<c r="${ref}" t="e"><v>${Number.isNaN(value) ? '#NUM!' : '#DIV/0!'}</v></c>`;
  }
  if (typeof value === 'boolean') return `<c r="${ref}" t="b"><v>${value ? 1 : 0}</v></c>`;
  const text = String(value ?? '');
  return `<c r="${ref}" t="inlineStr"><is><t xml:space="preserve">${xmlText(text.slice(0, CELL_CHARS))}</t></is></c>`;
}

/** A sheet as its rows are added: its header, its columns' formats and its parts. */
interface Sheet {
  header: string[];
  styles: number[];
  parts: Part[];
}

/** One sheet of the file: a ZIP entry whose XML is deflated as it is written. */
interface Part {
  name: string;
  /** Each column's number format, as the index of its cell format (0: the normal one). */
  styles: number[];
  entry: ZipDeflate;
  rows: number;
  chars: number;
  pending: string[];
  pendingChars: number;
}

export class XlsxBook {
  /** Data rows a sheet takes before it continues on the next (a smaller number only for tests). */
  constructor(private readonly sheetRows = XLSX_ROWS) {}

  private chunks: Uint8Array[] = [];
  private failure: Error | null = null;
  private zip = new Zip((error, chunk) => {
    if (error) this.failure = error;
    else this.chunks.push(chunk);
  });
  private parts: Part[] = [];
  private sheets = new Map<string, Sheet>();
  /** The number formats the sheets' columns ask for, in the order of their cell formats (from 1). */
  private formats: string[] = [];
  /** Column letters already worked out, by index. */
  private columns: string[] = [];

  /**
   * A sheet with its header; `formats` gives a column's numbers the format a spreadsheet shows them in
   * ('dd/mm/yyyy', '0.00%'), by column.
   */
  addSheet(name: string, header: string[], formats: (string | undefined)[] = []): void {
    const styles = formats.map((format) => {
      if (!format) return 0;
      if (!this.formats.includes(format)) this.formats.push(format);
      return this.formats.indexOf(format) + 1;
    });
    const sheet: Sheet = { header, styles, parts: [] };
    this.sheets.set(name, sheet);
    this.newPart(name, sheet);
  }

  private newPart(name: string, sheet: Sheet): Part {
    const previous = sheet.parts.at(-1);
    if (previous) this.close(previous);
    const n = sheet.parts.length;
    const index = this.parts.length + 1;
    const entry = new ZipDeflate(`xl/worksheets/sheet${index}.xml`, { level: LEVEL });
    this.zip.add(entry);
    const part: Part = { name: (n === 0 ? name : `${name} ${n + 1}`).slice(0, 31), styles: sheet.styles, entry, rows: 0, chars: 0, pending: [], pendingChars: 0 };
    sheet.parts.push(part);
    this.parts.push(part);
    this.write(part, `${XML_HEAD}<worksheet xmlns="${MAIN}" xmlns:r="${RELS}"><sheetData>`);
    this.row(part, sheet.header);
    return part;
  }

  /** Rows of cells (texts, numbers, booleans) at the end of `name`. */
  addRows(name: string, rows: unknown[][]): void {
    const sheet = this.sheets.get(name);
    if (!sheet) throw new Error(`Hoja desconocida: ${name}`);
    let part = sheet.parts[sheet.parts.length - 1];
    for (const row of rows) {
      if (part.rows > this.sheetRows || part.chars > PART_CHARS) part = this.newPart(name, sheet);
      this.row(part, row);
    }
    this.check();
  }

  private row(part: Part, row: unknown[]): void {
    const r = ++part.rows;
    let xml = `<row r="${r}">`;
    for (let c = 0; c < row.length; c++) xml += cell(`${this.column(c)}${r}`, row[c], r === 1 ? 0 : part.styles[c]);
    this.write(part, `${xml}</row>`);
  }

  private column(index: number): string {
    return (this.columns[index] ??= columnName(index));
  }

  private write(part: Part, xml: string): void {
    part.pending.push(xml);
    part.pendingChars += xml.length;
    part.chars += xml.length;
    if (part.pendingChars >= FLUSH_CHARS) this.flush(part, false);
  }

  private flush(part: Part, final: boolean): void {
    part.entry.push(strToU8(part.pending.join('')), final);
    part.pending = [];
    part.pendingChars = 0;
  }

  private close(part: Part): void {
    this.write(part, '</sheetData></worksheet>');
    this.flush(part, true);
  }

  private check(): void {
    if (this.failure) throw this.failure;
  }

  /** A small file of the package, whole. */
  private file(path: string, xml: string): void {
    const entry = new ZipDeflate(path, { level: LEVEL });
    this.zip.add(entry);
    entry.push(strToU8(XML_HEAD + xml), true);
  }

  /** The .xlsx file. The book is spent. */
  finish(): Blob {
    for (const sheet of this.sheets.values()) this.close(sheet.parts[sheet.parts.length - 1]);
    const sheets = this.parts.map((part, i) => ({ name: xmlText(part.name), id: i + 1 }));
    this.file(
      '[Content_Types].xml',
      `<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">` +
        `<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>` +
        `<Default Extension="xml" ContentType="application/xml"/>` +
        `<Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/>` +
        `<Override PartName="/xl/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.styles+xml"/>` +
        sheets.map(({ id }) => `<Override PartName="/xl/worksheets/sheet${id}.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/>`).join('') +
        `</Types>`,
    );
    this.file(
      '_rels/.rels',
      `<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">` +
        `<Relationship Id="rId1" Type="${RELS}/officeDocument" Target="xl/workbook.xml"/></Relationships>`,
    );
    this.file(
      'xl/workbook.xml',
      `<workbook xmlns="${MAIN}" xmlns:r="${RELS}"><sheets>` +
        sheets.map(({ name, id }) => `<sheet name="${name}" sheetId="${id}" r:id="rId${id}"/>`).join('') +
        `</sheets></workbook>`,
    );
    this.file(
      'xl/_rels/workbook.xml.rels',
      `<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">` +
        sheets.map(({ id }) => `<Relationship Id="rId${id}" Type="${RELS}/worksheet" Target="worksheets/sheet${id}.xml"/>`).join('') +
        `<Relationship Id="rId${sheets.length + 1}" Type="${RELS}/styles" Target="styles.xml"/></Relationships>`,
    );
    // Custom number formats take the ids from 164, after the built-in ones.
    const numFmts = this.formats.map((format, i) => `<numFmt numFmtId="${164 + i}" formatCode="${xmlText(format)}"/>`).join('');
    const xfs = this.formats.map((_, i) => `<xf numFmtId="${164 + i}" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/>`).join('');
    this.file(
      'xl/styles.xml',
      `<styleSheet xmlns="${MAIN}">${numFmts ? `<numFmts count="${this.formats.length}">${numFmts}</numFmts>` : ''}<fonts count="1"><font><sz val="11"/><name val="Calibri"/></font></fonts>` +
        `<fills count="2"><fill><patternFill patternType="none"/></fill><fill><patternFill patternType="gray125"/></fill></fills>` +
        `<borders count="1"><border><left/><right/><top/><bottom/><diagonal/></border></borders>` +
        `<cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs>` +
        `<cellXfs count="${this.formats.length + 1}"><xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0"/>${xfs}</cellXfs>` +
        `<cellStyles count="1"><cellStyle name="Normal" xfId="0" builtinId="0"/></cellStyles></styleSheet>`,
    );
    this.zip.end();
    this.check();
    const chunks = this.chunks;
    this.chunks = [];
    this.parts = [];
    this.sheets.clear();
    return new Blob(chunks as BlobPart[], { type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' });
  }
}
