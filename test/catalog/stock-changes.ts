// What the tests of kept answers through stock changes share: a stock change committed as another
// process commits it (this process learns of it from the catalog's versions), and the counters.
import type { TestApp } from '../helpers.js';
import { inTransaction } from '../../src/db/transaction.js';
import { writeAnswersOfProducts } from '../../src/catalog/stock-answers.js';

/** Takes `quantity` of each SKU of a product, with the write's change recorded, as a submit in another process does. */
export async function takeStock(t: TestApp, productId: number, quantity: number): Promise<void> {
  await inTransaction(t.database.db, async (tx) => {
    await tx.sku.updateMany({ where: { productId }, data: { qtyAvailable: { decrement: quantity } } });
    await writeAnswersOfProducts(tx, [productId]);
  });
}

/** Each named metric of GET /metrics, summed over its label sets. */
export async function metricTotals<K extends string>(t: TestApp, names: Record<K, string>): Promise<Record<K, number>> {
  const text = (await t.app.inject({ method: 'GET', url: '/metrics' })).body;
  const total = (name: string) =>
    [...text.matchAll(new RegExp(`^${name}(?:\\{[^}]*\\})? (\\d+)`, 'gm'))].reduce(
      (sum, match) => sum + Number(match[1]),
      0,
    );
  return Object.fromEntries(Object.entries<string>(names).map(([key, name]) => [key, total(name)])) as Record<
    K,
    number
  >;
}
