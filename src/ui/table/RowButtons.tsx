import VisibilityIcon from '@mui/icons-material/Visibility';
import { Button, IconButton } from '@mui/material';
import type { ReactNode } from 'react';
import { useNavigate } from 'react-router-dom';

/** The eye icon of a 'view' column. */
export function ViewButton({ path, label }: { path: string; label: string }) {
  const navigate = useNavigate();
  return (
    <IconButton size="small" aria-label={label} onClick={() => navigate(path)}>
      <VisibilityIcon fontSize="small" />
    </IconButton>
  );
}

/** A row action that goes to a route. */
/** `label`: the accessible name when the visible text repeats on every row ('Crear nueva version de Visita a cafetería'). */
export function LinkButton({ path, icon, label, children }: { path: string; icon?: ReactNode; label?: string; children: ReactNode }) {
  const navigate = useNavigate();
  return (
    <Button size="small" startIcon={icon} onClick={() => navigate(path)} aria-label={label}>
      {children}
    </Button>
  );
}
