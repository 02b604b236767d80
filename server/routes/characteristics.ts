import { eq, isNotNull, isNull, sql } from 'drizzle-orm';
import { z } from 'zod';
import { CHARACTERISTIC_TEXT, characteristicAnswer, type CharacteristicInput, characteristicListAnswer, characteristicSchema, characteristicUpdateSchema } from '../../domain/characteristics';
import { ACCESS } from '../../domain/roles';
import { type LoadedVersion, STALE_EDIT, withLoadedVersion } from '../../domain/staleEdits';
import { id } from '../../domain/validation';
import type { App } from '../app';
import type { Tx } from '../db/client';
import { type ListFilter, matches, searchPattern, shortListPage } from '../db/list';
import { characteristics } from '../db/schema';
import { claimLoadedVersion } from '../db/staleEdits';
import { refuseTakenName } from '../db/uniqueName';
import { booleanQuery, listQuery, notFound } from '../http';
import { audit } from '../services/audit';
import { onceInTransaction, requestKeyHeaders } from '../services/requestKeys';

const read = { roles: ACCESS.characteristics.read };
const write = { roles: ACCESS.characteristics.write };
const tags = ['characteristics'];

const listCharacteristicsQuery = listQuery.extend({ enabled: booleanQuery.optional() });

const columns = {
  id: characteristics.id,
  description: characteristics.description,
  createdAt: characteristics.createdAt,
  updatedAt: characteristics.updatedAt,
  deletedAt: characteristics.deletedAt,
};
/** 'state' sorts by Habilitada / Inhabilitada. */
const sortable = { ...columns, state: sql`(${characteristics.deletedAt} is null)` };

/** One description per characteristic, enabled or not (an inhabilitated one is enabled again, not repeated). */
const refuseDescription = (tx: Tx, description: string, exceptId?: number) =>
  refuseTakenName(tx, { table: characteristics, id: characteristics.id, name: characteristics.description }, description, {
    lockKey: 'characteristics',
    message: CHARACTERISTIC_TEXT.duplicate,
    field: 'description',
    exceptId,
  });

export default async function characteristicRoutes(app: App) {
  app.get('/characteristics/', { config: read, schema: { tags, summary: 'Lista paginada de características con búsqueda, filtro por estado y orden', querystring: listCharacteristicsQuery, answer: characteristicListAnswer } }, async (req) => {
    const q = req.query as z.infer<typeof listCharacteristicsQuery>;
    const filters: ListFilter[] = [];
    // Enabled or not is two conditions: its value is the shape's.
    if (q.enabled !== undefined) filters.push({ shape: `enabled=${q.enabled}`, where: () => (q.enabled ? isNull(characteristics.deletedAt) : isNotNull(characteristics.deletedAt)) });
    if (q.q) filters.push({ shape: 'q', value: searchPattern(q.q), where: (v) => matches(characteristics.description, v) });
    return shortListPage(app.db, { name: 'characteristics', table: characteristics, columns, sortable, fallback: 'description' }, filters, q);
  });

  app.get('/characteristics/:id', { config: read, schema: { tags, summary: 'Una característica', params: z.object({ id }), answer: characteristicAnswer } }, async (req) => {
    const { id: characteristicId } = req.params as { id: number };
    const [row] = await app.db.select(columns).from(characteristics).where(eq(characteristics.id, characteristicId));
    if (!row) throw notFound(CHARACTERISTIC_TEXT.notFound);
    return row;
  });

  app.post('/characteristics/', { config: write, schema: { tags, summary: 'Crea una característica (descripción única)', body: characteristicSchema, answer: characteristicAnswer } }, async (req, reply) => {
    const body = req.body as CharacteristicInput;
    const created = await app.db.transaction(async (tx) => {
      await refuseDescription(tx, body.description);
      const [row] = await tx.insert(characteristics).values(body).returning(columns);
      await audit(tx, { userId: req.session.id, entity: 'characteristic', entityId: row.id, action: 'create' });
      return row;
    });
    return reply.status(201).send(created);
  });

  /** Id plus fields, or id and `deletedAt: null` to enable it again (spec 3 §7); the edit form sends the `updatedAt` it loaded. */
  app.put('/characteristics/', { config: write, schema: { tags, summary: 'Modifica una característica o la vuelve a habilitar (id en el cuerpo)', description: 'Solo `id` y `deletedAt: null` la habilitan de nuevo. Con el `updatedAt` que cargó el formulario, responde 409 si otra persona la guardó desde entonces.', body: withLoadedVersion(characteristicUpdateSchema), headers: requestKeyHeaders, answer: characteristicAnswer } }, async (req) => {
    const { id: characteristicId, description, deletedAt, updatedAt: loaded } = req.body as z.infer<typeof characteristicUpdateSchema> & LoadedVersion;
    return onceInTransaction(app.db, req, async (tx) => {
      await claimLoadedVersion(tx, characteristics, characteristicId, loaded, { conflict: STALE_EDIT.characteristics, notFound: CHARACTERISTIC_TEXT.notFound });
      const [row] = await tx
        .update(characteristics)
        .set({ ...(description === undefined ? {} : { description }), ...(deletedAt === null ? { deletedAt: null } : {}), updatedAt: sql`now()` })
        .where(eq(characteristics.id, characteristicId))
        .returning(columns);
      if (!row) throw notFound(CHARACTERISTIC_TEXT.notFound);
      if (description !== undefined) await refuseDescription(tx, description, characteristicId);
      const action = description === undefined ? 'enable' : deletedAt === null ? 'update-enable' : 'update';
      await audit(tx, { userId: req.session.id, entity: 'characteristic', entityId: characteristicId, action });
      return row;
    });
  });

  /** Disables it (sets deletedAt); the row stays, and PUT with deletedAt null enables it again. */
  app.delete('/characteristics/:id', { config: write, schema: { tags, summary: 'Deshabilita una característica (baja lógica); se habilita de nuevo con PUT', params: z.object({ id }), answer: characteristicAnswer } }, async (req) => {
    const { id: characteristicId } = req.params as { id: number };
    return app.db.transaction(async (tx) => {
      const [row] = await tx
        .update(characteristics)
        .set({ deletedAt: sql`coalesce(${characteristics.deletedAt}, now())`, updatedAt: sql`now()` })
        .where(eq(characteristics.id, characteristicId))
        .returning(columns);
      if (!row) throw notFound(CHARACTERISTIC_TEXT.notFound);
      await audit(tx, { userId: req.session.id, entity: 'characteristic', entityId: characteristicId, action: 'disable' });
      return row;
    });
  });
}
