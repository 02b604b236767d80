import { Checkbox, CircularProgress, Table, TableBody, TableCell, TableContainer, TableHead, TableRow } from '@mui/material';
import { useMemo, useState } from 'react';
import { formatPesos, parseMoney } from '../../../domain/money';
import { PAYMENT_TEXT as T, type PaymentTransaction } from '../../../domain/payments';
import { errorMessages } from '../../ui/dialogs';
import { Pagination } from '../../ui/table/Pagination';
import { SelectPageCheckbox } from '../../ui/table/SelectPageCheckbox';
import { sortRecords } from '../../ui/table/localSort';
import { SortableHeading, type TableSort } from '../../ui/table/SortableHeading';
import { accountOf, approvalOf, cuitOf, fullNameOf, moveCodeOf } from './columns';

const PER_PAGE = [5, 10, 25, 50, 100] as const;
const ONE_LINE = { whiteSpace: 'nowrap' } as const;

/** The headings, each sorting by its field's value (`SORT_VALUES`). */
const HEADINGS = [
  ['Nombre', 'name'],
  ['CUIT/CUIL', 'cuit'],
  ['Cuenta de pago', 'account'],
  ['Monto', 'amount'],
  ['Código de move', 'move'],
  ['Fecha de aprobación', 'approval'],
] as const;

/** What each column sorts by: texts in Spanish order, the amount as a number, the approval by its instant. */
const SORT_VALUES: Record<string, (r: PaymentTransaction) => unknown> = {
  name: fullNameOf,
  cuit: (r) => r.accounts.user.profile.cuitCuil,
  account: accountOf,
  amount: (r) => Number(parseMoney(r.amount)),
  move: (r) => r.userMoves[0]?.code,
  approval: (r) => new Date(r.userMoves[0]?.finishAnalysisDate ?? r.createdAt).getTime(),
};

/**
 * One Getter's pending transactions with checkboxes, paged and sorted (a heading's click) in the browser. The header's checkbox
 * selects every transaction of the Getter (all pages) or none.
 */
export function SelectableTable({
  rows,
  loading,
  error,
  selected,
  onChange,
}: {
  rows: PaymentTransaction[];
  loading: boolean;
  error: unknown;
  selected: Set<number>;
  onChange: (next: Set<number>) => void;
}) {
  const [page, setPage] = useState(1);
  const [perPage, setPerPage] = useState(10);
  // In the order the server gives them until a heading asks for another (all of them are here: sorted in the browser).
  const [sort, setSort] = useState<TableSort>();
  const ordered = useMemo(() => (sort ? sortRecords(rows.map((row) => ({ id: row.id, value: SORT_VALUES[sort.field](row), row })), { field: 'value', order: sort.order }).map((r) => r.row) : rows), [rows, sort]);
  // Paying shortens the list: stay on a page that still exists.
  const current = Math.min(page, Math.max(1, Math.ceil(rows.length / perPage)));
  const visible = ordered.slice((current - 1) * perPage, current * perPage);
  const chosen = rows.filter((r) => selected.has(r.id)).length;

  const toggle = (id: number) => {
    const next = new Set(selected);
    if (next.has(id)) next.delete(id);
    else next.add(id);
    onChange(next);
  };

  return (
    <>
      <TableContainer>
        <Table size="small" aria-label="Transacciones pendientes del Getter">
          <TableHead>
            <TableRow>
              <TableCell padding="checkbox">
                <SelectPageCheckbox label="Seleccionar todas" selectable={rows.length} selected={chosen} onChange={(pick) => onChange(pick ? new Set(rows.map((r) => r.id)) : new Set())} />
              </TableCell>
              {HEADINGS.map(([label, field]) => (
                <SortableHeading key={field} label={label} field={field} sort={sort} onSort={(next) => (setSort(next), setPage(1))} />
              ))}
            </TableRow>
          </TableHead>
          <TableBody>
            {visible.map((r) => (
              <TableRow key={r.id} hover selected={selected.has(r.id)} onClick={() => toggle(r.id)} sx={{ cursor: 'pointer' }}>
                <TableCell padding="checkbox">
                  <Checkbox
                    checked={selected.has(r.id)}
                    onClick={(e) => e.stopPropagation()}
                    onChange={() => toggle(r.id)}
                    slotProps={{ input: { 'aria-label': `Seleccionar ${moveCodeOf(r) === '-' ? `transacción ${r.id}` : moveCodeOf(r)}` } }}
                  />
                </TableCell>
                <TableCell>{fullNameOf(r)}</TableCell>
                {/* A CUIT, a code and a date are one word each: on a phone '27-34814090-1' stood on three lines. */}
                <TableCell sx={ONE_LINE}>{cuitOf(r)}</TableCell>
                <TableCell>{accountOf(r)}</TableCell>
                <TableCell>{formatPesos(r.amount)}</TableCell>
                <TableCell sx={ONE_LINE}>{moveCodeOf(r)}</TableCell>
                <TableCell sx={ONE_LINE}>{approvalOf(r)}</TableCell>
              </TableRow>
            ))}
            {(loading || error || !rows.length) && (
              <TableRow>
                <TableCell colSpan={HEADINGS.length + 1} align="center" sx={{ py: 4, color: 'text.secondary' }}>
                  {loading ? <CircularProgress size={28} aria-label="Cargando" /> : error ? errorMessages(error)[0] : T.noPending}
                </TableCell>
              </TableRow>
            )}
          </TableBody>
        </Table>
      </TableContainer>
      {!error && (
        <Pagination
          page={current}
          perPage={perPage}
          total={rows.length}
          options={PER_PAGE}
          setPage={setPage}
          setPerPage={(n) => {
            setPerPage(n);
            setPage(1);
          }}
        />
      )}
    </>
  );
}
