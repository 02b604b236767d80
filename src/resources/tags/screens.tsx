import LabelIcon from '@mui/icons-material/Label';
import type { RaRecord } from 'ra-core';
import { type KeyValue, TAG_TEXT, tagGroupSchema } from '../../../domain/tags';
import { actionsColumn, dateColumn, switchColumn } from '../../ui/table/columns';
import { defineScreens } from '../define';

const name = (t: RaRecord) => String(t.groupName);

/** Tag groups (spec 3 §2): a group name and its keys and values. */
export default defineScreens({
  name: 'tags',
  area: 'tags',
  list: {
    title: 'Tags',
    emptyText: 'No hay resultados para la búsqueda',
    icon: <LabelIcon color="primary" />,
    addLabel: 'Crear grupo',
    search: { label: 'Buscar', field: 'q', placeholder: 'Nombre del grupo' },
    sort: { field: 'groupName', order: 'ASC' },
    columns: [
      // Whole, as the guidelines' names: the group's name is what tells one row from another ('Canal de v…').
      { source: 'groupName', label: 'Nombre del grupo', truncate: false },
      dateColumn('createdAt', 'Fecha de creación'),
      actionsColumn({ root: '/tags', name }),
      switchColumn({
        source: 'active',
        label: 'Activar/Desactivar',
        active: (t) => Boolean(t.active),
        name,
        title: TAG_TEXT.toggleTitle,
        question: TAG_TEXT.toggleQuestion,
        change: (activate, t) => ({ action: 'setState', body: { id: t.id, active: activate } }),
        done: (activate) => (activate ? 'Grupo activado' : 'Grupo desactivado'),
      }),
    ],
  },
  form: {
    schema: tagGroupSchema,
    empty: { groupName: '', keysValues: [{ key: '', value: '' }], active: true },
    toValues: (t) => ({
      groupName: String(t.groupName ?? ''),
      keysValues: ((t.keysValues ?? []) as KeyValue[]).map(({ key, value }) => ({ key, value })),
      active: Boolean(t.active),
    }),
    title: { add: 'Crear Grupo', edit: () => 'Editar Grupo', view: (t) => String(t.groupName) },
    saved: { created: TAG_TEXT.saved, updated: TAG_TEXT.saved },
    fields: [
      { source: 'groupName', label: 'Nombre del grupo', required: true },
      { source: 'active', label: 'Activo', kind: 'checkbox' },
      { source: 'keysValues', label: 'Claves y valores', kind: 'keyValues', span: 2 },
    ],
  },
});
