import { Navigate, Route } from 'react-router-dom';
import type { Screens } from '../define';
import { MassivePayment } from './MassivePayment';
import { PaymentHistory, PendingPayments } from './TransactionLists';

/** /payment-administration/pending, /history and /massive; the root goes to the pending list. */
const screens: Screens = {
  list: () => <Navigate to="/payment-administration/pending" replace />,
  routes: [
    <Route key="pending" path="pending" element={<PendingPayments />} />,
    <Route key="history" path="history" element={<PaymentHistory />} />,
    <Route key="massive" path="massive" element={<MassivePayment />} />,
  ],
};
export default screens;
