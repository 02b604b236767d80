import type { LoginAnswer, UserProfile } from '../../domain/auth';
import { apiBase } from '../config';
import { fetchFailure, HTTP_TEXT } from '../dataProvider/httpText';

/** The user's profile read with tokens not stored yet: at login, and again at each renewal. */
export async function fetchProfile(answer: LoginAnswer): Promise<UserProfile> {
  const r = await fetch(`${apiBase('core')}/core-users/users/userProfile/${answer.id}`, {
    headers: { authorization: `Bearer ${answer.token}`, accept: 'application/json' },
  }).catch((error: unknown) => {
    throw new Error(fetchFailure(error) ?? HTTP_TEXT.offline);
  });
  if (!r.ok) throw new Error(((await r.json().catch(() => ({}))) as { message?: string }).message ?? 'No se pudo cargar el perfil.');
  return (await r.json()) as UserProfile;
}

/** The role and client a profile gives its screens: when they change, the console starts over from its home. */
export const profileScope = (profile: Pick<UserProfile, 'id' | 'rolId' | 'clientId'> | undefined | null) =>
  profile ? `${profile.id}:${profile.rolId ?? ''}:${profile.clientId ?? ''}` : null;
