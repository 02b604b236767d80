/**
 * The project picker of the moves screens (the list's filter, the assignment, the report): projects are
 * thousands, so it searches the server as the user types (`GET /user-moves/get/projects?q=…`), of one
 * client when one is chosen, and names the project it holds by id (a project id from the address too).
 */
import { PROJECT_TYPE_TO_SEARCH } from '../../domain/pickers';
import { USER_MOVES_PATHS } from '../dataProvider/endpoints/userMoves';
import { type PickerInputProps, type PickerSource, SearchInput } from './searchPicker/SearchPicker';

/** A project as the filters' choices answer it. */
export interface ProjectChoice {
  id: number;
  name: string;
}

export const PROJECTS: PickerSource<ProjectChoice> = {
  queryKey: ['project-choices'],
  path: USER_MOVES_PATHS.projects,
  nameOf: (p) => p.name,
  stub: (id, name) => ({ id, name }),
  unnamed: (id) => `Proyecto ${id}`,
  typeToSearch: PROJECT_TYPE_TO_SEARCH,
};

/**
 * The picker as a react-hook-form field holding the project's id; `clientId` narrows it to that client's
 * projects, `current` to the projects still running, their end date not past (the assignment's: an ended one takes no work).
 */
export function ProjectInput({ clientId, current = false, label = 'Proyecto', ...props }: PickerInputProps<ProjectChoice> & { clientId?: number | null; current?: boolean }) {
  return <SearchInput {...props} label={label} source={PROJECTS} filter={{ clientId: clientId ?? undefined, current: current ? 'true' : undefined }} />;
}
