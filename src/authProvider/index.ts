import type { AuthProvider } from 'ra-core';
import { canAccess, type UserRole } from '../../domain/roles';
import { logout } from './auth';
import { getSession } from './session';

export const currentRole = (): UserRole => (getSession()?.profile.rolId ?? null) as UserRole;

/** react-admin's view of the session; login itself happens outside <Admin> (see main.tsx). */
export const authProvider: AuthProvider = {
  login: async () => undefined,
  logout: async () => {
    await logout();
    return '/login';
  },
  checkAuth: async () => {
    if (!getSession()) throw new Error('Su sesión ha expirado. Ingrese nuevamente.');
  },
  checkError: async (error: { status?: number }) => {
    // 401 already went through one refresh in the fetch core; a 403 keeps the session.
    if (error?.status === 401) throw error;
  },
  getIdentity: async () => {
    const profile = getSession()?.profile;
    if (!profile) throw new Error('Sin sesión');
    return { id: profile.id, fullName: `${profile.firstName} ${profile.lastName}`.trim() };
  },
  getPermissions: async () => currentRole(),
  canAccess: async ({ resource, action }) => canAccess(currentRole(), resource, action),
};
