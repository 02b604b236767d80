import { type ComponentType, Suspense } from 'react';
import { Loading } from 'react-admin';
import { Route } from 'react-router-dom';
import { lazyScreen } from '../../ui/newVersion';

function screen(name: 'ClientFeatureList' | 'ClientFeatureCreate' | 'ClientFeatureEdit' | 'ClientFeatureView') {
  const Screen: ComponentType = lazyScreen(() => import('./clientScreens').then((m) => ({ default: m[name] })));
  return (
    <Suspense fallback={<Loading />}>
      <Screen />
    </Suspense>
  );
}

/** The routes of a client's attributes, below /clients (spec 1 §2.6). */
export const clientFeatureRoutes = [
  <Route key="features" path=":id/features" element={screen('ClientFeatureList')} />,
  <Route key="feature-add" path=":clientId/features/add" element={screen('ClientFeatureCreate')} />,
  <Route key="feature-edit" path=":clientId/features/edit/:id" element={screen('ClientFeatureEdit')} />,
  <Route key="feature-view" path=":clientId/features/view/:id" element={screen('ClientFeatureView')} />,
];
