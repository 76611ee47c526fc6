// The demo seed (SEED_DEMO), run by server.ts before it is ready: into an empty catalog, the demo
// catalog (prisma/seed/demo-catalog.json, through the catalog import) and then the demo stores'
// discounts (prisma/seed/demo-discounts.json, each made as the admin API makes one, with the same
// checks), so that the code the README gives works on the demo storefront.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Db } from './db/database.js';
import { projectRoot } from './paths.js';
import { CatalogRepository } from './catalog/catalog.repository.js';
import { importCatalog } from './catalog/import/importer.js';
import type { ImportReport } from './catalog/import/report.js';
import { DiscountRepository } from './discounts/discount.repository.js';
import { DiscountService } from './discounts/discount.service.js';
import type { Discount, DiscountInput } from './discounts/discount.model.js';

const seedFolder = join(projectRoot, 'prisma', 'seed');

/** What the demo seed loaded. */
export interface DemoSeed {
  catalog: ImportReport;
  discounts: Discount[];
}

/** A JSON file of the seed folder. */
async function seedFile(name: string): Promise<unknown> {
  return JSON.parse(await readFile(join(seedFolder, name), 'utf8')) as unknown;
}

/** Loads the demo catalog and its discounts into an empty catalog; null when the catalog holds anything. */
export async function seedDemo(db: Db): Promise<DemoSeed | null> {
  if (!(await new CatalogRepository(db).isEmpty())) return null;
  const catalog = await importCatalog(db, await seedFile('demo-catalog.json'));
  // Each discount as GraphQL's createDiscount takes it (its keys are REST's too: store, code, kind, value).
  const inputs = (await seedFile('demo-discounts.json')) as DiscountInput[];
  const service = new DiscountService(db, new DiscountRepository());
  const discounts: Discount[] = [];
  for (const input of inputs) discounts.push(await service.create(input));
  return { catalog, discounts };
}
