import { Box, Divider, TextField, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useFormContext, useWatch } from 'react-hook-form';
import { ROLE } from '../../../domain/roles';
import { request } from '../../dataProvider/http';
import { personMatch } from '../../../domain/people';
import { ClientInput } from '../../ui/ClientPicker';
import { CascadeSelects } from '../../ui/form/CascadeSelects';
import { EmailListInput } from '../../ui/form/EmailListInput';
import { type Choice, SelectInput, TextInput } from '../../ui/form/inputs';
import { MultiSelectInput } from '../../ui/form/MultiSelectInput';
import { FeatureValuesInput } from './FeatureValuesInput';
import { TagsInput } from './TagsInput';
import { type Person, withAssigned } from './values';

/** Owners (role 6) or zone managers (role 15) of the client. */
function usePeople(clientId: number | null, rolId: number) {
  return useQuery({
    queryKey: ['client-people', clientId, rolId],
    queryFn: async () => (await request<{ id: number; fullName: string }[]>(`/web-users/client/${clientId}`, { query: { rolId } })).map((u): Choice => ({ id: u.id, name: u.fullName })),
    enabled: Boolean(clientId),
  });
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Box component="section" aria-label={title} sx={{ mb: 2 }}>
      <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600, mb: 1 }}>
        {title}
      </Typography>
      <Divider sx={{ mb: 2 }} />
      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' }, columnGap: 2 }}>{children}</Box>
    </Box>
  );
}

const Wide = ({ children }: { children: ReactNode }) => <Box sx={{ gridColumn: { md: 'span 2' } }}>{children}</Box>;

/**
 * Every field of a point of sale (spec 1 §3, §5), in sections. `assigned`: the owner and zone
 * managers the location has, shown by name even when no longer active.
 */
export function LocationFields({
  fixedClient,
  clientName,
  code,
  assigned,
}: {
  fixedClient: boolean;
  /** The client of a location that has one (edit, view): shown, not chosen. */
  clientName?: string;
  code?: string;
  assigned?: { owner: Person | null; zoneManagers: Person[] };
}) {
  const { setValue } = useFormContext();
  const clientId = (useWatch({ name: 'clientId' }) as number | null) ?? null;
  const owners = usePeople(clientId, ROLE.FRANCHISE);
  const managers = usePeople(clientId, ROLE.ZONE_MANAGER);

  // Owners, zone managers and attribute values belong to a client: another client empties them.
  const changeClient = () => {
    for (const [name, empty] of [
      ['ownerId', null],
      ['zoneManagersIds', []],
      ['featureValues', []],
    ] as const) {
      setValue(name, empty, { shouldDirty: true });
    }
  };

  return (
    <>
      <Section title="Datos generales">
        {/* A new point of sale goes to an active client (the server refuses an inactive one). */}
        {!fixedClient && <ClientInput name="clientId" required activeOnly onChange={changeClient} />}
        {clientName && <TextField label="Cliente" value={clientName} disabled size="small" />}
        {code && <TextField label="Código" value={code} disabled size="small" helperText="Lo asigna el sistema" />}
        <TextInput name="fullName" label="Nombre" required />
        <TextInput name="clientLocationName" label="ID Operativo" required />
        <TextInput name="clientLocationId" label="Código de Locación del Cliente" helperText="Sin espacios" />
        <TextInput name="telephone" label="Teléfono" required helperText="Sólo números, sin espacios" />
        <TextInput name="linkSurveyMonkey" label="Link de encuesta" />
      </Section>
      <Section title="Ubicación">
        <CascadeSelects
          required
          invalidWith="geography"
          levels={[
            { name: 'countryId', label: 'País', path: () => '/countries' },
            { name: 'stateId', label: 'Estado o provincia', path: (countryId) => `/states?countryId=${countryId}` },
            { name: 'cityId', label: 'Ciudad', path: (stateId) => `/cities?stateId=${stateId}` },
          ]}
        />
        <TextInput name="zone" label="Zona" />
        <TextInput name="street" label="Dirección" required />
        <TextInput name="latitude" label="Latitud" required helperText="Ej. -34.6037" />
        <TextInput name="longitude" label="Longitud" required helperText="Ej. -58.3816" />
      </Section>
      <Section title="Responsables y contactos">
        <SelectInput
          name="ownerId"
          label="Responsable de punto de venta"
          choices={withAssigned(owners.data, assigned?.owner ? [assigned.owner] : [])}
          loading={Boolean(clientId) && owners.isPending}
          matches={personMatch}
        />
        <MultiSelectInput
          name="zoneManagersIds"
          label="Gerentes Zonales"
          choices={withAssigned(managers.data, assigned?.zoneManagers ?? [])}
          loading={Boolean(clientId) && managers.isPending}
          matches={personMatch}
        />
        <TextInput name="executive" label="Ejecutivo" required />
        <TextInput name="emailExecutive" label="Email del ejecutivo" required />
        <Wide>
          <EmailListInput name="emails" label="Emails ejecutivos" required />
        </Wide>
        <TextInput name="manager" label="Encargado" required />
        <TextInput name="emailManager" label="Email del encargado" required />
        <TextInput name="emailToNullCase" label="Email para casos nulos" />
      </Section>
      <Section title="Horarios">
        <TextInput name="workDays" label="Días de trabajo" required helperText="Ej. Lunes a sábado" />
        <Box />
        <TextInput name="openingHours" label="Horario de apertura" required helperText="Ej. 09:00" />
        <TextInput name="closingHours" label="Horario de cierre" required helperText="Ej. 21:00" />
      </Section>
      <Section title="Tags y atributos">
        <Wide>
          <TagsInput />
        </Wide>
        <Wide>
          <FeatureValuesInput clientId={clientId} />
        </Wide>
      </Section>
      <Section title="Información adicional">
        <TextInput name="observation" label="Observaciones" multiline />
        <TextInput name="locationInformation" label="Información de la locación" multiline />
        <TextInput name="comments" label="Comentarios" multiline />
        <TextInput name="branchInformation" label="Información de la sucursal" multiline />
      </Section>
    </>
  );
}
