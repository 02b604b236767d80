import { motives as endpoints } from '../../dataProvider/endpoints/motives';
import type { ResourceEntry } from '../define';

export const motives: ResourceEntry = { name: 'motives', area: 'motives', endpoints, load: () => import('./screens') };
