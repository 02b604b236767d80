import { endSessionAndGoToLogin, refreshSession, withQuery } from '../../../dataProvider/http';
import { getSession } from '../../../authProvider/session';
import { apiBase, TIMEOUT_MS } from '../../../config';
import type { BookType, PageReader } from './exportBook';
import type { ExportAnswer, ExportRequest } from './exportWorker';

export interface SheetSpec {
  name: string;
  header: string[];
}

/** Rows of one sheet, handed to the worker as each page arrives. */
export type Emit = (sheet: string, rows: unknown[][]) => void;
/**
 * An API list of the main base (`path` with its `query`, without paging) that the worker walks by
 * keyset `limit` rows at a time and writes into `sheet` with `reader`: resolves once it is written;
 * `onProgress` hears the fraction written of the first page's count.
 */
export type EmitPages = (list: { sheet: string; reader: PageReader; path: string; query: Record<string, unknown>; limit: number; onProgress: (fraction: number) => void }) => Promise<void>;

/** Saves a file the browser holds (a blob) under `fileName`. */
export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** The worker asks for a new token when a page gets a 401: the session is refreshed here, or ended. */
async function freshToken(): Promise<string | null> {
  if (await refreshSession()) return getSession()?.token ?? null;
  try {
    endSessionAndGoToLogin();
  } catch {
    // It throws to stop its caller; the worker is told instead.
  }
  return null;
}

/**
 * An export without a row cap: `fill` emits rows, or has the Web Worker walk API lists itself (no
 * page's body reaches the main thread); the worker builds the book as they arrive; the file is saved
 * as `fileName`. Rejects (and ends the worker) on any failure.
 */
export async function runExport(options: { fileName: string; bookType: BookType; sheets: SheetSpec[]; fill: (emit: Emit, emitPages: EmitPages) => Promise<void> }): Promise<void> {
  const worker = new Worker(new URL('./exportWorker.ts', import.meta.url), { type: 'module' });
  const post = (message: ExportRequest) => worker.postMessage(message);
  // The worker walks one list at a time, in the order they were asked for.
  const lists: { resolve: () => void; reject: (error: Error) => void; onProgress: (fraction: number) => void }[] = [];
  try {
    const done = new Promise<Blob>((resolve, reject) => {
      const fail = (error: Error) => {
        for (const list of lists.splice(0)) list.reject(error);
        reject(error);
      };
      worker.onmessage = (event: MessageEvent<ExportAnswer>) => {
        const answer = event.data;
        if (answer.type === 'progress') lists[0]?.onProgress(answer.total ? Math.min(1, answer.done / answer.total) : 1);
        else if (answer.type === 'listed') lists.shift()?.resolve();
        else if (answer.type === 'token') void freshToken().then((token) => post({ type: 'token', token }));
        else if (answer.type === 'done') resolve(answer.file);
        else fail(new Error(answer.message));
      };
      worker.onerror = (event) => fail(new Error(event.message || 'El generador del archivo falló.'));
    });
    // A failure before the end is heard by the list or the fill that is waiting; this one is for later.
    done.catch(() => undefined);
    post({ type: 'start', bookType: options.bookType, sheets: options.sheets });
    await options.fill(
      (sheet, rows) => post({ type: 'rows', sheet, rows }),
      ({ sheet, reader, path, query, limit, onProgress }) =>
        new Promise<void>((resolve, reject) => {
          lists.push({ resolve, reject, onProgress });
          const url = new URL(`${apiBase('main')}${withQuery(path, query)}`, window.location.href).href;
          post({ type: 'pages', sheet, reader, url, limit, token: getSession()?.token ?? null, timeoutMs: TIMEOUT_MS.main });
        }),
    );
    post({ type: 'build' });
    saveBlob(await done, options.fileName);
  } finally {
    worker.terminate();
  }
}
