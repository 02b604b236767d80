import { type ReactNode, useContext, useEffect, useRef, useState } from 'react';
import { UNSAFE_NavigationContext, useNavigate } from 'react-router-dom';
import { DIALOG, dialogParts } from '../../../domain/dialogs';
import { ConfirmDialog } from '../dialogs';

export interface LeaveGuard {
  /** Goes to `path`, first asking 'No se guardarán los cambios' / '¿Deseas continuar?' while there are unsaved changes. */
  leave: (path: string) => void;
  /** The question; render it once in the screen. */
  dialog: ReactNode;
}

/**
 * Asks before leaving a screen with unsaved changes. `unsaved` is asked at the moment of leaving,
 * so a costly comparison runs only then. `leave` covers the screen's own back and cancel buttons;
 * with `anyNavigation` every in-app navigation asks too (the side menu, a back arrow the screen
 * does not own). The console's BrowserRouter has no useBlocker (that needs a data router), so the
 * guard stands in front of the router's `push` while the screen is mounted. Leaving the page itself
 * (closing the tab, reloading) gets the browser's question. The browser's back button is not asked
 * about: the router has already moved when a page hears of it.
 */
export function useConfirmLeave(unsaved: () => boolean, { anyNavigation = false } = {}): LeaveGuard {
  const navigate = useNavigate();
  const { navigator } = useContext(UNSAFE_NavigationContext);
  const [proceed, setProceed] = useState<(() => void) | null>(null);
  const isUnsaved = useRef(unsaved);
  isUnsaved.current = unsaved;

  useEffect(() => {
    if (!anyNavigation) return;
    const push = navigator.push;
    navigator.push = (...args) => {
      if (isUnsaved.current()) setProceed(() => () => push(...args));
      else push(...args);
    };
    return () => {
      navigator.push = push;
    };
  }, [anyNavigation, navigator]);

  // Closing the tab, reloading or typing another address: the browser's own question, the only one a
  // page may ask then.
  useEffect(() => {
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      if (isUnsaved.current()) event.preventDefault();
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, []);

  const leave = (path: string) => (!anyNavigation && isUnsaved.current() ? setProceed(() => () => navigate(path)) : navigate(path));
  const { title, question } = dialogParts(DIALOG.leave);
  const dialog = (
    <ConfirmDialog
      open={proceed !== null}
      title={title}
      content={question}
      onClose={() => setProceed(null)}
      onConfirm={() => {
        setProceed(null);
        proceed?.();
      }}
    />
  );
  return { leave, dialog };
}
