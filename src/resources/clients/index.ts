import { clients as endpoints } from '../../dataProvider/endpoints/clients';
import type { ResourceEntry } from '../define';

export const clients: ResourceEntry = { name: 'clients', area: 'clients', endpoints, load: () => import('./screens') };
