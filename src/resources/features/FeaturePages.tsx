import { CircularProgress } from '@mui/material';
import { type RaRecord, ResourceContextProvider, useCreate, useUpdate } from 'ra-core';
import { useState } from 'react';
import { Navigate, useNavigate, useParams } from 'react-router-dom';
import { DIALOG, dialogParts } from '../../../domain/dialogs';
import { FEATURE_DIALOG_FIELDS, FEATURE_TEXT, featureSchema } from '../../../domain/features';
import { canUse } from '../../../domain/roles';
import { currentRole } from '../../authProvider';
import { useFreshRecord } from '../../dataProvider/useFreshRecord';
import { SuccessDialog } from '../../ui/dialogs';
import { CampoForm, type FormMode } from '../../ui/form/CampoForm';
import { Allowed } from '../define';
import { FeatureFields, type FeatureValues } from './FeatureFields';
import { Missing } from '../../ui/Missing';

const RESOURCE = 'features';
const saving = dialogParts(DIALOG.saveChanges);
const confirm = { title: saving.title, content: saving.question };

const toValues = (f: RaRecord): FeatureValues => ({
  clientId: f.clientId,
  name: f.name ?? '',
  isRequired: Boolean(f.isRequired),
  values: (f.values ?? []).map((v: { id: number; value: string; isDefault: boolean }) => ({ id: v.id, value: v.value, isDefault: v.isDefault })),
});

/** 'Nuevo atributo', for those who write attributes; the rest get 'Acceso denegado'. Under a client, `subtitle` names it. */
export function FeatureCreatePage(props: { base: string; clientId?: number; subtitle?: string }) {
  return (
    <Allowed area="features" operation="write">
      <CreateForm {...props} />
    </Allowed>
  );
}

/** Save stays disabled until the attribute has a value (spec 1 §4). */
function CreateForm({ base, clientId, subtitle }: { base: string; clientId?: number; subtitle?: string }) {
  const [create] = useCreate();
  const navigate = useNavigate();
  const [done, setDone] = useState(false);
  return (
    <ResourceContextProvider value={RESOURCE}>
      <CampoForm<FeatureValues>
        mode="ADD"
        title="Nuevo atributo"
        subtitle={subtitle}
        schema={featureSchema}
        defaultValues={{ clientId: clientId ?? null, name: '', isRequired: false, values: [] }}
        backPath={base}
        confirm={confirm}
        confirmLeave
        dialogFields={FEATURE_DIALOG_FIELDS}
        canSave={(v) => (v.values?.length ?? 0) > 0}
        onSubmit={async (values) => {
          await create(RESOURCE, { data: values }, { returnPromise: true });
          setDone(true);
        }}
      >
        <FeatureFields fixedClient={clientId !== undefined} />
      </CampoForm>
      <SuccessDialog open={done} title={FEATURE_TEXT.created} onClose={() => navigate(base)} />
    </ResourceContextProvider>
  );
}

/**
 * An attribute's screen: its name in VIEW, 'Editar: ' and the name in EDIT (VIEW, without 'Editar', for
 * those who only read). Below a client's address (`clientId`), an attribute of another client is shown
 * under its own client's, as a point of sale is: its back arrow and 'Editar' lead to its client's list.
 */
export function FeatureRecordPage({ base, mode, clientId }: { base: string; mode: Exclude<FormMode, 'ADD'>; clientId?: number }) {
  const { id } = useParams();
  const { data, isPending, error } = useFreshRecord(RESOURCE, Number(id));
  const [update] = useUpdate();
  const navigate = useNavigate();
  const [done, setDone] = useState(false);
  if (isPending) return <CircularProgress sx={{ m: 4 }} aria-label="Cargando" />;
  if (error || !data) return <Missing error={error} />;
  if (clientId !== undefined && data.clientId !== clientId) return <Navigate replace to={`/clients/${data.clientId}/features/${mode === 'EDIT' ? 'edit' : 'view'}/${data.id}`} />;
  const canWrite = canUse(currentRole(), 'features', 'write');
  const shownMode = canWrite ? mode : 'VIEW';
  return (
    <ResourceContextProvider value={RESOURCE}>
      <CampoForm<FeatureValues>
        key={`${shownMode}-${data.id}`}
        mode={shownMode}
        title={shownMode === 'EDIT' ? `Editar: ${data.name}` : String(data.name)}
        schema={featureSchema}
        defaultValues={toValues(data)}
        record={data}
        backPath={base}
        editPath={canWrite ? `${base}/edit/${data.id}` : undefined}
        viewPath={`${base}/view/${data.id}`}
        confirm={confirm}
        confirmLeave
        dialogFields={FEATURE_DIALOG_FIELDS}
        onSubmit={async (values, loaded) => {
          const saved = await update(RESOURCE, { id: data.id, data: values, previousData: loaded }, { returnPromise: true, mutationMode: 'pessimistic' });
          setDone(true);
          return saved;
        }}
      >
        <FeatureFields fixedClient clientName={data.clientName} />
      </CampoForm>
      <SuccessDialog open={done} title={FEATURE_TEXT.updated} onClose={() => navigate(base)} />
    </ResourceContextProvider>
  );
}
