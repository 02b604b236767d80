/**
 * A review's reason or video link kept when the session ended with its dialog open (drafts.ts): after
 * logging in again on the same move, the dialog opens with what was written, or, when the move changed
 * meanwhile, the page shows the text so that it is not lost.
 */
import type { MoveDetail } from '../../../../domain/move-api';
import { type MoveAction, TRANSITIONS } from '../../../../domain/moves';
import type { ReviewMotive } from '../../../../domain/motives';
import { draftHere, lendDraft } from '../../../authProvider/drafts';
import { getSession } from '../../../authProvider/session';

/** The review's dialogs whose text is kept: the approval's video link and the reasons. */
const KEPT_DIALOGS = ['approve', 'reject', 'disapprove', 'cancel'] as const satisfies readonly MoveAction[];
export type KeptDialog = (typeof KEPT_DIALOGS)[number];

/** What a dialog holds: its text and the bank's motive it was written from. */
export interface ReviewText {
  value: string;
  motive: ReviewMotive | null;
}

/** The kept dialog, its text, and the move's version it was written on. */
export interface ReviewDraft extends ReviewText {
  dialog: KeptDialog;
  version: number;
}

/** The review draft this page kept for this move and user, if any (another form's draft is not one). */
export function reviewDraftOf(path: string, moveId: number): ReviewDraft | null {
  const draft = draftHere(path);
  const values = draft?.values as Partial<ReviewDraft> | undefined;
  const record = draft?.record as { id?: unknown; version?: unknown } | undefined;
  if (!values || record?.id !== moveId || typeof record.version !== 'number') return null;
  if (!(KEPT_DIALOGS as readonly unknown[]).includes(values.dialog) || typeof values.value !== 'string') return null;
  return { dialog: values.dialog as KeptDialog, value: values.value, motive: motiveOf(values.motive), version: record.version };
}

/** A kept motive as the picker shows it, or none when it is not one. */
function motiveOf(kept: unknown): ReviewMotive | null {
  const m = kept as Partial<ReviewMotive> | null | undefined;
  return m && typeof m.id === 'number' && typeof m.motive === 'string' ? (m as ReviewMotive) : null;
}

/**
 * Whether a kept text is what the move now holds: the action went through before the session ended (its
 * answer was lost), so there is nothing left to apply. The reason of the move's last status, or the
 * approval's video link.
 */
export function alreadyApplied(kept: ReviewDraft, move: MoveDetail): boolean {
  if (move.statusId !== TRANSITIONS[kept.dialog].to) return false;
  return kept.dialog === 'approve' ? move.userMoveVideoLink === kept.value : move.user_move_status_logs.at(-1)?.reason === kept.value;
}

/** How the review starts from a kept text: its dialog open again, a word that it is already stored, or the text not applied. */
export interface ReviewStart {
  restored: ReviewDraft | null;
  applied: boolean;
  /** The kept text shown, not applied (it is kept again if the session ends while it shows: `lendStaleText`). */
  stale: ReviewDraft | null;
}

/**
 * On the same version of the move, its action still allowed, the kept dialog opens again; on a move that
 * already holds the text, a word saying so; on a move changed otherwise, the text shows, not applied.
 */
export function reviewStart(kept: ReviewDraft | null, move: MoveDetail, allowed: readonly MoveAction[]): ReviewStart {
  if (!kept) return { restored: null, applied: false, stale: null };
  if (kept.version === move.version && allowed.includes(kept.dialog)) return { restored: kept, applied: false, stale: null };
  const applied = alreadyApplied(kept, move);
  return { restored: null, applied, stale: applied ? null : kept };
}

/**
 * Lends an open dialog's text while the session lasts; `current` answers null when there is nothing of
 * the reviewer's to keep. Answers the function that takes it back. The reviewer is the one logged in when it
 * is lent, as the forms do: a logout in another tab has already taken the session when the text is asked for.
 */
export function lendReviewDraft(path: string, move: { id: number; version: number }, dialog: KeptDialog, current: () => ReviewText | null): () => void {
  const userId = getSession()?.profile.id;
  if (userId === undefined) return () => undefined;
  return lendDraft(() => {
    const text = current();
    if (!text) return null;
    return { path, userId, values: { dialog, value: text.value, motive: text.motive }, record: { id: move.id, version: move.version } };
  });
}

/**
 * Lends a text shown not applied while it shows: the session ending again does not lose it. It is kept with
 * the version it was written on, which the move has left behind, so the next login shows it again, not applied
 * (or says it is stored, if its action went through meanwhile with it).
 */
export function lendStaleText(path: string, moveId: number, stale: ReviewDraft): () => void {
  return lendReviewDraft(path, { id: moveId, version: stale.version }, stale.dialog, () => ({ value: stale.value, motive: stale.motive }));
}
