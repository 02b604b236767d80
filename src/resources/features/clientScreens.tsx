import { useParams } from 'react-router-dom';
import { KnownClient } from '../clients/KnownClient';
import { FeatureList } from './FeatureList';
import { FeatureCreatePage, FeatureRecordPage } from './FeaturePages';

/** A client's attributes, below /clients/{id}/features (the client comes from the path). */
const useClient = (param: 'id' | 'clientId') => {
  const clientId = Number(useParams()[param]);
  return { clientId, base: `/clients/${clientId}/features` };
};

export function ClientFeatureList() {
  const { clientId, base } = useClient('id');
  return (
    <KnownClient clientId={clientId}>
      <FeatureList key={clientId} clientId={clientId} base={base} />
    </KnownClient>
  );
}

export function ClientFeatureCreate() {
  const { clientId, base } = useClient('clientId');
  return (
    <KnownClient clientId={clientId}>
      <FeatureCreatePage key={clientId} clientId={clientId} base={base} />
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
