import { Navigate, Route } from 'react-router-dom';
import type { Screens } from '../define';
import { NewNotification } from './NewNotification';
import { PushHistory } from './PushHistory';

/** /push-notifications/NEW and /push-notifications/historial; the root goes to the history. */
const screens: Screens = {
  list: () => <Navigate to="/push-notifications/historial" replace />,
  routes: [<Route key="new" path="NEW" element={<NewNotification />} />, <Route key="historial" path="historial" element={<PushHistory />} />],
};
export default screens;
