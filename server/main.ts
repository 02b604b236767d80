import { join } from 'node:path';
import { buildApp } from './app';
import { startupBanner } from './banner';
import { loadConfig } from './config';
import { migrate, openDatabase } from './db/client';
import { databaseUnavailable } from './db/errors';
import { seedDemo } from './db/seed';
import { writeDemoFiles } from './db/seed/demoFiles';
import { seedReference } from './db/seed/reference';

const config = loadConfig();
const database = await openDatabase({ url: config.databaseUrl, dir: join(config.dataDir, 'db') });
try {
  await migrate(database);
} catch (error) {
  // The first statement the server runs: a database out of reach is said in a line, not a stack.
  if (!databaseUnavailable(error)) throw error;
  console.error(`No se pudo conectar con la base de datos (${redactedUrl(config.databaseUrl)}): ${(error as Error).message}`);
  await database.close().catch(() => undefined);
  process.exit(1);
}
const app = await buildApp({ config, db: database.db });
// Countries, states and cities are reference data: every installation has them.
await seedReference(database.db);
const seeded = config.seedDemo ? await seedDemo(database.db) : false;
// The demo moves' attachments live in the file store; written when missing.
if (config.seedDemo) await writeDemoFiles(config.dataDir);
if (seeded) app.log.info('demo data seeded');

await app.listen({ port: config.port, host: config.host });
for (const line of startupBanner(config)) console.log(line);

/** The database's address without its password, for a message. */
function redactedUrl(url: string | undefined): string {
  if (!url) return 'PGlite';
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = '***';
    return parsed.toString();
  } catch {
    return 'DATABASE_URL';
  }
}

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, async () => {
    await app.close();
    await database.close();
    process.exit(0);
  });
}
