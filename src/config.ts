/** The four API bases (main, auth, core, campo), from VITE_* settings; each defaults to /api. */
export type ApiBase = 'main' | 'auth' | 'core' | 'campo';

const settings: Record<ApiBase, [name: string, value: string | undefined]> = {
  main: ['VITE_API_MAIN', import.meta.env.VITE_API_MAIN],
  auth: ['VITE_API_AUTH', import.meta.env.VITE_API_AUTH],
  core: ['VITE_API_CORE', import.meta.env.VITE_API_CORE],
  campo: ['VITE_API_CAMPO', import.meta.env.VITE_API_CAMPO],
};

/** Request time limits by base (spec 1 §9): main 30 s, core 2 min, campo 5 min. */
export const TIMEOUT_MS: Record<ApiBase, number> = { main: 30_000, auth: 30_000, core: 120_000, campo: 300_000 };

export function apiBase(base: ApiBase): string {
  const [name, value] = settings[base];
  if (value === undefined) return '/api';
  if (value.trim() === '') throw new Error(`Environment variable ${name} not set!`);
  return value.replace(/\/$/, '');
}
