import { AccessDenied, Admin, CustomRoutes, NotFound, Resource } from 'react-admin';
import { BrowserRouter, Navigate, Route, useLocation } from 'react-router-dom';
import { canUse, isAdmin, STAFF } from '../domain/roles';
import { authProvider, currentRole } from './authProvider';
import { dataProvider } from './dataProvider';
import { createQueryClient } from './dataProvider/queryClient';
import { i18nProvider } from './i18n';
import { CampoLayout } from './layout/Layout';
import { PENDING_SCREENS } from './layout/menu';
import { theme } from './layout/theme';
import { ClaimsPage, ContactPage, SurveysPage } from './pages/ClientService';
import { Dashboard } from './pages/Dashboard';
import { resources } from './resources';
import { ReportsRoutes } from './resources/reports';
import { LazyResource } from './resources/LazyResource';
import { Placeholder } from './ui/Placeholder';

/** Login lives outside <Admin> (main.tsx): react-admin's login route sends the browser there. */
function ToLogin() {
  window.location.replace('/login');
  return null;
}

/** The first segment of every screen the console has, whoever may use it. */
const KNOWN_AREAS = new Set([...resources.map((r) => r.name), 'reports', 'client-service']);

/**
 * Non-admins on unknown paths go to the dashboard (spec 1 §2.1). Staff on a screen that exists but is
 * not for their role are told so ('Acceso denegado'), as on the screens guarded inside an area:
 * redirected, staff whose dashboard is empty (operations on payments, say) saw a blank page and no
 * reason. Client-side users still land on their dashboard, which is their home.
 */
function CatchAll() {
  const { pathname } = useLocation();
  const role = currentRole();
  if (role !== null && STAFF.includes(role) && KNOWN_AREAS.has(pathname.split('/')[1] ?? '')) return <AccessDenied />;
  return isAdmin(role) ? <NotFound /> : <Navigate to="/dashboard" replace />;
}

const queryClient = createQueryClient();

export default function App() {
  const role = currentRole();
  return (
    <BrowserRouter>
      <Admin
        dataProvider={dataProvider}
        queryClient={queryClient}
        authProvider={authProvider}
        i18nProvider={i18nProvider}
        layout={CampoLayout}
        theme={theme}
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
          {PENDING_SCREENS.filter((s) => canUse(role, s.area)).map((s) => (
            <Route key={s.path} path={s.path} element={<Placeholder title={s.title} />} />
          ))}
        </CustomRoutes>
      </Admin>
    </BrowserRouter>
  );
}
