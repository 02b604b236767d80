import { Autocomplete, Box, FormHelperText, TextField, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useFormContext } from 'react-hook-form';
import type { Feature } from '../../../domain/features';
import { defaultFeatureValues } from '../../../domain/locations';
import { request } from '../../dataProvider/http';
import { useFormMode } from '../../ui/form/CampoForm';
import { useField } from '../../ui/form/inputs';

type Chosen = { featureId: number; id: number };

/** The client's attributes, each with its values: what the point-of-sale form offers. */
export function useClientFeatures(clientId: number | null) {
  return useQuery({
    queryKey: ['client-features', clientId],
    queryFn: async () => (await request<{ rows: Feature[] }>(`/features/client/${clientId}`, { query: { limit: 1000, sort: 'name' } })).rows,
    enabled: Boolean(clientId),
  });
}

/**
 * One select per attribute of the client. A new location starts with every required attribute
 * at its default value (spec 1 §4); a required attribute cannot be left without a value.
 */
export function FeatureValuesInput({ clientId }: { clientId: number | null }) {
  const mode = useFormMode();
  const { field, shownError } = useField('featureValues');
  const { resetField } = useFormContext();
  const chosen: Chosen[] = Array.isArray(field.value) ? field.value : [];
  const features = useClientFeatures(clientId);

  // The attributes with a value: a required one loses its value only when the whole form is reset
  // ('Reiniciar formulario'), which puts its default back.
  const chosenKey = chosen.map((c) => c.featureId).join(',');
  useEffect(() => {
    if (mode !== 'ADD' || !features.data) return;
    const missing = defaultFeatureValues(features.data).filter((d) => !chosen.some((c) => c.featureId === d.featureId));
    // The defaults are where a new location starts, not a change: the form stays untouched ('Guardar' off).
    if (missing.length) resetField('featureValues', { defaultValue: [...chosen.filter((c) => features.data.some((f) => f.id === c.featureId)), ...missing] });
  }, [features.data, mode, chosenKey]);

  if (!clientId) return <Typography color="text.secondary">Seleccione un cliente para ver sus atributos.</Typography>;
  if (features.data && !features.data.length) return <Typography color="text.secondary">El cliente no tiene atributos.</Typography>;

  const pick = (featureId: number, valueId: number | null) =>
    field.onChange([...chosen.filter((c) => c.featureId !== featureId), ...(valueId === null ? [] : [{ featureId, id: valueId }])]);

  return (
    <Box>
      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' }, columnGap: 2, rowGap: 2 }}>
        {(features.data ?? []).map((feature) => {
          const current = feature.values.find((v) => chosen.some((c) => c.featureId === feature.id && c.id === v.id)) ?? null;
          return (
            <Autocomplete
              autoHighlight
              key={feature.id}
              options={feature.values}
              value={current}
              disabled={mode === 'VIEW'}
              disableClearable={feature.isRequired}
              getOptionLabel={(v) => v.value}
              isOptionEqualToValue={(a, b) => a.id === b.id}
              onChange={(_, v) => pick(feature.id, v ? v.id : null)}
              renderInput={(params) => <TextField {...params} label={feature.name} required={feature.isRequired} placeholder="Filtrar resultados" size="small" />}
            />
          );
        })}
      </Box>
      {/* The server's refusal of the values (one gone from its attribute meanwhile, say). */}
      {shownError && <FormHelperText error>{shownError}</FormHelperText>}
    </Box>
  );
}
