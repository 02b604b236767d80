import { useEffect, useRef } from 'react';

interface Shown {
  page: number;
  perPage: number;
  /** The list's total, as the page in hand says it. */
  count: number;
  /** The page in hand holds no rows. */
  empty: boolean;
  /** The page in hand is the one asked for, and no newer one is on its way (not a kept placeholder). */
  settled: boolean;
  /** The total is the server's estimate. */
  estimated: boolean;
}

/**
 * A page past the end of its list goes to the new last page. Resolving or assigning the whole last page
 * (its rows leave the filter), or another user's change, leaves the page past the end: an empty table
 * over 'Mostrando 81-80 de 80'. Only once that page has arrived empty, and never with an estimated count:
 * its last page is a guess, and a full page past it may well have more (stepping back from it could take
 * thousands of pages). For the screens that page a list of their own; react-admin's lists do this already.
 */
export function usePastTheEnd({ page, perPage, count, empty, settled, estimated }: Shown, goTo: (page: number) => void): void {
  const past = page > 1 && empty && settled && !estimated;
  const lastPage = Math.max(1, Math.min(page - 1, Math.ceil(count / perPage)));
  // The latest callback, without making every render's new function a reason to run the effect again.
  const go = useRef(goTo);
  go.current = goTo;
  useEffect(() => {
    if (past) go.current(lastPage);
  }, [past, lastPage]);
}
