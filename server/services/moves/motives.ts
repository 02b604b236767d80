/** The bank's motive of a rejection, disapproval or return: it exists, is active, and gets its comment. */
import { eq } from 'drizzle-orm';
import { MOTIVE_TEXT, motiveReasonProblem } from '../../../domain/motives';
import type { Tx } from '../../db/client';
import { motives } from '../../db/schema';
import { badRequest } from '../../http';

/**
 * Refuses (400, on the field it concerns) a motive that does not exist or is deactivated, and a reason
 * with nothing of the reviewer's own beside the text of a motive that requires a comment. No motive,
 * nothing to check: the reason alone is what it always was.
 */
export async function checkReviewMotive(tx: Tx, motiveId: number | null | undefined, reason: string): Promise<void> {
  if (motiveId === null || motiveId === undefined) return;
  // SHARE: a deactivation sent meanwhile waits for the action, and then the motive is in the log as given.
  const [motive] = await tx
    .select({ motive: motives.motive, requiresUserComment: motives.requiresUserComment, isActive: motives.isActive })
    .from(motives)
    .where(eq(motives.id, motiveId))
    .for('share');
  if (!motive) throw badRequest(MOTIVE_TEXT.notFound, { motiveId: MOTIVE_TEXT.notFound });
  const problem = motiveReasonProblem(reason, motive);
  if (problem) throw badRequest(problem.message, { [problem.field]: problem.message });
}
