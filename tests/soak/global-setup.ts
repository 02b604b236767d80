/**
 * One migrated and seeded database for the whole soak run: a real server (server/main.ts) migrates and seeds
 * it once and stops; each suite's database is a copy (`freshDatabase`, CREATE DATABASE … TEMPLATE). Seeding
 * took ~4.5 s of each suite's first server start, four times a run.
 */
import type { TestProject } from 'vitest/node';
import { adminQuery, databaseUrl, quoteIdent } from '../api/pg-admin';
import { adminUrl, startServer } from './server';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The seeded database the suites copy. */
    soakTemplate: string;
  }
}

export default async function setup(project: TestProject) {
  const url = adminUrl();
  const template = `campo_soak_tpl_${process.pid}`;
  const drop = () => adminQuery(url, `DROP DATABASE IF EXISTS ${quoteIdent(template)} WITH (FORCE)`);
  await drop();
  await adminQuery(url, `CREATE DATABASE ${quoteIdent(template)}`);
  try {
    const server = await startServer({ databaseUrl: databaseUrl(url, template) });
    await server.stop();
  } catch (error) {
    await drop();
    throw error;
  }
  project.provide('soakTemplate', template);
  return async () => {
    await drop();
  };
}
