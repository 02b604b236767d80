import { features as endpoints } from '../../dataProvider/endpoints/features';
import type { ResourceEntry } from '../define';

/** 'Banco de atributos' (/features, every client's); each client's live under /clients/{id}/features (clientRoutes). */
export const features: ResourceEntry = { name: 'features', area: 'features', endpoints, load: () => import('./screens') };
