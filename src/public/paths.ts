/** Screens that live outside the authenticated shell (spec 1 §2.1). */
export type PublicScreen = 'login' | 'restore' | 'change' | 'sooft';

export function publicScreen(pathname: string): PublicScreen | null {
  const path = decodeURIComponent(pathname).replace(/\/+$/, '') || '/';
  if (path === '/' || path === '/login') return 'login';
  if (path === '/restaurarContraseña' || path === '/login/restaurarContraseña') return 'restore';
  if (path.startsWith('/cambiarContraseña') || path.startsWith('/change-password')) return 'change';
  if (path === '/sooft-login') return 'sooft';
  return null;
}

/** The reset token in /cambiarContraseña/{token} or /change-password/{token}. */
export function tokenFromPath(pathname: string): string {
  const parts = decodeURIComponent(pathname).split('/').filter(Boolean);
  return parts.length > 1 ? parts[parts.length - 1] : '';
}
