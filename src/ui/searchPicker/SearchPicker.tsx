/**
 * A picker that searches the server as the user types, for what is too many to load whole (Getters,
 * projects, the bank's motives): debounced, a page of matches at a time. `SearchPicker` holds an item's
 * id and names it by id (`ids=`), whether or not a search brought it; `SearchAutocomplete`, beneath it,
 * holds the item itself.
 */
import { Autocomplete, Box, TextField, Typography } from '@mui/material';
import { hashKey, useQuery, useQueryClient } from '@tanstack/react-query';
import { type HTMLAttributes, type Key, type Ref, useMemo, useState } from 'react';
import { PICKER_PAGE, PICKER_TEXT } from '../../../domain/pickers';
import { request } from '../../dataProvider/http';
import { useField } from '../form/inputs';
import { useDebounced } from '../useDebounced';
import { optionKey, type Pickable, type PickerOption, sameOption, type SearchAnswer, type SearchRule, searchTerm, shownOptions } from './options';

const TYPING_DELAY = 300;

/** Where a picker's items come from: a list answering `q` and `limit` in its query. */
export interface SearchSource<T extends Pickable> {
  /** What every query of the source starts with: a screen that changes what may be chosen invalidates it. */
  queryKey: readonly unknown[];
  path: string;
  /** What every request carries (the Getters' `rolId`). */
  fixed?: Record<string, unknown>;
  /** The items of an answer: the answer itself unless the list answers a page (`{ rows, count }`). */
  rowsOf?: (answer: unknown) => T[];
  nameOf: (item: T) => string;
  /** What the server's search looks in, to narrow the last answer while typing: the name unless more. */
  searchedText?: (item: T) => string;
  /** How the server matches what is typed, to narrow the last answer the same way: the text inside the name unless said (people: `personMatch`). */
  matches?: SearchRule;
  /** Matches shown at a time: PICKER_PAGE unless the source says fewer. */
  page?: number;
  /** The hint before anything is typed, when there are more items than shown. */
  typeToSearch: string;
  /** The source's own words for the hint after typing and for an empty answer (the pickers' common ones otherwise). */
  more?: string;
  none?: string;
}

/** A source whose items are also named by id (`ids=`). */
export interface PickerSource<T extends Pickable> extends SearchSource<T> {
  /** The item of an id with the name given (while its own is on its way, or when it no longer exists). */
  stub: (id: number, name: string) => T;
  /** How an item reads when its id names nothing (`Getter 12`). */
  unnamed: (id: number) => string;
}

async function fetchItems<T extends Pickable>(source: SearchSource<T>, query: Record<string, unknown>, signal: AbortSignal): Promise<T[]> {
  const answer = await request<unknown>(source.path, { query: { ...source.fixed, ...query }, signal });
  return source.rowsOf ? source.rowsOf(answer) : (answer as T[]);
}

/**
 * How long an item's name is trusted once read: a client renamed or deactivated in another tab (or by
 * someone else) reads as it is now on the next screen after a minute, not only after a reload.
 */
const PICKED_FRESH_MS = 60_000;

/** One item by id (shared with the pickers' answers: an item just chosen is not asked for again). */
export function usePicked<T extends Pickable>(source: PickerSource<T>, id: number | null) {
  return useQuery({
    queryKey: [...source.queryKey, 'one', id],
    queryFn: async ({ signal }) => (await fetchItems(source, { ids: id }, signal))[0] ?? null,
    enabled: id !== null,
    staleTime: PICKED_FRESH_MS,
  });
}

/**
 * The matches of a term. Each term is its own query, so an answer to a term typed before never
 * replaces the answer to the newest one; until that one arrives, the last answer stays (with its term),
 * unless it was for another filter (another client's projects are not to be chosen meanwhile).
 */
function useSearch<T extends Pickable>(source: SearchSource<T>, term: string, filter: Record<string, unknown>, enabled: boolean) {
  const client = useQueryClient();
  const scope = hashKey([filter]);
  return useQuery({
    queryKey: [...source.queryKey, 'search', filter, term],
    queryFn: async ({ signal }): Promise<SearchAnswer<T>> => {
      const found = await fetchItems(source, { ...filter, q: term || undefined, limit: (source.page ?? PICKER_PAGE) + 1 }, signal);
      for (const item of found) client.setQueryData([...source.queryKey, 'one', item.id], item);
      return { term, found };
    },
    enabled,
    staleTime: 30_000,
    placeholderData: (previous, previousQuery) => (previousQuery && hashKey([previousQuery.queryKey.at(-2)]) === scope ? previous : undefined),
  });
}

/** What a screen gives a picker (the source aside). */
export interface PickerProps<T extends Pickable> {
  value: number | null;
  /** The chosen item, or null when cleared. */
  onChange: (item: T | null) => void;
  label?: string;
  helperText?: string;
  /** An option that clears the value, shown when it is empty ('Todos' in a filter). */
  emptyLabel?: string;
  /** How a chosen item reads (the mass payment adds the Getter's CUIT/CUIL); its name by default. */
  itemLabel?: (item: T) => string;
  /** The input's accessible name when the visible label is not enough (one picker per row). */
  ariaLabel?: string;
  required?: boolean;
  disabled?: boolean;
  error?: string;
  onBlur?: () => void;
  inputRef?: Ref<HTMLInputElement>;
  width?: number;
}

export function SearchPicker<T extends Pickable>({ value, ...props }: PickerProps<T> & SourceProps<T>) {
  const { source, emptyLabel } = props;
  const named = usePicked(source, value);
  // A stable object: a new one each render would make the Autocomplete reset what is being typed.
  const selected = useMemo((): PickerOption<T> | null => {
    if (value === null) return emptyLabel === undefined ? null : { kind: 'empty', label: emptyLabel };
    return { kind: 'item', item: named.data ?? source.stub(value, named.isPending ? '' : source.unnamed(value)) };
  }, [value, emptyLabel, named.data, named.isPending, source]);
  return <SearchAutocomplete {...props} selected={selected} chosen={value === null ? null : (named.data ?? null)} />;
}

/** The picker of the item chosen (once known), showing `selected` when given (a stable object), the chosen item's option otherwise. */
export interface AutocompleteProps<T extends Pickable> extends Omit<PickerProps<T>, 'value'>, Pick<SourceProps<T>, 'filter'> {
  source: SearchSource<T>;
  selected?: PickerOption<T> | null;
  chosen: T | null;
  /** A line under an item's name in the list (a motive's description). */
  detailOf?: (item: T) => string | null;
  size?: 'small' | 'medium';
  /** Takes the keyboard when it mounts (the first field of a dialog). */
  autoFocus?: boolean;
}

export function SearchAutocomplete<T extends Pickable>({
  source,
  filter = {},
  selected: given,
  chosen,
  onChange,
  label,
  helperText,
  emptyLabel,
  itemLabel = source.nameOf,
  detailOf,
  ariaLabel,
  required,
  disabled,
  error,
  onBlur,
  inputRef,
  width,
  size = 'small',
  autoFocus,
}: AutocompleteProps<T>) {
  const selected = useMemo((): PickerOption<T> | null => (given !== undefined ? given : chosen && { kind: 'item', item: chosen }), [given, chosen]);
  const labelOf = (o: PickerOption<T>) => (o.kind === 'item' ? (source.nameOf(o.item) ? itemLabel(o.item) : '') : o.label);
  const list = useSearchList({ source, filter, disabled, shownLabel: selected ? labelOf(selected) : null, chosen, emptyLabel, labelOf, detailOf });
  // The chosen option is always among the options (the Autocomplete warns otherwise), shown or not.
  const options = selected && !list.shown.some((o) => sameOption(o, selected)) ? [...list.shown, selected] : list.shown;

  return (
    <Autocomplete<PickerOption<T>, false, boolean>
      {...list.props}
      sx={width ? { width } : undefined}
      options={options}
      value={selected}
      disabled={disabled}
      disableClearable={selected === null || selected.kind === 'empty'}
      getOptionLabel={labelOf}
      onChange={(_, option) => onChange(option?.kind === 'item' ? option.item : null)}
      onBlur={onBlur}
      renderInput={(params) => (
        <TextField
          {...params}
          inputRef={inputRef}
          label={label}
          required={required}
          placeholder="Filtrar resultados"
          error={Boolean(error)}
          helperText={error ?? helperText ?? ' '}
          size={size}
          autoFocus={autoFocus}
          slotProps={{ htmlInput: { ...params.inputProps, ...(ariaLabel ? { 'aria-label': ariaLabel } : {}) } }}
        />
      )}
    />
  );
}

/**
 * What typing into a picker asks the server and the options it shows, as the Autocomplete's props
 * (the picker of one item and the one of several share them): open, the text typed, the search
 * running 300 ms after the last key, the hint lines that cannot be chosen.
 */
export function useSearchList<T extends Pickable>({
  source,
  filter,
  disabled,
  shownLabel,
  chosen,
  emptyLabel,
  labelOf,
  detailOf,
}: {
  source: SearchSource<T>;
  filter: Record<string, unknown>;
  disabled?: boolean;
  /** The label the input shows for the value: while it does, nothing is searched for. */
  shownLabel: string | null;
  /** The item held, shown first while nothing is typed. */
  chosen: T | null;
  emptyLabel?: string;
  labelOf: (o: PickerOption<T>) => string;
  detailOf?: (item: T) => string | null;
}) {
  const [open, setOpen] = useState(false);
  const [input, setInput] = useState('');
  const typed = searchTerm(input, shownLabel);
  const term = useDebounced(typed, TYPING_DELAY);
  const search = useSearch(source, term, filter, open && !disabled);
  const shown = shownOptions({
    answer: search.data,
    chosen,
    term: typed,
    emptyLabel,
    nameOf: source.searchedText ?? source.nameOf,
    matches: source.matches,
    typeToSearch: source.typeToSearch,
    more: source.more,
    page: source.page,
  });
  const props = {
    autoHighlight: true,
    filterOptions: () => shown,
    inputValue: input,
    onInputChange: (_: unknown, text: string) => setInput(text),
    open,
    onOpen: () => setOpen(true),
    onClose: () => setOpen(false),
    loading: search.isFetching || typed !== term,
    loadingText: PICKER_TEXT.searching,
    // The spec's words for an empty select; a search that finds nothing says so.
    noOptionsText: source.none ?? (typed ? PICKER_TEXT.none : 'No hay opciones disponibles.'),
    getOptionDisabled: (o: PickerOption<T>) => o.kind === 'hint',
    isOptionEqualToValue: sameOption<T>,
    renderOption: ({ key: _key, ...props }: HTMLAttributes<HTMLLIElement> & { key: Key }, option: PickerOption<T>) => {
      const detail = option.kind === 'item' ? detailOf?.(option.item) : null;
      return (
        <li key={optionKey(option)} {...props} style={option.kind === 'hint' ? { fontStyle: 'italic', fontSize: '0.875rem' } : undefined}>
          {detail ? (
            <Box>
              <Typography>{labelOf(option)}</Typography>
              <Typography variant="body2" color="text.secondary">
                {detail}
              </Typography>
            </Box>
          ) : (
            labelOf(option)
          )}
        </li>
      );
    },
    slotProps: { listbox: { style: { maxHeight: 300 } } },
  };
  return { shown, props };
}

/** A picker's own props: its source and what narrows its search. */
export interface SourceProps<T extends Pickable> {
  source: PickerSource<T>;
  /** What narrows the search (a client's projects); undefined values narrow nothing. */
  filter?: Record<string, unknown>;
}

/** The props of a picker as a react-hook-form field holding the item's id. */
export type PickerInputProps<T extends Pickable> = Omit<PickerProps<T>, 'value' | 'onChange' | 'error' | 'onBlur' | 'inputRef'> & {
  name: string;
  onChange?: (item: T | null) => void;
};

/** The picker as a react-hook-form field holding the item's id. */
export function SearchInput<T extends Pickable>({ name, onChange, ...props }: PickerInputProps<T> & SourceProps<T>) {
  const { field, shownError, readOnly } = useField(name);
  const value = field.value === null || field.value === undefined || field.value === '' ? null : Number(field.value);
  return (
    <SearchPicker
      {...props}
      value={value}
      disabled={props.disabled || readOnly}
      error={shownError}
      onBlur={field.onBlur}
      inputRef={field.ref}
      onChange={(item) => {
        field.onChange(item?.id ?? null);
        onChange?.(item);
      }}
    />
  );
}
