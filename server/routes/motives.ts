import { eq, or, sql } from 'drizzle-orm';
import { z } from 'zod';
import { MOTIVE_TEXT, motiveAnswer, type MotiveInput, motiveListAnswer, motiveSchema, motiveStateSchema, type MotiveUpdate, motiveUpdateSchema } from '../../domain/motives';
import { ACCESS } from '../../domain/roles';
import { type LoadedVersion, STALE_EDIT, withLoadedVersion } from '../../domain/staleEdits';
import { id } from '../../domain/validation';
import type { App } from '../app';
import type { Tx } from '../db/client';
import { type ListFilter, matches, searchPattern, shortListPage } from '../db/list';
import { motives } from '../db/schema';
import { claimLoadedVersion } from '../db/staleEdits';
import { refuseTakenName } from '../db/uniqueName';
import { booleanQuery, listQuery, notFound } from '../http';
import { audit } from '../services/audit';
import { onceInTransaction, requestKeyHeaders } from '../services/requestKeys';

const read = { roles: ACCESS.motives.read };
const write = { roles: ACCESS.motives.write };
const tags = ['motives'];

const listMotivesQuery = listQuery.extend({ isActive: booleanQuery.optional() });

const columns = {
  id: motives.id,
  motive: motives.motive,
  description: motives.description,
  requiresUserComment: motives.requiresUserComment,
  isActive: motives.isActive,
  createdAt: motives.createdAt,
  updatedAt: motives.updatedAt,
};

const motiveList = { name: 'motives', table: motives, columns, sortable: columns, fallback: 'id' };

/**
 * Sets a motive's activation. DELETE does the same as deactivating: reviews keep the motive they
 * gave, so a motive is never removed, only taken out of the choices.
 */
async function setActive(tx: Tx, motiveId: number, isActive: boolean, userId: number) {
  const [row] = await tx.update(motives).set({ isActive, updatedAt: sql`now()` }).where(eq(motives.id, motiveId)).returning(columns);
  if (!row) throw notFound(MOTIVE_TEXT.notFound);
  await audit(tx, { userId, entity: 'motive', entityId: motiveId, action: isActive ? 'activate' : 'deactivate' });
  return row;
}

/** One motive per name, active or not (an inactive one is activated again, not repeated). */
const refuseMotiveName = (tx: Tx, motive: string, exceptId?: number) =>
  refuseTakenName(tx, { table: motives, id: motives.id, name: motives.motive }, motive, { lockKey: 'motives', message: MOTIVE_TEXT.duplicate, field: 'motive', exceptId });

export default async function motiveRoutes(app: App) {
  app.get('/motives', { config: read, schema: { tags, summary: 'Lista paginada de motivos con búsqueda, filtro por estado y orden', querystring: listMotivesQuery, answer: motiveListAnswer } }, async (req) => {
    const q = req.query as z.infer<typeof listMotivesQuery>;
    const filters: ListFilter[] = [];
    if (q.isActive !== undefined) filters.push({ shape: 'active', value: q.isActive, where: (v) => eq(motives.isActive, v as never) });
    if (q.q) filters.push({ shape: 'q', value: searchPattern(q.q), where: (v) => or(matches(motives.motive, v), matches(motives.description, v))! });
    return shortListPage(app.db, motiveList, filters, q);
  });

  app.get('/motives/:id', { config: read, schema: { tags, summary: 'Un motivo con su descripción y estado', params: z.object({ id }), answer: motiveAnswer } }, async (req) => {
    const { id: motiveId } = req.params as { id: number };
    const [row] = await app.db.select(columns).from(motives).where(eq(motives.id, motiveId));
    if (!row) throw notFound(MOTIVE_TEXT.notFound);
    return row;
  });

  app.post('/motives/', { config: write, schema: { tags, summary: 'Crea un motivo (nombre único)', body: motiveSchema, answer: motiveAnswer } }, async (req, reply) => {
    const body = req.body as MotiveInput;
    const created = await app.db.transaction(async (tx) => {
      await refuseMotiveName(tx, body.motive);
      const [row] = await tx.insert(motives).values(body).returning(columns);
      await audit(tx, { userId: req.session.id, entity: 'motive', entityId: row.id, action: 'create' });
      return row;
    });
    return reply.status(201).send(created);
  });

  app.put('/motives', { config: write, schema: { tags, summary: 'Modifica un motivo (id en el cuerpo)', description: 'Un campo que no se envía (descripción, requiresUserComment, isActive) conserva su valor. Con el `updatedAt` que cargó el formulario, responde 409 si otra persona lo guardó desde entonces.', body: withLoadedVersion(motiveUpdateSchema), headers: requestKeyHeaders, answer: motiveAnswer } }, async (req) => {
    // A field not sent stays as stored (drizzle leaves undefined values out of the SET).
    const { id: motiveId, updatedAt: loaded, ...body } = req.body as MotiveUpdate & LoadedVersion;
    return onceInTransaction(app.db, req, async (tx) => {
      await claimLoadedVersion(tx, motives, motiveId, loaded, { conflict: STALE_EDIT.motives, notFound: MOTIVE_TEXT.notFound });
      const [row] = await tx
        .update(motives)
        .set({ ...body, updatedAt: sql`now()` })
        .where(eq(motives.id, motiveId))
        .returning(columns);
      if (!row) throw notFound(MOTIVE_TEXT.notFound);
      await refuseMotiveName(tx, body.motive, motiveId);
      await audit(tx, { userId: req.session.id, entity: 'motive', entityId: motiveId, action: 'update' });
      return row;
    });
  });

  /** Activation from the list's switch (the spec does not show its path): `{ id, isActive }`. */
  app.put('/motives/state', { config: write, schema: { tags, summary: 'Activa o desactiva un motivo', body: motiveStateSchema, answer: motiveAnswer } }, async (req) => {
    const { id: motiveId, isActive } = req.body as z.infer<typeof motiveStateSchema>;
    return app.db.transaction((tx) => setActive(tx, motiveId, isActive, req.session.id));
  });

  app.delete('/motives/:id', { config: write, schema: { tags, summary: 'Desactiva un motivo: no se borra, las revisiones conservan el que dieron', params: z.object({ id }), answer: motiveAnswer } }, async (req) => {
    const { id: motiveId } = req.params as { id: number };
    return app.db.transaction((tx) => setActive(tx, motiveId, false, req.session.id));
  });
}
