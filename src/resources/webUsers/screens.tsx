import PeopleIcon from '@mui/icons-material/People';
import type { RaRecord } from 'ra-core';
import { cloneElement, type ReactElement, type ReactNode } from 'react';
import { Route, type RouteProps, useParams } from 'react-router-dom';
import { id } from '../../../domain/validation';
import { WEB_USER_TEXT, webUserEditSchema, webUserSchema } from '../../../domain/webUsers';
import { getSession, saveProfile } from '../../authProvider/session';
import { linkColumn, switchColumn } from '../../ui/table/columns';
import { defineScreens } from '../define';
import { UserListActions } from './ListActions';
import { ImportPage } from './massive/ImportPage';
import { UserFields } from './UserFields';
import { WhatsappSwitch } from './WhatsappSwitch';
import { Missing } from '../../ui/Missing';

const root = '/web-users';
const name = (u: RaRecord) => `${u.names} ${u.lastName}`;
const text = (value: unknown) => (value ?? '') as string;

/** /edit/abc names no user: it says so, as /view/99999 does, without asking the server for /web-users/NaN. */
function KnownUserId({ children }: { children: ReactNode }) {
  const param = useParams().id ?? '';
  return /^\d+$/.test(param) && id.safeParse(param).success ? children : <Missing text={WEB_USER_TEXT.notFound} />;
}

const RECORD_PATHS = ['edit/:id', 'view/:id'];
const checkingId = (route: ReactElement<RouteProps>) =>
  RECORD_PATHS.includes(route.props.path ?? '') ? cloneElement(route, { element: <KnownUserId>{route.props.element}</KnownUserId> }) : route;

/** Web users (spec 3 §2): the list with its filters and exports, the form, the bulk import. */
const screens = defineScreens({
  name: 'web-users',
  list: {
    title: 'Usuarios',
    icon: <PeopleIcon color="primary" />,
    addLabel: 'Nuevo usuario',
    search: { label: 'Texto', field: 'q', placeholder: 'Nombre, apellido o email' },
    clientFilter: { field: 'clientId' },
    stateFilter: { kind: 'both', field: 'status' },
    actions: <UserListActions />,
    perPageOptions: [5, 10, 25, 50, 100],
    perPage: 10,
    sort: { field: 'id', order: 'ASC' },
    rowClick: 'view',
    emptyText: 'No hay resultados para la búsqueda',
    columns: [
      { source: 'id', label: 'Id', width: 64 },
      { source: 'names', label: 'Nombres' },
      { source: 'lastName', label: 'Apellido' },
      { source: 'email', label: 'Email', noSelect: true },
      { source: 'role', label: 'Rol', render: (u) => text(u.role?.description) || '-' },
      linkColumn('edit', 'Editar', { root, name }),
      { source: 'sendWhatsappNotification', label: 'WhatsApp', sortable: false, noSelect: true, render: (u) => <WhatsappSwitch record={u} /> },
      switchColumn({
        source: 'status',
        label: 'Activo',
        active: (u) => Boolean(u.status),
        name,
        title: WEB_USER_TEXT.stateTitle,
        question: WEB_USER_TEXT.stateQuestion,
        change: (activate, u) => ({ action: 'setState', body: { id: u.id, status: activate } }),
        done: (activate) => (activate ? 'Usuario activado' : 'Usuario desactivado'),
      }),
    ],
  },
  form: {
    schema: webUserSchema,
    editSchema: () => webUserEditSchema,
    empty: {
      names: '',
      lastName: '',
      email: '',
      primaryPhone: '',
      password: '',
      linkSurveyMonkey: '',
      checklistAccessUrl: '',
      checkerAccessToken: '',
      rolId: null as number | null,
      clientId: null as number | null,
      client: null,
      status: true,
      sendWhatsappNotification: false,
      actions: [] as number[],
    },
    toValues: (u) => ({
      names: text(u.names),
      lastName: text(u.lastName),
      email: text(u.email),
      primaryPhone: text(u.primaryPhone),
      password: '',
      linkSurveyMonkey: text(u.linkSurveyMonkey),
      checklistAccessUrl: text(u.checklistAccessUrl),
      checkerAccessToken: text(u.checkerAccessToken),
      rolId: (u.rolId as number | null) ?? null,
      clientId: (u.clientId as number | null) ?? null,
      client: u.client ?? null,
      status: Boolean(u.status),
      sendWhatsappNotification: Boolean(u.sendWhatsappNotification),
      actions: ((u.users_actions ?? []) as { action_id: number; active: boolean }[]).filter((a) => a.active).map((a) => a.action_id),
    }),
    title: { add: 'Nuevo usuario', edit: (u) => `Editar usuario: ${name(u)}`, view: name },
    saved: { created: WEB_USER_TEXT.created, updated: WEB_USER_TEXT.updated },
    // Editing oneself: 'Bienvenido' and the user menu name the user as saved, not as at login.
    afterUpdate: (u) => {
      const profile = getSession()?.profile;
      if (profile && profile.id === u.id) {
        saveProfile({ ...profile, firstName: String(u.names), lastName: String(u.lastName), email: String(u.email), linkSurveyMonkey: (u.linkSurveyMonkey as string | null) ?? null });
      }
    },
    fields: UserFields,
  },
  routes: [<Route key="massive" path="massive" element={<ImportPage />} />],
});

export default { ...screens, routes: (screens.routes as ReactElement<RouteProps>[]).map(checkingId) };
