import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { isIP } from 'node:net';
import { join, resolve } from 'node:path';

/** Every setting the server reads, from the environment (see the README's settings table). */
export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string;
  jwtSecret: string;
  /** Access-token life in seconds. */
  accessTokenTtl: number;
  /** Refresh-token life in seconds. */
  refreshTokenTtl: number;
  smtpUrl: string;
  mailFrom: string;
  publicUrl: string;
  chatSupportUrl: string;
  sooftSecret: string;
  auditorsUrl: string;
  campusUrl: string;
  moodleSecret: string;
  authRateLimit: number;
  /**
   * Whose X-Forwarded-For is believed (Fastify's `trustProxy`): nobody's by default, so a caller cannot
   * pick the address the sign-in limit counts; `true` (every hop), or the proxies' addresses/CIDRs.
   */
  trustProxy: boolean | string[];
  logLevel: string;
  seedDemo: boolean;
  staticDir: string | null;
  /** FCM HTTP v1: the Firebase project, its service account (JSON or a file path), the API base and the OAuth2 token URI. */
  fcmProjectId: string;
  fcmServiceAccount: string;
  fcmBaseUrl: string;
  fcmTokenUri: string;
}

const int = (value: string | undefined, fallback: number) => {
  const n = Number(value);
  return Number.isFinite(n) && n > 0 ? n : fallback;
};

/**
 * TRUST_PROXY: '' or 'false' → false, 'true' → true (any case), '127.0.0.1,10.1.0.0/16' → those proxies.
 * Anything else stops the server with a message: a typo read as an address would trust no proxy, and
 * every client behind it would share one address (and its sign-in limit).
 */
export function trustProxy(value: string | undefined): boolean | string[] {
  const text = (value ?? '').trim();
  if (!text || /^false$/i.test(text)) return false;
  if (/^true$/i.test(text)) return true;
  const entries = text.split(',').map((s) => s.trim()).filter(Boolean);
  const bad = entries.filter((entry) => {
    const [address, bits, extra] = entry.split('/');
    const kind = isIP(address);
    return !kind || extra !== undefined || (bits !== undefined && !(/^\d{1,3}$/.test(bits) && Number(bits) <= (kind === 4 ? 32 : 128)));
  });
  if (bad.length) throw new Error(`TRUST_PROXY: «${bad.join(', ')}» no es una dirección IP ni un rango CIDR (use true, false o las direcciones de los proxies separadas por comas).`);
  return entries;
}

/** The JWT secret: JWT_SECRET, or one generated once and kept in DATA_DIR. */
function jwtSecret(env: NodeJS.ProcessEnv, dataDir: string): string {
  if (env.JWT_SECRET) return env.JWT_SECRET;
  const file = join(dataDir, 'jwt-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const dataDir = resolve(env.DATA_DIR || './data');
  return {
    port: int(env.PORT, 8080),
    host: env.HOST || '0.0.0.0',
    dataDir,
    databaseUrl: env.DATABASE_URL || '',
    jwtSecret: jwtSecret(env, dataDir),
    accessTokenTtl: int(env.ACCESS_TOKEN_TTL, 900),
    refreshTokenTtl: int(env.REFRESH_TOKEN_TTL, 7 * 24 * 3600),
    smtpUrl: env.SMTP_URL || '',
    mailFrom: env.MAIL_FROM || 'Campo <no-responder@campo.test>',
    publicUrl: (env.PUBLIC_URL || `http://localhost:${int(env.PORT, 8080)}`).replace(/\/$/, ''),
    chatSupportUrl: env.CHAT_SUPPORT_URL || 'https://wa.me/5491100000000',
    sooftSecret: env.SOOFT_SECRET || '',
    auditorsUrl: env.AUDITORS_URL || '',
    campusUrl: env.CAMPUS_URL || '',
    moodleSecret: env.MOODLE_SECRET || '',
    authRateLimit: int(env.AUTH_RATE_LIMIT, 20),
    trustProxy: trustProxy(env.TRUST_PROXY),
    logLevel: env.LOG_LEVEL || 'info',
    // The demo's logins share one published password: seeded by default only into the embedded database
    // (the demo); a server on its own PostgreSQL seeds them only when told to.
    seedDemo: env.SEED_DEMO === undefined || env.SEED_DEMO === '' ? !env.DATABASE_URL : env.SEED_DEMO === 'true',
    staticDir: env.STATIC_DIR === '' ? null : resolve(env.STATIC_DIR || './dist'),
    fcmProjectId: env.FCM_PROJECT_ID || '',
    fcmServiceAccount: env.FCM_SERVICE_ACCOUNT || '',
    fcmBaseUrl: env.FCM_BASE_URL || 'https://fcm.googleapis.com',
    fcmTokenUri: env.FCM_TOKEN_URI || '',
  };
}
