import { useEffect, useRef } from 'react';

/**
 * The signal of the export a screen runs: aborted when the screen is left (the export no longer saves a
 * file on another screen, nor fails where nobody sees it) or when `cancel` is called.
 */
export function useAbortOnLeave() {
  const running = useRef<AbortController | null>(null);
  useEffect(() => () => running.current?.abort(), []);
  return {
    /** A fresh signal for a new export. */
    start(): AbortSignal {
      running.current?.abort();
      running.current = new AbortController();
      return running.current.signal;
    },
    cancel(): void {
      running.current?.abort();
    },
  };
}

/** Whether a failed export was only cancelled (left or 'Cancelar'): nothing to tell. */
export const wasCancelled = (error: unknown): boolean => error instanceof DOMException && error.name === 'AbortError';
