/**
 * The client pickers (lists' filters, the forms that choose a client, the bulk loads, the reports):
 * clients are thousands, so they search the server as the user types (`GET /clients/all-clients?q=…`,
 * by name, e-mail or address, a page at a time) instead of loading them all, and name the client they
 * hold by id (`ids=`), whether or not a search brought it.
 */
import { CLIENT_TYPE_TO_SEARCH } from '../../domain/pickers';
import { type PickerInputProps, type PickerSource, SearchInput, SearchPicker, usePicked } from './searchPicker/SearchPicker';
import { SearchMultiPicker } from './searchPicker/SearchMultiPicker';

/** A client as GET /clients/all-clients answers it (what a picker reads of it). */
export interface ClientChoice {
  id: number;
  name: string;
  email?: string;
  address?: string;
  state?: boolean;
}

export const CLIENTS: PickerSource<ClientChoice> = {
  queryKey: ['client-choices'],
  path: '/clients/all-clients',
  fixed: { sort: 'name', order: 'ASC' },
  rowsOf: (answer) => (answer as { rows: ClientChoice[] }).rows,
  nameOf: (c) => c.name,
  // What the server's search looks in: a client found by its e-mail stays while the next answer comes.
  searchedText: (c) => [c.name, c.email, c.address].join('\n'),
  stub: (id, name) => ({ id, name }),
  unnamed: (id) => `Cliente ${id}`,
  typeToSearch: CLIENT_TYPE_TO_SEARCH,
};

/** One client by id (shared with the pickers' answers: a client just chosen is not asked for again). */
export const useClient = (id: number | null) => usePicked(CLIENTS, id);

interface ClientOnly {
  /** Only active clients are offered (what a new record may go to); the one held reads '(inactivo)' if it is not. */
  activeOnly?: boolean;
}

/** The search's filter: the state asked for with the search only, so the client held is named whatever its state. */
const stateFilter = (activeOnly: boolean) => ({ state: activeOnly || undefined });
const markedInactive = (c: ClientChoice) => (c.state === false ? `${c.name} (inactivo)` : c.name);

/**
 * A client picker outside a form (a list's client filter, the bulk load screens): 'Filtrar resultados'
 * inside and its empty option ('Todos' in a filter).
 */
export function ClientPicker({
  value,
  onChange,
  label = 'Cliente',
  emptyLabel = 'Todos',
  activeOnly = false,
  width = 280,
  error,
  disabled = false,
}: ClientOnly & {
  value: number | null;
  onChange: (clientId: number | null) => void;
  label?: string;
  emptyLabel?: string;
  width?: number;
  error?: string;
  /** While what the client goes with is on its way (an upload). */
  disabled?: boolean;
}) {
  return (
    <SearchPicker
      source={CLIENTS}
      filter={stateFilter(activeOnly)}
      value={value}
      onChange={(client) => onChange(client?.id ?? null)}
      label={label}
      emptyLabel={emptyLabel}
      itemLabel={activeOnly ? markedInactive : undefined}
      width={width}
      error={error}
      disabled={disabled}
      // No line kept for a message that never comes: the picker stands in a toolbar, beside other boxes.
      helperText=""
    />
  );
}

/** The picker as a react-hook-form field holding the client's id ('Sin Selección' as its empty option, as every select's). */
export function ClientInput({ activeOnly = false, label = 'Cliente', emptyLabel = 'Sin Selección', ...props }: PickerInputProps<ClientChoice> & ClientOnly) {
  return <SearchInput {...props} label={label} emptyLabel={emptyLabel} source={CLIENTS} filter={stateFilter(activeOnly)} itemLabel={activeOnly ? markedInactive : undefined} />;
}

/** Several clients (the Reporte de Moves): held whole, with their names. */
export function ClientsPicker({ value, onChange, label = 'Clientes', error }: { value: ClientChoice[]; onChange: (clients: ClientChoice[]) => void; label?: string; error?: string }) {
  return <SearchMultiPicker source={CLIENTS} chosen={value} onChange={onChange} label={label} error={error} />;
}
