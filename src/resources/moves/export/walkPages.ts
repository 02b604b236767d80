/**
 * How an export walks an API list by keyset, two pages at a time: each page tells the cursor of the
 * next one (`next`) and, when the API gives it, of the one after next (`ahead`), which is asked for at
 * once and used only if it starts where the next page ends (rows that changed in between would move
 * the pages' limits: a row is then neither lost nor repeated). Pure: the export worker gives it its
 * fetch and its reader.
 */
import type { PageInfo } from './exportBook';

export interface PageWalk<T> {
  /** Asks for the page after `after` (null: the first). */
  fetch: (after: string | null) => Promise<T>;
  /** Reads an answer: its cursors, and `write` to write its rows once the next pages are asked for (awaited when it returns a promise). */
  read: (answer: T) => Promise<{ page: PageInfo; write: () => unknown }>;
  /** Lets an answer that will not be read go (a page asked for ahead that did not fit). */
  drop: (answer: T) => void;
  /** Rows read so far, of `total` (the first page's count; 0 when the API did not give one). */
  progress: (done: number, total: number) => void;
}

export async function walkPages<T>(walk: PageWalk<T>): Promise<void> {
  type Pending = { after: string | null; answer: Promise<T> };
  const ask = (after: string | null): Pending => {
    const answer = walk.fetch(after);
    // Heard by whoever waits for it; one dropped or left behind by a failure is not reported.
    answer.catch(() => undefined);
    return { after, answer };
  };
  let current: Pending | null = ask(null);
  let following: Pending | null = null;
  let total = 0;
  let done = 0;
  try {
    while (current) {
      const { page, write } = await walk.read(await current.answer);
      const reuse: boolean = following !== null && following.after === page.next;
      if (!reuse) following?.answer.then(walk.drop, () => undefined);
      current = reuse ? following : page.next ? ask(page.next) : null;
      following = current && page.ahead ? ask(page.ahead) : null;
      try {
        await write();
      } catch (error) {
        // The page asked for next is in flight too.
        current?.answer.then(walk.drop, () => undefined);
        throw error;
      }
      if (page.count !== null) total = page.count;
      done += page.rows;
      walk.progress(done, total);
    }
  } finally {
    // A failure leaves no page in flight.
    following?.answer.then(walk.drop, () => undefined);
  }
}
