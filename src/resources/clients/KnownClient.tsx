import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import { Alert, Button, Card, CardContent } from '@mui/material';
import { useGetOne } from 'ra-core';
import type { ReactNode } from 'react';
import { useNavigate } from 'react-router-dom';
import { errorMessages } from '../../ui/dialogs';

/** An id a client could have: an address's '/clients/abc/…' gives NaN, which is asked nothing. */
export const isClientId = (id: number) => Number.isSafeInteger(id) && id > 0;

/** How a screen below one client names it beside its title. */
export const clientSubtitle = (name: string) => `Cliente: ${name}`;

/**
 * The subtitle of a screen below one client ('Cliente: Café del Plata') once its name is read (the same
 * read KnownClient makes: one request); undefined meanwhile, and for a client that does not exist.
 */
export function useClientSubtitle(clientId: number): string | undefined {
  const { data } = useGetOne('clients', { id: clientId }, { retry: false, enabled: isClientId(clientId) });
  return data?.name ? clientSubtitle(String(data.name)) : undefined;
}

/** What the server says of a client id that names no client; also said, without asking, of one that is no id. */
export const NO_SUCH_CLIENT = 'El cliente no existe.';

/**
 * A screen below /clients/{id}/… (its points of sale, its attributes, their forms and bulk load) for a
 * client that exists: for one that does not (a typed or stale address, or one whose id is no number,
 * '/clients/abc/…') the server's 'no existe' and a way back, instead of an empty list whose 'Nueva
 * locacion' would fail on saving, or an empty page.
 */
export function KnownClient({ clientId, children }: { clientId: number; children: ReactNode }) {
  const navigate = useNavigate();
  const valid = isClientId(clientId);
  const { error } = useGetOne('clients', { id: clientId }, { retry: false, enabled: valid });
  if (valid && (error as { status?: number } | null)?.status !== 404) return children;
  return (
    <Card sx={{ mt: 2 }}>
      <CardContent sx={{ display: 'flex', flexDirection: 'column', gap: 2, alignItems: 'flex-start' }}>
        <Alert severity="warning">{valid ? errorMessages(error)[0] : NO_SUCH_CLIENT}</Alert>
        <Button startIcon={<ArrowBackIcon />} onClick={() => navigate('/clients')}>
          Volver a la lista de clientes
        </Button>
      </CardContent>
    </Card>
  );
}
