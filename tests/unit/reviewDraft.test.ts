/** A move review's kept text: lent while its dialog holds the reviewer's own, taken back only for that move. */
import { describe, expect, it } from 'vitest';
import { draftsTab } from './memoryStorage';
import { keepDrafts, lendDraft } from '../../src/authProvider/drafts';
import type { MoveDetail } from '../../domain/move-api';
import { alreadyApplied, lendReviewDraft, lendStaleText, type ReviewText, reviewDraftOf, reviewStart } from '../../src/resources/moves/review/reviewDraft';

const motive = { id: 3, motive: 'Respuestas inconsistentes', description: null, requiresUserComment: true };
const tab = draftsTab({ loggedIn: true });

describe('lendReviewDraft and reviewDraftOf', () => {
  it('keeps the dialog, its text and motive, and the move version it was written on; taken back for that move only', () => {
    tab.lent(lendReviewDraft('/user-moves/view/M-1', { id: 7, version: 4 }, 'reject', () => ({ value: 'Respuestas inconsistentes\nOtra góndola.', motive })));
    expect(keepDrafts()).toBe(1);
    expect(reviewDraftOf('/user-moves/view/M-1', 7)).toEqual({ dialog: 'reject', value: 'Respuestas inconsistentes\nOtra góndola.', motive, version: 4 });
    expect(reviewDraftOf('/user-moves/view/M-1', 8)).toBeNull();
    expect(reviewDraftOf('/user-moves/view/M-2', 7)).toBeNull();
  });

  it('keeps the text when another tab’s logout took the session before it is asked for (the reviewer is who lent it)', () => {
    tab.lent(lendReviewDraft('/user-moves/view/M-1', { id: 7, version: 4 }, 'disapprove', () => ({ value: 'Objetada por el cliente.', motive: null })));
    const session = localStorage.getItem('campo.session')!;
    localStorage.removeItem('campo.session');
    expect(keepDrafts()).toBe(1);
    // The same reviewer logs in again.
    localStorage.setItem('campo.session', session);
    expect(reviewDraftOf('/user-moves/view/M-1', 7)).toEqual({ dialog: 'disapprove', value: 'Objetada por el cliente.', motive: null, version: 4 });
  });

  it('keeps nothing while the dialog holds nothing of the reviewer’s, nor once its dialog closed', () => {
    let text: ReviewText | null = null;
    const takeBack = lendReviewDraft('/user-moves/view/M-1', { id: 7, version: 4 }, 'approve', () => text);
    expect(keepDrafts()).toBe(0);
    text = { value: 'https://videos.campo.test/v.mp4', motive: null };
    takeBack();
    expect(keepDrafts()).toBe(0);
  });

  it('leaves what is not a review’s text: another form’s values, an unknown dialog, a record without its version', () => {
    const keep = (path: string, values: unknown, record: unknown) => {
      tab.lent(lendDraft(() => ({ path, userId: 1, values, record })));
    };
    keep('/a', { name: 'Un cliente' }, { id: 7, version: 1 });
    keep('/b', { dialog: 'republish', value: 'x', motive: null }, { id: 7, version: 1 });
    keep('/c', { dialog: 'reject', value: 'x', motive: null }, { id: 7 });
    keep('/d', { dialog: 'reject', value: 3, motive: null }, { id: 7, version: 1 });
    keep('/e', { dialog: 'reject', value: 'x', motive: { id: '3', motive: 'Respuestas inconsistentes' } }, { id: 7, version: 1 });
    keepDrafts();
    for (const page of ['/a', '/b', '/c', '/d']) expect(reviewDraftOf(page, 7)).toBeNull();
    // A motive that is not one is left out; the text stays.
    expect(reviewDraftOf('/e', 7)).toEqual({ dialog: 'reject', value: 'x', motive: null, version: 1 });
  });
});

describe('alreadyApplied', () => {
  const move = (statusId: string, reason: string | null, userMoveVideoLink: string | null = null) =>
    ({ statusId, userMoveVideoLink, user_move_status_logs: [{ status: 'EN_REVISION', reason: null }, { status: statusId, reason }] }) as unknown as MoveDetail;
  const kept = (dialog: 'approve' | 'reject' | 'disapprove' | 'cancel', value: string) => ({ dialog, value, motive: null, version: 3 });

  it('is the move holding the kept text: the reason of its last status, or the approval’s video link', () => {
    expect(alreadyApplied(kept('reject', 'Otra góndola.'), move('RECHAZADA', 'Otra góndola.'))).toBe(true);
    expect(alreadyApplied(kept('disapprove', 'Objetada.'), move('DESAPROBADA', 'Objetada.'))).toBe(true);
    expect(alreadyApplied(kept('cancel', 'Sin stock.'), move('CANCELADA', 'Sin stock.'))).toBe(true);
    expect(alreadyApplied(kept('approve', 'https://v.test/1.mp4'), move('APROBADA', null, 'https://v.test/1.mp4'))).toBe(true);
  });

  it('is not another person’s action, nor the same text under another status', () => {
    expect(alreadyApplied(kept('reject', 'Otra góndola.'), move('RECHAZADA', 'Rechazada por otro agente'))).toBe(false);
    expect(alreadyApplied(kept('reject', 'Otra góndola.'), move('DESAPROBADA', 'Otra góndola.'))).toBe(false);
    expect(alreadyApplied(kept('approve', 'https://v.test/1.mp4'), move('APROBADA', null, 'https://v.test/2.mp4'))).toBe(false);
  });
});

describe('reviewStart', () => {
  const kept = { dialog: 'reject' as const, value: 'Otra góndola.', motive: null, version: 3 };
  const move = (version: number, statusId: string, reason: string | null = null) =>
    ({ version, statusId, userMoveVideoLink: null, user_move_status_logs: [{ status: statusId, reason }] }) as unknown as MoveDetail;

  it('opens the kept dialog on the same version while its action is allowed', () => {
    expect(reviewStart(kept, move(3, 'EN_REVISION'), ['approve', 'reject'])).toEqual({ restored: kept, applied: false, stale: null });
  });

  it('says it is stored when the move holds the text, and shows it not applied otherwise', () => {
    expect(reviewStart(kept, move(4, 'RECHAZADA', 'Otra góndola.'), [])).toEqual({ restored: null, applied: true, stale: null });
    expect(reviewStart(kept, move(4, 'RECHAZADA', 'Rechazada por otro agente'), [])).toEqual({ restored: null, applied: false, stale: kept });
    // Same version, but the action is no longer this user's to take.
    expect(reviewStart(kept, move(3, 'EN_REVISION'), ['approve'])).toEqual({ restored: null, applied: false, stale: kept });
    expect(reviewStart(null, move(3, 'EN_REVISION'), ['reject'])).toEqual({ restored: null, applied: false, stale: null });
  });

  it('shows a text not applied again after the session ends once more while it shows, until it is dismissed', () => {
    const shownOn = move(4, 'RECHAZADA', 'Rechazada por otro agente');
    const path = '/user-moves/view/M-1';
    const takeBack = lendStaleText(path, 7, kept);
    tab.lent(takeBack);
    expect(keepDrafts()).toBe(1);
    // Kept with the version it was written on: the move has moved on, so it shows again, not applied.
    const again = reviewDraftOf(path, 7);
    expect(again).toEqual(kept);
    expect(reviewStart(again, shownOn, ['republish'])).toEqual({ restored: null, applied: false, stale: kept });
    // Dismissed: nothing is kept.
    takeBack();
    expect(keepDrafts()).toBe(0);
  });
});
