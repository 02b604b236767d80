/** Client attributes with their values, and the rule that required ones reach every location. */
import { asc, inArray, sql } from 'drizzle-orm';
import type { Feature } from '../../domain/features';
import type { Db, Tx } from '../db/client';
import { features, featureValues } from '../db/schema';

/** The attributes of some clients, values included, ordered by name. */
export async function featuresOfClients(db: Db | Tx, clientIds: number[]): Promise<Feature[]> {
  if (!clientIds.length) return [];
  const rows = await db.select().from(features).where(inArray(features.clientId, clientIds)).orderBy(asc(features.name), asc(features.id));
  return withValues(db, rows);
}

/** Adds each attribute's values (in the order they were created). */
export async function withValues<F extends { id: number; clientId: number; name: string; isRequired: boolean }>(db: Db | Tx, rows: F[]): Promise<(F & Pick<Feature, 'values'>)[]> {
  if (!rows.length) return [];
  const values = await db
    .select()
    .from(featureValues)
    .where(
      inArray(
        featureValues.featureId,
        rows.map((r) => r.id),
      ),
    )
    .orderBy(asc(featureValues.id));
  return rows.map((r) => ({
    ...r,
    values: values.filter((v) => v.featureId === r.id).map(({ id, value, isDefault }) => ({ id, value, isDefault })),
  }));
}

/**
 * A required attribute defaults to its default value (spec 1 §4): every location of the client
 * without a value for it gets that one.
 */
export async function applyRequiredDefault(tx: Tx, feature: { id: number; clientId: number; isRequired: boolean }, defaultValueId: number | undefined) {
  if (!feature.isRequired || defaultValueId === undefined) return;
  await tx.execute(sql`
    insert into location_feature_values (location_id, feature_id, feature_value_id)
    select l.id, ${feature.id}, ${defaultValueId} from locations l
    where l.client_id = ${feature.clientId}
      and not exists (select 1 from location_feature_values x where x.location_id = l.id and x.feature_id = ${feature.id})`);
}
