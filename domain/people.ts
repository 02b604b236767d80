/** The people the console's pickers choose from (`GET /users`): how many one answer holds, and the picker's words. */
import { limitText, pickerLimit } from './pickers';

/** The most one answer holds: enough for a small role's select; Getters are searched. */
export const PEOPLE_CAP = 5000;

export const PEOPLE_TEXT = {
  limit: limitText(PEOPLE_CAP),
  /** The picker before anything is typed, when there are more Getters than it shows. */
  typeToSearch: 'Escriba para buscar un Getter',
} as const;

export const peopleLimit = pickerLimit(PEOPLE_CAP);
