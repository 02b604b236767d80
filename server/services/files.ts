/**
 * The local file store: files under DATA_DIR/files, reached through short-lived signed links
 * (`/api/files/<key>?exp=…&sig=…`) so that an <img>, an <audio> or a download can use them
 * without the bearer token. A link is handed out only by routes that checked the caller's role.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { mkdir, readFile, stat, writeFile } from 'node:fs/promises';
import { dirname, extname, join, resolve, sep } from 'node:path';

/** Links in stored data point into the store with this prefix (`store:moves/12/foto.jpg`). */
export const STORE_PREFIX = 'store:';
const LINK_TTL_SECONDS = 3600;
const KEY_RE = /^[A-Za-z0-9][A-Za-z0-9_.-]*(\/[A-Za-z0-9][A-Za-z0-9_.-]*)*$/;

export const CONTENT_TYPES: Record<string, string> = {
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.wav': 'audio/wav',
  '.mp3': 'audio/mpeg',
  '.m4a': 'audio/mp4',
  '.mp4': 'video/mp4',
  '.pdf': 'application/pdf',
};

export const contentTypeOf = (key: string) => CONTENT_TYPES[extname(key).toLowerCase()] ?? 'application/octet-stream';

export const isStoreKey = (key: string) => KEY_RE.test(key) && !key.split('/').includes('..') && key.length <= 500;

export class FileStore {
  readonly root: string;

  constructor(
    dataDir: string,
    private readonly secret: string,
  ) {
    this.root = resolve(dataDir, 'files');
  }

  /** The file's path, never outside the store. */
  path(key: string): string {
    if (!isStoreKey(key)) throw new Error(`Clave de archivo inválida: ${key}`);
    const full = resolve(join(this.root, key));
    if (!full.startsWith(this.root + sep)) throw new Error(`Clave de archivo inválida: ${key}`);
    return full;
  }

  async write(key: string, bytes: Uint8Array): Promise<void> {
    const full = this.path(key);
    await mkdir(dirname(full), { recursive: true });
    await writeFile(full, bytes);
  }

  /** The file's bytes, or null when it is not in the store. */
  async read(key: string): Promise<Buffer | null> {
    try {
      return await readFile(this.path(key));
    } catch {
      return null;
    }
  }

  async exists(key: string): Promise<boolean> {
    try {
      return (await stat(this.path(key))).isFile();
    } catch {
      return false;
    }
  }

  private signature(key: string, exp: number): string {
    return createHmac('sha256', this.secret).update(`file:${key}:${exp}`).digest('base64url');
  }

  /** A link to the file, valid for an hour. */
  signedUrl(key: string, now = Date.now()): string {
    const exp = Math.floor(now / 1000) + LINK_TTL_SECONDS;
    return `/api/files/${key.split('/').map(encodeURIComponent).join('/')}?exp=${exp}&sig=${this.signature(key, exp)}`;
  }

  verify(key: string, exp: number, sig: string, now = Date.now()): boolean {
    if (!isStoreKey(key) || !Number.isInteger(exp) || exp < Math.floor(now / 1000)) return false;
    const expected = Buffer.from(this.signature(key, exp));
    const given = Buffer.from(sig);
    return expected.length === given.length && timingSafeEqual(expected, given);
  }

  /** A stored link as the API hands it out: `store:` keys become signed links, others pass through. */
  link(ref: string): string {
    return ref.startsWith(STORE_PREFIX) ? this.signedUrl(ref.slice(STORE_PREFIX.length)) : ref;
  }

  /** The store key a link handed out by `link` points to, or null for an external link. */
  keyOfLink(link: string): string | null {
    if (link.startsWith(STORE_PREFIX)) return link.slice(STORE_PREFIX.length);
    const match = /^(?:https?:\/\/[^/]+)?\/api\/files\/([^?#]+)/.exec(link);
    if (!match) return null;
    try {
      return match[1].split('/').map(decodeURIComponent).join('/');
    } catch {
      return null;
    }
  }
}

const stores = new Map<string, FileStore>();

/** The store of a configuration (one instance per data directory). */
export function fileStoreFor(config: { dataDir: string; jwtSecret: string }): FileStore {
  const key = `${config.dataDir}\u0000${config.jwtSecret}`;
  let store = stores.get(key);
  if (!store) {
    store = new FileStore(config.dataDir, config.jwtSecret);
    stores.set(key, store);
  }
  return store;
}
