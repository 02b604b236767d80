import { Alert, Box } from '@mui/material';
import { useGetOne } from 'ra-core';
import { useParams } from 'react-router-dom';
import { MOVE_CONFIG_TEXT } from '../../../domain/movesConfig';
import { CheckboxInput, TextInput } from '../../ui/form/inputs';
import { MultiSelectInput } from '../../ui/form/MultiSelectInput';
import { useMoveConfigInfo } from './info';

/**
 * The configuration's fields. Linked to projects, only the name and the status stay editable
 * (spec 1 §4); the server refuses the rest too.
 */
export function MoveConfigFields() {
  const info = useMoveConfigInfo();
  // EDIT and VIEW: the record the page has loaded (the same query, answered from its cache).
  const { id } = useParams();
  const record = useGetOne('moves-config', { id: Number(id) }, { enabled: id !== undefined });
  const projects: { id: number; name: string }[] = record.data?.projects ?? [];
  const locked = projects.length > 0;
  const moveTypes = info.data?.moveTypes ?? [];
  const categories = info.data?.categories ?? [];
  return (
    <>
      {locked && (
        <Alert severity="info" sx={{ mb: 2 }}>
          {MOVE_CONFIG_TEXT.linkedHint(projects.length)} Proyectos: {projects.map((p) => p.name).join(', ')}.
        </Alert>
      )}
      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' }, columnGap: 2 }}>
        <TextInput name="name" label="Nombre" required />
        <CheckboxInput name="status" label={MOVE_CONFIG_TEXT.enabled} />
        <TextInput name="points" label="Puntos (Steps)" required disabled={locked} helperText="Número" />
        <TextInput name="minutesDuration" label="Duración (minutos)" required disabled={locked} helperText="Número" />
        <MultiSelectInput name="moveTypes" label="Tipos de move" choices={moveTypes} loading={info.isPending} disabled={locked} />
        <MultiSelectInput
          name="category"
          label="Categorías"
          choices={categories}
          loading={info.isPending}
          disabled={locked}
          helperText="Si la primera es 'Con precio', los proyectos que la usan llevan precio"
        />
        <CheckboxInput name="consumptionPayment" label="Consumo pago" disabled={locked} />
        <CheckboxInput name="needsCheckList" label="Requiere formulario" disabled={locked} />
        <CheckboxInput name="needsAudioRecording" label="Requiere audio" disabled={locked} />
        <CheckboxInput name="needsVideoRecording" label="Requiere video" disabled={locked} />
      </Box>
    </>
  );
}
