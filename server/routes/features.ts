/** Client attributes (spec 1 §2.6, §7): name, required flag and values, one of them the default. */
import { and, eq, inArray, sql } from 'drizzle-orm';
import { z } from 'zod';
import { FEATURE_DIALOG_FIELDS, FEATURE_TEXT, featureAnswer, type FeatureInput, featureListAnswer, featureSavedAnswer, featureSchema, featureUpdateSchema } from '../../domain/features';
import { ACCESS } from '../../domain/roles';
import { type LoadedVersion, STALE_EDIT, withLoadedVersion } from '../../domain/staleEdits';
import { id } from '../../domain/validation';
import type { App } from '../app';
import type { Db, Tx } from '../db/client';
import { type ListFilter, matches, searchPattern, type ShortList, shortListPage } from '../db/list';
import { clients, features, featureValues, locationFeatureValues } from '../db/schema';
import { claimLoadedVersion } from '../db/staleEdits';
import { refuseTakenName } from '../db/uniqueName';
import { badRequest, formLevelValidator, listQuery, notFound } from '../http';
import { audit } from '../services/audit';
import { applyRequiredDefault, featureValuesColumn, holdClientForAttributes } from '../services/features';
import { onceInTransaction, requestKeyHeaders } from '../services/requestKeys';

const read = { roles: ACCESS.features.read };
const write = { roles: ACCESS.features.write };

const listFeaturesQuery = listQuery.extend({ clientId: id.optional(), q: z.string().max(200).optional() });
type ListFeaturesQuery = z.infer<typeof listFeaturesQuery>;

const columns = { id: features.id, clientId: features.clientId, clientName: clients.name, name: features.name, isRequired: features.isRequired, updatedAt: features.updatedAt };
const sortable = { id: features.id, name: features.name, isRequired: features.isRequired, clientName: clients.name };

const featureList: ShortList = {
  name: 'features',
  table: features,
  columns: { ...columns, values: featureValuesColumn },
  sortable,
  fallback: 'name',
  join: (query) => query.innerJoin(clients, eq(clients.id, features.clientId)),
};

async function listFeatures(app: App, q: ListFeaturesQuery) {
  const filters: ListFilter[] = [];
  if (q.clientId !== undefined) filters.push({ shape: 'client', value: q.clientId, where: (v) => eq(features.clientId, v as never) });
  if (q.q) filters.push({ shape: 'q', value: searchPattern(q.q), where: (v) => matches(features.name, v) });
  return shortListPage<Awaited<ReturnType<typeof readFeature>>>(app.db, featureList, filters, q);
}

async function readFeature(db: Db | Tx, featureId: number) {
  const [feature] = await db
    .select({ ...columns, values: featureValuesColumn })
    .from(features)
    .innerJoin(clients, eq(clients.id, features.clientId))
    .where(eq(features.id, featureId));
  return feature ?? null;
}

/** Values kept, changed, added and removed; a removed value still chosen by a location is refused. */
async function saveValues(tx: Tx, featureId: number, values: FeatureInput['values']) {
  const existing = await tx.select().from(featureValues).where(eq(featureValues.featureId, featureId));
  const known = new Map(existing.map((v) => [v.id, v]));
  if (values.some((v) => v.id !== undefined && !known.has(v.id))) throw badRequest('Alguno de los valores no pertenece al atributo.', { values: 'Alguno de los valores no pertenece al atributo.' });
  const kept = new Set(values.flatMap((v) => (v.id === undefined ? [] : [v.id])));
  const removed = existing.filter((v) => !kept.has(v.id));
  if (removed.length) {
    const used = await tx
      .selectDistinct({ id: locationFeatureValues.featureValueId })
      .from(locationFeatureValues)
      .where(
        inArray(
          locationFeatureValues.featureValueId,
          removed.map((v) => v.id),
        ),
      );
    if (used.length) {
      const message = FEATURE_TEXT.valueInUse(known.get(used[0].id)!.value);
      throw badRequest(message, { values: message });
    }
    await tx.delete(featureValues).where(
      inArray(
        featureValues.id,
        removed.map((v) => v.id),
      ),
    );
  }
  for (const v of values) {
    if (v.id !== undefined) await tx.update(featureValues).set({ value: v.value, isDefault: v.isDefault }).where(eq(featureValues.id, v.id));
  }
  const added = values.filter((v) => v.id === undefined);
  if (added.length) await tx.insert(featureValues).values(added.map((v) => ({ featureId, value: v.value, isDefault: v.isDefault })));
  const [fallback] = await tx
    .select({ id: featureValues.id })
    .from(featureValues)
    .where(and(eq(featureValues.featureId, featureId), eq(featureValues.isDefault, true)));
  return fallback?.id;
}


/** A client's attributes have names of their own: the location form would show two selects of one name. */
const refuseFeatureName = (tx: Tx, clientId: number, name: string, exceptId?: number) =>
  refuseTakenName(tx, { table: features, id: features.id, name: features.name }, name, {
    lockKey: `features:${clientId}`,
    message: FEATURE_TEXT.duplicateName,
    field: 'name',
    scope: eq(features.clientId, clientId),
    exceptId,
  });

export default async function featureRoutes(app: App) {
  const tags = ['features'];
  const validatorCompiler = formLevelValidator(FEATURE_DIALOG_FIELDS);

  app.get('/features', { config: read, schema: { tags, summary: 'Lista paginada de atributos de cliente y sus valores, con búsqueda y filtro por cliente', querystring: listFeaturesQuery, answer: featureListAnswer } }, async (req) => listFeatures(app, req.query as ListFeaturesQuery));

  app.get('/features/client/:id', { config: read, schema: { tags, summary: 'Lista paginada de los atributos de un cliente con sus valores', params: z.object({ id }), querystring: listFeaturesQuery.omit({ clientId: true }), answer: featureListAnswer } }, async (req) =>
    listFeatures(app, { ...(req.query as ListFeaturesQuery), clientId: (req.params as { id: number }).id }),
  );

  app.get('/features/:id', { config: read, schema: { tags, summary: 'Un atributo de cliente con sus valores', params: z.object({ id }), answer: featureAnswer } }, async (req) => {
    const feature = await readFeature(app.db, (req.params as { id: number }).id);
    if (!feature) throw notFound(FEATURE_TEXT.notFound);
    return feature;
  });

  /** Answers `{ id, data }` (spec 1 §7). */
  app.post('/features', { config: write, schema: { tags, summary: 'Crea un atributo de cliente con sus valores', description: 'Si es obligatorio, los puntos de venta del cliente sin valor reciben el valor por defecto.', body: featureSchema, answer: featureSavedAnswer }, validatorCompiler }, async (req, reply) => {
    const body = req.body as FeatureInput;
    const [client] = await app.db.select({ id: clients.id }).from(clients).where(eq(clients.id, body.clientId));
    if (!client) throw badRequest('El cliente no existe.', { clientId: 'El cliente no existe.' });
    const featureId = await app.db.transaction(async (tx) => {
      await holdClientForAttributes(tx, body.clientId, body.isRequired);
      await refuseFeatureName(tx, body.clientId, body.name);
      const [row] = await tx.insert(features).values({ clientId: body.clientId, name: body.name, isRequired: body.isRequired }).returning();
      const defaultId = await saveValues(tx, row.id, body.values);
      await applyRequiredDefault(tx, row, defaultId);
      await audit(tx, { userId: req.session.id, entity: 'feature', entityId: row.id, action: 'create' });
      return row.id;
    });
    return reply.status(201).send({ id: featureId, data: await readFeature(app.db, featureId) });
  });

  app.put('/features/:id', { config: write, schema: { tags, summary: 'Modifica un atributo de cliente y sus valores', description: 'No cambia de cliente ni quita un valor que use algún punto de venta. Con el `updatedAt` que cargó el formulario, responde 409 si otra persona lo guardó desde entonces.', params: z.object({ id }), body: withLoadedVersion(featureUpdateSchema), headers: requestKeyHeaders, answer: featureSavedAnswer }, validatorCompiler }, async (req) => {
    const { id: featureId } = req.params as { id: number };
    const body = req.body as Omit<FeatureInput, 'clientId'> & { clientId?: number } & LoadedVersion;
    // A retry of a save that committed runs nothing: the answer is the attribute as stored.
    await onceInTransaction(app.db, req, async (tx) => {
      const [owner] = await tx.select({ clientId: features.clientId }).from(features).where(eq(features.id, featureId));
      if (owner) await holdClientForAttributes(tx, owner.clientId, body.isRequired);
      await claimLoadedVersion(tx, features, featureId, body.updatedAt, { conflict: STALE_EDIT.features, notFound: FEATURE_TEXT.notFound });
      const [row] = await tx
        .update(features)
        .set({ name: body.name, isRequired: body.isRequired, updatedAt: sql`now()` })
        .where(eq(features.id, featureId))
        .returning();
      if (!row) throw notFound(FEATURE_TEXT.notFound);
      if (body.clientId !== undefined && body.clientId !== row.clientId) {
        throw badRequest('El cliente de un atributo no puede cambiarse.', { clientId: 'El cliente de un atributo no puede cambiarse.' });
      }
      await refuseFeatureName(tx, row.clientId, body.name, featureId);
      const defaultId = await saveValues(tx, featureId, body.values);
      await applyRequiredDefault(tx, row, defaultId);
      await audit(tx, { userId: req.session.id, entity: 'feature', entityId: featureId, action: 'update' });
    });
    return { id: featureId, data: await readFeature(app.db, featureId) };
  });
}
