import { eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import { ACCESS } from '../../domain/roles';
import { type LoadedVersion, STALE_EDIT, withLoadedVersion } from '../../domain/staleEdits';
import { TAG_TEXT, tagGroupAnswer, type TagGroupInput, tagGroupListAnswer, tagGroupSchema, tagGroupStateSchema, tagGroupUpdateSchema } from '../../domain/tags';
import { id } from '../../domain/validation';
import type { App } from '../app';
import type { Tx } from '../db/client';
import { type ListFilter, matches, searchPattern, shortListPage } from '../db/list';
import { tagGroups } from '../db/schema';
import { claimLoadedVersion } from '../db/staleEdits';
import { refuseTakenName } from '../db/uniqueName';
import { booleanQuery, HttpError, listQuery, notFound } from '../http';
import { audit } from '../services/audit';
import { pgErrorCode } from '../db/errors';
import { onceInTransaction, requestKeyHeaders } from '../services/requestKeys';

const read = { roles: ACCESS.tags.read };
const write = { roles: ACCESS.tags.write };
const tags = ['tags'];

const listTagsQuery = listQuery.extend({ active: booleanQuery.optional() });

const columns = {
  id: tagGroups.id,
  groupName: tagGroups.groupName,
  keysValues: tagGroups.keysValues,
  active: tagGroups.active,
  createdAt: tagGroups.createdAt,
  updatedAt: tagGroups.updatedAt,
};
const sortable = { id: tagGroups.id, groupName: tagGroups.groupName, active: tagGroups.active, createdAt: tagGroups.createdAt };

const duplicate = () => new HttpError(409, TAG_TEXT.duplicateGroup, { groupName: TAG_TEXT.duplicateGroup });

/** Group names are unique regardless of case; the unique index settles a race between two saves. */
const ensureUniqueName = (tx: Tx, groupName: string, exceptId?: number) =>
  refuseTakenName(tx, { table: tagGroups, id: tagGroups.id, name: tagGroups.groupName }, groupName, {
    lockKey: 'tag_groups',
    message: TAG_TEXT.duplicateGroup,
    field: 'groupName',
    exceptId,
  });

const isUniqueViolation = (error: unknown): boolean => pgErrorCode(error) === '23505';

export default async function tagRoutes(app: App) {
  app.get('/tags', { config: read, schema: { tags, summary: 'Lista paginada de grupos de etiquetas con búsqueda, filtro por estado y orden', querystring: listTagsQuery, answer: tagGroupListAnswer } }, async (req) => {
    const q = req.query as z.infer<typeof listTagsQuery>;
    const filters: ListFilter[] = [];
    if (q.active !== undefined) filters.push({ shape: 'active', value: q.active, where: (v) => eq(tagGroups.active, v as never) });
    if (q.q) filters.push({ shape: 'q', value: searchPattern(q.q), where: (v) => matches(tagGroups.groupName, v) });
    return shortListPage(app.db, { name: 'tags', table: tagGroups, columns, sortable, fallback: 'groupName' }, filters, q);
  });

  app.get('/tags/:id', { config: read, schema: { tags, summary: 'Un grupo de etiquetas con sus claves y valores', params: z.object({ id }), answer: tagGroupAnswer } }, async (req) => {
    const { id: groupId } = req.params as { id: number };
    const [row] = await app.db.select(columns).from(tagGroups).where(eq(tagGroups.id, groupId));
    if (!row) throw notFound(TAG_TEXT.notFound);
    return row;
  });

  app.post('/tags', { config: write, schema: { tags, summary: 'Crea un grupo de etiquetas (nombre único sin distinguir mayúsculas)', body: tagGroupSchema, answer: tagGroupAnswer } }, async (req, reply) => {
    const body = req.body as TagGroupInput;
    try {
      const created = await app.db.transaction(async (tx) => {
        await ensureUniqueName(tx, body.groupName);
        const [row] = await tx.insert(tagGroups).values(body).returning(columns);
        await audit(tx, { userId: req.session.id, entity: 'tag-group', entityId: row.id, action: 'create' });
        return row;
      });
      return reply.status(201).send(created);
    } catch (error) {
      throw isUniqueViolation(error) ? duplicate() : error;
    }
  });

  app.put('/tags', { config: write, schema: { tags, summary: 'Modifica un grupo de etiquetas (id en el cuerpo)', description: 'Sin `active`, el grupo conserva su estado. Con el `updatedAt` que cargó el formulario, responde 409 si otra persona lo guardó desde entonces.', body: withLoadedVersion(tagGroupUpdateSchema), headers: requestKeyHeaders, answer: tagGroupAnswer } }, async (req) => {
    // Without `active` the group keeps its state (drizzle leaves undefined values out of the SET).
    const { id: groupId, updatedAt: loaded, ...body } = req.body as z.infer<typeof tagGroupUpdateSchema> & LoadedVersion;
    try {
      return await onceInTransaction(app.db, req, async (tx) => {
        await ensureUniqueName(tx, body.groupName, groupId);
        // After the name's lock, as a save without `updatedAt` takes them: the other order could deadlock.
        await claimLoadedVersion(tx, tagGroups, groupId, loaded, { conflict: STALE_EDIT.tags, notFound: TAG_TEXT.notFound });
        const [row] = await tx
          .update(tagGroups)
          .set({ ...body, updatedAt: sql`now()` })
          .where(eq(tagGroups.id, groupId))
          .returning(columns);
        if (!row) throw notFound(TAG_TEXT.notFound);
        await audit(tx, { userId: req.session.id, entity: 'tag-group', entityId: groupId, action: 'update' });
        return row;
      });
    } catch (error) {
      throw isUniqueViolation(error) ? duplicate() : error;
    }
  });

  /** Activation (the spec does not show its path): `{ id, active }`. */
  app.put('/tags/state', { config: write, schema: { tags, summary: 'Activa o desactiva un grupo de etiquetas', body: tagGroupStateSchema, answer: tagGroupAnswer } }, async (req) => {
    const { id: groupId, active } = req.body as z.infer<typeof tagGroupStateSchema>;
    return app.db.transaction(async (tx) => {
      const [row] = await tx.update(tagGroups).set({ active, updatedAt: sql`now()` }).where(eq(tagGroups.id, groupId)).returning(columns);
      if (!row) throw notFound(TAG_TEXT.notFound);
      await audit(tx, { userId: req.session.id, entity: 'tag-group', entityId: groupId, action: active ? 'activate' : 'deactivate' });
      return row;
    });
  });
}
