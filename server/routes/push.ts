/**
 * Push notifications (spec 2 §7): `POST /push-notifications/send-message` to every Getter's device
 * (answered at once, sent after: `GET /push-notifications/:id` tells its progress) and
 * `GET /push-notifications/historial`, newest first. The sender is FCM or the outbox (settings).
 */
import { z } from 'zod';
import { pushHistoryAnswer, pushMessageAnswer, pushMessageSchema } from '../../domain/push';
import { ACCESS } from '../../domain/roles';
import { limitParam, MAX_ID, offsetParam, orderParam } from '../../domain/validation';
import type { App } from '../app';
import { notFound } from '../http';
import { deliver, PUSH_HISTORY_SORTS, pushHistory, pushMessage, pushNoticesFor, recordPush, type PushTarget } from '../services/push';
import { once, requestKeyHeaders } from '../services/requestKeys';

const read = { roles: ACCESS['push-notifications'].read };
const write = { roles: ACCESS['push-notifications'].write };
const tags = ['push-notifications'];

const historyQuery = z.object({
  offset: offsetParam,
  limit: limitParam(10),
  sort: z.string().max(60).optional().describe(`Una de: ${PUSH_HISTORY_SORTS.join(', ')}`),
  // Without `sort`, newest first; with it, ascending unless asked otherwise.
  order: orderParam.optional(),
});

export default async function pushRoutes(app: App) {
  // The sends go out on the same queue (and sender) as the review's notices; closing waits for them.
  const queue = pushNoticesFor(app);
  app.addHook('onClose', () => queue.idle());

  app.post(
    '/push-notifications/send-message',
    {
      config: write,
      schema: {
        tags,
        summary: 'Registra un push a los dispositivos de todos los Getters activos y lo envía después de responder',
        description:
          'Responde 202 con la fila del historial en estado SENDING y la cantidad de dispositivos; el envío sigue en el servidor y `GET /push-notifications/{id}` dice su avance (`processedMessages`) hasta SENT o ERROR (con el motivo en `error`). Con `Idempotency-Key`, el reintento con los mismos datos devuelve esa misma fila como está y no envía otra vez.',
        body: pushMessageSchema,
        headers: requestKeyHeaders,
        answer: pushMessageAnswer,
      },
    },
    async (req, reply) => {
      const { title, message } = req.body as z.output<typeof pushMessageSchema>;
      const actor = req.session;
      const note = { title, body: message };
      // Sent again with its key (the answer was lost), it is the same send: nothing goes out twice.
      let targets: PushTarget[] = [];
      const { answer, replayed } = await app.db.transaction((tx) =>
        once(tx, req, async () => {
          const recorded = await recordPush(tx, actor, note);
          targets = recorded.targets;
          return { id: recorded.id };
        }),
      );
      if (!replayed) queue.later({ push: 'broadcast', userId: actor.id }, () => deliver(app.db, queue.sender, actor, answer.id, note, targets));
      return reply.status(202).send(await pushMessage(app.db, answer.id));
    },
  );

  app.get(
    '/push-notifications/:id',
    { config: read, schema: { tags, summary: 'Un envío del historial con su avance: SENDING mientras sale, después SENT o ERROR', params: z.object({ id: z.coerce.number({ error: 'Identificador inválido' }).int('Identificador inválido').positive('Identificador inválido').max(MAX_ID, 'Identificador inválido') }), answer: pushMessageAnswer } },
    async (req) => {
      const row = await pushMessage(app.db, (req.params as { id: number }).id);
      if (!row) throw notFound('El envío no existe.');
      return row;
    },
  );

  app.get('/push-notifications/historial', { config: read, schema: { tags, summary: 'Historial paginado de push enviados: del más reciente al más antiguo, o por la columna pedida', querystring: historyQuery, answer: pushHistoryAnswer } }, async (req) =>
    pushHistory(app.db, req.query as z.output<typeof historyQuery>),
  );
}
