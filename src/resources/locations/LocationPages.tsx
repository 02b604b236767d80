import { CircularProgress } from '@mui/material';
import { ResourceContextProvider, useCreate, useNotify, useUpdate } from 'ra-core';
import { Navigate, useNavigate, useParams } from 'react-router-dom';
import { LOCATION_DIALOG_FIELDS, locationSchema } from '../../../domain/locations';
import { canUse } from '../../../domain/roles';
import { currentRole } from '../../authProvider';
import { useFreshRecord } from '../../dataProvider/useFreshRecord';
import { CampoForm, type FormMode } from '../../ui/form/CampoForm';
import { LocationFields } from './LocationFields';
import { clientLocationPaths, type LocationPaths } from './paths';
import { emptyLocation, type LocationValues, toLocationValues } from './values';
import { Missing } from '../../ui/Missing';

const RESOURCE = 'branch-offices';

/** 'Nueva locacion': under a client (`clientId` fixed, named by `subtitle`) or in the /branch-offices area (a client select). */
export function LocationCreatePage({ paths, clientId, subtitle }: { paths: LocationPaths; clientId?: number; subtitle?: string }) {
  const [create] = useCreate();
  const navigate = useNavigate();
  const notify = useNotify();
  return (
    <ResourceContextProvider value={RESOURCE}>
      <CampoForm<LocationValues>
        mode="ADD"
        title="Nueva locacion"
        subtitle={subtitle}
        schema={locationSchema}
        defaultValues={emptyLocation(clientId ?? null)}
        backPath={paths.list}
        confirmLeave
        dialogFields={LOCATION_DIALOG_FIELDS}
        onSubmit={async (values) => {
          await create(RESOURCE, { data: values }, { returnPromise: true });
          notify('Punto de venta creado con éxito', { type: 'success' });
          navigate(paths.list);
        }}
      >
        <LocationFields fixedClient={clientId !== undefined} />
      </CampoForm>
    </ResourceContextProvider>
  );
}

/** A location's screen: its name as the title in VIEW, 'Editar: ' and the name in EDIT; its client does not change. */
export function LocationRecordPage({ paths, mode, clientId }: { paths: LocationPaths; mode: Exclude<FormMode, 'ADD'>; clientId?: number }) {
  const { id } = useParams();
  // Not the list's row react-admin's cache holds (it lacks most fields: place, e-mails, owner…): the
  // form reads its values once, from the whole record.
  const { data, isPending, error } = useFreshRecord(RESOURCE, Number(id));
  const [update] = useUpdate();
  const navigate = useNavigate();
  const notify = useNotify();
  if (isPending) return <CircularProgress sx={{ m: 4 }} aria-label="Cargando" />;
  if (error || !data) return <Missing error={error} />;
  // Opened under another client's address (typed, or an old link): shown under its own client's.
  if (clientId !== undefined && data.clientId !== clientId) {
    const own = clientLocationPaths(data.clientId as number);
    return <Navigate replace to={(mode === 'EDIT' ? own.edit : own.view)(data.id)} />;
  }
  // Staff who only read locations get the location to read, whatever the address asked.
  const writes = canUse(currentRole(), 'locations', 'write');
  const shownMode = writes ? mode : 'VIEW';
  return (
    <ResourceContextProvider value={RESOURCE}>
      <CampoForm<LocationValues>
        key={`${shownMode}-${data.id}`}
        mode={shownMode}
        title={shownMode === 'EDIT' ? `Editar: ${data.fullName}` : String(data.fullName)}
        schema={locationSchema}
        defaultValues={toLocationValues(data)}
        record={data}
        backPath={paths.list}
        editPath={writes ? paths.edit(data.id) : undefined}
        viewPath={paths.view(data.id)}
        confirmLeave
        dialogFields={LOCATION_DIALOG_FIELDS}
        onSubmit={async (values, loaded) => {
          const saved = await update(RESOURCE, { id: data.id, data: values, previousData: loaded }, { returnPromise: true, mutationMode: 'pessimistic' });
          notify('Cambios guardados con éxito', { type: 'success' });
          navigate(paths.list);
          return saved;
        }}
      >
        <LocationFields fixedClient clientName={data.clientName} code={String(data.code)} assigned={{ owner: data.owner ?? null, zoneManagers: data.zoneManagers ?? [] }} />
      </CampoForm>
    </ResourceContextProvider>
  );
}
