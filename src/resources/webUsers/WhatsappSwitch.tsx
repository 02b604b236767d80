import { Box, Switch } from '@mui/material';
import { type RaRecord, useNotify, useRefresh } from 'ra-core';
import { useId, useState } from 'react';
import { WEB_USER_TEXT } from '../../../domain/webUsers';
import { useCampoDataProvider } from '../../dataProvider/useCampoDataProvider';
import { ErrorDialog, errorMessages } from '../../ui/dialogs';
import { VISUALLY_HIDDEN } from '../../ui/visuallyHidden';

/**
 * The WhatsApp-notification switch of a row: it changes at once, without a confirmation. The
 * notifications go to the user's phone, so without one it cannot be turned on (it can be turned off),
 * and says why: on hover, and to a screen reader as the switch's description.
 */
export function WhatsappSwitch({ record }: { record: RaRecord }) {
  const dataProvider = useCampoDataProvider();
  const notify = useNotify();
  const refresh = useRefresh();
  const whyId = useId();
  const [busy, setBusy] = useState(false);
  const [errors, setErrors] = useState<string[]>([]);
  const on = Boolean(record.sendWhatsappNotification);
  const noPhone = !record.primaryPhone;
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
      <span title={noPhone ? WEB_USER_TEXT.whatsappNoPhone : undefined}>
        <Switch
          checked={on}
          disabled={busy || (noPhone && !on)}
          onChange={change}
          slotProps={{ input: { 'aria-label': `WhatsApp ${record.names} ${record.lastName}`, 'aria-describedby': noPhone ? whyId : undefined } }}
        />
        {noPhone && (
          <Box component="span" id={whyId} sx={VISUALLY_HIDDEN}>
            {WEB_USER_TEXT.whatsappNoPhone}
          </Box>
        )}
      </span>
      <ErrorDialog messages={errors} onClose={() => setErrors([])} />
    </>
  );
}
