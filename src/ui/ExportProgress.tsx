import { Box, Button, LinearProgress, Typography } from '@mui/material';
import type { Ref } from 'react';

/**
 * An export's progress bar and percentage, with 'Cancelar' when `onCancel` is given: it stops the export and
 * nothing is saved. (A dialog that runs an export has its own 'Cancelar' among its actions.)
 */
export function ExportProgress({ value, onCancel, cancelRef }: { value: number | null; onCancel?: () => void; cancelRef?: Ref<HTMLButtonElement> }) {
  if (value === null) return null;
  const percent = Math.round(value * 100);
  return (
    <Box sx={{ mt: 2 }}>
      <LinearProgress variant="determinate" value={percent} aria-label="Progreso de la exportación" />
      <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 1 }}>
        <Typography variant="body2">{`Generando… ${percent}%`}</Typography>
        {onCancel && (
          <Button size="small" onClick={onCancel} ref={cancelRef}>
            Cancelar
          </Button>
        )}
      </Box>
    </Box>
  );
}
