import { Route } from 'react-router-dom';
import { clientSchema } from '../../../domain/clients';
import { Allowed, defineScreens } from '../define';
import { clientFeatureRoutes } from '../features/clientRoutes';
import { clientLocationRoutes } from '../locations/clientRoutes';
import { ClientList } from './ClientList';
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
      { source: 'typeId', label: 'Tipo de Cliente', kind: 'select', choices: { from: '/core-clients/clients/getClientsTypes' } },
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
