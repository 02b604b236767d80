import { useEffect, useRef } from 'react';

/** Whether the keyboard's place was lost: nothing has the focus but the page itself. */
export const focusLost = (): boolean => document.activeElement === null || document.activeElement === document.body;

/**
 * A button disabled while its work runs (a download, a sign-in) drops the focus to the page's start, where a
 * keyboard or screen-reader user has to find their way back from the top. When the work ends, the focus goes
 * back to `target()` (the button used), unless the user already put it somewhere else.
 */
export function useFocusBack(busy: boolean, target: () => HTMLElement | null | undefined): void {
  const was = useRef(busy);
  const latest = useRef(target);
  latest.current = target;
  useEffect(() => {
    if (was.current && !busy && focusLost()) latest.current()?.focus();
    was.current = busy;
  }, [busy]);
}
