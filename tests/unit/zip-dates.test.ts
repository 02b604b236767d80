/**
 * The modified time of a zip's entries (the move's images): a DOS date and time has no zone, and a zip reader
 * shows it as is, so it is written as Argentina's wall clock, whatever the server's zone (run under TZ=UTC and
 * TZ=Asia/Tokyo too).
 */
import { describe, expect, it } from 'vitest';
import { zip } from '../../server/services/zip';

/** The local header's DOS time and date of the archive's first entry, as a reader shows them. */
function shown(archive: Buffer): string {
  const time = archive.readUInt16LE(10);
  const date = archive.readUInt16LE(12);
  const two = (n: number) => String(n).padStart(2, '0');
  return `${two(date & 31)}/${two((date >> 5) & 15)}/${(date >> 9) + 1980} ${two(time >> 11)}:${two((time >> 5) & 63)}:${two((time & 31) * 2)}`;
}

describe("a zip entry's modified time", () => {
  it("is Argentina's wall clock: a photo of 21:30 in Buenos Aires is not of the next day", () => {
    expect(shown(zip([{ name: 'foto.jpg', data: Buffer.from('x'), date: new Date('2026-12-08T00:30:10Z') }]))).toBe('07/12/2026 21:30:10');
    expect(shown(zip([{ name: 'foto.jpg', data: Buffer.from('x'), date: new Date('2026-03-01T02:59:58Z') }]))).toBe('28/02/2026 23:59:58');
  });

  it('keeps the summer time Argentina had in 2008', () => {
    expect(shown(zip([{ name: 'foto.jpg', data: Buffer.from('x'), date: new Date('2008-01-15T12:00:00Z') }]))).toBe('15/01/2008 10:00:00');
  });
});
