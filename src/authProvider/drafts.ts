/**
 * Unsaved form work kept across a session that ended under it (a refused renewal, a password reset, a
 * logout in another tab). The console goes to the login form; logging in again as the same user opens
 * the same page, and its form takes back what was typed, where it opened on the stored values and the
 * work was gone.
 *
 * A form on screen lends a `DraftSource` while it is open; `keepDrafts` (called just before the console
 * leaves for the login) asks each one and keeps what they answer in the tab's sessionStorage: this tab
 * only, gone with it. A draft is the one user's: another user logging in on the tab never sees it.
 */

import { getSession } from './session';

/** What a form hands over: its page, its user, its values, and the record its values were loaded from. */
export interface Draft {
  path: string;
  userId: number;
  values: unknown;
  /** Of the record the form loaded, its id and `updatedAt`: which version the values were edited from. */
  record?: unknown;
}

/** Asked when the session ends: the form's draft, or null when there is nothing unsaved. */
export type DraftSource = () => Draft | null;

const KEY = 'campo.drafts';
const sources = new Set<DraftSource>();

/** Lends a form's draft while it is open; answers the function that takes it back. */
export function lendDraft(source: DraftSource): () => void {
  sources.add(source);
  return () => void sources.delete(source);
}

/** Fields never written to the tab's storage: a password typed (a user's form), a token, a secret. */
const SECRET_FIELD = /password|token|secret/i;

/**
 * A file chosen in an input (a client's logo) cannot be kept, nor a secret: the field goes back to what
 * the form loaded, as a value left out. Everything else a form holds is plain data.
 */
const keepable = (key: string, value: unknown) => (SECRET_FIELD.test(key) || (typeof Blob !== 'undefined' && value instanceof Blob) ? undefined : value);

/**
 * The values as a draft would keep them, keys in order, a field left empty (null) as one left out: two
 * forms' values compared as kept (a logo stored as none and a file chosen for it are the same draft).
 */
function asKept(values: unknown): string {
  return JSON.stringify(values ?? null, (key, value) => {
    const kept = keepable(key, value);
    if (kept === null || typeof kept !== 'object' || Array.isArray(kept)) return kept;
    const fields = kept as Record<string, unknown>;
    return Object.fromEntries(
      Object.keys(fields)
        .sort()
        .filter((k) => fields[k] !== null)
        .map((k) => [k, fields[k]]),
    );
  });
}

/**
 * True when what a draft would keep of `values` is what the form loaded: the only changes were a file or
 * a secret, which are never kept. Such a draft would come back as no change at all (a notice over a form
 * with 'Guardar' off): none is kept.
 */
export const nothingToKeep = (values: unknown, loaded: unknown): boolean => asKept(values) === asKept(loaded);

function stored(): Draft[] {
  try {
    const drafts = JSON.parse(sessionStorage.getItem(KEY) ?? '[]') as unknown;
    return Array.isArray(drafts) ? (drafts as Draft[]) : [];
  } catch {
    return [];
  }
}

/** Keeps every open form's unsaved work (one per page; the newest wins). Answers how many were kept. */
export function keepDrafts(): number {
  const drafts = [...sources].map((source) => source()).filter((d): d is Draft => d !== null);
  if (!drafts.length) return 0;
  const paths = new Set(drafts.map((d) => d.path));
  try {
    write([...stored().filter((d) => !paths.has(d.path)), ...drafts]);
  } catch {
    // A storage full or refused (a private window's quota): the work cannot be kept; the login goes on.
    return 0;
  }
  return drafts.length;
}

/** True while some draft waits for its user to log in again (the login form says the work is kept). */
export const draftsKept = (): boolean => stored().length > 0;

/**
 * The draft of this page kept for this user, if any (read only: React may render a form twice). Any other
 * user's drafts are dropped on the way (someone else logged in on the tab).
 */
export function draftOf(path: string, userId: number): Draft | null {
  return onlyDraftsOf(userId).find((d) => d.path === path) ?? null;
}

/** The draft of this page kept for the user logged in, if any. */
export function draftHere(path: string): Draft | null {
  const session = getSession();
  return session ? draftOf(path, session.profile.id) : null;
}

/**
 * Someone logged in on the tab: the drafts of any other user are dropped, and with `page` (where the login
 * goes back to) the user's own of other pages too, which nothing would take back any more. Answers the
 * ones left.
 */
export function onlyDraftsOf(userId: number, page?: string): Draft[] {
  const drafts = stored();
  const left = drafts.filter((d) => d.userId === userId && (page === undefined || d.path === page));
  if (left.length < drafts.length) write(left);
  return left;
}

/** A logout asked for: nothing typed is kept for the next login. */
export function forgetDrafts(): void {
  write([]);
}

/** The page's draft is taken back (or turned down): it is no longer kept. */
export function dropDraft(path: string): void {
  write(stored().filter((d) => d.path !== path));
}

function write(drafts: Draft[]) {
  if (drafts.length) sessionStorage.setItem(KEY, JSON.stringify(drafts, keepable));
  else sessionStorage.removeItem(KEY);
}
