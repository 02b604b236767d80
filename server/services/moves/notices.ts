/**
 * The push a move's Getter gets when a review action rejects, returns, disapproves or republishes its
 * move. It starts once the action's transaction has committed and runs after the answer: its outcome,
 * or its failure, goes to the move's audit and the log, never to the action.
 */
import { eq } from 'drizzle-orm';
import { moveNotice, type MoveNoticeKind } from '../../../domain/push';
import type { Db } from '../../db/client';
import { locations, projectLocations } from '../../db/schema';
import type { SessionUser } from '../../guard';
import { audit } from '../audit';
import { type PushNotices, sendToGetter } from '../push';
import type { MoveRow } from './act';

export interface MoveNoticeInput {
  kind: MoveNoticeKind;
  /** The move as the committed action left it. */
  move: MoveRow;
  actor: SessionUser;
  /** The republished copy (republish only). */
  copy?: MoveRow;
  /** Disapproved after the Getter was paid for it (disapprove only). */
  paid?: boolean;
}

/** The point of sale as the Getter knows it: its name, not the client's internal code. */
async function placeName(db: Db, projectLocationId: number): Promise<string> {
  const [row] = await db
    .select({ name: locations.fullName })
    .from(projectLocations)
    .innerJoin(locations, eq(locations.id, projectLocations.locationId))
    .where(eq(projectLocations.id, projectLocationId));
  return row?.name ?? '';
}

/** Queues the notice to the move's Getter; call it only after the action committed. */
export function noticeToGetter(db: Db, notices: PushNotices, input: MoveNoticeInput): void {
  const { kind, move, actor, copy, paid } = input;
  const getterId = move.userId;
  if (getterId === null) return;
  notices.later({ moveId: move.id, getterId, notice: kind }, async () => {
    const reason = kind === 'reject' ? move.rejectionReason : kind === 'return' ? move.returnReason : kind === 'disapprove' ? move.disapprovedReason : null;
    const note = moveNotice(kind, { code: move.code, place: await placeName(db, move.projectLocationId), reason, newCode: copy?.code, paid });
    const entry = { userId: actor.id, entity: 'user_move', entityId: move.id, action: 'notify' };
    try {
      const outcome = await sendToGetter(db, notices.sender, getterId, note);
      await audit(db, { ...entry, detail: { notice: kind, getterId, title: note.title, body: note.body, ...outcome } });
    } catch (error) {
      await audit(db, { ...entry, detail: { notice: kind, getterId, title: note.title, body: note.body, error: (error as Error).message } });
      throw error;
    }
  });
}
