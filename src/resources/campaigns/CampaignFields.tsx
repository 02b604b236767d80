import { Box } from '@mui/material';
import { useGetOne } from 'ra-core';
import { useEffect } from 'react';
import { useFormContext, useWatch } from 'react-hook-form';
import { useParams } from 'react-router-dom';
import { CAMPAIGN_TEXT } from '../../../domain/campaigns';
import { useClientChoices } from '../../ui/ClientPicker';
import { DateInput, SelectInput, TextInput } from '../../ui/form/inputs';

/**
 * Name, client (the active ones, plus the campaign's own if it is no longer active) and dates. The
 * client of a campaign that projects use stays as it is; the server refuses the change too.
 */
export function CampaignFields() {
  const clients = useClientChoices(true);
  const { getValues, trigger } = useFormContext();
  const current = getValues('client') as { id: number; name: string } | null;
  // EDIT and VIEW: the record as the server answers it (a row from the list, cached meanwhile, lacks the count).
  const { id } = useParams();
  const record = useGetOne('campo-campaigns', { id: Number(id) }, { enabled: id !== undefined });
  const projectsCount = Number(record.data?.projectsCount ?? 0);
  const [start, end] = useWatch({ name: ['startDate', 'endDate'] }) as [string, string];
  // The two dates are checked together: a change in one can fix or break the other.
  useEffect(() => {
    if (start && end) void trigger(['startDate', 'endDate']);
  }, [start, end, trigger]);
  const choices = [...(clients.data ?? [])];
  if (current && !choices.some((c) => c.id === current.id)) choices.push({ id: current.id, name: `${current.name} (inactivo)` });
  return (
    <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' }, columnGap: 2 }}>
      <TextInput name="name" label="Nombre" required />
      <SelectInput
        name="clientId"
        label="Cliente"
        required
        choices={choices}
        loading={clients.isPending}
        disabled={projectsCount > 0}
        helperText={projectsCount > 0 ? CAMPAIGN_TEXT.clientLockedHint(projectsCount) : undefined}
      />
      <DateInput name="startDate" label="Fecha de inicio" required helperText="DD/MM/AAAA, desde hoy" />
      <DateInput name="endDate" label="Fecha de finalización" required helperText="DD/MM/AAAA, no antes del inicio" />
    </Box>
  );
}
