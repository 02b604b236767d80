import { Autocomplete, Chip, TextField } from '@mui/material';
import { chipProps } from './chips';
import { type Choice, useField } from './inputs';

/**
 * The searchable select of several values (zone managers, move types…): the form holds the chosen
 * ids in the order they were picked; 'No hay opciones disponibles.' when there is nothing to pick.
 */
export function MultiSelectInput({
  name,
  label,
  required,
  disabled,
  helperText,
  choices,
  loading,
  matches,
}: {
  name: string;
  label: string;
  required?: boolean;
  disabled?: boolean;
  helperText?: string;
  choices: Choice[];
  loading?: boolean;
  /** Which choices what is typed finds (people: `personMatch`); MUI's text inside the name otherwise. */
  matches?: (name: string, typed: string) => boolean;
}) {
  const { field, shownError, readOnly } = useField(name);
  const ids: Choice['id'][] = Array.isArray(field.value) ? field.value : [];
  const selected = ids.map((id) => choices.find((c) => String(c.id) === String(id)) ?? { id, name: String(id) });
  return (
    <Autocomplete
      autoHighlight
      multiple
      options={choices}
      value={selected}
      filterOptions={matches && ((all, { inputValue }) => all.filter((o) => matches(o.name, inputValue)))}
      loading={loading}
      loadingText="Cargando…"
      disabled={disabled || readOnly}
      filterSelectedOptions
      disableCloseOnSelect
      getOptionLabel={(o) => o.name}
      isOptionEqualToValue={(a, b) => String(a.id) === String(b.id)}
      onChange={(_, chosen) => field.onChange(chosen.map((c) => c.id))}
      onBlur={field.onBlur}
      slotProps={{ listbox: { style: { maxHeight: 300 } } }}
      renderValue={(values, getItemProps) => values.map((option, index) => <Chip size="small" label={option.name} {...chipProps(getItemProps({ index }), disabled || readOnly)} key={option.id} />)}
      renderInput={(params) => (
        <TextField
          {...params}
          inputRef={field.ref}
          label={label}
          required={required}
          placeholder={selected.length ? undefined : 'Filtrar resultados'}
          error={Boolean(shownError)}
          helperText={shownError ?? helperText ?? ' '}
          size="small"
        />
      )}
    />
  );
}
