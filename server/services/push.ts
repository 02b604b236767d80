/**
 * Push notifications to the Getters' devices. Two senders, chosen by settings: FCM HTTP v1 when
 * FCM_SERVICE_ACCOUNT is set, otherwise the outbox table (what each device would receive). Two uses:
 * the broadcast to every Getter (with its history) and a notice to one user, sent after the answer.
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { PUSH_TEXT, type PushHistoryRow, type PushStatus } from '../../domain/push';
import { ROLE } from '../../domain/roles';
import type { Config } from '../config';
import type { Db, Tx } from '../db/client';
import { countAll, orderBy, pageTotal, totalColumn, whitelisted } from '../db/list';
import { preparedOnce } from '../db/prepared';
import { deviceTokens, pushMessages, pushOutbox, pushStatusRank, users } from '../db/schema';
import type { SessionUser } from '../guard';
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
  /**
   * `messageId` is the broadcast's history row; null for a notice to one user (not in the history).
   * `progress` is told the outcome so far as devices are handled (FCM, one by one; the outbox at its end).
   */
  send(messageId: number | null, note: PushNote, targets: PushTarget[], progress?: (sofar: PushOutcome) => void): Promise<PushOutcome>;
}

/** At most this many requests to FCM at once. */
export const PUSH_CONCURRENCY = 8;

/**
 * Runs `send` over every target with at most `limit` at once. A PushOutage stops new sends; the
 * ones in flight finish and the outage is thrown.
 */
export async function sendAll(targets: PushTarget[], limit: number, send: (t: PushTarget) => Promise<SendResult>, progress?: (sofar: PushOutcome) => void): Promise<PushOutcome> {
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
        progress?.(outcome);
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
      async send(messageId, note, targets, progress) {
        const outcome = await sendAll(targets, PUSH_CONCURRENCY, (t) => client.send(t.token, note), progress);
        log.info({ messageId, devices: targets.length, ...outcome, unregistered: outcome.unregistered.length }, 'push sent through FCM');
        return outcome;
      },
    };
  }
  return {
    kind: 'outbox',
    async send(messageId, note, targets) {
      // The outbox's rows belong to a history message: a notice to one user is only logged.
      if (messageId === null) {
        log.info({ userIds: [...new Set(targets.map((t) => t.userId))], devices: targets.length, title: note.title, body: note.body }, 'push notice logged (no FCM configured)');
        return { delivered: targets.length, unregistered: [], failed: 0 };
      }
      // All or nothing: a chunk that fails leaves no earlier chunk behind (the message says ERROR, 0 sent).
      await db.transaction(async (tx) => {
        for (let i = 0; i < targets.length; i += 500) {
          const chunk = targets.slice(i, i + 500);
          await tx.insert(pushOutbox).values(chunk.map((t) => ({ messageId, userId: t.userId, token: t.token, title: note.title, body: note.body })));
        }
      });
      log.info({ messageId, devices: targets.length }, 'push written to the outbox');
      return { delivered: targets.length, unregistered: [], failed: 0 };
    },
  };
}

const sender = sql<string | null>`nullif(trim(${users.names} || ' ' || ${users.lastName}), '')`;

/** How long a send going out may go untouched (it is touched every PUSH_BEAT_MS) before it counts as cut off. */
export const PUSH_STALE_MS = 2 * 60_000;
/** How often a send going out writes its progress (and so shows it is alive). */
export const PUSH_BEAT_MS = 1_000;

/**
 * A send left SENDING and untouched for PUSH_STALE_MS was cut off (its server stopped mid-way): it reads
 * as ERROR, interrupted. Told as it is read, with no write on a read: a send still going touches its row
 * every PUSH_BEAT_MS, whichever server process runs it, and one that ends late still says SENT.
 */
const cutOff = sql`(${pushMessages.status} = 'SENDING' and ${pushMessages.updatedAt} < now() - ${sql.raw(`interval '${PUSH_STALE_MS / 1000} seconds'`)})`;

const historyColumns = {
  id: pushMessages.id,
  title: pushMessages.title,
  body: pushMessages.body,
  totalMessagesSended: pushMessages.totalMessages,
  sucessfullMessages: pushMessages.successfulMessages,
  removedTokens: pushMessages.removedTokens,
  processedMessages: pushMessages.processedMessages,
  failedMessages: pushMessages.failedMessages,
  status: sql<string>`case when ${cutOff} then 'ERROR' else ${pushMessages.status} end`,
  error: sql<string | null>`case when ${cutOff} then ${sql.raw(`'${PUSH_TEXT.interrupted.replace(/'/g, "''")}'`)} else ${pushMessages.error} end`,
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
    processedMessages: r.processedMessages,
    failedMessages: r.failedMessages,
    status: r.status as PushStatus,
    error: r.error,
    createdAt: new Date(r.createdAt).toISOString(),
    sentBy: r.sentById === null ? null : { id: r.sentById, fullName: r.sentByName ?? '' },
  };
}

/** The history's sortable columns, by the names the console's columns have (spec 1 §2.2). */
const HISTORY_SORTS = {
  title: pushMessages.title,
  body: pushMessages.body,
  totalMessagesSended: pushMessages.totalMessages,
  sucessfullMessages: pushMessages.successfulMessages,
  removedTokens: pushMessages.removedTokens,
  createdAt: pushMessages.createdAt,
  status: pushStatusRank(pushMessages.status),
  id: pushMessages.id,
};
export type PushHistorySort = keyof typeof HISTORY_SORTS;
export const PUSH_HISTORY_SORTS = Object.keys(HISTORY_SORTS) as [PushHistorySort, ...PushHistorySort[]];

/**
 * 'Últimos mensajes enviados', paged: newest first, or by a column asked for (each has its index, the id
 * breaking ties). One statement per sort and order, built once.
 */
export async function pushHistory(db: Db, q: { offset: number; limit: number; sort?: string; order?: 'ASC' | 'DESC' }): Promise<{ rows: PushHistoryRow[]; count: number }> {
  const sort = q.sort ?? 'createdAt';
  whitelisted(HISTORY_SORTS, sort);
  const order = q.order ?? (q.sort ? 'ASC' : 'DESC');
  const statement = preparedOnce(db, `push-history:${sort}:${order}`, () =>
    db
      .select({ ...historyColumns, total: totalColumn(pushMessages, undefined) })
      .from(pushMessages)
      .leftJoin(users, eq(users.id, pushMessages.sentBy))
      .orderBy(...orderBy(HISTORY_SORTS, sort, order, 'createdAt'))
      .limit(sql.placeholder('limit'))
      .offset(sql.placeholder('offset'))
      .prepare(''),
  );
  const counting = preparedOnce(db, 'push-history-count', () => db.select({ count: countAll }).from(pushMessages).prepare(''));
  // One statement: the count rides on the page's rows; a page past the last one counts apart.
  const rows = await statement.execute({ offset: q.offset, limit: q.limit });
  const count = await pageTotal(rows, q.offset, async () => (await counting.execute())[0].count);
  return { rows: rows.map((r) => toHistoryRow(r as HistoryRecord)), count };
}

/** One send of the history, as it stands (a send going out tells its progress); null when there is none. */
export async function pushMessage(db: Db, id: number): Promise<PushHistoryRow | null> {
  const [row] = await db.select(historyColumns).from(pushMessages).leftJoin(users, eq(users.id, pushMessages.sentBy)).where(eq(pushMessages.id, id));
  return row ? toHistoryRow(row as HistoryRecord) : null;
}

/** Deletes the tokens the provider reported dead; answers how many went. */
async function removeDeadTokens(tx: Db | Tx, tokens: string[]): Promise<number> {
  if (!tokens.length) return 0;
  const removed = await tx.delete(deviceTokens).where(inArray(deviceTokens.token, tokens)).returning({ id: deviceTokens.id });
  return removed.length;
}

/**
 * Records a notification to every device of an active Getter, inside the caller's transaction: its row
 * in the history as SENDING, with its devices counted, and the devices it goes to. The route answers that
 * row at once and `deliver` sends it after the answer, telling its progress on the row: a broadcast to
 * tens of thousands of devices through FCM takes minutes, and no request waits for it.
 */
export async function recordPush(tx: Tx, actor: SessionUser, note: PushNote): Promise<{ id: number; targets: PushTarget[] }> {
  const targets = await tx
    .select({ token: deviceTokens.token, userId: deviceTokens.userId })
    .from(deviceTokens)
    .innerJoin(users, eq(users.id, deviceTokens.userId))
    .where(and(eq(users.rolId, ROLE.GETTER), eq(users.status, true)))
    .orderBy(deviceTokens.id);
  const [message] = await tx
    .insert(pushMessages)
    .values({ title: note.title, body: note.body, status: 'SENDING', totalMessages: targets.length, sentBy: actor.id })
    .returning({ id: pushMessages.id });
  return { id: message.id, targets };
}

/**
 * Sends a recorded message to its devices, writing its progress every PUSH_BEAT_MS. Dead tokens are
 * deleted and counted. A provider outage (or any failure) records the message as ERROR with no totals
 * (nothing half-counted, no token removed) and the reason: the console tells PUSH_TEXT.outage.
 */
export async function deliver(db: Db, push: PushSender, actor: SessionUser, messageId: number, note: PushNote, targets: PushTarget[]): Promise<void> {
  let sofar: PushOutcome = { delivered: 0, unregistered: [], failed: 0 };
  let written = -1;
  const beat = async () => {
    const processed = sofar.delivered + sofar.unregistered.length + sofar.failed;
    if (processed === written) {
      await db.update(pushMessages).set({ updatedAt: sql`now()` }).where(and(eq(pushMessages.id, messageId), eq(pushMessages.status, 'SENDING')));
      return;
    }
    written = processed;
    await db
      .update(pushMessages)
      .set({ processedMessages: processed, successfulMessages: sofar.delivered, failedMessages: sofar.failed, updatedAt: sql`now()` })
      .where(and(eq(pushMessages.id, messageId), eq(pushMessages.status, 'SENDING')));
  };
  let beating: Promise<void> = Promise.resolve();
  const timer = setInterval(() => {
    beating = beating.then(beat).catch(() => undefined);
  }, PUSH_BEAT_MS);
  let outcome: PushOutcome;
  try {
    outcome = await push.send(messageId, note, targets, (now) => (sofar = now));
  } catch (error) {
    clearInterval(timer);
    await beating;
    // The provider's reason for an outage; for a failure of ours, the console's words (the cause goes to the log and the audit).
    const text = error instanceof PushOutage ? error.message : PUSH_TEXT.unexpected;
    await db
      .update(pushMessages)
      .set({ status: 'ERROR', error: text.slice(0, 500), totalMessages: 0, processedMessages: 0, successfulMessages: 0, failedMessages: 0, updatedAt: sql`now()` })
      .where(eq(pushMessages.id, messageId));
    await audit(db, { userId: actor.id, entity: 'push_message', entityId: messageId, action: 'send', detail: { status: 'ERROR', devices: targets.length, error: error instanceof PushOutage ? text : `${text} (${(error as Error).message})` } });
    if (!(error instanceof PushOutage)) throw error;
    return;
  }
  clearInterval(timer);
  await beating;
  await db.transaction(async (tx) => {
    const removed = await removeDeadTokens(tx, outcome.unregistered);
    await tx
      .update(pushMessages)
      .set({
        status: 'SENT',
        totalMessages: targets.length,
        processedMessages: targets.length,
        successfulMessages: outcome.delivered,
        failedMessages: outcome.failed,
        removedTokens: removed,
        updatedAt: sql`now()`,
      })
      .where(eq(pushMessages.id, messageId));
    await audit(tx, {
      userId: actor.id,
      entity: 'push_message',
      entityId: messageId,
      action: 'send',
      detail: { status: 'SENT', devices: targets.length, delivered: outcome.delivered, removedTokens: removed, failed: outcome.failed },
    });
  });
}

export interface NoticeOutcome {
  devices: number;
  delivered: number;
  removedTokens: number;
  failed: number;
}

/**
 * A notification to every device of one active Getter, outside the history; dead tokens are deleted
 * as the broadcast deletes them. A provider outage throws PushOutage and removes no token.
 */
export async function sendToGetter(db: Db, push: PushSender, userId: number, note: PushNote): Promise<NoticeOutcome> {
  const targets = await db
    .select({ token: deviceTokens.token, userId: deviceTokens.userId })
    .from(deviceTokens)
    .innerJoin(users, eq(users.id, deviceTokens.userId))
    .where(and(eq(deviceTokens.userId, userId), eq(users.rolId, ROLE.GETTER), eq(users.status, true)))
    .orderBy(deviceTokens.id);
  if (!targets.length) return { devices: 0, delivered: 0, removedTokens: 0, failed: 0 };
  const outcome = await push.send(null, note, targets);
  const removedTokens = await removeDeadTokens(db, outcome.unregistered);
  return { devices: targets.length, delivered: outcome.delivered, removedTokens, failed: outcome.failed };
}

/**
 * Notices sent after the answer, fire and forget: the action that starts one never waits for it and
 * never sees its failure, which is logged. `idle()` waits for those in flight (closing, tests).
 */
export class PushNotices {
  private readonly inFlight = new Set<Promise<void>>();

  constructor(
    readonly sender: PushSender,
    private readonly log: FastifyBaseLogger,
  ) {}

  /** Runs `job` once the caller has moved on; `context` names it in the log if it fails. */
  later(context: Record<string, unknown>, job: () => Promise<void>): void {
    const run: Promise<void> = Promise.resolve()
      .then(job)
      .catch((error: unknown) => this.log.warn({ ...context, err: error }, 'push notice failed'))
      .finally(() => this.inFlight.delete(run));
    this.inFlight.add(run);
  }

  async idle(): Promise<void> {
    while (this.inFlight.size) await Promise.all([...this.inFlight]);
  }
}

const noticesByDb = new WeakMap<Db, PushNotices>();

/** One notice queue (and one sender, with its FCM access token) per app. */
export function pushNoticesFor(app: { config: Config; db: Db; log: FastifyBaseLogger }): PushNotices {
  let notices = noticesByDb.get(app.db);
  if (!notices) {
    notices = new PushNotices(createPushSender(app), app.log);
    noticesByDb.set(app.db, notices);
  }
  return notices;
}
