import { payments as endpoints } from '../../dataProvider/endpoints/payments';
import type { ResourceEntry } from '../define';

/** Payments to Getters (spec 2 §2): pending, history and mass payment, loaded the first time one is visited. */
export const paymentAdministration: ResourceEntry = { name: 'payment-administration', area: 'payments', endpoints, load: () => import('./screens') };
