import { useCallback, useEffect, useRef } from 'react';

/**
 * For a load whose answer comes after the user may have left its screen: `since()`, called as the load starts,
 * returns whether the screen was left since then. Left: unmounted, or the address already another one while
 * the next screen (a chunk of its own) loads and this one is still drawn (its answer then went to a panel
 * about to go, and no notice was given).
 */
export function useLeftSince(): () => () => boolean {
  const shown = useRef(true);
  useEffect(() => {
    shown.current = true;
    return () => void (shown.current = false);
  }, []);
  return useCallback(() => {
    const at = window.location.pathname;
    return () => !shown.current || window.location.pathname !== at;
  }, []);
}
