/// <reference lib="webworker" />
/**
 * Builds a spreadsheet off the main thread (`ExportBook`): the screen starts the book with its sheets,
 * sends rows, or the bodies of API pages that the worker reads and answers with their cursors, then
 * asks for the file. Messages are handled one after the other (a page's body is read before the next
 * message); a failure is answered as an error.
 */
import { type BookType, ExportBook, type PageInfo, type PageReader } from './exportBook';

export type ExportRequest =
  | { type: 'start'; bookType: BookType; sheets: { name: string; header: string[] }[] }
  | { type: 'rows'; sheet: string; rows: unknown[][] }
  | { type: 'page'; sheet: string; reader: PageReader; body: ReadableStream<Uint8Array> | string }
  | { type: 'build' };
export type ExportAnswer = { type: 'page'; page: PageInfo } | { type: 'done'; file: Blob } | { type: 'error'; message: string };

const answer = (message: ExportAnswer) => (self as unknown as Worker).postMessage(message);
let book: ExportBook | null = null;

async function handle(message: ExportRequest): Promise<void> {
  try {
    if (message.type === 'start') {
      book = new ExportBook(message.bookType);
      for (const sheet of message.sheets) book.addSheet(sheet.name, sheet.header);
    } else if (message.type === 'rows') book!.addRows(message.sheet, message.rows);
    else if (message.type === 'page') {
      const text = typeof message.body === 'string' ? message.body : await new Response(message.body).text();
      book!.addPage(message.sheet, message.reader, text, (page) => answer({ type: 'page', page }));
    } else {
      const file = book!.build();
      book = null;
      answer({ type: 'done', file });
    }
  } catch (error) {
    book = null;
    answer({ type: 'error', message: (error as Error).message });
  }
}

let queue = Promise.resolve();
self.onmessage = (event: MessageEvent<ExportRequest>) => {
  queue = queue.then(() => handle(event.data));
};
