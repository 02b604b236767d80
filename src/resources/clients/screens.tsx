import BusinessIcon from '@mui/icons-material/Business';
import EditIcon from '@mui/icons-material/Edit';
import StoreIcon from '@mui/icons-material/Store';
import TuneIcon from '@mui/icons-material/Tune';
import { Chip } from '@mui/material';
import type { RaRecord } from 'ra-core';
import { Route } from 'react-router-dom';
import { CLIENT_STATE_QUESTION, clientSchema } from '../../../domain/clients';
import { Placeholder } from '../../ui/Placeholder';
import { StateToggle } from '../../ui/StateToggle';
import { LinkButton, ViewButton } from '../../ui/table/RowButtons';
import { defineScreens } from '../define';
import { clientFeatureRoutes } from '../features/clientRoutes';
import { clientLocationRoutes } from '../locations/clientRoutes';

const [confirmTitle, ...question] = CLIENT_STATE_QUESTION.split('. ');

const text = (value: unknown) => (value ?? '') as string;

/** Clients (spec 1 §2.4): 'Lista de Clientes', add / edit / view, activation. */
export default defineScreens({
  name: 'clients',
  list: {
    title: 'Lista de Clientes',
    icon: <BusinessIcon color="primary" />,
    addLabel: 'Nuevo Cliente',
    search: { label: 'Buscar', field: 'q', placeholder: 'Nombre, email o dirección' },
    stateFilter: { kind: 'showInactive', field: 'state', label: 'Activo/Inactivo' },
    perPageOptions: [20, 50, 100, 150, 200],
    perPage: 100,
    sort: { field: 'name', order: 'ASC' },
    exportFile: 'clientes',
    columns: [
      {
        source: 'view',
        label: 'Ver',
        sortable: false,
        noSelect: true,
        width: 56,
        render: (r) => <ViewButton path={`/clients/view/${r.id}`} label={`Ver ${r.name}`} />,
        exportValue: (r) => r.id,
      },
      { source: 'name', label: 'Nombre' },
      { source: 'address', label: 'Dirección', truncate: true },
      { source: 'telephone', label: 'Teléfono', noSelect: true },
      { source: 'email', label: 'Email', noSelect: true },
      {
        source: 'state',
        label: 'Estado',
        render: (r) => <Chip size="small" label={r.state ? 'Activo' : 'Inactivo'} color={r.state ? 'success' : 'default'} />,
        exportValue: (r) => (r.state ? 'Activo' : 'Inactivo'),
      },
      {
        source: 'actions',
        label: 'Activar/Desactivar',
        sortable: false,
        noSelect: true,
        render: (r) => <StateToggle record={r} field="state" title={confirmTitle} question={question.join('. ')} action="setState" />,
      },
    ],
    rowActions: (r: RaRecord) => (
      <>
        <LinkButton path={`/clients/edit/${r.id}`} icon={<EditIcon />}>
          Editar
        </LinkButton>
        <LinkButton path={`/clients/${r.id}/branch-offices`} icon={<StoreIcon />}>
          Locaciones
        </LinkButton>
        <LinkButton path={`/clients/${r.id}/features`} icon={<TuneIcon />}>
          Atributos
        </LinkButton>
      </>
    ),
  },
  form: {
    schema: clientSchema,
    empty: { name: '', address: '', telephone: '', email: '', imageUrl: '', claimUrl: '', contactUrl: '', linkSurveyMonkey: '', typeId: null as number | null },
    toValues: (c) => ({
      name: text(c.name),
      address: text(c.address),
      telephone: text(c.telephone),
      email: text(c.email),
      imageUrl: text(c.imageUrl),
      claimUrl: text(c.claimUrl),
      contactUrl: text(c.contactUrl),
      linkSurveyMonkey: text(c.linkSurveyMonkey),
      typeId: (c.typeId as number | null) ?? null,
    }),
    title: { add: 'Nuevo Cliente', edit: (c) => `Editar: ${c.name}`, view: (c) => String(c.name) },
    saved: { created: 'Cliente creado con éxito', updated: 'Cambios guardados con éxito' },
    fields: [
      { source: 'name', label: 'Nombre', required: true },
      { source: 'typeId', label: 'Tipo de Cliente', kind: 'select', required: true, choices: { from: '/core-clients/clients/getClientsTypes' } },
      { source: 'address', label: 'Dirección', required: true },
      { source: 'telephone', label: 'Teléfono', helperText: 'Sólo números, sin espacios' },
      { source: 'email', label: 'Email', required: true },
      { source: 'imageUrl', label: 'URL de la imagen (banner)' },
      { source: 'claimUrl', label: 'URL de reclamos', required: true },
      { source: 'contactUrl', label: 'URL de contacto', required: true },
      { source: 'linkSurveyMonkey', label: 'Link de encuesta' },
    ],
  },
  routes: [
    <Route key="upload" path="upload" element={<Placeholder title="Carga de clientes" />} />,
    ...clientLocationRoutes,
    ...clientFeatureRoutes,
  ],
});
