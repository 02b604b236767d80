/**
 * The review's edit panel ('Revisar', 'Editar Move Aprobada', 'Devolver') kept when the session ended while it
 * held unsent work (drafts.ts): the answers changed, the questions marked to go back, the reason and its motive.
 * After logging in again on the same move, the panel opens again with them; when the move changed meanwhile, or
 * the panel is no longer offered, the page says that what was being edited was not applied, and shows the reason.
 */
import type { MoveReplies } from '../../../../domain/move-replies';
import type { ReviewMotive } from '../../../../domain/motives';
import { draftHere, lendDraft } from '../../../authProvider/drafts';
import { getSession } from '../../../authProvider/session';

/** The panels whose work is kept: every edit mode of the review. */
const PANELS = ['review', 'editApproved', 'return'] as const;
export type PanelMode = (typeof PANELS)[number];

/** What a panel holds: the answers as edited (null when unchanged), the questions marked, the reason and its motive. */
export interface PanelWork {
  panel: PanelMode;
  replies: MoveReplies | null;
  flags: string[];
  reason: string;
  motive: ReviewMotive | null;
}

/** The kept panel and the move's version it was edited on. */
export interface PanelDraft extends PanelWork {
  version: number;
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** The panel draft this page kept for this move and user, if any (a dialog's text or another form's draft is not one). */
export function panelDraftOf(path: string, moveId: number): PanelDraft | null {
  const draft = draftHere(path);
  const values = draft?.values;
  const record = draft?.record as { id?: unknown; version?: unknown } | undefined;
  if (!isObject(values) || record?.id !== moveId || typeof record.version !== 'number') return null;
  if (!(PANELS as readonly unknown[]).includes(values.panel) || typeof values.reason !== 'string') return null;
  const flags = Array.isArray(values.flags) ? values.flags.filter((f): f is string => typeof f === 'string') : [];
  const replies = isObject(values.replies) ? (values.replies as MoveReplies) : null;
  const m = values.motive as Partial<ReviewMotive> | null | undefined;
  const motive = m && typeof m.id === 'number' && typeof m.motive === 'string' ? (m as ReviewMotive) : null;
  return { panel: values.panel as PanelMode, replies, flags, reason: values.reason, motive, version: record.version };
}

/** How the page starts from a kept panel: opened again with its work, or said not applied (with its reason). */
export interface PanelStart {
  restored: PanelDraft | null;
  stale: PanelDraft | null;
}

/**
 * On the same version of the move, its panel still offered (`offered`: the button that opens it is on the page),
 * the panel opens again with the work; otherwise that work is not applied, and the page says so.
 */
export function panelStart(kept: PanelDraft | null, version: number, offered: (panel: PanelMode) => boolean): PanelStart {
  if (!kept) return { restored: null, stale: null };
  if (kept.version === version && offered(kept.panel)) return { restored: kept, stale: null };
  return { restored: null, stale: kept };
}

/**
 * Lends an open panel's work while the session lasts; `current` answers null when nothing in it is unsent. The
 * reviewer is the one logged in when it is lent (a logout in another tab has taken the session when the work is
 * asked for). Answers the function that takes it back.
 */
export function lendPanelDraft(path: string, move: { id: number; version: number }, current: () => PanelWork | null): () => void {
  const userId = getSession()?.profile.id;
  if (userId === undefined) return () => undefined;
  return lendDraft(() => {
    const work = current();
    return work ? { path, userId, values: work, record: { id: move.id, version: move.version } } : null;
  });
}
