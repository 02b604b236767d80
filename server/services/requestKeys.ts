/**
 * Writes that must not happen twice when the console sends them again (its answer was lost: a timeout,
 * a dropped connection, a proxy's 502, while the server went on and committed). The console sends the
 * same `Idempotency-Key` header with the same body on a retry (src/dataProvider/requestKey.ts); the
 * route runs its write through `once`, which records the key and the answer in the write's own
 * transaction:
 *
 * - a key never seen: the write runs, and its answer is kept with the key (a day: each keyed write
 *   removes a few keys past theirs);
 * - a key already committed, same route and body: the first answer again, nothing written;
 * - the same key at the same moment: the second waits on the first's key (its primary key) and then
 *   answers what the first did, or, if the first failed (nothing committed), runs itself;
 * - the same key with another body or route: 422, nothing written;
 * - no key: the write runs as it always did.
 */
import { createHash, createHmac } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { type Db, rowsOf, type Tx } from '../db/client';
import { requestKeys } from '../db/schema';
import { HttpError } from '../http';

export const REQUEST_KEY_HEADER = 'idempotency-key';

export const REQUEST_KEY_TEXT = {
  invalid: 'La clave del pedido (Idempotency-Key) no es válida: debe tener de 8 a 100 letras sin acentos, números o guiones.',
  reused: 'La clave del pedido (Idempotency-Key) ya se usó con otros datos: no se hizo nada. Vuelva a cargar la página e intente nuevamente.',
} as const;

const KEY = /^[A-Za-z0-9_-]{8,100}$/;

/** How long a key answers for itself: a retry comes within seconds; a day covers a laptop closed overnight. */
export const REQUEST_KEY_TTL = '1 day';
/** Keys past their day removed by each keyed write: more than are made by one, so the table does not grow. */
const SWEEP = 20;

/** The header as the OpenAPI document shows it on the routes that honour it (other headers pass untouched). */
export const requestKeyHeaders = z.looseObject({
  [REQUEST_KEY_HEADER]: z
    .string()
    .optional()
    .describe('Opcional. La misma clave con los mismos datos (el reintento de un pedido cuya respuesta se perdió) devuelve la primera respuesta sin repetir la operación; con otros datos, 422.'),
});

/** The request's key, or none; a malformed one is refused before anything is written. */
export function requestKeyOf(req: FastifyRequest): string | null {
  const raw = req.headers[REQUEST_KEY_HEADER];
  if (raw === undefined) return null;
  if (typeof raw !== 'string' || !KEY.test(raw)) throw new HttpError(400, REQUEST_KEY_TEXT.invalid);
  return raw;
}

function hashOf(body: unknown): string {
  return createHash('sha256')
    .update(JSON.stringify(body ?? null))
    .digest('hex');
}

export interface Once<T> {
  answer: T;
  /** True when the answer is the first request's, and nothing ran now. */
  replayed: boolean;
}

/**
 * Runs `write` once per key of the request's user, inside `tx` (the write's transaction). `compared`: what
 * a retry must repeat, the request's body unless the route says otherwise (one with a password hands it
 * sealed: its hash is kept a day).
 */
export async function once<T>(tx: Tx, req: FastifyRequest, write: () => Promise<T>, compared: unknown = req.body): Promise<Once<T>> {
  const key = requestKeyOf(req);
  if (key === null) return { answer: await write(), replayed: false };
  const userId = req.session.id;
  // The address as called, not the route's pattern: the same key and body for another id (PUT
  // /features/:id) is another write, refused, not the first one's answer.
  const request = `${req.method} ${req.url}`;
  const bodyHash = hashOf(compared);
  // Keys past their day go, a few at each keyed write (by their date's index), skipping any another
  // request holds: no write waits on another's sweep.
  await tx.execute(sql`delete from ${requestKeys} where (user_id, key) in (
    select user_id, key from ${requestKeys} where created_at < now() - ${REQUEST_KEY_TTL}::interval order by created_at limit ${SWEEP} for update skip locked)`);
  for (;;) {
    // A key of the same user at the same moment waits here (the primary key) until the first commits or fails.
    const claimed = await rowsOf<{ key: string }>(
      tx,
      sql`insert into ${requestKeys} (user_id, key, request, body_hash) values (${userId}, ${key}, ${request}, ${bodyHash})
          on conflict (user_id, key) do nothing returning key`,
    );
    if (claimed.length) break;
    const [first] = await rowsOf<{ request: string; body_hash: string; answer: T; expired: boolean }>(
      tx,
      sql`select request, body_hash, answer, created_at < now() - ${REQUEST_KEY_TTL}::interval as expired from ${requestKeys} where user_id = ${userId} and key = ${key} for update`,
    );
    // Gone meanwhile (swept by another request), or past its day and not swept yet: the key is taken anew.
    if (!first) continue;
    if (first.expired) {
      await tx.execute(sql`delete from ${requestKeys} where user_id = ${userId} and key = ${key}`);
      continue;
    }
    if (first.request !== request || first.body_hash !== bodyHash) throw new HttpError(422, REQUEST_KEY_TEXT.reused);
    return { answer: first.answer, replayed: true };
  }
  const answer = await write();
  await tx.execute(
    sql`update ${requestKeys} set answer = ${JSON.stringify(answer ?? null)}::jsonb where user_id = ${userId} and key = ${key}`,
  );
  return { answer, replayed: false };
}

/**
 * A write's whole transaction run through `once`: the answer it gives, or, for the retry of a write that
 * committed (the same key and body), the first one's. The edit forms send their key too: a 'Guardar'
 * whose answer was lost but which saved, pressed again, is told it saved, where its loaded `updatedAt`,
 * replaced by its own first save, got the 409 "modificado en otra pestaña".
 */
export function onceInTransaction<T>(db: Db, req: FastifyRequest, write: (tx: Tx) => Promise<T>, compared: unknown = req.body): Promise<T> {
  return db.transaction(async (tx) => (await once(tx, req, () => write(tx), compared)).answer);
}

/**
 * A secret of the body (a new password) as a retry compares it: an HMAC under the server's secret, so
 * the request key's hash, kept a day, cannot be tried against guessed passwords without that secret.
 */
export function sealed(secret: string, value: string): string {
  // A key of its own drawn from the secret, not the tokens' signing key itself.
  const key = createHmac('sha256', secret).update('campo:request-keys').digest();
  return createHmac('sha256', key).update(value).digest('hex');
}
