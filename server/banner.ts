import { join } from 'node:path';
import { ROLE_NAMES } from '../domain/roles';
import type { Config } from './config';
import { DEMO_LOGINS, DEMO_PASSWORD } from './db/seed';
import { STAFF_LOGINS } from './db/seed/people';

/**
 * What the server prints once it listens: where it is, and the demo's logins only when it seeds the
 * demo. A server on its own PostgreSQL (SEED_DEMO off, the README's "una base vacía, sin usuarios de
 * demostración") has none of them: listing them there, with the published password, told whoever read
 * the log of accounts that do not exist.
 */
export function startupBanner(config: Pick<Config, 'port' | 'databaseUrl' | 'dataDir' | 'seedDemo'>): string[] {
  const where = config.databaseUrl ? 'PostgreSQL' : `PGlite (${join(config.dataDir, 'db')})`;
  const lines = [`\nCampo en http://localhost:${config.port}  ·  API en /api  ·  OpenAPI en /api/docs  ·  base: ${where}`];
  if (!config.seedDemo) return lines;
  lines.push(`Usuarios de demostración (contraseña ${DEMO_PASSWORD}):`);
  // Every login the demo has, staff roles included (administración and cuentas pay; comercial only reads).
  for (const u of [...DEMO_LOGINS, ...STAFF_LOGINS]) lines.push(`  ${u.email.padEnd(28)} ${u.role === null ? 'sin rol (Plataform)' : `${ROLE_NAMES[u.role]} (rol ${u.role})`}`);
  return lines;
}
