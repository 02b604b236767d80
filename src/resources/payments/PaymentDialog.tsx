import { zodResolver } from '@hookform/resolvers/zod';
import { Box, Button, Dialog, DialogActions, DialogContent, DialogTitle, Typography } from '@mui/material';
import { useState } from 'react';
import { FormProvider, useForm } from 'react-hook-form';
import { formatPesos } from '../../../domain/money';
import { combineWithCurrentTime, PAYMENT_TEXT as T, type PaymentDialogValues, paymentDialogSchema } from '../../../domain/payments';
import { formatDisplayDate, todayIso } from '../../../domain/validation';
import { useCampoDataProvider } from '../../dataProvider/useCampoDataProvider';
import { ErrorDialog, errorMessages, SuccessDialog } from '../../ui/dialogs';
import { DateInput, TextInput } from '../../ui/form/inputs';

export const RESOURCE = 'payment-administration';

/** What is paid: one Getter's account, the transactions and what they owe in total. */
export interface PaymentOrder {
  accountId: number;
  amount: string;
  ids: number[];
  getterName: string;
}

/**
 * The register-payment dialog (spec 2 §2, §5): the payment date (not after today; sent with the
 * current time of day) and the operation number. Accept stays disabled while a field is wrong.
 * Then the success dialog; `onPaid` refreshes what the screen shows.
 */
export function PaymentDialog({ order, onClose, onPaid }: { order: PaymentOrder | null; onClose: () => void; onPaid: () => void }) {
  const [done, setDone] = useState(false);
  return (
    <>
      <Dialog open={order !== null} onClose={onClose} aria-labelledby="payment-title" maxWidth="xs" fullWidth>
        {order && (
          <PaymentForm
            key={order.ids.join(',')}
            order={order}
            onClose={onClose}
            onPaid={() => {
              onClose();
              setDone(true);
              onPaid();
            }}
          />
        )}
      </Dialog>
      <SuccessDialog open={done} title={T.successTitle} message={T.success} onClose={() => setDone(false)} />
    </>
  );
}

function PaymentForm({ order, onClose, onPaid }: { order: PaymentOrder; onClose: () => void; onPaid: () => void }) {
  const dataProvider = useCampoDataProvider();
  const [errors, setErrors] = useState<string[]>([]);
  const form = useForm<PaymentDialogValues>({
    defaultValues: { transactionDate: formatDisplayDate(todayIso()), operationCode: '' },
    resolver: zodResolver(paymentDialogSchema),
    mode: 'all',
  });
  const { isValid, isSubmitting } = form.formState;

  const submit = form.handleSubmit(async (values) => {
    // The resolver hands over the schema's output: the day as YYYY-MM-DD.
    const day = values.transactionDate;
    const common = { id: order.accountId, amount: order.amount, operationCode: values.operationCode, transactionDate: combineWithCurrentTime(day) };
    try {
      if (order.ids.length === 1) await dataProvider.action(RESOURCE, 'pay', { ...common, penddingTransactionId: order.ids[0] });
      else await dataProvider.action(RESOURCE, 'massivePay', { ...common, penddingTransactionIds: order.ids });
      onPaid();
    } catch (error) {
      const fields = (error as { body?: { errors?: Record<string, string> } }).body?.errors ?? {};
      for (const field of ['transactionDate', 'operationCode'] as const) if (fields[field]) form.setError(field, { message: fields[field] });
      setErrors(errorMessages(error));
    }
  });

  return (
    <FormProvider {...form}>
      <Box component="form" noValidate onSubmit={submit}>
        <DialogTitle id="payment-title">{T.register}</DialogTitle>
        <DialogContent>
          <Typography sx={{ mb: 2 }}>
            {order.getterName} · {order.ids.length === 1 ? '1 transacción' : `${order.ids.length} transacciones`} · {formatPesos(order.amount)}
          </Typography>
          <Box sx={{ display: 'grid', gap: 1, pt: 1 }}>
            <DateInput name="transactionDate" label={T.date} required />
            <TextInput name="operationCode" label={T.operationCode} required />
          </Box>
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
      <ErrorDialog messages={errors} onClose={() => setErrors([])} />
    </FormProvider>
  );
}
