import { userMoves as endpoints } from '../../dataProvider/endpoints/userMoves';
import type { ResourceEntry } from '../define';

/** Moves (spec 2 §2): list, review, assignment and reports, hand-written, loaded the first time /user-moves is visited. */
export const userMoves: ResourceEntry = { name: 'user-moves', area: 'user-moves', endpoints, load: () => import('./screens') };
