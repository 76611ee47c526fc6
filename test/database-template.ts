// Before the test files of a tier: one migrated, empty database, the template that
// test/database.ts copies for every test database; removed after the last file, with the databases
// of catalogs made from it (createCatalogDatabase).
import type { TestProject } from 'vitest/node';
import { applyMigrations } from '../src/db/migrate.js';
import { createBlankDatabase, removeCatalogCopies, type ScratchDatabase } from './database.js';

interface Template extends ScratchDatabase {
  /** Tiers of this run using it. */
  tiers: number;
}

/**
 * Every tier's global setup runs in the vitest process with a copy of its own of the project's
 * modules, but one copy of the packages, the schema engine's Wasm glue among them: a second
 * engine instance there corrupts the first one's memory. So the first tier to start makes the
 * template, the others take it, and the last to finish removes it.
 */
const key = Symbol.for('test/database-template');
const shared = globalThis as { [key]?: Promise<Template> };

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  shared[key] ??= (async () => {
    const template = await createBlankDatabase();
    await applyMigrations(template.url);
    return { ...template, tiers: 0 };
  })();
  const template = await shared[key];
  template.tiers += 1;
  project.provide('databaseTemplate', template.url);
  return async () => {
    template.tiers -= 1;
    if (template.tiers > 0) return;
    delete shared[key];
    await removeCatalogCopies(template.url);
    await template.remove();
  };
}
