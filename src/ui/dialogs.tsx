import { Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle } from '@mui/material';
import { type ReactNode, useRef } from 'react';

interface ConfirmProps {
  open: boolean;
  title?: string;
  content?: ReactNode;
  confirmLabel?: string;
  cancelLabel?: string;
  busy?: boolean;
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
  onConfirm,
  onClose,
}: ConfirmProps) {
  const cancelRef = useRef<HTMLButtonElement>(null);
  return (
    // Answered by its buttons or Escape, not by a click beside it: a double click on 'Guardar' opened it
    // with the first click and closed it, unanswered, with the second (the form saved nothing, silently).
    <Dialog
      open={open}
      onClose={closeUnlessBackdrop(() => !busy && onClose())}
      aria-labelledby="confirm-title"
      // The focus opens on 'Cancelar' (an autoFocus lost to the dialog's own focus trap): one Enter never
      // confirms what cannot be undone (a removal, a deactivation, leaving a form and its changes).
      slotProps={{ transition: { onEntered: () => cancelRef.current?.focus() } }}
    >
      <DialogTitle id="confirm-title">{title}</DialogTitle>
      <DialogContent>
        <DialogContentText component="div">{content}</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button ref={cancelRef} onClick={onClose} disabled={busy}>
          {cancelLabel}
        </Button>
        <Button onClick={onConfirm} variant="contained" disabled={busy}>
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
  return (
    <Dialog open={messages.length > 0} onClose={onClose} aria-labelledby="error-title">
      <DialogTitle id="error-title">{title}</DialogTitle>
      <DialogContent>
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
  return (
    <Dialog open={open} onClose={onClose} aria-labelledby="success-title">
      <DialogTitle id="success-title">{title}</DialogTitle>
      {message && (
        <DialogContent>
          <DialogContentText>{message}</DialogContentText>
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
