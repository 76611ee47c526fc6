// The catalog import: upserts by id, idempotent, and an invalid document
// reports every problem with its JSON path and writes nothing.
import { writeFileSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { CatalogValidationError, importCatalog } from '../../src/catalog/import/importer.js';
import { runImportCommand } from '../../src/catalog/import/cli.js';
import { createBlankDatabase, createTestDatabase, dumpDatabase, readFixture, type TestDatabase } from '../helpers.js';

type Doc = Record<string, unknown> & {
  stores: Record<string, unknown>[];
  products: Record<string, unknown>[];
  media: Record<string, unknown>[];
  similar: Record<string, unknown>[];
};
const fixture = () => structuredClone(readFixture('catalog.json')) as Doc;

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());

describe('a valid document', () => {
  it('is inserted, and importing it again changes nothing', async () => {
    const first = await importCatalog(database.db, fixture());
    expect(first).toStrictEqual({
      stores: { inserted: 2, updated: 0, unchanged: 0 },
      products: { inserted: 6, updated: 0, unchanged: 0 },
      skus: { inserted: 7, updated: 0, unchanged: 0 },
      skusUnlisted: 0,
      media: { inserted: 3, updated: 0, unchanged: 0 },
      similarLists: { inserted: 2, updated: 0, unchanged: 0 },
    });
    const before = await dumpDatabase(database);
    const second = await importCatalog(database.db, fixture());
    expect(second).toStrictEqual({
      stores: { inserted: 0, updated: 0, unchanged: 2 },
      products: { inserted: 0, updated: 0, unchanged: 6 },
      skus: { inserted: 0, updated: 0, unchanged: 7 },
      skusUnlisted: 0,
      media: { inserted: 0, updated: 0, unchanged: 3 },
      similarLists: { inserted: 0, updated: 0, unchanged: 2 },
    });
    expect(await dumpDatabase(database)).toBe(before);
  });

  it('stores money as integer minor units and rates as parts per million', async () => {
    const store = await database.db.store.findUniqueOrThrow({
      where: { id: 1 },
      include: { shippingMethods: { orderBy: { position: 'asc' } }, taxRates: { orderBy: { position: 'asc' } } },
    });
    expect(store.marginRatePpm).toBe(100000);
    expect(store.shippingMethods.map((m) => [m.code, m.priceMinor])).toStrictEqual([
      ['standard', 500],
      ['express', 1550],
    ]);
    expect(store.taxRates.map((r) => [r.countryCode, r.provinceCode, r.ratePpm])).toStrictEqual([
      ['US', 'CA', 72500],
      ['US', null, 50000],
      [null, null, 60000],
    ]);
    const product = await database.db.product.findUniqueOrThrow({ where: { id: 15 } });
    expect(product.priceMinor).toBe(11001);
  });

  it('updates changed rows by id and adds new ones, leaving the rest', async () => {
    const doc = fixture();
    (doc.products[1] as Record<string, unknown>).title = 'Budget Jacket II';
    doc.stores[1]!.shipping_methods = [{ id: 'std', label: 'Standard', price: 5.9 }];
    doc.media = [{ type: 'image', id: 4, slug: 'look-four', file_name: 'four.jpg', product_ids: [16, 11] }];
    doc.similar = [
      { product_id: 12, similar_product_id: 13 },
      { product_id: 12, similar_product_id: 11 },
    ];
    const report = await importCatalog(database.db, doc);
    expect(report.products).toStrictEqual({ inserted: 0, updated: 1, unchanged: 5 });
    expect(report.stores).toStrictEqual({ inserted: 0, updated: 1, unchanged: 1 });
    expect(report.media).toStrictEqual({ inserted: 1, updated: 0, unchanged: 0 });
    expect(report.similarLists).toStrictEqual({ inserted: 0, updated: 1, unchanged: 0 });
    expect((await database.db.product.findUniqueOrThrow({ where: { id: 12 } })).title).toBe('Budget Jacket II');
    expect(
      await database.db.mediaProduct.findMany({
        where: { mediaId: 4 },
        orderBy: { position: 'asc' },
        select: { productId: true },
      }),
    ).toStrictEqual([{ productId: 16 }, { productId: 11 }]);
    expect(
      await database.db.similarProduct.findMany({
        where: { productId: 12 },
        orderBy: { position: 'asc' },
        select: { similarProductId: true },
      }),
    ).toStrictEqual([{ similarProductId: 13 }, { similarProductId: 11 }]);
    // media 1–3 were not in the document and are untouched
    expect(await database.db.media.count()).toBe(4);
  });

  it("takes a store's display_name, its name when absent: a change either way updates the store", async () => {
    const displayNames = async () =>
      (await database.db.store.findMany({ orderBy: { id: 'asc' }, select: { id: true, displayName: true } })).map(
        (row) => [row.id, row.displayName],
      );
    // The fixture's stores have none: their names.
    expect(await displayNames()).toStrictEqual([
      [1, 'alpha.example'],
      [2, 'beta.example'],
    ]);
    const named = { ...fixture().stores[0]!, display_name: 'Alpha Outfitters' };
    expect((await importCatalog(database.db, { stores: [named] })).stores).toStrictEqual({
      inserted: 0,
      updated: 1,
      unchanged: 0,
    });
    expect(await displayNames()).toStrictEqual([
      [1, 'Alpha Outfitters'],
      [2, 'beta.example'],
    ]);
    expect((await importCatalog(database.db, { stores: [named] })).stores.unchanged).toBe(1);
    // Absent again: the name again.
    expect((await importCatalog(database.db, { stores: [fixture().stores[0]] })).stores.updated).toBe(1);
    expect(await displayNames()).toStrictEqual([
      [1, 'alpha.example'],
      [2, 'beta.example'],
    ]);
  });

  it("unlists the SKUs a product's document no longer has, and lists them again when it does", async () => {
    const doc = fixture();
    const jacket = doc.products[0] as { skus: unknown[] };
    jacket.skus = jacket.skus.slice(0, 1);
    const report = await importCatalog(database.db, { products: [jacket] });
    expect(report.skusUnlisted).toBe(1);
    expect(await database.db.sku.findUniqueOrThrow({ where: { id: 1102 }, select: { listed: true } })).toStrictEqual({
      listed: false,
    });
    const back = await importCatalog(database.db, { products: [fixture().products[0]] });
    expect(back.skus).toStrictEqual({ inserted: 0, updated: 1, unchanged: 1 });
    expect(back.skusUnlisted).toBe(0);
    expect(await database.db.sku.findUniqueOrThrow({ where: { id: 1102 }, select: { listed: true } })).toStrictEqual({
      listed: true,
    });
  });

  it('lets a document refer to stores and products already in the database', async () => {
    const report = await importCatalog(database.db, {
      products: [
        {
          id: 17,
          title: 'Beanie',
          price: 20,
          currency: 'USD',
          skus: [{ sku_id: 1701, merchant_id: 1, name: 'Beanie', qty_available: 2, retail_price: 20, currency: 'USD' }],
        },
      ],
      similar: [{ product_id: 17, similar_product_id: 11 }],
    });
    expect(report.products.inserted).toBe(1);
    expect(report.similarLists.inserted).toBe(1);
  });

  it('moves a slug from one media item to another in one document', async () => {
    await importCatalog(database.db, {
      media: [
        { type: 'image', id: 1, slug: 'empty-look', file_name: 'look-one.jpg', product_ids: [11] },
        { type: 'image', id: 3, slug: 'look-one', file_name: 'empty.jpg', product_ids: [] },
      ],
    });
    const media = await database.db.media.findMany({
      where: { id: { in: [1, 3] } },
      orderBy: { id: 'asc' },
      select: { id: true, slug: true },
    });
    expect(media).toStrictEqual([
      { id: 1, slug: 'empty-look' },
      { id: 3, slug: 'look-one' },
    ]);
  });
});

describe('an invalid document writes nothing and names every problem', () => {
  let before: string;
  beforeEach(async () => {
    before = await dumpDatabase(database);
  });

  async function problemsOf(doc: unknown) {
    const error = await importCatalog(database.db, doc).then(
      () => null,
      (caught: unknown) => caught,
    );
    expect(error).toBeInstanceOf(CatalogValidationError);
    expect(await dumpDatabase(database)).toBe(before);
    return (error as CatalogValidationError).problems;
  }

  const edit = (change: (doc: Doc) => void) => {
    const doc = fixture();
    change(doc);
    return doc;
  };
  const product = (doc: Doc, index: number) =>
    doc.products[index] as Record<string, unknown> & { skus: Record<string, unknown>[] };

  const cases: [string, unknown, string, RegExp][] = [
    ['not an object', [], '$', /must be an object/],
    ['an unknown version', { version: 2 }, '$.version', /must be 1/],
    ['stores not a list', { stores: {} }, '$.stores', /must be an array/],
    ['a store without id', edit((d) => delete d.stores[0]!.id), '$.stores[0].id', /is required/],
    ['a duplicate store id', edit((d) => (d.stores[1]!.id = 1)), '$.stores[1].id', /duplicate store id/],
    [
      'a blank display name',
      edit((d) => (d.stores[0]!.display_name = ' \t ')),
      '$.stores[0].display_name',
      /must be a non-empty string of at most 255 characters, got " \t "/,
    ],
    [
      'a null display name',
      edit((d) => (d.stores[1]!.display_name = null)),
      '$.stores[1].display_name',
      /must be a non-empty string of at most 255 characters, got null/,
    ],
    ['a lower-case currency', edit((d) => (d.stores[0]!.currency = 'usd')), '$.stores[0].currency', /ISO 4217/],
    ['a margin above 1', edit((d) => (d.stores[0]!.margin_rate = 1.5)), '$.stores[0].margin_rate', /from 0 to 1/],
    [
      'a rate with 7 decimals',
      edit((d) => (d.stores[0]!.tax_rates = [{ rate: 0.0725001 }])),
      '$.stores[0].tax_rates[0].rate',
      /at most 6 decimals/,
    ],
    [
      'a negative shipping price',
      edit((d) => (d.stores[0]!.shipping_methods = [{ id: 'a', label: 'A', price: -1 }])),
      '$.stores[0].shipping_methods[0].price',
      /at least 0/,
    ],
    [
      'a shipping price finer than cents',
      edit((d) => (d.stores[0]!.shipping_methods = [{ id: 'a', label: 'A', price: 5.999 }])),
      '$.stores[0].shipping_methods[0].price',
      /more decimals than USD/,
    ],
    [
      'a duplicate shipping method',
      edit(
        (d) =>
          (d.stores[0]!.shipping_methods = [
            { id: 'a', label: 'A', price: 1 },
            { id: 'a', label: 'B', price: 2 },
          ]),
      ),
      '$.stores[0].shipping_methods[1].id',
      /duplicate shipping method id/,
    ],
    [
      'a province without country',
      edit((d) => (d.stores[0]!.tax_rates = [{ province_code: 'CA', rate: 0.1 }])),
      '$.stores[0].tax_rates[0].province_code',
      /needs a country_code/,
    ],
    [
      'a three-letter country',
      edit((d) => (d.stores[0]!.tax_rates = [{ country_code: 'USA', rate: 0.1 }])),
      '$.stores[0].tax_rates[0].country_code',
      /alpha-2/,
    ],
    // text neither engine stores as it is (PostgreSQL refuses both; SQLite keeps U+FFFD for a lone surrogate)
    ['a NUL in a title', edit((d) => (product(d, 0).title = 'Ja\u0000cket')), '$.products[0].title', /NUL/],
    [
      'a lone surrogate in a brand',
      edit((d) => (product(d, 0).brand = 'North \ud800')),
      '$.products[0].brand',
      /lone surrogate/,
    ],
    [
      'a lone surrogate in an image URL list',
      edit((d) => (product(d, 0).images = ['https://example.com/\udc00.jpg'])),
      '$.products[0].images[0]',
      /lone surrogate/,
    ],
    [
      'a lone surrogate in a SKU name',
      edit((d) => (product(d, 0).skus[0]!.name = '\ud83d')),
      '$.products[0].skus[0].name',
      /lone surrogate/,
    ],
    ['a product id of 0', edit((d) => (product(d, 0).id = 0)), '$.products[0].id', /positive integer/],
    ['a product id as a string', edit((d) => (product(d, 0).id = '11')), '$.products[0].id', /positive integer/],
    ['a product without title', edit((d) => delete product(d, 2).title), '$.products[2].title', /is required/],
    [
      'a price finer than cents',
      edit((d) => (product(d, 0).price = 10.001)),
      '$.products[0].price',
      /more decimals than USD/,
    ],
    [
      'a price beyond the stored range',
      edit((d) => (product(d, 0).price = 30_000_000)),
      '$.products[0].price',
      /more than the largest price/,
    ],
    [
      'a SKU of an unknown store',
      edit((d) => (product(d, 0).skus[0]!.merchant_id = 99)),
      '$.products[0].skus[0].merchant_id',
      /must name a store/,
    ],
    [
      'a SKU in another currency than its store',
      edit((d) => (product(d, 0).skus[0]!.currency = 'EUR')),
      '$.products[0].skus[0].currency',
      /currency of store 1/,
    ],
    [
      'a duplicate sku_id',
      edit((d) => (product(d, 1).skus[0]!.sku_id = 1101)),
      '$.products[1].skus[0].sku_id',
      /duplicate sku_id/,
    ],
    [
      'a SKU without any price',
      edit((d) => {
        delete product(d, 2).skus[0]!.retail_price;
      }),
      '$.products[2].skus[0]',
      /sale_price or a retail_price/,
    ],
    [
      'a negative quantity',
      edit((d) => (product(d, 0).skus[0]!.qty_available = -1)),
      '$.products[0].skus[0].qty_available',
      /from 0/,
    ],
    [
      'a date that is not ISO 8601',
      edit((d) => (product(d, 0).skus[0]!.date_created = 'yesterday')),
      '$.products[0].skus[0].date_created',
      /ISO 8601/,
    ],
    [
      'a day the month does not have',
      edit((d) => (product(d, 0).skus[0]!.date_created = '2026-02-30T00:00:00Z')),
      '$.products[0].skus[0].date_created',
      /real calendar date/,
    ],
    [
      'a date past the year 9999 once in UTC',
      edit((d) => (product(d, 0).skus[0]!.date_created = '9999-12-31T23:00:00-05:00')),
      '$.products[0].skus[0].date_created',
      /years 0001 to 9999/,
    ],
    [
      'a SKU naming another product',
      edit((d) => (product(d, 0).skus[0]!.product_id = 12)),
      '$.products[0].skus[0].product_id',
      /nested in \(11\)/,
    ],
    [
      'variants not a list',
      edit((d) => (product(d, 0).variants = 'Size')),
      '$.products[0].variants',
      /must be an array/,
    ],
    [
      'a media type other than image or video',
      edit((d) => (d.media[0]!.type = 'gif')),
      '$.media[0].type',
      /"image" or "video"/,
    ],
    ['a slug with a slash', edit((d) => (d.media[0]!.slug = 'a/b')), '$.media[0].slug', /must not contain/],
    [
      'an unknown product in a media item',
      edit((d) => (d.media[0]!.product_ids = [11, 404])),
      '$.media[0].product_ids[1]',
      /no product 404/,
    ],
    [
      'a product twice in a media item',
      edit((d) => (d.media[0]!.product_ids = [11, 11])),
      '$.media[0].product_ids[1]',
      /duplicate product id/,
    ],
    ['a duplicate slug', edit((d) => (d.media[2]!.slug = 'look-one')), '$.media[2].slug', /duplicate image slug/],
    [
      'a similar pair with an unknown product',
      edit((d) => d.similar.push({ product_id: 11, similar_product_id: 404 })),
      '$.similar[5].similar_product_id',
      /no product 404/,
    ],
    [
      'a product similar to itself',
      edit((d) => d.similar.push({ product_id: 12, similar_product_id: 12 })),
      '$.similar[5]',
      /itself/,
    ],
    [
      'a duplicate similar pair',
      edit((d) => d.similar.push({ product_id: 11, similar_product_id: 15 })),
      '$.similar[5]',
      /duplicate similar pair/,
    ],
  ];

  for (const [name, doc, path, message] of cases) {
    it(name, async () => {
      const problems = await problemsOf(doc);
      expect(problems).toContainEqual({ path, message: expect.stringMatching(message) });
    });
  }

  it('a slug held by another media item in the database', async () => {
    const problems = await problemsOf({
      media: [{ type: 'image', id: 50, slug: 'look-one', file_name: 'x.jpg', product_ids: [] }],
    });
    expect(problems).toStrictEqual([
      { path: '$.media[0].slug', message: 'image 3 in the database already has the slug "look-one"' },
    ]);
  });

  it('reports every problem of a document at once', async () => {
    const doc = edit((d) => {
      d.stores[0]!.currency = 'dollars';
      product(d, 0).title = '';
      product(d, 1).skus[0]!.merchant_id = 77;
      d.media[0]!.type = 'audio';
      d.similar.push({ product_id: 999, similar_product_id: 11 });
    });
    const problems = await problemsOf(doc);
    expect(problems.map((problem) => problem.path)).toStrictEqual([
      '$.stores[0].currency',
      // the store's prices cannot be checked without its currency
      '$.products[0].skus[0].currency',
      '$.products[0].skus[1].currency',
      '$.products[0].title',
      '$.products[1].skus[0].merchant_id',
      '$.products[2].skus[0].currency',
      '$.products[3].skus[0].currency',
      '$.products[4].skus[0].currency',
      '$.media[0].type',
      '$.similar[5].product_id',
    ]);
  });
});

describe('npm run catalog:import', () => {
  const dir = join(import.meta.dirname, '..', '.tmp');

  async function run(document: unknown, databaseUrl: string) {
    mkdirSync(dir, { recursive: true });
    const file = join(dir, `import-${Date.now()}-${Math.random().toString(36).slice(2)}.json`);
    writeFileSync(file, typeof document === 'string' ? document : JSON.stringify(document));
    const out: string[] = [];
    const err: string[] = [];
    const code = await runImportCommand(
      [file],
      { DATABASE_URL: databaseUrl },
      { out: (text) => out.push(text), err: (text) => err.push(text) },
    );
    return { code, out: out.join('\n'), err: err.join('\n') };
  }

  it('migrates a new database, imports, and prints the counts (exit 0)', async () => {
    const target = await createBlankDatabase();
    try {
      const result = await run(fixture(), target.url);
      expect(result.code).toBe(0);
      expect(result.out).toContain('products: 6 inserted, 0 updated, 0 unchanged');
      const again = await run(fixture(), target.url);
      expect(again.out).toContain('products: 0 inserted, 0 updated, 6 unchanged');
    } finally {
      await target.remove();
    }
  });

  it('prints every problem with its path and exits 1', async () => {
    const result = await run({ stores: [{ id: 'x' }] }, database.url);
    expect(result.code).toBe(1);
    expect(result.err).toContain('nothing was imported');
    expect(result.err).toContain('$.stores[0].id: must be a positive integer');
    expect(result.err).toContain('$.stores[0].currency: is required');
  });

  it('exits 1 on a file that is not JSON', async () => {
    const result = await run('{ nope', database.url);
    expect(result.code).toBe(1);
    expect(result.err).toMatch(/JSON/);
  });
});
