import { Box } from '@mui/material';
import { Suspense } from 'react';
import { Loading } from 'react-admin';
import { CLIENT_SIDE, type RoleId } from '../../domain/roles';
import { getSession } from '../authProvider/session';
import { lazyScreen } from '../ui/newVersion';

/** The client side's dashboard and its charts load only for the users who see them. */
const DashboardPage = lazyScreen(() => import('./dashboard/DashboardPage'));

/** /dashboard, /dashboard/:planId, /clientPeriods: for clients and franchise users (spec 1 §2.8); an admin sees an empty area. */
export function Dashboard() {
  const profile = getSession()?.profile;
  const isClientSide = profile?.rolId != null && CLIENT_SIDE.includes(profile.rolId as RoleId);
  if (!isClientSide) return <Box aria-label="Panel" sx={{ mt: 2 }} />;
  return (
    <Suspense fallback={<Loading />}>
      <DashboardPage />
    </Suspense>
  );
}
