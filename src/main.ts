// Entry point: config → migrations → database → demo seed → buildApp → listen, and a graceful
// shutdown on SIGTERM/SIGINT that lets in-flight requests finish.
import 'reflect-metadata';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { loadConfig } from './config.js';
import { openDatabase } from './db/database.js';
import { applyMigrations } from './db/migrate.js';
import { projectRoot } from './db/schema-engine.js';
import { buildApp } from './app.js';
import { CatalogRepository } from './catalog/catalog.repository.js';
import { formatReport, importCatalog } from './catalog/import.js';

async function main(): Promise<void> {
  const config = loadConfig();
  const applied = await applyMigrations(config.databaseUrl);
  const database = await openDatabase(config.databaseUrl);
  const app = await buildApp(config, database);
  if (applied.length > 0) app.log.info({ migrations: applied }, 'applied migrations');

  if (config.seedDemo && (await new CatalogRepository(database.db).isEmpty())) {
    const file = join(projectRoot, 'prisma', 'seed', 'demo-catalog.json');
    const report = await importCatalog(database.db, JSON.parse(await readFile(file, 'utf8')));
    app.log.info(`catalog was empty: loaded the demo catalog\n${formatReport(report)}`);
  }

  let closing = false;
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info(`${signal}: finishing in-flight requests`);
    app
      .close()
      .then(() => database.close())
      .then(
        () => process.exit(0),
        (error: unknown) => {
          app.log.error({ err: error }, 'shutdown failed');
          process.exit(1);
        },
      );
  };
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  process.on('SIGINT', () => shutdown('SIGINT'));

  await app.listen({ host: config.host, port: config.port });
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? (error.stack ?? error.message) : error);
  process.exit(1);
});
