import { campaigns as endpoints } from '../../dataProvider/endpoints/campaigns';
import type { ResourceEntry } from '../define';

export const campaigns: ResourceEntry = { name: 'campo-campaigns', area: 'campaigns', endpoints, load: () => import('./screens') };
