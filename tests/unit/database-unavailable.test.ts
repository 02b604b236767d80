import { describe, expect, it } from 'vitest';
import { isRead } from '../../server/db/client';
import { connectionLost, databaseUnavailable, neverHappened } from '../../server/db/errors';
import { CONCURRENT_CHANGE, errorHandler, KEY_CONFLICT, UNSTORABLE_TEXT, VALUE_TOO_LARGE } from '../../server/http';

/** What is "the database is not there" (a 503 to retry) and what is a bug or a bad request (not). */
describe('databaseUnavailable', () => {
  const wrapped = (cause: unknown) => Object.assign(new Error('Failed query: select 1'), { cause });

  it('is true for a database down, restarting, cut off or out of reach, under drizzle\'s wrapper too', () => {
    for (const code of ['57P01', '57P02', '57P03', '08006', '08001', '08003', '53300', '53200', 'ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'ENOTFOUND']) {
      expect(databaseUnavailable(Object.assign(new Error('x'), { code })), code).toBe(true);
      expect(databaseUnavailable(wrapped(Object.assign(new Error('x'), { code }))), code).toBe(true);
    }
    for (const message of ['Connection terminated unexpectedly', 'Connection terminated due to connection timeout', 'timeout exceeded when trying to connect', 'Client has encountered a connection error and is not queryable', 'Client was closed and is not queryable']) {
      expect(databaseUnavailable(wrapped(new Error(message))), message).toBe(true);
    }
  });

  it('is false for the errors that are the request\'s or the program\'s', () => {
    for (const code of ['23505', '22P02', '2201B', '42P01', '40001', '55000', '0800', 'E08006', '5330']) {
      expect(databaseUnavailable(wrapped(Object.assign(new Error('x'), { code }))), code).toBe(false);
    }
    expect(databaseUnavailable(new TypeError("Cannot read properties of undefined (reading 'id')"))).toBe(false);
    expect(databaseUnavailable(new Error('Cannot use a pool after calling end on the pool'))).toBe(false);
    expect(databaseUnavailable(undefined)).toBe(false);
  });
});

/** Which lost statements run again (server/db/client.ts): any that never happened, and a read however it went. */
describe('connectionLost, neverHappened and isRead', () => {
  const wrapped = (cause: unknown) => Object.assign(new Error('Failed query: select 1'), { cause });

  it('a connection that went under the statement, with or without PostgreSQL\'s word, is lost; one never opened is not', () => {
    for (const cause of [Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' }), new Error('Connection terminated unexpectedly'), Object.assign(new Error('read ECONNRESET'), { code: 'ECONNRESET' }), Object.assign(new Error('write EPIPE'), { code: 'EPIPE' }), new Error('Client has encountered a connection error and is not queryable')]) {
      expect(connectionLost(wrapped(cause)), cause.message).toBe(true);
    }
    // pg-pool's give-up after its wait wraps pg's own words for the socket it destroyed.
    const timedOut = new Error('Connection terminated due to connection timeout', { cause: new Error('Connection terminated unexpectedly') });
    expect(connectionLost(wrapped(timedOut))).toBe(false);
    for (const cause of [Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' }), new Error('Connection terminated due to connection timeout'), new Error('timeout exceeded when trying to connect'), Object.assign(new Error('the database system is starting up'), { code: '57P03' }), Object.assign(new Error('duplicate key'), { code: '23505' }), new Error('Connection terminated')]) {
      expect(connectionLost(wrapped(cause)), cause.message).toBe(false);
    }
  });

  it('only PostgreSQL\'s word that it ended the backend, or a statement never sent, says it never happened', () => {
    expect(neverHappened(wrapped(Object.assign(new Error('x'), { code: '57P01' })))).toBe(true);
    expect(neverHappened(wrapped(new Error('Client was closed and is not queryable')))).toBe(true);
    expect(neverHappened(wrapped(new Error('Connection terminated unexpectedly')))).toBe(false);
    expect(neverHappened(wrapped(Object.assign(new Error('x'), { code: 'ECONNRESET' })))).toBe(false);
  });

  it('a SELECT that locks, takes a sequence value or touches the session is not a read; drizzle\'s query configs are read by their text', () => {
    for (const text of ['select "id", "name" from "clients" where "id" = $1', '  SELECT 1', '(select 1) union (select 2)', 'with page as materialized (select id from visits limit 10) select * from campo_stock_rows(array(select id from page), array[]::int[])', { text: 'select * from projects limit $1', values: [20], rowMode: 'array' }]) {
      expect(isRead(text), JSON.stringify(text)).toBe(true);
    }
    for (const text of ['insert into tags (name) values ($1)', 'update clients set name = $1', 'delete from sessions', 'with moved as (update user_moves set status = $1 returning id) select * from moved', 'select * from user_moves where id = $1 for update', 'select id from places for no key update', 'select id from places for share', 'select nextval(pg_get_serial_sequence(\'guidelines\', \'id\'))', 'select pg_advisory_lock($1)', 'select pg_try_advisory_xact_lock($1)', "select set_config('x', '1', false)", 'with gone as (delete from sessions where id = $1 returning id) select count(*) from gone', 'with s as (select 1) insert into tags (name) select * from s', 'select campo_person_words_write(0, 10)', { text: 'insert into tags values ($1)' }, undefined, null, 42]) {
      expect(isRead(text), JSON.stringify(text)).toBe(false);
    }
  });
});

/** A request PostgreSQL cancelled because another changed the same rows at once: a 409 to try again, not a 500. */
describe('errorHandler and a concurrent change', () => {
  const wrapped = (cause: unknown) => Object.assign(new Error('Failed query: update user_moves …'), { cause });
  const answer = (error: unknown) => {
    const sent: { status?: number; body?: unknown } = {};
    const reply = {
      status(code: number) {
        sent.status = code;
        return reply;
      },
      header() {
        return reply;
      },
      send(body: unknown) {
        sent.body = body;
        return reply;
      },
    };
    const log = { warn: () => undefined, error: () => undefined };
    errorHandler(error as never, { log } as never, reply as never);
    return sent;
  };

  it('answers a deadlock or a serialization failure with 409 and the Spanish message; any other error stays a 500', () => {
    for (const code of ['40P01', '40001']) expect(answer(wrapped(Object.assign(new Error('deadlock detected'), { code }))), code).toEqual({ status: 409, body: { message: CONCURRENT_CHANGE } });
    expect(answer(wrapped(Object.assign(new Error('x'), { code: '22P02' }))).status).toBe(500);
    expect(answer(new Error('x')).status).toBe(500);
  });

  it('answers a foreign or unique key a route does not answer itself (something removed or saved meanwhile) with 409', () => {
    for (const code of ['23503', '23505']) expect(answer(wrapped(Object.assign(new Error('violates constraint'), { code }))), code).toEqual({ status: 409, body: { message: KEY_CONFLICT } });
  });

  it('answers a value too large for an index entry (one no route limited) with 400, not a 500', () => {
    const tooLarge = Object.assign(new Error('index row size 3016 exceeds btree version 4 maximum 2704'), { code: '54000' });
    expect(answer(wrapped(tooLarge))).toEqual({ status: 400, body: { message: VALUE_TOO_LARGE } });
  });

  it('answers a text the database cannot store (a NUL no check saw) with 400, not a 500', () => {
    for (const code of ['22021', '22P05']) {
      const nul = Object.assign(new Error('invalid byte sequence for encoding "UTF8": 0x00'), { code });
      expect(answer(wrapped(nul)), code).toEqual({ status: 400, body: { message: UNSTORABLE_TEXT } });
    }
  });
});
