import { Route } from 'react-router-dom';
import { clientSchema } from '../../../domain/clients';
import { Allowed, defineScreens } from '../define';
import { clientFeatureRoutes } from '../features/clientRoutes';
import { clientLocationRoutes } from '../locations/clientRoutes';
import { ClientLinks, ClientList } from './ClientList';
import { ClientUploadPage } from './ClientUploadPage';

const text = (value: unknown) => (value ?? '') as string;

/**
 * Clients (spec 1 §2.4): 'Lista de Clientes', add / edit / view and activation for those who write
 * clients, the bulk upload for admins.
 */
export default defineScreens({
  name: 'clients',
  area: 'clients',
  list: ClientList,
  form: {
    schema: clientSchema,
    empty: { name: '', address: '', telephone: '', email: '', imageUrl: '', claimUrl: '', contactUrl: '', linkSurveyMonkey: '', typeId: null as number | null, checklist: false },
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
      checklist: Boolean(c.checklist),
    }),
    title: { add: 'Nuevo Cliente', edit: (c) => `Editar: ${c.name}`, view: (c) => String(c.name) },
    saved: { created: 'Cliente creado con éxito', updated: 'Cambios guardados con éxito' },
    // The client's own screen leads to its points of sale and attributes, as its row in the list does.
    actions: (c) => <ClientLinks clientId={c.id} />,
    fields: [
      { source: 'name', label: 'Nombre', required: true },
      { source: 'typeId', label: 'Tipo de Cliente', kind: 'select', choices: { from: '/core-clients/clients/getClientsTypes' } },
      { source: 'address', label: 'Dirección', required: true },
      { source: 'telephone', label: 'Teléfono', helperText: 'Sólo números, sin espacios' },
      { source: 'email', label: 'Email', required: true },
      { source: 'imageUrl', label: 'URL de la imagen (banner)' },
      { source: 'claimUrl', label: 'URL de reclamos', required: true },
      { source: 'contactUrl', label: 'URL de contacto', required: true },
      { source: 'linkSurveyMonkey', label: 'Link de encuesta' },
      // Its users' 'Supervisión' button also needs their own checklist link (the user form).
      { source: 'checklist', label: 'Tiene checklist (botón «Supervisión» en el panel de sus usuarios)', kind: 'checkbox', span: 2 },
    ],
  },
  routes: [
    <Route
      key="upload"
      path="upload"
      element={
        <Allowed area="client-upload">
          <ClientUploadPage />
        </Allowed>
      }
    />,
    ...clientLocationRoutes,
    ...clientFeatureRoutes,
  ],
});
