import { createHmac } from 'node:crypto';
import { ACCESS } from '../../domain/roles';
import type { App } from '../app';
import { notFound } from '../http';

/** Settings the console reads at start (links that change per deployment, not per build). */
export default async function settingsRoutes(app: App) {
  app.get('/settings/public', { config: { roles: 'public' }, schema: { tags: ['settings'] } }, async () => ({
    chatSupportUrl: app.config.chatSupportUrl,
    auditorsUrl: app.config.auditorsUrl,
  }));

  /**
   * The Campus entry (spec 3 §7 GET /moodle): a short-lived HS256 token for the campus site,
   * signed with MOODLE_SECRET, and the URL that carries it.
   */
  app.get('/moodle', { config: { roles: ACCESS.campus.read }, schema: { tags: ['settings'] } }, async (req) => {
    const { campusUrl, moodleSecret } = app.config;
    if (!campusUrl || !moodleSecret) throw notFound('El campus no está configurado.');
    const encode = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
    const now = Math.floor(Date.now() / 1000);
    const body = `${encode({ alg: 'HS256', typ: 'JWT' })}.${encode({ sub: String(req.session.id), iat: now, exp: now + 300 })}`;
    const token = `${body}.${createHmac('sha256', moodleSecret).update(body).digest('base64url')}`;
    return { token, url: `${campusUrl}${campusUrl.includes('?') ? '&' : '?'}token=${token}` };
  });
}
