/// <reference lib="webworker" />
/**
 * Builds a spreadsheet off the main thread (`ExportBook`): the screen starts the book with its sheets,
 * sends rows, or pages of the API's text that the worker reads and answers with their cursor, then
 * asks for the file. Any failure is answered once as an error.
 */
import { type BookType, ExportBook, type PageInfo, type PageReader } from './exportBook';

export type ExportRequest =
  | { type: 'start'; bookType: BookType; sheets: { name: string; header: string[] }[] }
  | { type: 'rows'; sheet: string; rows: unknown[][] }
  | { type: 'page'; sheet: string; reader: PageReader; text: string }
  | { type: 'build' };
export type ExportAnswer = { type: 'page'; page: PageInfo } | { type: 'done'; file: Blob } | { type: 'error'; message: string };

const answer = (message: ExportAnswer) => (self as unknown as Worker).postMessage(message);
let book: ExportBook | null = null;

self.onmessage = (event: MessageEvent<ExportRequest>) => {
  const message = event.data;
  try {
    if (message.type === 'start') {
      book = new ExportBook(message.bookType);
      for (const sheet of message.sheets) book.addSheet(sheet.name, sheet.header);
    } else if (message.type === 'rows') book!.addRows(message.sheet, message.rows);
    else if (message.type === 'page') book!.addPage(message.sheet, message.reader, message.text, (page) => answer({ type: 'page', page }));
    else {
      const file = book!.build();
      book = null;
      answer({ type: 'done', file });
    }
  } catch (error) {
    book = null;
    answer({ type: 'error', message: (error as Error).message });
  }
};
