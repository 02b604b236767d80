/**
 * The compound file (MS-CFB, version 3) that holds an .xls's "Workbook" stream, written around the
 * stream's parts without copying them: the header, the stream's sectors, then its allocation tables
 * and the directory. Only for streams of 4,096 bytes or more (smaller ones belong in the mini stream,
 * which this does not write; `xlsBook` leaves those to SheetJS).
 */
const SECTOR = 512;
const ENTRIES_PER_SECTOR = SECTOR / 4;
const HEADER_DIFAT = 109;
const FREE = 0xffffffff;
const END_OF_CHAIN = 0xfffffffe;
const FAT_SECTOR = 0xfffffffd;
const DIFAT_SECTOR = 0xfffffffc;
export const MINI_STREAM_CUTOFF = 4096;

/** The sectors each table needs for a stream of `streamSectors`: they count themselves too. */
function layout(streamSectors: number): { fat: number; difat: number } {
  let fat = 0;
  let difat = 0;
  for (;;) {
    const nextFat = Math.ceil((streamSectors + fat + difat + 1) / ENTRIES_PER_SECTOR);
    const nextDifat = Math.max(0, Math.ceil((nextFat - HEADER_DIFAT) / (ENTRIES_PER_SECTOR - 1)));
    if (nextFat === fat && nextDifat === difat) return { fat, difat };
    fat = nextFat;
    difat = nextDifat;
  }
}

function directoryEntry(view: DataView, at: number, name: string, type: 2 | 5, child: number, start: number, size: number): void {
  for (let i = 0; i < name.length; i++) view.setUint16(at + i * 2, name.charCodeAt(i), true);
  view.setUint16(at + 64, (name.length + 1) * 2, true);
  view.setUint8(at + 66, type);
  view.setUint8(at + 67, 1); // black: a tree of one node per level
  view.setUint32(at + 68, FREE, true);
  view.setUint32(at + 72, FREE, true);
  view.setUint32(at + 76, child, true);
  view.setUint32(at + 116, start, true);
  view.setUint32(at + 120, size, true);
}

/** The file's parts, in order: a Blob of them is the .xls. */
export function compoundFile(stream: Uint8Array<ArrayBuffer>[], streamLength: number): BlobPart[] {
  if (streamLength < MINI_STREAM_CUTOFF) throw new Error('compoundFile: streams under 4,096 bytes go in the mini stream');
  const streamSectors = Math.ceil(streamLength / SECTOR);
  const { fat, difat } = layout(streamSectors);
  const firstFat = streamSectors;
  const firstDifat = firstFat + fat;
  const directorySector = firstDifat + difat;

  const header = new DataView(new ArrayBuffer(SECTOR));
  [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1].forEach((b, i) => header.setUint8(i, b));
  header.setUint16(24, 0x003e, true); // minor version
  header.setUint16(26, 0x0003, true); // major version 3: 512-byte sectors
  header.setUint16(28, 0xfffe, true); // little-endian
  header.setUint16(30, 9, true); // sector size 2^9
  header.setUint16(32, 6, true); // mini sector size 2^6
  header.setUint32(44, fat, true);
  header.setUint32(48, directorySector, true);
  header.setUint32(56, MINI_STREAM_CUTOFF, true);
  header.setUint32(60, END_OF_CHAIN, true); // no mini FAT
  header.setUint32(68, difat ? firstDifat : END_OF_CHAIN, true);
  header.setUint32(72, difat, true);
  for (let i = 0; i < HEADER_DIFAT; i++) header.setUint32(76 + i * 4, i < fat ? firstFat + i : FREE, true);

  const fatTable = new DataView(new ArrayBuffer(fat * SECTOR));
  for (let i = 0; i < fat * ENTRIES_PER_SECTOR; i++) fatTable.setUint32(i * 4, FREE, true);
  for (let i = 0; i < streamSectors; i++) fatTable.setUint32(i * 4, i === streamSectors - 1 ? END_OF_CHAIN : i + 1, true);
  for (let i = 0; i < fat; i++) fatTable.setUint32((firstFat + i) * 4, FAT_SECTOR, true);
  for (let i = 0; i < difat; i++) fatTable.setUint32((firstDifat + i) * 4, DIFAT_SECTOR, true);
  fatTable.setUint32(directorySector * 4, END_OF_CHAIN, true);

  // The FAT sectors past the header's 109, 127 to a sector, each sector ending with the next one's number.
  const difatTable = new DataView(new ArrayBuffer(difat * SECTOR));
  for (let s = 0; s < difat; s++) {
    for (let i = 0; i < ENTRIES_PER_SECTOR - 1; i++) {
      const n = HEADER_DIFAT + s * (ENTRIES_PER_SECTOR - 1) + i;
      difatTable.setUint32(s * SECTOR + i * 4, n < fat ? firstFat + n : FREE, true);
    }
    difatTable.setUint32(s * SECTOR + SECTOR - 4, s === difat - 1 ? END_OF_CHAIN : firstDifat + s + 1, true);
  }

  const directory = new DataView(new ArrayBuffer(SECTOR));
  for (let e = 0; e < 4; e++) for (const at of [68, 72, 76]) directory.setUint32(e * 128 + at, FREE, true);
  directoryEntry(directory, 0, 'Root Entry', 5, 1, END_OF_CHAIN, 0);
  directoryEntry(directory, 128, 'Workbook', 2, FREE, 0, streamLength);

  const padding = new Uint8Array(streamSectors * SECTOR - streamLength);
  return [header.buffer, ...stream, padding, fatTable.buffer, difatTable.buffer, directory.buffer];
}
