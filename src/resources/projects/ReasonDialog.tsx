import { Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle, TextField } from '@mui/material';
import { useState } from 'react';
import { PROJECT_TEXT } from '../../../domain/projects';
import { closeUnlessBackdrop } from '../../ui/dialogs';

/** Extending a past project's end date needs a reason (spec 3 §4–§5): it is logged and shown on the form. */
export function ReasonDialog({ open, onCancel, onConfirm }: { open: boolean; onCancel: () => void; onConfirm: (reason: string) => void }) {
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const close = (done: () => void) => {
    setReason('');
    setError(null);
    done();
  };
  return (
    // Escape or 'Cancelar' leave; a click beside it does not (the reason being written would be lost).
    <Dialog open={open} onClose={closeUnlessBackdrop(() => close(onCancel))} aria-labelledby="reason-title" fullWidth maxWidth="sm">
      <DialogTitle id="reason-title">Motivo de la edición</DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ mb: 2 }}>El proyecto finalizó. Indique por qué extiende su fecha de finalización: sus rangos de visitas terminarán en la nueva fecha.</DialogContentText>
        <TextField
          label="Motivo"
          required
          multiline
          minRows={3}
          fullWidth
          autoFocus
          value={reason}
          onChange={(e) => {
            setReason(e.target.value);
            if (e.target.value.trim()) setError(null);
          }}
          error={Boolean(error)}
          helperText={error ?? ' '}
          slotProps={{ htmlInput: { maxLength: 1000 } }}
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={() => close(onCancel)}>Cancelar</Button>
        <Button
          variant="contained"
          onClick={() => {
            if (!reason.trim()) {
              setError(PROJECT_TEXT.reasonRequired);
              return;
            }
            // The reason stays written: the save it goes with may be refused (the network, the server), and
            // 'Guardar' again asks for it again with what was typed, not with an empty field. 'Cancelar' clears it.
            setError(null);
            onConfirm(reason.trim());
          }}
        >
          Confirmar
        </Button>
      </DialogActions>
    </Dialog>
  );
}
