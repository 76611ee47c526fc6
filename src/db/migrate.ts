// Applies the committed migrations of the engine DATABASE_URL names. Runs on start and before
// every catalog import; idempotent and offline (Wasm schema engine).
//
// The engine takes SQLite in exclusive locking mode, which fails while any other process (a
// running server) has the file open. So it only runs when a migration is actually pending:
// the usual case, an up-to-date database, is answered by reading `_prisma_migrations`.
import { providerOf } from '../config.js';
import { createAdapter } from './database.js';
import { emptyMigrationList, noFilters, openEngine, readMigrations } from './schema-engine.js';

/** Names of the migrations recorded as applied, or null when the database has no record yet. */
async function appliedMigrationNames(databaseUrl: string): Promise<Set<string> | null> {
  const adapter = await createAdapter(databaseUrl).connect();
  try {
    const result = await adapter.queryRaw({
      sql: 'SELECT migration_name FROM _prisma_migrations WHERE finished_at IS NOT NULL AND rolled_back_at IS NULL',
      args: [],
      argTypes: [],
    });
    return new Set(result.rows.map((row) => String(row[0])));
  } catch {
    // No table yet (a new database) or no answer: the engine will tell which.
    return null;
  } finally {
    await adapter.dispose();
  }
}

export async function applyMigrations(databaseUrl: string): Promise<string[]> {
  const provider = providerOf(databaseUrl);
  const list = await readMigrations(provider);
  const applied = await appliedMigrationNames(databaseUrl);
  if (applied && list.migrationDirectories.every((directory) => applied.has(directory.path))) return [];

  const handle = await openEngine(provider, createAdapter(databaseUrl));
  try {
    // On a fresh database the engine's diagnostics fail until `_prisma_migrations` exists:
    // applying an empty list creates it.
    await handle.engine.applyMigrations({ migrationsList: emptyMigrationList(list), filters: noFilters });
    const { appliedMigrationNames } = await handle.engine.applyMigrations({ migrationsList: list, filters: noFilters });
    return appliedMigrationNames;
  } catch (error) {
    const explained = handle.explain(error);
    if (provider === 'sqlite' && /SocketTimeout|database is locked|SQLITE_BUSY/i.test(explained.message)) {
      throw new Error(
        `Migrations are pending but ${databaseUrl} is in use by another process; stop it (the server) and run again.`,
        { cause: error },
      );
    }
    throw explained;
  } finally {
    await handle.dispose();
  }
}
