import { tags as endpoints } from '../../dataProvider/endpoints/tags';
import type { ResourceEntry } from '../define';

export const tags: ResourceEntry = { name: 'tags', area: 'tags', endpoints, load: () => import('./screens') };
