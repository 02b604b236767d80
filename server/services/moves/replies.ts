/**
 * A move's answered questionnaire: the Getter's reply and the quality agent's edited one, read
 * with their questionnaire version, checked against it and scored with domain/questionnaire-result.ts.
 */
import { and, eq, sql } from 'drizzle-orm';
import type { AnsweredQuestionnaire } from '../../../domain/move-api';
import {
  amountOf,
  misfitMessage,
  emptyReply,
  type MoveReplies,
  type MoveReply,
  numberedQuestions,
  onlyPhotosMissing,
  REPLY_TEXT,
  type RepliesInput,
  type ReplyCheck,
  replyFits,
  replyProblems,
} from '../../../domain/move-replies';
import { questionnaireResult } from '../../../domain/questionnaire-result';
import type { Dimension } from '../../../domain/questionnaires';
import type { Db, Tx } from '../../db/client';
import { moveReplies, questionnaireVersions } from '../../db/schema';
import { badRequest } from '../../http';
import type { FileStore } from '../files';

export interface VersionContent {
  id: number | null;
  questionnaireId: number | null;
  name: string;
  version: number | null;
  dimensions: Dimension[];
}

const NO_VERSION: VersionContent = { id: null, questionnaireId: null, name: '', version: null, dimensions: [] };

export async function versionContent(db: Db | Tx, versionId: number | null): Promise<VersionContent> {
  if (versionId === null) return NO_VERSION;
  const [row] = await db
    // The name the version was saved with (migration 0011), not the questionnaire's current one.
    .select({ id: questionnaireVersions.id, questionnaireId: questionnaireVersions.questionnaireId, version: questionnaireVersions.version, content: questionnaireVersions.content, name: questionnaireVersions.name })
    .from(questionnaireVersions)
    .where(eq(questionnaireVersions.id, versionId));
  if (!row) return NO_VERSION;
  return { id: row.id, questionnaireId: row.questionnaireId, name: row.name, version: row.version, dimensions: (row.content as { dimensions: Dimension[] }).dimensions ?? [] };
}

export type ReplyRow = typeof moveReplies.$inferSelect;

export async function readReply(db: Db | Tx, moveId: number, byAgent: boolean): Promise<ReplyRow | null> {
  const [row] = await db
    .select()
    .from(moveReplies)
    .where(and(eq(moveReplies.userMoveId, moveId), eq(moveReplies.byAgent, byAgent)));
  return row ?? null;
}

/** Store links become signed links in photos and evidences; the rest is as stored. */
export function repliesOut(replies: MoveReplies, dimensions: Dimension[], files: FileStore): MoveReplies {
  const photoQuestions = new Set(numberedQuestions(dimensions).filter((n) => n.question.type === 'photographs').map((n) => n.question._id));
  const out: MoveReplies = {};
  for (const [id, reply] of Object.entries(replies)) {
    out[id] = {
      ...emptyReply(),
      ...reply,
      replyData: photoQuestions.has(id) && Array.isArray(reply.replyData) ? reply.replyData.map((l) => files.link(String(l))) : reply.replyData,
      evidences: (reply.evidences ?? []).map((l) => files.link(l)),
    };
  }
  return out;
}

export function answeredOut(row: ReplyRow, version: VersionContent, files: FileStore): AnsweredQuestionnaire {
  return {
    id: row.id,
    userMoveId: row.userMoveId,
    questionnaire: { id: version.questionnaireId, name: version.name, version: version.version, versionId: version.id, dimensions: version.dimensions },
    replies: repliesOut((row.replies ?? {}) as MoveReplies, version.dimensions, files),
    questionnaireResult: row.questionnaireResult === null ? null : Number(row.questionnaireResult),
    reason: row.reason,
    questionnarieReviewReason: row.byAgent ? row.reason : null,
    editByAgent: row.byAgent,
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** A typed amount as stored: a number ('12,5' → 12.5); text that is no amount stays text, for replyFits to refuse. */
const storedAmount = (data: MoveReply['replyData']) => (typeof data === 'string' && data.trim() !== '' ? (amountOf(data) ?? data) : data === '' ? null : data);

/**
 * An agent's edit merged onto the stored reply: answers and observations from the edit; photos,
 * evidences and return flags from what is stored (an agent deletes a photo with its own action,
 * and never adds one).
 */
export function mergeAgentEdit(dimensions: Dimension[], stored: MoveReplies, edit: RepliesInput): MoveReplies {
  const questions = numberedQuestions(dimensions);
  const known = new Set(questions.map((n) => n.question._id));
  const unknown = Object.keys(edit).find((id) => !known.has(id));
  if (unknown) throw badRequest(REPLY_TEXT.unknownQuestion, { [`replies.${unknown}`]: REPLY_TEXT.unknownQuestion });
  const out: MoveReplies = {};
  for (const { question: q } of questions) {
    const before = stored[q._id] ?? emptyReply(q.weighting);
    const incoming = edit[q._id];
    const photo = q.type === 'photographs';
    const data = photo ? before.replyData : q.type === 'amount' ? storedAmount(incoming?.replyData ?? null) : (incoming?.replyData ?? null);
    if (!photo && !replyFits(q, data)) {
      const message = misfitMessage(q, data);
      throw badRequest(message, { [`replies.${q._id}.replyData`]: message });
    }
    out[q._id] = {
      replyData: data === '' ? null : data,
      replyObservation: incoming?.replyObservation ?? null,
      weighting: q.weighting,
      evidences: before.evidences ?? [],
      hasToEdit: before.hasToEdit ?? false,
    };
  }
  return out;
}

type CompleteCheck = ReplyCheck & { continueWithoutPhotos: boolean };

/** What keeps the answers from being complete: none, or only photos missing once the agent confirmed it, is nothing. */
function blockingProblems(dimensions: Dimension[], replies: MoveReplies, options: CompleteCheck) {
  const problems = replyProblems(dimensions, replies, options);
  return onlyPhotosMissing(problems) && options.continueWithoutPhotos ? [] : problems;
}

/** Whether `checkComplete` would let the answers through. */
export const isComplete = (dimensions: Dimension[], replies: MoveReplies, options: CompleteCheck): boolean => blockingProblems(dimensions, replies, options).length === 0;

/** Refuses incomplete answers, naming each question; only-photos-missing passes once the agent confirmed it. */
export function checkComplete(dimensions: Dimension[], replies: MoveReplies, options: CompleteCheck): void {
  const problems = blockingProblems(dimensions, replies, options);
  if (!problems.length) return;
  throw badRequest(REPLY_TEXT.incomplete, Object.fromEntries(problems.map((p) => [`replies.${p.questionId}.${p.field}`, `${p.label}: ${p.message}`])));
}

export const score = (dimensions: Dimension[], replies: MoveReplies) => (dimensions.length ? questionnaireResult({ dimensions }, replies) : null);

/** Writes (or replaces) one of the move's two replies. */
export async function upsertReply(
  tx: Tx,
  values: { userMoveId: number; byAgent: boolean; replies: MoveReplies; questionnaireResult: number | null; reason?: string | null; createdBy: number | null },
): Promise<void> {
  const result = values.questionnaireResult === null ? null : values.questionnaireResult.toFixed(2);
  await tx
    .insert(moveReplies)
    .values({ ...values, questionnaireResult: result, reason: values.reason ?? null })
    .onConflictDoUpdate({
      target: [moveReplies.userMoveId, moveReplies.byAgent],
      set: { replies: values.replies, questionnaireResult: result, reason: values.reason ?? null, updatedAt: sql`now()` },
    });
}

/** The reply the review works on: the agent's when there is one, else the Getter's. */
export async function effectiveReplies(db: Db | Tx, moveId: number): Promise<{ row: ReplyRow | null; replies: MoveReplies }> {
  const row = (await readReply(db, moveId, true)) ?? (await readReply(db, moveId, false));
  return { row, replies: ((row?.replies ?? {}) as MoveReplies) };
}
