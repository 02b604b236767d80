import { characteristics as endpoints } from '../../dataProvider/endpoints/characteristics';
import type { ResourceEntry } from '../define';

export const characteristics: ResourceEntry = { name: 'campo-characteristics', area: 'characteristics', endpoints, load: () => import('./screens') };
