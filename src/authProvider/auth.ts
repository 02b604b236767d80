import type { LoginAnswer } from '../../domain/auth';
import { request, untilAnswered } from '../dataProvider/http';
import { forgetDrafts } from './drafts';
import { fetchProfile } from './profile';
import { clearSession, getSession, saveSession, type StoredSession } from './session';

/** POST /auth/login, then GET the profile (spec 1 §7 Authentication). */
export async function login(email: string, password: string): Promise<StoredSession> {
  const answer = await request<LoginAnswer>('/auth/login', { method: 'POST', base: 'auth', anonymous: true, body: { email, password } });
  return openSession(answer);
}

export async function sooftLogin(token: string): Promise<StoredSession> {
  const answer = await request<LoginAnswer>('/auth/sooft-login', { method: 'POST', base: 'auth', anonymous: true, body: { token } });
  return openSession(answer);
}

async function openSession(answer: LoginAnswer): Promise<StoredSession> {
  return saveSession(answer, await fetchProfile(answer));
}

/** How long a logout waits for the calls still out with the session's token (see `untilAnswered`). */
const LOGOUT_WAIT_MS = 3000;

export async function logout(): Promise<void> {
  await untilAnswered(LOGOUT_WAIT_MS);
  const session = getSession();
  clearSession();
  if (session) {
    // 'Desconectar': nothing typed is kept for the next login. (A session that ended by itself is
    // already gone when react-admin logs out after its 401, and its drafts stay: drafts.ts.)
    forgetDrafts();
    await request('/auth/logout', { method: 'POST', base: 'auth', anonymous: true, body: { refreshToken: session.refreshToken } }).catch(() => undefined);
  }
}

export const checkValidEmail = (email: string) =>
  request<{ valid: boolean }>('/auth/checkValidEmail', { method: 'POST', base: 'auth', anonymous: true, body: { email } });

export const sendUserTokenByEmail = (email: string) =>
  request<{ message: string }>(`/auth/sendUserTokenByEmail/${encodeURIComponent(email)}`, { method: 'POST', base: 'auth', anonymous: true });

export const checkValidToken = (token: string) =>
  request<{ userId: number }>(`/auth/checkValidToken/${encodeURIComponent(token)}`, { method: 'POST', base: 'auth', anonymous: true });

export const restoreUserPassword = (userId: number, body: { password: string; confirmPassword: string; token: string }) =>
  request<{ message: string }>(`/auth/restoreUserPassword/${userId}`, { method: 'POST', base: 'auth', anonymous: true, body });
