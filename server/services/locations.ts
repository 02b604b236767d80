/** Reading a point of sale whole, and checking what a location refers to belongs to its client. */
import { aliasedTable, and, asc, eq, getTableColumns, inArray, ne, sql } from 'drizzle-orm';
import { type ExistingLocation, foldName, type Location, LOCATION_TEXT, type LocationInput, type TagPair, tagsNotOffered, withRequiredDefaults } from '../../domain/locations';
import { sameLocationKey } from '../../domain/locationsCsv';
import { ROLE } from '../../domain/roles';
import { type Db, rowsOf, type Tx } from '../db/client';
import { containsPattern, inIds, matches, matchesFolded } from '../db/list';
import { lockUntilCommit } from '../db/locks';
import { cities, clients, countries, featureValues, locationFeatureValues, locations, locationZoneManagers, states, tagGroups, users } from '../db/schema';
import { badRequest, HttpError } from '../http';
import { featuresOfClients, holdClientForLocations } from './features';

export const fullName = sql<string>`${users.names} || ' ' || ${users.lastName}`;

/** Active users of a client with one of the roles, as `{ id, fullName }`. */
export function usersOfClient(db: Db, clientId: number, roles: number[]) {
  return db
    .select({ id: users.id, fullName })
    .from(users)
    .where(and(eq(users.clientId, clientId), inArray(users.rolId, roles), eq(users.status, true)))
    .orderBy(asc(users.names), asc(users.lastName));
}

const owner = aliasedTable(users, 'owner');

/** A location's columns as its answer gives them: the folded text the searches read (`search_name`) stays in the database. */
const { searchName: _searchName, ...locationColumns } = getTableColumns(locations);

export async function readLocation(db: Db, locationId: number): Promise<(Location & Record<string, unknown>) | null> {
  const [row] = await db
    .select({
      location: locationColumns,
      clientName: clients.name,
      countryName: countries.name,
      stateName: states.name,
      cityName: cities.name,
      ownerName: sql<string | null>`${owner.names} || ' ' || ${owner.lastName}`,
    })
    .from(locations)
    .innerJoin(clients, eq(clients.id, locations.clientId))
    .leftJoin(countries, eq(countries.id, locations.countryId))
    .leftJoin(states, eq(states.id, locations.stateId))
    .leftJoin(cities, eq(cities.id, locations.cityId))
    .leftJoin(owner, eq(owner.id, locations.ownerId))
    .where(eq(locations.id, locationId));
  if (!row) return null;
  const [managers, values] = await Promise.all([
    db
      .select({ id: users.id, fullName })
      .from(locationZoneManagers)
      .innerJoin(users, eq(users.id, locationZoneManagers.userId))
      .where(eq(locationZoneManagers.locationId, locationId))
      .orderBy(asc(users.names)),
    db
      .select({ id: featureValues.id, value: featureValues.value, featureId: featureValues.featureId })
      .from(locationFeatureValues)
      .innerJoin(featureValues, eq(featureValues.id, locationFeatureValues.featureValueId))
      .where(eq(locationFeatureValues.locationId, locationId))
      .orderBy(asc(featureValues.featureId)),
  ]);
  const { location } = row;
  return {
    ...location,
    clientName: row.clientName,
    countryName: row.countryName,
    stateName: row.stateName,
    cityName: row.cityName,
    owner: location.ownerId ? { id: location.ownerId, fullName: row.ownerName ?? '' } : null,
    zoneManagersIds: managers.map((m) => m.id),
    zoneManagers: managers,
    featureValues: values,
  };
}

type LocationRefs = Pick<LocationInput, 'countryId' | 'stateId' | 'cityId' | 'ownerId' | 'zoneManagersIds' | 'featureValues' | 'keysValues'>;

/** The owner, zone managers and tags a location has now (none for a new one). */
interface Assigned {
  ownerId: number | null;
  zoneManagersIds: number[];
  keysValues: TagPair[];
}

async function assignedNow(db: Db | Tx, locationId: number | undefined): Promise<Assigned> {
  if (locationId === undefined) return { ownerId: null, zoneManagersIds: [], keysValues: [] };
  const [[location], managers] = await Promise.all([
    db.select({ ownerId: locations.ownerId, keysValues: locations.keysValues }).from(locations).where(eq(locations.id, locationId)),
    db.select({ userId: locationZoneManagers.userId }).from(locationZoneManagers).where(eq(locationZoneManagers.locationId, locationId)),
  ]);
  return { ownerId: location?.ownerId ?? null, zoneManagersIds: managers.map((m) => m.userId), keysValues: location?.keysValues ?? [] };
}

/**
 * The pairs of `asked` that some active tag group has. Tag groups belong to no client: every point of
 * sale picks from all of them. One query, whatever the number of pairs.
 */
async function offeredTags(db: Db | Tx, asked: readonly TagPair[]): Promise<TagPair[]> {
  if (!asked.length) return [];
  const pairs = JSON.stringify(asked.map(({ key, value }) => ({ key, value })));
  return rowsOf<TagPair>(db, sql`
    select distinct x.key, x.value
    from jsonb_to_recordset(${pairs}::jsonb) as x(key text, value text)
    where exists (
      select 1 from ${tagGroups} g
      where g.active and g.keys_values @> jsonb_build_array(jsonb_build_object('key', x.key, 'value', x.value))
    )`);
}

/**
 * The client exists; the city lies in the state and the state in the country; the owner is a
 * franchise user and the zone managers are zone managers of that client, active or already the
 * edited location's (`locationId`): someone deactivated since stays until replaced, so the
 * location can still be saved, but is not assigned anew; every tag is a pair of an active tag group,
 * or one the edited location already has (likewise); every attribute value is one of the client's,
 * one per attribute. Answers the values to store, required attributes completed with
 * their default value (spec 1 §4). Runs in the transaction that writes the point of sale.
 */
export async function checkLocationRefs(
  db: Tx,
  clientId: number,
  body: LocationRefs,
  locationId?: number,
): Promise<{ featureValues: { featureId: number; id: number }[] }> {
  // Held until the point of sale is written: an attribute made required meanwhile waits, and then gives it its default.
  const client = await holdClientForLocations(db, clientId);
  if (!client) throw badRequest('El cliente no existe.', { clientId: 'El cliente no existe.' });
  // A new point of sale goes to an active client; one the client already has stays with it.
  if (locationId === undefined && !client.state) throw badRequest(LOCATION_TEXT.inactiveClient, { clientId: LOCATION_TEXT.inactiveClient });

  const [place] = await db
    .select({ id: cities.id })
    .from(cities)
    .innerJoin(states, eq(states.id, cities.stateId))
    .where(and(eq(cities.id, body.cityId!), eq(states.id, body.stateId!), eq(states.countryId, body.countryId!)));
  if (!place) throw badRequest(LOCATION_TEXT.geography, { geography: LOCATION_TEXT.geography });

  const errors: Record<string, string> = {};
  const assigned = await assignedNow(db, locationId);
  // Only the people the body names, of the client and its roles; whether each may stay is decided below.
  const asked = [...(body.ownerId === null ? [] : [body.ownerId]), ...body.zoneManagersIds];
  const people = asked.length
    ? await db
        .select({ id: users.id, rolId: users.rolId, status: users.status })
        .from(users)
        .where(and(inIds(users.id, asked), eq(users.clientId, clientId), inArray(users.rolId, [ROLE.FRANCHISE, ROLE.ZONE_MANAGER])))
        // Held (SHARE) until the point of sale is written: moving one of them to another client or role
        // (PUT /web-users, which counts their points of sale) waits for it, and then sees it.
        .for('share')
    : [];
  const owners = new Set(people.filter((p) => p.rolId === ROLE.FRANCHISE && (p.status || p.id === assigned.ownerId)).map((p) => p.id));
  const managers = new Set(people.filter((p) => p.rolId === ROLE.ZONE_MANAGER && (p.status || assigned.zoneManagersIds.includes(p.id))).map((p) => p.id));
  if (body.ownerId !== null && !owners.has(body.ownerId)) errors.ownerId = 'El responsable debe ser un usuario de franquicia activo del cliente.';
  if (body.zoneManagersIds.some((userId) => !managers.has(userId))) {
    errors.zoneManagersIds = 'Los gerentes zonales deben ser usuarios gerentes zonales activos del cliente.';
  }

  const refusedTags = tagsNotOffered(body.keysValues, await offeredTags(db, body.keysValues), assigned.keysValues);
  if (refusedTags.length) errors.keysValues = LOCATION_TEXT.invalidTags(refusedTags);

  const features = await featuresOfClients(db, [clientId]);
  const featureOf = new Map(features.flatMap((f) => f.values.map((v) => [v.id, f.id] as const)));
  const chosen = body.featureValues;
  if (chosen.some((v) => !featureOf.has(v.id))) errors.featureValues = 'Alguno de los valores no pertenece a los atributos del cliente.';
  else if (new Set(chosen.map((v) => featureOf.get(v.id))).size !== chosen.length) errors.featureValues = 'Cada atributo admite un solo valor.';

  if (Object.keys(errors).length) throw badRequest('Revise los datos ingresados.', errors);
  return { featureValues: withRequiredDefaults(chosen, features) };
}

/**
 * Makes the client's writes of points of sale known by name and address (the bulk load's rows without a
 * code, the form's point of sale without one) wait on one another: each reads what the one before wrote.
 */
export const holdClientLocationNames = (tx: Tx, clientId: number) => lockUntilCommit(tx, `location-import:${clientId}`);

const existing = { code: locations.code, fullName: locations.fullName, street: locations.street, status: locations.status };
const other = (locationId: number | undefined) => (locationId === undefined ? undefined : ne(locations.id, locationId));

/** The point of sale of the client, other than `locationId`, with this code (compared as the unique index compares codes). */
export async function locationWithCode(db: Db | Tx, clientId: number, code: string, locationId?: number): Promise<ExistingLocation | null> {
  const [row] = await db
    .select(existing)
    .from(locations)
    .where(and(eq(locations.clientId, clientId), sql`campo_code_fold(${locations.clientLocationId}) = campo_code_fold(${code})`, other(locationId)));
  return row ?? null;
}

/** A LIKE pattern holding the folded words of `text` in order, whatever lies between them. */
const wordsInOrder = (text: string) => containsPattern(foldName(text)).replaceAll(' ', '%');

/**
 * The point of sale of the client, other than `locationId`, with the same name and address as the bulk load
 * compares them (`sameLocationKey`), an active one first. The folded name's trigram index finds the few
 * candidates (their words in order); the load's own rule decides among them.
 */
export async function locationWithNameAndAddress(db: Db | Tx, clientId: number, location: Pick<LocationInput, 'fullName' | 'street'>, locationId?: number): Promise<ExistingLocation | null> {
  const candidates = await db
    .select(existing)
    .from(locations)
    .where(and(eq(locations.clientId, clientId), matchesFolded(locations.searchName, wordsInOrder(location.fullName)), matches(locations.street, wordsInOrder(location.street)), other(locationId)))
    .orderBy(sql`${locations.status} desc`, asc(locations.id));
  const key = sameLocationKey(location);
  return candidates.find((c) => sameLocationKey(c) === key) ?? null;
}

/**
 * Refuses, with a 409 on the field to change, a point of sale the client already has: the same code, or,
 * without a code, the same name and address (the bulk load's rule, `withoutKnownLocations`). Runs in the
 * transaction that writes it: a codeless one holds the client's names until then, and a code taken
 * meanwhile is the unique index's to refuse (`codeTaken`). An edit that keeps a codeless point of sale's
 * name and address as stored is not refused: a repeat stored before this rule (or by another client
 * of the database) can still have its phone or hours corrected; it is refused once it takes another's.
 */
export async function refuseRepeatedLocation(
  tx: Tx,
  clientId: number,
  location: Pick<LocationInput, 'clientLocationId' | 'fullName' | 'street'>,
  edited?: { id: number; stored: { clientLocationId: string | null; fullName: string; street: string } },
): Promise<void> {
  const locationId = edited?.id;
  if (location.clientLocationId) {
    const same = await locationWithCode(tx, clientId, location.clientLocationId, locationId);
    if (same) throw codeTaken(same);
    return;
  }
  if (edited && !edited.stored.clientLocationId && sameLocationKey(edited.stored) === sameLocationKey(location)) return;
  await holdClientLocationNames(tx, clientId);
  const same = await locationWithNameAndAddress(tx, clientId, location, locationId);
  if (same) throw new HttpError(409, LOCATION_TEXT.sameNameAndAddress(same), { fullName: LOCATION_TEXT.sameNameAndAddress(same) });
}

/** The 409 of a code the client already has, on the code's field; `same`: the point of sale that has it, when known. */
export function codeTaken(same: ExistingLocation | null): HttpError {
  const message = same ? LOCATION_TEXT.codeTakenBy(same) : LOCATION_TEXT.duplicateCode;
  return new HttpError(409, message, { clientLocationId: message });
}
