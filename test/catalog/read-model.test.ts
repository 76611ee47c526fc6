// The read model (src/catalog/product-answer.repository.ts): answers assembled from the stored texts are
// byte for byte the answers built the long way, on every catalog route; the texts follow every
// change to what they show (imports that change, move or unlist SKUs, submits, cancelled orders),
// in the same transaction, and with them the catalog version (ETag) moves; a database without
// texts answers the same, the long way, until an import writes them.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importCatalog } from '../../src/catalog/import/importer.js';
import { answerFormat, rewriteStaleAnswers, writeProductAnswers } from '../../src/catalog/product-answer.repository.js';
import { inTransaction } from '../../src/db/transaction.js';
import { createTestDatabase } from '../database.js';
import { createTestApp, readFixture, type TestApp } from '../helpers.js';
import { addToCart, californian, post } from '../cart/cart-helpers.js';

interface Doc {
  stores: Record<string, unknown>[];
  products: ({ id: number; skus: Record<string, unknown>[] } & Record<string, unknown>)[];
  media: Record<string, unknown>[];
  similar: { product_id: number; similar_product_id: number }[];
}

/** The catalog fixture plus products whose text is hard to serialize and whose tiers cross currencies. */
function hardCatalog(): Doc {
  const doc = readFixture('catalog.json') as Doc;
  doc.stores.push(
    { id: 7, name: 'yen.example', marketplace: 'shopify', currency: 'JPY' },
    { id: 8, name: 'dinar.example', marketplace: 'shopify', currency: 'KWD' },
  );
  const texts = [
    'quote " and backslash \\',
    'line\u2028separator\u2029',
    'emoji 🧥 and é',
    '<script>alert(1)</script>',
    'tab\tnew\nline',
    '\u0001control',
  ];
  const currencies = ['JPY', 'KWD', 'USD', 'EUR'];
  const prices: Record<string, number[]> = {
    JPY: [15000, 1, 999999],
    KWD: [12.345, 0.001, 40],
    USD: [100, 89.99, 110.01],
    EUR: [0.5, 95, 1000],
  };
  for (let index = 0; index < 24; index += 1) {
    const currency = currencies[index % 4]!;
    const store = currency === 'JPY' ? 7 : currency === 'KWD' ? 8 : currency === 'USD' ? 1 : 2;
    const storeCurrency = store === 1 ? 'USD' : store === 2 ? (doc.stores[1]!.currency as string) : currency;
    const price = prices[currency]![index % 3]!;
    const text = texts[index % texts.length]!;
    doc.products.push({
      id: 100 + index,
      title: `${text} ${index}`,
      price,
      currency,
      ...(index % 2 === 0 ? { description: text, brand: text, url: null, external_id: null } : {}),
      is_available: index % 5 !== 0,
      images: index % 3 === 0 ? [] : [`https://example.com/${index}.jpg`],
      variants: [{ name: text, visual: index % 2 === 0, values: [text, 'B'] }],
      skus: [0, 1].map((n) => ({
        sku_id: 10_000 + index * 10 + n,
        merchant_id: store,
        name: `${text} sku ${n}`,
        qty_available: index * 3 + n,
        currency: storeCurrency,
        ...(storeCurrency === 'JPY'
          ? { sale_price: 1500 + n }
          : storeCurrency === 'KWD'
            ? { retail_price: 1.234 }
            : { sale_price: 9.99, retail_price: 12.5 }),
        date_created: n === 0 ? '2026-03-01T12:00:00.123+05:30' : null,
        // the last moment the import takes (year 9999 in UTC)
        ...(index === 3 && n === 1 ? { date_last_modified: '9999-12-31T18:59:59.999-05:00' } : {}),
        variant_values: [{ variant: text, value: n === 0 ? text : 'B' }],
        sku_dimensions: n === 0 ? [{ weight: 1.25, type: 'kg' }] : [],
      })),
    } as never);
  }
  for (let index = 0; index < 24; index += 1) {
    for (const other of [1, 5, 11])
      doc.similar.push({ product_id: 100 + index, similar_product_id: 100 + ((index + other) % 24) });
  }
  doc.media.push(
    {
      type: 'image',
      id: 50,
      slug: 'hard-look',
      file_name: 'hard "look".jpg',
      platform: null,
      product_ids: [100, 101, 102, 103, 11, 104],
    },
    { type: 'video', id: 51, slug: 'hard-clip', file_name: 'clip\u2028.mp4', product_ids: [105, 106] },
  );
  return doc;
}

/** Every catalog GET of the catalog, found or not. */
function catalogUrls(doc: Doc): string[] {
  const urls: string[] = [];
  for (const product of doc.products) urls.push(`/product/${product.id}`, `/product/${product.id}/comparables`);
  for (const media of doc.media) {
    const kind = media.type as string;
    for (const comparables of ['', 'comparables/'])
      urls.push(`/${kind}/${comparables}${String(media.id)}`, `/${kind}/${comparables}slug/${String(media.slug)}`);
  }
  // not found, the wrong kind, not a product
  urls.push(
    '/product/999',
    '/product/999/comparables',
    '/image/2',
    '/video/1',
    '/image/slug/clip-two',
    '/image/comparables/999',
    '/video/comparables/slug/nope',
  );
  return urls;
}

describe('the read model', () => {
  let t: TestApp;
  const doc = hardCatalog();
  beforeAll(async () => {
    t = await createTestApp(doc, { CATALOG_CACHE_MAX_ENTRIES: '0', CATALOG_CACHE_TTL_MS: '0' });
  });
  afterAll(() => t.close());

  const answers = async () => {
    const result: string[] = [];
    for (const url of catalogUrls(doc)) {
      const response = await t.app.inject({ method: 'GET', url });
      result.push(`${url} ${response.statusCode} ${String(response.headers['content-type'])}\n${response.body}`);
    }
    return result;
  };

  it('answers every catalog route byte for byte as the long way does, and reads them the long way without texts until an import writes them', async () => {
    t.database.queries.length = 0;
    const fast = await answers();
    expect(t.database.queries.filter((query) => query.query.includes('"ProductAnswer"')).length).toBeGreaterThan(50);
    // Products read the long way only for what the read model cannot answer (the 404s).
    const longWay = t.database.queries.filter(
      (query) => /FROM [`"]?(main[`"]?\.)?[`"]?Sku/.test(query.query) && !query.query.includes('ProductAnswer'),
    ).length;
    expect(longWay).toBe(0);

    await t.database.db.productAnswer.deleteMany();
    t.database.queries.length = 0;
    const slow = await answers();
    expect(
      t.database.queries.some((query) => query.query.includes('"ProductAnswer"') && query.query.includes('body')),
    ).toBe(true);
    expect(slow).toStrictEqual(fast);
    expect(fast.filter((answer) => answer.includes(' 200 ')).length).toBe(
      doc.products.length * 2 + doc.media.length * 4,
    );
    expect(fast.find((answer) => answer.startsWith('/product/103 '))).toContain('"sku_id":10031,"product_id":103');
    expect(fast.find((answer) => answer.startsWith('/product/103 '))).toContain(
      '"date_last_modified":"9999-12-31T23:59:59.999Z"',
    );

    // An import that changes nothing writes the missing texts, and does not move the version.
    const etag = (await t.app.inject({ method: 'GET', url: '/product/11' })).headers.etag;
    await importCatalog(t.database.db, doc);
    expect(await t.database.db.productAnswer.count()).toBe(doc.products.length);
    expect((await t.app.inject({ method: 'GET', url: '/product/11' })).headers.etag).toBe(etag);
    expect(await answers()).toStrictEqual(fast);
  });

  /** The long way's read of a batch's SKUs (CatalogRepository.skusOfProducts). */
  const readsSkusBack = (sql: string) => sql.includes('FROM "Sku"') && sql.includes('ORDER BY "productId", "position"');

  it("a first import writes its new products' texts from its batches, reading no product back, the long way's bytes", async () => {
    const fresh = await createTestDatabase();
    try {
      await importCatalog(fresh.db, doc);
      // The long way's read never ran, and no answer was dropped (a new product has none).
      expect(fresh.queries.some((query) => readsSkusBack(query.query))).toBe(false);
      expect(fresh.queries.some((query) => query.query.includes('DELETE FROM "ProductAnswer"'))).toBe(false);
      const texts = async () =>
        (await fresh.db.productAnswer.findMany({ orderBy: { productId: 'asc' } })).map(
          ({ productId, priceMinor, currency, body, format }) => ({ productId, priceMinor, currency, body, format }),
        );
      const written = await texts();
      expect(written.map((row) => row.productId)).toStrictEqual(
        doc.products.map((product) => product.id).sort((a, b) => a - b),
      );
      // The same texts read from the rows.
      await inTransaction(fresh.db, (tx) =>
        writeProductAnswers(
          tx,
          doc.products.map((product) => product.id),
        ),
      );
      expect(fresh.queries.some((query) => readsSkusBack(query.query))).toBe(true);
      expect(await texts()).toStrictEqual(written);
    } finally {
      await fresh.close();
    }
  });

  it("drops a stored product's text when a product the import inserts takes one of its SKUs", async () => {
    const next = hardCatalog();
    const from = next.products.find((product) => product.id === 102)!;
    const taken = from.skus.pop()!;
    next.products.push({ ...structuredClone(from), id: 990, external_id: 'taker-990', skus: [taken] });
    const read = async () =>
      Promise.all([102, 990].map(async (id) => (await t.app.inject({ method: 'GET', url: `/product/${id}` })).body));
    const skuIds = (text: string) => (JSON.parse(text) as { skus: { sku_id: number }[] }).skus.map((sku) => sku.sku_id);
    try {
      await importCatalog(t.database.db, next);
      const fast = await read();
      expect(skuIds(fast[1]!)).toStrictEqual([taken.sku_id]);
      expect(skuIds(fast[0]!)).not.toContain(taken.sku_id);
      await t.database.db.productAnswer.deleteMany();
      expect(await read()).toStrictEqual(fast);
    } finally {
      // The SKU back where the next tests expect it.
      await importCatalog(t.database.db, hardCatalog());
    }
  });

  it('follows imports that change a product, change, move and unlist SKUs', async () => {
    const changed = hardCatalog();
    const jacket = changed.products.find((product) => product.id === 11)!;
    const moved = jacket.skus.pop()!; // 1102 moves to product 100
    changed.products.find((product) => product.id === 100)!.skus.push(moved);
    changed.products.find((product) => product.id === 101)!.skus.pop(); // 10011 unlisted
    changed.products.find((product) => product.id === 102)!.skus[0]!.qty_available = 77;
    Object.assign(
      changed.products.find((product) => product.id === 103)!,
      { title: 'Renamed' },
    );
    const before = (await t.app.inject({ method: 'GET', url: '/product/11' })).headers.etag;
    await importCatalog(t.database.db, changed);
    const product = async (id: number) =>
      (await t.app.inject({ method: 'GET', url: `/product/${id}` })).json<{
        title: string;
        skus: { sku_id: number; qty_available: number }[];
      }>();
    expect((await product(11)).skus.map((sku) => sku.sku_id)).toStrictEqual([1101]);
    expect((await product(100)).skus.map((sku) => sku.sku_id)).toStrictEqual([10000, 10001, 1102]);
    expect((await product(101)).skus.map((sku) => sku.sku_id)).toStrictEqual([10010]);
    expect((await product(102)).skus[0]!.qty_available).toBe(77);
    expect((await product(103)).title).toBe('Renamed');
    expect((await t.app.inject({ method: 'GET', url: '/product/11' })).headers.etag).not.toBe(before);
    // and still the long way's bytes
    const fast = await answers();
    await t.database.db.productAnswer.deleteMany();
    expect(await answers()).toStrictEqual(fast);
    await importCatalog(t.database.db, changed);
  });
});

describe('the read model and stock', () => {
  for (const env of [
    { CATALOG_CACHE_MAX_ENTRIES: '0', CATALOG_CACHE_TTL_MS: '0' } as Record<string, string>,
    // the in-process cache on: the version a submit moves empties it
    { CATALOG_CACHE_TTL_MS: '0' },
  ]) {
    describe(env.CATALOG_CACHE_MAX_ENTRIES === '0' ? 'cache off' : 'cache on', () => {
      let t: TestApp;
      beforeAll(async () => {
        t = await createTestApp(readFixture('cart-catalog.json'), env);
      });
      afterAll(() => t.close());

      const shown = async (skuId: number) => {
        const response = await t.app.inject({ method: 'GET', url: `/product/${Math.floor(skuId / 10)}` });
        const sku = response
          .json<{ skus: { sku_id: number; qty_available: number }[] }>()
          .skus.find((candidate) => candidate.sku_id === skuId);
        return { qty: sku?.qty_available, etag: response.headers.etag };
      };

      it('a submit shows the stock it took, a cancelled order the stock it gave back; the ETag moves each time', async () => {
        const start = await shown(2021);
        const graphqlQty = async () =>
          (
            await t.app.inject({
              method: 'POST',
              url: '/graphql',
              payload: { query: '{ product(id: "202") { skus { skuId qtyAvailable } } }' },
            })
          ).json<{
            data: { product: { skus: { qtyAvailable: number }[] } };
          }>().data.product.skus[0]!.qtyAvailable;
        expect(await graphqlQty()).toBe(start.qty);
        const cart = await addToCart(t, [{ variant_id: '2021', quantity: 3 }]);
        await post(t, '/cart/customerInfo', { id: cart.body.id, buyer_identity: californian });
        const submitted = await post<{ orders: { id: string }[] }>(t, '/cart/submit', { id: cart.body.id });
        expect(submitted.status).toBe(200);
        const after = await shown(2021);
        expect(after.qty).toBe(start.qty! - 3);
        expect(after.etag).not.toBe(start.etag);
        expect(await graphqlQty()).toBe(start.qty! - 3);
        // the media and comparables answers are made of the same texts
        expect((await t.app.inject({ method: 'GET', url: '/product/202/comparables' })).body).toContain(
          `"sku_id":2021,"product_id":202`,
        );
        expect((await post(t, `/orders/${submitted.body.orders[0]!.id}/status`, { status: 'CANCELLED' })).status).toBe(
          200,
        );
        const back = await shown(2021);
        expect(back.qty).toBe(start.qty);
        expect(back.etag).not.toBe(after.etag);
      });
    });
  }
});

describe('the answer format', () => {
  let t: TestApp;
  const doc = hardCatalog();
  beforeAll(async () => {
    t = await createTestApp(doc, { CATALOG_CACHE_MAX_ENTRIES: '0', CATALOG_CACHE_TTL_MS: '0' });
  });
  afterAll(() => t.close());

  const get = async (url: string) => {
    const response = await t.app.inject({ method: 'GET', url });
    return { body: response.body, etag: String(response.headers.etag) };
  };
  /** Texts as code of another REST shape would have left them. */
  const ageTexts = (productIds: number[]) =>
    t.database.db.productAnswer.updateMany({
      where: { productId: { in: productIds } },
      data: { format: 'an-older-one', body: '{"title":"the old shape"}' },
    });

  it('texts of another format are never sent: read the long way, rewritten at start and by the next import', async () => {
    const urls = ['/product/101', '/product/101/comparables', '/image/50', '/image/comparables/slug/hard-look'];
    const before = await Promise.all(urls.map(get));
    expect(
      (await t.database.db.productAnswer.findMany({ select: { format: true }, distinct: ['format'] })).map(
        (row) => row.format,
      ),
    ).toStrictEqual([answerFormat]);

    await ageTexts([100, 101, 102, 106, 112]);
    const meanwhile = await Promise.all(urls.map(get));
    expect(meanwhile.map((answer) => answer.body)).toStrictEqual(before.map((answer) => answer.body));

    // What a process does at start, before it is ready.
    expect(await rewriteStaleAnswers(t.database.db)).toBe(5);
    expect(await rewriteStaleAnswers(t.database.db)).toBe(0);
    const stale = await t.database.db.productAnswer.count({ where: { format: { not: answerFormat } } });
    expect(stale).toBe(0);
    const after = await Promise.all(urls.map(get));
    expect(after.map((answer) => answer.body)).toStrictEqual(before.map((answer) => answer.body));
    // the same bytes as before: the same ETag (it is a digest of the answer)
    expect(after.map((answer) => answer.etag)).toStrictEqual(before.map((answer) => answer.etag));
    t.database.queries.length = 0;
    await get('/product/101');
    expect(t.database.queries.some((query) => /FROM [`"]?(main[`"]?\.)?[`"]?Sku/.test(query.query))).toBe(false);

    // An import (the whole document again) rewrites them too.
    await ageTexts([103]);
    await importCatalog(t.database.db, doc);
    expect((await t.database.db.productAnswer.findUnique({ where: { productId: 103 } }))?.format).toBe(answerFormat);
    expect((await get('/product/103')).body).toContain('"sku_id":10031,"product_id":103');
  });
});
