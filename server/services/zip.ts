/**
 * A minimal ZIP writer (STORE method, no compression): photos and audio are compressed already.
 * Enough for the move's assets download; no zip library is a dependency of the project.
 */
import { crc32 } from 'node:zlib';
import { argentineWallClock } from '../../domain/validation';

export interface ZipEntry {
  name: string;
  data: Uint8Array;
  date?: Date;
}

/**
 * DOS time and date of a Date: a wall clock with no zone, which zip readers show as is. Argentina's, as every
 * date the platform shows (`argentineWallClock`), not the server's: on a server in UTC, a photo taken at 21:30
 * in Buenos Aires was extracted as modified at 00:30 of the next day.
 */
function dosDateTime(d: Date): { time: number; date: number } {
  const wall = new Date(argentineWallClock(d.getTime()) ?? d.getTime() - 3 * 3_600_000);
  const year = Math.max(1980, wall.getUTCFullYear());
  return {
    time: (wall.getUTCHours() << 11) | (wall.getUTCMinutes() << 5) | Math.floor(wall.getUTCSeconds() / 2),
    date: ((year - 1980) << 9) | ((wall.getUTCMonth() + 1) << 5) | wall.getUTCDate(),
  };
}

/** Names made unique ('foto.jpg', 'foto (2).jpg'): a zip with repeated names loses files on extraction. */
function uniqueNames(entries: ZipEntry[]): string[] {
  const seen = new Map<string, number>();
  return entries.map((e) => {
    const n = (seen.get(e.name) ?? 0) + 1;
    seen.set(e.name, n);
    if (n === 1) return e.name;
    const dot = e.name.lastIndexOf('.');
    return dot > 0 ? `${e.name.slice(0, dot)} (${n})${e.name.slice(dot)}` : `${e.name} (${n})`;
  });
}

export function zip(entries: ZipEntry[]): Buffer {
  const names = uniqueNames(entries);
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  entries.forEach((entry, i) => {
    const name = Buffer.from(names[i], 'utf8');
    const data = Buffer.from(entry.data);
    const crc = crc32(data) >>> 0;
    const { time, date } = dosDateTime(entry.date ?? new Date());
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4); // version needed
    local.writeUInt16LE(0x0800, 6); // UTF-8 names
    local.writeUInt16LE(0, 8); // STORE
    local.writeUInt16LE(time, 10);
    local.writeUInt16LE(date, 12);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(data.length, 18);
    local.writeUInt32LE(data.length, 22);
    local.writeUInt16LE(name.length, 26);
    local.writeUInt16LE(0, 28);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4); // version made by
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(0x0800, 8);
    central.writeUInt16LE(0, 10);
    central.writeUInt16LE(time, 12);
    central.writeUInt16LE(date, 14);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(data.length, 20);
    central.writeUInt32LE(data.length, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, data);
    centrals.push(central, name);
    offset += local.length + name.length + data.length;
  });
  const centralSize = centrals.reduce((n, b) => n + b.length, 0);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(centralSize, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, ...centrals, end]);
}
