import { Suspense, type ComponentType } from 'react';
import { Loading } from 'react-admin';
import { Navigate, Route } from 'react-router-dom';
import { lazyScreen } from '../../ui/newVersion';

/** One of the client-scoped screens, fetched with the locations chunk the first time it is opened. */
function screen(name: 'ClientLocationList' | 'ClientLocationCreate' | 'ClientLocationEdit' | 'ClientLocationView' | 'ClientLocationsMassive') {
  const Screen: ComponentType = lazyScreen(() => import('./clientScreens').then((m) => ({ default: m[name] })));
  return (
    <Suspense fallback={<Loading />}>
      <Screen />
    </Suspense>
  );
}

/**
 * The routes of a client's points of sale, below /clients (spec 1 §2.5): the list (also from the
 * client's view path), add, edit, view and the bulk load. An id-less edit or view leads to the list.
 */
export const clientLocationRoutes = [
  <Route key="branch-offices" path=":id/branch-offices" element={screen('ClientLocationList')} />,
  <Route key="view-branch-offices" path="view/:id/branch-offices" element={screen('ClientLocationList')} />,
  <Route key="location-add" path=":clientId/add" element={screen('ClientLocationCreate')} />,
  <Route key="location-edit" path=":clientId/edit/:id" element={screen('ClientLocationEdit')} />,
  <Route key="location-view" path=":clientId/view/:id" element={screen('ClientLocationView')} />,
  <Route key="location-edit-list" path=":clientId/edit" element={<Navigate to="../branch-offices" relative="path" replace />} />,
  <Route key="location-view-list" path=":clientId/view" element={<Navigate to="../branch-offices" relative="path" replace />} />,
  <Route key="location-massive" path=":clientId/massive" element={screen('ClientLocationsMassive')} />,
];
