import { Box, Button, LinearProgress, Typography } from '@mui/material';

/** An export's progress bar and percentage, with 'Cancelar': it stops the export and nothing is saved. */
export function ExportProgress({ value, onCancel }: { value: number | null; onCancel: () => void }) {
  if (value === null) return null;
  const percent = Math.round(value * 100);
  return (
    <Box sx={{ mt: 2 }}>
      <LinearProgress variant="determinate" value={percent} aria-label="Progreso de la exportación" />
      <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 1 }}>
        <Typography variant="body2">{`Generando… ${percent}%`}</Typography>
        <Button size="small" onClick={onCancel}>
          Cancelar
        </Button>
      </Box>
    </Box>
  );
}
