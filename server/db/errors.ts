/**
 * What a database error says, read through the wrappers around it (drizzle wraps the driver's error in
 * `cause`): its SQLSTATE, whether the database is out of reach, whether the statement never happened.
 */

/** The error and the causes under it, outermost first (a few levels: wrappers, not a story). */
function* errorChain(error: unknown): Generator<{ code?: unknown; message?: unknown }> {
  for (let e = error as { code?: unknown; message?: unknown; cause?: unknown } | undefined, depth = 0; e && depth < 4; e = e.cause as typeof e, depth++) yield e;
}

const SQLSTATE = /^[0-9A-Z]{5}$/;

/** The PostgreSQL error code (SQLSTATE) under a driver's wrapper. */
export function pgErrorCode(error: unknown): string | undefined {
  for (const e of errorChain(error)) if (typeof e.code === 'string' && SQLSTATE.test(e.code)) return e.code;
  return undefined;
}

/**
 * PostgreSQL refuses to run a kept (named) statement whose columns' types changed under it: a migration that
 * altered a column it reads, applied by a newer instance while this one serves. Every later execution on each
 * connection that keeps it fails the same way; the statement's maker runs it unnamed from then on
 * (server/db/prepared.ts).
 */
export function planOutdated(error: unknown): boolean {
  // Told by the routine that raises it, which PostgreSQL never translates (its message is in the server's
  // `lc_messages`: Spanish on a server set up in Spanish); 0A000 alone is any unsupported feature.
  for (const e of errorChain(error)) if (e.code === '0A000' && (e as { routine?: unknown }).routine === 'RevalidateCachedQuery') return true;
  return false;
}

/** The constraint a PostgreSQL error names (a unique index, a foreign key), under a driver's wrapper. */
export function pgConstraint(error: unknown): string | undefined {
  for (const e of errorChain(error)) {
    const constraint = (e as { constraint?: unknown }).constraint;
    if (typeof constraint === 'string') return constraint;
  }
  return undefined;
}

/** Socket errors of a database that cannot be reached, and node-postgres's words for a connection it lost. */
const UNREACHABLE = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'EHOSTUNREACH', 'ENETUNREACH', 'ENOTFOUND', 'EAI_AGAIN']);
const LOST_CONNECTION = /^(Connection terminated|Client has encountered a connection error|Client was closed and is not queryable|timeout exceeded when trying to connect)/;

/**
 * PostgreSQL is down, restarting, cut off or out of resources (SQLSTATE classes 08 and 53, 57P01–57P03,
 * a refused socket): not the request's fault nor a bug, and worth trying again in a moment.
 */
export function databaseUnavailable(error: unknown): boolean {
  for (const e of errorChain(error)) {
    const code = typeof e.code === 'string' ? e.code : '';
    // 08: the connection failed; 53: PostgreSQL out of connections, memory or disk.
    if ((code.startsWith('08') || code.startsWith('53')) && SQLSTATE.test(code)) return true;
    if (code === '57P01' || code === '57P02' || code === '57P03' || UNREACHABLE.has(code)) return true;
    if (typeof e.message === 'string' && LOST_CONNECTION.test(e.message)) return true;
  }
  return false;
}

/**
 * PostgreSQL ended the backend (57P01: an administrator's pg_terminate_backend, a restart, a failover)
 * before the statement finished. The FATAL is raised only where the backend checks for interrupts, never
 * inside a commit, and it aborts the transaction: the statement did not happen, so running it again is
 * safe, reads and writes alike. (A commit that finished first answers ReadyForQuery before the FATAL: the
 * statement succeeds.) A crash (57P02) comes as a notice and a cut connection, 'Connection terminated
 * unexpectedly', which is not retried: there the statement may have happened.
 */
const CLOSED_BACKEND = '57P01';
/** node-postgres refusing a statement on a client it knows is broken or closed: nothing was sent. */
const NOT_SENT = /^Client (has encountered a connection error|was closed) and is not queryable$/;

/** The statement did not happen: its backend was ended under it, or it never left (a dead client). */
export function neverHappened(error: unknown): boolean {
  for (const e of errorChain(error)) {
    if (e.code === CLOSED_BACKEND || (typeof e.message === 'string' && NOT_SENT.test(e.message))) return true;
  }
  return false;
}

/**
 * The connection went while a statement was out, whoever ended it: PostgreSQL's word that it ended the
 * backend (57P01), or no word at all, the socket closed or reset under the statement ('Connection
 * terminated unexpectedly', ECONNRESET, EPIPE). A backend ended while it is blocked sending a result to a
 * slow reader dies without a word (PostgreSQL's ProcessClientWriteInterrupt), as one behind a proxy that
 * drops the line does. Whether the statement happened is unknown: only a read may run again (client.ts).
 * Never a connection that could not be opened (refused, or given up after the pool's wait, which pg-pool
 * reports as 'Connection terminated due to connection timeout' over pg's 'Connection terminated
 * unexpectedly'): the database is not there, and trying again at once would only wait again.
 */
export function connectionLost(error: unknown): boolean {
  const chain = [...errorChain(error)];
  if (chain.some((e) => typeof e.message === 'string' && NOT_OPENED.test(e.message))) return false;
  return neverHappened(error) || chain.some((e) => e.code === 'ECONNRESET' || e.code === 'EPIPE' || e.message === 'Connection terminated unexpectedly');
}
/** pg-pool's words for a connection it gave up opening, or a free one it gave up waiting for. */
const NOT_OPENED = /^(Connection terminated due to connection timeout|timeout exceeded when trying to connect)/;
