import { movesConfig as endpoints } from '../../dataProvider/endpoints/movesConfig';
import type { ResourceEntry } from '../define';

export const movesConfig: ResourceEntry = { name: 'moves-config', area: 'moves-config', endpoints, load: () => import('./screens') };
