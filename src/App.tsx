import { useMediaQuery } from '@mui/material';
import { AccessDenied, Admin, CustomRoutes, localStorageStore, NotFound, Resource } from 'react-admin';
import { createBrowserRouter, Navigate, Route, RouterProvider, useLocation } from 'react-router-dom';
import { type Area, canUse, isAdmin, STAFF } from '../domain/roles';
import { authProvider, currentRole } from './authProvider';
import { leaveForLogin } from './authProvider/session';
import { dataProvider } from './dataProvider';
import { createQueryClient } from './dataProvider/queryClient';
import { i18nProvider } from './i18n';
import { CampoLayout } from './layout/Layout';
import { stillTheme, theme } from './layout/theme';
import { ClaimsPage, ContactPage, SurveysPage } from './pages/ClientService';
import { Dashboard } from './pages/Dashboard';
import { resources } from './resources';
import { ReportsRoutes } from './resources/reports';
import { LazyResource } from './resources/LazyResource';

/** Login lives outside <Admin> (main.tsx): react-admin's login route sends the browser there. */
function ToLogin() {
  leaveForLogin({ replace: true });
  return null;
}

/** The area of each screen path's first segment, whoever may use it. */
const AREA_OF = new Map<string, Area>([...resources.map((r) => [r.name, r.area] as const), ['reports', 'reports'], ['client-service', 'client-service']]);

/**
 * Non-admins on unknown paths go to the dashboard (spec 1 §2.1). Staff on a screen that exists but is
 * not for their role are told so ('Acceso denegado'), as on the screens guarded inside an area:
 * redirected, staff whose dashboard is empty (operations on payments, say) saw a blank page and no
 * reason. Client-side users still land on their dashboard, which is their home.
 */
function CatchAll() {
  const { pathname } = useLocation();
  const role = currentRole();
  const area = AREA_OF.get(pathname.split('/')[1] ?? '');
  if (area && role !== null && STAFF.includes(role) && !canUse(role, area)) return <AccessDenied />;
  return isAdmin(role) ? <NotFound /> : <Navigate to="/dashboard" replace />;
}

const queryClient = createQueryClient();

/**
 * The console's saved preferences (react-admin's store, in the browser's storage). On a phone the menu
 * is a drawer over the page: the console opens with it closed, whatever a wider screen left saved. It
 * is set before the first render: opened and then closed, the drawer leaves the page hidden to
 * assistive technology.
 */
const store = localStorageStore();
if (window.matchMedia('(max-width: 599.95px)').matches) store.setItem('sidebar.open', false);

function CampoAdmin() {
  const role = currentRole();
  const reduceMotion = useMediaQuery('(prefers-reduced-motion: reduce)', { noSsr: true });
  return (
    <Admin
      dataProvider={dataProvider}
      queryClient={queryClient}
      store={store}
      authProvider={authProvider}
      i18nProvider={i18nProvider}
      layout={CampoLayout}
      theme={reduceMotion ? stillTheme : theme}
      dashboard={Dashboard}
      loginPage={ToLogin}
      catchAll={CatchAll}
      disableTelemetry
      requireAuth
      title="Campo"
    >
      {resources
        .filter((r) => canUse(role, r.area))
        .map((r) => (
          <Resource key={r.name} name={r.name}>
            <Route path="*" element={<LazyResource entry={r} fallback={<CatchAll />} />} />
          </Resource>
        ))}
      <CustomRoutes>
        <Route path="/dashboard" element={<Dashboard />} />
        <Route path="/dashboard/:planId" element={<Dashboard />} />
        <Route path="/clientPeriods" element={<Dashboard />} />
        {canUse(role, 'client-service') && <Route path="/client-service/claims" element={<ClaimsPage />} />}
        {canUse(role, 'client-contact') && <Route path="/client-service/contact" element={<ContactPage />} />}
        <Route path="/surveys" element={<SurveysPage />} />
        {canUse(role, 'reports') && <Route path="/reports/*" element={<ReportsRoutes />} />}
      </CustomRoutes>
    </Admin>
  );
}

/**
 * A data router with real paths: the same one react-admin builds for itself when it is given none
 * (one '*' route around <Admin>), with the browser's history instead of hashes. A data router is what
 * lets a screen stop the browser's back and forward buttons (useBlocker, in useConfirmLeave). Created
 * once, when the console loads after the login, as react-router asks (outside rendering).
 */
const router = createBrowserRouter([{ path: '*', element: <CampoAdmin />, errorElement: <BrokenScreen /> }]);

/** What an error thrown outside react-admin's layout shows (react-router's own page is in English). */
function BrokenScreen() {
  return (
    <div role="alert" style={{ fontFamily: 'Roboto, Helvetica, Arial, sans-serif', padding: 32 }}>
      <h1 style={{ fontSize: 22 }}>Ha ocurrido un error inesperado.</h1>
      <p>Vuelva a cargar la página; si el problema sigue, avise al equipo de soporte.</p>
      <button type="button" onClick={() => window.location.reload()}>
        Volver a cargar
      </button>
    </div>
  );
}

export default function App() {
  return <RouterProvider router={router} />;
}
