import type { Store } from 'ra-core';
import { useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';

/**
 * Keeps a list's params (`value`, as its address writes them: `search`, from '?') in the store under `key`
 * and, while the list's screen is still the page, in its address (replacing the entry): Back from
 * elsewhere, a reload or the menu show the list as it was left.
 *
 * Written only while the page is the list's own address as it opened: a row's click leaves for the record,
 * and the list, still mounted while the next screen renders, would otherwise write itself back over it.
 * Written again when the location changes: a screen left and opened again before the other one showed
 * (its code still loading) is the same screen, mounted all along, under its bare address.
 */
export function useKeptParams(store: Store, key: string, value: unknown, search: string): void {
  const navigate = useNavigate();
  const navigateTo = useRef(navigate);
  navigateTo.current = navigate;
  const kept = useRef(value);
  kept.current = value;
  // The router's location, not the window's: under a memory router (the unit tests) the window's never moves,
  // and comparing with it wrote the address again on every change it made.
  const at = useLocation();
  const [path] = useState(at.pathname);
  // But the window's path tells a page already left that the router has not drawn yet: a menu entry clicked
  // right after the screen opened, before its effects ran, was replaced by the screen's own address (it
  // 'stayed at /user-moves/assign', seen in a full run). Under a memory router it never moves: no guard there.
  const [windowPath] = useState(() => window.location.pathname);
  useEffect(() => {
    store.setItem(key, kept.current);
    if (window.location.pathname !== windowPath) return;
    if (at.pathname === path && at.search !== search) navigateTo.current({ search }, { replace: true });
  }, [search, store, key, path, at, windowPath]);
}
