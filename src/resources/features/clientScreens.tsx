import { useParams } from 'react-router-dom';
import { FeatureList } from './FeatureList';
import { FeatureCreatePage, FeatureRecordPage } from './FeaturePages';

/** A client's attributes, below /clients/{id}/features (the client comes from the path). */
const useClient = (param: 'id' | 'clientId') => {
  const clientId = Number(useParams()[param]);
  return { clientId, base: `/clients/${clientId}/features` };
};

export function ClientFeatureList() {
  const { clientId, base } = useClient('id');
  return <FeatureList key={clientId} clientId={clientId} base={base} />;
}

export function ClientFeatureCreate() {
  const { clientId, base } = useClient('clientId');
  return <FeatureCreatePage key={clientId} clientId={clientId} base={base} />;
}

export function ClientFeatureEdit() {
  return <FeatureRecordPage mode="EDIT" base={useClient('clientId').base} />;
}

export function ClientFeatureView() {
  return <FeatureRecordPage mode="VIEW" base={useClient('clientId').base} />;
}
