import AssignmentIndIcon from '@mui/icons-material/AssignmentInd';
import AttachFileIcon from '@mui/icons-material/AttachFile';
import FileDownloadIcon from '@mui/icons-material/FileDownload';
import VisibilityIcon from '@mui/icons-material/Visibility';
import {
  Box,
  Button,
  Card,
  Checkbox,
  CircularProgress,
  IconButton,
  LinearProgress,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Tooltip,
} from '@mui/material';
import { keepPreviousData, type Query, useQuery, useQueryClient } from '@tanstack/react-query';
import { useStore } from 'ra-core';
import { useRef, useState } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router-dom';
import type { MoveListPage } from '../../../../domain/move-api';
import { canUse } from '../../../../domain/roles';
import { cellText, formatDisplayDate } from '../../../../domain/validation';
import { currentRole } from '../../../authProvider';
import { USER_MOVES_PATHS } from '../../../dataProvider/endpoints/userMoves';
import { ApiError, request } from '../../../dataProvider/http';
import { errorMessages } from '../../../ui/dialogs';
import { Pagination } from '../../../ui/table/Pagination';
import { SelectPageCheckbox } from '../../../ui/table/SelectPageCheckbox';
import { ROW_ID, useRowFocusBack } from '../../../ui/table/rowFocus';
import { SortableHeading, type TableSort } from '../../../ui/table/SortableHeading';
import { usePastTheEnd } from '../../../ui/table/usePastTheEnd';
import { PageTitle, StatusChip } from '../shared';
import { ExportDialog } from './ExportDialog';
import { MassAssignDialog } from './MassAssignDialog';
import { EMPTY_FILTERS, type MoveFilterValues, MoveFilters, toQuery } from './MoveFilters';
import { type PageRequest, pageRequest } from './pageRequest';
import { FrameMessageRow, MESSAGE_FRAME } from '../../../ui/table/frameMessage';

const PAGE_SIZES = [5, 10, 25, 50, 100] as const;

/** How deep a page read before is read again by offset (below, by key from its neighbour). */
const REREAD_BY_OFFSET_UP_TO = 100_000;

/**
 * Whether a page read again is the one read before: the same moves, each as it was, and the same count when
 * both are exact (an estimate drifts with the table's statistics, not with the list).
 */
const samePage = (a: MoveListPage, b: MoveListPage) =>
  (a.countEstimated || b.countEstimated || a.count === b.count) && JSON.stringify(a.rows) === JSON.stringify(b.rows);

/** A column's sort: the server's key for it (server/services/moves/queries.ts, SORTABLE) and the direction. */
interface Sort {
  field: string;
  order: 'ASC' | 'DESC';
}

/** The search as the store keeps it: going to a move and back finds the list as it was. */
interface Search {
  /** Null: no search yet, or its filters cleared ('Limpiar'); the page size and sort stay. */
  values: MoveFilterValues | null;
  page: number;
  perPage: number;
  /** None: newest first (by id). */
  sort?: Sort;
}

/**
 * The columns, with the key each one sorts by (none for the attachments and the actions) and, for the
 * names, the width they keep below a desktop's 1,200 px: squeezed to the screen at 768 px, a point of sale
 * took seven lines and each row as many. With it the table is wider than a tablet and scrolls in its frame,
 * as on a phone; on a desktop it fits the screen, as before.
 */
const COLUMNS: { label: string; sort?: string; minWidth?: string; hidden?: boolean }[] = [
  { label: 'Código', sort: 'code' },
  { label: 'Punto de venta', sort: 'clientLocationName', minWidth: '24ch' },
  { label: 'Getter', sort: 'userFullName', minWidth: '16ch' },
  { label: 'Estado', sort: 'statusName' },
  { label: 'Agente de calidad', sort: 'assignedAgentFullName', minWidth: '16ch' },
  { label: 'Proyecto', sort: 'projectsName', minWidth: '22ch' },
  { label: 'Cliente', sort: 'campaignsClientName', minWidth: '16ch' },
  // The day the move was created: what 'Desde' and 'Hasta' filter by (and the export's 'Creada').
  { label: 'Creada', sort: 'createdAt' },
  { label: 'Adjuntos' },
  { label: 'Acciones', hidden: true },
];

/** 'Lista de Moves' (spec 2 §2): filters, the results, export and mass assignment (with its row selection) for who assigns moves. */
export function MoveList() {
  const navigate = useNavigate();
  const canAssign = canUse(currentRole(), 'user-moves', 'write');
  const [search, setSearch] = useStore<Search | null>('user-moves.historial', null);
  const [selected, setSelected] = useState<Set<number>>(new Set());
  const [dialog, setDialog] = useState<'export' | 'assign' | null>(null);
  const query = search?.values ? toQuery(search.values) : null;
  const perPage = search?.perPage ?? 10;
  const page = search?.page ?? 1;
  const sort = search?.sort;
  // The page in the column's order (keyset paging follows it on the server), ties by id.
  const ordered = query && sort ? { ...query, sort: sort.field, order: sort.order } : query;
  const sortBy = (next: TableSort) => search?.values && setSearch({ ...search, page: 1, sort: next });
  const queryClient = useQueryClient();
  const keyOf = (p: number) => ['user-moves', 'historial', ordered, p, perPage];
  const result = useQuery({
    queryKey: keyOf(page),
    queryFn: async ({ signal }) => {
      const byOffset: PageRequest = { offset: (page - 1) * perPage, limit: perPage };
      // A page read before is read again by its place (offset): the list may have changed since (an assignment,
      // a review, another user), and a neighbour kept from before with it. Deeper than REREAD_BY_OFFSET_UP_TO it
      // is read by key from its neighbour, as a page not yet read next to one already read is (pageRequest.ts):
      // walking to offset 500,000 took ~0.14 s.
      const before = queryClient.getQueryData<MoveListPage>(keyOf(page));
      const paging =
        before && byOffset.offset <= REREAD_BY_OFFSET_UP_TO
          ? byOffset
          : pageRequest(page, perPage, {
            previous: queryClient.getQueryData<MoveListPage>(keyOf(page - 1))?.rows,
            next: queryClient.getQueryData<MoveListPage>(keyOf(page + 1))?.rows,
          });
      let read: MoveListPage;
      try {
        read = await request<MoveListPage>(USER_MOVES_PATHS.list, { query: { ...ordered, ...paging }, signal });
      } catch (error) {
        // The neighbour's move is gone (the list changed under it): by offset, as without one.
        if (!(error instanceof ApiError && error.status === 400 && (paging.after ?? paging.before) !== undefined)) throw error;
        read = await request<MoveListPage>(USER_MOVES_PATHS.list, { query: { ...ordered, ...byOffset }, signal });
      }
      // The page changed since it was read: the other pages kept are no longer the list's, and a page next
      // to them asked by keyset would continue a list that is gone (after a mass assignment sorted by agent,
      // 'Página anterior' showed the moves just assigned, not the first page).
      if (before && !samePage(before, read)) {
        const otherPage = (q: Query) => q.queryKey[0] === 'user-moves' && q.queryKey[1] === 'historial' && q.queryKey[3] !== page;
        // A page on screen meanwhile (the user went on while this one came) is read again, the others forgotten.
        void queryClient.invalidateQueries({ predicate: (q) => otherPage(q) && q.getObserversCount() > 0 });
        queryClient.removeQueries({ predicate: (q) => otherPage(q) && q.getObserversCount() === 0 });
      }
      return read;
    },
    enabled: query !== null,
    placeholderData: keepPreviousData,
  });
  // Without a search (none yet, or its filters cleared) no rows: the kept previous page is not one.
  const shownPage = query === null ? undefined : result.data;
  const rows = shownPage?.rows ?? [];
  const count = shownPage?.count ?? 0;
  // Back from the move a row opened: the keyboard goes back to that row's link.
  const body = useRef<HTMLTableSectionElement>(null);
  useRowFocusBack('user-moves:list', body, shownPage?.rows);
  const estimated = shownPage?.countEstimated === true;
  // Back from resolving the last move of the last page (or after another user's change), the new last page.
  usePastTheEnd(
    { page, perPage, count, empty: search !== null && shownPage !== undefined && rows.length === 0, settled: !result.isPlaceholderData && !result.isFetching, estimated },
    (p) => search && setSearch({ ...search, page: p }),
  );
  const selectedOnPage = rows.filter((r) => selected.has(r.id)).length;
  const toggle = (id: number) =>
    setSelected((s) => {
      const next = new Set(s);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  const togglePage = (pick: boolean) =>
    setSelected((s) => {
      const next = new Set(s);
      for (const r of rows) {
        if (pick) next.add(r.id);
        else next.delete(r.id);
      }
      return next;
    });

  return (
    <Box sx={{ mt: 2 }}>
      <PageTitle title="Lista de Moves">
        <Button variant="outlined" startIcon={<FileDownloadIcon />} disabled={!count} onClick={() => setDialog('export')}>
          Exportar
        </Button>
        {canAssign && (
          <Button variant="contained" startIcon={<AssignmentIndIcon />} disabled={!count} onClick={() => setDialog('assign')}>
            Asignar agente
          </Button>
        )}
      </PageTitle>
      <Card>
        <MoveFilters
          initial={search?.values ?? EMPTY_FILTERS}
          onSearch={(values) => {
            setSelected(new Set());
            setSearch({ values, page: 1, perPage, sort });
          }}
          // The rows of the filters just cleared would no longer be what the filters say.
          onClear={() => {
            setSelected(new Set());
            setSearch(search && { ...search, values: null, page: 1 });
          }}
        />
        {result.isFetching && <LinearProgress aria-label="Cargando" />}
        <TableContainer sx={MESSAGE_FRAME}>
          {/* Half the side padding of a cell: with the 'Creada' column the table still fits a laptop's 1,280 px (it passed it by 82 px). */}
          <Table size="small" aria-label="Moves" sx={{ '& .MuiTableCell-root:not(.MuiTableCell-paddingCheckbox)': { px: 1 } }}>
            <TableHead>
              <TableRow>
                {canAssign && (
                  <TableCell padding="checkbox">
                    <SelectPageCheckbox selectable={rows.length} selected={selectedOnPage} onChange={togglePage} />
                  </TableCell>
                )}
                {/* The row buttons' heading is read with its rows; with none, its text lay in the 16 px the empty
                    table overflows at 1280 px, out of the keyboard's reach (axe: scrollable-region-focusable). */}
                {COLUMNS.map((c) => (
                  <SortableHeading key={c.label} label={c.hidden && !rows.length ? '' : c.label} hidden={c.hidden} field={query ? c.sort : undefined} sort={sort} onSort={sortBy} sx={{ minWidth: { xs: c.minWidth, lg: 'auto' } }} />
                ))}
              </TableRow>
            </TableHead>
            <TableBody ref={body}>
              {rows.map((r) => (
                <TableRow
                  key={r.id}
                  {...{ [ROW_ID]: r.id }}
                  hover
                  selected={selected.has(r.id)}
                  // A click anywhere on the row opens the move, as a user's row opens the user; not one on its
                  // checkbox, its links or a text being selected. The keyboard has the code's link.
                  onClick={(e) => {
                    if ((e.target as Element).closest('a, button, input, label') || window.getSelection()?.toString()) return;
                    navigate(`/user-moves/view/${r.code}`);
                  }}
                  sx={{ cursor: 'pointer' }}
                >
                  {canAssign && (
                    <TableCell padding="checkbox">
                      <Checkbox checked={selected.has(r.id)} onChange={() => toggle(r.id)} slotProps={{ input: { 'aria-label': `Seleccionar ${r.code}` } }} />
                    </TableCell>
                  )}
                  {/* A code is one word ('M-0000272'): never split over two lines. */}
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>
                    <RouterLink to={`/user-moves/view/${r.code}`}>{r.code}</RouterLink>
                  </TableCell>
                  <TableCell>{cellText(r.clientLocationName)}</TableCell>
                  <TableCell>{cellText(r.userFullName)}</TableCell>
                  <TableCell>
                    <StatusChip status={r.statusId} />
                  </TableCell>
                  <TableCell>{cellText(r.assignedAgentFullName)}</TableCell>
                  <TableCell>{cellText(r.projectsName)}</TableCell>
                  <TableCell>{cellText(r.campaignsClientName)}</TableCell>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDisplayDate(r.createdAt)}</TableCell>
                  <TableCell>{r.hasAttachments ? <AttachFileIcon fontSize="small" titleAccess="Con adjuntos" /> : '-'}</TableCell>
                  <TableCell>
                    <Tooltip title="Ver move">
                      <IconButton size="small" component={RouterLink} to={`/user-moves/view/${r.code}`} aria-label={`Ver ${r.code}`}>
                        <VisibilityIcon fontSize="small" />
                      </IconButton>
                    </Tooltip>
                  </TableCell>
                </TableRow>
              ))}
              {!rows.length && (
                <FrameMessageRow colSpan={COLUMNS.length + (canAssign ? 1 : 0)} color="text.secondary">
                  {query === null
                    ? 'Busca Moves para obtener resultados'
                    : result.isPending
                      ? <CircularProgress size={28} aria-label="Cargando" />
                      : result.error
                        ? errorMessages(result.error)[0]
                        : 'No hay resultados para tu búsqueda'}
                </FrameMessageRow>
              )}
            </TableBody>
          </Table>
        </TableContainer>
        {/* Before a search there is nothing to count ('Mostrando 0-0 de 0 registros' under 'Busca Moves para
            obtener resultados'), nor after one refused; while its first page comes, nothing counted yet. */}
        {query !== null && !(result.error && !rows.length) && (
          <Pagination
            page={page}
            perPage={perPage}
            total={count}
            estimated={estimated}
            rows={shownPage ? rows.length : undefined}
            loading={result.isPending}
            kept={result.isPlaceholderData}
            options={PAGE_SIZES}
            setPage={(p) => search && setSearch({ ...search, page: p })}
            setPerPage={(n) => search && setSearch({ ...search, perPage: n, page: 1 })}
          />
        )}
      </Card>
      {dialog === 'export' && ordered && <ExportDialog query={ordered} count={count} estimated={estimated} onClose={() => setDialog(null)} />}
      {dialog === 'assign' && query && canAssign && (
        <MassAssignDialog
          query={query}
          selected={[...selected]}
          count={count}
          estimated={estimated}
          onClose={(done) => {
            setDialog(null);
            if (done) {
              setSelected(new Set());
              void result.refetch();
            }
          }}
        />
      )}
    </Box>
  );
}
