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
  /** The Getter is no longer active (the server says so only then). */
  inactive?: true;
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
  /** Every Getter, active or not (the moves list's filter: the moves of one who left are still there). */
  withInactive?: boolean;
}

/** The server's filter for who may be chosen: active Getters, unless one of the payments' sets or everyone is asked for. */
const whoHolds = ({ withPending, withPaid, withInactive }: GetterOnly) => ({ withPending: withPending || undefined, withPaid: withPaid || undefined, withInactive: withInactive || undefined });

/** How a Getter reads where one who left may be chosen or held: '(inactivo)' after the name. */
export const markedInactive = (g: Getter) => (g.inactive ? `${g.fullName} (inactivo)` : g.fullName);

/** How a Getter reads to those who pay: marked if no longer active, then the CUIT/CUIL that tells namesakes apart. */
export const withCuit = (g: Getter) => (g.profile?.cuitCuil ? `${markedInactive(g)} (${g.profile.cuitCuil})` : markedInactive(g));

export type GetterPickerProps = PickerProps<Getter> & GetterOnly;

export function GetterPicker({ withPending, withPaid, withInactive, label = 'Getter', itemLabel = markedInactive, ...props }: GetterPickerProps) {
  return <SearchPicker {...props} label={label} itemLabel={itemLabel} source={GETTERS} filter={whoHolds({ withPending, withPaid, withInactive })} />;
}

/** The picker as a react-hook-form field holding the Getter's id. */
export function GetterInput({ withPending, withPaid, withInactive, label = 'Getter', itemLabel = markedInactive, ...props }: PickerInputProps<Getter> & GetterOnly) {
  return <SearchInput {...props} label={label} itemLabel={itemLabel} source={GETTERS} filter={whoHolds({ withPending, withPaid, withInactive })} />;
}
