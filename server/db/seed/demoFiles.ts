/**
 * The demo's small real attachments, written into the file store (DATA_DIR/files/demo/): photos
 * (PNG drawn here, one JPEG made once with a browser canvas) and a short WAV tone. Many demo moves
 * share them; the store never deletes a file a move stops using.
 */
import { crc32, deflateSync } from 'node:zlib';
import { FileStore } from '../../services/files';

/** A 48×32 JPEG (an orange shop front) made with a canvas: JPEG encoding is not worth writing by hand. */
const SHOP_JPEG = '/9j/4AAQSkZJRgABAQAAAQABAAD/2wBDABALDA4MChAODQ4SERATGCgaGBYWGDEjJR0oOjM9PDkzODdASFxOQERXRTc4UG1RV19iZ2hnPk1xeXBkeFxlZ2P/2wBDARESEhgVGC8aGi9jQjhCY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2P/wAARCAAgADADASIAAhEBAxEB/8QAGQAAAgMBAAAAAAAAAAAAAAAABQYBAgME/8QAMBAAAAMFAwoHAQAAAAAAAAAAAAERAgMEBRIGEyEUJURhgYKjsbLhFSIjNDVCUcH/xAAWAQEBAQAAAAAAAAAAAAAAAAAEBQb/xAAhEQABBAICAgMAAAAAAAAAAAACAAEDBBEhEtETFEFR4f/aAAwDAQACEQMRAD8A7WSGrJCrJDVkhnRZXXdSyQ1ZIQyQBTT373ZyIUKdX2DcM41lAtWPAHLGdpjZIaskEwNMlLNjne6jDLND1wYuWd/X6iwXPOTjxwhc1LNr3ZzILgbIqGyqFbc1U1JiipioHlZ1dK4fcDrSCAYd02YCIsspsySnE7v9FJr8i92ciBOVSzw+99W8vE+qIi69YmKk+VRLb6/oqTChUwT9Dac8cc5GT6dukK3EZxMItvPaXw1yQs1ud7qMcBWdXSuH3BmAhckhGHFddK+ZEVTUKu2Ipo2EHzvtGqQSRG7k3wv/2Q==';

function pngChunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'ascii');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])) >>> 0, 0);
  return Buffer.concat([head, data, crc]);
}

/** A small RGB PNG: a two-colour gradient with a darker "shelf" band, enough to tell photos apart. */
export function demoPng(width: number, height: number, from: [number, number, number], to: [number, number, number]): Buffer {
  const raw = Buffer.alloc((width * 3 + 1) * height);
  for (let y = 0; y < height; y++) {
    raw[y * (width * 3 + 1)] = 0; // no filter
    for (let x = 0; x < width; x++) {
      const t = x / Math.max(1, width - 1);
      const shelf = y % 12 < 2 ? 0.55 : 1;
      for (let c = 0; c < 3; c++) raw[y * (width * 3 + 1) + 1 + x * 3 + c] = Math.round((from[c] + (to[c] - from[c]) * t) * shelf);
    }
  }
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([8, 2, 0, 0, 0], 8); // 8 bits, RGB
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), pngChunk('IHDR', ihdr), pngChunk('IDAT', deflateSync(raw)), pngChunk('IEND', Buffer.alloc(0))]);
}

/** A mono 8 kHz 16-bit WAV: a soft 440 Hz tone of `seconds`. */
export function demoWav(seconds: number): Buffer {
  const rate = 8000;
  const samples = Math.round(rate * seconds);
  const out = Buffer.alloc(44 + samples * 2);
  out.write('RIFF', 0, 'ascii');
  out.writeUInt32LE(36 + samples * 2, 4);
  out.write('WAVEfmt ', 8, 'ascii');
  out.writeUInt32LE(16, 16);
  out.writeUInt16LE(1, 20); // PCM
  out.writeUInt16LE(1, 22); // mono
  out.writeUInt32LE(rate, 24);
  out.writeUInt32LE(rate * 2, 28);
  out.writeUInt16LE(2, 32);
  out.writeUInt16LE(16, 34);
  out.write('data', 36, 'ascii');
  out.writeUInt32LE(samples * 2, 40);
  for (let i = 0; i < samples; i++) out.writeInt16LE(Math.round(Math.sin((2 * Math.PI * 440 * i) / rate) * 3000 * Math.min(1, (samples - i) / 800)), 44 + i * 2);
  return out;
}

export const DEMO_AUDIO_SECONDS = 2;

/** The demo files by store key. */
export const DEMO_FILES: Record<string, () => Buffer> = {
  'demo/gondola-1.png': () => demoPng(48, 32, [245, 124, 0], [255, 224, 178]),
  'demo/gondola-2.png': () => demoPng(48, 32, [25, 118, 210], [187, 222, 251]),
  'demo/fachada.jpg': () => Buffer.from(SHOP_JPEG, 'base64'),
  'demo/ticket.png': () => demoPng(24, 36, [250, 250, 250], [200, 200, 200]),
  'demo/audio-visita.wav': () => demoWav(DEMO_AUDIO_SECONDS),
};

/** Writes the demo files that are missing (idempotent). */
export async function writeDemoFiles(dataDir: string): Promise<void> {
  const store = new FileStore(dataDir, 'demo');
  for (const [key, make] of Object.entries(DEMO_FILES)) if (!(await store.exists(key))) await store.write(key, make());
}
