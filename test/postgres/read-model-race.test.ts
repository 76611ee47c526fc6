// Two writers of one product's read-model text on PostgreSQL (many connections, READ COMMITTED):
// stock taken from two SKUs of one product by two transactions at once. Each locks the product's
// row before it changes stock and reads what it writes the text from, so the second reads what the
// first committed and the text shows both changes. (On SQLite writers take turns anyway.)
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lockProductsOfSkus, writeAnswersOfProducts } from '../../src/catalog/stock-answers.js';
import { importCatalog } from '../../src/catalog/import/importer.js';
import { createTestDatabase, type TestDatabase } from '../database.js';
import { readFixture } from '../fixtures.js';
import { lockWaiters, testEngine } from '../pg.js';
import { until } from '../process/gateway.js';

describe.runIf(testEngine === 'postgresql')('read-model texts with concurrent stock changes', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
    await importCatalog(database.db, readFixture('cart-catalog.json'));
  });
  afterAll(() => database.close());

  const qtyInText = async (skuId: number) => {
    const answer = await database.db.productAnswer.findUniqueOrThrow({ where: { productId: 201 } });
    return (JSON.parse(answer.body) as { skus: { sku_id: number; qty_available: number }[] }).skus.find(
      (sku) => sku.sku_id === skuId,
    )?.qty_available;
  };

  it('a second transaction waits for the first and writes a text with both changes', async () => {
    const [first, second] = [await qtyInText(2011), await qtyInText(2013)];
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    let firstChanged!: () => void;
    const changed = new Promise<void>((resolve) => (firstChanged = resolve));
    const take = (skuId: number, wait: Promise<void> | null, done: (() => void) | null) =>
      database.db.$transaction(
        async (tx) => {
          const products = await lockProductsOfSkus(tx, [skuId]);
          await tx.sku.update({ where: { id: skuId }, data: { qtyAvailable: { decrement: 1 } } });
          await writeAnswersOfProducts(tx, products);
          done?.();
          // Holds on before committing: a writer that read before this commit would overwrite this text.
          if (wait) await wait;
        },
        { timeout: 20_000 },
      );
    // The first has taken its stock and written its text, and holds on; the second starts meanwhile, then the first commits.
    const one = take(2011, gate, firstChanged);
    await changed;
    const two = take(2013, null, null);
    await until(async () => (await lockWaiters(database.db)) > 0, 'the second to wait for the first');
    release();
    await Promise.all([one, two]);
    expect(await qtyInText(2011)).toBe(first! - 1);
    expect(await qtyInText(2013)).toBe(second! - 1);
  });
});
