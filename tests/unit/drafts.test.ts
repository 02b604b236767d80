/** A form's unsaved work kept when the session ends under it: for its own user, once, files left out. */
import { describe, expect, it, vi } from 'vitest';
import { draftsTab, memoryStorage } from './memoryStorage';
import { draftOf, draftsKept, dropDraft, forgetDrafts, keepDrafts, lendDraft, nothingToKeep, onlyDraftsOf } from '../../src/authProvider/drafts';

const tab = draftsTab();

describe('drafts', () => {
  it('keeps only the forms with unsaved work, and gives a page its draft for its user', () => {
    tab.lent(lendDraft(() => ({ path: '/clients/edit/7', userId: 1, values: { address: 'Calle 1' }, record: { id: 7, updatedAt: '2026-12-02T06:00:00.000Z' } })));
    tab.lent(lendDraft(() => null));
    expect(draftsKept()).toBe(false);
    expect(keepDrafts()).toBe(1);
    expect(draftsKept()).toBe(true);
    expect(draftOf('/clients/edit/8', 1)).toBeNull();
    // Read twice (a form rendered twice), the same draft; dropped, gone.
    expect(draftOf('/clients/edit/7', 1)).toEqual({ path: '/clients/edit/7', userId: 1, values: { address: 'Calle 1' }, record: { id: 7, updatedAt: '2026-12-02T06:00:00.000Z' } });
    expect(draftOf('/clients/edit/7', 1)?.values).toEqual({ address: 'Calle 1' });
    dropDraft('/clients/edit/7');
    expect(draftOf('/clients/edit/7', 1)).toBeNull();
    expect(draftsKept()).toBe(false);
  });

  it("drops another user's drafts: someone else logged in on the tab never sees them", () => {
    tab.lent(lendDraft(() => ({ path: '/clients/edit/7', userId: 1, values: { address: 'Calle 1' } })));
    keepDrafts();
    expect(draftOf('/clients/edit/7', 2)).toBeNull();
    expect(draftsKept()).toBe(false);
    expect(draftOf('/clients/edit/7', 1)).toBeNull();
    // Logging in is enough (no form opened yet): the login form no longer promises the other's work back.
    keepDrafts();
    expect(onlyDraftsOf(1)).toHaveLength(1);
    expect(onlyDraftsOf(2)).toEqual([]);
    expect(draftsKept()).toBe(false);
  });

  it('keeps the newest draft of a page, the others beside it, and leaves out a file chosen', () => {
    let address = 'Primera';
    const takeBack = lendDraft(() => ({ path: '/clients/edit/7', userId: 1, values: { address } }));
    keepDrafts();
    takeBack();
    address = 'Segunda';
    tab.lent(lendDraft(() => ({ path: '/clients/edit/7', userId: 1, values: { address, logo: new Blob(['png']) } })));
    tab.lent(lendDraft(() => ({ path: '/motives/create', userId: 1, values: { description: 'Nuevo' } })));
    expect(keepDrafts()).toBe(2);
    expect(draftOf('/clients/edit/7', 1)?.values).toEqual({ address: 'Segunda' });
    expect(draftOf('/motives/create', 1)?.values).toEqual({ description: 'Nuevo' });
  });

  it('finds nothing to keep when only a file or a secret changed: such a draft would come back as no change', () => {
    const loaded = { name: 'Kiosco', address: { street: 'Calle 1', number: 10 }, logo: null, tags: [1, 2] };
    // A file chosen where none was stored (null), or where the form had no such field.
    expect(nothingToKeep({ ...loaded, logo: new Blob(['png']) }, loaded)).toBe(true);
    expect(nothingToKeep({ ...loaded, logo: new Blob(['png']) }, { name: 'Kiosco', address: { street: 'Calle 1', number: 10 }, tags: [1, 2] })).toBe(true);
    // A field emptied is a change.
    expect(nothingToKeep({ ...loaded, name: null }, loaded)).toBe(false);
    expect(nothingToKeep({ ...loaded, password: 'Nueva#Clave1' }, loaded)).toBe(true);
    // The keys' order is no change; a value, even deep, or an array's order is.
    expect(nothingToKeep({ tags: [1, 2], address: { number: 10, street: 'Calle 1' }, logo: null, name: 'Kiosco' }, loaded)).toBe(true);
    expect(nothingToKeep({ ...loaded, address: { street: 'Calle 1', number: 11 } }, loaded)).toBe(false);
    expect(nothingToKeep({ ...loaded, tags: [2, 1] }, loaded)).toBe(false);
    expect(nothingToKeep({ ...loaded, logo: new Blob(['png']), name: 'Kiosco Sur' }, loaded)).toBe(false);
  });

  it('never writes a password, a token or a secret to the tab', () => {
    tab.lent(lendDraft(() => ({ path: '/web-users/edit/4', userId: 1, values: { name: 'Ana', password: 'Nueva#Clave1', confirmPassword: 'Nueva#Clave1' }, record: { id: 4, updatedAt: 'x', checkerAccessToken: 'abc' } })));
    keepDrafts();
    expect(sessionStorage.getItem('campo.drafts')).not.toMatch(/Nueva#Clave1|abc/);
    expect(draftOf('/web-users/edit/4', 1)).toEqual({ path: '/web-users/edit/4', userId: 1, values: { name: 'Ana' }, record: { id: 4, updatedAt: 'x' } });
  });

  it('keeps, at login, only the draft of the page it goes back to; a logout asked for keeps none', () => {
    tab.lent(lendDraft(() => ({ path: '/clients/edit/7', userId: 1, values: { address: 'Calle 1' } })));
    tab.lent(lendDraft(() => ({ path: '/motives/create', userId: 1, values: { description: 'Nuevo' } })));
    keepDrafts();
    expect(onlyDraftsOf(1, '/clients/edit/7').map((d) => d.path)).toEqual(['/clients/edit/7']);
    expect(draftOf('/motives/create', 1)).toBeNull();
    forgetDrafts();
    expect(draftsKept()).toBe(false);
  });

  it('gives up quietly when the storage refuses (full): the login goes on', () => {
    vi.stubGlobal('sessionStorage', { ...memoryStorage(), getItem: () => null, setItem: () => { throw new Error('QuotaExceededError'); } });
    tab.lent(lendDraft(() => ({ path: '/clients/edit/7', userId: 1, values: {} })));
    expect(keepDrafts()).toBe(0);
  });
});
