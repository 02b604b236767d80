/**
 * Checks a ZIP container (an .xlsx) before a spreadsheet parser reads it. SheetJS loops forever on
 * some truncated archives and inflates whatever an entry holds, so a 10-byte upload could hang the
 * process and a few hundred kilobytes could inflate to gigabytes. Here every entry is inflated with
 * a cap on the total output, its size and CRC compared with the directory's: only a whole, honest
 * archive of bounded size reaches the parser. The parser reads each entry's own (local) header, not the
 * directory: the two must agree (method, sizes, CRC), or a directory saying 'stored, 4 KB' over a local
 * header saying 'deflated, 2 GB' passed here and was inflated there. The end record must be the file's
 * last bytes and count its entries once, so that both readers find the same directory.
 */
import { crc32, inflateRawSync } from 'node:zlib';

export type ZipCheck = 'ok' | 'invalid' | 'too-large';

const EOCD = 0x06054b50;
const CENTRAL = 0x02014b50;
const LOCAL = 0x04034b50;
const MAX_ENTRIES = 10_000;

function endOfDirectory(bytes: Buffer): number {
  const stop = Math.max(0, bytes.length - 22 - 0xffff);
  for (let i = bytes.length - 22; i >= stop; i--) if (bytes.readUInt32LE(i) === EOCD) return i;
  return -1;
}

/** 'ok' when the archive is whole and inflates to at most `maxInflatedBytes` in all. */
export function checkZip(bytes: Buffer, maxInflatedBytes: number): ZipCheck {
  if (bytes.length < 22) return 'invalid';
  const end = endOfDirectory(bytes);
  if (end < 0) return 'invalid';
  const entries = bytes.readUInt16LE(end + 10);
  const directorySize = bytes.readUInt32LE(end + 12);
  const directoryStart = bytes.readUInt32LE(end + 16);
  if (end + 22 + bytes.readUInt16LE(end + 20) !== bytes.length || bytes.readUInt16LE(end + 8) !== entries) return 'invalid';
  if (entries === 0 || entries > MAX_ENTRIES || directoryStart + directorySize > end) return 'invalid';
  let total = 0;
  for (let i = 0, p = directoryStart; i < entries; i++) {
    if (p + 46 > end || bytes.readUInt32LE(p) !== CENTRAL) return 'invalid';
    const flags = bytes.readUInt16LE(p + 8);
    const method = bytes.readUInt16LE(p + 10);
    const crc = bytes.readUInt32LE(p + 16);
    const packedSize = bytes.readUInt32LE(p + 20);
    const size = bytes.readUInt32LE(p + 24);
    const local = bytes.readUInt32LE(p + 42);
    p += 46 + bytes.readUInt16LE(p + 28) + bytes.readUInt16LE(p + 30) + bytes.readUInt16LE(p + 32);
    if (local + 30 > directoryStart || bytes.readUInt32LE(local) !== LOCAL) return 'invalid';
    // Encrypted entries are no spreadsheet; the local header must say what the directory says (with a
    // data descriptor, bit 3, its CRC and sizes may be left at 0 and follow the data).
    if (flags & 1 || bytes.readUInt16LE(local + 6) !== flags || bytes.readUInt16LE(local + 8) !== method) return 'invalid';
    const described = (flags & 8) !== 0;
    const agrees = (offset: number, value: number) => bytes.readUInt32LE(local + offset) === value || (described && bytes.readUInt32LE(local + offset) === 0);
    if (!agrees(14, crc) || !agrees(18, packedSize) || !agrees(22, size)) return 'invalid';
    const dataStart = local + 30 + bytes.readUInt16LE(local + 26) + bytes.readUInt16LE(local + 28);
    if (dataStart + packedSize > directoryStart) return 'invalid';
    if (total + size > maxInflatedBytes) return 'too-large';
    const packed = bytes.subarray(dataStart, dataStart + packedSize);
    let data: Buffer;
    if (method === 0) {
      data = packed;
    } else if (method === 8) {
      try {
        data = inflateRawSync(packed, { maxOutputLength: maxInflatedBytes - total + 1 });
      } catch (error) {
        return (error as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE' ? 'too-large' : 'invalid';
      }
    } else {
      return 'invalid';
    }
    if (data.length !== size || crc32(data) !== crc) return 'invalid';
    total += data.length;
    if (total > maxInflatedBytes) return 'too-large';
  }
  return 'ok';
}
