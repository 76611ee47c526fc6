// npm run catalog:import -- <file.json>: applies pending migrations, then loads the document
// into DATABASE_URL, streamed (the file is never parsed whole). Exit 0 with what was
// inserted/updated; exit 1 with every problem (nothing written) or when the file is not JSON.
import { stat } from 'node:fs/promises';
import { pathToFileURL } from 'node:url';
import { loadConfig } from '../../config.js';
import { openDatabase } from '../../db/database.js';
import { applyMigrations } from '../../db/migrate.js';
import {
  CatalogSyntaxError,
  CatalogValidationError,
  formatReport,
  importCatalogFile,
  type FileImportOptions,
} from './importer.js';

export interface CommandIo {
  out(text: string): void;
  err(text: string): void;
}

/** The whole command, callable in process (tests) as well as from the shell. Returns the exit code. */
export async function runImportCommand(
  args: string[],
  env: Record<string, string | undefined>,
  io: CommandIo,
  options: FileImportOptions = {},
): Promise<number> {
  // --batch-size N: rows per batch (default 1000); --full: read the file even when it is the last import's.
  const sizeAt = args.indexOf('--batch-size');
  const batchSize = sizeAt === -1 ? undefined : Number(args[sizeAt + 1]);
  const rest = args.filter((_arg, index) => sizeAt === -1 || (index !== sizeAt && index !== sizeAt + 1));
  const full = rest.includes('--full');
  const files = rest.filter((arg) => arg !== '--full');
  const file = files[0];
  if (!file || files.length > 1 || (batchSize !== undefined && !(Number.isInteger(batchSize) && batchSize > 0))) {
    io.err('usage: npm run catalog:import -- <catalog.json> [--batch-size N] [--full]');
    return 2;
  }
  if (batchSize !== undefined) options = { ...options, batchSize };
  if (full) options = { ...options, full };
  try {
    if (!(await stat(file)).isFile()) throw new Error('not a file');
  } catch (error) {
    io.err(`${file}: ${error instanceof Error ? error.message : String(error)}`);
    return 1;
  }
  const config = loadConfig(env);
  await applyMigrations(config.databaseUrl);
  const database = await openDatabase(config.databaseUrl);
  try {
    const report = await importCatalogFile(database.db, file, options);
    io.out(`Imported ${file}\n${formatReport(report)}`);
    return 0;
  } catch (error) {
    if (error instanceof CatalogValidationError) {
      io.err(`${file}: nothing was imported.\n${error.message}`);
      return 1;
    }
    if (error instanceof CatalogSyntaxError) {
      io.err(`${file}: nothing was imported: ${error.message}`);
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
