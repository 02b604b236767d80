import { type Store, useResourceContext, useStoreContext } from 'ra-core';
import { useEffect, useMemo, useRef } from 'react';
import { type Location, useLocation, useNavigationType } from 'react-router-dom';

/**
 * Whether this document has taken a step of the browser's history yet (Back or Forward). Its first load is a
 * 'POP' too (a new tab, a reload) but no step: the stored list settings, shared by every tab, stay stored.
 */
let stepped = false;
// In the capture phase: before React Router's own listener renders the step.
window.addEventListener(
  'popstate',
  () => {
    stepped = true;
  },
  { capture: true },
);

/**
 * Back (or Forward) to the list's address without a query shows the list that address names: its
 * defaults. react-admin keeps a list's last filters, page and sort in the store and writes them back into
 * a bare address (so the menu opens the list as it was left), which made Back after FILTRAR come back to
 * the filtered list. On such a step the list is mounted anew reading a store that has forgotten them, and
 * then they are forgotten in the store itself. A bare address loaded anew (a new tab, a reload) shows the
 * defaults too, without forgetting what another tab's menu would open.
 *
 * Returns the key to mount the list with (it changes only on such a step) and the store it reads.
 */
export function useBareListOnBack(storeKey: string | undefined): { listKey: string; store: Store } {
  const resource = useResourceContext();
  const store = useStoreContext();
  // Each step is a new location object (the entry's key does not tell: the first one's is 'default', again when gone back to).
  const location = useLocation();
  const bare = useNavigationType() === 'POP' && location.search === '';
  const key = storeKey ?? `${resource}.listParams`;
  const steps = useRef<{ at: Location | null; count: number }>({ at: null, count: 0 });
  if (bare && steps.current.at !== location) steps.current = { at: location, count: steps.current.count + 1 };
  const reading = useMemo<Store>(() => (bare ? { ...store, getItem: (k, fallback) => (k === key ? fallback : store.getItem(k, fallback)) } : store), [bare, store, key]);
  useEffect(() => {
    if (bare && stepped) store.removeItem(key);
  }, [bare, location, store, key]);
  return { listKey: String(steps.current.count), store: reading };
}
