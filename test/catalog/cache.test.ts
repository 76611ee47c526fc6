// The in-process catalog cache: warm answers skip the database, and an import is seen once the
// cache checks the catalog's versions (every request here; at most CATALOG_CACHE_TTL_MS later in
// general). ETags are digests of the answers, with 304 for a matching If-None-Match.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importCatalog } from '../../src/catalog/import/importer.js';
import { CatalogCache } from '../../src/catalog/catalog.cache.js';
import { CatalogChanges } from '../../src/catalog/catalog-changes.js';
import { AnswerCache } from '../../src/http/answer-cache.js';
import { CatalogRepository } from '../../src/catalog/catalog.repository.js';
import { createTestApp, readFixture, type TestApp } from '../helpers.js';
import { californian } from '../cart/cart-helpers.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const changesOf = (ttlMs: number) => new CatalogChanges(new CatalogRepository(t.database.db), ttlMs);

const statements = async (url: string) => {
  t.database.queries.length = 0;
  const response = await t.app.inject({ method: 'GET', url });
  return { count: t.database.queries.length, response };
};

describe('catalog cache', () => {
  it('answers a warm comparables request with only the version check', async () => {
    const cold = await statements('/image/comparables/1');
    const warm = await statements('/image/comparables/1');
    // the version, then the read model: the media item, its products' answers, their comparables'
    expect(cold.count).toBe(4);
    expect(warm.count).toBe(1);
    expect(warm.response.body).toBe(cold.response.body);
  });

  it('drops what it holds when an import changes the catalog', async () => {
    await statements('/product/12');
    const fixture = readFixture('catalog.json') as { products: Record<string, unknown>[] };
    await importCatalog(t.database.db, { products: [{ ...fixture.products[1], title: 'Renamed Jacket' }] });
    const after = await statements('/product/12');
    expect(after.response.json()).toMatchObject({ id: 12, title: 'Renamed Jacket' });
    // an import that changes nothing keeps the version, and the cache
    await importCatalog(t.database.db, { products: [{ ...fixture.products[1], title: 'Renamed Jacket' }] });
    expect((await statements('/product/12')).count).toBe(1);
  });

  it('checks the version at most once per ttl', async () => {
    const changes = new CatalogChanges(new CatalogRepository(t.database.db), 60_000);
    const cache = new CatalogCache(changes, { maxEntries: 10 });
    await changes.fresh(1_000);
    cache.productIdsOfMedia.set(1, [11]);
    t.database.queries.length = 0;
    await changes.fresh(2_000);
    expect(t.database.queries.length).toBe(0);
    expect(cache.productIdsOfMedia.get(1)).toStrictEqual([11]);
  });

  it('keeps at most maxEntries, least recently used out first', () => {
    const cache = new CatalogCache(changesOf(0), { maxEntries: 2 });
    for (const id of [1, 2, 3]) cache.similarIds.set(id, [id]);
    expect([cache.similarIds.has(1), cache.similarIds.has(2), cache.similarIds.has(3)]).toStrictEqual([
      false,
      true,
      true,
    ]);
  });

  it('keeps at most maxBytes of estimated size, whatever the number of entries', () => {
    const cache = new CatalogCache(changesOf(0), { maxEntries: 1_000_000, maxBytes: 64 * 1024 });
    const big = Array.from({ length: 1000 }, (_, index) => index);
    for (let id = 1; id <= 100; id += 1) cache.similarIds.set(id, big);
    const { bytes, entries } = cache.stats();
    expect(bytes).toBeLessThanOrEqual(64 * 1024);
    expect(entries).toBeGreaterThan(0);
    expect(entries).toBeLessThan(100);
  });

  it('keeps no misses: unknown ids and slugs are asked again, not remembered', async () => {
    await statements('/product/987654');
    await statements('/image/slug/no-such-slug');
    const again = [await statements('/product/987654'), await statements('/image/slug/no-such-slug')];
    expect(again.map((answer) => answer.response.statusCode)).toStrictEqual([404, 404]);
    expect(again.every((answer) => answer.count > 1)).toBe(true);
  });

  it('refuses slugs over 255 characters with 400 before any lookup, on REST and GraphQL', async () => {
    const slug = 'a'.repeat(256);
    const rest = await statements(`/image/slug/${slug}`);
    expect(rest.response.statusCode).toBe(400);
    expect(rest.response.json()).toMatchObject({ code: 'VALIDATION_FAILED', details: { field: 'slug' } });
    expect(rest.count).toBeLessThanOrEqual(1);
    const graphql = await t.app.inject({
      method: 'POST',
      url: '/graphql',
      payload: { query: 'query ($slug: String!) { image(slug: $slug) { id } }', variables: { slug } },
    });
    expect(graphql.json().errors[0].extensions).toMatchObject({ code: 'VALIDATION_FAILED' });
    expect((await statements(`/image/slug/${'a'.repeat(255)}`)).response.statusCode).toBe(404);
  });
});

describe('answers kept as sent', () => {
  const cacheHits = async (app: TestApp) => {
    const text = (await app.app.inject({ method: 'GET', url: '/metrics' })).body;
    return Number(/^catalog_cache_hits_total (\d+)/m.exec(text)?.[1]);
  };

  it('answers a warm request with the bytes it sent before: one cache hit, nothing rebuilt', async () => {
    for (const url of [
      '/image/comparables/1',
      '/image/comparables/slug/look-one',
      '/video/2',
      '/product/11/comparables',
    ]) {
      const first = await t.app.inject({ method: 'GET', url });
      const before = await cacheHits(t);
      const warm = await t.app.inject({ method: 'GET', url });
      // one hit: the kept answer (building it again would hit the media, product and SKU entries)
      expect((await cacheHits(t)) - before, url).toBe(1);
      expect(warm.body).toBe(first.body);
      expect(warm.headers['content-type']).toBe(first.headers['content-type']);
      expect(warm.headers.etag).toBe(first.headers.etag);
      const notModified = await t.app.inject({
        method: 'GET',
        url,
        headers: { 'if-none-match': String(first.headers.etag) },
      });
      expect(notModified.statusCode).toBe(304);
      expect(notModified.body).toBe('');
    }
  });

  it('keeps answers read since the last import only', async () => {
    const before = (await t.app.inject({ method: 'GET', url: '/product/13' })).json() as { title: string };
    const fixture = readFixture('catalog.json') as { products: Record<string, unknown>[] };
    await importCatalog(t.database.db, { products: [{ ...fixture.products[2], title: `${before.title} II` }] });
    const after = (await t.app.inject({ method: 'GET', url: '/product/13' })).json() as { title: string };
    expect(after.title).toBe(`${before.title} II`);
    const changes = changesOf(0);
    const cache = new AnswerCache(changes, { maxEntries: 10 });
    await changes.fresh();
    const answer = { body: Buffer.from('{}'), type: 'application/json' };
    // read before an import: not kept; after: kept, until the next import
    const since = cache.stamp();
    const renamed = (title: string) => ({ products: [{ ...fixture.products[2], title }] });
    await importCatalog(t.database.db, renamed(`${before.title} III`));
    await changes.fresh();
    cache.keep('old', answer, [1], since);
    cache.keep('now', answer, [1], cache.stamp());
    expect([cache.get('old'), (await cache.get('now'))?.body.toString()]).toStrictEqual([undefined, '{}']);
    await importCatalog(t.database.db, renamed(`${before.title} IV`));
    await changes.fresh();
    expect(cache.get('now')).toBeUndefined();
  });

  it('keeps at most CATALOG_ANSWER_CACHE_MAX_BYTES of answers, least recently used out first; 0 keeps none', async () => {
    const changes = changesOf(60_000);
    const cache = new AnswerCache(changes, { maxEntries: 1000, maxBytes: 4096 });
    await changes.fresh();
    const answer = { body: Buffer.alloc(1000, 32), type: 'application/json' };
    for (const key of ['a', 'b', 'c', 'd', 'e']) cache.keep(key, answer, [], cache.stamp());
    expect(['a', 'b', 'c', 'd', 'e'].map((key) => cache.get(key) !== undefined)).toStrictEqual([
      false,
      false,
      true,
      true,
      true,
    ]);
    const none = new AnswerCache(changes, { maxEntries: 1000, maxBytes: 0 });
    none.keep('a', answer, [], none.stamp());
    expect([none.enabled, none.get('a')]).toStrictEqual([false, undefined]);
  });

  it('keeps nothing with CATALOG_CACHE_MAX_ENTRIES=0: every answer is read from the database', async () => {
    const uncached = await createTestApp(readFixture('catalog.json'), { CATALOG_CACHE_MAX_ENTRIES: '0' });
    try {
      for (let round = 0; round < 3; round += 1) {
        uncached.database.queries.length = 0;
        expect((await uncached.app.inject({ method: 'GET', url: '/image/comparables/1' })).statusCode).toBe(200);
        // the read model's three lookups (and, once per ttl, the version)
        expect(uncached.database.queries.filter((query) => !query.query.includes('CatalogMeta')).length).toBe(3);
      }
    } finally {
      await uncached.close();
    }
  });
});

describe('the catalog version with the cache off', () => {
  it('is asked at most once per CATALOG_CACHE_TTL_MS, so a cold read costs only its own statements', async () => {
    const uncached = await createTestApp(readFixture('catalog.json'), {
      CATALOG_CACHE_MAX_ENTRIES: '0',
      CATALOG_CACHE_TTL_MS: '60000',
    });
    try {
      const first = await uncached.app.inject({ method: 'GET', url: '/product/11' });
      uncached.database.queries.length = 0;
      const second = await uncached.app.inject({ method: 'GET', url: '/product/11' });
      // the product's answer from the read model; no version check within the ttl
      expect(uncached.database.queries.map((query) => query.query.split(' ')[0])).toStrictEqual(['SELECT']);
      expect(second.body).toBe(first.body);
      expect(second.headers.etag).toBe(first.headers.etag);
    } finally {
      await uncached.close();
    }
  });
});

describe('ETag and Cache-Control on catalog GETs', () => {
  it('answers 304 to If-None-Match with the current ETag; an import moves the ETags of the answers it changed only', async () => {
    const first = await t.app.inject({ method: 'GET', url: '/product/11' });
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^W\/"[\w-]{22}"$/);
    expect(first.headers['cache-control']).toBe('public, max-age=60');
    const again = await t.app.inject({ method: 'GET', url: '/product/11', headers: { 'if-none-match': etag } });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    const before13 = (await t.app.inject({ method: 'GET', url: '/product/13' })).headers.etag as string;
    const fixture = readFixture('catalog.json') as { products: Record<string, unknown>[] };
    await importCatalog(t.database.db, { products: [{ ...fixture.products[2], title: 'Another title' }] });
    const changed = await t.app.inject({ method: 'GET', url: '/product/13', headers: { 'if-none-match': before13 } });
    expect([changed.statusCode, changed.json<{ title: string }>().title]).toStrictEqual([200, 'Another title']);
    expect(changed.headers.etag).not.toBe(before13);
    // product 11 read again after the import (everything was dropped): the same bytes, the same ETag
    const unchanged = await t.app.inject({ method: 'GET', url: '/product/11', headers: { 'if-none-match': etag } });
    expect(unchanged.statusCode).toBe(304);
  });

  it('validates before answering 304, and marks only successful answers cacheable', async () => {
    const etag = (await t.app.inject({ method: 'GET', url: '/product/11' })).headers.etag as string;
    const invalid = await t.app.inject({ method: 'GET', url: '/product/abc', headers: { 'if-none-match': etag } });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json()).toMatchObject({ code: 'INVALID_ID' });
    const missing = await t.app.inject({ method: 'GET', url: '/product/999', headers: { 'if-none-match': etag } });
    expect(missing.statusCode).toBe(404);
    expect(missing.headers['cache-control']).toBeUndefined();
    expect(missing.headers.etag).toBeUndefined();
  });

  it('does not cache carts', async () => {
    const cart = await t.app.inject({ method: 'POST', url: '/cart', payload: {} });
    expect(cart.headers['cache-control']).toBe('no-store');
  });
});

describe('read your own writes', () => {
  let own: TestApp;
  beforeAll(async () => {
    // A ttl far longer than the test: only the process's own commits can refresh the cache.
    own = await createTestApp(readFixture('cart-catalog.json'), { CATALOG_CACHE_TTL_MS: '3600000' });
  });
  afterAll(() => own.close());

  const stock = async () => {
    const rest = await own.app.inject({ method: 'GET', url: '/product/202' });
    const graphql = await own.app.inject({
      method: 'POST',
      url: '/graphql',
      payload: { query: '{ product(id: 202) { skus { skuId qtyAvailable } } }' },
    });
    const fromGraphql = (graphql.json() as { data: { product: { skus: { qtyAvailable: number }[] } } }).data.product
      .skus[0]!.qtyAvailable;
    return {
      rest: (rest.json() as { skus: { qty_available: number }[] }).skus[0]!.qty_available,
      graphql: fromGraphql,
      etag: rest.headers.etag,
    };
  };

  it("a submit and a cancelled order show in the process's next catalog answers, REST and GraphQL, whatever CATALOG_CACHE_TTL_MS", async () => {
    const before = await stock();
    expect(before).toMatchObject({ rest: 100, graphql: 100 });
    const cart = await own.app.inject({
      method: 'POST',
      url: '/cart',
      payload: { items: { storefront_cart_items_input: [{ variant_id: '2021', quantity: 3 }] } },
    });
    const cartId = (cart.json() as { id: string }).id;
    await own.app.inject({
      method: 'POST',
      url: '/cart/customerInfo',
      payload: { id: cartId, buyer_identity: californian },
    });
    const submitted = await own.app.inject({ method: 'POST', url: '/cart/submit', payload: { id: cartId } });
    expect(submitted.statusCode).toBe(200);
    const taken = await stock();
    expect(taken).toMatchObject({ rest: 97, graphql: 97 });
    expect(taken.etag).not.toBe(before.etag);
    const orderId = (submitted.json() as { orders: { id: string }[] }).orders[0]!.id;
    expect(
      (await own.app.inject({ method: 'POST', url: `/orders/${orderId}/status`, payload: { status: 'CANCELLED' } }))
        .statusCode,
    ).toBe(200);
    const given = await stock();
    expect(given).toMatchObject({ rest: 100, graphql: 100 });
    expect(given.etag).not.toBe(taken.etag);
  });
});
