import { zodResolver } from '@hookform/resolvers/zod';
import HistoryIcon from '@mui/icons-material/History';
import SendIcon from '@mui/icons-material/Send';
import { Box, Button, Card, CardContent, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle, LinearProgress } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useCreate } from 'ra-core';
import { useEffect, useState } from 'react';
import { FormProvider, useForm, useWatch } from 'react-hook-form';
import { useNavigate } from 'react-router-dom';
import { PUSH_LIMITS, PUSH_TEXT as T, type PushMessageValues, pushMessageSchema, type PushSendResult, sendSummary } from '../../../domain/push';
import { characters } from '../../../domain/validation';
import { request } from '../../dataProvider/http';
import { ConfirmDialog, ErrorDialog, errorMessages, SuccessDialog } from '../../ui/dialogs';
import { TextInput } from '../../ui/form/inputs';
import { useConfirmLeave } from '../../ui/form/useConfirmLeave';
import { CHAT_GUTTER } from '../../ui/chatGutter';
import { ScreenTitle } from '../../ui/ScreenTitle';

const EMPTY: PushMessageValues = { title: '', message: '' };
/** How often a send going out is asked how far it got. */
const PROGRESS_POLL_MS = 1_000;

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
  // The send the server took (202) and goes on with: its progress, read until it is SENT or ERROR.
  const [going, setGoing] = useState<PushSendResult | null>(null);
  const ask = form.handleSubmit((values) => setPending(values));
  // A message being written is not dropped by the side menu or 'Últimos mensajes enviados' without asking,
  // as in every form of the console; once sent (the form is emptied) nothing is asked.
  const leaveGuard = useConfirmLeave(() => !sending && Object.values(form.getValues()).some((v) => v.trim() !== ''), { anyNavigation: true });
  const send = async () => {
    if (!pending) return;
    setSending(true);
    try {
      // ENVIAR again after an answer that never came is the same send (the creation's request key): not sent twice.
      const taken = (await create('push-notifications', { data: pending }, { returnPromise: true })) as unknown as PushSendResult;
      // Recorded: the form is spent, so no second ENVIAR repeats the broadcast.
      form.reset(EMPTY);
      setGoing(taken);
    } catch (error) {
      setErrors(errorMessages(error));
    } finally {
      setSending(false);
      setPending(null);
    }
  };
  const progress = useQuery({
    queryKey: ['push-send', going?.id],
    queryFn: () => request<PushSendResult>(`/push-notifications/${going!.id}`),
    enabled: going !== null,
    initialData: going ?? undefined,
    // The send's own answer is the first progress: the first poll comes a second later, not at once (it showed
    // '0 de N' only for as long as a redundant request took).
    staleTime: PROGRESS_POLL_MS,
    refetchInterval: (query) => (query.state.data?.status === 'SENDING' ? PROGRESS_POLL_MS : false),
  });
  const now = going ? progress.data : undefined;
  useEffect(() => {
    if (!now || now.status === 'SENDING') return;
    setGoing(null);
    if (now.status === 'SENT') setResult(now);
    else setErrors([now.error === T.interrupted || now.error === T.unexpected ? now.error : T.outage]);
  }, [now]);

  return (
    <Card sx={{ mt: 2, maxWidth: 720 }}>
      <CardContent>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, mb: 2 }}>
          <ScreenTitle>{T.newTitle}</ScreenTitle>
          <Button startIcon={<HistoryIcon />} onClick={() => navigate('/push-notifications/historial')}>
            {T.historyTitle}
          </Button>
        </Box>
        <FormProvider {...form}>
          <Box component="form" noValidate onSubmit={ask} sx={{ display: 'grid', gap: 1 }}>
            <TextInput name="title" label={T.title} required keepHelperText helperText={`${characters(title.trim())}/${PUSH_LIMITS.title.max}`} />
            <TextInput name="message" label={T.message} required keepHelperText multiline rows={{ min: 3, max: 6 }} helperText={`${characters(message.trim())}/${PUSH_LIMITS.message.max}`} />
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
      <Dialog open={going !== null && now?.status === 'SENDING'} aria-labelledby="push-sending-title" maxWidth="xs" fullWidth>
        <DialogTitle id="push-sending-title">{T.sendingTitle}</DialogTitle>
        {now && (
          <DialogContent>
            <LinearProgress
              variant={now.totalMessagesSended ? 'determinate' : 'indeterminate'}
              value={now.totalMessagesSended ? (100 * now.processedMessages) / now.totalMessagesSended : undefined}
              aria-label={T.sendingTitle}
              sx={{ my: 1 }}
            />
            <DialogContentText role="status">{T.progress(now.processedMessages, now.totalMessagesSended)}</DialogContentText>
            <DialogContentText variant="body2" sx={{ mt: 1 }}>
              {T.inBackground}
            </DialogContentText>
          </DialogContent>
        )}
        <DialogActions>
          <Button onClick={() => setGoing(null)}>Cerrar</Button>
        </DialogActions>
      </Dialog>
      <SuccessDialog open={result !== null} title={T.sentTitle} message={result ? sendSummary(result).join(' · ') : undefined} onClose={() => setResult(null)} />
      <ErrorDialog messages={errors} onClose={() => setErrors([])} />
      {leaveGuard.dialog}
    </Card>
  );
}
