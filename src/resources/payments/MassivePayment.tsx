import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import FileDownloadIcon from '@mui/icons-material/FileDownload';
import PaymentsIcon from '@mui/icons-material/Payments';
import { Alert, Badge, Box, Button, Card, CardContent, CircularProgress, Paper, Typography } from '@mui/material';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { sumMoney } from '../../../domain/money';
import { batchHasAccounts } from '../../../domain/paymentBatch';
import { MASSIVE_PAY_MAX, newestDebtDay, PAYMENT_TEXT as T, paymentAccount, type PaymentTransaction } from '../../../domain/payments';
import { todayIso } from '../../../domain/validation';
import { PAYMENT_READS } from '../../dataProvider/endpoints/payments';
import { ApiError, request } from '../../dataProvider/http';
import { type Getter, GETTERS_QUERY_KEY, GetterPicker, withCuit } from '../../ui/getterPicker/GetterPicker';
import { downloadPaymentBatch } from './batchFile';
import { PaymentDialog, type PaymentOrder } from './PaymentDialog';
import { SelectableTable } from './SelectableTable';
import { useConfirmLeave } from '../../ui/form/useConfirmLeave';
import { ScreenTitle } from '../../ui/ScreenTitle';
import { ConfirmDialog } from '../../ui/dialogs';
import { formatCount } from '../../../domain/numbers';

/**
 * '/payment-administration/massive' (spec 2 §2, §4): pick a Getter, tick their pending
 * transactions (select-all takes every one, on every page), see the count and total, register
 * one payment for all of them, or download the selection as the bank's batch file.
 */
export function MassivePayment() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [getter, setGetter] = useState<Getter | null>(null);
  const [selected, setSelected] = useState<Set<number>>(new Set());
  const [order, setOrder] = useState<PaymentOrder | null>(null);

  // Why the batch could not be made: the server's own words when it answered (a database unavailable is not
  // the connection), T.batchFailed when the browser failed (the network, the spreadsheet writer's chunk).
  const [batchFailed, setBatchFailed] = useState<string | null>(null);
  // Asking the server what is still pending: the button waits, and a double click writes one file, not two.
  const [batching, setBatching] = useState(false);
  const batchingNow = useRef(false);
  // The Getter has no account to transfer to: said, and no file written.
  const [batchNoAccount, setBatchNoAccount] = useState(false);
  // What left the selection when the batch was asked for (no longer pending): said, and no file written.
  const [leftBatch, setLeftBatch] = useState<string[]>([]);
  const pendingKey = ['payments', 'by-getter', getter?.id];
  const pending = useQuery({
    queryKey: pendingKey,
    enabled: getter !== null,
    queryFn: ({ signal }) =>
      request<{ rows: PaymentTransaction[]; count: number }>(PAYMENT_READS.byGetter, { query: { getterId: getter!.id, transactionType: 'PENDING', limit: MASSIVE_PAY_MAX }, signal }),
    // Read again only when the screen asks (the batch, a payment, a refusal), never on its own: back from the
    // bank's site with the batch paid, a read on the tab's return dropped a move disapproved meanwhile from the
    // selection, and 'Registrar pago' recorded the others without a word (the server's offer to record it paid
    // anyway never came). Sent as the batch was, the payment is refused naming it, and the dialog asks.
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  });
  const rows = useMemo(() => pending.data?.rows ?? [], [pending.data]);
  const chosen = rows.filter((r) => selected.has(r.id));
  const total = sumMoney(chosen.map((r) => r.amount));
  // Transactions ticked and not paid: 'Cancelar pago masivo', the side menu or the browser's Back ask first,
  // as 'Agregar/Quitar locaciones' does (a Getter's hundreds of ticks went without a word).
  const leaveGuard = useConfirmLeave(() => order === null && selected.size > 0, { anyNavigation: true });

  // Another Getter chosen with ticks that would go unpaid: asked first (the picker keeps the one chosen).
  const [switchTo, setSwitchTo] = useState<{ next: Getter | null } | null>(null);
  const choose = (next: Getter | null) => (next?.id !== getter?.id && order === null && selected.size > 0 ? setSwitchTo({ next }) : pick(next));
  const pick = (next: Getter | null) => {
    setGetter(next);
    setLeftBatch([]);
    setBatchNoAccount(false);
    setSelected(new Set());
  };
  const refetch = async () => {
    await queryClient.invalidateQueries({ queryKey: ['payments'] });
    // A Getter paid in full is no longer among those owed.
    await queryClient.invalidateQueries({ queryKey: [...GETTERS_QUERY_KEY, 'search'] });
  };
  const paid = async () => {
    setSelected(new Set());
    setBatchNoAccount(false);
    await refetch();
    // Paid in full: the Getter is no longer among those owed (the picker kept offering them, as the one
    // chosen), and the screen waits for the next one.
    if (queryClient.getQueryData<{ rows: PaymentTransaction[] }>(pendingKey)?.rows.length === 0) pick(null);
  };
  // Refused (some were paid elsewhere meanwhile): what is no longer pending leaves the selection.
  const refused = async () => {
    await refetch();
    const still = new Set(queryClient.getQueryData<{ rows: PaymentTransaction[] }>(pendingKey)?.rows.map((r) => r.id));
    setSelected((current) => new Set([...current].filter((id) => still.has(id))));
  };

  const writeBatch = async () => {
    setBatchFailed(null);
    setLeftBatch([]);
    setBatchNoAccount(false);
    // The bank pays what the file says: read what is still pending first. A move disapproved (or a
    // transaction paid elsewhere) since the list loaded left a batch paying what is no longer owed.
    const fresh = await pending.refetch();
    if (fresh.error || !fresh.data) return setBatchFailed(fresh.error instanceof ApiError ? fresh.error.message : T.batchFailed);
    const still = new Set(fresh.data.rows.map((r) => r.id));
    const left = chosen.filter((r) => !still.has(r.id));
    if (left.length) {
      setSelected((current) => new Set([...current].filter((id) => still.has(id))));
      return setLeftBatch(left.map((r) => r.userMoves[0]?.code ?? `transacción ${r.id}`));
    }
    // As read now: an account loaded (or removed) meanwhile is the one the bank gets.
    const current = fresh.data.rows.filter((r) => selected.has(r.id));
    if (!batchHasAccounts(current)) return setBatchNoAccount(true);
    // The spreadsheet writer is a chunk of its own: a connection lost (or a deploy) meanwhile is said, not swallowed.
    await downloadPaymentBatch(current, getter?.fullName ?? '', todayIso()).catch((e: unknown) =>
      e instanceof Error && e.message === T.batchNoAccount ? setBatchNoAccount(true) : setBatchFailed(T.batchFailed),
    );
  };

  return (
    <Card sx={{ mt: 2 }}>
      <CardContent>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, mb: 2, flexWrap: 'wrap' }}>
          <PaymentsIcon color="primary" />
          <ScreenTitle>{T.massiveTitle}</ScreenTitle>
          <Button variant="outlined" startIcon={<ArrowBackIcon />} onClick={() => navigate('/payment-administration/pending')}>
            {T.cancelMassive}
          </Button>
        </Box>
        <Box sx={{ display: 'flex', gap: 2, alignItems: 'flex-start', flexWrap: 'wrap', mb: 2 }}>
          <GetterPicker
            width={420}
            withPending
            value={getter?.id ?? null}
            onChange={choose}
            itemLabel={withCuit}
            label={T.getter}
            helperText={T.getterHelp}
          />
          <Box sx={{ flexGrow: 1 }} />
          <Paper variant="outlined" role="status" aria-label="Selección" sx={{ px: 2, py: 1 }}>
            <Typography variant="body2">
              {T.selection(chosen.length, total)}
            </Typography>
          </Paper>
          <Button
            variant="outlined"
            startIcon={batching ? <CircularProgress size={16} color="inherit" /> : <FileDownloadIcon />}
            disabled={!chosen.length || batching}
            onClick={async () => {
              if (batchingNow.current) return;
              batchingNow.current = true;
              setBatching(true);
              try {
                await writeBatch();
              } finally {
                batchingNow.current = false;
                setBatching(false);
              }
            }}
          >
            {T.batchFile}
          </Button>

          {/* The whole count, as the selection says it: a full payment of 1,000 read '999+'. */}
          {/* Seen, not read: the selection's line says the count in words, and a screen reader heard a bare
              '0' (the badge hidden when empty stays in the page) after 'Registrar pago'. */}
          <Badge badgeContent={chosen.length ? formatCount(chosen.length) : 0} color="secondary" slotProps={{ badge: { 'aria-hidden': true } }}>
            <Button
              variant="contained"
              startIcon={<PaymentsIcon />}
              disabled={!chosen.length}
              onClick={() =>
                setOrder({
                  accountId: chosen[0].accounts.id,
                  amount: total,
                  ids: chosen.map((r) => r.id),
                  getterName: getter?.fullName ?? '',
                  account: paymentAccount(chosen[0].accounts.user.profile),
                  debtDay: newestDebtDay(chosen.map((r) => r.createdAt)),
                })
              }
            >
              {T.register}
            </Button>
          </Badge>
        </Box>
        {batchFailed && (
          <Alert severity="error" onClose={() => setBatchFailed(null)} sx={{ mb: 1 }}>
            {batchFailed}
          </Alert>
        )}
        {batchNoAccount && (
          <Alert severity="warning" onClose={() => setBatchNoAccount(false)} sx={{ mb: 1 }}>
            {T.batchNoAccount}
          </Alert>
        )}
        {leftBatch.length > 0 && (
          <Alert severity="warning" onClose={() => setLeftBatch([])} sx={{ mb: 1 }}>
            {T.leftBatch(leftBatch)}
          </Alert>
        )}
        {getter === null ? (
          <Typography color="text.secondary" sx={{ py: 4, textAlign: 'center' }}>
            {T.pickGetterFirst}
          </Typography>
        ) : (
          <>
            {pending.data && pending.data.count > rows.length && (
              <Alert severity="info" role="status" sx={{ mb: 1 }}>
                {T.moreThanShown(rows.length, pending.data.count)}
              </Alert>
            )}
            <SelectableTable rows={rows} loading={pending.isPending} error={pending.error} selected={selected} onChange={setSelected} />
          </>
        )}
      </CardContent>
      <PaymentDialog order={order} onClose={() => setOrder(null)} onPaid={paid} onRefused={refused} />
      {leaveGuard.dialog}
      <ConfirmDialog
        open={switchTo !== null}
        title={T.switchGetterTitle}
        content={T.switchGetter(selected.size)}
        onClose={() => setSwitchTo(null)}
        onConfirm={() => {
          if (switchTo) pick(switchTo.next);
          setSwitchTo(null);
        }}
      />
    </Card>
  );
}
