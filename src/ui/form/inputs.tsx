import { Autocomplete, Box, Checkbox, FormControlLabel, TextField, Typography } from '@mui/material';
import { createContext, useContext, useId } from 'react';
import { useController, useFormContext, useFormState } from 'react-hook-form';
import { useFormMode } from './CampoForm';

interface BaseProps {
  name: string;
  label: string;
  required?: boolean;
  disabled?: boolean;
  helperText?: string;
}

/**
 * True in a form whose button stays disabled while a field is wrong (the payment dialog): there the
 * reason shows as soon as the user changed the field, not only when leaving it, or the user would
 * look at a grey button and no word why.
 */
export const LiveErrors = createContext(false);

/** Errors show once the field is touched or the user pressed Save (in a `LiveErrors` form, once changed). */
export function useField(name: string) {
  const { control } = useFormContext();
  const mode = useFormMode();
  const live = useContext(LiveErrors);
  const controller = useController({ name, control });
  // Its own subscription to the submit count: read through the form's formState, it was a snapshot of the
  // form's last render, and a form that never re-rendered on submit (one that does not read the count
  // itself) left an untouched field's error hidden after 'Enviar'.
  const { submitCount } = useFormState({ control });
  const { error, isTouched, isDirty } = controller.fieldState;
  const shownError = error && (isTouched || submitCount > 0 || (live && isDirty)) ? error.message : undefined;
  return { ...controller, shownError, readOnly: mode === 'VIEW' };
}

/** A text; `multiline` makes it a textarea of `rows.min` lines (3 by default) growing to `rows.max`. */
export function TextInput({
  name,
  label,
  required,
  disabled,
  helperText,
  multiline,
  rows,
  type,
  autoComplete,
  keepHelperText,
}: BaseProps & {
  multiline?: boolean;
  rows?: { min: number; max?: number };
  type?: string;
  autoComplete?: string;
  /** The helper line stays beside an error (a counter, '48/40': the error alone hid how much to cut). */
  keepHelperText?: boolean;
}) {
  const { field: { ref, ...field }, shownError, readOnly } = useField(name);
  const helper = shownError && keepHelperText && helperText ? `${shownError} · ${helperText}` : (shownError ?? helperText ?? ' ');
  return (
    <TextField
      {...field}
      // The input element, not the box around it: 'Guardar' with errors focuses the first wrong field
      // (react-hook-form calls its `focus`), where a box's did nothing and focus fell to the page's body.
      inputRef={ref}
      value={field.value ?? ''}
      label={label}
      required={required}
      disabled={disabled || readOnly}
      error={Boolean(shownError)}
      helperText={helper}
      multiline={multiline}
      minRows={multiline ? (rows?.min ?? 3) : undefined}
      maxRows={multiline ? rows?.max : undefined}
      type={type}
      autoComplete={autoComplete}
      fullWidth
      size="small"
    />
  );
}

export interface Choice {
  id: number | string;
  name: string;
}

/**
 * The searchable select: 'Filtrar resultados' inside, 'Sin Selección' (or 'Todos') as the empty
 * option, 'No hay opciones disponibles.' when the list is empty.
 */
export function SelectInput({
  name,
  label,
  required,
  disabled,
  helperText,
  choices,
  emptyLabel = 'Sin Selección',
  loading,
  onChange,
  matches,
  invalid,
}: BaseProps & {
  choices: Choice[];
  emptyLabel?: string;
  loading?: boolean;
  /** Marked wrong by a rule of several fields whose message is said elsewhere (the place: country, state and city). */
  invalid?: boolean;
  /** Called after the user picks (a cascade clears its children). */
  onChange?: (value: Choice['id'] | null) => void;
  /** Which choices what is typed finds (people: `personMatch`, every word at the start of one of the name's); MUI's text inside the name otherwise. */
  matches?: (name: string, typed: string) => boolean;
}) {
  const { field, shownError, readOnly } = useField(name);
  const empty: Choice = { id: '', name: emptyLabel };
  const options = choices.length ? [empty, ...choices] : [];
  const selected = choices.find((c) => String(c.id) === String(field.value ?? '')) ?? (choices.length ? empty : null);
  return (
    <Autocomplete
      autoHighlight
      options={options}
      value={selected}
      filterOptions={matches && ((all, { inputValue }) => all.filter((o) => matches(o.name, inputValue)))}
      loading={loading}
      loadingText="Cargando…"
      disabled={disabled || readOnly}
      getOptionLabel={(o) => o.name}
      isOptionEqualToValue={(a, b) => String(a.id) === String(b.id)}
      onChange={(_, choice) => {
        const value = choice && choice.id !== '' ? choice.id : null;
        field.onChange(value);
        onChange?.(value);
      }}
      onBlur={field.onBlur}
      slotProps={{ listbox: { style: { maxHeight: 300 } } }}
      renderInput={(params) => (
        <TextField
          {...params}
          // The whole choice on hover: a long one ('Relevamiento de locales …') is cut by the box.
          inputProps={{ ...params.inputProps, title: selected && selected.id !== '' ? selected.name : undefined }}
          inputRef={field.ref}
          label={label}
          required={required}
          placeholder="Filtrar resultados"
          error={Boolean(shownError) || Boolean(invalid)}
          helperText={shownError ?? helperText ?? ' '}
          size="small"
        />
      )}
    />
  );
}

/** A checkbox; `helperText`, what it does, stands under it and is read with it. */
export function CheckboxInput({ name, label, disabled, helperText }: BaseProps) {
  const { field, readOnly } = useField(name);
  const helpId = useId();
  const box = (
    <FormControlLabel
      control={
        <Checkbox
          checked={Boolean(field.value)}
          onChange={(e) => field.onChange(e.target.checked)}
          onBlur={field.onBlur}
          disabled={disabled || readOnly}
          slotProps={{ input: helperText ? { 'aria-describedby': helpId } : {} }}
        />
      }
      label={label}
    />
  );
  if (!helperText) return box;
  return (
    <Box sx={{ maxWidth: 360 }}>
      {box}
      <Typography id={helpId} variant="caption" color="text.secondary" component="div" sx={{ mt: -1 }}>
        {helperText}
      </Typography>
    </Box>
  );
}

/**
 * DD/MM/YYYY typed by hand. The form holds the text; the schema's `displayDate` rule gives
 * 'Formato de fecha inválido' or 'Rango de año válido: entre 1900 y 2100' and turns it into ISO.
 */
export function DateInput({ name, label, required, disabled, helperText }: BaseProps) {
  const { field: { ref, ...field }, shownError, readOnly } = useField(name);
  return (
    <TextField
      {...field}
      inputRef={ref}
      value={field.value ?? ''}
      label={label}
      required={required}
      placeholder="DD/MM/AAAA"
      disabled={disabled || readOnly}
      error={Boolean(shownError)}
      // What may be typed ('Desde hoy y desde el 01/11/2026') is no hint under a date that cannot be
      // changed: under a project's past start date it read as a contradiction.
      helperText={shownError ?? (disabled || readOnly ? ' ' : helperText) ?? ' '}
      size="small"
      fullWidth
      slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 10 } }}
    />
  );
}
