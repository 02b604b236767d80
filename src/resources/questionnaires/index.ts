import { questionnaires as endpoints } from '../../dataProvider/endpoints/questionnaires';
import type { ResourceEntry } from '../define';

/** Questionnaires (spec 2 §2): hand-written list and editor, loaded the first time /questionnaires is visited. */
export const questionnaires: ResourceEntry = { name: 'questionnaires', area: 'questionnaires', endpoints, load: () => import('./screens') };
