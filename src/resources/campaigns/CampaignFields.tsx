import { Box } from '@mui/material';
import { useGetOne } from 'ra-core';
import { useEffect } from 'react';
import { useFormContext, useWatch } from 'react-hook-form';
import { useParams } from 'react-router-dom';
import { CAMPAIGN_TEXT } from '../../../domain/campaigns';
import { startDateHint } from '../../../domain/validation';
import { ClientInput } from '../../ui/ClientPicker';
import { DateInput, TextInput } from '../../ui/form/inputs';

/**
 * Name, client (the active ones, plus the campaign's own if it is no longer active) and dates. The
 * client of a campaign that projects use stays as it is; the server refuses the change too.
 */
export function CampaignFields() {
  const { trigger } = useFormContext();
  // EDIT and VIEW: the record as the server answers it (a row from the list, cached meanwhile, lacks the count).
  const { id } = useParams();
  const record = useGetOne('campo-campaigns', { id: Number(id) }, { enabled: id !== undefined });
  const projectsCount = Number(record.data?.projectsCount ?? 0);
  const [start, end] = useWatch({ name: ['startDate', 'endDate'] }) as [string, string];
  // The two dates are checked together: a change in one can fix or break the other.
  useEffect(() => {
    if (start && end) void trigger(['startDate', 'endDate']);
  }, [start, end, trigger]);
  return (
    <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' }, columnGap: 2 }}>
      <TextInput name="name" label="Nombre" required />
      <ClientInput
        name="clientId"
        required
        activeOnly
        disabled={projectsCount > 0}
        helperText={projectsCount > 0 ? CAMPAIGN_TEXT.clientLockedHint(projectsCount) : undefined}
      />
      <DateInput name="startDate" label="Fecha de inicio" required helperText={startDateHint(record.data?.startDate)} />
      <DateInput name="endDate" label="Fecha de finalización" required helperText="DD/MM/AAAA, no antes del inicio" />
    </Box>
  );
}
