import { pushNotifications as endpoints } from '../../dataProvider/endpoints/push';
import type { ResourceEntry } from '../define';

/** Push notifications (spec 2 §2): the new-notification form and the history, loaded lazily. */
export const pushNotifications: ResourceEntry = { name: 'push-notifications', area: 'push-notifications', endpoints, load: () => import('./screens') };
