import { webUsers as endpoints } from '../../dataProvider/endpoints/webUsers';
import type { ResourceEntry } from '../define';

export const webUsers: ResourceEntry = { name: 'web-users', area: 'web-users', endpoints, load: () => import('./screens') };
