import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/Delete';
import { Box, Button, Checkbox, FormControlLabel, IconButton, List, ListItem, Paper, TextField, Typography } from '@mui/material';
import { useState } from 'react';
import { useFormContext, useWatch } from 'react-hook-form';
import { addValueProblem } from '../../../domain/features';
import { ClientInput } from '../../ui/ClientPicker';
import { useFormMode } from '../../ui/form/CampoForm';
import { CheckboxInput, TextInput } from '../../ui/form/inputs';
import { ErrorDialog } from '../../ui/dialogs';

export interface FeatureValues extends Record<string, unknown> {
  clientId: number | null;
  name: string;
  isRequired: boolean;
  values: { id?: number; value: string; isDefault: boolean }[];
}

/**
 * The attribute form (spec 1 §2.6, §4): name, 'Requerido', the box that adds a value (with 'Valor
 * por defecto', disabled once a value is the default) and the list of values, editable in place.
 * `clientName`: the client of an attribute that has one (edit, view), shown and not chosen, as a point
 * of sale's is: the bank's attributes of every client repeat the same names.
 */
export function FeatureFields({ fixedClient, clientName }: { fixedClient: boolean; clientName?: string }) {
  const mode = useFormMode();
  const { setValue } = useFormContext<FeatureValues>();
  const values = (useWatch({ name: 'values' }) as FeatureValues['values'] | undefined) ?? [];
  const [draft, setDraft] = useState('');
  const [draftDefault, setDraftDefault] = useState(false);
  const [problem, setProblem] = useState<string[]>([]);
  const hasDefault = values.some((v) => v.isDefault);
  const isView = mode === 'VIEW';

  const change = (next: FeatureValues['values']) => setValue('values', next, { shouldDirty: true, shouldValidate: true });
  const add = () => {
    const refused = addValueProblem(values, draft);
    if (refused) {
      setProblem([refused]);
      return;
    }
    change([...values, { value: draft.trim(), isDefault: draftDefault && !hasDefault }]);
    setDraft('');
    setDraftDefault(false);
  };

  return (
    <>
      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', md: '2fr 1fr' }, columnGap: 2, alignItems: 'start' }}>
        {!fixedClient && (
          <Box sx={{ gridColumn: { md: 'span 2' } }}>
            <ClientInput name="clientId" required />
          </Box>
        )}
        {clientName && (
          <Box sx={{ gridColumn: { md: 'span 2' }, mb: 2 }}>
            <TextField label="Cliente" value={clientName} disabled size="small" fullWidth />
          </Box>
        )}
        <TextInput name="name" label="Nombre del atributo" required />
        <CheckboxInput name="isRequired" label="Requerido" />
      </Box>
      {!isView && (
        <Paper variant="outlined" sx={{ p: 2, mb: 2 }} component="section" aria-label="Agregar valor">
          <Box sx={{ display: 'flex', gap: 2, alignItems: 'center', flexWrap: 'wrap' }}>
            <TextField
              size="small"
              label="Nombre del valor"
              value={draft}
              onChange={(e) => setDraft(e.target.value)}
              onKeyDown={(e) => {
                if (e.key === 'Enter') {
                  e.preventDefault();
                  add();
                }
              }}
              sx={{ flexGrow: 1, minWidth: 220 }}
            />
            <FormControlLabel
              control={<Checkbox checked={draftDefault && !hasDefault} disabled={hasDefault} onChange={(e) => setDraftDefault(e.target.checked)} />}
              label="Valor por defecto"
            />
            <Button variant="outlined" startIcon={<AddIcon />} onClick={add}>
              Agregar
            </Button>
          </Box>
        </Paper>
      )}
      <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600 }}>
        Listado de valores agregados
      </Typography>
      {values.length === 0 ? (
        <Typography color="text.secondary" sx={{ py: 2 }}>
          Aún no tienes valores agregados.
        </Typography>
      ) : (
        <List dense aria-label="Listado de valores agregados">
          {values.map((v, index) => (
            <ListItem key={v.id ?? `new-${index}`} disableGutters sx={{ gap: 2, alignItems: 'start' }}>
              <Box sx={{ flexGrow: 1 }}>
                <TextInput name={`values.${index}.value`} label={`Valor ${index + 1}`} />
              </Box>
              <FormControlLabel
                control={
                  <Checkbox
                    checked={v.isDefault}
                    disabled={isView || (hasDefault && !v.isDefault)}
                    onChange={(e) => change(values.map((other, i) => (i === index ? { ...other, isDefault: e.target.checked } : other)))}
                    slotProps={{ input: { 'aria-label': `Valor por defecto: ${v.value}` } }}
                  />
                }
                label="Por defecto"
              />
              {!isView && v.id === undefined && (
                <IconButton aria-label={`Quitar ${v.value}`} onClick={() => change(values.filter((_, i) => i !== index))}>
                  <DeleteIcon />
                </IconButton>
              )}
            </ListItem>
          ))}
        </List>
      )}
      <ErrorDialog messages={problem} onClose={() => setProblem([])} />
    </>
  );
}
