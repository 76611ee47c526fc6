// npm run catalog:import -- <file.json>: applies pending migrations, then loads the document
// into DATABASE_URL. Exit 0 with what was inserted/updated; exit 1 with every problem.
import { readFile } from 'node:fs/promises';
import { loadConfig } from '../config.js';
import { openDatabase } from '../db/database.js';
import { applyMigrations } from '../db/migrate.js';
import { CatalogValidationError, formatReport, importCatalog } from './import.js';

async function main(): Promise<number> {
  const file = process.argv[2];
  if (!file) {
    console.error('usage: npm run catalog:import -- <catalog.json>');
    return 2;
  }
  let raw: unknown;
  try {
    raw = JSON.parse(await readFile(file, 'utf8'));
  } catch (error) {
    console.error(`${file}: ${error instanceof Error ? error.message : String(error)}`);
    return 1;
  }
  const config = loadConfig();
  await applyMigrations(config.databaseUrl);
  const database = await openDatabase(config.databaseUrl);
  try {
    const report = await importCatalog(database.db, raw);
    console.log(`Imported ${file}\n${formatReport(report)}`);
    return 0;
  } catch (error) {
    if (error instanceof CatalogValidationError) {
      console.error(`${file}: nothing was imported.\n${error.message}`);
      return 1;
    }
    throw error;
  } finally {
    await database.close();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  },
);
