/**
 * One review action on one move, as one transaction: read the move, check the version the user saw
 * and the state machine (domain/moves.ts), update it `WHERE id = ? AND version = ?` (version + 1),
 * close the current status log and open the new one, and write who did what and why. Any refusal
 * throws inside the transaction, so nothing is half-written.
 */
import { and, eq, isNull, sql } from 'drizzle-orm';
import { MOVE_TEXT, type MoveAction, type MoveStatus, refusal, TRANSITIONS } from '../../../domain/moves';
import { todayIso } from '../../../domain/validation';
import type { Db, Tx } from '../../db/client';
import { inIds, intArray } from '../../db/list';
import { moveStatusLogs, projectLocations, projects, userMoves } from '../../db/schema';
import type { SessionUser } from '../../guard';
import { conflict, HttpError, notFound } from '../../http';
import { audit } from '../audit';

export type MoveRow = typeof userMoves.$inferSelect;
export type MoveChange = Partial<Omit<typeof userMoves.$inferInsert, 'id' | 'code' | 'version' | 'status'>>;

export interface ActOptions<T> {
  id: number;
  /** The version the user read; a different one is a 409 (someone else acted first). */
  version?: number;
  action: MoveAction;
  actor: SessionUser;
  /** The status log entry's reason; a function when it is known only once `check` ran. */
  reason?: string | null | (() => string | null);
  /** The bank's motive the action was given with: kept in the status log entry it opens. */
  motiveId?: number | null;
  /** Checks that need the move (they throw to refuse). */
  check?: (tx: Tx, move: MoveRow) => Promise<void> | void;
  /** The columns the action changes. */
  set?: (move: MoveRow) => MoveChange;
  /** Writes that belong to the same action (the transaction, the visit, the republished move). */
  after?: (tx: Tx, updated: MoveRow, before: MoveRow) => Promise<T>;
  /** More for the audit entry; a function when it is known only once `check` ran. */
  detail?: Record<string, unknown> | (() => Record<string, unknown>);
}

/** Locks nothing: the conditional update decides who wins, so readers never wait. */
export async function readMove(tx: Db | Tx, id: number): Promise<MoveRow> {
  const [move] = await tx.select().from(userMoves).where(eq(userMoves.id, id));
  if (!move) throw notFound(MOVE_TEXT.notFound);
  return move;
}

export async function hasRepublishedCopy(tx: Db | Tx, id: number): Promise<boolean> {
  const [row] = await tx.select({ id: userMoves.id }).from(userMoves).where(eq(userMoves.republishedFromId, id)).limit(1);
  return Boolean(row);
}

/**
 * Whether the project of a project location has ended (its end date is before today, Argentina's calendar).
 * `share`: its project held FOR SHARE, before the move is written, for a republish that adds a move
 * (`shareProjectsOf`).
 */
async function projectHasEnded(tx: Db | Tx, projectLocationId: number, share = false): Promise<boolean> {
  const query = tx
    .select({ id: projects.id, endDate: projects.endDate })
    .from(projectLocations)
    .innerJoin(projects, eq(projects.id, projectLocations.projectId))
    .where(eq(projectLocations.id, projectLocationId));
  const [row] = share ? await query.for('share', { of: projects }) : await query;
  return Boolean(row) && row.endDate < todayIso();
}

/** Refuses with 403 for a role or another Getter's move, 409 for a state that does not allow the action. */
export function refuse(message: string): never {
  throw new HttpError(message === MOVE_TEXT.forbidden || message === MOVE_TEXT.notYours ? 403 : 409, message);
}

/** Moves the status log on: closes the open entry and opens one for `status`. */
export async function logStatus(tx: Tx, moveId: number, status: MoveStatus, userId: number | null, reason: string | null = null, motiveId: number | null = null): Promise<void> {
  await tx
    .update(moveStatusLogs)
    .set({ finishedAt: sql`now()` })
    .where(and(eq(moveStatusLogs.userMoveId, moveId), isNull(moveStatusLogs.finishedAt)));
  await tx.insert(moveStatusLogs).values({ userMoveId: moveId, status, userId, reason, motiveId });
}

/** `logStatus` for many moves at once: two statements whatever their number. */
export async function logStatusMany(tx: Tx, moveIds: number[], status: MoveStatus, userId: number | null): Promise<void> {
  if (!moveIds.length) return;
  await tx
    .update(moveStatusLogs)
    .set({ finishedAt: sql`now()` })
    .where(and(inIds(moveStatusLogs.userMoveId, moveIds), isNull(moveStatusLogs.finishedAt)));
  await tx.execute(sql`insert into ${moveStatusLogs} (user_move_id, status, user_id) select id, ${status}, ${userId}::int from unnest(${intArray(moveIds)}) as id`);
}

/** The conditional update every action goes through: exactly one of two concurrent writers wins. */
export async function updateVersioned(tx: Tx, move: MoveRow, change: MoveChange & { status?: MoveStatus }): Promise<MoveRow> {
  const [updated] = await tx
    .update(userMoves)
    .set({ ...change, version: move.version + 1, updatedAt: sql`now()` })
    .where(and(eq(userMoves.id, move.id), eq(userMoves.version, move.version)))
    .returning();
  if (!updated) throw conflict(MOVE_TEXT.conflict);
  return updated;
}

export async function actOnMove<T = void>(db: Db, options: ActOptions<T>): Promise<{ move: MoveRow; result: T | undefined }> {
  const { id, version, action, actor } = options;
  return db.transaction(async (tx) => {
    const move = await readMove(tx, id);
    if (version !== undefined && version !== move.version) throw conflict(MOVE_TEXT.conflict);
    const republished = action === 'republish' ? await hasRepublishedCopy(tx, id) : false;
    const projectEnded = action === 'republish' || action === 'reschedule' ? await projectHasEnded(tx, move.projectLocationId, action === 'republish') : false;
    const refused = refusal(action, { status: move.status as MoveStatus, assignedAgentId: move.assignedAgentId, republished, projectEnded, hasGetter: move.userId !== null }, actor.rol);
    if (refused) refuse(refused);
    await options.check?.(tx, move);
    const to = TRANSITIONS[action].to;
    const updated = await updateVersioned(tx, move, { ...(options.set?.(move) ?? {}), ...(to ? { status: to } : {}) });
    const reason = typeof options.reason === 'function' ? options.reason() : (options.reason ?? null);
    if (to && to !== move.status) await logStatus(tx, id, to, actor.id, reason, options.motiveId ?? null);
    const result = await options.after?.(tx, updated, move);
    await audit(tx, {
      userId: actor.id,
      entity: 'user_move',
      entityId: id,
      action,
      detail: { from: move.status, to: updated.status, version: updated.version, ...(reason ? { reason } : {}), ...(options.motiveId ? { motiveId: options.motiveId } : {}), ...(typeof options.detail === 'function' ? options.detail() : (options.detail ?? {})) },
    });
    return { move: updated, result };
  });
}
