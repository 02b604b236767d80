/**
 * Keeps each move's per-dimension results (user_moves.dimension_results) from its effective reply
 * (the quality agent's edit, else the Getter's) and its questionnaire version: written when a move
 * is approved or its answers are edited, so that the dashboard's statistics are SQL aggregates.
 */
import { eq, inArray } from 'drizzle-orm';
import { dimensionResults } from '../../../domain/statistics';
import type { Db, Tx } from '../../db/client';
import { userMoves } from '../../db/schema';
import { effectiveReplies, type VersionContent, versionContent } from '../moves/replies';

export async function storeDimensionResults(tx: Db | Tx, moveIds: readonly number[]): Promise<void> {
  if (!moveIds.length) return;
  const moves = await tx.select({ id: userMoves.id, versionId: userMoves.questionnaireVersionId }).from(userMoves).where(inArray(userMoves.id, [...moveIds]));
  const versions = new Map<number | null, VersionContent>();
  for (const move of moves) {
    if (!versions.has(move.versionId)) versions.set(move.versionId, await versionContent(tx, move.versionId));
    const { dimensions } = versions.get(move.versionId)!;
    const { replies } = await effectiveReplies(tx, move.id);
    await tx
      .update(userMoves)
      .set({ dimensionResults: dimensions.length ? dimensionResults({ dimensions }, replies) : null })
      .where(eq(userMoves.id, move.id));
  }
}
