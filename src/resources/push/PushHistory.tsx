import AddIcon from '@mui/icons-material/Add';
import NotificationsIcon from '@mui/icons-material/Notifications';
import RefreshIcon from '@mui/icons-material/Refresh';
import { Button, Chip, Tooltip } from '@mui/material';
import { type RaRecord, useRefresh } from 'ra-core';
import { useNavigate } from 'react-router-dom';
import { PUSH_TEXT as T, type PushHistoryRow } from '../../../domain/push';
import { formatCount } from '../../../domain/numbers';
import { formatDisplayDate } from '../../../domain/validation';
import { CampoList, type Column } from '../../ui/table/CampoList';
import { dateExport } from '../../ui/table/columns';

const C = T.columns;
const row = (r: RaRecord) => r as unknown as PushHistoryRow;
// A send going out says how far it got ('Enviando (120 de 3.000)'); 'Click para refrescar' reads it again.
const statusText = (r: RaRecord) => {
  const { status, processedMessages, totalMessagesSended } = row(r);
  const text = T.status[status] ?? status;
  return status === 'SENDING' ? `${text} (${formatCount(processedMessages)} de ${formatCount(totalMessagesSended)})` : text;
};
const sentAt = (r: RaRecord) => formatDisplayDate(row(r).createdAt, true);

const columns: Column[] = [
  // What the list is read for: whole, not cut to 10 characters (spec 1 §2.2 cuts 'in some lists').
  { source: 'title', label: C.title, truncate: false },
  { source: 'body', label: C.body, truncate: false },
  // Dotted as the send's progress and result say them ('50.000'); the Excel keeps them as numbers.
  { source: 'totalMessagesSended', label: C.totalMessagesSended, render: (r) => formatCount(row(r).totalMessagesSended), exportValue: (r) => row(r).totalMessagesSended },
  { source: 'sucessfullMessages', label: C.sucessfullMessages, render: (r) => formatCount(row(r).sucessfullMessages), exportValue: (r) => row(r).sucessfullMessages },
  { source: 'removedTokens', label: C.removedTokens, render: (r) => formatCount(row(r).removedTokens), exportValue: (r) => row(r).removedTokens },
  { source: 'createdAt', label: C.createdAt, render: sentAt, ...dateExport(sentAt, true) },
  {
    source: 'status',
    label: C.status,
   
    render: (r) => {
      const chip = <Chip size="small" label={statusText(r)} color={row(r).status === 'ERROR' ? 'error' : row(r).status === 'SENT' ? 'success' : 'default'} />;
      return row(r).error ? <Tooltip title={row(r).error}>{chip}</Tooltip> : chip;
    },
    exportValue: statusText,
  },
];

function Actions() {
  const refresh = useRefresh();
  const navigate = useNavigate();
  return (
    <>
      <Button variant="outlined" startIcon={<RefreshIcon />} onClick={refresh}>
        {T.refresh}
      </Button>
      <Button variant="contained" startIcon={<AddIcon />} onClick={() => navigate('/push-notifications/NEW')}>
        {T.newTitle}
      </Button>
    </>
  );
}

/** '/push-notifications/historial': 'Últimos mensajes enviados', newest first (every column sorts), with 'Click para refrescar'. */
export function PushHistory() {
  return (
    <CampoList
      title={T.historyTitle}
      icon={<NotificationsIcon color="primary" />}
      columns={columns}
      perPage={10}
      perPageOptions={[5, 10, 25, 50, 100]}
      sort={{ field: 'createdAt', order: 'DESC' }}
      storeKey="push.history"
      emptyText="Todavía no se enviaron notificaciones."
      actions={<Actions />}
    />
  );
}
