import { useEffect, useRef, useState } from 'react';

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

/**
 * An export run from a button: its progress (null when idle), the signal for each run, and `cancel`, which
 * stops it and gives the focus back to the button that started it (`trigger`) once it is enabled again,
 * so that the keyboard doesn't fall to the page's start when 'Cancelar' goes away.
 */
export function useExportRun() {
  const [progress, setProgress] = useState<number | null>(null);
  const exporting = useAbortOnLeave();
  const trigger = useRef<HTMLButtonElement>(null);
  const refocus = useRef(false);
  useEffect(() => {
    if (progress !== null || !refocus.current) return;
    refocus.current = false;
    trigger.current?.focus();
  }, [progress]);
  return {
    progress,
    setProgress,
    trigger,
    start: exporting.start,
    cancel(): void {
      refocus.current = true;
      exporting.cancel();
    },
  };
}
