import { join } from 'node:path';
import { buildApp } from './app';
import { loadConfig } from './config';
import { migrate, openDatabase } from './db/client';
import { DEMO_LOGINS, DEMO_PASSWORD, seedDemo } from './db/seed';
import { writeDemoFiles } from './db/seed/demoFiles';
import { seedReference } from './db/seed/reference';

const config = loadConfig();
const database = await openDatabase({ url: config.databaseUrl, dir: join(config.dataDir, 'db') });
await migrate(database);
const app = await buildApp({ config, db: database.db });
// Countries, states and cities are reference data: every installation has them.
await seedReference(database.db);
const seeded = config.seedDemo ? await seedDemo(database.db) : false;
// The demo moves' attachments live in the file store; written when missing.
if (config.seedDemo) await writeDemoFiles(config.dataDir);
if (seeded) app.log.info('demo data seeded');

await app.listen({ port: config.port, host: config.host });
const where = config.databaseUrl ? 'PostgreSQL' : `PGlite (${join(config.dataDir, 'db')})`;
console.log(`\nCampo en http://localhost:${config.port}  ·  API en /api  ·  OpenAPI en /api/docs  ·  base: ${where}`);
console.log(`Usuarios de demostración (contraseña ${DEMO_PASSWORD}):`);
for (const u of DEMO_LOGINS) console.log(`  ${u.email.padEnd(26)} rol ${u.role ?? 'sin rol (Plataform)'}`);

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, async () => {
    await app.close();
    await database.close();
    process.exit(0);
  });
}
