import ReportIcon from '@mui/icons-material/Report';
import type { RaRecord } from 'ra-core';
import { MOTIVE_TEXT, motiveSchema } from '../../../domain/motives';
import { actionsColumn, dateColumn, switchColumn } from '../../ui/table/columns';
import { defineScreens } from '../define';

const name = (m: RaRecord) => String(m.motive);

/** Motives (spec 3 §2): the reasons given when a move is rejected or observed. */
export default defineScreens({
  name: 'motives',
  area: 'motives',
  list: {
    title: 'Motivos',
    emptyText: 'No hay resultados para la búsqueda',
    icon: <ReportIcon color="primary" />,
    addLabel: 'Crear Motivo',
    search: { label: 'Buscar', field: 'q', placeholder: 'Motivo o descripción' },
    sort: { field: 'id', order: 'ASC' },
    columns: [
      { source: 'id', label: 'Id' },
      // Whole, as the guidelines' names: the motive is what tells one row from another ('Video inco…' read like the others).
      { source: 'motive', label: 'Motivo', truncate: false },
      { source: 'description', label: 'Descripción', truncate: true },
      dateColumn('createdAt', 'Fecha de creación'),
      actionsColumn({ root: '/motives', name }),
      switchColumn({
        source: 'isActive',
        label: 'Activar/Desactivar',
        active: (m) => Boolean(m.isActive),
        name,
        title: MOTIVE_TEXT.toggleTitle,
        question: MOTIVE_TEXT.toggleQuestion,
        change: (activate, m) => ({ action: 'setState', body: { id: m.id, isActive: activate } }),
        done: (activate) => (activate ? 'Motivo activado' : 'Motivo desactivado'),
      }),
    ],
  },
  form: {
    schema: motiveSchema,
    empty: { motive: '', description: '', requiresUserComment: false, isActive: true },
    toValues: (m) => ({
      motive: String(m.motive ?? ''),
      description: String(m.description ?? ''),
      requiresUserComment: Boolean(m.requiresUserComment),
      isActive: Boolean(m.isActive),
    }),
    title: { add: 'Crear Motivo', edit: () => 'Editar Motivo', view: (m) => String(m.motive) },
    saved: { created: MOTIVE_TEXT.saved, updated: MOTIVE_TEXT.saved },
    fields: [
      { source: 'motive', label: 'Motivo', required: true, span: 2 },
      { source: 'description', label: 'Descripción', kind: 'multiline', rows: { min: 5, max: 10 }, helperText: 'Hasta 220 caracteres', span: 2 },
      { source: 'requiresUserComment', label: 'Requiere comentario del usuario', kind: 'checkbox' },
      { source: 'isActive', label: 'Activo', kind: 'checkbox' },
    ],
  },
});
