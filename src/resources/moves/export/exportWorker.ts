/// <reference lib="webworker" />
/**
 * Builds a spreadsheet off the main thread (`ExportBook`): the screen starts the book with its sheets,
 * has the worker walk an API list itself (`pages`: fetched, read and written here, so that no page's
 * body ever reaches the main thread), then asks for the file. Messages are handled one
 * after the other, but for the fresh session token the worker asked for, which answers at once. A
 * failure is answered as an error.
 */
import { AUTH_TEXT } from '../../../../domain/auth';
import type { MoveListRow } from '../../../../domain/move-api';
import { amountsInOrder, type MoveAmount } from '../list/moveSheet';
import { type BookType, ExportBook, type PageColumn, type PageReader } from './exportBook';
import { walkPages } from './walkPages';
import { fetchFailure, HTTP_TEXT, statusMessage } from '../../../dataProvider/httpText';

/**
 * An API list the worker pages through by keyset: `url` without its cursor, asked `limit` rows at a time.
 * With `amountsUrl` (`POST /questionnaires-replyeds/amount-answers`, for a list of moves), each page's
 * moves are asked for their amounts of answers, which the reader writes as one more column.
 */
export interface PagesRequest {
  sheet: string;
  reader: PageReader;
  url: string;
  limit: number;
  amountsUrl?: string;
  token: string | null;
  timeoutMs: number;
}

export type ExportRequest =
  | { type: 'start'; bookType: BookType; sheets: { name: string; header: string[]; formats?: (string | undefined)[] }[] }
  | ({ type: 'pages' } & PagesRequest)
  | { type: 'token'; token: string | null }
  | { type: 'build' };
export type ExportAnswer =
  | { type: 'progress'; done: number; total: number }
  | { type: 'token' }
  | { type: 'done'; file: Blob }
  | { type: 'error'; message: string; status?: number; errors?: Record<string, string> };

/** The worker's failure to read a page: the API's Spanish message, its field errors and the status. */
class PageError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly errors?: Record<string, string>,
  ) {
    super(message);
  }
}

const answer = (message: ExportAnswer) => (self as unknown as Worker).postMessage(message);
let book: ExportBook | null = null;

let token: string | null = null;
let fresh: ((token: string | null) => void) | null = null;
let refreshing: Promise<string | null> | null = null;
/**
 * A new token from the screen (which refreshes the session): one question at a time. The token is
 * taken before the question is over, so that a page that gets a 401 afterwards sees it is new.
 */
function askToken(): Promise<string | null> {
  refreshing ??= new Promise<string | null>((resolve) => {
    fresh = resolve;
    answer({ type: 'token' });
  })
    .then((next) => {
      if (next !== null) token = next;
      return next;
    })
    .finally(() => {
      refreshing = null;
    });
  return refreshing;
}

/** A call of the API: a 401 asks the screen for a new token once (unless another call already got one) and retries. */
async function call(url: URL | string, init: { method?: string; body?: string }, timeoutMs: number): Promise<Response> {
  const headers = { accept: 'application/json', ...(init.body === undefined ? {} : { 'content-type': 'application/json' }) };
  const send = (bearer: string | null) =>
    fetch(url, { ...init, headers: { ...headers, ...(bearer ? { authorization: `Bearer ${bearer}` } : {}) }, signal: AbortSignal.timeout(timeoutMs) }).catch((error: unknown) => {
      throw new PageError(fetchFailure(error) ?? HTTP_TEXT.offline, 0);
    });
  const sentWith = token;
  let response = await send(sentWith);
  if (response.status === 401) {
    const next = token !== sentWith ? token : await askToken();
    if (next === null) throw new PageError(AUTH_TEXT.sessionExpired, 401);
    response = await send(next);
  }
  if (!response.ok) {
    const body = (await response.json().catch(() => ({}))) as { message?: string; errors?: Record<string, string> };
    throw new PageError(body.message || statusMessage(response.status), response.status, body.errors);
  }
  return response;
}

/** A page of the list, after `after` (null: the first). */
function fetchPage(request: PagesRequest, after: string | null): Promise<Response> {
  const url = new URL(request.url);
  url.searchParams.set('limit', String(request.limit));
  if (after !== null) url.searchParams.set('after', after);
  return call(url, {}, request.timeoutMs);
}

/** The amounts of answers of a page's moves, in the page's order: one call for the page (at most `limit` ids). */
const amountsColumn =
  (request: PagesRequest, amountsUrl: string): PageColumn =>
  async (rows) => {
    const moves = rows as MoveListRow[];
    if (!moves.length) return [];
    const response = await call(amountsUrl, { method: 'POST', body: JSON.stringify({ userMovesIds: moves.map((m) => m.id) }) }, request.timeoutMs);
    return amountsInOrder(moves, (await response.json()) as MoveAmount[]);
  };

async function handle(message: ExportRequest): Promise<void> {
  try {
    if (message.type === 'start') {
      book = new ExportBook(message.bookType);
      for (const sheet of message.sheets) book.addSheet(sheet.name, sheet.header, sheet.formats);
    } else if (message.type === 'pages') {
      const request = message;
      token = request.token;
      const column = request.amountsUrl ? amountsColumn(request, request.amountsUrl) : undefined;
      await walkPages<Response>({
        fetch: (after) => fetchPage(request, after),
        read: async (response) => book!.readPage(request.sheet, request.reader, await response.text(), request.limit, column),
        drop: (response) => void response.body?.cancel().catch(() => undefined),
        progress: (done, total) => answer({ type: 'progress', done, total }),
      });
    } else if (message.type === 'build') {
      // After a failure there is no book: its error was told already.
      if (!book) return;
      const file = book.build();
      book = null;
      answer({ type: 'done', file });
    }
  } catch (error) {
    book = null;
    const { status, errors } = error instanceof PageError ? error : { status: undefined, errors: undefined };
    answer({ type: 'error', message: (error as Error).message, status, errors });
  }
}

let queue = Promise.resolve();
self.onmessage = (event: MessageEvent<ExportRequest>) => {
  const message = event.data;
  if (message.type === 'token') {
    fresh?.(message.token);
    fresh = null;
    return;
  }
  queue = queue.then(() => handle(message));
};
