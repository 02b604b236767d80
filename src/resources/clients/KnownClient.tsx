import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import { Alert, Button, Card, CardContent } from '@mui/material';
import { useGetOne } from 'ra-core';
import type { ReactNode } from 'react';
import { useNavigate } from 'react-router-dom';
import { errorMessages } from '../../ui/dialogs';

/**
 * A screen below /clients/{id}/… (its points of sale, its attributes) for a client that exists: for one
 * that does not (a typed or stale address) the server's 'no existe' and a way back, instead of an empty
 * list whose 'Nueva locacion' would fail on saving.
 */
export function KnownClient({ clientId, children }: { clientId: number; children: ReactNode }) {
  const navigate = useNavigate();
  const { error } = useGetOne('clients', { id: clientId }, { retry: false });
  if ((error as { status?: number } | null)?.status !== 404) return children;
  return (
    <Card sx={{ mt: 2 }}>
      <CardContent sx={{ display: 'flex', flexDirection: 'column', gap: 2, alignItems: 'flex-start' }}>
        <Alert severity="warning">{errorMessages(error)[0]}</Alert>
        <Button startIcon={<ArrowBackIcon />} onClick={() => navigate('/clients')}>
          Volver a la lista de clientes
        </Button>
      </CardContent>
    </Card>
  );
}
