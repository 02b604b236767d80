/** A move review's edit panel kept when the session ends: its work, taken back only for that move and that panel. */
import { describe, expect, it } from 'vitest';
import { draftsTab } from './memoryStorage';
import { keepDrafts, lendDraft } from '../../src/authProvider/drafts';
import type { MoveReplies } from '../../domain/move-replies';
import { lendPanelDraft, panelDraftOf, panelStart, type PanelWork } from '../../src/resources/moves/review/panelDraft';

const motive = { id: 3, motive: 'Respuestas inconsistentes', description: null, requiresUserComment: true };
const replies = { q1: { replyData: 'Sí', replyObservation: null } } as unknown as MoveReplies;
const tab = draftsTab({ loggedIn: true });
const work = (over: Partial<PanelWork> = {}): PanelWork => ({ panel: 'return', replies: null, flags: ['q1', 'q2'], reason: 'Respuestas inconsistentes\nFaltan fotos.', motive, ...over });

describe('lendPanelDraft and panelDraftOf', () => {
  it('keeps the panel, the answers edited, the questions marked, the reason and motive, and the move version; taken back for that move only', () => {
    tab.lent(lendPanelDraft('/user-moves/view/M-1', { id: 7, version: 4 }, () => work({ panel: 'review', replies })));
    expect(keepDrafts()).toBe(1);
    expect(panelDraftOf('/user-moves/view/M-1', 7)).toEqual({ ...work({ panel: 'review', replies }), version: 4 });
    expect(panelDraftOf('/user-moves/view/M-1', 8)).toBeNull();
    expect(panelDraftOf('/user-moves/view/M-2', 7)).toBeNull();
  });

  it('keeps the work when another tab’s logout took the session before it is asked for (the reviewer is who lent it)', () => {
    tab.lent(lendPanelDraft('/user-moves/view/M-1', { id: 7, version: 4 }, () => work()));
    const session = localStorage.getItem('campo.session')!;
    localStorage.removeItem('campo.session');
    expect(keepDrafts()).toBe(1);
    localStorage.setItem('campo.session', session);
    expect(panelDraftOf('/user-moves/view/M-1', 7)).toEqual({ ...work(), version: 4 });
  });

  it('keeps nothing while the panel holds nothing unsent, nor once it closed', () => {
    let current: PanelWork | null = null;
    const takeBack = lendPanelDraft('/user-moves/view/M-1', { id: 7, version: 4 }, () => current);
    expect(keepDrafts()).toBe(0);
    current = work();
    takeBack();
    expect(keepDrafts()).toBe(0);
  });

  it('leaves what is not a panel’s work: a dialog’s text, an unknown panel, a record without its version; odd parts are left out', () => {
    const keep = (path: string, values: unknown, record: unknown) => {
      tab.lent(lendDraft(() => ({ path, userId: 1, values, record })));
    };
    keep('/a', { dialog: 'reject', value: 'x', motive: null }, { id: 7, version: 1 });
    keep('/b', { ...work(), panel: 'approve' }, { id: 7, version: 1 });
    keep('/c', work(), { id: 7 });
    keep('/d', { ...work(), reason: 3 }, { id: 7, version: 1 });
    keep('/e', { ...work(), flags: ['q1', 5], replies: 'x', motive: { id: '3' } }, { id: 7, version: 1 });
    keepDrafts();
    for (const page of ['/a', '/b', '/c', '/d']) expect(panelDraftOf(page, 7)).toBeNull();
    expect(panelDraftOf('/e', 7)).toEqual({ ...work({ flags: ['q1'], motive: null }), version: 1 });
  });
});

describe('panelStart', () => {
  const kept = { ...work(), version: 3 };
  const offered = () => true;

  it('opens the panel again on the same version while the page offers it', () => {
    expect(panelStart(kept, 3, offered)).toEqual({ restored: kept, stale: null });
  });

  it('says the work was not applied when the move changed, or its panel is no longer offered', () => {
    expect(panelStart(kept, 4, offered)).toEqual({ restored: null, stale: kept });
    expect(panelStart(kept, 3, (panel) => panel !== 'return')).toEqual({ restored: null, stale: kept });
  });

  it('starts as usual with nothing kept', () => {
    expect(panelStart(null, 3, offered)).toEqual({ restored: null, stale: null });
  });
});
