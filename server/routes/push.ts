/**
 * Push notifications (spec 2 §7): `POST /push-notifications/send-message` to every Getter's device
 * and `GET /push-notifications/historial`, newest first. The sender is FCM or the outbox (settings).
 */
import { z } from 'zod';
import { pushMessageSchema } from '../../domain/push';
import { ACCESS } from '../../domain/roles';
import { limitParam, offsetParam } from '../../domain/validation';
import type { App } from '../app';
import { createPushSender, pushHistory, sendPush } from '../services/push';

const read = { roles: ACCESS['push-notifications'].read };
const write = { roles: ACCESS['push-notifications'].write };
const tags = ['push-notifications'];

const historyQuery = z.object({
  offset: offsetParam,
  limit: limitParam(10),
});

export default async function pushRoutes(app: App) {
  const sender = createPushSender({ config: app.config, db: app.db, log: app.log });

  app.post('/push-notifications/send-message', { config: write, schema: { tags, summary: 'Envía un push a los dispositivos de todos los Getters activos y lo registra', body: pushMessageSchema } }, async (req) => {
    const { title, message } = req.body as z.output<typeof pushMessageSchema>;
    return sendPush(app.db, sender, req.session, { title, body: message });
  });

  app.get('/push-notifications/historial', { config: read, schema: { tags, summary: 'Historial paginado de push enviados, del más reciente al más antiguo', querystring: historyQuery } }, async (req) =>
    pushHistory(app.db, req.query as z.output<typeof historyQuery>),
  );
}
