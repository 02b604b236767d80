import { ApiError, endSessionAndGoToLogin, refreshSession, withQuery } from '../../../dataProvider/http';
import { getSession } from '../../../authProvider/session';
import { apiBase, TIMEOUT_MS } from '../../../config';
import type { BookType, PageReader } from './exportBook';
import { saveBlob } from '../../../ui/download';
import type { ExportAnswer, ExportRequest } from './exportWorker';

export interface SheetSpec {
  name: string;
  header: string[];
  /** The format of a column's numbers, by position ('dd/mm/yyyy' for `excelDate`'s days). */
  formats?: (string | undefined)[];
}

/**
 * An API list of the main base (`path` with its `query`, without paging) that the worker walks by
 * keyset, `limit` rows at a time, and writes with `reader` into the book's first sheet. With
 * `amountsPath` (a list of moves), each page's amounts of answers are asked for there and written too.
 */
export interface ExportList {
  reader: PageReader;
  path: string;
  query: Record<string, unknown>;
  limit: number;
  amountsPath?: string;
}

function endSession(): void {
  try {
    endSessionAndGoToLogin();
  } catch {
    // It throws to stop its caller; the export fails with the worker's answer instead.
  }
}

/** The worker asks for a new token when a page gets a 401: the session is refreshed here, or ended. */
async function freshToken(): Promise<string | null> {
  if (await refreshSession()) return getSession()?.token ?? null;
  endSession();
  return null;
}

/**
 * An export without a row cap: a Web Worker walks the API list itself (no page's body reaches the main
 * thread) and builds the book as the pages arrive; `onProgress` hears the fraction written of the first
 * page's count; the file is saved as `fileName`, unless the list had no row: no file of headers
 * alone, the caller says there was nothing. Answers the rows written. Rejects (and ends the worker) on any failure.
 */
export async function runExport(options: {
  fileName: string;
  bookType: BookType;
  sheets: SheetSpec[];
  list: ExportList;
  onProgress: (fraction: number) => void;
  /** Aborted (the screen left, 'Cancelar'): the worker stops, nothing is saved, the promise rejects with an AbortError. */
  signal?: AbortSignal;
}): Promise<number> {
  options.signal?.throwIfAborted();
  const worker = new Worker(new URL('./exportWorker.ts', import.meta.url), { type: 'module' });
  const post = (message: ExportRequest) => worker.postMessage(message);
  let written = 0;
  try {
    const done = new Promise<Blob>((resolve, reject) => {
      worker.onmessage = (event: MessageEvent<ExportAnswer>) => {
        const answer = event.data;
        if (answer.type === 'progress') {
          written = answer.done;
          options.onProgress(answer.total ? Math.min(1, answer.done / answer.total) : 1);
        }
        // A refresh the server could not answer (429, 5xx, offline) fails the export with its reason; the
        // session stays.
        else if (answer.type === 'token') freshToken().then((token) => post({ type: 'token', token }), reject);
        else if (answer.type === 'done') resolve(answer.file);
        else if (answer.status === undefined) reject(new Error(answer.message));
        else {
          // The API refused a page: its Spanish message and field errors, as any other call's; a 401
          // even with a refreshed token ends the session, as it does elsewhere (`http.ts`).
          if (answer.status === 401) endSession();
          reject(new ApiError(answer.message, answer.status, { message: answer.message, errors: answer.errors }));
        }
      };
      worker.onerror = (event) => reject(new Error(event.message || 'El generador del archivo falló.'));
      options.signal?.addEventListener('abort', () => reject(new DOMException('Exportación cancelada', 'AbortError')), { once: true });
    });
    const { reader, path, query, limit, amountsPath } = options.list;
    const resolve = (relative: string) => new URL(`${apiBase('main')}${relative}`, window.location.href).href;
    const amountsUrl = amountsPath === undefined ? undefined : resolve(amountsPath);
    post({ type: 'start', bookType: options.bookType, sheets: options.sheets });
    post({ type: 'pages', sheet: options.sheets[0].name, reader, url: resolve(withQuery(path, query)), limit, amountsUrl, token: getSession()?.token ?? null, timeoutMs: TIMEOUT_MS.main });
    post({ type: 'build' });
    const file = await done;
    if (written > 0) saveBlob(file, options.fileName);
    return written;
  } finally {
    worker.terminate();
  }
}
