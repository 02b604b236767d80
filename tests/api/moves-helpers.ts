/** Shared pieces of the Moves API tests: calls as a role, and seeded moves found by what a test needs. */
import { and, asc, eq, isNotNull, isNull, type SQL, sql } from 'drizzle-orm';
import { expect } from 'vitest';
import type { MoveDetail } from '../../domain/move-api';
import type { Dimension } from '../../domain/questionnaires';
import type { UserRole } from '../../domain/roles';
import { auditLog, moveStatusLogs, userMoves } from '../../server/db/schema';
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
export const notRepublished = sql`not exists (select 1 from user_moves c where c.republished_from_id = ${userMoves.id})`;

export async function reload(t: TestApp, id: number): Promise<MoveRow> {
  const [row] = await t.db.select().from(userMoves).where(eq(userMoves.id, id));
  return row;
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

/**
 * A Getter's complete answers to a questionnaire, as the app sends them (`POST /user-moves/submit`): each
 * question it sees answered with its first option (or a text, an amount, ten photos), with an
 * observation; those only the agent sees left empty.
 */
export function getterReplies(dimensions: Dimension[]) {
  const replies: Record<string, { replyData: string | number | string[] | null; replyObservation?: string }> = {};
  for (const q of dimensions.flatMap((d) => d.subDimensions.flatMap((s) => s.questions))) {
    const first = q.answers[0]?._id;
    const byType: Record<string, string | number | string[] | null> = {
      close: first,
      open: first,
      penalty: first,
      multiple: [first],
      accumulative: [first],
      text: 'Todo en orden',
      amount: 3,
      photographs: Array.from({ length: 10 }, (_, i) => `https://fotos.campo.test/visita-${i}.jpg`),
    };
    replies[q._id] = q.visibleToGetter ? { replyData: byType[q.type] ?? null, replyObservation: 'Todo en orden' } : { replyData: null };
  }
  return replies;
}
