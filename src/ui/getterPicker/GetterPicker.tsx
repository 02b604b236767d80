/**
 * The Getter picker: Getters are tens of thousands, so it searches the server as the user types
 * (debounced, PICKER_PAGE matches at a time) instead of loading them all, and names the Getter it
 * holds by id (`GET /users?ids=`), whether or not a search brought it.
 */
import { Autocomplete, TextField } from '@mui/material';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { type Ref, useMemo, useState } from 'react';
import { PEOPLE_TEXT, PICKER_PAGE } from '../../../domain/people';
import { ROLE } from '../../../domain/roles';
import { request } from '../../dataProvider/http';
import { useField } from '../form/inputs';
import { useDebounced } from '../useDebounced';
import { type Getter, type GetterOption, optionKey, type SearchAnswer, sameOption, searchTerm, shownOptions } from './options';

export type { Getter } from './options';

const USERS_PATH = '/users';
/** What every picker's queries start with: a screen that changes who may be chosen invalidates it. */
export const GETTERS_QUERY_KEY = ['getters'] as const;
const TYPING_DELAY = 300;

/** One Getter by id (shared with the pickers' answers: a Getter just chosen is not asked for again). */
export function useGetter(id: number | null) {
  return useQuery({
    queryKey: [...GETTERS_QUERY_KEY, 'one', id],
    queryFn: async ({ signal }) => (await request<Getter[]>(USERS_PATH, { query: { rolId: ROLE.GETTER, ids: id }, signal }))[0] ?? null,
    enabled: id !== null,
    staleTime: Infinity,
  });
}

/**
 * The matches of a term. Each term is its own query, so an answer to a term typed before never
 * replaces the answer to the newest one; until that one arrives, the last answer stays (with its term).
 */
function useGetterSearch(term: string, withPending: boolean, enabled: boolean) {
  const client = useQueryClient();
  return useQuery({
    queryKey: [...GETTERS_QUERY_KEY, 'search', { term, withPending }],
    queryFn: async ({ signal }): Promise<SearchAnswer> => {
      const found = await request<Getter[]>(USERS_PATH, { query: { rolId: ROLE.GETTER, q: term || undefined, withPending: withPending || undefined, limit: PICKER_PAGE + 1 }, signal });
      for (const getter of found) client.setQueryData([...GETTERS_QUERY_KEY, 'one', getter.id], getter);
      return { term, found };
    },
    enabled,
    staleTime: 30_000,
    placeholderData: keepPreviousData,
  });
}

export interface GetterPickerProps {
  value: number | null;
  /** The chosen Getter (with its profile), or null when cleared. */
  onChange: (getter: Getter | null) => void;
  label?: string;
  helperText?: string;
  /** An option that clears the value, shown when it is empty ('Todos' in a filter). */
  emptyLabel?: string;
  /** Only Getters owed a pending payment (the mass payment). */
  withPending?: boolean;
  /** How a chosen Getter reads (the mass payment adds the CUIT/CUIL). */
  getterLabel?: (getter: Getter) => string;
  /** The input's accessible name when the visible label is not enough (one picker per row). */
  ariaLabel?: string;
  required?: boolean;
  disabled?: boolean;
  error?: string;
  onBlur?: () => void;
  inputRef?: Ref<HTMLInputElement>;
  width?: number;
}

export function GetterPicker({
  value,
  onChange,
  label = 'Getter',
  helperText,
  emptyLabel,
  withPending = false,
  getterLabel = (g) => g.fullName,
  ariaLabel,
  required,
  disabled,
  error,
  onBlur,
  inputRef,
  width,
}: GetterPickerProps) {
  const named = useGetter(value);
  const chosen = value === null ? null : (named.data ?? null);
  // A stable object: a new one each render would make the Autocomplete reset what is being typed.
  const selected = useMemo((): GetterOption | null => {
    if (value === null) return emptyLabel === undefined ? null : { kind: 'empty', label: emptyLabel };
    return { kind: 'getter', getter: named.data ?? { id: value, fullName: named.isPending ? '' : `Getter ${value}` } };
  }, [value, emptyLabel, named.data, named.isPending]);
  const labelOf = (o: GetterOption) => (o.kind === 'getter' ? (o.getter.fullName ? getterLabel(o.getter) : '') : o.label);

  const [open, setOpen] = useState(false);
  const [input, setInput] = useState('');
  const typed = searchTerm(input, selected ? labelOf(selected) : null);
  const term = useDebounced(typed, TYPING_DELAY);
  const search = useGetterSearch(term, withPending, open);
  const shown = shownOptions({ answer: search.data, chosen, term: typed, emptyLabel });
  // The chosen option is always among the options (the Autocomplete warns otherwise), shown or not.
  const options = selected && !shown.some((o) => sameOption(o, selected)) ? [...shown, selected] : shown;

  return (
    <Autocomplete<GetterOption, false, boolean>
      autoHighlight
      sx={width ? { width } : undefined}
      options={options}
      filterOptions={() => shown}
      value={selected}
      inputValue={input}
      onInputChange={(_, text) => setInput(text)}
      open={open}
      onOpen={() => setOpen(true)}
      onClose={() => setOpen(false)}
      loading={search.isFetching || typed !== term}
      loadingText={PEOPLE_TEXT.searching}
      // The spec's words for an empty select; a search that finds no one says so.
      noOptionsText={typed ? PEOPLE_TEXT.none : 'No hay opciones disponibles.'}
      disabled={disabled}
      disableClearable={selected === null || selected.kind === 'empty'}
      getOptionLabel={labelOf}
      getOptionDisabled={(o) => o.kind === 'hint'}
      isOptionEqualToValue={sameOption}
      onChange={(_, option) => onChange(option?.kind === 'getter' ? option.getter : null)}
      onBlur={onBlur}
      renderOption={({ key: _key, ...props }, option) => (
        <li key={optionKey(option)} {...props} style={option.kind === 'hint' ? { fontStyle: 'italic', fontSize: '0.875rem' } : undefined}>
          {labelOf(option)}
        </li>
      )}
      slotProps={{ listbox: { style: { maxHeight: 300 } } }}
      renderInput={(params) => (
        <TextField
          {...params}
          inputRef={inputRef}
          label={label}
          required={required}
          placeholder="Filtrar resultados"
          error={Boolean(error)}
          helperText={error ?? helperText ?? ' '}
          size="small"
          slotProps={{ htmlInput: { ...params.inputProps, ...(ariaLabel ? { 'aria-label': ariaLabel } : {}) } }}
        />
      )}
    />
  );
}

/** The picker as a react-hook-form field holding the Getter's id. */
export function GetterInput({
  name,
  onChange,
  ...props
}: Omit<GetterPickerProps, 'value' | 'onChange' | 'error' | 'onBlur' | 'inputRef'> & { name: string; onChange?: (getter: Getter | null) => void }) {
  const { field, shownError, readOnly } = useField(name);
  const value = field.value === null || field.value === undefined || field.value === '' ? null : Number(field.value);
  return (
    <GetterPicker
      {...props}
      value={value}
      disabled={props.disabled || readOnly}
      error={shownError}
      onBlur={field.onBlur}
      inputRef={field.ref}
      onChange={(getter) => {
        field.onChange(getter?.id ?? null);
        onChange?.(getter);
      }}
    />
  );
}
