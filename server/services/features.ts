/** Client attributes with their values, and the rule that required ones reach every location. */
import { asc, eq, getTableColumns, inArray, sql } from 'drizzle-orm';
import type { Feature } from '../../domain/features';
import { type Db, jsonValue, type Tx } from '../db/client';
import { clients, features, featureValues } from '../db/schema';

/**
 * An attribute's values, in the order they were created, as a column of its row: every read of
 * attributes (the list's page, one attribute, a client's) takes them in its own statement. The
 * attribute's id is named with its table: in a one-table select drizzle writes columns bare, and a bare
 * `id` in the subquery would be the value's own.
 */
export const featureValuesColumn = sql<Feature['values']>`(select coalesce(json_agg(json_build_object('id', v.id, 'value', v.value, 'isDefault', v.is_default) order by v.id), '[]')
  from ${featureValues} v where v.feature_id = ${features}.id)`.mapWith((value) => jsonValue<Feature['values']>(value));

/** The attributes of some clients, values included, ordered by name. */
export async function featuresOfClients(db: Db | Tx, clientIds: number[]): Promise<Feature[]> {
  if (!clientIds.length) return [];
  return db
    .select({ ...getTableColumns(features), values: featureValuesColumn })
    .from(features)
    .where(inArray(features.clientId, clientIds))
    .orderBy(asc(features.name), asc(features.id));
}

/**
 * A client's points of sale and its required attributes are written one after the other, never across:
 * a point of sale holds its client (KEY SHARE, which a client's edit does not wait for) from before it
 * reads the attributes until it is written; an attribute made required holds the client (UPDATE) from
 * before it is written until every point of sale has its default. Otherwise a point of sale saved at
 * that moment would miss the default: it read the attribute as optional, and the attribute's defaults
 * did not see it yet.
 */
export async function holdClientForLocations(tx: Tx, clientId: number): Promise<{ id: number; state: boolean } | undefined> {
  const [client] = await tx.select({ id: clients.id, state: clients.state }).from(clients).where(eq(clients.id, clientId)).for('key share');
  return client;
}

/**
 * See holdClientForLocations: taken first thing by every attribute write, before its name's lock, so that
 * all of them take the two in one order (an optional one's insert would otherwise take the client after
 * the name, and a required one the other way round: a deadlock). A required one holds the client against
 * points of sale (UPDATE); an optional one only as its own insert would (KEY SHARE).
 */
export async function holdClientForAttributes(tx: Tx, clientId: number, required: boolean): Promise<void> {
  await tx.select({ id: clients.id }).from(clients).where(eq(clients.id, clientId)).for(required ? 'update' : 'key share');
}

/**
 * A required attribute defaults to its default value (spec 1 §4): every location of the client
 * without a value for it gets that one. The write holds the client first (holdClientForAttributes).
 */
export async function applyRequiredDefault(tx: Tx, feature: { id: number; clientId: number; isRequired: boolean }, defaultValueId: number | undefined) {
  if (!feature.isRequired || defaultValueId === undefined) return;
  await tx.execute(sql`
    insert into location_feature_values (location_id, feature_id, feature_value_id)
    select l.id, ${feature.id}, ${defaultValueId} from locations l
    where l.client_id = ${feature.clientId}
      and not exists (select 1 from location_feature_values x where x.location_id = l.id and x.feature_id = ${feature.id})`);
}
