import { deflateRawSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import * as XLSX from 'xlsx';
import { zip } from '../../server/services/zip';
import { checkZip } from '../../server/services/zipCheck';

const MB = 1024 * 1024;
function bookOf(rows: string[][]) {
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet(rows), 'bulk_users');
  return book;
}

describe('the .xlsx check before the spreadsheet reader', () => {
  it('passes a real spreadsheet and a whole stored archive', () => {
    expect(checkZip(Buffer.from(XLSX.write(bookOf([['Nombre'], ['Ana']]), { type: 'buffer', bookType: 'xlsx' })), MB)).toBe('ok');
    expect(checkZip(zip([{ name: 'a.txt', data: Buffer.from('hola') }]), MB)).toBe('ok');
  });

  it("refuses an entry whose own header disagrees with the directory (the reader inflates by the entry's)", () => {
    // The directory says 'stored, 4 bytes'; the entry's header says 'deflated, 4 MB' over a deflate bomb.
    const bomb = deflateRawSync(Buffer.alloc(4 * MB));
    const archive = zip([{ name: 'xl/workbook.xml', data: bomb }]);
    archive.writeUInt16LE(8, 8); // local method: deflate
    archive.writeUInt32LE(4 * MB, 22); // local uncompressed size
    expect(checkZip(archive, MB)).toBe('invalid');
    const sizes = zip([{ name: 'a.txt', data: Buffer.from('hola') }]);
    sizes.writeUInt32LE(999, 22);
    expect(checkZip(sizes, MB)).toBe('invalid');
  });

  it('refuses an end record that is not the last bytes, or that counts its entries twice differently', () => {
    const trailing = Buffer.concat([zip([{ name: 'a.txt', data: Buffer.from('hola') }]), Buffer.from('xx')]);
    expect(checkZip(trailing, MB)).toBe('invalid');
    const counts = zip([{ name: 'a.txt', data: Buffer.from('hola') }]);
    counts.writeUInt16LE(2, counts.length - 22 + 8);
    expect(checkZip(counts, MB)).toBe('invalid');
  });

  it('still says too large for an honest archive that inflates past the cap', () => {
    expect(checkZip(zip([{ name: 'big.bin', data: Buffer.alloc(2 * MB) }]), MB)).toBe('too-large');
  });
});
