import AddIcon from '@mui/icons-material/Add';
import SearchIcon from '@mui/icons-material/Search';
import {
  Box,
  Button,
  Card,
  Checkbox,
  CircularProgress,
  FormControlLabel,
  Switch,
  InputAdornment,
  LinearProgress,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  TextField,
  type Theme,
} from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { ListBase, ListContextProvider, type RaRecord, type Store, StoreContext, useDataProvider, useList, useListContext, useResourceContext } from 'ra-core';
import { type KeyboardEvent, type ReactNode, type RefObject, useEffect, useMemo, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { cellText, SEARCH_MAX_LENGTH } from '../../../domain/validation';
import type { ListMeta } from '../../dataProvider';
import { ClientPicker } from '../ClientPicker';
import { errorMessages } from '../dialogs';
import { VISUALLY_HIDDEN } from '../visuallyHidden';
import { focusLost } from '../focusBack';
import { CutText } from './CutText';
import { ExcelButton } from './ExcelButton';
import { filteredAndSorted, pageOf } from './localSort';
import { Pagination } from './Pagination';
import { STICKY_LAST_COLUMN } from './stickyLastColumn';
import { FrameMessageRow, MESSAGE_FRAME } from './frameMessage';
import { useBareListOnBack } from './bareListOnBack';
import { useKeptParams } from './keptParams';
import { ROW_ID, useRowFocusBack } from './rowFocus';
import { SortableHeading } from './SortableHeading';
import { ScreenSubtitle, ScreenTitle, TITLE_BEFORE_SUBTITLE } from '../ScreenTitle';

export interface Column {
  source: string;
  label: string;
  sortable?: boolean;
  /**
   * Cut a text over 15 characters to 10 plus an ellipsis (spec 1 §2.2), the whole text in its title.
   * By default a plain text value is cut and what `render` returns is not (a date with its time is 16
   * characters); `true` also cuts a text that `render` returns, `false` cuts nothing.
   */
  truncate?: boolean;
  /** Cells whose click must not select the row (e-mail, phone, toggles). */
  noSelect?: boolean;
  render?: (record: RaRecord) => ReactNode;
  /** The value written to the Excel file, when it differs from the record's field. */
  exportValue?: (record: RaRecord) => unknown;
  /** The column's heading in the Excel file, when it differs from the screen's (a switch's action label). */
  exportLabel?: string;
  /** The number format of its cells in the Excel file (a date's, with `excelDate` values). */
  exportFormat?: string;
  /** Left out of the Excel file (a link that only repeats another column). */
  noExport?: boolean;
  width?: number | string;
  /**
   * What staff who only read the area see instead (`defineScreens` with an `area`): another column (a
   * switch becomes its state), or null for none (an edit link). Undefined: the same column.
   */
  forReaders?: Column | null;
}

export type StateFilter =
  /** One checkbox that also shows the inactive records (clients: 'Activo/Inactivo'). */
  | { kind: 'showInactive'; field: string; label: string }
  /** Two checkboxes 'Activos' and 'Inactivos'. */
  | { kind: 'both'; field: string };

export interface CampoListProps {
  title: string;
  /** A line beside the title saying whose list it is (the client of a client's points of sale). */
  subtitle?: string;
  icon?: ReactNode;
  columns: Column[];
  addLabel?: string;
  addPath?: string;
  search?: { label: string; field: string; placeholder?: string };
  stateFilter?: StateFilter;
  perPageOptions?: readonly number[];
  perPage?: number;
  sort?: { field: string; order: 'ASC' | 'DESC' };
  /** 'select': a row click selects it and reveals its actions; 'view': a row click opens it. */
  rowClick?: 'select' | 'view';
  viewPath?: (record: RaRecord) => string;
  rowActions?: (record: RaRecord) => ReactNode;
  /** A switch with this label shows or hides an actions column holding every row's actions (questionnaires). */
  actionsSwitch?: string;
  exportFile?: string;
  emptyText?: string;
  /** What an empty page says while the search box holds text, when it differs from `emptyText`. */
  searchEmptyText?: string;
  /** Filters that search too: while one holds a value, an empty page says `searchEmptyText` (the payments' Getter and dates). */
  searchingFilters?: readonly string[];
  filter?: Record<string, unknown>;
  /** A client selector that filters the list by this field ('Todos' shows every client's). */
  clientFilter?: { field: string; label?: string };
  /** More buttons beside the add button ('CARGA MASIVA'). */
  actions?: ReactNode;
  /** The endpoint answers every record at once: page and sort in the browser (move configurations). */
  local?: boolean;
  /** Where the list keeps its page, sort and filters (lists of one resource under several routes). */
  storeKey?: string;
  /** Milliseconds typed text waits before it filters (400 by default). */
  debounce?: number;
  /** The last column (the row's action) stays in sight at the right edge while a wide table scrolls. */
  stickyLastColumn?: boolean;
  /** A line under the toolbar from the list's answer (`meta`): the filter's total amount. */
  summary?: (meta: ListMeta, total: number) => ReactNode;
}

const DEFAULT_PER_PAGE_OPTIONS: readonly number[] = [20, 35, 50];

/** The one table every list screen uses (spec 1 §2.2): paged, sorted and filtered by the server. */
export function CampoList(props: CampoListProps) {
  const { search } = useLocation();
  const { listKey, store } = useBareListOnBack(props.storeKey);
  if (props.local) return <LocalList key={listKey} {...props} store={store} />;
  const defaults: Record<string, unknown> = {};
  if (props.stateFilter?.kind === 'showInactive') defaults[props.stateFilter.field] = true;
  // A page size typed in the address that the list does not offer is dropped before the list asks
  // anything: the server would only refuse it. The list then takes its own.
  const typedPerPage = new URLSearchParams(search).get('perPage');
  if (typedPerPage !== null && !(props.perPageOptions ?? DEFAULT_PER_PAGE_OPTIONS).includes(Number(typedPerPage))) return <WithoutParam name="perPage" />;
  return (
    <StoreContext.Provider value={store}>
      <ListBase
        key={listKey}
        // The table's own cell says why the page could not be loaded: no notification besides.
        queryOptions={{ onError: () => undefined }}
        perPage={props.perPage ?? 20}
        sort={props.sort ?? { field: 'id', order: 'ASC' }}
        filterDefaultValues={defaults}
        filter={props.filter}
        storeKey={props.storeKey}
      >
        <CampoTable {...props} />
      </ListBase>
    </StoreContext.Provider>
  );
}

/** Replaces the address with the same one without `name`, rendering nothing meanwhile. */
function WithoutParam({ name }: { name: string }) {
  const { pathname, search } = useLocation();
  const navigate = useNavigate();
  useEffect(() => {
    const params = new URLSearchParams(search);
    params.delete(name);
    navigate({ pathname, search: params.toString() }, { replace: true });
  }, [name, pathname, search, navigate]);
  return null;
}

function CampoTable({
  title,
  subtitle,
  icon,
  columns,
  addLabel,
  addPath,
  search,
  stateFilter,
  perPageOptions = DEFAULT_PER_PAGE_OPTIONS,
  perPage: initialPerPage = 20,
  rowClick = 'select',
  viewPath,
  rowActions,
  actionsSwitch,
  exportFile,
  emptyText = 'No hay datos para mostrar.',
  searchEmptyText = emptyText,
  searchingFilters = [],
  clientFilter,
  actions,
  debounce: delay = 400,
  stickyLastColumn = false,
  summary,
}: CampoListProps) {
  const list = useListContext();
  const navigate = useNavigate();
  const [selected, setSelected] = useState<RaRecord['id'] | null>(null);
  const appliedSearch = String(search ? (list.filterValues[search.field] ?? '') : '');
  const [searchText, setSearchText] = useState(appliedSearch);
  // The search the list applies can change without typing (the browser's back and forward buttons, which
  // the list follows): the box then says that search, not the text typed before. When the change is the
  // box's own text being applied, what is typed stays as typed (with its spaces).
  const searchInput = useRef<HTMLInputElement>(null);
  useSearchFocus(searchInput, Boolean(search));
  const [shownSearch, setShownSearch] = useState(appliedSearch);
  // The search this list applied itself and has not yet drawn (the address changed, the list not yet
  // drawn with it): landing while more is typed, it is not a back or forward, and neither replaces the
  // typed text nor drops it (a search typed right after another came back to the one before, unapplied).
  // State, not a ref cleared while rendering: a navigation renders in a transition, which React drops when
  // typing interrupts it, and a ref cleared by the dropped render made the next one take the list's own
  // search for a back (the box went back to the search before, under what was typed; seen in CI).
  const [pendingSearch, setPendingSearch] = useState<string | null>(null);
  const pendingNow = useRef(pendingSearch);
  pendingNow.current = pendingSearch;
  if (shownSearch !== appliedSearch) {
    setShownSearch(appliedSearch);
    setPendingSearch(null);
    if (searchText.trim() !== appliedSearch && pendingSearch !== appliedSearch) setSearchText(appliedSearch);
  }

  useEffect(() => setSelected(null), [list.page, list.perPage, list.sort.field, list.sort.order]);
  // A page size the list does not offer (typed in the address: ?perPage=-5) goes back to its first one.
  const { perPage: shownPerPage, setPerPage } = list;
  useEffect(() => {
    if (!perPageOptions.includes(shownPerPage)) setPerPage(perPageOptions.includes(initialPerPage) ? initialPerPage : perPageOptions[0]);
  }, [shownPerPage, setPerPage, perPageOptions, initialPerPage]);
  // A page emptied meanwhile (its last rows paid, deleted or gone from the filter) goes to the list's new
  // last page, where the user was working; react-admin sends it to the first. Its reset and ours are
  // gathered into one change of the address in the same tick, ours after it (a microtask runs once
  // every effect of this render has).
  const { page: shownPage, total: shownTotal, isPending: firstLoad, isFetching: loading, setPage: goToPage } = list;
  const shownRows = list.data?.length ?? 0;
  useEffect(() => {
    if (firstLoad || loading || shownPage <= 1 || shownRows > 0 || !shownTotal) return;
    const last = Math.ceil(shownTotal / shownPerPage);
    if (last < shownPage) queueMicrotask(() => goToPage(last));
  }, [firstLoad, loading, shownPage, shownRows, shownTotal, shownPerPage, goToPage]);

  /**
   * Typing is debounced; a checkbox applies at once (debounced, it would not tick for 400 ms). The
   * delay is ours, not react-admin's: its delayed filter navigated back to the list when a row
   * action was clicked within the delay; ours is cancelled when the screen is left.
   */
  const latest = useRef(list);
  latest.current = list;
  const appliedNow = useRef(appliedSearch);
  appliedNow.current = appliedSearch;
  const typing = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(typing.current), []);
  const setFilter = (field: string, value: unknown, debounce = false) => {
    clearTimeout(typing.current);
    // What the list is about to show: its own search on its way counts as shown.
    const isSearch = field === search?.field;
    const shown = () => (isSearch && pendingNow.current !== null ? pendingNow.current || undefined : latest.current.filterValues[field]);
    const before = shown();
    const at = window.location.pathname;
    const apply = () => {
      // Typed text not yet applied when the list's own value changed meanwhile (back or forward) is dropped:
      // the box already says the value the list went to.
      if (debounce && shown() !== before) return;
      // Nor when the user already went elsewhere (a row's 'Editar' within the delay) and the list is still
      // drawn while that page's code loads: its filter would navigate back to the list (CI, projects.test.ts).
      if (debounce && window.location.pathname !== at) return;
      const next = { ...latest.current.filterValues };
      if (value === undefined || value === '') delete next[field];
      else next[field] = value;
      if (isSearch && String(next[field] ?? '') !== appliedNow.current) {
        pendingNow.current = String(next[field] ?? '');
        setPendingSearch(pendingNow.current);
      }
      latest.current.setFilters(next, undefined, false);
    };
    if (debounce) typing.current = setTimeout(apply, delay);
    else apply();
  };

  // A row is something to click only when that does something: it opens the record, or it selects the
  // row of a list with actions (revealed by the selection, or a column of them; spec 2: a click on a
  // questionnaire selects or deselects it). Otherwise it is no Tab stop, no pointer and no highlight.
  const rowsAct = (rowClick === 'view' && Boolean(viewPath)) || (rowClick === 'select' && Boolean(rowActions));
  const onRowClick = (record: RaRecord) => {
    if (rowClick === 'view' && viewPath) navigate(viewPath(record));
    else setSelected((current) => (current === record.id ? null : record.id));
  };

  // A row that goes away under the keyboard (deactivated behind its confirmation, in a list of the active ones)
  // took the focus with it to the page's start. When the rows change and the focus was last in this list
  // (its rows, or a dialog opened from them: React's focus events come through portals), the table takes it.
  const table = useRef<HTMLTableElement>(null);
  const focusedHere = useRef(false);
  useEffect(() => {
    const elsewhere = () => {
      focusedHere.current = false;
    };
    document.addEventListener('focusin', elsewhere, true);
    return () => document.removeEventListener('focusin', elsewhere, true);
  }, []);
  useEffect(() => {
    if (focusedHere.current && focusLost()) table.current?.focus();
  }, [list.data]);
  // Back from the record a row opened: the keyboard goes back to that row's control.
  const body = useRef<HTMLTableSectionElement>(null);
  useRowFocusBack(`${list.resource}:${title}`, body, list.data);

  const [actionsShown, setActionsShown] = useState(true);
  const showActions = Boolean(rowActions) && (!actionsSwitch || actionsShown);
  // The last column is held at the edge only while it shows something: the actions of a row that shows them
  // only when selected left an empty 'Acciones' column (~100 px) over a phone's table until one was.
  const pinned = stickyLastColumn && (!showActions || actionsSwitch || Boolean(list.data?.some((r) => r.id === selected)));
  return (
    // The shell's content is `contain: inline-size` (Layout): the list takes the width the window leaves,
    // its toolbar wraps and its table scrolls inside its own container.
    <Card
      onFocus={() => {
        focusedHere.current = true;
      }}
      sx={{
        mt: 2,
        ...(pinned && STICKY_LAST_COLUMN),
      }}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, p: 2, flexWrap: 'wrap' }}>
        {icon}
        <ScreenTitle sx={subtitle ? TITLE_BEFORE_SUBTITLE : undefined}>{title}</ScreenTitle>
        {subtitle && <ScreenSubtitle>{subtitle}</ScreenSubtitle>}
        {search && (
          <TextField
            size="small"
            sx={{ width: { xs: '100%', sm: SEARCH_WIDTH } }}
            label={search.label}
            placeholder={search.placeholder}
            inputRef={searchInput}
            value={searchText}
            onChange={(e) => {
              setSearchText(e.target.value);
              setFilter(search.field, e.target.value.trim(), true);
            }}
            slotProps={{
              htmlInput: { maxLength: SEARCH_MAX_LENGTH },
              inputLabel: { sx: LABEL_BESIDE_ICON },
              input: {
                endAdornment: (
                  <InputAdornment position="end">
                    <SearchIcon fontSize="small" />
                  </InputAdornment>
                ),
              },
            }}
          />
        )}
        {actionsSwitch && <FormControlLabel control={<Switch checked={actionsShown} onChange={(e) => setActionsShown(e.target.checked)} />} label={actionsSwitch} />}
        {clientFilter && (
          <ClientPicker
            label={clientFilter.label}
            value={list.filterValues[clientFilter.field] ? Number(list.filterValues[clientFilter.field]) : null}
            onChange={(clientId) => setFilter(clientFilter.field, clientId ?? undefined)}
          />
        )}
        {stateFilter && <StateCheckboxes filter={stateFilter} values={list.filterValues} setFilter={setFilter} />}
        {exportFile && (
          <ExcelButton
            columns={exportColumns(columns)}
            fileName={`${exportFile}.xlsx`}
          />
        )}
        {actions}
        {addLabel && addPath && (
          <Button variant="contained" startIcon={<AddIcon />} onClick={() => navigate(addPath)}>
            {addLabel}
          </Button>
        )}
      </Box>
      {list.isFetching && <LinearProgress aria-label="Cargando" />}
      {summary && list.meta && list.total !== undefined && <Box sx={{ px: 2, pb: 1 }}>{summary(list.meta as ListMeta, list.total)}</Box>}
      <TableContainer sx={MESSAGE_FRAME}>
        {/* Half MUI's side padding between cells: a list of eight columns fits a 1280 px window. */}
        <Table ref={table} tabIndex={-1} size="small" aria-label={title} sx={{ '& .MuiTableCell-root': { px: 1 }, '& .MuiTableCell-root:first-of-type': { pl: 2 } }}>
          <TableHead>
            <TableRow>
              {columns.map((c) => (
                <SortableHeading key={c.source} label={c.label} field={c.sortable === false ? undefined : c.source} sort={list.sort} onSort={list.setSort} sx={{ width: c.width }} />
              ))}
              {/* A heading with text (hidden), not an empty one named by aria-label: axe's 'empty-table-header'. */}
              {showActions && (
                <TableCell sx={{ width: 120, position: 'relative' }}>
                  <Box component="span" sx={VISUALLY_HIDDEN}>
                    Acciones
                  </Box>
                </TableCell>
              )}
            </TableRow>
          </TableHead>
          <TableBody ref={body}>
            {list.data?.map((record) => {
              const isSelected = selected === record.id;
              return (
                <TableRow
                  key={record.id}
                  {...{ [ROW_ID]: record.id }}
                  {...(rowsAct
                    ? {
                        hover: true,
                        selected: isSelected,
                        onClick: () => onRowClick(record),
                        // Reached with Tab and chosen with Enter or Space, as with a click: the row is what opens
                        // a record or shows its actions, and a keyboard had no way to it.
                        tabIndex: 0,
                        onKeyDown: (e: KeyboardEvent<HTMLTableRowElement>) => {
                          if (e.target !== e.currentTarget || (e.key !== 'Enter' && e.key !== ' ')) return;
                          e.preventDefault();
                          onRowClick(record);
                        },
                        sx: { cursor: 'pointer', '&:focus-visible': { outline: (theme: Theme) => `2px solid ${theme.palette.primary.main}`, outlineOffset: -2 } },
                        'aria-selected': isSelected,
                      }
                    : {})}
                >
                  {columns.map((c) => (
                    <TableCell key={c.source} onClick={c.noSelect ? (e) => e.stopPropagation() : undefined}>
                      <CellContent column={c} record={record} />
                    </TableCell>
                  ))}
                  {showActions && (
                    <TableCell onClick={(e) => e.stopPropagation()} sx={{ whiteSpace: 'nowrap' }}>
                      {isSelected || actionsSwitch ? rowActions?.(record) : null}
                    </TableCell>
                  )}
                </TableRow>
              );
            })}
            {!list.isPending && !list.data?.length && (
              <FrameMessageRow colSpan={columns.length + (showActions ? 1 : 0)} color="text.secondary">
                {list.error ? errorMessages(list.error)[0] : [...(search ? [search.field] : []), ...searchingFilters].some((field) => list.filterValues[field]) ? searchEmptyText : emptyText}
              </FrameMessageRow>
            )}
            {list.isPending && (
              <FrameMessageRow colSpan={columns.length + (showActions ? 1 : 0)}>
                <CircularProgress size={28} aria-label="Cargando" />
              </FrameMessageRow>
            )}
          </TableBody>
        </Table>
      </TableContainer>
      {/* A list the server refused (a search too long typed in the address) has nothing to count: its error
          stands alone, not over 'Mostrando 0-0 de 0 registros'. */}
      {!(list.error && !list.data?.length) && (
        <Pagination
          page={list.page}
          perPage={list.perPage}
          total={list.total ?? 0}
          estimated={(list.meta as { countEstimated?: boolean } | undefined)?.countEstimated === true}
          rows={list.data?.length}
          loading={list.isPending}
          kept={list.isPlaceholderData}
          options={perPageOptions}
          setPage={list.setPage}
          setPerPage={list.setPerPage}
        />
      )}
    </Card>
  );
}

function StateCheckboxes({ filter, values, setFilter }: { filter: StateFilter; values: Record<string, unknown>; setFilter: (field: string, value: unknown) => void }) {
  const current = values[filter.field];
  if (filter.kind === 'showInactive') {
    // Only the inactive ones (an address that asks for them: `{"state":false}`) is neither ticked (all) nor
    // unticked (the active ones): half ticked, as the rows are; a click shows them all.
    const onlyInactive = current === false;
    return (
      <FormControlLabel
        control={
          <Checkbox
            checked={current === undefined}
            indeterminate={onlyInactive}
            slotProps={{ input: onlyInactive ? { 'aria-checked': 'mixed' } : {} }}
            onChange={(e) => setFilter(filter.field, e.target.checked ? undefined : true)}
          />
        }
        label={filter.label}
      />
    );
  }
  const active = current === undefined || current === true;
  const inactive = current === undefined || current === false;
  // Both ticked shows everything; unticking both leaves the other one on, never an empty filter.
  const set = (nextActive: boolean, nextInactive: boolean) =>
    setFilter(filter.field, nextActive && nextInactive ? undefined : nextActive ? true : nextInactive ? false : current);
  // One piece of the toolbar: when it wraps, the pair moves to the next row together.
  return (
    <Box sx={{ display: 'flex', flexWrap: 'nowrap' }}>
      <FormControlLabel control={<Checkbox checked={active} onChange={(e) => set(e.target.checked, inactive)} />} label="Activos" />
      <FormControlLabel control={<Checkbox checked={inactive} onChange={(e) => set(active, e.target.checked)} />} label="Inactivos" />
    </Box>
  );
}

/**
 * The search box takes the focus 100 ms after the list opens (spec 3, §9), so that one types at once: when the
 * focus is still on the menu entry that opened the list. Never away from a field or a dialog the user is in, nor
 * on a page loaded or reloaded, where the first Tab must reach 'Saltar al contenido'; and not on a touch screen,
 * where it would open the keyboard over the list.
 */
function useSearchFocus(input: RefObject<HTMLInputElement | null>, enabled: boolean) {
  useEffect(() => {
    if (!enabled || !window.matchMedia('(pointer: fine)').matches) return;
    const timer = setTimeout(() => {
      if (document.activeElement?.closest('nav')) input.current?.focus();
    }, SEARCH_FOCUS_DELAY_MS);
    return () => clearTimeout(timer);
  }, [enabled, input]);
}

/** How long after a list opens its search box takes the focus (spec 3, §9). */
const SEARCH_FOCUS_DELAY_MS = 100;

/**
 * The search box: wide enough from a tablet up for its longest label ('Buscar Código de Locación del
 * Cliente'), the toolbar's whole width on a phone. Its label, until it moves up, stops before the magnifier
 * (it ran under it, 'Cliente' hidden) and ends in '…' where it does not fit.
 */
const SEARCH_WIDTH = 360;
const LABEL_BESIDE_ICON = { '&:not(.MuiInputLabel-shrink)': { maxWidth: 'calc(100% - 56px)' } } as const;

/**
 * The file's columns: the shown ones but the actions; a link column's ids only when no column of the
 * list holds them already (the users list has its own 'Id').
 */
function exportColumns(columns: Column[]) {
  const ownId = columns.some((c) => c.source === 'id');
  return columns
    .filter((c) => c.source !== 'actions' && !c.noExport && !(ownId && (c.source === 'view' || c.source === 'edit')))
    .map((c) => ({ source: c.source, label: c.exportLabel ?? c.label, value: c.exportValue, format: c.exportFormat }));
}

/** A word this long (a link, a name typed without spaces) would widen its column past the card. */
const LONG_WORD = /\S{30}/;

/**
 * A whole text with such a word breaks within it: one questionnaire named so widened its list to 1,379 px in
 * a 1,110 px card, the actions of every row behind a sideways scroll. Only then: breaking anywhere also lets
 * the table squeeze ordinary words ('Cancelación') into pieces.
 */
const unbroken = (text: string): ReactNode => (LONG_WORD.test(text) ? <span style={{ overflowWrap: 'anywhere' }}>{text}</span> : text);

/**
 * A cell's content: '-' when empty. A long text shows cut, its whole reachable (CutText): on hover, on a
 * tap, and by screen readers.
 */
function CellContent({ column, record }: { column: Column; record: RaRecord }) {
  const content = column.render ? column.render(record) : record[column.source];
  const cut = typeof content === 'string' && (column.truncate ?? !column.render);
  if (column.render && typeof content !== 'string') return content as ReactNode;
  const text = cellText(content, cut);
  // A cut column's text is at most 15 characters: on one line ('Banco Fede…' and 'San Martín 600' took
  // two each, and the rows twice the height, while the table had width to spare).
  if (text === cellText(content)) return cut ? <span style={{ whiteSpace: 'nowrap' }}>{text}</span> : unbroken(text);
  return <CutText text={text} whole={String(content)} />;
}


/** A local list's page, size, sort and filters, as react-admin keeps a list's (its store and its address). */
interface LocalParams {
  page: number;
  perPage: number;
  sort: string;
  order: 'ASC' | 'DESC';
  filter: Record<string, unknown>;
}

/** The params the address names, or null when it names none (or names them wrong: a hand-typed address). */
function paramsIn(search: string, props: CampoListProps): Partial<LocalParams> | null {
  const query = new URLSearchParams(search);
  if (!['page', 'perPage', 'sort', 'order', 'filter'].some((name) => query.has(name))) return null;
  const params: Partial<LocalParams> = {};
  const page = Number(query.get('page'));
  if (Number.isInteger(page) && page >= 1) params.page = page;
  const perPage = Number(query.get('perPage'));
  if ((props.perPageOptions ?? DEFAULT_PER_PAGE_OPTIONS).includes(perPage)) params.perPage = perPage;
  const sort = query.get('sort');
  if (sort && props.columns.some((c) => c.source === sort && c.sortable !== false)) params.sort = sort;
  const order = query.get('order');
  if (order === 'ASC' || order === 'DESC') params.order = order;
  try {
    const filter: unknown = JSON.parse(query.get('filter') ?? '{}');
    if (filter && typeof filter === 'object' && !Array.isArray(filter)) params.filter = filter as Record<string, unknown>;
  } catch {
    // Not JSON: no filter.
  }
  return params;
}

/**
 * Every record fetched once; filtering, sorting and paging happen in the browser (spec 1 §2.7). `useList`
 * keeps the page, its size, the sort and the filters asked for, and is given no records: it would filter
 * and sort them its own way (`<`, which puts 'Árbol' after 'Visita') on every change. The records are
 * filtered and sorted here once, in Spanish order, and each page cut from that. Like every other list it
 * keeps them in its address and in the store: Back from a row, a reload or 'Cancelar' (which opens the
 * bare address) show the list as it was left.
 */
function LocalList({ store, ...props }: CampoListProps & { store: Store }) {
  const { search } = useLocation();
  const resource = useResourceContext()!;
  const dataProvider = useDataProvider();
  const sort = props.sort ?? { field: 'id', order: 'ASC' as const };
  const all = useQuery({
    queryKey: [resource, 'getList', 'local', props.filter],
    queryFn: ({ signal }) => dataProvider.getList(resource, { pagination: { page: 1, perPage: 100_000 }, sort, filter: props.filter ?? {}, signal }),
  });
  const storeKey = props.storeKey ?? `${resource}.listParams`;
  // Read once, as the list mounts: afterwards the list's own state leads and is written back.
  const [initial] = useState(() => paramsIn(search, props) ?? store.getItem<Partial<LocalParams>>(storeKey) ?? {});
  const list = useList({
    isPending: all.isPending,
    isFetching: all.isFetching,
    error: all.error,
    page: initial.page,
    perPage: initial.perPage ?? props.perPage ?? 20,
    sort: initial.sort ? { field: initial.sort, order: initial.order ?? 'ASC' } : sort,
    filter: initial.filter,
  });
  const { filterValues, sort: asked, page, perPage } = list;
  const params: LocalParams = { page, perPage, sort: asked.field, order: asked.order as 'ASC' | 'DESC', filter: filterValues };
  useKeptParams(store, storeKey, params, `?${new URLSearchParams({ filter: JSON.stringify(filterValues), order: params.order, page: String(page), perPage: String(perPage), sort: asked.field }).toString()}`);
  const rows = useMemo(() => (all.data ? filteredAndSorted(all.data.data, filterValues, asked) : undefined), [all.data, filterValues, asked]);
  const shown = useMemo((): typeof list => {
    if (!rows) return list;
    return {
      ...list,
      data: pageOf(rows, page, perPage),
      total: rows.length,
      hasNextPage: page * perPage < rows.length,
      getData: async ({ maxResults } = {}) => (maxResults === undefined ? rows : rows.slice(0, maxResults)),
    } as typeof list;
  }, [list, rows, page, perPage]);
  return (
    <ListContextProvider value={shown}>
      <CampoTable {...props} />
    </ListContextProvider>
  );
}
