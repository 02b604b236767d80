/** A move review's kept text: lent while its dialog holds the reviewer's own, taken back only for that move. */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { memoryStorage } from './memoryStorage';
import { keepDrafts, lendDraft } from '../../src/authProvider/drafts';
import { lendReviewDraft, type ReviewText, reviewDraftOf } from '../../src/resources/moves/review/reviewDraft';

const motive = { id: 3, motive: 'Respuestas inconsistentes', description: null, requiresUserComment: true };
let given: (() => void)[] = [];
beforeEach(() => {
  vi.stubGlobal('sessionStorage', memoryStorage());
  vi.stubGlobal('localStorage', memoryStorage());
  localStorage.setItem('campo.session', JSON.stringify({ token: 't', refreshToken: 'r', expiresAt: Date.now() + 60_000, profile: { id: 1 } }));
});
afterEach(() => {
  for (const takeBack of given) takeBack();
  given = [];
  vi.unstubAllGlobals();
});

describe('lendReviewDraft and reviewDraftOf', () => {
  it('keeps the dialog, its text and motive, and the move version it was written on; taken back for that move only', () => {
    given.push(lendReviewDraft('/user-moves/view/M-1', { id: 7, version: 4 }, 'reject', () => ({ value: 'Respuestas inconsistentes\nOtra góndola.', motive })));
    expect(keepDrafts()).toBe(1);
    expect(reviewDraftOf('/user-moves/view/M-1', 7)).toEqual({ dialog: 'reject', value: 'Respuestas inconsistentes\nOtra góndola.', motive, version: 4 });
    expect(reviewDraftOf('/user-moves/view/M-1', 8)).toBeNull();
    expect(reviewDraftOf('/user-moves/view/M-2', 7)).toBeNull();
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
      given.push(lendDraft(() => ({ path, userId: 1, values, record })));
    };
    keep('/a', { name: 'Un cliente' }, { id: 7, version: 1 });
    keep('/b', { dialog: 'republish', value: 'x', motive: null }, { id: 7, version: 1 });
    keep('/c', { dialog: 'reject', value: 'x', motive: null }, { id: 7 });
    keep('/d', { dialog: 'reject', value: 3, motive: null }, { id: 7, version: 1 });
    keepDrafts();
    for (const page of ['/a', '/b', '/c', '/d']) expect(reviewDraftOf(page, 7)).toBeNull();
  });
});
