// The streaming catalog import (issue 14, "Scale"): a file is read a record at a time and written
// in batches in one transaction. Checked on documents many batches long (the batch size is made
// small): the same database as importing the same document from memory, every problem with its
// path and nothing written, references to sections that come later, and a re-import that writes
// nothing at all.
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHash } from 'node:crypto';
import { runImportCommand } from '../../src/catalog/import/cli.js';
import { sameAsLastImport } from '../../src/catalog/import/last-import.js';
import { bumpImportVersion } from '../../src/catalog/catalog-version.repository.js';
import {
  CatalogValidationError,
  importCatalog,
  importCatalogFile,
  type ImportReport,
} from '../../src/catalog/import/importer.js';
import { IntList, IntMap, IntSet } from '../../src/catalog/import/validate/ids.js';
import { validateCatalog } from '../../src/catalog/import/validate/catalog.js';
import { writeMissingAnswers } from '../../src/catalog/product-answer.repository.js';
import { lockProductsOfSkus, writeAnswersOfProducts } from '../../src/catalog/stock-answers.js';
import { OversizedValue, type CatalogEvent } from '../../src/catalog/import/document/events.js';
import { fileEvents } from '../../src/catalog/import/source.js';
import { catalogLimits } from '../../src/catalog/import/document/limits.js';
import { createBlankDatabase, createTestDatabase, dumpDatabase, type TestDatabase } from '../helpers.js';

/** When and how often each database was imported: the two imports compared differ in these alone. */
const importBookkeeping = ['CatalogMeta', 'CatalogImport', 'CatalogChange'];

const dir = join(import.meta.dirname, '..', '.tmp');
const written: string[] = [];
afterAll(() => {
  for (const file of written) rmSync(file, { force: true });
});

/** A file in test/.tmp, removed after the tests. */
function tempFile(prefix: string): string {
  mkdirSync(dir, { recursive: true });
  const file = join(dir, `${prefix}-${Date.now()}-${Math.random().toString(36).slice(2)}.json`);
  written.push(file);
  return file;
}

type Section = 'stores' | 'products' | 'media' | 'similar';
type Doc = Record<Section, Record<string, unknown>[]> & { version?: number };

/** Writes the document with its sections in `order`, a record per line, as the large-catalog generator does. */
function writeDocument(doc: Doc, order: Section[] = ['stores', 'products', 'media', 'similar']): string {
  const file = tempFile('stream');
  const sections = order.map(
    (section) => `"${section}": [\n${doc[section].map((record) => JSON.stringify(record)).join(',\n')}\n]`,
  );
  writeFileSync(file, `{"version": 1,\n${sections.join(',\n')}\n}\n`);
  return file;
}

/** A catalog of `products` products × 3 SKUs in 2 stores (one in EUR), media of 4 products, 3 comparables each. */
function catalog(products: number, firstProduct = 1): Doc {
  const stores = [
    {
      id: 1,
      name: 'alpha.example',
      marketplace: 'shopify',
      currency: 'USD',
      margin_rate: 0.1,
      shipping_methods: [{ id: 'standard', label: 'Standard', price: 4.99 }],
      tax_rates: [{ country_code: 'US', rate: 0.06 }],
    },
    {
      id: 2,
      name: 'beta.example',
      marketplace: 'shopify',
      currency: 'EUR',
      shipping_methods: [{ id: 'std', label: 'Standard', price: 3 }],
      tax_rates: [],
    },
  ];
  const ids = Array.from({ length: products }, (_, index) => firstProduct + index);
  return {
    stores,
    products: ids.map((id, index) => {
      const store = (index % 2) + 1;
      const currency = store === 1 ? 'USD' : 'EUR';
      return {
        id,
        external_id: `p-${id}`,
        title: `Product ${id}`,
        description: index % 3 === 0 ? null : `Description of ${id} with "quotes" and ünïcödé`,
        price: 10 + (index % 50) + 0.5,
        currency,
        category: ['Jackets', 'Shoes', 'Bags'][index % 3],
        images: [`https://cdn.example/${id}.jpg`],
        variants: [{ name: 'Size', visual: false, values: ['S', 'M', 'L'] }],
        skus: ['S', 'M', 'L'].map((size, position) => ({
          sku_id: id * 10 + position,
          merchant_id: store,
          name: `Product ${id} ${size}`,
          qty_available: position * 5,
          sale_price: 9.5 + position,
          retail_price: index % 4 === 0 ? null : 12 + position,
          currency,
          date_created: '2026-01-05T10:00:00Z',
          date_last_modified: index % 2 === 0 ? null : '2026-02-01T12:30:00.123+01:00',
          variant_values: [{ variant: 'Size', value: size }],
          sku_dimensions: [{ weight: 0.25 * (position + 1), type: 'kg' }],
        })),
      };
    }),
    media: Array.from({ length: Math.ceil(products / 5) }, (_, index) => {
      const video = index % 2 === 1;
      const productIds = ids.slice((index * 5) % products, ((index * 5) % products) + 4);
      return {
        type: video ? 'video' : 'image',
        id: index + 1,
        slug: `look-${index + 1}`,
        file_name: `look-${index + 1}.jpg`,
        platform: 'instagram',
        url: video ? `https://cdn.example/looks/${index + 1}.mp4` : `/media/looks/${index + 1}.jpg`,
        width: 1080,
        height: 1350,
        ...(video ? { poster_url: `/media/looks/${index + 1}.jpg`, duration_ms: 15_000 } : {}),
        product_ids: productIds,
        // Fractions without an exact binary form (0.1, 1/3): stored and compared as they are. A
        // video's: the whole of it, a time range, a point in one, a point all along.
        placements: productIds.map((productId, position) => {
          const point = { x: 0.1 + position * 0.2, y: 1 / 3 };
          const range = { start_ms: position * 1000, end_ms: position * 1000 + 2500 };
          if (!video) return { product_id: productId, ...point };
          return { product_id: productId, ...[{}, range, { ...point, ...range }, point][position % 4] };
        }),
      };
    }),
    similar: ids.flatMap((id, index) =>
      [1, 2, 3].map((step) => ({ product_id: id, similar_product_id: ids[(index + step * 7) % products]! })),
    ),
  };
}

const everythingInserted = (doc: Doc): ImportReport => ({
  stores: { inserted: doc.stores.length, updated: 0, unchanged: 0 },
  products: { inserted: doc.products.length, updated: 0, unchanged: 0 },
  skus: { inserted: doc.products.length * 3, updated: 0, unchanged: 0 },
  skusUnlisted: 0,
  media: { inserted: doc.media.length, updated: 0, unchanged: 0 },
  similarLists: { inserted: doc.products.length, updated: 0, unchanged: 0 },
});

async function withDatabase<T>(run: (database: TestDatabase) => Promise<T>): Promise<T> {
  const database = await createTestDatabase();
  try {
    return await run(database);
  } finally {
    await database.close();
  }
}

/** The database the in-memory import makes of a document. */
async function dumpOfObjectImport(doc: Doc): Promise<string> {
  return withDatabase(async (database) => {
    await importCatalog(database.db, structuredClone(doc));
    return dumpDatabase(database, importBookkeeping);
  });
}

async function catalogVersion(database: TestDatabase): Promise<number | null> {
  return (await database.db.catalogMeta.findUnique({ where: { id: 1 } }))?.version ?? null;
}

const writes = (database: TestDatabase) =>
  database.queries.filter((query) => /^\s*(INSERT|UPDATE|DELETE)\b/i.test(query.query));

describe('a file many batches long', () => {
  const doc = catalog(120);
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database.close());

  it('gives the same database as the same document imported from memory', async () => {
    const file = writeDocument(doc);
    const report = await importCatalogFile(database.db, file, { batchSize: 7 });
    expect(report).toStrictEqual(everythingInserted(doc));
    expect(await dumpDatabase(database, importBookkeeping)).toBe(await dumpOfObjectImport(doc));
    expect(await catalogVersion(database)).toBe(1);
  });

  const unchanged = {
    stores: { inserted: 0, updated: 0, unchanged: 2 },
    products: { inserted: 0, updated: 0, unchanged: 120 },
    skus: { inserted: 0, updated: 0, unchanged: 360 },
    skusUnlisted: 0,
    media: { inserted: 0, updated: 0, unchanged: 24 },
    similarLists: { inserted: 0, updated: 0, unchanged: 120 },
  };

  it('imported again unchanged (read in full), writes nothing and keeps the catalog version', async () => {
    const before = await dumpDatabase(database);
    database.queries.length = 0;
    const report = await importCatalogFile(database.db, writeDocument(doc), { batchSize: 7, full: true });
    expect(report).toStrictEqual(unchanged);
    expect(writes(database).map((query) => query.query)).toStrictEqual([]);
    expect(await dumpDatabase(database)).toBe(before);
    expect(await catalogVersion(database)).toBe(1);
  });

  it('imported again, the same bytes while the catalog has not moved: not read at all, the same counts', async () => {
    const file = writeDocument(doc);
    database.queries.length = 0;
    expect(await importCatalogFile(database.db, file)).toStrictEqual({ ...unchanged, skipped: true });
    // the catalog version and the last import's record: nothing of the document's rows
    expect(database.queries.length).toBeLessThanOrEqual(3);
    expect(database.queries.some((query) => /"(Product|Sku|Media)"/.test(query.query))).toBe(false);
  });

  it("hashes a file before reading it only when it can be the last import's (a record stands, the catalog has not moved)", async () => {
    const file = writeDocument(doc);
    const digest = createHash('sha256').update(readFileSync(file, 'utf8')).digest('hex');
    expect(await sameAsLastImport(database.db, file)).toMatchObject({ digest, skipped: { skipped: true } });
    const other = writeDocument(doc);
    writeFileSync(other, readFileSync(other, 'utf8').replace(/}\s*$/, '  }'));
    expect(await sameAsLastImport(database.db, other)).toMatchObject({ digest: expect.any(String), skipped: null });
    const blank = await createTestDatabase();
    try {
      // no import yet: nothing the file could be skipped as, so it is hashed as it is read, once
      expect(await sameAsLastImport(blank.db, file)).toStrictEqual({ digest: null, skipped: null });
      await importCatalogFile(blank.db, file);
      expect(await sameAsLastImport(blank.db, file)).toMatchObject({ digest, skipped: { skipped: true } });
      await blank.db.$transaction((tx) => bumpImportVersion(tx));
      expect(await sameAsLastImport(blank.db, file)).toStrictEqual({ digest: null, skipped: null });
    } finally {
      await blank.close();
    }
  });

  it('is read again when a byte differs, or when stock moved since (the document sets it back)', async () => {
    const file = writeDocument(doc);
    writeFileSync(file, readFileSync(file, 'utf8').replace(/}\s*$/, ' }'));
    expect((await importCatalogFile(database.db, file)).skipped).toBeUndefined();
    expect((await importCatalogFile(database.db, file)).skipped).toBe(true);
    // a submit takes stock: the version moves, the import reads the file and gives the stock back
    const sku = (doc.products[0]!.skus as { sku_id: number; qty_available: number }[])[0]!;
    await database.db.$transaction(async (tx) => {
      const products = await lockProductsOfSkus(tx, [sku.sku_id]);
      await tx.sku.update({ where: { id: sku.sku_id }, data: { qtyAvailable: { decrement: 1 } } });
      await writeAnswersOfProducts(tx, products);
    });
    const report = await importCatalogFile(database.db, file);
    expect(report.skipped).toBeUndefined();
    expect(report.skus.updated).toBe(1);
    expect((await database.db.sku.findUniqueOrThrow({ where: { id: sku.sku_id } })).qtyAvailable).toBe(
      sku.qty_available,
    );
    expect((await importCatalogFile(database.db, file)).skipped).toBe(true);
  });

  it('with one SKU, one media item and one list changed deep in it, writes just those', async () => {
    const changed = structuredClone(doc);
    const version = await catalogVersion(database);
    (changed.products[101]!.skus as Record<string, unknown>[])[2]!.qty_available = 99;
    changed.media[20]!.product_ids = [5, 4, 3];
    changed.media[20]!.placements = [{ product_id: 4, x: 0.25, y: 0.75 }];
    changed.similar[333] = { product_id: changed.similar[333]!.product_id, similar_product_id: 1 };
    database.queries.length = 0;
    const report = await importCatalogFile(database.db, writeDocument(changed), { batchSize: 7 });
    expect(report.skus).toStrictEqual({ inserted: 0, updated: 1, unchanged: 359 });
    expect(report.products).toStrictEqual({ inserted: 0, updated: 0, unchanged: 120 });
    expect(report.media).toStrictEqual({ inserted: 0, updated: 1, unchanged: 23 });
    expect(report.similarLists).toStrictEqual({ inserted: 0, updated: 1, unchanged: 119 });
    expect(await dumpDatabase(database, importBookkeeping)).toBe(await dumpOfObjectImport(changed));
    expect(await catalogVersion(database)).toBe(version! + 1);
  });
});

describe('a batch of large records', () => {
  it('is written once its records hold batchText characters of JSON, however few they are', async () => {
    const doc = catalog(40);
    const productWrites = (database: TestDatabase) =>
      database.queries.filter((query) => query.query.startsWith('INSERT INTO "Product" (')).length;
    // about three products a batch
    const batchText = 3 * JSON.stringify(doc.products[1]).length;
    await withDatabase(async (database) => {
      expect(await importCatalogFile(database.db, writeDocument(doc), { batchText })).toStrictEqual(
        everythingInserted(doc),
      );
      expect(productWrites(database)).toBeGreaterThanOrEqual(10);
      expect(await dumpDatabase(database, importBookkeeping)).toBe(await dumpOfObjectImport(doc));
    });
    await withDatabase(async (database) => {
      await importCatalogFile(database.db, writeDocument(doc));
      expect(productWrites(database)).toBe(1);
    });
  });
});

describe('a file large enough for the id tables to grow', () => {
  it('2,000 products: the same database as from memory, and unchanged the second time', async () => {
    const doc = catalog(2000);
    await withDatabase(async (database) => {
      const file = writeDocument(doc);
      expect(await importCatalogFile(database.db, file, { batchSize: 300 })).toStrictEqual(everythingInserted(doc));
      expect(await dumpDatabase(database, importBookkeeping)).toBe(await dumpOfObjectImport(doc));
      // Against the document itself, not only another import: every pair, in order, per product.
      const stored = await database.db.similarProduct.findMany({
        orderBy: [{ productId: 'asc' }, { position: 'asc' }],
        select: { productId: true, similarProductId: true },
      });
      const expected = doc.similar.map((pair) => ({
        productId: pair.product_id as number,
        similarProductId: pair.similar_product_id as number,
      }));
      expect(stored).toStrictEqual(expected.sort((a, b) => a.productId - b.productId));
      expect(await database.db.sku.count()).toBe(6000);
      database.queries.length = 0;
      const again = await importCatalogFile(database.db, file, { batchSize: 300 });
      expect(again.similarLists).toStrictEqual({ inserted: 0, updated: 0, unchanged: 2000 });
      expect(writes(database)).toStrictEqual([]);
    });
  }, 120_000);
});

describe('rows the import writes itself (raw SQL) and rows Prisma writes', () => {
  it('are stored alike: a document whose rows Prisma wrote imports as unchanged, writing nothing', async () => {
    const doc = catalog(12);
    const result = validateCatalog(doc, { storeCurrencies: new Map(), productIds: new Set(), mediaSlugs: new Map() });
    if (!result.ok) throw new Error(JSON.stringify(result.problems));
    const { stores, products, media, similar } = result.document;
    await withDatabase(async (database) => {
      const { db } = database;
      // What the import wrote before it wrote through SQL of its own.
      for (const store of stores) {
        const { shippingMethods, taxRates, ...fields } = store;
        await db.store.create({ data: fields });
        await db.shippingMethod.createMany({
          data: shippingMethods.map((method, position) => ({ storeId: store.id, position, ...method })),
        });
        await db.taxRate.createMany({
          data: taxRates.map((rate, position) => ({ storeId: store.id, position, ...rate })),
        });
      }
      await db.product.createMany({ data: products.map(({ skus: _skus, ...fields }) => fields) });
      await db.sku.createMany({ data: products.flatMap((product) => product.skus) });
      await db.media.createMany({
        data: media.map(({ productIds: _ids, placements: _placements, ...fields }) => fields),
      });
      await db.mediaProduct.createMany({
        data: media.flatMap((item) =>
          item.productIds.map((productId, position) => ({ mediaId: item.id, productId, position })),
        ),
      });
      await db.mediaPlacement.createMany({
        data: media.flatMap((item) =>
          item.placements.map((placement, position) => ({ mediaId: item.id, position, ...placement })),
        ),
      });
      await db.similarProduct.createMany({
        data: [...similar].flatMap(([productId, list]) =>
          list.map((similarProductId, position) => ({ productId, similarProductId, position })),
        ),
      });
      // The read model's answers, as the import writes them at its end.
      expect(await writeMissingAnswers(db)).toBe(12);
      const before = await dumpDatabase(database, ['CatalogImport']);
      database.queries.length = 0;
      const report = await importCatalogFile(db, writeDocument(doc), { batchSize: 5, full: true });
      expect(
        report.products.unchanged + report.skus.unchanged + report.media.unchanged + report.similarLists.unchanged,
      ).toBe(12 + 36 + 3 + 12);
      // nothing but the record of this import (its file's digest)
      expect(
        writes(database)
          .filter((query) => !query.query.includes('CatalogImport'))
          .map((query) => query.query),
      ).toStrictEqual([]);
      expect(await dumpDatabase(database, ['CatalogImport'])).toBe(before);
    });
  });
});

describe('sections in another order: references to what comes later', () => {
  const doc = catalog(40);

  for (const order of [
    ['similar', 'media', 'products', 'stores'],
    ['products', 'stores', 'similar', 'media'],
    ['media', 'stores', 'products', 'similar'],
  ] as Section[][]) {
    it(`${order.join(', ')}: the same database as the usual order`, async () => {
      await withDatabase(async (database) => {
        const report = await importCatalogFile(database.db, writeDocument(doc, order), { batchSize: 6 });
        expect(report).toStrictEqual(everythingInserted(doc));
        expect(await dumpDatabase(database, importBookkeeping)).toBe(await dumpOfObjectImport(doc));
        // and again: nothing written
        database.queries.length = 0;
        await importCatalogFile(database.db, writeDocument(doc, order), { batchSize: 6 });
        expect(writes(database)).toStrictEqual([]);
      });
    });
  }

  it('a reference to a product that never comes is reported where it is, after the document is read', async () => {
    const broken = structuredClone(doc);
    broken.media[2]!.product_ids = [3, 404];
    // reported once, where the media item names it
    broken.media[2]!.placements = [{ product_id: 404, x: 0.5, y: 0.5 }];
    broken.similar[7] = { product_id: 405, similar_product_id: 2 };
    (broken.products[30]!.skus as Record<string, unknown>[])[1]!.merchant_id = 9;
    (broken.products[31]!.skus as Record<string, unknown>[])[0]!.currency = 'USD';
    await withDatabase(async (database) => {
      const before = await dumpDatabase(database);
      const error = await importCatalogFile(
        database.db,
        writeDocument(broken, ['similar', 'media', 'products', 'stores']),
        { batchSize: 6 },
      ).catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(CatalogValidationError);
      // in document order: similar, media, products (stores come last)
      expect((error as CatalogValidationError).problems).toStrictEqual([
        { path: '$.similar[7].product_id', message: 'no product 405 in the document or the database' },
        { path: '$.media[2].product_ids[1]', message: 'no product 404 in the document or the database' },
        {
          path: '$.products[30].skus[1].merchant_id',
          message: 'must name a store: no store 9 in the document or the database',
        },
        { path: '$.products[31].skus[0].currency', message: 'must be the currency of store 2 (EUR), got "USD"' },
      ]);
      expect(await dumpDatabase(database)).toBe(before);
    });
  });

  it('a media item may take the slug of one that comes later in the document and gives it up', async () => {
    const big = catalog(150);
    await withDatabase(async (database) => {
      await importCatalog(database.db, big);
      const swapped = structuredClone(big);
      // 2 takes 23's slug, 23 takes 2's: 23 comes many batches later
      swapped.media[1]!.slug = 'look-23';
      swapped.media[22]!.slug = 'look-2';
      swapped.media[1]!.type = swapped.media[22]!.type = 'video';
      const report = await importCatalogFile(database.db, writeDocument(swapped), { batchSize: 3 });
      expect(report.media).toStrictEqual({ inserted: 0, updated: 2, unchanged: 28 });
      expect(await dumpDatabase(database, importBookkeeping)).toBe(await dumpOfObjectImport(swapped));
    });
  });
});

describe('an invalid file', () => {
  let database: TestDatabase;
  let before: string;
  beforeAll(async () => {
    database = await createTestDatabase();
    await importCatalog(database.db, catalog(10, 1000));
    before = await dumpDatabase(database);
  });
  afterAll(() => database.close());

  async function run(file: string, batchSize = 5) {
    const out: string[] = [];
    const err: string[] = [];
    const code = await runImportCommand(
      [file],
      { DATABASE_URL: database.url },
      { out: (text) => out.push(text), err: (text) => err.push(text) },
      { batchSize },
    );
    return { code, out: out.join('\n'), err: err.join('\n') };
  }

  it('with a bad record deep in it: exit 1, every problem with its path, nothing written (though batches were)', async () => {
    const doc = catalog(300);
    (doc.products[250]!.skus as Record<string, unknown>[])[1]!.currency = 'usd';
    (doc.products[251]!.skus as Record<string, unknown>[])[0]!.sku_id = 30;
    doc.media[50]!.product_ids = [7, 7];
    doc.media[50]!.placements = [{ product_id: 7, x: 0, y: 1 }];
    doc.similar[880] = { product_id: 12, similar_product_id: 12 };
    doc.similar[881] = { product_id: 12, similar_product_id: 19 };
    const result = await run(writeDocument(doc));
    expect(result.code).toBe(1);
    expect(result.out).toBe('');
    expect(result.err).toContain('nothing was imported');
    expect(result.err).toContain('The catalog document has 5 problems:');
    const lines = result.err.split('\n').filter((line) => line.startsWith('  $'));
    expect(lines).toStrictEqual([
      '  $.products[250].skus[1].currency: must be an ISO 4217 currency code in capital letters ("USD"), got "usd"',
      '  $.products[251].skus[0].sku_id: duplicate sku_id (first at $.products[2].skus[0].sku_id)',
      '  $.media[50].product_ids[1]: duplicate product id (first at $.media[50].product_ids[0])',
      '  $.similar[880]: a product cannot be similar to itself',
      '  $.similar[881]: duplicate similar pair (first at $.similar[33])',
    ]);
    expect(await dumpDatabase(database)).toBe(before);
  });

  it('with thousands of problems: the first thousand listed, the others counted', async () => {
    const doc = catalog(1200);
    for (const product of doc.products) delete product.title;
    const result = await run(writeDocument(doc), 100);
    expect(result.code).toBe(1);
    expect(result.err).toContain('The catalog document has 1200 problems:');
    expect(result.err.split('\n').filter((line) => line.startsWith('  $'))).toHaveLength(1000);
    expect(result.err).toContain('  $.products[999].title: is required');
    expect(result.err).not.toContain('$.products[1000].title');
    expect(result.err).toContain('… and 200 more problems (the first 1000 are listed)');
    expect(await dumpDatabase(database)).toBe(before);
  });

  it('that breaks off in the middle: exit 1, not JSON, nothing written', async () => {
    const file = writeDocument(catalog(200));
    const text = readFileSync(file, 'utf8');
    writeFileSync(file, text.slice(0, Math.floor(text.length * 0.7)));
    const result = await run(file);
    expect(result.code).toBe(1);
    expect(result.err).toMatch(/not valid JSON/);
    expect(await dumpDatabase(database)).toBe(before);
  });

  it('nested deeper than the format allows, under a key it ignores: exit 1 with the path, the rest unread, nothing written', async () => {
    const doc = catalog(40);
    // read and written in batches before the value that goes too deep
    const text = JSON.stringify(doc).replace('"id":35,', `"id":35,"notes":{"a":${'['.repeat(40)}${']'.repeat(40)}},`);
    const file = tempFile('deep');
    writeFileSync(file, text);
    const result = await run(file);
    expect(result.code).toBe(1);
    expect(result.err).toContain('The catalog document has 1 problem:');
    expect(result.err).toContain(
      `  $.products[34].notes.a${'[0]'.repeat(28)}: is nested more than 32 arrays and objects deep (the document itself included): the rest of the document was not read`,
    );
    expect(await dumpDatabase(database)).toBe(before);
  });

  it('with a list longer than its limit, a string or a record larger than any allowed: each reported at its path, nothing written', async () => {
    const doc = catalog(30);
    doc.products[3]!.images = Array.from(
      { length: catalogLimits.maxItems + 5 },
      (_, index) => `https://cdn.example/${index}.jpg`,
    );
    doc.products[5]!.title = 'x'.repeat(10 * catalogLimits.maxText);
    doc.products[7]!.skus = Array.from({ length: catalogLimits.maxSkus }, (_, position) => ({
      ...(doc.products[7]!.skus as object[])[0],
      sku_id: 900_000 + position,
      name: 'n'.repeat(500),
    }));
    const result = await run(writeDocument(doc));
    expect(result.code).toBe(1);
    const lines = result.err.split('\n').filter((line) => line.startsWith('  $'));
    expect(lines.slice(0, 3)).toStrictEqual([
      `  $.products[3].images: must have at most ${catalogLimits.maxItems} items, got more`,
      `  $.products[5].title: must be a non-empty string of at most ${catalogLimits.maxText} characters, got a string of more than ${catalogLimits.maxText} characters`,
      `  $.products[7]: is more than ${catalogLimits.maxRecordText} characters of JSON (not counting keys the format does not declare)`,
    ]);
    // the product refused is not there for what refers to it
    expect(
      lines.slice(3).filter((line) => !line.endsWith(': no product 8 in the document or the database')),
    ).toStrictEqual([]);
    expect(await dumpDatabase(database)).toBe(before);
  });

  it('with a section twice: reported, nothing written', async () => {
    const file = tempFile('twice');
    const doc = catalog(3);
    writeFileSync(
      file,
      JSON.stringify({ stores: doc.stores, products: doc.products }).replace(
        /}$/,
        `,"products":${JSON.stringify(doc.products)}}`,
      ),
    );
    const result = await run(file);
    expect(result.code).toBe(1);
    expect(result.err).toContain('$.products: appears more than once in the document');
    expect(await dumpDatabase(database)).toBe(before);
  });
});

describe('the command on a new database', () => {
  it('migrates, imports in batches and prints the counts; a second run changes nothing', async () => {
    const target = await createBlankDatabase();
    try {
      const file = writeDocument(catalog(30));
      const out: string[] = [];
      const io = { out: (text: string) => out.push(text), err: (text: string) => out.push(text) };
      expect(await runImportCommand([file, '--batch-size', '4'], { DATABASE_URL: target.url }, io)).toBe(0);
      expect(out.join('\n')).toContain('skus: 90 inserted, 0 updated, 0 unchanged, 0 unlisted');
      expect(await runImportCommand([file, '--full'], { DATABASE_URL: target.url }, io)).toBe(0);
      expect(out.join('\n')).toContain('similar lists: 0 inserted, 0 updated, 30 unchanged');
      expect(out.join('\n')).not.toContain('not read again');
      expect(await runImportCommand([file], { DATABASE_URL: target.url }, io)).toBe(0);
      expect(out.at(-1)).toContain(
        'the same file as the last import, and the catalog has not changed since: not read again (--full reads it)',
      );
      expect(out.at(-1)).toContain('similar lists: 0 inserted, 0 updated, 30 unchanged');
    } finally {
      await target.remove();
    }
  });
});

describe('the file reader', () => {
  async function eventsOf(text: string, blockSize?: number) {
    const file = tempFile('reader');
    writeFileSync(file, text);
    const events: CatalogEvent[] = [];
    for await (const list of fileEvents(file, { blockSize })) events.push(...list);
    return events;
  }
  const recordsIn = (events: CatalogEvent[]) =>
    events.flatMap((event) => (event.kind === 'record' ? [event.value] : []));

  // What the reader must build of a record, read off the checked-in JSON Schema by a plain
  // recursive walk: the declared keys only, an empty stand-in for an array or object where the
  // schema has neither, a list cut one item past its maxItems.
  interface SchemaNode {
    type?: string;
    properties?: Record<string, SchemaNode>;
    items?: SchemaNode;
    anyOf?: SchemaNode[];
    maxItems?: number;
  }
  const documentSchema = JSON.parse(
    readFileSync(join(import.meta.dirname, '..', '..', 'schema', 'catalog-import.schema.json'), 'utf8'),
  ) as SchemaNode;
  const productSchema = documentSchema.properties!.products!.anyOf!.find((node) => node.type === 'array')!.items!;
  /** The object or array a node declares (itself, or a member of its union). */
  const declared = (node: SchemaNode) =>
    (node.type === undefined ? (node.anyOf ?? []) : [node]).find(
      (member) => member.type === 'object' || member.type === 'array',
    );

  function built(value: unknown, node: SchemaNode): unknown {
    const shape = declared(node);
    const isObject = typeof value === 'object' && value !== null && !Array.isArray(value);
    if (shape?.type === 'object' && isObject) {
      return Object.fromEntries(
        Object.entries(value)
          .filter(([key]) => Object.hasOwn(shape.properties!, key))
          .map(([key, item]) => [key, built(item, shape.properties![key]!)]),
      );
    }
    if (shape?.type === 'array' && Array.isArray(value))
      return value.slice(0, shape.maxItems! + 1).map((item) => built(item, shape.items!));
    return Array.isArray(value) ? [] : isObject ? {} : value;
  }

  /** Values of the node's shape with keys it does not declare mixed in, or anything at all. */
  function arbitraryOf(node: SchemaNode, depth: number): fc.Arbitrary<unknown> {
    const shape = declared(node);
    const anything = fc.jsonValue({ maxDepth: 3 });
    if (!shape || depth > 3) return anything;
    if (shape.type === 'array')
      return fc.oneof(fc.array(arbitraryOf(shape.items!, depth + 1), { maxLength: 3 }), anything);
    const fields = Object.fromEntries(
      Object.entries(shape.properties!).map(([key, field]) => [key, arbitraryOf(field, depth + 1)]),
    );
    const record = fc
      .tuple(fc.record(fields, { requiredKeys: [] }), fc.dictionary(fc.string(), anything, { maxKeys: 3 }))
      .map(([known, other]) => ({ ...other, ...known }));
    return fc.oneof(record, anything);
  }

  it('builds the declared keys of each record as JSON.parse reads them, and nothing else, whatever the blocks', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(arbitraryOf(productSchema, 0), { maxLength: 6 }),
        fc.integer({ min: 1, max: 64 }),
        async (records, blockSize) => {
          const text = JSON.stringify({ skipped: { products: [1] }, products: records, version: 1 });
          const events = await eventsOf(text, blockSize);
          expect(recordsIn(events)).toStrictEqual(
            (JSON.parse(text) as { products: unknown[] }).products.map((record) => built(record, productSchema)),
          );
          expect(events.filter((event) => event.kind !== 'record').map((event) => event.kind)).toStrictEqual([
            'document',
            'start',
            'end',
            'version',
          ]);
        },
      ),
      { numRuns: 60 },
    );
  });

  it('skips a key the format does not declare without building it, __proto__ included', async () => {
    const events = await eventsOf('{"media":[{"__proto__":{"polluted":true},"id":1,"extra":{"a":[1,{"b":"c"}]}}]}', 16);
    const record = recordsIn(events)[0] as Record<string, unknown>;
    expect(Object.getPrototypeOf(record)).toBe(Object.prototype);
    expect(Object.keys(record)).toStrictEqual(['id']);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('builds one item past the limit of a list, and stands in for a string or number longer than any field takes', async () => {
    const longest = 2 * catalogLimits.maxText;
    const product = {
      images: Array.from({ length: 5000 }, () => 'i'),
      title: 't'.repeat(longest),
      description: 'd'.repeat(longest + 1),
      brand: '\u{1F600}'.repeat(catalogLimits.maxText + 1),
      // written below as a number of maxText + 1 digits (JSON.stringify writes no such number)
      price: null,
      [`title${'x'.repeat(100)}`]: 'a key longer than any the format has',
    };
    const text = JSON.stringify({ products: [product] }).replace(
      '"price":null',
      `"price":1${'0'.repeat(catalogLimits.maxText)}`,
    );
    const [record] = recordsIn(await eventsOf(text)) as Record<string, unknown>[];
    expect((record!.images as string[]).length).toBe(catalogLimits.maxItems + 1);
    expect(record!.title).toBe(product.title);
    expect(record!.description).toStrictEqual(new OversizedValue('string', catalogLimits.maxText));
    expect(record!.brand).toStrictEqual(new OversizedValue('string', catalogLimits.maxText));
    expect(record!.price).toStrictEqual(new OversizedValue('number', catalogLimits.maxText));
    expect(Object.keys(record!).sort()).toStrictEqual(['brand', 'description', 'images', 'price', 'title']);
  });

  it('reads arrays and objects 32 deep, keys it skips included; refuses the 33rd level with its path and reads no further', async () => {
    // $ (level 1), products (2), the product (3): the 30th array of notes is the 33rd level.
    const nested = (levels: number) => `${'['.repeat(levels)}${']'.repeat(levels)}`;
    const deepest = await eventsOf(`{"products":[{"id":1,"notes":${nested(29)},"images":["a"]}]}`, 7);
    expect(recordsIn(deepest)).toStrictEqual([{ id: 1, images: ['a'] }]);
    const tooDeep = await eventsOf(`{"products":[{"id":1,"notes":${nested(30)}}]} and no JSON after it`, 7);
    expect(tooDeep.at(-1)).toStrictEqual({
      kind: 'refused',
      path: `$.products[0].notes${'[0]'.repeat(29)}`,
      message: expect.stringContaining('nested more than 32 arrays and objects deep'),
    });
    expect(recordsIn(tooDeep)).toStrictEqual([]);
    // …and in a declared field: skus (4), a SKU (5), variant_values (6), a pair (7), value (8).
    const inAField = await eventsOf(`{"products":[{"skus":[{"variant_values":[{"value":${nested(26)}}]}]}]}`);
    expect(inAField.at(-1)).toMatchObject({
      kind: 'refused',
      path: `$.products[0].skus[0].variant_values[0].value${'[0]'.repeat(25)}`,
    });
  });

  it('hands over a record of more JSON than a record may hold as a stand-in, and the next one whole', async () => {
    const sku = (position: number) => ({ sku_id: position + 1, name: 'n'.repeat(catalogLimits.maxText) });
    const skus = Array.from(
      { length: Math.ceil(catalogLimits.maxRecordText / catalogLimits.maxText) + 1 },
      (_, position) => sku(position),
    );
    const small = {
      id: 2,
      title: 'Scarf',
      price: 20,
      currency: 'USD',
      is_available: true,
      images: ['a', 'b'],
      skus: [sku(0)],
    };
    const events = await eventsOf(JSON.stringify({ products: [{ id: 1, skus }, small] }));
    expect(recordsIn(events)).toStrictEqual([new OversizedValue('record', catalogLimits.maxRecordText), small]);
    const sizes = events.flatMap((event) => (event.kind === 'record' ? [event.size] : []));
    expect(sizes[0]).toBeGreaterThan(catalogLimits.maxRecordText);
    // the characters of its JSON, less a comma or so
    expect(sizes[1]).toBeGreaterThan(JSON.stringify(small).length - 12);
    expect(sizes[1]).toBeLessThanOrEqual(JSON.stringify(small).length);
  });

  it('describes a document or section that is not what it should be without reading it all', async () => {
    expect(await eventsOf('[1, 2, 3]', 4)).toStrictEqual([{ kind: 'document', value: [] }]);
    expect(await eventsOf('{"stores": {"a": [1]}, "media": null, "similar": "none"}', 4)).toStrictEqual([
      { kind: 'document', value: {} },
      { kind: 'value', section: 'stores', value: {} },
      { kind: 'value', section: 'media', value: null },
      { kind: 'value', section: 'similar', value: 'none' },
    ]);
  });
});

describe('compact id tables', () => {
  it('IntMap, IntSet and IntList answer as Map, Set and an array do', () => {
    fc.assert(
      // size 'max': arrays up to 3000 long, so that the tables double (at 768 keys, 1536, …) while filled.
      fc.property(
        fc.array(fc.tuple(fc.integer({ min: 1, max: 2_147_483_647 }), fc.nat(1_000_000)), {
          maxLength: 3000,
          size: 'max',
        }),
        fc.integer({ min: 1, max: 2_147_483_647 }),
        (entries, absent) => {
          const map = new IntMap();
          const set = new IntSet();
          const list = new IntList(4);
          const expected = new Map<number, number>();
          for (const [key, value] of entries) {
            map.set(key, value);
            set.add(key);
            list.push(key);
            expected.set(key, value);
          }
          expect(map.size).toBe(expected.size);
          expect(set.size).toBe(expected.size);
          // Each key checked without an expect() of its own: thousands per run would take seconds.
          expect([...expected].filter(([key, value]) => map.get(key) !== value)).toStrictEqual([]);
          expect([...expected.keys()].filter((key) => !set.has(key))).toStrictEqual([]);
          expect(map.get(absent)).toBe(expected.get(absent));
          expect(set.has(absent)).toBe(expected.has(absent));
          expect(Array.from({ length: list.length }, (_, index) => list.at(index))).toStrictEqual(
            entries.map(([key]) => key),
          );
        },
      ),
      // Shrinking a counterexample of 3000 entries would take minutes: the first one is shown as it is.
      { numRuns: 40, endOnFailure: true },
    );
  });

  it('keep every value through many doublings (the key that makes the table double included)', () => {
    const map = new IntMap();
    const set = new IntSet();
    for (let key = 1; key <= 200_000; key += 1) {
      map.set(key * 7919, key);
      set.add(key * 7919);
    }
    // Each key checked without an expect() of its own: 400,000 of them would take seconds.
    const keys = Array.from({ length: 200_000 }, (_, index) => index + 1);
    expect(keys.filter((key) => map.get(key * 7919) !== key)).toStrictEqual([]);
    expect(keys.filter((key) => !set.has(key * 7919))).toStrictEqual([]);
    expect(map.has(7918)).toBe(false);
  });
});
