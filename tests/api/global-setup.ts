/**
 * Prepares one migrated, seeded template database per run; every test file copies it
 * (tests/api/helpers.ts) instead of migrating and seeding on its own.
 *
 * - TEST_DATABASE_URL set: a PostgreSQL template database `campo_tpl_<pid>`; files create
 *   `campo_t_<pid>_<random>` from it with CREATE DATABASE … TEMPLATE. Databases left by runs
 *   that were killed before their teardown (their pid no longer runs) are dropped first.
 * - Otherwise: an in-memory PGlite dumped to a tarball in the temp directory; files load it.
 */
import { randomBytes } from 'node:crypto';
import { rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { createPglite, migrate, openDatabase } from '../../server/db/client';
import { seedDemo } from '../../server/db/seed';
import { adminQuery, databaseUrl, postgresServer, quoteIdent } from './pg-admin';

export type TestDatabaseSource =
  | { kind: 'postgres'; url: string; template: string; prefix: string }
  | { kind: 'pglite'; dump: string };

declare module 'vitest' {
  export interface ProvidedContext {
    campoDatabase: TestDatabaseSource;
    /** A PostgreSQL server for the suites that need one (`postgresServer`), or null. */
    postgresServer: string | null;
  }
}

/** Whether the process that named a database after its pid is still running. */
function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Databases of earlier runs that died before their teardown (their pid is gone). */
async function dropStaleDatabases(url: string) {
  const rows = await adminQuery<{ datname: string }>(url, "SELECT datname FROM pg_database WHERE datname ~ '^campo_(tpl|t)_[0-9]+'");
  for (const { datname } of rows) {
    const pid = Number(/^campo_(?:tpl|t)_(\d+)/.exec(datname)![1]);
    if (pid !== process.pid && !alive(pid)) await adminQuery(url, `DROP DATABASE IF EXISTS ${quoteIdent(datname)} WITH (FORCE)`);
  }
}

export default async function setup(project: TestProject) {
  const server = await postgresServer();
  if (!server) console.warn('Sin PostgreSQL (TEST_DATABASE_URL ni 127.0.0.1:5432): se saltean las pruebas que sólo corren en PostgreSQL.');
  project.provide('postgresServer', server);
  const url = process.env.TEST_DATABASE_URL;
  if (url) {
    const template = `campo_tpl_${process.pid}`;
    const prefix = `campo_t_${process.pid}_`;
    await dropStaleDatabases(url);
    await adminQuery(url, `DROP DATABASE IF EXISTS ${quoteIdent(template)} WITH (FORCE)`);
    await adminQuery(url, `CREATE DATABASE ${quoteIdent(template)}`);
    const database = await openDatabase({ url: databaseUrl(url, template) });
    try {
      await migrate(database);
      await seedDemo(database.db);
    } finally {
      await database.close();
    }
    project.provide('campoDatabase', { kind: 'postgres', url, template, prefix });
    return async () => {
      const leftovers = await adminQuery<{ datname: string }>(url, 'SELECT datname FROM pg_database WHERE starts_with(datname, $1)', [prefix]);
      for (const { datname } of leftovers) await adminQuery(url, `DROP DATABASE IF EXISTS ${quoteIdent(datname)} WITH (FORCE)`);
      await adminQuery(url, `DROP DATABASE IF EXISTS ${quoteIdent(template)} WITH (FORCE)`);
    };
  }

  const pglite = await createPglite();
  const database = await openDatabase({ pglite });
  let dump: string;
  try {
    await migrate(database);
    await seedDemo(database.db);
    const tarball = await pglite.dumpDataDir('none');
    dump = join(tmpdir(), `campo-api-template-${process.pid}-${randomBytes(4).toString('hex')}.tar`);
    writeFileSync(dump, Buffer.from(await tarball.arrayBuffer()));
  } finally {
    await database.close();
  }
  project.provide('campoDatabase', { kind: 'pglite', dump });
  return () => rmSync(dump, { force: true });
}
