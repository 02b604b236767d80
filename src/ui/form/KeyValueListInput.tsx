import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/Delete';
import { Box, Button, FormHelperText, IconButton, Tooltip, Typography } from '@mui/material';
import { get, useFieldArray, useFormContext } from 'react-hook-form';
import { useFormMode } from './CampoForm';
import { TextInput } from './inputs';

interface Props {
  name: string;
  label?: string;
  keyLabel?: string;
  valueLabel?: string;
  addLabel?: string;
}

/**
 * A repeatable list of `{ key, value }` pairs: one row per pair with its delete button, and an add
 * button. Each pair's messages come from the form's schema.
 */
export function KeyValueListInput({ name, label, keyLabel = 'Clave', valueLabel = 'Valor', addLabel = 'Agregar Clave/Valor' }: Props) {
  const { control, formState } = useFormContext();
  const { fields, append, remove } = useFieldArray({ control, name });
  const readOnly = useFormMode() === 'VIEW';
  const error = get(formState.errors, name) as { root?: { message?: string }; message?: string } | undefined;
  const listError: string | undefined = error?.root?.message ?? error?.message;
  const showListError = Boolean(listError) && (formState.submitCount > 0 || get(formState.dirtyFields, name) !== undefined);
  return (
    <Box component="fieldset" sx={{ border: 0, p: 0, m: 0 }}>
      {label && (
        <Typography component="legend" variant="subtitle1" sx={{ mb: 1 }}>
          {label}
        </Typography>
      )}
      {fields.map((field, index) => (
        <Box key={field.id} sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', md: '1fr 1fr auto' }, columnGap: 2, alignItems: 'start' }}>
          <TextInput name={`${name}.${index}.key`} label={keyLabel} required />
          <TextInput name={`${name}.${index}.value`} label={valueLabel} required />
          {!readOnly && (
            <Tooltip title="Eliminar">
              <IconButton aria-label={`Eliminar ${keyLabel}/${valueLabel} ${index + 1}`} onClick={() => remove(index)}>
                <DeleteIcon />
              </IconButton>
            </Tooltip>
          )}
        </Box>
      ))}
      {showListError && <FormHelperText error>{listError}</FormHelperText>}
      {!readOnly && (
        <Button startIcon={<AddIcon />} onClick={() => append({ key: '', value: '' })} sx={{ mt: 1 }}>
          {addLabel}
        </Button>
      )}
    </Box>
  );
}
