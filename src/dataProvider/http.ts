import { AUTH_TEXT, type LoginAnswer, type UserProfile } from '../../domain/auth';
import { fetchProfile, profileScope } from '../authProvider/profile';
import { clearSession, getSession, leaveFor, leaveForLogin, leavingForLogin, leavingPage, markScopeChanged, markSessionExpired, rememberNext, saveProfile, updateTokens } from '../authProvider/session';
import { keepDrafts } from '../authProvider/drafts';
import { type ApiBase, apiBase, TIMEOUT_MS } from '../config';
import { fetchFailure, statusMessage } from './httpText';

/** A failed call: the server's Spanish `{ message, errors? }` and its status. */
export class ApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly body: { message: string; errors?: Record<string, string> } & Record<string, unknown>,
  ) {
    super(message);
  }
}

export interface RequestOptions {
  method?: string;
  body?: unknown;
  query?: Record<string, unknown>;
  base?: ApiBase;
  /** Skip the bearer token (session routes). */
  anonymous?: boolean;
  signal?: AbortSignal;
  /** Sent as `Idempotency-Key`: the same key on a retry makes the server answer the first call's result (requestKey.ts). */
  requestKey?: string;
}

export function withQuery(path: string, query?: Record<string, unknown>): string {
  if (!query) return path;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null || value === '') continue;
    params.set(key, String(value));
  }
  const text = params.toString();
  return text ? `${path}${path.includes('?') ? '&' : '?'}${text}` : path;
}

/** The calls made with the session's token that have not been answered yet (see `untilAnswered`). */
const inFlight = new Set<Promise<unknown>>();

/**
 * Waits (up to `ms`) until every call made with the session's token has its answer: logging out
 * first would end the session under them, and each would come back a 401 the browser reports.
 */
export async function untilAnswered(ms: number): Promise<void> {
  const deadline = Date.now() + ms;
  while (inFlight.size > 0 && Date.now() < deadline) {
    await Promise.race([Promise.allSettled([...inFlight]), new Promise((r) => setTimeout(r, Math.max(0, deadline - Date.now())))]);
  }
}

async function send(path: string, options: RequestOptions): Promise<Response> {
  const base = options.base ?? 'main';
  const headers: Record<string, string> = { accept: 'application/json' };
  const isForm = options.body instanceof FormData;
  if (options.body !== undefined && !isForm) headers['content-type'] = 'application/json';
  const session = getSession();
  if (!options.anonymous && session) headers.authorization = `Bearer ${session.token}`;
  if (options.requestKey) headers['idempotency-key'] = options.requestKey;
  const timeout = AbortSignal.timeout(TIMEOUT_MS[base]);
  const signal = options.signal ? AbortSignal.any([options.signal, timeout]) : timeout;
  const answer = fetch(`${apiBase(base)}${withQuery(path, options.query)}`, {
    method: options.method ?? 'GET',
    headers,
    body: options.body === undefined ? undefined : isForm ? (options.body as FormData) : JSON.stringify(options.body),
    signal,
  });
  if (headers.authorization) {
    inFlight.add(answer);
    void answer.catch(() => undefined).finally(() => inFlight.delete(answer));
  }
  try {
    return await answer;
  } catch (error) {
    // No answer at all: said in Spanish (status 0), unless the caller itself gave up on the call.
    const message = fetchFailure(error, options.signal);
    if (message === null) throw error;
    throw new ApiError(message, 0, { message });
  }
}

async function toError(response: Response): Promise<ApiError> {
  let body: { message?: string; errors?: Record<string, string> } & Record<string, unknown> = {};
  try {
    body = await response.json();
  } catch {
    body = {};
  }
  const message = body.message || statusMessage(response.status);
  // The rest of the answer travels too: a refusal may say what the screen can offer instead (a payment's moves disapproved meanwhile).
  return new ApiError(message, response.status, { ...body, message, errors: body.errors });
}

let refreshing: Promise<boolean> | null = null;

/** The lock the tabs of one browser take to refresh the session they share (their storage is one). */
const REFRESH_LOCK = 'campo.session.refresh';

/**
 * Runs `task` holding REFRESH_LOCK, where the browser has Web Locks (as it is, where it has not); `waited`
 * tells it that another tab held the lock first, that is, has just renewed the session.
 */
async function underRefreshLock<T>(task: (waited: boolean) => Promise<T>): Promise<T> {
  const locks = navigator.locks;
  if (!locks) return task(false);
  const free = await locks.request(REFRESH_LOCK, { ifAvailable: true }, async (lock) => (lock ? { value: await task(false) } : null));
  return free ? free.value : locks.request(REFRESH_LOCK, () => task(true));
}

/**
 * Waits (up to `ms`) until the stored refresh token is no longer `seen`: another tab's write to the
 * storage reaches this one a moment after that tab let the lock go, more so on a busy machine; sending
 * `seen` again meanwhile would be taken for a stolen token and end the session in every tab.
 */
async function storedTokenReplaced(seen: string, ms = 3_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (getSession()?.refreshToken === seen && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
}

/**
 * Renews the access token: true when renewed, false when the session is over (the refresh token was
 * refused), and an `ApiError` when the server could not say (429, 5xx, no answer), the session kept.
 *
 * One refresh at a time: every call that got a 401 waits for the same rotation; and one tab at a time.
 * Two tabs renewing together (a browser restoring them after the token expired) would send the same
 * refresh token twice, which the server takes for a stolen one and ends the session in both. The second
 * tab waits for the first and, finding in storage the tokens it got (once they reach it), uses them.
 */
export function refreshSession(): Promise<boolean> {
  const seen = getSession()?.refreshToken;
  refreshing ??= underRefreshLock(async (waited) => {
    if (waited && seen !== undefined) await storedTokenReplaced(seen);
    const session = getSession();
    if (!session) return false;
    if (seen !== undefined && session.refreshToken !== seen) return true;
    try {
      const response = await send('/auth/refresh-token', { method: 'POST', base: 'auth', anonymous: true, body: { refreshToken: session.refreshToken } });
      // Refused for now (too many requests from this address, the server or its database unavailable):
      // the session is still good, so the call fails with the server's Spanish reason and the next one
      // tries again, instead of ending the session and losing what the user had open.
      if (response.status === 429 || response.status >= 500) throw await toError(response);
      if (!response.ok) return false;
      const answer = (await response.json()) as LoginAnswer;
      updateTokens(answer);
      // An administrator may have changed the user's role, client or links since login (the renewed token
      // carries the new role and client): the profile is read again, and a new role or client starts the
      // console over from its home, menus and all, instead of showing the old client's pages.
      const profile = await fetchProfile(answer).catch(() => null);
      if (profile) adoptProfile(session.profile, profile);
      return true;
    } catch (error) {
      // No answer at all (offline, timed out): likewise, the session stays.
      if (error instanceof ApiError && (error.status === 0 || error.status === 429 || error.status >= 500)) throw error;
      return false;
    }
  }).finally(() => {
    refreshing = null;
  });
  return refreshing;
}

/**
 * Keeps the profile read again; a new role or client starts the console over from its home, which says
 * why. The forms' unsaved work is kept first (drafts.ts) and the home offers the way back to it: a save
 * under way is not sent (`respond`), since the user wrote it under the old permissions.
 */
function adoptProfile(before: UserProfile, profile: UserProfile) {
  saveProfile(profile);
  // Once: the renewal and the profile read at start may both see the change.
  if (profileScope(profile) === profileScope(before) || leavingPage()) return;
  const kept = keepDrafts() > 0;
  markScopeChanged({ draftAt: kept ? window.location.pathname + window.location.search : null });
  leaveFor('/');
}

/**
 * Reads the profile again when the console opens on a stored session, whose profile is the one read at
 * login: a page that calls nothing (a client's framed claim form) would show the old client's otherwise.
 */
export async function syncProfile(): Promise<void> {
  const before = getSession();
  if (!before) return;
  const profile = await request<UserProfile>(`/core-users/users/userProfile/${before.profile.id}`, { base: 'core' }).catch(() => null);
  const now = getSession();
  if (profile && now) adoptProfile(now.profile, profile);
}

/**
 * Logs out on the device and returns to login (a failed refresh ends the session); logging in again returns
 * here, with what was typed. Once per page: the calls refused together (a save and the record's reading)
 * each end here, and a second trip to the login would cut the first one short, mid-load.
 */
export function endSessionAndGoToLogin(): never {
  if (!leavingForLogin()) {
    // The forms' unsaved work first: logging in again as the same user gives it back (drafts.ts).
    keepDrafts();
    clearSession();
    markSessionExpired();
    rememberNext(window.location.pathname + window.location.search);
    leaveForLogin();
  }
  throw new ApiError(AUTH_TEXT.sessionExpired, 401, { message: AUTH_TEXT.sessionExpired });
}

/** Calls the API; a 401 triggers one token refresh and one retry, else logout to /login. */
async function respond(path: string, options: RequestOptions): Promise<Response> {
  let response = await send(path, options);
  if (response.status === 401 && !options.anonymous) {
    if (!(await refreshSession())) endSessionAndGoToLogin();
    // The renewal found another role or client: the console starts over, and nothing more is sent.
    if (leavingPage()) throw new ApiError(AUTH_TEXT.scopeChanged, 409, { message: AUTH_TEXT.scopeChanged });
    response = await send(path, options);
    if (response.status === 401) endSessionAndGoToLogin();
  }
  if (!response.ok) throw await toError(response);
  return response;
}

/** Calls the API (see `respond`) and reads the answer: JSON, a blob, or nothing (204). */
export async function request<T = unknown>(path: string, options: RequestOptions = {}): Promise<T> {
  const response = await respond(path, options);
  if (response.status === 204) return undefined as T;
  const type = response.headers.get('content-type') ?? '';
  return (type.includes('application/json') ? await response.json() : await response.blob()) as T;
}

/** Calls the API (see `respond`) and gives the answer's body unread: for a reader off the main thread. */
export async function requestBody(path: string, options: RequestOptions = {}): Promise<ReadableStream<Uint8Array>> {
  const response = await respond(path, options);
  if (!response.body) throw new ApiError('Respuesta vacía', response.status, { message: 'Respuesta vacía' });
  return response.body;
}
