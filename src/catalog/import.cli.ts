// npm run catalog:import -- <file.json>: applies pending migrations, then loads the document
// into DATABASE_URL. Exit 0 with what was inserted/updated; exit 1 with every problem.
import { readFile } from 'node:fs/promises';
import { pathToFileURL } from 'node:url';
import { loadConfig } from '../config.js';
import { openDatabase } from '../db/database.js';
import { applyMigrations } from '../db/migrate.js';
import { CatalogValidationError, formatReport, importCatalog } from './import.js';

export interface CommandIo {
  out(text: string): void;
  err(text: string): void;
}

/** The whole command, callable in process (tests) as well as from the shell. Returns the exit code. */
export async function runImportCommand(args: string[], env: Record<string, string | undefined>, io: CommandIo): Promise<number> {
  const file = args[0];
  if (!file) {
    io.err('usage: npm run catalog:import -- <catalog.json>');
    return 2;
  }
  let raw: unknown;
  try {
    raw = JSON.parse(await readFile(file, 'utf8'));
  } catch (error) {
    io.err(`${file}: ${error instanceof Error ? error.message : String(error)}`);
    return 1;
  }
  const config = loadConfig(env);
  await applyMigrations(config.databaseUrl);
  const database = await openDatabase(config.databaseUrl);
  try {
    const report = await importCatalog(database.db, raw);
    io.out(`Imported ${file}\n${formatReport(report)}`);
    return 0;
  } catch (error) {
    if (error instanceof CatalogValidationError) {
      io.err(`${file}: nothing was imported.\n${error.message}`);
      return 1;
    }
    throw error;
  } finally {
    await database.close();
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  runImportCommand(process.argv.slice(2), process.env, { out: console.log, err: console.error }).then(
    // The migration engine may leave a timer behind: leave explicitly.
    (code) => process.exit(code),
    (error: unknown) => {
      console.error(error instanceof Error ? error.message : error);
      process.exit(1);
    },
  );
}
