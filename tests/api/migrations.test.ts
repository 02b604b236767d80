/**
 * Migrating one PostgreSQL database from two server processes started together (two instances behind
 * a balancer): the second waits for the first's session lock and finds nothing left to apply. Needs
 * PostgreSQL: TEST_DATABASE_URL's server or a local one (tests/api/pg-admin.ts `postgresServer`).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, inject, test } from 'vitest';
import { migrate, migrationsFolder, openDatabase } from '../../server/db/client';
import { adminQuery, databaseUrl, quoteIdent } from './pg-admin';

const server = inject('postgresServer');
const name = `campo_migrate_twice_${process.pid}`;

describe.skipIf(!server)('migrations', () => {
  afterAll(async () => {
    await adminQuery(server!, `drop database if exists ${quoteIdent(name)} with (force)`);
  });

  test('two instances migrating one new database at once both start, and every migration is applied once', async () => {
    await adminQuery(server!, `drop database if exists ${quoteIdent(name)} with (force)`);
    await adminQuery(server!, `create database ${quoteIdent(name)}`);
    const url = databaseUrl(server!, name);
    const [a, b] = await Promise.all([openDatabase({ url }), openDatabase({ url })]);
    try {
      await Promise.all([migrate(a), migrate(b)]);
    } finally {
      await Promise.all([a.close(), b.close()]);
    }
    const journal = JSON.parse(readFileSync(join(migrationsFolder, 'meta', '_journal.json'), 'utf8')) as { entries: unknown[] };
    const [{ n }] = await adminQuery<{ n: number }>(databaseUrl(server!, name), 'select count(*)::int as n from drizzle.__drizzle_migrations');
    expect(n).toBe(journal.entries.length);
    const [{ triggers }] = await adminQuery<{ triggers: number }>(databaseUrl(server!, name), `select count(*)::int as triggers from pg_trigger where tgname = 'user_moves_sort_keys'`);
    expect(triggers).toBe(1);
  });
});
