import { Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle } from '@mui/material';
import { type ReactNode, useId, useRef } from 'react';

interface ConfirmProps {
  open: boolean;
  title?: string;
  content?: ReactNode;
  confirmLabel?: string;
  cancelLabel?: string;
  busy?: boolean;
  /** False while what the question says is still being asked of the server: the confirmation waits for it, 'Cancelar' does not. */
  ready?: boolean;
  onConfirm: () => void;
  onClose: () => void;
}

/** The confirmation dialog; its defaults are the spec's ('Está seguro?' / 'Esta acción no se podrá deshacer.'). */
/**
 * A dialog's onClose that leaves on Escape but not on a click beside it: what is typed or about to be
 * confirmed is not lost to a stray click (a double click on 'Guardar' opened a confirmation and closed it).
 */
export const closeUnlessBackdrop =
  (close: () => void) =>
  (_event: unknown, why: 'backdropClick' | 'escapeKeyDown'): void => {
    if (why !== 'backdropClick') close();
  };

export function ConfirmDialog({
  open,
  title = 'Está seguro?',
  content = 'Esta acción no se podrá deshacer.',
  confirmLabel = 'Confirmar',
  cancelLabel = 'Cancelar',
  busy,
  ready = true,
  onConfirm,
  onClose,
}: ConfirmProps) {
  const cancelRef = useRef<HTMLButtonElement>(null);
  const titleId = useId();
  const contentId = useId();
  return (
    // Answered by its buttons or Escape, not by a click beside it: a double click on 'Guardar' opened it
    // with the first click and closed it, unanswered, with the second (the form saved nothing, silently).
    // Its question is its description: read with its title when it opens, whatever the screen reader.
    <Dialog
      open={open}
      onClose={closeUnlessBackdrop(() => !busy && onClose())}
      aria-labelledby={titleId}
      aria-describedby={contentId}
      // The focus opens on 'Cancelar' (an autoFocus lost to the dialog's own focus trap): one Enter never
      // confirms what cannot be undone (a removal, a deactivation, leaving a form and its changes).
      slotProps={{ transition: { onEntered: () => cancelRef.current?.focus() } }}
    >
      <DialogTitle id={titleId}>{title}</DialogTitle>
      <DialogContent>
        <DialogContentText component="div" id={contentId}>
          {content}
        </DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button ref={cancelRef} onClick={onClose} disabled={busy}>
          {cancelLabel}
        </Button>
        <Button onClick={onConfirm} variant="contained" disabled={busy || !ready}>
          {confirmLabel}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/** 'Ha ocurrido un error' with one message or a bulleted list, closed with 'Cerrar'. */
/**
 * What a list's export says when its file could not be made, before the reason when there is one (the moves'
 * exports say the same, MOVE_FORM_TEXT.exportFailed; written here too so that the shell's dialogs import no
 * form rules).
 */
export const EXPORT_FAILED = 'Ha ocurrido un error al intentar generar el archivo.';

export function ErrorDialog({ messages, onClose, title = 'Ha ocurrido un error' }: { messages: string[]; onClose: () => void; title?: string }) {
  const titleId = useId();
  const contentId = useId();
  return (
    <Dialog open={messages.length > 0} onClose={onClose} aria-labelledby={titleId} aria-describedby={contentId}>
      <DialogTitle id={titleId}>{title}</DialogTitle>
      <DialogContent id={contentId}>
        {messages.length === 1 ? (
          <DialogContentText>{messages[0]}</DialogContentText>
        ) : (
          <ul style={{ margin: 0, paddingLeft: 20 }}>
            {messages.map((m) => (
              <li key={m}>
                <DialogContentText component="span">{m}</DialogContentText>
              </li>
            ))}
          </ul>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} variant="contained">
          Cerrar
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/** A success message with 'Cerrar'. */
export function SuccessDialog({ open, title, message, onClose }: { open: boolean; title: string; message?: string; onClose: () => void }) {
  const titleId = useId();
  const contentId = useId();
  return (
    <Dialog open={open} onClose={onClose} aria-labelledby={titleId} aria-describedby={message ? contentId : undefined}>
      <DialogTitle id={titleId}>{title}</DialogTitle>
      {message && (
        <DialogContent>
          <DialogContentText id={contentId}>{message}</DialogContentText>
        </DialogContent>
      )}
      <DialogActions>
        <Button onClick={onClose} variant="contained">
          Cerrar
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/** Turns a failed call into the lines of the error dialog: the message and each field's error. */
export function errorMessages(error: unknown): string[] {
  const e = error as { message?: string; body?: { message?: string; errors?: Record<string, string> } };
  const fields = Object.values(e?.body?.errors ?? {});
  const main = e?.body?.message ?? e?.message ?? 'No se han podido completar los cambios.';
  return fields.length ? [main, ...fields.filter((f) => f !== main)] : [main];
}
