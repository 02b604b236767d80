/**
 * The Getter picker: Getters are tens of thousands, so it searches the server as the user types
 * (`GET /users?rolId=7&q=…`) instead of loading them all, and names the Getter it holds by id.
 */
import type { GetterProfile } from '../../../domain/payments';
import { PEOPLE_TEXT, personMatch } from '../../../domain/people';
import { ROLE } from '../../../domain/roles';
import { type PickerInputProps, type PickerProps, type PickerSource, SearchInput, SearchPicker, usePicked } from '../searchPicker/SearchPicker';

/** A Getter as GET /users answers it. */
export interface Getter {
  id: number;
  fullName: string;
  profile?: GetterProfile;
}

/** What every picker's queries start with: a screen that changes who may be chosen invalidates it. */
export const GETTERS_QUERY_KEY = ['getters'] as const;

export const GETTERS: PickerSource<Getter> = {
  queryKey: GETTERS_QUERY_KEY,
  path: '/users',
  fixed: { rolId: ROLE.GETTER },
  nameOf: (g) => g.fullName,
  // Each word typed at the start of a word of the name, in any order, as the server searches.
  matches: personMatch,
  stub: (id, fullName) => ({ id, fullName }),
  unnamed: (id) => `Getter ${id}`,
  typeToSearch: PEOPLE_TEXT.typeToSearch,
};

/** One Getter by id (shared with the pickers' answers: a Getter just chosen is not asked for again). */
export const useGetter = (id: number | null) => usePicked(GETTERS, id);

interface GetterOnly {
  /** Only Getters owed a pending payment, active or not (the mass payment, the pending list's filter). */
  withPending?: boolean;
  /** Only Getters paid at least once, active or not (the payment history's filter). */
  withPaid?: boolean;
}

/** The server's filter for who may be chosen: active Getters, unless one of the payments' sets is asked for. */
const whoHolds = ({ withPending, withPaid }: GetterOnly) => ({ withPending: withPending || undefined, withPaid: withPaid || undefined });

export type GetterPickerProps = PickerProps<Getter> & GetterOnly;

export function GetterPicker({ withPending, withPaid, label = 'Getter', ...props }: GetterPickerProps) {
  return <SearchPicker {...props} label={label} source={GETTERS} filter={whoHolds({ withPending, withPaid })} />;
}

/** The picker as a react-hook-form field holding the Getter's id. */
export function GetterInput({ withPending, withPaid, label = 'Getter', ...props }: PickerInputProps<Getter> & GetterOnly) {
  return <SearchInput {...props} label={label} source={GETTERS} filter={whoHolds({ withPending, withPaid })} />;
}
