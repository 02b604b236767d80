import { useEffect, useRef, useState } from 'react';
import { focusLost, useFocusBack } from './focusBack';

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
 * An export run from a button: its progress (null when idle), the signal for each run, and `cancel`. The
 * keyboard's place follows the run: the button that started it (`trigger`) is disabled while it runs, so the
 * focus goes to its 'Cancelar' (`stopper`), and back to the button once the run ends, cancelled, failed or
 * done. Before, it fell to the page's start (the body) for the whole download and after it.
 */
export function useExportRun() {
  const [progress, setProgress] = useState<number | null>(null);
  const exporting = useAbortOnLeave();
  const trigger = useRef<HTMLButtonElement>(null);
  const stopper = useRef<HTMLButtonElement>(null);
  const running = progress !== null;
  useEffect(() => {
    if (running && (focusLost() || document.activeElement === trigger.current)) stopper.current?.focus();
  }, [running]);
  useFocusBack(running, () => trigger.current);
  return {
    progress,
    setProgress,
    trigger,
    stopper,
    start: exporting.start,
    cancel: exporting.cancel,
  };
}
