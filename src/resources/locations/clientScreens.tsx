import { useGetOne } from 'ra-core';
import { useParams } from 'react-router-dom';
import { isClientId, KnownClient } from '../clients/KnownClient';
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
      <LocationList key={clientId} clientId={clientId} paths={clientLocationPaths(clientId)} clientInactive={client === undefined ? null : client.state === false} />
    </KnownClient>
  );
}

export function ClientLocationCreate() {
  const clientId = useClientId('clientId');
  return (
    <Allowed area="locations" operation="write">
      <KnownClient clientId={clientId}>
        <LocationCreatePage key={clientId} clientId={clientId} paths={clientLocationPaths(clientId)} />
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
  return (
    <Allowed area="locations" operation="write">
      <KnownClient clientId={clientId}>
        <MassiveLoadPage key={clientId} clientId={clientId} paths={clientLocationPaths(clientId)} />
      </KnownClient>
    </Allowed>
  );
}
