import { useParams } from 'react-router-dom';
import { KnownClient } from '../clients/KnownClient';
import { Allowed } from '../define';
import { LocationList } from './LocationList';
import { LocationCreatePage, LocationRecordPage } from './LocationPages';
import { MassiveLoadPage } from './MassiveLoadPage';
import { clientLocationPaths } from './paths';

/** A client's points of sale, below /clients/{id}/… (the client comes from the path). */
const useClientId = (param: 'id' | 'clientId') => Number(useParams()[param]);

export function ClientLocationList() {
  const clientId = useClientId('id');
  return (
    <KnownClient clientId={clientId}>
      <LocationList key={clientId} clientId={clientId} paths={clientLocationPaths(clientId)} />
    </KnownClient>
  );
}

export function ClientLocationCreate() {
  const clientId = useClientId('clientId');
  return (
    <Allowed area="locations" operation="write">
      <LocationCreatePage key={clientId} clientId={clientId} paths={clientLocationPaths(clientId)} />
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
      <MassiveLoadPage key={clientId} clientId={clientId} paths={clientLocationPaths(clientId)} />
    </Allowed>
  );
}
