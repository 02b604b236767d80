import { projects as endpoints } from '../../dataProvider/endpoints/projects';
import type { ResourceEntry } from '../define';

/** Projects (/projects-campo): list, add (and duplicate), edit, view, locations and assignment to Getters. */
export const projects: ResourceEntry = { name: 'projects-campo', area: 'projects', endpoints, load: () => import('./screens') };
