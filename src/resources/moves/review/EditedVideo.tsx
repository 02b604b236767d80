import { Box, Button, TextField } from '@mui/material';
import { useState } from 'react';
import type { MoveDetail } from '../../../../domain/move-api';
import { editedVideoUrl } from '../../../../domain/move-forms';
import type { Runner } from './useMove';

/** Replacing the edited video: trimmed, not empty; Guardar is pressed twice to confirm, and is off while unchanged. */
export function EditedVideo({ move, runner }: { move: MoveDetail; runner: Runner }) {
  const current = move.userMoveVideoLink ?? '';
  const [value, setValue] = useState(current);
  const [confirming, setConfirming] = useState(false);
  const check = editedVideoUrl.safeParse(value);
  const unchanged = value.trim() === current;
  const error = !check.success && value !== current ? check.error.issues[0].message : undefined;
  const save = async () => {
    if (!check.success) return;
    if (!confirming) {
      setConfirming(true);
      return;
    }
    if (await runner.run('edit', { id: move.id, userMoveVideoLink: check.data })) setConfirming(false);
  };
  return (
    <Box sx={{ mt: 2, display: 'flex', gap: 1, alignItems: 'flex-start' }}>
      <TextField
        label="Link del video editado"
        size="small"
        fullWidth
        value={value}
        onChange={(e) => {
          setValue(e.target.value);
          setConfirming(false);
        }}
        error={Boolean(error)}
        helperText={error ?? (confirming ? 'Presione Guardar nuevamente para confirmar.' : ' ')}
      />
      <Button variant={confirming ? 'contained' : 'outlined'} onClick={save} disabled={unchanged || Boolean(error) || runner.busy}>
        Guardar
      </Button>
    </Box>
  );
}
