import CampaignIcon from '@mui/icons-material/Campaign';
import type { RaRecord } from 'ra-core';
import { CAMPAIGN_TEXT, campaignEditSchema, campaignSchema } from '../../../domain/campaigns';
import { formatDisplayDate } from '../../../domain/validation';
import { dateColumn, linkColumn, stateColumn, switchColumn } from '../../ui/table/columns';
import { defineScreens } from '../define';
import { CampaignFields } from './CampaignFields';

const root = '/campo-campaigns';
const name = (c: RaRecord) => String(c.name);
const enabled = (c: RaRecord) => c.deletedAt === null;
/** The form holds dates as typed (DD/MM/YYYY); the schema turns them into ISO for the API. */
const shown = (iso: unknown) => (iso ? formatDisplayDate(String(iso)) : '');

/** 'Banco de Campañas' (spec 3 §2): disabled by deletedAt, enabled again with deletedAt null. */
export default defineScreens({
  name: 'campo-campaigns',
  area: 'campaigns',
  list: {
    title: 'Banco de Campañas',
    icon: <CampaignIcon color="primary" />,
    addLabel: 'Nueva campaña',
    search: { label: 'Nombre', field: 'name', placeholder: 'Filtrar por nombre' },
    debounce: 600,
    clientFilter: { field: 'clientId' },
    perPageOptions: [20, 50, 100, 150, 200],
    sort: { field: 'startDate', order: 'DESC' },
    emptyText: 'No hay resultados para la búsqueda',
    columns: [
      linkColumn('edit', 'Editar', { root, name }),
      { source: 'name', label: 'Nombre' },
      { source: 'client', label: 'Cliente', render: (c) => c.client?.name ?? '-' },
      dateColumn('startDate', 'Fecha de inicio'),
      dateColumn('endDate', 'Fecha de finalización'),
      stateColumn('state', 'Estado', { active: enabled, yes: CAMPAIGN_TEXT.enabled, no: CAMPAIGN_TEXT.disabled }),
      switchColumn({
        source: 'toggle',
        // The 'Estado' column beside it already tells readers.
        forReaders: null,
        label: 'Habilitar/Inhabilitar',
        active: enabled,
        name,
        title: CAMPAIGN_TEXT.toggleTitle,
        question: CAMPAIGN_TEXT.toggleQuestion,
        change: (enable, c) => (enable ? { action: 'enable', body: { id: c.id, deletedAt: null } } : { action: 'disable', body: { id: c.id } }),
        done: (enable) => (enable ? 'Campaña habilitada' : 'Campaña inhabilitada'),
      }),
    ],
  },
  form: {
    schema: campaignSchema,
    editSchema: (c) => campaignEditSchema({ startDate: String(c.startDate), endDate: String(c.endDate) }),
    empty: { name: '', clientId: null as number | null, client: null, startDate: '', endDate: '' },
    toValues: (c) => ({ name: String(c.name ?? ''), clientId: c.clientId ?? null, client: c.client ?? null, startDate: shown(c.startDate), endDate: shown(c.endDate) }),
    title: { add: 'Nueva campaña', edit: (c) => `Editar campaña: ${c.name}`, view: name },
    saved: { created: CAMPAIGN_TEXT.created, updated: CAMPAIGN_TEXT.updated },
    fields: CampaignFields,
  },
});
