import { type ReactNode, useCallback, useEffect, useRef, useState } from 'react';
import { type BlockerFunction, useBlocker, useNavigate } from 'react-router-dom';
import { DIALOG, dialogParts } from '../../../domain/dialogs';
import { getSession } from '../../authProvider/session';
import { ConfirmDialog } from '../dialogs';

/** Each guarded screen's question 'unsaved?', while it is shown: what 'Desconectar' asks before ending the session. */
const shownGuards = new Set<() => boolean>();

/**
 * Whether a screen shown has unsaved changes. 'Desconectar' ends the session and, with it, the guard's
 * own question (nothing can be saved without a session): it asks this first.
 */
export const anyUnsaved = (): boolean => [...shownGuards].some((unsaved) => unsaved());

export interface LeaveGuard {
  /** Goes to `path`, first asking 'No se guardarán los cambios' / '¿Deseas continuar?' while there are unsaved changes. */
  leave: (path: string) => void;
  /** The question; render it once in the screen. */
  dialog: ReactNode;
}

/**
 * Asks before leaving a screen with unsaved changes. `unsaved` is asked at the moment of leaving, so a
 * costly comparison runs only then, and again at each render while the question is open: once there is
 * nothing left to lose (a file's load ended), the question goes and the screen stays. `leave` covers the
 * screen's own back and cancel buttons; with `anyNavigation` every in-app navigation asks too (the side
 * menu, a back arrow the screen does not own). The browser's back and forward buttons always ask: cancelled, the router puts the
 * address back and the screen, with what was typed, stays. Both go through react-router's blocker
 * (App.tsx gives <Admin> a data router for it), which keeps one blocker at a time: one guard per
 * screen. Leaving the page itself (closing the tab, reloading) gets the browser's question. `question`:
 * 'title / question' (DIALOG's form), for a screen whose leaving loses something else than changes.
 */
export function useConfirmLeave(unsaved: () => boolean, { anyNavigation = false, question = DIALOG.leave }: { anyNavigation?: boolean; question?: string } = {}): LeaveGuard {
  const navigate = useNavigate();
  const [proceed, setProceed] = useState<(() => void) | null>(null);
  // Without a session (it ended: a logout elsewhere, a refused refresh) nothing can be saved any more:
  // leaving for the login is never stopped. Asked, the question held the page on a blank login route.
  const isUnsaved = useRef(unsaved);
  isUnsaved.current = () => getSession() !== null && unsaved();
  useEffect(() => {
    const check = () => isUnsaved.current();
    shownGuards.add(check);
    return () => void shownGuards.delete(check);
  }, []);

  // A redirect replaces the address (react-admin's own, a <Navigate replace>) and never asks; after a
  // save, `unsaved` is already false when the screen moves on.
  const shouldBlock = useCallback<BlockerFunction>(
    ({ historyAction }) => (historyAction === 'POP' || (anyNavigation && historyAction === 'PUSH')) && isUnsaved.current(),
    [anyNavigation],
  );
  const blocker = useBlocker(shouldBlock);

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
  const asking = proceed !== null || blocker.state === 'blocked';
  // What the question was about ended while it was asked (a file's load finished; the session ended): the
  // question goes, and the screen stays with what it now shows (the load's result). It stayed open asking
  // 'La carga sigue en curso' over a load already done.
  useEffect(() => {
    if (!asking || isUnsaved.current()) return;
    setProceed(null);
    blocker.reset?.();
  });
  const { title, question: content } = dialogParts(question);
  const dialog = (
    <ConfirmDialog
      open={asking}
      title={title}
      content={content}
      onClose={() => {
        setProceed(null);
        blocker.reset?.();
      }}
      onConfirm={() => {
        setProceed(null);
        proceed?.();
        blocker.proceed?.();
      }}
    />
  );
  return { leave, dialog };
}
