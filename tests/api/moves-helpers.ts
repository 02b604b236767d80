/** Shared pieces of the Moves API tests: calls as a role, and seeded moves found by what a test needs. */
import { and, asc, eq, isNotNull, isNull, type SQL, sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { ASSIGN_TEXT } from '../../domain/assignment';
import type { MoveDetail } from '../../domain/move-api';
import { MOVE_FORM_TEXT } from '../../domain/move-forms';
import { type MoveReply, numberedQuestions, photosAsked, returnableQuestion } from '../../domain/move-replies';
import type { Dimension } from '../../domain/questionnaires';
import type { UserRole } from '../../domain/roles';
import { auditLog, locations, moveStatusLogs, projectLocations, projects, userMoves } from '../../server/db/schema';
import type { TestApp } from './helpers';

export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

export function caller(t: TestApp) {
  const call = (method: Method, url: string, token: string, payload?: unknown) =>
    t.app.inject({ method, url: `/api${url}`, headers: t.authHeader(token), ...(payload === undefined ? {} : { payload: payload as never }) });
  const ok = async <T = unknown>(method: Method, url: string, token: string, payload?: unknown): Promise<T> => {
    const res = await call(method, url, token, payload);
    expect(res.statusCode, `${method} ${url} → ${res.body}`).toBeLessThan(300);
    return (res.body ? res.json() : undefined) as T;
  };
  /** A token of a user of any role (see TestApp.tokenAs). */
  const tokenFor = (rol: UserRole) => t.tokenAs(rol);
  return { call, ok, tokenFor };
}

export type MoveRow = typeof userMoves.$inferSelect;

/** The seeded moves matching `where`, oldest first (each test takes its own, by position). */
export async function movesWhere(t: TestApp, ...where: SQL[]): Promise<MoveRow[]> {
  return t.db
    .select()
    .from(userMoves)
    .where(and(...where))
    .orderBy(asc(userMoves.id));
}

export const inStatus = (status: string) => eq(userMoves.status, status);
export const withAgent = isNotNull(userMoves.assignedAgentId);
export const withoutAgent = isNull(userMoves.assignedAgentId);
/** Of a project with or without 'Requiere aprobación automática' (a first send of such a project's move is approved by itself). */
export const autoApproving = sql`exists (select 1 from project_locations pl join projects p on p.id = pl.project_id where pl.id = ${userMoves.projectLocationId} and p.auto_approval_required)`;
export const reviewedByPeople = sql`not ${autoApproving}`;
export const notRepublished = sql`not exists (select 1 from user_moves c where c.republished_from_id = ${userMoves.id})`;

export async function reload(t: TestApp, id: number): Promise<MoveRow> {
  const [row] = await t.db.select().from(userMoves).where(eq(userMoves.id, id));
  return row;
}

/** A project location's point of sale and project, by name, as the assignment's refusals name them. */
export async function namesOf(t: TestApp, projectLocationId: number): Promise<{ location: string; project: string }> {
  const [row] = await t.db
    .select({ location: locations.fullName, project: projects.name })
    .from(projectLocations)
    .innerJoin(locations, eq(locations.id, projectLocations.locationId))
    .innerJoin(projects, eq(projects.id, projectLocations.projectId))
    .where(eq(projectLocations.id, projectLocationId));
  return row;
}

/** The refusal of a stock assignment naming a visit of this project location that is no longer published. */
export async function visitGoneMessage(t: TestApp, projectLocationId: number): Promise<string> {
  const { location, project } = await namesOf(t, projectLocationId);
  return ASSIGN_TEXT.visitGone(MOVE_FORM_TEXT.stockState, location, project);
}

export async function logsOf(t: TestApp, id: number) {
  return t.db.select().from(moveStatusLogs).where(eq(moveStatusLogs.userMoveId, id)).orderBy(asc(moveStatusLogs.createdAt), asc(moveStatusLogs.id));
}

export async function auditsOf(t: TestApp, id: number) {
  return t.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.entity, 'user_move'), eq(auditLog.entityId, String(id))))
    .orderBy(asc(auditLog.id));
}

/** The last log is open and has the move's status; every earlier one is closed. */
export async function expectLogFollows(t: TestApp, id: number, status: string) {
  const logs = await logsOf(t, id);
  expect(logs.at(-1)).toMatchObject({ status, finishedAt: null });
  for (const log of logs.slice(0, -1)) expect(log.finishedAt, `log ${log.status}`).not.toBeNull();
}

export type Detail = MoveDetail & { transaction?: { id: number; amount: string } | null };

export type SentReply = Pick<MoveReply, 'replyData' | 'replyObservation' | 'evidences'>;

/**
 * What a Getter's app sends for a complete visit: every question the app shows answered (its first
 * option, a comment where that option asks for one), the photos and evidences asked for, as external
 * links; the agent's own questions empty.
 */
export function completeSend(dimensions: Dimension[]): Record<string, SentReply> {
  const replies: Record<string, SentReply> = {};
  for (const { question: q } of numberedQuestions(dimensions)) {
    if (!returnableQuestion(q)) {
      replies[q._id] = { replyData: null, replyObservation: null, evidences: [] };
      continue;
    }
    const first = q.answers[0];
    const replyData =
      q.type === 'photographs' ? Array.from({ length: photosAsked(q) }, (_, i) => `https://fotos.test/${q._id}-${i + 1}.jpg`)
      : q.type === 'multiple' || q.type === 'accumulative' ? [first._id]
      : q.type === 'text' ? 'Todo en orden'
      : q.type === 'amount' ? 3
      : first._id;
    replies[q._id] = {
      replyData,
      replyObservation: q.type !== 'photographs' && first?.hasCommentary ? 'Lo confirmó el encargado.' : null,
      evidences: q.allowPhotoEvidence && q.photoEvidenceRequired ? [`https://fotos.test/${q._id}-evidencia.jpg`] : [],
    };
  }
  return replies;
}
