import { Switch } from '@mui/material';
import { type RaRecord, useNotify, useRefresh } from 'ra-core';
import { useState } from 'react';
import { useCampoDataProvider } from '../../dataProvider/useCampoDataProvider';
import { ErrorDialog, errorMessages } from '../../ui/dialogs';

/** The WhatsApp-notification switch of a row: it changes at once, without a confirmation. */
export function WhatsappSwitch({ record }: { record: RaRecord }) {
  const dataProvider = useCampoDataProvider();
  const notify = useNotify();
  const refresh = useRefresh();
  const [busy, setBusy] = useState(false);
  const [errors, setErrors] = useState<string[]>([]);
  const on = Boolean(record.sendWhatsappNotification);
  const change = async () => {
    setBusy(true);
    try {
      await dataProvider.action('web-users', 'setWhatsapp', { id: record.id, sendWhatsappNotification: !on });
      notify(on ? 'Notificaciones por WhatsApp desactivadas' : 'Notificaciones por WhatsApp activadas', { type: 'success' });
      refresh();
    } catch (error) {
      setErrors(errorMessages(error));
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <Switch checked={on} disabled={busy} onChange={change} slotProps={{ input: { 'aria-label': `WhatsApp ${record.names} ${record.lastName}` } }} />
      <ErrorDialog messages={errors} onClose={() => setErrors([])} />
    </>
  );
}
