import AssignmentIndIcon from '@mui/icons-material/AssignmentInd';
import {
  Box,
  Button,
  Card,
  Checkbox,
  FormControlLabel,
  FormGroup,
  LinearProgress,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useStoreContext } from 'react-admin';
import { useLocation, useNavigationType } from 'react-router-dom';
import { FormProvider, useForm, useWatch } from 'react-hook-form';
import { ASSIGN_TEXT } from '../../../../domain/assignment';
import type { StockRow } from '../../../../domain/move-api';
import { MOVE_FORM_TEXT, STOCK_SORTS, type StockSort } from '../../../../domain/move-forms';
import { STOCK_STATES, type StockState } from '../../../../domain/moves';
import { cellText, formatDisplayDate } from '../../../../domain/validation';
import { USER_MOVES_PATHS } from '../../../dataProvider/endpoints/userMoves';
import { request } from '../../../dataProvider/http';
import { ClientInput, useClient } from '../../../ui/ClientPicker';
import { ConfirmDialog, ErrorDialog, errorMessages, SuccessDialog } from '../../../ui/dialogs';
import { useConfirmLeave } from '../../../ui/form/useConfirmLeave';
import { GetterInput, useGetter } from '../../../ui/getterPicker/GetterPicker';
import { type ProjectChoice, ProjectInput } from '../../../ui/ProjectPicker';
import { Pagination } from '../../../ui/table/Pagination';
import { SelectPageCheckbox } from '../../../ui/table/SelectPageCheckbox';
import { SortableHeading, type TableSort } from '../../../ui/table/SortableHeading';
import { usePastTheEnd } from '../../../ui/table/usePastTheEnd';
import { useKeptParams } from '../../../ui/table/keptParams';
import { Allowed } from '../../define';
import { PageTitle, useMoveAction } from '../shared';

const PAGE_SIZES: readonly number[] = [5, 10, 25, 50, 100];
/** The table's columns, each sorting by what it shows (the API's `sort`). */
const COLUMNS: readonly { label: string; field: StockSort }[] = [
  { label: 'Estado', field: 'estado_actual' },
  { label: 'Move', field: 'id_move' },
  { label: 'Pedido', field: 'id_pedido' },
  { label: 'Proyecto', field: 'proyecto' },
  { label: 'Cliente', field: 'cliente' },
  { label: 'Punto de venta', field: 'punto_de_venta' },
  { label: 'Ciudad', field: 'ciudad' },
  { label: 'Auditor', field: 'auditor' },
  { label: 'Agente asignado', field: 'agente_asignado' },
  { label: 'Fecha límite', field: 'fecha_limite' },
];

interface Filters {
  auditorId: number | null;
  clientId: number | null;
  projectId: number | null;
}

/** What the screen lists and who it assigns to: kept in its address and in the store, as every list keeps its own. */
interface StockParams extends Filters {
  states: StockState[];
  showLocked: boolean;
  page: number;
  perPage: number;
  /** A column the rows are sorted by; none, the stock's own order (visits, then moves, as they came). */
  sort: TableSort | null;
}

const DEFAULT_PARAMS: StockParams = { auditorId: null, clientId: null, projectId: null, states: [...STOCK_STATES], showLocked: false, page: 1, perPage: 10, sort: null };
const STORE_KEY = 'user-moves.assign.params';
/** The furthest the stock pages by offset (`stockQuery`). */
const MAX_OFFSET = 10_000_000;
const MAX_ID = 2_147_483_647;
// `order` alone names nothing (it is the way of a `sort`): such an address opens as the screen was left.
const PARAM_NAMES = ['page', 'perPage', 'states', 'locked', 'auditorId', 'clientId', 'projectId', 'sort'];

/** An id the API takes (a positive 32-bit integer), or null. */
const idParam = (value: string | null): number | null => (value !== null && /^[1-9]\d{0,9}$/.test(value) && Number(value) <= MAX_ID ? Number(value) : null);

/** The params an address names (what it names wrong, typed by hand, left as the defaults), or null when it names none. */
export function stockParamsIn(search: string): StockParams | null {
  const query = new URLSearchParams(search);
  if (!PARAM_NAMES.some((name) => query.has(name))) return null;
  const page = Number(query.get('page'));
  const askedPerPage = Number(query.get('perPage'));
  const perPage = PAGE_SIZES.includes(askedPerPage) ? askedPerPage : DEFAULT_PARAMS.perPage;
  // Each state named, those that are one; none named ('states=') is no state ticked; only wrong names, the defaults.
  const named = query.get('states')?.split(',').filter(Boolean);
  const states = named === undefined ? DEFAULT_PARAMS.states : STOCK_STATES.filter((s) => named.includes(s));
  const sort = STOCK_SORTS.find((field) => field === query.get('sort'));
  return {
    auditorId: idParam(query.get('auditorId')),
    clientId: idParam(query.get('clientId')),
    projectId: idParam(query.get('projectId')),
    states: named?.length && !states.length ? DEFAULT_PARAMS.states : states,
    showLocked: query.get('locked') === 'true',
    // No further than the API pages (a page past the end then goes to the last one, as on screen).
    page: Number.isSafeInteger(page) && page >= 1 ? Math.min(page, Math.floor(MAX_OFFSET / perPage) + 1) : 1,
    perPage,
    sort: sort ? { field: sort, order: query.get('order')?.toUpperCase() === 'DESC' ? 'DESC' : 'ASC' } : null,
  };
}

/** The address's query for the params (the defaults left out). */
export function stockSearch(params: StockParams): string {
  const query = new URLSearchParams({ page: String(params.page), perPage: String(params.perPage), states: params.states.join(',') });
  if (params.showLocked) query.set('locked', 'true');
  for (const name of ['auditorId', 'clientId', 'projectId'] as const) if (params[name] !== null) query.set(name, String(params[name]));
  if (params.sort) {
    query.set('sort', params.sort.field);
    query.set('order', params.sort.order);
  }
  return `?${query.toString()}`;
}

/**
 * The params the screen opens with: its address's; else, opened from the menu or a link, the ones it was
 * left with (the store); else, Back to its bare address or a new tab (both a 'POP'), the defaults.
 */
function useInitialParams(): StockParams {
  const store = useStoreContext();
  const { search } = useLocation();
  const popped = useNavigationType() === 'POP';
  const [initial] = useState(() => stockParamsIn(search) ?? (popped ? undefined : store.getItem<StockParams>(STORE_KEY)) ?? DEFAULT_PARAMS);
  return initial;
}

/**
 * 'Asignación de Moves' (spec 2 §2, §4): the stock in its four states, assigned to an auditor (a Getter).
 * Only for who assigns moves: the screen exists to assign (who only reads gets the stock from 'Exportar').
 */
export function AssignPage() {
  return (
    <Allowed area="user-moves" operation="write">
      <StockAssignment />
    </Allowed>
  );
}

function StockAssignment() {
  const initial = useInitialParams();
  const form = useForm<Filters>({ defaultValues: { auditorId: initial.auditorId, clientId: initial.clientId, projectId: initial.projectId } });
  const { auditorId, clientId, projectId } = useWatch({ control: form.control }) as Filters;
  const [states, setStates] = useState<StockState[]>(initial.states);
  // What cannot be assigned (an ended project's, an inactive point of sale's) is left out unless asked for:
  // in the demo, 6 of the first 10 rows were of ended projects, greyed out among the ones to pick.
  const [showLocked, setShowLocked] = useState(initial.showLocked);
  const [page, setPage] = useState(initial.page);
  const [perPage, setPerPage] = useState(initial.perPage);
  // A stored sort from before the columns sorted is none, and so is one by a column the stock does not sort by.
  const [sort, setSort] = useState<TableSort | null>(initial.sort && (STOCK_SORTS as readonly string[]).includes(initial.sort.field) ? initial.sort : null);
  const kept: StockParams = { auditorId, clientId, projectId, states, showLocked, page, perPage, sort };
  useKeptParams(useStoreContext(), STORE_KEY, kept, stockSearch(kept));
  const [selected, setSelected] = useState<Map<string, StockRow>>(new Map());
  const [confirm, setConfirm] = useState(false);
  const [busy, setBusy] = useState(false);
  const [errors, setErrors] = useState<string[]>([]);
  // What is missing to assign is no failure: its dialog says so ('Ha ocurrido un error' is for the server's refusals).
  // Everything missing at once: the auditor and the moves were said one after the other, a click apart.
  const [missing, setMissing] = useState<string[]>([]);
  const [done, setDone] = useState<number | null>(null);
  const act = useMoveAction();
  const client = useQueryClient();
  // Unticking 'Mostrar también…' hides the finished projects' rows, and the picker offers running projects
  // only: a finished one chosen meanwhile would stay as the filter, the list empty with nothing to say why.
  // So with a project the address names that the picker would not offer (ended, another client's, none).
  const letGoOfUnlistedProject = async (runningOnly: boolean) => {
    const chosen = form.getValues('projectId');
    if (chosen === null) return;
    const chosenClient = form.getValues('clientId');
    const offered = await request<ProjectChoice[]>(USER_MOVES_PATHS.projects, { query: { ids: String(chosen), current: runningOnly ? 'true' : undefined, clientId: chosenClient ?? undefined } });
    if (!offered.some((p) => p.id === chosen) && form.getValues('projectId') === chosen) form.setValue('projectId', null);
  };
  // An address typed by hand may name a client, an auditor or a project that does not exist or cannot be
  // listed: each is dropped as the screen opens (the list would stay empty, the picker naming 'Cliente 999').
  const pickedClient = useClient(clientId);
  const pickedAuditor = useGetter(auditorId);
  const auditor = pickedAuditor.data;
  useEffect(() => {
    if (clientId !== null && pickedClient.data === null) form.setValue('clientId', null);
  }, [clientId, pickedClient.data, form]);
  useEffect(() => {
    if (auditorId !== null && pickedAuditor.data === null) form.setValue('auditorId', null);
  }, [auditorId, pickedAuditor.data, form]);
  // Once, as the screen opens with what its address named (`initial` is read once). The list waits for it:
  // asked with the wrong client or project, the server refuses (404, 400) what the screen is about to drop.
  const [projectChecked, setProjectChecked] = useState(initial.projectId === null);
  useEffect(() => {
    if (initial.projectId === null) return;
    letGoOfUnlistedProject(!initial.showLocked)
      .catch(() => undefined)
      .finally(() => setProjectChecked(true));
  }, [initial]);
  // A client whose name could not be read (the network) does not hold the list back: it asks, and tells.
  const clientKnown = clientId === null || Boolean(pickedClient.data) || pickedClient.isError;
  const query = { statuses: states.join(','), clientId: clientId ?? undefined, projectId: projectId ?? undefined, assignable: showLocked ? undefined : 'true', offset: (page - 1) * perPage, limit: perPage, sort: sort?.field, order: sort?.order };
  const stock = useQuery({
    queryKey: ['user-moves', 'stock', query],
    queryFn: ({ signal }) => request<{ rows: StockRow[]; count: number; countEstimated?: true }>(USER_MOVES_PATHS.stock, { query, signal }),
    enabled: states.length > 0 && clientKnown && projectChecked,
    placeholderData: keepPreviousData,
  });
  const rows = states.length ? (stock.data?.rows ?? []) : [];
  // Assigning the whole last page (its visits leave a 'Publicada' filter) left the page past the end, an
  // empty table over 'Mostrando 36-35 de 35': the new last page shows instead.
  usePastTheEnd(
    { page, perPage, count: stock.data?.count ?? 0, empty: stock.data !== undefined && rows.length === 0, settled: !stock.isPlaceholderData && !stock.isFetching, estimated: stock.data?.countEstimated === true },
    setPage,
  );
  // The selection is of what the screen lists: another client, project or state filter starts it again
  // (a row hidden by the filter would still be assigned, with no way to untick it).
  const listed = `${clientId}|${projectId}|${states.join(',')}`;
  const [selectedFor, setSelectedFor] = useState(listed);
  if (selectedFor !== listed) {
    setSelectedFor(listed);
    if (selected.size) setSelected(new Map());
  }
  // Moves ticked and not assigned: the side menu or the browser's Back ask first, as 'Asignar Getters' does.
  const leaveGuard = useConfirmLeave(() => !busy && selected.size > 0, { anyNavigation: true });
  // A finished project's visits and moves, listed when asked for (ASSIGN_TEXT.showLocked), cannot be picked:
  // the server would refuse them (409). Nor those of a deactivated point of sale.
  const isLocked = (r: StockRow) => r.proyectoFinalizado === true || r.puntoDeVentaInactivo === true;
  const selectable = rows.filter((r) => !isLocked(r));
  const selectedOnPage = selectable.filter((r) => selected.has(r.key)).length;
  const togglePage = (pick: boolean) =>
    setSelected((s) => {
      const next = new Map(s);
      for (const r of selectable) {
        if (pick) next.set(r.key, r);
        else next.delete(r.key);
      }
      return next;
    });
  const toggle = (row: StockRow) =>
    setSelected((s) => {
      const next = new Map(s);
      if (next.has(row.key)) next.delete(row.key);
      else next.set(row.key, row);
      return next;
    });

  const start = () => {
    const picked = [...selected.values()];
    const lacking = [...(auditorId ? [] : [MOVE_FORM_TEXT.pickAuditor]), ...(picked.length ? [] : [MOVE_FORM_TEXT.pickMove])];
    if (lacking.length) return setMissing(lacking);
    if (picked.some((r) => !(STOCK_STATES as readonly string[]).includes(r.estado_actual))) return setErrors([MOVE_FORM_TEXT.stockState]);
    setConfirm(true);
  };
  const assign = async () => {
    const picked = [...selected.values()];
    const moves = picked.filter((r) => r.kind === 'move').map((r) => r.userMoveId!);
    const locations = picked.filter((r) => r.kind === 'visit').map((r) => ({ projectLocationId: r.project_location_id, visitId: r.id_pedido! }));
    setBusy(true);
    try {
      // Moves and visits in one call, one transaction: all of them are assigned or none.
      // Assigning again after an answer that never came repeats nothing (the request key: the server answers the first assignment).
      await act('massive', { userMovesIds: moves, userId: auditorId, locations });
      setDone(picked.length);
      setSelected(new Map());
    } catch (error) {
      const status = (error as { status?: number }).status;
      // Refused for what was picked (taken meanwhile, no longer in the stock): the picked rows may have left
      // the list, and retrying would fail the same way. The selection goes, and the dialog says so.
      const refused = status === 404 || status === 409;
      if (refused) setSelected(new Map());
      setErrors([...errorMessages(error), ...(refused ? [ASSIGN_TEXT.selectionCleared] : [])]);
    } finally {
      setBusy(false);
      setConfirm(false);
      await client.invalidateQueries({ queryKey: ['user-moves'] });
    }
  };

  return (
    <Box sx={{ mt: 2 }}>
      <PageTitle title="Asignación de Moves" />
      <Card>
        <FormProvider {...form}>
          <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', md: 'repeat(3, 1fr)' }, columnGap: 2, p: 2, pb: 0 }}>
            <GetterInput name="auditorId" label="Auditor" emptyLabel="Sin Selección" helperText="Seleccione el Getter que hará las moves" />
            <ClientInput name="clientId" emptyLabel="Todos" onChange={() => (form.setValue('projectId', null), setPage(1))} />
            <ProjectInput name="projectId" clientId={clientId} current={!showLocked} emptyLabel="Todos" onChange={() => setPage(1)} />
          </Box>
        </FormProvider>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, px: 2, flexWrap: 'wrap' }}>
          <FormGroup row role="group" aria-label="Estados del stock">
            {STOCK_STATES.map((s) => (
              <FormControlLabel
                key={s}
                label={s}
                control={
                  <Checkbox
                    checked={states.includes(s)}
                    onChange={(e) => {
                      setPage(1);
                      setStates((list) => (e.target.checked ? STOCK_STATES.filter((x) => x === s || list.includes(x)) : list.filter((x) => x !== s)));
                    }}
                  />
                }
              />
            ))}
          </FormGroup>
          <FormControlLabel
            label={ASSIGN_TEXT.showLocked}
            control={
              <Checkbox
                checked={showLocked}
                onChange={(e) => {
                  setPage(1);
                  setShowLocked(e.target.checked);
                  if (!e.target.checked) letGoOfUnlistedProject(true).catch((error: unknown) => setErrors(errorMessages(error)));
                }}
              />
            }
          />
          <Box sx={{ flexGrow: 1 }} />
          <Typography variant="body2">{ASSIGN_TEXT.selected(selected.size)}</Typography>
          {selected.size > 0 && (
            <Button size="small" onClick={() => setSelected(new Map())} disabled={busy}>
              {ASSIGN_TEXT.clearSelection}
            </Button>
          )}
          <Button variant="contained" startIcon={<AssignmentIndIcon />} onClick={start} disabled={busy}>
            Asignar
          </Button>
        </Box>
        {stock.isFetching && <LinearProgress aria-label="Cargando" />}
        <TableContainer>
          {/* Eleven columns: with the cells' usual 16 px each side, 'Fecha límite' went past the card's edge on a
              1366 px screen with the menu open, behind a horizontal scroll. */}
          <Table size="small" aria-label="Stock de moves" sx={{ '& .MuiTableCell-root:not(.MuiTableCell-paddingCheckbox)': { px: 1 } }}>
            <TableHead>
              <TableRow>
                <TableCell padding="checkbox">
                  <SelectPageCheckbox selectable={selectable.length} selected={selectedOnPage} onChange={togglePage} />
                </TableCell>
                {COLUMNS.map((c) => (
                  <SortableHeading key={c.field} label={c.label} field={c.field} sort={sort ?? undefined} onSort={(next) => (setSort(next), setPage(1))} />
                ))}
              </TableRow>
            </TableHead>
            <TableBody>
              {rows.map((r) => {
                const locked = isLocked(r);
                return (
                  <TableRow key={r.key} hover={!locked} selected={selected.has(r.key)} onClick={locked ? undefined : () => toggle(r)} sx={locked ? { cursor: 'default', '& .MuiTableCell-root': { color: 'text.secondary' } } : { cursor: 'pointer' }}>
                    <TableCell padding="checkbox">
                      <Checkbox
                        checked={selected.has(r.key)}
                        disabled={locked}
                        onClick={(e) => e.stopPropagation()}
                        onChange={() => toggle(r)}
                        slotProps={{ input: { 'aria-label': `Seleccionar ${r.id_move ?? `pedido ${r.id_pedido}`}` } }}
                      />
                    </TableCell>
                    <TableCell>{r.estado_actual}</TableCell>
                    <TableCell>{cellText(r.id_move)}</TableCell>
                    <TableCell>{cellText(r.id_pedido)}</TableCell>
                    <TableCell>
                      <div>{r.proyecto}</div>
                      {r.proyectoFinalizado && (
                        <Typography variant="caption" component="div" color="text.secondary">
                          {ASSIGN_TEXT.projectEndedRow}
                        </Typography>
                      )}
                    </TableCell>
                    <TableCell>{cellText(r.cliente)}</TableCell>
                    <TableCell>
                      <div>{r.punto_de_venta}</div>
                      {r.puntoDeVentaInactivo && (
                        <Typography variant="caption" component="div" color="text.secondary">
                          {ASSIGN_TEXT.locationInactiveRow}
                        </Typography>
                      )}
                    </TableCell>
                    <TableCell>{cellText(r.ciudad)}</TableCell>
                    <TableCell>{cellText(r.auditor)}</TableCell>
                    <TableCell>{cellText(r.agente_asignado)}</TableCell>
                    <TableCell>{r.fecha_limite ? formatDisplayDate(r.fecha_limite) : '-'}</TableCell>
                  </TableRow>
                );
              })}
              {!rows.length && !stock.isFetching && (states.length === 0 || !stock.isPending) && (
                <TableRow>
                  <TableCell colSpan={COLUMNS.length + 1} align="center" sx={{ py: 4, color: 'text.secondary' }}>
                    No hay resultados para tu búsqueda
                  </TableCell>
                </TableRow>
              )}
            </TableBody>
          </Table>
        </TableContainer>
        <Pagination page={page} perPage={perPage} total={states.length ? (stock.data?.count ?? 0) : 0} estimated={states.length > 0 && stock.data?.countEstimated === true} loading={states.length > 0 && stock.isPending} kept={states.length > 0 && stock.isPlaceholderData} options={PAGE_SIZES} setPage={setPage} setPerPage={(n) => (setPerPage(n), setPage(1))} />
      </Card>
      <ConfirmDialog
        open={confirm}
        title={MOVE_FORM_TEXT.assigning(auditor?.fullName ?? '')}
        content={ASSIGN_TEXT.willAssignToAuditor(selected.size)}
        busy={busy}
        onClose={() => setConfirm(false)}
        onConfirm={assign}
      />
      <ErrorDialog messages={errors} onClose={() => setErrors([])} />
      <ErrorDialog title="Falta completar la asignación" messages={missing} onClose={() => setMissing([])} />
      <SuccessDialog open={done !== null} title="Moves asignadas" message={ASSIGN_TEXT.assigned(done ?? 0, auditor?.fullName ?? '')} onClose={() => setDone(null)} />
      {leaveGuard.dialog}
    </Box>
  );
}
