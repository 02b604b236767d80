import { Autocomplete, TextField } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { request } from '../dataProvider/http';
import type { Choice } from './form/inputs';

/** Clients per call while the choices are gathered (the server's most). */
const CLIENTS_PAGE = 1000;
/** Past this many the choices stop growing (a select of more is no longer one to scroll). */
const MAX_CLIENT_CHOICES = 20_000;

/**
 * The clients as choices `{ id, name }`, sorted by name (active ones by default); none asked while not
 * `enabled`. Gathered a page of 1,000 at a time: one page cut the list at the 1,000th name, so a client
 * further down could not be chosen (and one already chosen read as inactive).
 */
export function useClientChoices(activeOnly = true, enabled = true) {
  return useQuery({
    enabled,
    queryKey: ['client-choices', activeOnly],
    queryFn: async ({ signal }) => {
      const choices: Choice[] = [];
      for (let offset = 0; offset < MAX_CLIENT_CHOICES; offset += CLIENTS_PAGE) {
        const answer = await request<{ rows: { id: number; name: string }[] }>('/clients/all-clients', {
          query: { state: activeOnly ? true : undefined, limit: CLIENTS_PAGE, offset, sort: 'name', order: 'ASC' },
          signal,
        });
        choices.push(...answer.rows.map((c): Choice => ({ id: c.id, name: c.name })));
        if (answer.rows.length < CLIENTS_PAGE) break;
      }
      return choices;
    },
    staleTime: 60_000,
  });
}

/**
 * A client picker outside a form (a list's client filter, the bulk load screen): the searchable
 * select with 'Filtrar resultados' and its empty option ('Todos' in a filter).
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
}: {
  value: number | null;
  onChange: (clientId: number | null) => void;
  label?: string;
  emptyLabel?: string;
  activeOnly?: boolean;
  width?: number;
  error?: string;
  /** While what the client goes with is on its way (an upload). */
  disabled?: boolean;
}) {
  const clients = useClientChoices(activeOnly);
  const choices = clients.data ?? [];
  const empty: Choice = { id: '', name: emptyLabel };
  const selected = choices.find((c) => c.id === value) ?? empty;
  return (
    <Autocomplete
      autoHighlight
      sx={{ width }}
      disabled={disabled}
      options={choices.length ? [empty, ...choices] : []}
      value={selected}
      loading={clients.isPending}
      loadingText="Cargando…"
      getOptionLabel={(o) => o.name}
      isOptionEqualToValue={(a, b) => String(a.id) === String(b.id)}
      disableClearable={selected.id === ''}
      onChange={(_, choice) => onChange(choice && choice.id !== '' ? Number(choice.id) : null)}
      renderInput={(params) => <TextField {...params} label={label} placeholder="Filtrar resultados" size="small" error={Boolean(error)} helperText={error} />}
    />
  );
}
