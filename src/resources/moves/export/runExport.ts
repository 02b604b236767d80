import type { ExportAnswer, ExportRequest } from './exportWorker';

export interface SheetSpec {
  name: string;
  header: string[];
}

/** Rows of one sheet, handed to the worker as each page arrives. */
export type Emit = (sheet: string, rows: unknown[][]) => void;

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
 * An export without a row cap: `fill` pages through the API and emits rows; a Web Worker builds the
 * book; the file is saved as `fileName`. Rejects (and ends the worker) on any failure.
 */
export async function runExport(options: { fileName: string; bookType: 'xls' | 'xlsx'; sheets: SheetSpec[]; fill: (emit: Emit) => Promise<void> }): Promise<void> {
  const worker = new Worker(new URL('./exportWorker.ts', import.meta.url), { type: 'module' });
  const post = (message: ExportRequest) => worker.postMessage(message);
  try {
    const done = new Promise<ArrayBuffer>((resolve, reject) => {
      worker.onmessage = (event: MessageEvent<ExportAnswer>) => (event.data.type === 'done' ? resolve(event.data.buffer) : reject(new Error(event.data.message)));
      worker.onerror = (event) => reject(new Error(event.message || 'El generador del archivo falló.'));
    });
    for (const sheet of options.sheets) post({ type: 'sheet', name: sheet.name, header: sheet.header });
    await options.fill((sheet, rows) => post({ type: 'rows', sheet, rows }));
    post({ type: 'build', bookType: options.bookType });
    const buffer = await done;
    const type = options.bookType === 'xls' ? 'application/vnd.ms-excel' : 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
    saveBlob(new Blob([buffer], { type }), options.fileName);
  } finally {
    worker.terminate();
  }
}
