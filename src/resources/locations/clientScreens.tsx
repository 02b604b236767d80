import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import { Alert, Button, Card, CardContent, CircularProgress } from '@mui/material';
import { useGetOne } from 'ra-core';
import type { ReactNode } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { LOCATION_TEXT } from '../../../domain/locations';
import { clientSubtitle, isClientId, KnownClient, useClientSubtitle } from '../clients/KnownClient';
import { Allowed } from '../define';
import { LocationList } from './LocationList';
import { LocationCreatePage, LocationRecordPage } from './LocationPages';
import { MassiveLoadPage } from './MassiveLoadPage';
import { clientLocationPaths } from './paths';

/** A client's points of sale, below /clients/{id}/… (the client comes from the path). */
const useClientId = (param: 'id' | 'clientId') => Number(useParams()[param]);

export function ClientLocationList() {
  const clientId = useClientId('id');
  // The same read KnownClient makes (one request): an inactive client takes no new points of sale.
  const { data: client } = useGetOne('clients', { id: clientId }, { retry: false, enabled: isClientId(clientId) });
  return (
    <KnownClient clientId={clientId}>
      <LocationList
        key={clientId}
        clientId={clientId}
        paths={clientLocationPaths(clientId)}
        clientInactive={client === undefined ? null : client.state === false}
        subtitle={client?.name ? clientSubtitle(String(client.name)) : undefined}
      />
    </KnownClient>
  );
}

/**
 * 'Nueva locacion' and the bulk load of a client that takes new points of sale: an inactive client's
 * (an address typed or kept from before it was deactivated) says why at once, as its list does, instead
 * of a long form or a file the server would refuse on saving.
 */
function ActiveClientOnly({ clientId, children }: { clientId: number; children: ReactNode }) {
  const navigate = useNavigate();
  const { data: client, isPending } = useGetOne('clients', { id: clientId }, { retry: false, enabled: isClientId(clientId) });
  if (isPending) return <CircularProgress sx={{ m: 4 }} aria-label="Cargando" />;
  if (client?.state !== false) return children;
  return (
    <Card sx={{ mt: 2 }}>
      <CardContent sx={{ display: 'flex', flexDirection: 'column', gap: 2, alignItems: 'flex-start' }}>
        <Alert severity="info">{LOCATION_TEXT.inactiveClient}</Alert>
        <Button startIcon={<ArrowBackIcon />} onClick={() => navigate(clientLocationPaths(clientId).list)}>
          Volver a la lista de locaciones
        </Button>
      </CardContent>
    </Card>
  );
}

export function ClientLocationCreate() {
  const clientId = useClientId('clientId');
  const subtitle = useClientSubtitle(clientId);
  return (
    <Allowed area="locations" operation="write">
      <KnownClient clientId={clientId}>
        <ActiveClientOnly clientId={clientId}>
          <LocationCreatePage key={clientId} clientId={clientId} paths={clientLocationPaths(clientId)} subtitle={subtitle} />
        </ActiveClientOnly>
      </KnownClient>
    </Allowed>
  );
}

export function ClientLocationEdit() {
  const clientId = useClientId('clientId');
  return <LocationRecordPage mode="EDIT" paths={clientLocationPaths(clientId)} clientId={clientId} />;
}

export function ClientLocationView() {
  const clientId = useClientId('clientId');
  return <LocationRecordPage mode="VIEW" paths={clientLocationPaths(clientId)} clientId={clientId} />;
}

export function ClientLocationsMassive() {
  const clientId = useClientId('clientId');
  const subtitle = useClientSubtitle(clientId);
  return (
    <Allowed area="locations" operation="write">
      <KnownClient clientId={clientId}>
        <ActiveClientOnly clientId={clientId}>
          <MassiveLoadPage key={clientId} clientId={clientId} paths={clientLocationPaths(clientId)} subtitle={subtitle} />
        </ActiveClientOnly>
      </KnownClient>
    </Allowed>
  );
}
