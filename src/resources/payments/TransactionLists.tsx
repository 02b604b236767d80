import HistoryIcon from '@mui/icons-material/History';
import PaymentsIcon from '@mui/icons-material/Payments';
import PlaylistAddCheckIcon from '@mui/icons-material/PlaylistAddCheck';
import { Button, Chip, Tooltip, Typography } from '@mui/material';
import { type RaRecord, useListContext, useRefresh } from 'ra-core';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { newestDebtDay, paidState, PAYMENT_TEXT as T, type PaymentTransaction } from '../../../domain/payments';
import { formatDisplayDate } from '../../../domain/validation';
import type { ListMeta } from '../../dataProvider';
import { CampoList, type Column } from '../../ui/table/CampoList';
import { dateExport } from '../../ui/table/columns';
import { accountOf, transactionColumns } from './columns';
import { DateRangeFilter } from './DateRangeFilter';
import { GetterFilter } from './GetterFilter';
import { type PaymentOrder, PaymentDialog } from './PaymentDialog';

const PER_PAGE = [5, 10, 25, 50, 100] as const;
/** The filters that narrow a payments list as a search does: an empty page under them says nothing matched. */
const PAYMENT_FILTERS = ['getterId', 'from', 'to'] as const;

/** The filter's total amount, over its every page, as the server sums it. */
const filterTotal = (meta: ListMeta, count: number) =>
  meta.totalAmount === undefined ? null : (
    <Typography variant="body2" color="text.secondary" role="status">
      {T.filterTotal(count, meta.totalAmount)}
    </Typography>
  );
const tx = (r: RaRecord) => r as unknown as PaymentTransaction;

/** '/payment-administration/pending': the pending transactions (of every Getter, or of one), each with 'Registrar pago'; exportable to Excel as the history is. */
export function PendingPayments() {
  const navigate = useNavigate();
  const refresh = useRefresh();
  const [order, setOrder] = useState<PaymentOrder | null>(null);
  const columns: Column[] = [
    ...transactionColumns,
    {
      source: 'action',
      label: 'Acción',
      sortable: false,
      noSelect: true,
      noExport: true,
      render: (r) => (
        <Button
          size="small"
          variant="contained"
          sx={{ whiteSpace: 'nowrap' }}
          aria-label={`${T.register} ${tx(r).accounts.user.fullName} ${tx(r).userMoves[0]?.code ?? tx(r).id}`}
          onClick={() =>
            setOrder({ accountId: tx(r).accounts.id, amount: tx(r).amount, ids: [tx(r).id], getterName: tx(r).accounts.user.fullName, account: accountOf(tx(r)), debtDay: newestDebtDay([tx(r).createdAt]), single: true })
          }
        >
          {T.register}
        </Button>
      ),
    },
  ];
  return (
    <>
      <CampoList
        stickyLastColumn
        title={T.pendingTitle}
        icon={<PaymentsIcon color="primary" />}
        columns={columns}
        perPage={10}
        perPageOptions={PER_PAGE}
        sort={{ field: 'createdAt', order: 'ASC' }}
        storeKey="payments.pending"
        summary={filterTotal}
        emptyText={T.empty}
        searchEmptyText={T.noMatch}
        searchingFilters={PAYMENT_FILTERS}
        exportFile="pagos-pendientes"
        actions={
          <>
            <GetterFilter owed />
            <DateRangeFilter />
            <HistoryButton />
            <Button variant="contained" startIcon={<PlaylistAddCheckIcon />} onClick={() => navigate('/payment-administration/massive')}>
              {T.toMassive}
            </Button>
          </>
        }
      />
      <PaymentDialog order={order} onClose={() => setOrder(null)} onPaid={refresh} onRefused={refresh} />
    </>
  );
}

/**
 * 'Ver historial de pagos': of the Getter the pending list shows, when it shows one (the history of everyone,
 * 190 transactions, came under a list of one Getter's 6). Its dates are not taken along: the pending list's are
 * approval dates, the history's payment dates.
 */
function HistoryButton() {
  const navigate = useNavigate();
  const { filterValues } = useListContext();
  const getterId = filterValues.getterId;
  const to = getterId ? `/payment-administration/history?filter=${encodeURIComponent(JSON.stringify({ getterId }))}` : '/payment-administration/history';
  return (
    <Button variant="outlined" startIcon={<HistoryIcon />} onClick={() => navigate(to)}>
      {T.toHistory}
    </Button>
  );
}

const paidAt = (r: RaRecord) => formatDisplayDate(tx(r).transactionDate, true);
/**
 * A paid move disapproved since (its payment stands: the history says so, for whoever settles it): the chip
 * says the day, its tooltip whether that was after the payment or before it (recorded paid anyway).
 */
function PaidState({ record }: { record: RaRecord }) {
  const { label, detail } = paidState(tx(record));
  const chip = <Chip size="small" color={detail ? 'warning' : 'success'} label={label} {...(detail ? { tabIndex: 0, 'aria-description': detail } : {})} />;
  return detail ? (
    <Tooltip title={detail} describeChild>
      {chip}
    </Tooltip>
  ) : (
    chip
  );
}
const paidStateText = (r: RaRecord) => paidState(tx(r)).label;

/** '/payment-administration/history': the paid transactions (of every Getter, or of one), exportable to Excel. */
export function PaymentHistory() {
  const navigate = useNavigate();
  // The approval date gives way to the payment's own (the table stays within the screen).
  const columns: Column[] = [
    ...transactionColumns.filter((c) => c.source !== 'finishAnalysisDate'),
    { source: 'transactionDate', label: 'Fecha de pago', render: paidAt, ...dateExport(paidAt, true) },
    { source: 'operationCode', label: 'Número de operación' },
    { source: 'status', label: 'Estado', sortable: false, render: (r) => <PaidState record={r} />, exportValue: paidStateText },
  ];
  return (
    <CampoList
      title={T.historyTitle}
      icon={<HistoryIcon color="primary" />}
      columns={columns}
      filter={{ kind: 'payed' }}
      perPage={10}
      perPageOptions={PER_PAGE}
      sort={{ field: 'transactionDate', order: 'DESC' }}
      storeKey="payments.history"
      summary={filterTotal}
      emptyText={T.empty}
      searchEmptyText={T.noMatch}
      searchingFilters={PAYMENT_FILTERS}
      exportFile="historial-de-pagos"
      actions={
        <>
          <GetterFilter />
          <DateRangeFilter />
          <Button variant="contained" onClick={() => navigate('/payment-administration/pending')}>
            {T.toPending}
          </Button>
        </>
      }
    />
  );
}
