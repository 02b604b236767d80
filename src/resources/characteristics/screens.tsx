import CategoryIcon from '@mui/icons-material/Category';
import type { RaRecord } from 'ra-core';
import { CHARACTERISTIC_TEXT, characteristicSchema } from '../../../domain/characteristics';
import { linkColumn, stateColumn, switchColumn } from '../../ui/table/columns';
import { defineScreens } from '../define';

const root = '/campo-characteristics';
const name = (c: RaRecord) => String(c.description);
const enabled = (c: RaRecord) => c.deletedAt === null;

/** The characteristics bank (spec 3 §2): enabled while deletedAt is null. */
export default defineScreens({
  name: 'campo-characteristics',
  area: 'characteristics',
  list: {
    title: 'Banco de Caracteristicas',
    emptyText: 'No hay resultados para la búsqueda',
    icon: <CategoryIcon color="primary" />,
    addLabel: 'Nueva Caracteristica',
    search: { label: 'Buscar', field: 'q', placeholder: 'Descripción' },
    perPageOptions: [20, 50, 100, 150, 200],
    sort: { field: 'description', order: 'ASC' },
    columns: [
      linkColumn('edit', 'Editar', { root, name }),
      { source: 'description', label: 'Descripción' },
      stateColumn('state', 'Estado', { active: enabled, yes: CHARACTERISTIC_TEXT.enabled, no: CHARACTERISTIC_TEXT.disabled }),
      switchColumn({
        source: 'toggle',
        // The 'Estado' column beside it already tells readers.
        forReaders: null,
        label: 'Habilitar/Inhabilitar',
        active: enabled,
        name,
        title: CHARACTERISTIC_TEXT.toggleTitle,
        question: CHARACTERISTIC_TEXT.toggleQuestion,
        change: (enable, c) => (enable ? { action: 'enable', body: { id: c.id, deletedAt: null } } : { action: 'disable', body: { id: c.id } }),
        done: (enable) => (enable ? 'Característica habilitada' : 'Característica inhabilitada'),
      }),
    ],
  },
  form: {
    schema: characteristicSchema,
    empty: { description: '' },
    toValues: (c) => ({ description: String(c.description ?? '') }),
    title: { add: 'Nueva Caracteristica', edit: (c) => `Editar Caracteristica: ${c.description}`, view: (c) => String(c.description) },
    saved: { created: CHARACTERISTIC_TEXT.created, updated: CHARACTERISTIC_TEXT.updated },
    fields: [{ source: 'description', label: 'Descripción', required: true, span: 2 }],
  },
});
