import { lazy, Suspense } from 'react';
import { Loading } from 'react-admin';
import { Navigate, Route, Routes, useParams } from 'react-router-dom';
import { REPORT_SECTIONS } from './sections';

/** The report, its PDF and its Excel load only when a client-side user opens it. */
const ReportsPage = lazy(() => import('./ReportsPage'));

function Section() {
  const section = REPORT_SECTIONS[useParams().section ?? ''];
  if (!section) return <Navigate to="/reports" replace />;
  if ('redirect' in section) return <Navigate to={section.redirect} replace />;
  return <ReportsPage note={section.note} />;
}

/** /reports and its sub-routes (spec 3 §2). */
export function ReportsRoutes() {
  return (
    <Suspense fallback={<Loading />}>
      <Routes>
        <Route index element={<ReportsPage />} />
        <Route path=":section/*" element={<Section />} />
      </Routes>
    </Suspense>
  );
}
