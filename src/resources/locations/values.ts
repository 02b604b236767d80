import type { RaRecord } from 'ra-core';
import type { TagPair } from '../../../domain/locations';
import type { Choice } from '../../ui/form/inputs';

/** The point-of-sale form's values: texts as typed, ids or null, lists. */
export interface LocationValues extends Record<string, unknown> {
  clientId: number | null;
  fullName: string;
  clientLocationName: string;
  clientLocationId: string;
  telephone: string;
  street: string;
  zone: string;
  countryId: number | null;
  stateId: number | null;
  cityId: number | null;
  latitude: string;
  longitude: string;
  linkSurveyMonkey: string;
  ownerId: number | null;
  zoneManagersIds: number[];
  executive: string;
  emails: string[];
  manager: string;
  emailManager: string;
  emailExecutive: string;
  emailToNullCase: string;
  workDays: string;
  openingHours: string;
  closingHours: string;
  observation: string;
  locationInformation: string;
  comments: string;
  branchInformation: string;
  featureValues: { featureId: number; id: number }[];
  keysValues: TagPair[];
}

export const emptyLocation = (clientId: number | null): LocationValues => ({
  clientId,
  fullName: '',
  clientLocationName: '',
  clientLocationId: '',
  telephone: '',
  street: '',
  zone: '',
  countryId: null,
  stateId: null,
  cityId: null,
  latitude: '',
  longitude: '',
  linkSurveyMonkey: '',
  ownerId: null,
  zoneManagersIds: [],
  executive: '',
  emails: [],
  manager: '',
  emailManager: '',
  emailExecutive: '',
  emailToNullCase: '',
  workDays: '',
  openingHours: '',
  closingHours: '',
  observation: '',
  locationInformation: '',
  comments: '',
  branchInformation: '',
  featureValues: [],
  keysValues: [],
});

const text = (value: unknown) => (value === null || value === undefined ? '' : String(value));

/** A location as the form's values (EDIT / VIEW). */
export function toLocationValues(l: RaRecord): LocationValues {
  const empty = emptyLocation(l.clientId ?? null);
  const texts = Object.fromEntries(Object.entries(empty).filter(([, v]) => typeof v === 'string').map(([k]) => [k, text(l[k])]));
  return {
    ...empty,
    ...texts,
    countryId: l.countryId ?? null,
    stateId: l.stateId ?? null,
    cityId: l.cityId ?? null,
    ownerId: l.ownerId ?? null,
    zoneManagersIds: l.zoneManagersIds ?? [],
    emails: l.emails ?? [],
    featureValues: (l.featureValues ?? []).map((v: { featureId: number; id: number }) => ({ featureId: v.featureId, id: v.id })),
    keysValues: (l.keysValues ?? []).map((p: TagPair) => ({ key: p.key, value: p.value })),
  };
}

/** An owner or zone manager as a location carries it (spec 1 §3). */
export interface Person {
  id: number;
  fullName: string;
}

/**
 * The people a select offers (`active`: the client's active users, undefined while loading) plus
 * those the location already has that are not among them, i.e. deactivated since: they still show
 * by name, marked, and the location can be saved keeping them.
 */
export function withAssigned(active: Choice[] | undefined, assigned: readonly Person[]): Choice[] {
  const choices = active ?? [];
  const missing = assigned.filter((p) => !choices.some((c) => String(c.id) === String(p.id)));
  return [...choices, ...missing.map((p) => ({ id: p.id, name: active ? `${p.fullName} (inactivo)` : p.fullName }))];
}
