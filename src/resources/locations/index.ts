import { branchOffices as endpoints } from '../../dataProvider/endpoints/locations';
import type { ResourceEntry } from '../define';

/** Points of sale across clients (/branch-offices); each client's live under /clients/{id}/… (clientRoutes). */
export const branchOffices: ResourceEntry = { name: 'branch-offices', area: 'locations', endpoints, load: () => import('./screens') };
