/**
 * Push notifications to the Getters' devices. Two senders, chosen by settings: FCM HTTP v1 when
 * FCM_SERVICE_ACCOUNT is set, otherwise the outbox table (what each device would receive).
 */
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { PUSH_TEXT, type PushHistoryRow, type PushSendResult, type PushStatus } from '../../domain/push';
import { ROLE } from '../../domain/roles';
import type { Config } from '../config';
import type { Db } from '../db/client';
import { countAll } from '../db/list';
import { preparedOnce } from '../db/prepared';
import { deviceTokens, pushMessages, pushOutbox, users } from '../db/schema';
import type { SessionUser } from '../guard';
import { HttpError } from '../http';
import { audit } from './audit';
import { FcmClient, loadServiceAccount, PushOutage, type SendResult } from './fcm';

export interface PushNote {
  title: string;
  body: string;
}

export interface PushTarget {
  token: string;
  userId: number;
}

export interface PushOutcome {
  delivered: number;
  /** Tokens the provider reported dead: they are deleted. */
  unregistered: string[];
  failed: number;
}

export interface PushSender {
  kind: 'fcm' | 'outbox';
  send(messageId: number, note: PushNote, targets: PushTarget[]): Promise<PushOutcome>;
}

/** At most this many requests to FCM at once. */
export const PUSH_CONCURRENCY = 8;

/**
 * Runs `send` over every target with at most `limit` at once. A PushOutage stops new sends; the
 * ones in flight finish and the outage is thrown.
 */
async function sendAll(targets: PushTarget[], limit: number, send: (t: PushTarget) => Promise<SendResult>): Promise<PushOutcome> {
  const outcome: PushOutcome = { delivered: 0, unregistered: [], failed: 0 };
  let next = 0;
  let outage: PushOutage | null = null;
  const worker = async () => {
    while (!outage && next < targets.length) {
      const target = targets[next++];
      try {
        const result = await send(target);
        if (result === 'delivered') outcome.delivered++;
        else if (result === 'unregistered') outcome.unregistered.push(target.token);
        else outcome.failed++;
      } catch (error) {
        if (!(error instanceof PushOutage)) throw error;
        outage ??= error;
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, targets.length) }, worker));
  if (outage) throw outage;
  return outcome;
}

export function createPushSender(options: { config: Config; db: Db; log: FastifyBaseLogger }): PushSender {
  const { config, db, log } = options;
  if (config.fcmServiceAccount) {
    const account = loadServiceAccount(config.fcmServiceAccount);
    const projectId = config.fcmProjectId || account.project_id;
    if (!projectId) throw new Error('FCM_PROJECT_ID no está configurado (ni project_id en la cuenta de servicio)');
    const client = new FcmClient({
      projectId,
      account,
      baseUrl: config.fcmBaseUrl.replace(/\/$/, ''),
      tokenUri: config.fcmTokenUri || account.token_uri || 'https://oauth2.googleapis.com/token',
    });
    return {
      kind: 'fcm',
      async send(messageId, note, targets) {
        const outcome = await sendAll(targets, PUSH_CONCURRENCY, (t) => client.send(t.token, note));
        log.info({ messageId, devices: targets.length, ...outcome, unregistered: outcome.unregistered.length }, 'push sent through FCM');
        return outcome;
      },
    };
  }
  return {
    kind: 'outbox',
    async send(messageId, note, targets) {
      for (let i = 0; i < targets.length; i += 500) {
        const chunk = targets.slice(i, i + 500);
        await db.insert(pushOutbox).values(chunk.map((t) => ({ messageId, userId: t.userId, token: t.token, title: note.title, body: note.body })));
      }
      log.info({ messageId, devices: targets.length }, 'push written to the outbox');
      return { delivered: targets.length, unregistered: [], failed: 0 };
    },
  };
}

const sender = sql<string | null>`nullif(trim(${users.names} || ' ' || ${users.lastName}), '')`;

const historyColumns = {
  id: pushMessages.id,
  title: pushMessages.title,
  body: pushMessages.body,
  totalMessagesSended: pushMessages.totalMessages,
  sucessfullMessages: pushMessages.successfulMessages,
  removedTokens: pushMessages.removedTokens,
  status: pushMessages.status,
  error: pushMessages.error,
  createdAt: pushMessages.createdAt,
  sentById: pushMessages.sentBy,
  sentByName: sender,
};

type HistoryRecord = Omit<PushHistoryRow, 'createdAt' | 'sentBy' | 'status'> & { status: string; createdAt: Date; sentById: number | null; sentByName: string | null };

/** A history row, field by field (V8's object rest and spread are ~3 µs a row). */
function toHistoryRow(r: HistoryRecord): PushHistoryRow {
  return {
    id: r.id,
    title: r.title,
    body: r.body,
    totalMessagesSended: r.totalMessagesSended,
    sucessfullMessages: r.sucessfullMessages,
    removedTokens: r.removedTokens,
    status: r.status as PushStatus,
    error: r.error,
    createdAt: new Date(r.createdAt).toISOString(),
    sentBy: r.sentById === null ? null : { id: r.sentById, fullName: r.sentByName ?? '' },
  };
}

/** 'Últimos mensajes enviados': newest first, paged. */
export async function pushHistory(db: Db, page: { offset: number; limit: number }): Promise<{ rows: PushHistoryRow[]; count: number }> {
  const statement = preparedOnce(db, 'push-history', () =>
    db
      .select(historyColumns)
      .from(pushMessages)
      .leftJoin(users, eq(users.id, pushMessages.sentBy))
      .orderBy(desc(pushMessages.createdAt), desc(pushMessages.id))
      .limit(sql.placeholder('limit'))
      .offset(sql.placeholder('offset'))
      .prepare(''),
  );
  const counting = preparedOnce(db, 'push-history-count', () => db.select({ count: countAll }).from(pushMessages).prepare(''));
  const [rows, [{ count }]] = await Promise.all([statement.execute(page), counting.execute()]);
  return { rows: rows.map((r) => toHistoryRow(r as HistoryRecord)), count };
}

/**
 * Sends a notification to every device of an active Getter and records it in the history. Dead
 * tokens are deleted and counted. A provider outage records the message as ERROR with no totals
 * (nothing half-counted, no token removed) and answers 502 in Spanish.
 */
export async function sendPush(db: Db, push: PushSender, actor: SessionUser, note: PushNote): Promise<PushSendResult> {
  const targets = await db
    .select({ token: deviceTokens.token, userId: deviceTokens.userId })
    .from(deviceTokens)
    .innerJoin(users, eq(users.id, deviceTokens.userId))
    .where(and(eq(users.rolId, ROLE.GETTER), eq(users.status, true)))
    .orderBy(deviceTokens.id);
  const [message] = await db.insert(pushMessages).values({ title: note.title, body: note.body, status: 'SENDING', sentBy: actor.id }).returning({ id: pushMessages.id });

  let outcome: PushOutcome;
  try {
    outcome = await push.send(message.id, note, targets);
  } catch (error) {
    const text = error instanceof PushOutage ? error.message : `Error inesperado: ${(error as Error).message}`;
    await db.update(pushMessages).set({ status: 'ERROR', error: text.slice(0, 500) }).where(eq(pushMessages.id, message.id));
    await audit(db, { userId: actor.id, entity: 'push_message', entityId: message.id, action: 'send', detail: { status: 'ERROR', devices: targets.length, error: text } });
    if (error instanceof PushOutage) throw new HttpError(502, PUSH_TEXT.outage);
    throw error;
  }

  await db.transaction(async (tx) => {
    const removed = outcome.unregistered.length
      ? await tx.delete(deviceTokens).where(inArray(deviceTokens.token, outcome.unregistered)).returning({ id: deviceTokens.id })
      : [];
    await tx
      .update(pushMessages)
      .set({ status: 'SENT', totalMessages: targets.length, successfulMessages: outcome.delivered, removedTokens: removed.length })
      .where(eq(pushMessages.id, message.id));
    await audit(tx, {
      userId: actor.id,
      entity: 'push_message',
      entityId: message.id,
      action: 'send',
      detail: { status: 'SENT', devices: targets.length, delivered: outcome.delivered, removedTokens: removed.length, failed: outcome.failed },
    });
  });
  const [row] = await db.select(historyColumns).from(pushMessages).leftJoin(users, eq(users.id, pushMessages.sentBy)).where(eq(pushMessages.id, message.id));
  return { ...toHistoryRow(row as HistoryRecord), failedMessages: outcome.failed };
}
