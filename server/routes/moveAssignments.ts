/**
 * Assignments (spec 2 §4): moves to a quality agent or to a Getter in bulk (`PUT /user-moves/massive`,
 * with the Getter also the stock's published visits), and published visits turned into ASIGNADA moves of a Getter (`POST /user-moves/massive-locations`,
 * also used by the projects' assignment screen). Each call is one transaction. Nothing of a finished
 * project goes to a Getter; its moves still get a quality agent, who reviews what was done in time.
 */
import { and, asc, eq, inArray, lt, notInArray, or, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { ASSIGN_TEXT } from '../../domain/assignment';
import { MOVE_FORM_TEXT, massiveBody, massiveLocationsBody, moveFilter } from '../../domain/move-forms';
import { MOVE_TEXT, TRANSITIONS, VISIT_STATE } from '../../domain/moves';
import { ACCESS, ROLE } from '../../domain/roles';
import { todayIso } from '../../domain/validation';
import type { App } from '../app';
import { rowsOf, type Tx } from '../db/client';
import type { SessionUser } from '../guard';
import { auditLog, locations, moveStatusLogs, projectLocations, projects, questionnaires, questionnaireVersions, userMoves, visits } from '../db/schema';
import { countAll, inIds, intArray } from '../db/list';
import { badRequest, conflict, formLevelValidator, notFound, parse } from '../http';
import { audit } from '../services/audit';
import { onceInTransaction, requestKeyHeaders } from '../services/requestKeys';
import { logStatusMany } from '../services/moves/act';
import { projectInfo } from '../services/moves/projectInfo';
import { lockProjectLocations, shareProjectsOf } from '../services/projects/write';
import { moveIdsOf } from '../services/moves/queries';
import { ensureUserOfRole } from '../services/moves/review';
import { refuseInactiveLocations } from '../services/moves/inactiveLocations';
import { massiveAssignAnswer, visitsAssignedAnswer } from '../../domain/move-api';

const write = { roles: ACCESS['user-moves'].write };
const tags = ['user-moves'];
/** "All filtered" assigns at most this many moves in one call. */
export const MASSIVE_CAP = 10_000;
const STOCK_MOVE_STATUSES = ['ASIGNADA', 'DISPONIBLE'] as const;
const PUBLISHED = [VISIT_STATE.PUBLICADA, VISIT_STATE.PUBLICADA_POR_CANCELACION];

/** One audit row per move, in one statement whatever their number (the ids as one array). */
async function auditMany(tx: Tx, userId: number, ids: number[], action: string, detail: Record<string, unknown>) {
  if (!ids.length) return;
  await tx.execute(sql`insert into ${auditLog} (user_id, entity, entity_id, action, detail)
    select ${userId}, 'user_move', id::text, ${action}, ${JSON.stringify(detail)}::jsonb from unnest(${intArray(ids)}) as id`);
}

/**
 * Ids that name no move refuse the whole call (404 naming a few), before anything is written: the
 * answer's "skipped" counts moves left as they were because of their state, never a mistyped id.
 */
async function refuseUnknownMoves(tx: Tx, ids: readonly number[]) {
  if (!ids.length) return;
  const rows = await rowsOf<{ id: number }>(
    tx,
    sql`select t.id from unnest(${intArray([...new Set(ids)])}) as t(id) where not exists (select 1 from ${userMoves} m where m.id = t.id) order by t.id limit 5`,
  );
  const missing = rows.map((r) => Number(r.id));
  if (missing.length) throw notFound(ASSIGN_TEXT.unknownMoves(missing));
}

/**
 * A finished project (its end date passed, as `projectState` says) hands out nothing more: neither
 * its stock moves nor its published visits go to a Getter. 409 naming the projects (a few), before
 * anything is written.
 */
async function refuseEndedProjects(tx: Tx, of: { moveIds?: readonly number[]; projectLocationIds?: readonly number[] }) {
  const moveIds = of.moveIds ?? [];
  const plIds = of.projectLocationIds ?? [];
  if (!moveIds.length && !plIds.length) return;
  const ofMoves = tx.select({ id: projectLocations.projectId }).from(userMoves).innerJoin(projectLocations, eq(projectLocations.id, userMoves.projectLocationId)).where(inIds(userMoves.id, moveIds));
  const ofLocations = tx.select({ id: projectLocations.projectId }).from(projectLocations).where(inIds(projectLocations.id, plIds));
  const ended = await tx
    .selectDistinct({ name: projects.name })
    .from(projects)
    .where(and(lt(projects.endDate, todayIso()), or(moveIds.length ? inArray(projects.id, ofMoves) : undefined, plIds.length ? inArray(projects.id, ofLocations) : undefined)))
    .orderBy(projects.name)
    .limit(5);
  if (ended.length) throw conflict(ASSIGN_TEXT.projectEnded(ended.map((p) => p.name)));
}

/**
 * The questionnaire version a new move of the project answers: its questionnaire's current version, read
 * once the project's locations are held (`assignVisits`): an edit that changes the questionnaire holds them
 * too, so the move takes the one that edit left, or the edit sees the move and keeps the questionnaire.
 */
async function currentVersionOf(tx: Tx, projectId: number): Promise<number | null> {
  const [row] = await tx
    .select({ id: questionnaireVersions.id })
    .from(projects)
    .innerJoin(questionnaires, eq(questionnaires.id, projects.questionnaireId))
    .innerJoin(questionnaireVersions, and(eq(questionnaireVersions.questionnaireId, questionnaires.id), eq(questionnaireVersions.version, questionnaires.lastVersion)))
    .where(eq(projects.id, projectId));
  return row?.id ?? null;
}

/** Created moves: one per published visit turned into a Getter's move. */
type CreatedMove = { id: number; code: string; projectLocationId: number; userId: number; visitId: number };

/** The refusal for a project's location with no published visit left, naming both. */
/** A project location's point of sale and project, by name, for a refusal that names them. */
async function namesOf(tx: Tx, projectLocationId: number): Promise<{ location: string; project: string }> {
  const [row] = await tx
    .select({ location: locations.fullName, project: projects.name })
    .from(projectLocations)
    .innerJoin(locations, eq(locations.id, projectLocations.locationId))
    .innerJoin(projects, eq(projects.id, projectLocations.projectId))
    .where(eq(projectLocations.id, projectLocationId));
  return { location: row?.location ?? String(projectLocationId), project: row?.project ?? '' };
}

async function noVisitLeft(tx: Tx, projectLocationId: number): Promise<string> {
  const { location, project } = await namesOf(tx, projectLocationId);
  return ASSIGN_TEXT.noVisitLeft(location, project);
}

/**
 * Published visits become ASIGNADA moves of their Getters, inside the caller's transaction: with
 * `visitId`, that visit (no longer published: 409, nothing written); without, the location's next
 * published one; with none left, 409 naming the location, and nothing written.
 */
async function assignVisits(tx: Tx, actor: SessionUser, items: { projectLocationId: number; userId: number; visitId?: number }[]): Promise<CreatedMove[]> {
  for (const userId of new Set(items.map((i) => i.userId))) await ensureUserOfRole(tx, userId, ROLE.GETTER, MOVE_TEXT.notGetter);
  const plIds = [...new Set(items.map((i) => i.projectLocationId))];
  // Before any visit: a change of these projects (their end date), a removal of these locations or of their
  // ranges waits, or is waited for.
  await shareProjectsOf(tx, { projectLocationIds: plIds });
  await lockProjectLocations(tx, { ids: plIds }, 'share');
  const pls = await tx.select({ id: projectLocations.id, projectId: projectLocations.projectId }).from(projectLocations).where(inArray(projectLocations.id, plIds));
  if (pls.length !== plIds.length) throw badRequest('Alguna de las locaciones no pertenece a un proyecto.');
  await refuseEndedProjects(tx, { projectLocationIds: plIds });
  await refuseInactiveLocations(tx, { projectLocationIds: plIds });
  const projectOf = new Map(pls.map((p) => [p.id, p.projectId]));
  const info = await projectInfo(tx, [...new Set(pls.map((p) => p.projectId))]);
  const versions = new Map<number, number | null>();
  for (const projectId of info.keys()) versions.set(projectId, await currentVersionOf(tx, projectId));
  const out: CreatedMove[] = [];
  for (const item of items) {
    const [visit] = await tx
      .select({ id: visits.id, dueTo: visits.dueTo })
      .from(visits)
      .where(
        and(
          eq(visits.projectLocationId, item.projectLocationId),
          inArray(visits.state, PUBLISHED),
          ...(item.visitId ? [eq(visits.id, item.visitId)] : []),
        ),
      )
      // The next visit still to be done first: one whose range ended (left published) only when none is.
      .orderBy(sql`${visits.dueTo} < ${todayIso()}::date`, asc(visits.dueFrom), asc(visits.id))
      .limit(1)
      .for('update', { skipLocked: true });
    // A visit named by the stock screen must still be published; otherwise the location's next one. With
    // none left, nothing: a move is one of the project's planned visits, never one more (the screen says so).
    if (item.visitId && !visit) {
      const { location, project } = await namesOf(tx, item.projectLocationId);
      throw conflict(ASSIGN_TEXT.visitGone(MOVE_FORM_TEXT.stockState, location, project));
    }
    if (!visit) throw conflict(await noVisitLeft(tx, item.projectLocationId));
    await tx.update(visits).set({ state: VISIT_STATE.TOMADA }).where(eq(visits.id, visit.id));
    const projectId = projectOf.get(item.projectLocationId)!;
    const [move] = await tx
      .insert(userMoves)
      .values({
        projectLocationId: item.projectLocationId,
        visitId: visit.id,
        status: 'ASIGNADA',
        userId: item.userId,
        questionnaireVersionId: versions.get(projectId) ?? null,
        dueTo: visit.dueTo ?? info.get(projectId)?.endDate ?? null,
      })
      .returning({ id: userMoves.id, code: userMoves.code });
    await tx.insert(moveStatusLogs).values({ userMoveId: move.id, status: 'ASIGNADA', userId: actor.id });
    await audit(tx, { userId: actor.id, entity: 'user_move', entityId: move.id, action: 'create-assigned', detail: { projectLocationId: item.projectLocationId, userId: item.userId, visitId: visit.id } });
    out.push({ id: move.id, code: move.code, projectLocationId: item.projectLocationId, userId: item.userId, visitId: visit.id });
  }
  return out;
}

export default async function moveAssignmentRoutes(app: App) {
  app.put('/user-moves/massive', { config: write, schema: { tags, summary: 'Asignación masiva de moves a un agente de calidad o a un Getter', description: 'Con `assignedAgentId`: las moves indicadas o las del filtro (hasta 10.000); las de estado que no admite agente se saltean y se cuentan. Con `userId`: moves en stock y visitas publicadas al Getter, elegidas una por una (con `filter`, 400), todo o nada; un proyecto terminado responde 409. Con `Idempotency-Key`, el reintento con los mismos datos devuelve la primera respuesta sin asignar de nuevo.', body: massiveBody, headers: requestKeyHeaders, answer: massiveAssignAnswer }, validatorCompiler: formLevelValidator(['assignedAgentId', 'userId', 'userMovesIds']) }, async (req) => {
    const body = req.body as z.infer<typeof massiveBody>;
    const actor = req.session;
    return onceInTransaction(app.db, req, assignMassive);

    async function assignMassive(tx: Tx) {
      if (body.assignedAgentId !== undefined) {
        const agent = await ensureUserOfRole(tx, body.assignedAgentId, ROLE.ADMIN, MOVE_TEXT.notAgent);
        const ids = body.userMovesIds?.length ? body.userMovesIds : await moveIdsOf(tx, parse(moveFilter, body.filter ?? {}), MASSIVE_CAP);
        if (body.userMovesIds?.length) await refuseUnknownMoves(tx, ids);
        // Locked in id order first, as the Getter's assignment locks them: an UPDATE locks in the order it
        // finds the rows, and two overlapping assignments in different orders deadlocked (a 500).
        await tx.select({ id: userMoves.id }).from(userMoves).where(inIds(userMoves.id, ids)).orderBy(asc(userMoves.id)).for('update');
        // The state machine in the WHERE: a move whose agent is locked is left as it is, even if it changed a moment ago.
        const updated = ids.length
          ? await tx
              .update(userMoves)
              .set({ assignedAgentId: agent.id, version: sql`${userMoves.version} + 1`, updatedAt: sql`now()` })
              .where(and(inIds(userMoves.id, ids), inArray(userMoves.status, [...TRANSITIONS.assignAgent.from])))
              .returning({ id: userMoves.id })
          : [];
        const done = new Set(updated.map((u) => u.id));
        const skipped = ids.filter((id) => !done.has(id));
        await auditMany(tx, actor.id, [...done], 'assignAgent', { assignedAgentId: agent.id, massive: true });
        return { updated: done.size, skipped: skipped.length, skippedIds: skipped.slice(0, 100), agent };
      }
      const getter = await ensureUserOfRole(tx, body.userId!, ROLE.GETTER, MOVE_TEXT.notGetter);
      const ids = body.userMovesIds ?? [];
      await refuseUnknownMoves(tx, ids);
      // A move no assignment takes (in review, started…) says so first: whether its project ended is beside
      // the point. The UPDATE below checks the states again, under the locks.
      const [{ n: untakeable }] = await tx
        .select({ n: countAll })
        .from(userMoves)
        .where(and(inIds(userMoves.id, ids), notInArray(userMoves.status, [...STOCK_MOVE_STATUSES])));
      if (untakeable) throw conflict(MOVE_FORM_TEXT.stockState);
      // One move of a finished project refuses the whole call (assignVisits checks the visits' projects).
      await refuseEndedProjects(tx, { moveIds: ids });
      await refuseInactiveLocations(tx, { moveIds: ids });
      // Their projects first, as assignVisits takes them, before the moves: the selection's visits become
      // moves below, under the projects' lock.
      if (body.locations?.length) await shareProjectsOf(tx, { moveIds: ids, projectLocationIds: body.locations.map((l) => l.projectLocationId) });
      // Locked (in id order, so two overlapping assignments cannot deadlock): a second assignment of the
      // same moves waits and reads them as the first left them, so a move's DISPONIBLE → ASIGNADA is logged once.
      const before = await tx
        .select({ id: userMoves.id, status: userMoves.status, userId: userMoves.userId })
        .from(userMoves)
        .where(inIds(userMoves.id, ids))
        .orderBy(asc(userMoves.id))
        .for('update');
      const updated = await tx
        .update(userMoves)
        .set({ userId: getter.id, status: 'ASIGNADA', version: sql`${userMoves.version} + 1`, updatedAt: sql`now()` })
        .where(and(inIds(userMoves.id, ids), inArray(userMoves.status, [...STOCK_MOVE_STATUSES])))
        .returning({ id: userMoves.id });
      if (updated.length !== new Set(ids).size) throw conflict(MOVE_FORM_TEXT.stockState);
      // Its history says when and by whom it was assigned: taken from the stock, or given to another Getter.
      await logStatusMany(tx, before.filter((b) => b.status === 'DISPONIBLE' || b.userId !== getter.id).map((b) => b.id), 'ASIGNADA', actor.id);
      await auditMany(tx, actor.id, ids, 'assignGetter', { userId: getter.id, massive: true });
      // The selection's published visits, in the same transaction: a refused one undoes the moves' assignment too.
      const created = body.locations?.length ? await assignVisits(tx, actor, body.locations.map((l) => ({ ...l, userId: getter.id }))) : [];
      return { updated: updated.length, skipped: 0, skippedIds: [], getter, created };
    }
  });

  app.post('/user-moves/massive-locations', { config: write, schema: { tags, summary: 'Convierte visitas publicadas de puntos de venta en moves asignadas a Getters', description: 'Sin `visitId` toma la próxima visita publicada del punto de venta del proyecto. Sin ninguna publicada, una visita ya tomada o un proyecto terminado responden 409 y no se escribe nada. Con `Idempotency-Key`, el reintento con los mismos datos (una respuesta perdida) devuelve las moves que creó el primero, sin crear otras.', body: massiveLocationsBody, headers: requestKeyHeaders, answer: visitsAssignedAnswer } }, async (req, reply) => {
    const items = req.body as z.infer<typeof massiveLocationsBody>;
    const answer = await onceInTransaction(app.db, req, async (tx) => ({ created: await assignVisits(tx, req.session, items) }));
    return reply.status(201).send(answer);
  });
}

