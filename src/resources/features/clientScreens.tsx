import { useParams } from 'react-router-dom';
import { KnownClient, useClientSubtitle } from '../clients/KnownClient';
import { FeatureList } from './FeatureList';
import { FeatureCreatePage, FeatureRecordPage } from './FeaturePages';

/** A client's attributes, below /clients/{id}/features (the client comes from the path). */
const useClient = (param: 'id' | 'clientId') => {
  const clientId = Number(useParams()[param]);
  return { clientId, base: `/clients/${clientId}/features` };
};

export function ClientFeatureList() {
  const { clientId, base } = useClient('id');
  const subtitle = useClientSubtitle(clientId);
  return (
    <KnownClient clientId={clientId}>
      <FeatureList key={clientId} clientId={clientId} base={base} subtitle={subtitle} />
    </KnownClient>
  );
}

export function ClientFeatureCreate() {
  const { clientId, base } = useClient('clientId');
  const subtitle = useClientSubtitle(clientId);
  return (
    <KnownClient clientId={clientId}>
      <FeatureCreatePage key={clientId} clientId={clientId} base={base} subtitle={subtitle} />
    </KnownClient>
  );
}

export function ClientFeatureEdit() {
  const { clientId, base } = useClient('clientId');
  return <FeatureRecordPage mode="EDIT" base={base} clientId={clientId} />;
}

export function ClientFeatureView() {
  const { clientId, base } = useClient('clientId');
  return <FeatureRecordPage mode="VIEW" base={base} clientId={clientId} />;
}
