import type { LoginAnswer, UserProfile } from '../../domain/auth';
import { profileScope } from './profile';

/** What the console keeps on the device after login. */
export interface StoredSession {
  token: string;
  refreshToken: string;
  /** Epoch milliseconds when the access token expires. */
  expiresAt: number;
  profile: UserProfile;
}

const KEY = 'campo.session';
const NEXT_KEY = 'campo.next';
const EXPIRED_KEY = 'campo.expired';

export function getSession(): StoredSession | null {
  try {
    const raw = localStorage.getItem(KEY);
    return raw ? (JSON.parse(raw) as StoredSession) : null;
  } catch {
    return null;
  }
}

export function saveSession(answer: LoginAnswer, profile: UserProfile): StoredSession {
  const session = { token: answer.token, refreshToken: answer.refreshToken, expiresAt: Date.now() + answer.expiration * 1000, profile };
  localStorage.setItem(KEY, JSON.stringify(session));
  return session;
}

/** The profile read again (after a renewal, or when the console opens), the tokens as they are. */
export function saveProfile(profile: UserProfile): void {
  const current = getSession();
  if (current) localStorage.setItem(KEY, JSON.stringify({ ...current, profile }));
}

export function updateTokens(answer: LoginAnswer): StoredSession | null {
  const current = getSession();
  return current ? saveSession(answer, current.profile) : null;
}

export function clearSession(): void {
  localStorage.removeItem(KEY);
}

/**
 * What another tab did to the session this one shares: logged out, logged in (as someone else, or
 * renewed it and found the same user with another role or client, which an administrator changed).
 */
export type SessionChange = 'ended' | 'started' | 'otherUser';

const userOf = (raw: string | null): string | null => {
  try {
    return raw ? profileScope((JSON.parse(raw) as StoredSession).profile) : null;
  } catch {
    return null;
  }
};

/**
 * Calls `handler` when another tab of this browser ends the session, opens one, or opens one for another
 * user or role or client (the storage event fires in every tab but the one that wrote). A renewal of the
 * same user's tokens, role and client is no change. Answers the unsubscribe.
 */
export function onSessionChangedElsewhere(handler: (change: SessionChange) => void): () => void {
  const listen = (event: StorageEvent) => {
    if (event.key !== KEY && event.key !== null) return;
    const before = userOf(event.oldValue);
    const after = event.key === null ? null : userOf(event.newValue);
    if (before === after) return;
    handler(after === null ? 'ended' : before === null ? 'started' : 'otherUser');
  };
  window.addEventListener('storage', listen);
  return () => window.removeEventListener('storage', listen);
}

/** True when the access token is gone or will expire within the next 30 seconds. */
export const needsRefresh = (session: StoredSession) => session.expiresAt - Date.now() < 30_000;

/** Where each page has set off for: it is about to be replaced by that one. */
const leaving = new WeakMap<Window, string>();

/**
 * Sends the page to `path` (the console's own), once: a second trip there, started while the first loads,
 * would cut it short (net::ERR_ABORTED, a page half loaded). Another destination still goes: the session's
 * end while the console starts over at '/' (a new role) goes to the login. `replace` keeps the page left out
 * of the history.
 */
export function leaveFor(path: string, { replace = false } = {}): void {
  if (leaving.get(window) === path) return;
  leaving.set(window, path);
  if (replace) window.location.replace(path);
  else window.location.assign(path);
}

/** True once this page has set off for another address (the login, or its home on a role change). */
export const leavingPage = (): boolean => leaving.has(window);

const SCOPE_CHANGED_KEY = 'campo.scopeChanged';

/** What the home says after a role or client change started the console over: the page left, if work was kept there. */
export interface ScopeChange {
  draftAt: string | null;
}

export function markScopeChanged(change: ScopeChange) {
  sessionStorage.setItem(SCOPE_CHANGED_KEY, JSON.stringify(change));
}

/** The change to tell, once: read and forgotten. */
export function takeScopeChange(): ScopeChange | null {
  const raw = sessionStorage.getItem(SCOPE_CHANGED_KEY);
  if (raw === null) return null;
  sessionStorage.removeItem(SCOPE_CHANGED_KEY);
  try {
    return JSON.parse(raw) as ScopeChange;
  } catch {
    return { draftAt: null };
  }
}

/** True once this page has set off for the login form. */
export const leavingForLogin = (): boolean => leaving.get(window) === '/login';

/**
 * Sends the page to the login form, once. A session refused under several calls at once ends in several
 * places (each call, then react-admin's logout after the 401 and its route to /login).
 */
export const leaveForLogin = (options: { replace?: boolean } = {}): void => leaveFor('/login', options);

/** Where to go after login: the path the user asked for before being sent to /login. */
export function rememberNext(path: string) {
  // A second call that ends the session runs once the page is already on the login form: the form is
  // never where to go back to (the edit the user was saving is).
  if (path === '/login' || path.startsWith('/login?') || path.startsWith('/login/')) return;
  sessionStorage.setItem(NEXT_KEY, path);
}
export function takeNext(): string {
  const next = sessionStorage.getItem(NEXT_KEY);
  sessionStorage.removeItem(NEXT_KEY);
  return next?.startsWith('/') && !next.startsWith('//') ? next : '/';
}

/** The session ended without the user asking (it could not be renewed): the login form says so once. */
export function markSessionExpired() {
  sessionStorage.setItem(EXPIRED_KEY, '1');
}
/** True when the last session of this tab ended without the user asking, until `forgetSessionExpired`. */
export const sessionExpired = (): boolean => sessionStorage.getItem(EXPIRED_KEY) === '1';
export function forgetSessionExpired() {
  sessionStorage.removeItem(EXPIRED_KEY);
}
