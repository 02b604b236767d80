import { lazy, type ReactNode, Suspense } from 'react';
import { Route, Routes } from 'react-router-dom';
import { Loading } from 'react-admin';
import { loadOrReload } from '../ui/newVersion';
import { type ResourceEntry, withListAddresses } from './define';

const cache = new Map<string, ReturnType<typeof lazy>>();

/** A resource's screens, fetched the first time one of its routes is visited. */
export function LazyResource({ entry, fallback }: { entry: ResourceEntry; fallback: ReactNode }) {
  let Screens = cache.get(entry.name);
  if (!Screens) {
    Screens = lazy(async () => {
      const { default: screens } = await loadOrReload(entry.load);
      const List = screens.list;
      const routes = withListAddresses(screens.routes);
      return {
        default: () => (
          <Routes>
            <Route index element={<List />} />
            {routes}
            <Route path="*" element={fallback} />
          </Routes>
        ),
      };
    });
    cache.set(entry.name, Screens);
  }
  return (
    <Suspense fallback={<Loading />}>
      <Screens />
    </Suspense>
  );
}
