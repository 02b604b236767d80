import { Alert, Box, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useFormContext, useFormState, useWatch } from 'react-hook-form';
import { pricedCategory } from '../../../domain/movesConfig';
import { priceRequired, PROJECT_TEXT, type ProjectRecord, type ProjectUpdateLog } from '../../../domain/projects';
import { formatDisplayDate, startDateHint } from '../../../domain/validation';
import { request } from '../../dataProvider/http';
import { ClientInput } from '../../ui/ClientPicker';
import { useFormMode } from '../../ui/form/CampoForm';
import { CheckboxInput, DateInput, SelectInput, TextInput } from '../../ui/form/inputs';
import { SearchInput } from '../../ui/searchPicker/SearchPicker';
import { CURRENT_GUIDELINES, GUIDELINES, QUESTIONNAIRES, useCampaignChoices, useCurrentGuideline, useMoveConfigChoices } from './choices';
import { DuplicatedLocations, LocationPicker } from './ProjectLocations';
import type { ProjectValues } from './values';
import { VisitRanges } from './VisitRanges';

export interface ProjectFieldsProps {
  /** The stored project (EDIT, VIEW) or the one being duplicated. */
  record?: ProjectRecord;
  duplicate?: boolean;
  /** A past project in EDIT: everything but its end date is locked. */
  locked?: boolean;
}

const grid = { display: 'grid', gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' }, columnGap: 2 } as const;

/**
 * The project form (spec 3 §4–§5). In ADD, campaign, move configuration and guideline unlock once a
 * client is chosen and the questionnaire once a move configuration is; the price shows when the
 * configuration's first category is 1, and always outside ADD.
 */
export function ProjectFields({ record, duplicate, locked = false }: ProjectFieldsProps) {
  const mode = useFormMode();
  const adding = mode === 'ADD';
  const { setValue, getValues, getFieldState, trigger } = useFormContext<ProjectValues>();
  const [clientId, campaignId, moveConfigurationId, startDate, endDate, locations, priced] = useWatch<ProjectValues>({
    name: ['clientId', 'campaignId', 'moveConfigurationId', 'startDate', 'endDate', 'locations', 'priced'],
  }) as [number | null, number | null, number | null, string, string, number[] | undefined, boolean];
  const { errors } = useFormState({ name: 'dates' as never });

  // A copy is a new project: it may use only what a new one may (no ended campaign, disabled move
  // configuration or superseded guideline version, which the server refuses), so the original's stay
  // off its lists; the effect below moves a copied guideline to its current version and empties the rest.
  const held = duplicate ? undefined : record;
  const fixedByMoves = mode === 'EDIT' && Boolean(held?.withMoves);
  const campaigns = useCampaignChoices(clientId, held?.campaign ? { ...held.campaign, name: held.campaign.name } : null);
  const moves = useMoveConfigChoices(held?.moveConfiguration);
  const copiedGuideline = useCurrentGuideline(duplicate ? (record?.guideline?.sequenceId ?? null) : null);
  const copyChecked = useRef(false);
  useEffect(() => {
    if (!duplicate || copyChecked.current || campaigns.loading || moves.loading || copiedGuideline.loading) return;
    copyChecked.current = true;
    const offered = (choices: { id: number | string }[], id: unknown) => id === null || choices.some((c) => c.id === id);
    if (!offered(campaigns.choices, getValues('campaignId'))) setValue('campaignId', null, { shouldValidate: true });
    if (!offered(moves.choices, getValues('moveConfigurationId'))) setValue('moveConfigurationId', null, { shouldValidate: true });
    const current = copiedGuideline.current?.id ?? null;
    if (getValues('guidelineId') !== current) setValue('guidelineId', current, { shouldValidate: true });
  }, [duplicate, campaigns.loading, campaigns.choices, moves.loading, moves.choices, copiedGuideline.loading, copiedGuideline.current, getValues, setValue]);

  // The rules read the chosen campaign's dates and whether the price applies: keep them in the form.
  useEffect(() => {
    if (campaigns.loading) return;
    const chosen = campaigns.choices.find((c) => c.id === campaignId);
    const bounds = chosen ? { startDate: chosen.startDate, endDate: chosen.endDate } : null;
    if (JSON.stringify(bounds) === JSON.stringify(getValues('campaign'))) return;
    setValue('campaign', bounds);
    void trigger(['startDate', 'endDate']);
  }, [campaignId, campaigns.choices, campaigns.loading, getValues, setValue, trigger]);
  useEffect(() => {
    if (moves.loading) return;
    const configurationPriced = pricedCategory(moves.choices.find((m) => m.id === moveConfigurationId)?.category ?? []);
    const next = adding ? configurationPriced : priceRequired(configurationPriced, record?.price);
    if (next === getValues('priced')) return;
    setValue('priced', next);
    if (!next && adding) setValue('price', '');
    // A 'Requerido' said under the old configuration goes when the new one asks for no price.
    if (!adding && getFieldState('price').error) void trigger('price');
  }, [adding, moveConfigurationId, moves.choices, moves.loading, getValues, setValue, getFieldState, trigger, record?.price]);
  // The two dates are checked together (and with the ranges): a change in one can fix or break the other.
  useEffect(() => {
    if (startDate && endDate) void trigger(['startDate', 'endDate', 'dates' as never, 'rangeDate']);
  }, [startDate, endDate, trigger]);

  // The campaign and the locations are the client's own; back to 'Sin Selección', the fields that lock
  // again are emptied too, so that no locked field keeps a value the form would send.
  const onClient = (client: { id: number } | null) => {
    setValue('campaignId', null, { shouldDirty: true });
    setValue('locations', [], { shouldDirty: true });
    if (client !== null) return;
    for (const locking of ['moveConfigurationId', 'questionnaireId', 'guidelineId'] as const) setValue(locking, null, { shouldDirty: true });
  };
  const noClient = adding && clientId === null;
  const fixedClient = !adding || Boolean(duplicate);
  const datesError = (errors as Record<string, { message?: string }>).dates?.message;
  const campaign = campaigns.choices.find((c) => c.id === campaignId);

  return (
    <>
      {locked && (
        <Alert severity="warning" sx={{ mb: 2 }}>
          {PROJECT_TEXT.pastLocked}
          {/* Its campaign ends no later than it did: every new date was refused, and nothing said why until one was tried. */}
          {campaign && record?.endDate && campaign.endDate.slice(0, 10) <= record.endDate.slice(0, 10) && <> {PROJECT_TEXT.campaignEndedToo(campaign.endDate)}</>}
        </Alert>
      )}
      {record && !adding && <LastUpdateReason projectId={record.id} />}
      <Box sx={grid}>
        <TextInput name="name" label="Nombre" required disabled={locked} />
        <ClientInput name="clientId" required activeOnly disabled={fixedClient || locked} onChange={onClient} />
        <SelectInput
          name="campaignId"
          label="Campaña"
          required
          choices={campaigns.choices}
          loading={campaigns.loading}
          disabled={noClient || locked}
          // A client without a campaign a project may use: where to make one (the list reads again on coming back to the tab).
          helperText={noClient ? PROJECT_TEXT.clientFirst : !campaigns.loading && campaigns.choices.length === 0 ? PROJECT_TEXT.noCampaign : undefined}
        />
        {/* A project with moves keeps both: its moves were made with them (domain/projects.ts `fixedWithMoves`). */}
        <SelectInput
          name="moveConfigurationId"
          label="Configuración de move"
          required
          choices={moves.choices}
          loading={moves.loading}
          disabled={noClient || locked || fixedByMoves}
          helperText={noClient ? PROJECT_TEXT.clientFirst : fixedByMoves && !locked ? PROJECT_TEXT.fixedWithMoves : undefined}
        />
        <SearchInput
          source={QUESTIONNAIRES}
          name="questionnaireId"
          label="Cuestionario"
          emptyLabel="Sin Selección"
          required
          disabled={(adding && moveConfigurationId === null) || locked || fixedByMoves}
          helperText={adding && moveConfigurationId === null ? PROJECT_TEXT.configurationFirst : fixedByMoves && !locked ? PROJECT_TEXT.fixedWithMoves : undefined}
        />
        <SearchInput source={GUIDELINES} filter={CURRENT_GUIDELINES} name="guidelineId" label="Instructivo" emptyLabel="Sin Selección" required disabled={noClient || locked} helperText={noClient ? PROJECT_TEXT.clientFirst : undefined} />
        <DateInput
          name="startDate"
          label="Fecha de inicio"
          required
          disabled={locked}
          helperText={startDateHint(adding ? null : record?.startDate, campaign?.startDate)}
        />
        <Box>
          <DateInput name="endDate" label="Fecha de finalización" required helperText={campaign ? `Hasta el ${formatDisplayDate(campaign.endDate)}` : 'DD/MM/AAAA'} />
          {datesError && (
            <Typography role="alert" color="error" variant="caption" sx={{ display: 'block', mt: -1.5, mb: 1, mx: 1.75 }}>
              {datesError}
            </Typography>
          )}
        </Box>
        <TextInput name="mandatoryProduct" label="Producto obligatorio" required disabled={locked} />
        <TextInput name="alternativeProduct" label="Producto alternativo" disabled={locked} />
        {(priced || !adding) && <TextInput name="price" label="Precio" required={priced && !locked} disabled={locked} helperText={locked ? undefined : 'Ej: 1500,50'} />}
      </Box>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', columnGap: 3, alignItems: 'flex-start' }}>
        <CheckboxInput name="audioAttachment" label="Adjunto de audio" disabled={locked} />
        <CheckboxInput name="autoApprovalRequired" label="Requiere aprobación automática" disabled={locked} helperText={PROJECT_TEXT.autoApprovalHelp} />
        <CheckboxInput name="campoRemote" label="Campo remoto" disabled={!adding || locked} helperText={adding ? undefined : PROJECT_TEXT.remoteLocked} />
      </Box>
      <VisitRanges readOnly={mode === 'VIEW' || locked} locationsCount={adding ? (locations?.length ?? 0) : (record?.locationsCount ?? 0)} />
      {adding && !duplicate && <LocationPicker />}
      {adding && duplicate && <DuplicatedLocations count={locations?.length ?? 0} inactive={record?.locations.filter((l) => !l.active).length ?? 0} />}
    </>
  );
}

/** The last extension of the project and its reason (GET /projects/expired-project-update-reason). */
function LastUpdateReason({ projectId }: { projectId: number }) {
  const last = useQuery({
    queryKey: ['project-update-reason', projectId],
    queryFn: () => request<ProjectUpdateLog | null>('/projects/expired-project-update-reason', { query: { projectId } }),
  });
  const log = last.data;
  if (!log) return null;
  const who = log.user ? `${log.user.names} ${log.user.lastName}` : 'un usuario eliminado';
  return (
    <Alert severity="info" sx={{ mb: 2 }}>
      <strong>Último motivo de edición:</strong> {log.updateReason}
      <Typography variant="body2" component="div">
        {`Extendido por ${who} el ${formatDisplayDate(log.createdAt, true)}: finalizaba el ${formatDisplayDate(log.oldExpirationDate)} y ahora el ${formatDisplayDate(log.newExpirationDate)}.`}
      </Typography>
    </Alert>
  );
}
