import { Suspense, type ComponentType } from 'react';
import { Loading } from 'react-admin';
import { Navigate, Route } from 'react-router-dom';
import { lazyScreen } from '../../ui/newVersion';
import type { Screens } from '../define';

/** Each screen is its own chunk: the list does not load the review, the PDF or the exports. */
const screen = (load: () => Promise<{ default: ComponentType }>) => {
  const Screen = lazyScreen(load);
  return (
    <Suspense fallback={<Loading />}>
      <Screen />
    </Suspense>
  );
};

const list = screen(() => import('./list/MoveList').then((m) => ({ default: m.MoveList })));
const review = screen(() => import('./review/MoveReviewPage').then((m) => ({ default: m.MoveReviewPage })));
const assign = screen(() => import('./assign/AssignPage').then((m) => ({ default: m.AssignPage })));
const report = screen(() => import('./report/ReportPage').then((m) => ({ default: m.ReportPage })));

/** /user-moves/historial, /user-moves/view/:code, /user-moves/assign and /user-moves/report (spec 2 §2). */
const screens: Screens = {
  list: () => <Navigate to="/user-moves/historial" replace />,
  routes: [
    <Route key="historial" path="historial" element={list} />,
    <Route key="view" path="view/:code" element={review} />,
    <Route key="assign" path="assign" element={assign} />,
    <Route key="report" path="report" element={report} />,
  ],
};

export default screens;
