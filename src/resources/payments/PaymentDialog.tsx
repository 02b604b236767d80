import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Box, Button, Dialog, DialogActions, DialogContent, DialogTitle, Typography } from '@mui/material';
import { useMemo, useRef, useState } from 'react';
import { FormProvider, useForm } from 'react-hook-form';
import { formatPesos, sumMoney } from '../../../domain/money';
import { combineWithCurrentTime, type DisapprovedRefusal, NO_ACCOUNT, PAYMENT_TEXT as T, type PaymentDialogValues, paymentDialogSchema, visitPaidOtherwise } from '../../../domain/payments';
import { formatDisplayDate, todayIso } from '../../../domain/validation';
import { useCampoDataProvider } from '../../dataProvider/useCampoDataProvider';
import { closeUnlessBackdrop, ErrorDialog, errorMessages, SuccessDialog } from '../../ui/dialogs';
import { DateInput, LiveErrors, TextInput } from '../../ui/form/inputs';
import { formatCount } from '../../../domain/numbers';

export const RESOURCE = 'payment-administration';

/** What is paid: one Getter's account, the transactions and what they owe in total. */
export interface PaymentOrder {
  accountId: number;
  amount: string;
  ids: number[];
  getterName: string;
  /** Where the money goes, as the lists say it ('CBU 0117…', 'Mercado Pago …'), or 'Sin Datos'. */
  account: string;
  /** The day (YYYY-MM-DD, Argentina) the newest of them was born: the payment may not be dated before. */
  debtDay: string;
  /** One transaction paid from the pending list's own button: no batch (what the dialog says if it changed). */
  single?: boolean;
}

const DIALOG_FIELDS = ['transactionDate', 'operationCode'] as const;

/**
 * The register-payment dialog (spec 2 §2, §5): the payment date (from the newest debt's day to
 * today; sent with the current time of day) and the operation number. Accept stays disabled while
 * a field is wrong, and the field says why as soon as it changed. Then the success dialog; `onPaid`
 * refreshes what the screen shows.
 * A refusal of the payment itself (one of them paid meanwhile: 409) closes the dialog and calls
 * `onRefused`, which refetches the lists, so what was paid elsewhere leaves the screen. A refusal for
 * moves disapproved after the batch was downloaded keeps the dialog open instead, naming them, and
 * offers to register what the bank transferred: all of them (the disapproved ones paid anyway) or only
 * the others, with the same date and operation number.
 */
export function PaymentDialog({ order, onClose, onPaid, onRefused }: { order: PaymentOrder | null; onClose: () => void; onPaid: () => void; onRefused: () => void }) {
  const [done, setDone] = useState(false);
  const [errors, setErrors] = useState<string[]>([]);
  // While the payment is being recorded, Escape does not close the dialog, as 'Cancelar' is off: the
  // payment would go on, and whoever pressed it would think it cancelled.
  const paying = useRef(false);
  return (
    <>
      {/* Escape or 'Cancelar' leave; a click beside it does not (the date and operation number typed would be lost). */}
      <Dialog open={order !== null} onClose={closeUnlessBackdrop(() => !paying.current && onClose())} aria-labelledby="payment-title" maxWidth="xs" fullWidth>
        {order && (
          <PaymentForm
            key={order.ids.join(',')}
            order={order}
            paying={paying}
            onClose={onClose}
            onPaid={() => {
              onClose();
              setDone(true);
              onPaid();
            }}
            onFailed={(messages, refused) => {
              if (refused) {
                onClose();
                onRefused();
              }
              setErrors(messages);
            }}
          />
        )}
      </Dialog>
      <SuccessDialog open={done} title={T.successTitle} message={T.success} onClose={() => setDone(false)} />
      <ErrorDialog messages={errors} onClose={() => setErrors([])} />
    </>
  );
}

function PaymentForm({
  order,
  paying,
  onClose,
  onPaid,
  onFailed,
}: {
  order: PaymentOrder;
  /** True while the payment is sent (the dialog keeps Escape from closing it meanwhile). */
  paying: { current: boolean };
  onClose: () => void;
  onPaid: () => void;
  /** `refused`: the server refused what is paid (not the dialog's fields): the order no longer stands. */
  onFailed: (messages: string[], refused: boolean) => void;
}) {
  const dataProvider = useCampoDataProvider();
  const schema = useMemo(() => paymentDialogSchema(order.debtDay), [order.debtDay]);
  const form = useForm<PaymentDialogValues>({
    defaultValues: { transactionDate: formatDisplayDate(todayIso()), operationCode: '' },
    resolver: zodResolver(schema),
    mode: 'all',
  });
  const { isValid, isSubmitting } = form.formState;
  // The instant sent for a day and operation number: sent again with them (the answer to the first try
  // was lost), the body is the same, so it carries the same request key and the server answers the first
  // payment's receipt instead of finding it "already paid".
  const sent = useRef<{ day: string; operationCode: string; instant: string } | null>(null);
  // The server's refusal for moves disapproved after the batch: what it names, and the rest of the order.
  const [changed, setChanged] = useState<DisapprovedRefusal | null>(null);
  const [sending, setSending] = useState(false);

  const send = async (ids: number[], amount: string, paidAnyway: number[] = []) => {
    const { operationCode, instant } = sent.current!;
    const common = { id: order.accountId, amount, operationCode, transactionDate: instant, ...(paidAnyway.length ? { paidAnyway } : {}) };
    paying.current = true;
    setSending(true);
    try {
      if (ids.length === 1) await dataProvider.action(RESOURCE, 'pay', { ...common, penddingTransactionId: ids[0] });
      else await dataProvider.action(RESOURCE, 'massivePay', { ...common, penddingTransactionIds: ids });
      onPaid();
    } catch (error) {
      const { status, body } = error as { status?: number; body?: { errors?: Record<string, string> } & Partial<DisapprovedRefusal> };
      if (status === 409 && (body?.disapproved?.length || body?.settled?.length) && body.others) {
        setChanged({ disapproved: body.disapproved ?? [], settled: body.settled ?? [], others: body.others });
        return;
      }
      const fields = body?.errors ?? {};
      for (const field of DIALOG_FIELDS) if (fields[field]) form.setError(field, { message: fields[field] });
      const refused = status !== undefined && status >= 400 && status < 500 && !DIALOG_FIELDS.some((field) => fields[field]);
      onFailed(errorMessages(error), refused);
    } finally {
      paying.current = false;
      setSending(false);
    }
  };

  const submit = form.handleSubmit(async (values) => {
    // The resolver hands over the schema's output: the day as YYYY-MM-DD.
    const day = values.transactionDate;
    if (sent.current?.day !== day || sent.current.operationCode !== values.operationCode) {
      sent.current = { day, operationCode: values.operationCode, instant: combineWithCurrentTime(day) };
    }
    await send(order.ids, order.amount);
  });

  if (changed) {
    const { disapproved, settled, others } = changed;
    // What may be recorded paid anyway: not a move whose visit a copy of it was paid for, or is in this payment.
    const payable = disapproved.filter((d) => !visitPaidOtherwise(d));
    const whole = payable.length === disapproved.length && !settled.length;
    // Some of it cannot be paid: the others still pending and the disapproved ones that can be paid anyway.
    const possible = { ids: [...others.ids, ...payable.map((d) => d.id)], amount: sumMoney([others.amount, ...payable.map((d) => d.amount)]) };
    const title = order.single
      ? settled.length
        ? T.settledSingleTitle
        : T.changedSingleTitle
      : settled.length && disapproved.length
        ? T.batchChangedTitle
        : settled.length
          ? T.settledTitle(settled.length)
          : T.changedTitle(disapproved.length);
    return (
      <>
        <DialogTitle id="payment-title">{title}</DialogTitle>
        <DialogContent>
          <Alert severity="warning" sx={{ mb: 1 }}>
            <Box component="ul" sx={{ m: 0, pl: 2 }}>
              {disapproved.map((d) => (
                <li key={d.id}>{T.disapprovedLine(d)}</li>
              ))}
              {settled.map((d) => (
                <li key={d.id}>{T.settledLine(d)}</li>
              ))}
            </Box>
          </Alert>
          {payable.length > 0 && <Typography variant="body2">{order.single ? T.changedSingleHelp : T.changedHelp}</Typography>}
          {!whole && <Typography variant="body2">{order.single && settled.length ? T.settledSingleHelp : T.paidVisitHelp}</Typography>}
        </DialogContent>
        <DialogActions sx={{ flexWrap: 'wrap', gap: 1, '& > :not(style) ~ :not(style)': { ml: 0 } }}>
          <Button onClick={() => onFailed([], true)} disabled={sending}>
            {T.cancel}
          </Button>
          {others.ids.length > 0 && (
            <Button variant={payable.length ? 'outlined' : 'contained'} disabled={sending} onClick={() => void send(others.ids, others.amount)}>
              {T.payOthersOnly(others.ids.length, others.amount)}
            </Button>
          )}
          {payable.length > 0 && (
            <Button variant="contained" disabled={sending} onClick={() => (whole ? void send(order.ids, order.amount, payable.map((d) => d.id)) : void send(possible.ids, possible.amount, payable.map((d) => d.id)))}>
              {whole ? (order.single ? T.paySingleAnyway(order.amount) : T.payAllAnyway(order.ids.length, order.amount)) : T.payPossible(possible.ids.length, possible.amount)}
            </Button>
          )}
        </DialogActions>
      </>
    );
  }

  return (
    <FormProvider {...form}>
      <Box component="form" noValidate onSubmit={submit}>
        <DialogTitle id="payment-title">{T.register}</DialogTitle>
        <DialogContent>
          <Typography>
            {order.getterName} · {order.ids.length === 1 ? '1 transacción' : `${formatCount(order.ids.length)} transacciones`} · {formatPesos(order.amount)}
          </Typography>
          {order.account === NO_ACCOUNT ? (
            <Alert severity="warning" sx={{ my: 1 }}>
              {T.noAccount}
            </Alert>
          ) : (
            <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
              {`${T.account}: ${order.account}`}
            </Typography>
          )}
          <LiveErrors.Provider value>
            <Box sx={{ display: 'grid', gap: 1, pt: 1 }}>
              <DateInput name="transactionDate" label={T.date} required helperText={T.dateRange(order.debtDay)} />
              <TextInput name="operationCode" label={T.operationCode} required />
            </Box>
          </LiveErrors.Provider>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={isSubmitting}>
            {T.cancel}
          </Button>
          <Button type="submit" variant="contained" disabled={!isValid || isSubmitting}>
            {T.accept}
          </Button>
        </DialogActions>
      </Box>
    </FormProvider>
  );
}
