import { createHmac } from 'node:crypto';
import { ACCESS } from '../../domain/roles';
import type { App } from '../app';
import { sql } from 'drizzle-orm';
import { DATABASE_UNAVAILABLE, HttpError, notFound } from '../http';
import { campusAnswer, healthAnswer, publicSettingsAnswer } from '../../domain/settings';

/** How long the health check waits for the database before it calls it unavailable. */
const HEALTH_TIMEOUT_MS = 2000;

/** Settings the console reads at start (links that change per deployment, not per build). */
export default async function settingsRoutes(app: App) {
  app.get('/settings/public', { config: { roles: 'public' }, schema: { tags: ['settings'], summary: 'Enlaces de la instalación que la consola lee al iniciar (soporte, auditores)', answer: publicSettingsAnswer } }, async () => ({
    chatSupportUrl: app.config.chatSupportUrl,
    auditorsUrl: app.config.auditorsUrl,
  }));

  /**
   * For a load balancer or an orchestrator: 200 when this instance answers and reaches its database, 503
   * (in the one Spanish shape, with Retry-After) when the database does not answer within two seconds.
   */
  app.get('/health', { config: { roles: 'public' }, schema: { tags: ['settings'], summary: 'Estado de la instancia y de su base de datos (503 si la base no responde en 2 s)', answer: healthAnswer } }, async () => {
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new HttpError(503, DATABASE_UNAVAILABLE)), HEALTH_TIMEOUT_MS);
    });
    try {
      await Promise.race([app.db.execute(sql`select 1`).then(() => undefined), late]);
    } finally {
      clearTimeout(timer);
    }
    return { status: 'ok' };
  });

  /**
   * The Campus entry (spec 3 §7 GET /moodle): a short-lived HS256 token for the campus site,
   * signed with MOODLE_SECRET, and the URL that carries it.
   */
  app.get('/moodle', { config: { roles: ACCESS.campus.read }, schema: { tags: ['settings'], summary: 'Token de acceso al campus (vence en cinco minutos) y la URL que lo lleva', description: 'Sin `CAMPUS_URL` o sin `MOODLE_SECRET` en la instalación responde 404.', answer: campusAnswer } }, async (req) => {
    const { campusUrl, moodleSecret } = app.config;
    if (!campusUrl || !moodleSecret) throw notFound('El campus no está configurado.');
    const encode = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
    const now = Math.floor(Date.now() / 1000);
    const body = `${encode({ alg: 'HS256', typ: 'JWT' })}.${encode({ sub: String(req.session.id), iat: now, exp: now + 300 })}`;
    const token = `${body}.${createHmac('sha256', moodleSecret).update(body).digest('base64url')}`;
    return { token, url: `${campusUrl}${campusUrl.includes('?') ? '&' : '?'}token=${token}` };
  });
}
