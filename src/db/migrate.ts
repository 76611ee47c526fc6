// Applies the committed migrations of the engine DATABASE_URL names. Runs on start and before
// every catalog import; idempotent, offline (Wasm schema engine), and serialized by the engine's
// own advisory lock on PostgreSQL.
import { providerOf } from '../config.js';
import { createAdapter } from './database.js';
import { emptyMigrationList, noFilters, openEngine, readMigrations } from './schema-engine.js';

export async function applyMigrations(databaseUrl: string): Promise<string[]> {
  const provider = providerOf(databaseUrl);
  const handle = await openEngine(provider, createAdapter(databaseUrl));
  try {
    const list = await readMigrations(provider);
    // On a fresh database the engine's diagnostics fail until `_prisma_migrations` exists:
    // applying an empty list creates it.
    await handle.engine.applyMigrations({ migrationsList: emptyMigrationList(list), filters: noFilters });
    const { appliedMigrationNames } = await handle.engine.applyMigrations({ migrationsList: list, filters: noFilters });
    return appliedMigrationNames;
  } catch (error) {
    throw handle.explain(error);
  } finally {
    await handle.dispose();
  }
}
