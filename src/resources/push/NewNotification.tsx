import { zodResolver } from '@hookform/resolvers/zod';
import HistoryIcon from '@mui/icons-material/History';
import SendIcon from '@mui/icons-material/Send';
import { Box, Button, Card, CardContent, Typography } from '@mui/material';
import { useCreate } from 'ra-core';
import { useState } from 'react';
import { FormProvider, useForm, useWatch } from 'react-hook-form';
import { useNavigate } from 'react-router-dom';
import { PUSH_LIMITS, PUSH_TEXT as T, type PushMessageValues, pushMessageSchema, type PushSendResult, sendSummary } from '../../../domain/push';
import { characters } from '../../../domain/validation';
import { ConfirmDialog, ErrorDialog, errorMessages, SuccessDialog } from '../../ui/dialogs';
import { TextInput } from '../../ui/form/inputs';
import { CHAT_GUTTER } from '../../ui/chatGutter';

const EMPTY: PushMessageValues = { title: '', message: '' };

/** '/push-notifications/NEW' (spec 2 §2, §5): title and message; CANCELAR clears, ENVIAR sends and tells how it went. */
export function NewNotification() {
  const navigate = useNavigate();
  const [create] = useCreate();
  const form = useForm<PushMessageValues>({ defaultValues: EMPTY, resolver: zodResolver(pushMessageSchema), mode: 'all' });
  const [title, message] = useWatch({ control: form.control, name: ['title', 'message'] });
  const [result, setResult] = useState<PushSendResult | null>(null);
  const [errors, setErrors] = useState<string[]>([]);

  // A valid message is sent to every Getter only once confirmed: a broadcast cannot be taken back.
  const [pending, setPending] = useState<PushMessageValues | null>(null);
  const [sending, setSending] = useState(false);
  const ask = form.handleSubmit((values) => setPending(values));
  const send = async () => {
    if (!pending) return;
    setSending(true);
    try {
      const sent = (await create('push-notifications', { data: pending }, { returnPromise: true })) as unknown as PushSendResult;
      setResult(sent);
      form.reset(EMPTY);
    } catch (error) {
      setErrors(errorMessages(error));
    } finally {
      setSending(false);
      setPending(null);
    }
  };

  return (
    <Card sx={{ mt: 2, maxWidth: 720 }}>
      <CardContent>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, mb: 2 }}>
          <Typography variant="h5" component="h1" sx={{ flexGrow: 1 }}>
            {T.newTitle}
          </Typography>
          <Button startIcon={<HistoryIcon />} onClick={() => navigate('/push-notifications/historial')}>
            {T.historyTitle}
          </Button>
        </Box>
        <FormProvider {...form}>
          <Box component="form" noValidate onSubmit={ask} sx={{ display: 'grid', gap: 1 }}>
            <TextInput name="title" label={T.title} required helperText={`${characters(title.trim())}/${PUSH_LIMITS.title.max}`} />
            <TextInput name="message" label={T.message} required multiline rows={{ min: 3, max: 6 }} helperText={`${characters(message.trim())}/${PUSH_LIMITS.message.max}`} />
            <Box sx={{ display: 'flex', justifyContent: 'flex-end', gap: 1, pr: CHAT_GUTTER }}>
              <Button onClick={() => form.reset(EMPTY)} disabled={sending}>
                {T.cancel}
              </Button>
              <Button type="submit" variant="contained" startIcon={<SendIcon />} disabled={sending}>
                {T.send}
              </Button>
            </Box>
          </Box>
        </FormProvider>
      </CardContent>
      <ConfirmDialog open={pending !== null} content={T.confirmSend} busy={sending} onConfirm={send} onClose={() => setPending(null)} />
      <SuccessDialog open={result !== null} title={T.sentTitle} message={result ? sendSummary(result).join(' · ') : undefined} onClose={() => setResult(null)} />
      <ErrorDialog messages={errors} onClose={() => setErrors([])} />
    </Card>
  );
}
