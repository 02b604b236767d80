import type { ReactElement } from 'react';
import { Route } from 'react-router-dom';
import { Allowed, type Screens } from '../define';
import { LocationList } from './LocationList';
import { LocationCreatePage, LocationRecordPage } from './LocationPages';
import { MassiveLoadPage } from './MassiveLoadPage';
import { rootLocationPaths as paths } from './paths';

/** A screen for those who may write locations ('Acceso denegado' for the rest). */
const writing = (screen: ReactElement) => (
  <Allowed area="locations" operation="write">
    {screen}
  </Allowed>
);

/** The /branch-offices area: every client's points of sale, with a client filter (spec 1 §2.5). */
const screens: Screens = {
  list: () => <LocationList paths={paths} />,
  routes: [
    <Route key="add" path="add" element={writing(<LocationCreatePage paths={paths} />)} />,
    <Route key="edit" path="edit/:id" element={<LocationRecordPage paths={paths} mode="EDIT" />} />,
    <Route key="view" path="view/:id" element={<LocationRecordPage paths={paths} mode="VIEW" />} />,
    <Route key="massive" path="massive" element={writing(<MassiveLoadPage paths={paths} />)} />,
  ],
};
export default screens;
