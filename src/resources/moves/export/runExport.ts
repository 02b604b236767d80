import type { BookType, PageInfo, PageReader } from './exportBook';
import type { ExportAnswer, ExportRequest } from './exportWorker';

export interface SheetSpec {
  name: string;
  header: string[];
}

/** Rows of one sheet, handed to the worker as each page arrives. */
export type Emit = (sheet: string, rows: unknown[][]) => void;
/** A page of the API, its body unread, for the worker to read with `reader`: resolves once it is read. */
export type EmitPage = (sheet: string, reader: PageReader, body: ReadableStream<Uint8Array>) => Promise<PageInfo>;

let transfersStreams: boolean | undefined;
/** Whether this browser can hand a stream to a worker. */
function streamsTransfer(): boolean {
  if (transfersStreams === undefined) {
    const { port1, port2 } = new MessageChannel();
    try {
      const stream = new ReadableStream();
      port1.postMessage(stream, [stream]);
      transfersStreams = true;
    } catch {
      transfersStreams = false;
    } finally {
      port1.close();
      port2.close();
    }
  }
  return transfersStreams;
}

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

/**
 * An export without a row cap: `fill` pages through the API and emits rows (or pages' bodies); a Web
 * Worker builds the book as they arrive; the file is saved as `fileName`. Rejects (and ends the
 * worker) on any failure.
 */
export async function runExport(options: { fileName: string; bookType: BookType; sheets: SheetSpec[]; fill: (emit: Emit, emitPage: EmitPage) => Promise<void> }): Promise<void> {
  const worker = new Worker(new URL('./exportWorker.ts', import.meta.url), { type: 'module' });
  const post = (message: ExportRequest, transfer: Transferable[] = []) => worker.postMessage(message, transfer);
  // The worker answers pages in the order they were sent.
  const pages: { resolve: (page: PageInfo) => void; reject: (error: Error) => void }[] = [];
  try {
    const done = new Promise<Blob>((resolve, reject) => {
      const fail = (error: Error) => {
        for (const page of pages.splice(0)) page.reject(error);
        reject(error);
      };
      worker.onmessage = (event: MessageEvent<ExportAnswer>) => {
        const answer = event.data;
        if (answer.type === 'page') pages.shift()?.resolve(answer.page);
        else if (answer.type === 'done') resolve(answer.file);
        else fail(new Error(answer.message));
      };
      worker.onerror = (event) => fail(new Error(event.message || 'El generador del archivo falló.'));
    });
    // A failure before the end is heard by the page or the fill that is waiting; this one is for later.
    done.catch(() => undefined);
    post({ type: 'start', bookType: options.bookType, sheets: options.sheets });
    await options.fill(
      (sheet, rows) => post({ type: 'rows', sheet, rows }),
      async (sheet, reader, body) => {
        // The body goes to the worker as a stream, so that the main thread never holds the page; a
        // browser that cannot transfer streams (Safari) reads it here and sends the text.
        const page = streamsTransfer() ? body : await new Response(body).text();
        return new Promise<PageInfo>((resolve, reject) => {
          pages.push({ resolve, reject });
          post({ type: 'page', sheet, reader, body: page }, typeof page === 'string' ? [] : [page]);
        });
      },
    );
    post({ type: 'build' });
    saveBlob(await done, options.fileName);
  } finally {
    worker.terminate();
  }
}
