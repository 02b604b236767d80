import EditIcon from '@mui/icons-material/Edit';
import EventBusyIcon from '@mui/icons-material/EventBusy';
import MenuBookIcon from '@mui/icons-material/MenuBook';
import type { RaRecord } from 'ra-core';
import { GUIDELINE_SECTIONS, GUIDELINE_TEXT, guidelineSchema } from '../../../domain/guidelines';
import { ConfirmedActionButton } from '../../ui/RecordAction';
import { dateColumn, linkColumn } from '../../ui/table/columns';
import { LinkButton } from '../../ui/table/RowButtons';
import { defineScreens } from '../define';
import { GuidelineFields } from './GuidelineFields';

const root = '/campo-guidelines';
const name = (g: RaRecord) => `${g.name} versión ${g.version}`;

const FIELDS = ['name', ...GUIDELINE_SECTIONS.flatMap(({ key }) => [key, `${key}Video`, `${key}Img`])];
const EMPTY = Object.fromEntries(FIELDS.map((f) => [f, ''])) as Record<string, string>;

/**
 * The guidelines bank (spec 3 §2): every version is a row, with its start and end of validity.
 * Editing the current version saves a new one; ending it leaves no current version.
 */
export default defineScreens({
  name: 'campo-guidelines',
  area: 'guidelines',
  list: {
    title: 'Banco de Instructivos',
    emptyText: 'No hay resultados para la búsqueda',
    icon: <MenuBookIcon color="primary" />,
    addLabel: 'NUEVO INSTRUCTIVO',
    search: { label: 'Buscar', field: 'q', placeholder: 'Nombre del instructivo' },
    sort: { field: 'name', order: 'ASC' },
    columns: [
      linkColumn('view', 'Ver', { root, name }),
      // Whole: the versions of one guideline share its name, and cut to ten letters they read alike ('Prueba de …' three times).
      { source: 'name', label: 'Nombre', truncate: false },
      { source: 'version', label: 'Versión' },
      dateColumn('createdAt', 'Inicio de vigencia'),
      dateColumn('deletedAt', 'Fin de vigencia'),
    ],
    rowActions: (g) =>
      g.editable ? (
        <>
          <LinkButton path={`${root}/edit/${g.id}`} icon={<EditIcon />}>
            Editar
          </LinkButton>
          <ConfirmedActionButton
            label={GUIDELINE_TEXT.endTitle}
            icon={<EventBusyIcon />}
            title={GUIDELINE_TEXT.endTitle}
            question={GUIDELINE_TEXT.endQuestion}
            call={{ action: 'end', body: { id: g.id } }}
            done={GUIDELINE_TEXT.ended}
          />
        </>
      ) : null,
  },
  form: {
    schema: guidelineSchema,
    empty: EMPTY,
    toValues: (g) => Object.fromEntries(FIELDS.map((f) => [f, String(g[f] ?? '')])),
    title: { add: 'Nuevo Instructivo', edit: (g) => `Editar Instructivo: ${name(g)}`, view: (g) => `Instructivo: ${name(g)}` },
    saved: { created: GUIDELINE_TEXT.created, updated: GUIDELINE_TEXT.updated },
    confirmEdit: { title: 'Nueva versión', content: GUIDELINE_TEXT.editQuestion },
    editable: (g) => Boolean(g.editable),
    fields: GuidelineFields,
  },
});
