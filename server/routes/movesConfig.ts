/**
 * Move configurations (spec 1 §2.7, §7). They are few: the list answers all of them and the console
 * pages on its side. A configuration linked to projects may change only its name and status.
 */
import { asc, count, eq, getTableColumns, inArray, isNotNull, sql } from 'drizzle-orm';
import { z } from 'zod';
import { lockedChanges, MOVE_CONFIG_TEXT, moveConfigAnswer, moveConfigChoicesAnswer, type MoveConfigInput, moveConfigListAnswer, moveConfigSchema, type MoveConfiguration, type MoveConfigurationRow } from '../../domain/movesConfig';
import { ACCESS } from '../../domain/roles';
import { type LoadedVersion, STALE_EDIT, withLoadedVersion } from '../../domain/staleEdits';
import { id } from '../../domain/validation';
import type { App } from '../app';
import type { Db, Tx } from '../db/client';
import { preparedOnce } from '../db/prepared';
import { moveCategories, moveConfigurations, moveTypes, projects } from '../db/schema';
import { claimLoadedVersion } from '../db/staleEdits';
import { refuseTakenName } from '../db/uniqueName';
import { badRequest, notFound } from '../http';
import { audit } from '../services/audit';
import { onceInTransaction, requestKeyHeaders } from '../services/requestKeys';

const read = { roles: ACCESS['moves-config'].read };
const write = { roles: ACCESS['moves-config'].write };

/** The configurations with their projects (id and name) and how many there are. */
/** A configuration's columns as the API answers them (not when it was created or changed). */
const { createdAt: _created, updatedAt: _updated, ...configColumns } = getTableColumns(moveConfigurations);

/**
 * Every configuration with how many projects use it (one grouped count on projects_move_configuration_idx),
 * each row as the API answers it, straight from SQL; the statement built once.
 */
async function listConfigurations(db: Db): Promise<MoveConfigurationRow[]> {
  const statement = preparedOnce(db, 'move-configurations', () => {
    const used = db
      .select({ configId: projects.moveConfigurationId, n: count().as('n') })
      .from(projects)
      .where(isNotNull(projects.moveConfigurationId))
      .groupBy(projects.moveConfigurationId)
      .as('used');
    return db
      .select({ ...configColumns, projectsCount: sql<number>`coalesce(${used.n}, 0)::int` })
      .from(moveConfigurations)
      .leftJoin(used, eq(used.configId, moveConfigurations.id))
      .orderBy(asc(moveConfigurations.name), asc(moveConfigurations.id))
      .prepare('');
  });
  return statement.execute();
}

/** One configuration with its projects by name, and when it last changed (the version an edit form sends back). */
async function readConfiguration(db: Db, configId: number): Promise<(MoveConfiguration & { updatedAt: Date }) | undefined> {
  const [row] = await db.select().from(moveConfigurations).where(eq(moveConfigurations.id, configId));
  if (!row) return undefined;
  const own = await db.select({ id: projects.id, name: projects.name }).from(projects).where(eq(projects.moveConfigurationId, configId)).orderBy(asc(projects.name), asc(projects.id));
  const { createdAt: _c, ...r } = row;
  return { ...r, projects: own, projectsCount: own.length };
}

async function checkLists(db: Db, body: MoveConfigInput) {
  const errors: Record<string, string> = {};
  if (body.moveTypes.length) {
    const found = await db.select({ id: moveTypes.id }).from(moveTypes).where(inArray(moveTypes.id, body.moveTypes));
    if (found.length !== body.moveTypes.length) errors.moveTypes = MOVE_CONFIG_TEXT.unknownType;
  }
  if (body.category.length) {
    const found = await db.select({ id: moveCategories.id }).from(moveCategories).where(inArray(moveCategories.id, body.category));
    if (found.length !== body.category.length) errors.category = MOVE_CONFIG_TEXT.unknownCategory;
  }
  if (Object.keys(errors).length) throw badRequest('Revise los datos ingresados.', errors);
}

/** Two configurations of one name are two look-alike choices in every project form. */
const refuseTakenConfigurationName = (tx: Tx, name: string, exceptId?: number) =>
  refuseTakenName(tx, { table: moveConfigurations, id: moveConfigurations.id, name: moveConfigurations.name }, name, {
    lockKey: 'move-configurations',
    message: MOVE_CONFIG_TEXT.duplicate,
    field: 'name',
    exceptId,
  });

export default async function moveConfigRoutes(app: App) {
  const tags = ['moves-config'];

  /** Every configuration: `{ rows, count }`, sorted by name. */
  app.get('/moves', { config: read, schema: { tags, summary: 'Todas las configuraciones de moves, por nombre, con cuántos proyectos usan cada una', answer: moveConfigListAnswer } }, async () => {
    const rows = await listConfigurations(app.db);
    return { rows, count: rows.length };
  });

  app.get('/moves/get/info-for-move-configuration', { config: read, schema: { tags, summary: 'Tipos y categorías de move que puede elegir una configuración de moves', answer: moveConfigChoicesAnswer } }, async () => {
    const [types, categories] = await Promise.all([
      app.db.select().from(moveTypes).orderBy(asc(moveTypes.id)),
      app.db.select().from(moveCategories).orderBy(asc(moveCategories.id)),
    ]);
    return { moveTypes: types, categories };
  });

  app.get('/moves/get/:id', { config: read, schema: { tags, summary: 'Una configuración de moves con los proyectos que la usan', params: z.object({ id }), answer: moveConfigAnswer } }, async (req) => {
    const row = await readConfiguration(app.db, (req.params as { id: number }).id);
    if (!row) throw notFound(MOVE_CONFIG_TEXT.notFound);
    return row;
  });

  app.post('/moves/post/new-move', { config: write, schema: { tags, summary: 'Crea una configuración de moves (nombre único)', body: moveConfigSchema, answer: moveConfigAnswer } }, async (req, reply) => {
    const body = req.body as MoveConfigInput;
    await checkLists(app.db, body);
    const created = await app.db.transaction(async (tx) => {
      await refuseTakenConfigurationName(tx, body.name);
      const [row] = await tx.insert(moveConfigurations).values(body).returning({ id: moveConfigurations.id });
      await audit(tx, { userId: req.session.id, entity: 'move-configuration', entityId: row.id, action: 'create' });
      return row;
    });
    const row = await readConfiguration(app.db, created.id);
    return reply.status(201).send(row);
  });

  app.put('/moves/put/:id', { config: write, schema: { tags, summary: 'Modifica una configuración de moves', description: 'Si algún proyecto la usa, solo cambian su nombre, su estado y el orden de sus tipos de move (400 en otro caso). Con el `updatedAt` que cargó el formulario, responde 409 si otra persona la guardó desde entonces.', params: z.object({ id }), body: withLoadedVersion(moveConfigSchema), headers: requestKeyHeaders, answer: moveConfigAnswer } }, async (req) => {
    const { id: configId } = req.params as { id: number };
    const { updatedAt: loaded, ...body } = req.body as MoveConfigInput & LoadedVersion;
    await checkLists(app.db, body);
    // A retry of a save that committed runs nothing: the answer is the configuration as stored.
    await onceInTransaction(app.db, req, async (tx) => {
      await claimLoadedVersion(tx, moveConfigurations, configId, loaded, { conflict: STALE_EDIT.movesConfig, notFound: MOVE_CONFIG_TEXT.notFound });
      // Locks the row: a project linked meanwhile cannot slip past the check.
      const [current] = await tx.select().from(moveConfigurations).where(eq(moveConfigurations.id, configId)).for('update');
      if (!current) throw notFound(MOVE_CONFIG_TEXT.notFound);
      await refuseTakenConfigurationName(tx, body.name, configId);
      const [{ n }] = await tx.select({ n: count() }).from(projects).where(eq(projects.moveConfigurationId, configId));
      const locked = n > 0 ? lockedChanges(current, body) : [];
      if (locked.length) throw badRequest(MOVE_CONFIG_TEXT.linked, Object.fromEntries(locked.map((field) => [field, MOVE_CONFIG_TEXT.linked])));
      await tx
        .update(moveConfigurations)
        .set({ ...body, updatedAt: sql`now()` })
        .where(eq(moveConfigurations.id, configId));
      await audit(tx, { userId: req.session.id, entity: 'move-configuration', entityId: configId, action: 'update', detail: n > 0 ? { linkedProjects: n } : undefined });
    });
    const row = await readConfiguration(app.db, configId);
    return row;
  });
}
