import { guidelines as endpoints } from '../../dataProvider/endpoints/guidelines';
import type { ResourceEntry } from '../define';

export const guidelines: ResourceEntry = { name: 'campo-guidelines', area: 'guidelines', endpoints, load: () => import('./screens') };
