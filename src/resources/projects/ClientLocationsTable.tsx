import { Box, Button, Checkbox, CircularProgress, Table, TableBody, TableCell, TableContainer, TableHead, TableRow, TextField, Typography } from '@mui/material';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { formatCount } from '../../../domain/numbers';
import { PROJECT_TEXT } from '../../../domain/projects';
import { cellText } from '../../../domain/validation';
import { request } from '../../dataProvider/http';
import { ErrorDialog, errorMessages } from '../../ui/dialogs';
import { Pagination } from '../../ui/table/Pagination';
import { SortableHeading, type TableSort } from '../../ui/table/SortableHeading';

interface LocationRow {
  id: number;
  clientLocationId: string | null;
  fullName: string;
  street: string;
  city: string | null;
  state: string | null;
  status: boolean;
  otherProjects: number | null;
}

export interface ClientLocationsTableProps {
  clientId: number;
  selected: ReadonlySet<number>;
  onChange: (next: Set<number>) => void;
  /** Which filter the box drives: the code alone (project form) or name, code and street (locations screen). */
  filterField: 'clientLocationId' | 'q';
  filterLabel: string;
  /** What the box matches, shown inside it while empty ('Filtrar resultados' when not said). */
  filterHint?: string;
  perPageOptions: readonly number[];
  perPage: number;
  /** The project being changed: its own locations do not count as "other projects". */
  projectId?: number;
  /** The project's dates (ISO): each row tells how many other projects hold it then. */
  dates?: { from: string; to: string } | null;
  disabled?: boolean;
  /** Locations the project keeps (a move was made of them): ticked, and not to be unticked. */
  fixed?: ReadonlySet<number>;
}

/** The columns a heading sorts by, as the API names them. */
const SORTABLE = [
  ['Código', 'clientLocationId'],
  ['Nombre', 'fullName'],
  ['Calle', 'street'],
  ['Ciudad', 'city'],
  ['Provincia', 'state'],
] as const;
const DEFAULT_SORT: TableSort = { field: 'fullName', order: 'ASC' };

const NONE: ReadonlySet<number> = new Set();

/** Typed text waits this long before it filters. */
const DEBOUNCE_MS = 400;

/**
 * The client's active locations (with `projectId`, also the project's own deactivated since, flagged),
 * paged and sorted by the server (a heading's click), each with a checkbox; the selection survives paging and filtering. 'Seleccionar
 * todas' takes every location of the current filter, the same ones the count says.
 */
export function ClientLocationsTable({ clientId, selected, onChange, filterField, filterLabel, filterHint = 'Filtrar resultados', perPageOptions, perPage: initialPerPage, projectId, dates, disabled, fixed = NONE }: ClientLocationsTableProps) {
  const [typed, setTyped] = useState('');
  const [filter, setFilter] = useState('');
  const [page, setPage] = useState(1);
  const [perPage, setPerPage] = useState(initialPerPage);
  // Sorted by the server (by name unless a heading asks otherwise), ties by id.
  const [sort, setSort] = useState<TableSort>(DEFAULT_SORT);
  const [selectingAll, setSelectingAll] = useState(false);
  // 'Seleccionar todas' that could not ask the server says so (it used to do nothing, silently).
  const [selectErrors, setSelectErrors] = useState<string[]>([]);
  useEffect(() => {
    const timer = setTimeout(() => {
      setFilter(typed.trim());
      setPage(1);
    }, DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [typed]);

  const query = { withStatus: true, [filterField]: filter || undefined, proyectId: projectId, availableFrom: dates?.from, availableTo: dates?.to, sort: sort.field, order: sort.order };
  const list = useQuery({
    queryKey: ['project-client-locations', clientId, query, page, perPage],
    queryFn: ({ signal }) =>
      request<{ rows: LocationRow[]; count: number }>(`/projects/locations-by-client/${clientId}`, { query: { ...query, offset: (page - 1) * perPage, limit: perPage }, signal }),
    placeholderData: keepPreviousData,
  });
  const rows = list.data?.rows ?? [];
  const count = list.data?.count ?? 0;
  const showOthers = Boolean(dates);

  const toggle = (id: number, on: boolean) => {
    const next = new Set(selected);
    if (on) next.add(id);
    else next.delete(id);
    onChange(next);
  };
  const pageSelected = rows.length > 0 && rows.every((r) => selected.has(r.id));
  const togglePage = (on: boolean) => {
    const next = new Set(selected);
    for (const r of rows) if (on) next.add(r.id);
    else if (!fixed.has(r.id)) next.delete(r.id);
    onChange(next);
  };
  // What 'Quitar selección' leaves: the locations the project keeps.
  const kept = [...selected].filter((id) => fixed.has(id));
  const selectAll = async () => {
    setSelectingAll(true);
    try {
      const { ids } = await request<{ ids: number[] }>(`/projects/locations-by-client/${clientId}/ids`, { query: { withStatus: true, [filterField]: filter || undefined, proyectId: projectId } });
      onChange(new Set([...selected, ...ids]));
    } catch (error) {
      setSelectErrors(errorMessages(error));
    } finally {
      setSelectingAll(false);
    }
  };

  return (
    <Box>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap', mb: 1 }}>
        <TextField size="small" label={filterLabel} placeholder={filterHint} slotProps={{ inputLabel: { shrink: true } }} value={typed} onChange={(e) => setTyped(e.target.value)} sx={{ width: 320 }} />
        <Typography variant="body2" sx={{ flexGrow: 1 }} aria-live="polite">
          {selected.size === 1 ? '1 locación seleccionada' : `${formatCount(selected.size)} locaciones seleccionadas`}
        </Typography>
        <Button size="small" onClick={selectAll} disabled={disabled || selectingAll || count === 0}>
          {`Seleccionar todas (${formatCount(count)})`}
        </Button>
        <Button size="small" onClick={() => onChange(new Set(kept))} disabled={disabled || selected.size === kept.length}>
          Quitar selección
        </Button>
      </Box>
      <TableContainer>
        <Table size="small" aria-label="Locaciones del cliente">
          <TableHead>
            <TableRow>
              <TableCell padding="checkbox">
                <Checkbox checked={pageSelected} onChange={(e) => togglePage(e.target.checked)} disabled={disabled || rows.length === 0} slotProps={{ input: { 'aria-label': 'Seleccionar las locaciones de la página' } }} />
              </TableCell>
              {SORTABLE.map(([label, field]) => (
                <SortableHeading key={field} label={label} field={field} sort={sort} onSort={(next) => (setSort(next), setPage(1))} />
              ))}
              {showOthers && <TableCell sx={{ fontWeight: 600 }}>Otros proyectos en las fechas</TableCell>}
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.map((r) => (
              <TableRow key={r.id} hover selected={selected.has(r.id)}>
                <TableCell padding="checkbox">
                  {/* A location with moves stays ticked: the save that took it out was refused after its confirmation. */}
                  <Checkbox
                    checked={selected.has(r.id)}
                    onChange={(e) => toggle(r.id, e.target.checked)}
                    disabled={disabled || (fixed.has(r.id) && selected.has(r.id))}
                    slotProps={{ input: { 'aria-label': `Seleccionar ${r.fullName}` } }}
                  />
                </TableCell>
                <TableCell>{cellText(r.clientLocationId)}</TableCell>
                <TableCell>
                  {r.fullName}
                  {/* One of the project's own, deactivated since: listed so it can be taken out. */}
                  {!r.status && (
                    <Typography component="span" variant="body2" color="warning.main" sx={{ ml: 1 }}>
                      (inactiva)
                    </Typography>
                  )}
                  {fixed.has(r.id) && (
                    <Typography component="span" variant="body2" color="text.secondary" sx={{ ml: 1 }}>
                      {`(${PROJECT_TEXT.locationTaken})`}
                    </Typography>
                  )}
                </TableCell>
                <TableCell>{cellText(r.street)}</TableCell>
                <TableCell>{cellText(r.city)}</TableCell>
                <TableCell>{cellText(r.state)}</TableCell>
                {showOthers && <TableCell>{r.otherProjects ?? '-'}</TableCell>}
              </TableRow>
            ))}
            {!list.isPending && rows.length === 0 && (
              <TableRow>
                <TableCell colSpan={showOthers ? 7 : 6} align="center" sx={{ py: 3, color: 'text.secondary' }}>
                  No hay resultados para la búsqueda
                </TableCell>
              </TableRow>
            )}
            {list.isPending && (
              <TableRow>
                <TableCell colSpan={showOthers ? 7 : 6} align="center" sx={{ py: 3 }}>
                  <CircularProgress size={24} aria-label="Cargando" />
                </TableCell>
              </TableRow>
            )}
          </TableBody>
        </Table>
      </TableContainer>
      <Pagination
        page={page}
        perPage={perPage}
        total={count}
        loading={list.isPending}
        kept={list.isPlaceholderData}
        options={perPageOptions}
        setPage={setPage}
        setPerPage={(n) => {
          setPerPage(n);
          setPage(1);
        }}
      />
      <ErrorDialog messages={selectErrors} onClose={() => setSelectErrors([])} />
    </Box>
  );
}
