// Kept answers and cached records are dropped by product: a stock change (here written as another
// process would write it, so that this process learns of it from the catalog's versions) drops
// what holds that product and nothing else (a kept answer has its quantities rewritten instead:
// stock-answers.test.ts); a process too far behind to follow
// the changes drops everything; a read begun before a change is not kept after it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers.js';
import { metricTotals, takeStock as takeStockOf } from './stock-changes.js';
import { CatalogCache } from '../../src/catalog/catalog.cache.js';
import { CatalogChanges } from '../../src/catalog/catalog-changes.js';
import { AnswerCache } from '../../src/http/answer-cache.js';
import { CatalogRepository, type CatalogVersions } from '../../src/catalog/catalog.repository.js';
import { CatalogService } from '../../src/catalog/catalog.service.js';

const graphql = (id: number) => ({
  query: `query Stock($id: ID!) { product(id: $id) { id skus { skuId qtyAvailable } } }`,
  variables: { id: String(id) },
});

describe('invalidation by product', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const counts = () =>
    metricTotals(t, {
      hits: 'catalog_cache_hits_total',
      misses: 'catalog_cache_misses_total',
      dropped: 'catalog_answers_dropped_total',
      restocked: 'catalog_answers_restocked_total',
    });
  const read = (target: string | number) =>
    typeof target === 'string'
      ? t.app.inject({ method: 'GET', url: target })
      : t.app.inject({ method: 'POST', url: '/graphql', payload: graphql(target) });
  /** Whether `target` is answered whole from the kept bytes: one hit, no miss. */
  const kept = async (target: string | number) => {
    const before = await counts();
    const answer = await read(target);
    const after = await counts();
    return { kept: after.hits - before.hits === 1 && after.misses === before.misses, body: answer.body };
  };
  const takeStock = (productId: number, quantity: number) => takeStockOf(t, productId, quantity);
  const qty = async (productId: number) =>
    (await t.database.db.sku.findFirstOrThrow({ where: { productId }, orderBy: { id: 'asc' } })).qtyAvailable;

  // Product 11 is in image 1 (with 16) and in video 2; product 13 in neither, but among 11's comparables.
  const of13: (string | number)[] = [
    '/product/13',
    '/product/13/comparables',
    '/image/comparables/1',
    '/product/11/comparables',
    13,
  ];
  const others: (string | number)[] = ['/product/11', '/image/1', '/video/2', 11];

  it('a stock change makes the answers that hold that product show it, REST and GraphQL, and keeps the rest', async () => {
    const first = new Map<string | number, string>();
    for (const target of [...of13, ...others]) {
      first.set(target, (await read(target)).body);
      expect((await kept(target)).kept, `${String(target)} kept`).toBe(true);
    }
    const before = await qty(13);
    const { dropped, restocked } = await counts();
    await takeStock(13, 2);
    expect(await qty(13)).toBe(before - 2);
    for (const target of of13) {
      const answer = await kept(target);
      expect(answer.kept, `${String(target)} read again`).toBe(false);
      expect(answer.body, String(target)).toContain(String(before - 2));
      expect((await kept(target)).kept, `${String(target)} kept again`).toBe(true);
    }
    for (const target of others) {
      const answer = await kept(target);
      expect(answer.kept, `${String(target)} still kept`).toBe(true);
      expect(answer.body).toBe(first.get(target));
    }
    // Counted: the answers that held 13, each once (their quantities rewritten, none dropped); not
    // those kept again, nor the others.
    const after = await counts();
    expect([after.dropped - dropped, after.restocked - restocked]).toStrictEqual([0, of13.length]);
  });

  it('a change that is no longer recorded drops everything', async () => {
    for (const target of others) await read(target);
    expect((await kept('/product/11')).kept).toBe(true);
    await takeStock(13, 1);
    // As if this process had been away while more changes than are kept were made.
    await t.database.db.catalogChange.deleteMany({});
    for (const target of others) expect((await kept(target)).kept, `${String(target)} dropped`).toBe(false);
  });

  it('keeps nothing read before a change of what it holds', async () => {
    const changes = new CatalogChanges(new CatalogRepository(t.database.db), 60_000);
    const cache = new CatalogCache(changes, { maxEntries: 100 });
    const answers = new AnswerCache(changes, { maxEntries: 100 });
    await changes.fresh();
    const answer = { body: Buffer.from('{}'), type: 'application/json' };
    const since = answers.stamp();
    changes.stockChanged({ row: 2, version: 1_000_000, productIds: [5] });
    answers.keep('holds 5', answer, [4, 5], since);
    answers.keep('holds 6', answer, [6], since);
    cache.skus.set(5, [], since);
    cache.skus.set(6, [], since);
    expect([
      answers.get('holds 5'),
      (await answers.get('holds 6'))?.body.toString(),
      cache.skus.has(5),
      cache.skus.has(6),
    ]).toStrictEqual([undefined, '{}', false, true]);
    // Read after the change: kept, until the next change of 5.
    answers.keep('holds 5', answer, [4, 5], answers.stamp());
    cache.skus.set(5, [], answers.stamp());
    expect([answers.get('holds 5') !== undefined, cache.skus.has(5)]).toStrictEqual([true, true]);
    changes.stockChanged({ row: 2, version: 1_000_001, productIds: [5] });
    expect([answers.get('holds 5'), (await answers.get('holds 6'))?.body.toString(), cache.skus.has(5)]).toStrictEqual([
      undefined,
      '{}',
      false,
    ]);
  });
});

describe('the catalog cache against races and bounds', () => {
  /** A repository whose reads of the versions and of media answer when the test says. */
  function slowRepository(rows: Map<number, number>) {
    const pending: ((value: Map<number, number>) => void)[] = [];
    const repository = {
      rows,
      catalogRows: () =>
        new Promise<CatalogVersions>((resolve) => pending.push((rows) => resolve({ rows, shape: null }))),
      changedProducts: async () => new Set<number>(),
    };
    const answerVersions = () => pending.shift()?.(new Map(repository.rows));
    return { repository: repository as unknown as CatalogRepository, answerVersions };
  }
  const answer = { body: Buffer.from('{}'), type: 'application/json' };

  it("a process's own stock change while the versions are read is not taken for a database gone back", async () => {
    const { repository, answerVersions } = slowRepository(
      new Map([
        [1, 1],
        [5, 8],
      ]),
    );
    const changes = new CatalogChanges(repository, 0);
    const answers = new AnswerCache(changes, { maxEntries: 100 });
    const first = changes.fresh();
    answerVersions();
    await first;
    answers.keep('holds 7', answer, [7], answers.stamp());
    const reading = changes.fresh();
    // committed here, after the read began and before it answers (the read does not show it)
    changes.stockChanged({ row: 5, version: 9, productIds: [3] });
    answerVersions();
    await reading;
    expect((await answers.get('holds 7'))?.body.toString()).toBe('{}');
  });

  it('keeps at most maxProducts product ids in the index: the least recently used answers go', async () => {
    const { repository, answerVersions } = slowRepository(new Map([[1, 1]]));
    const changes = new CatalogChanges(repository, 60_000);
    const cache = new AnswerCache(changes, { maxEntries: 100, maxProducts: 5 });
    const first = changes.fresh();
    answerVersions();
    await first;
    cache.keep('a', answer, [1, 2], cache.stamp());
    cache.keep('b', answer, [3, 4], cache.stamp());
    cache.keep('c', answer, [5, 6], cache.stamp());
    cache.keep('too many', answer, [1, 2, 3, 4, 5, 6], cache.stamp());
    expect(['a', 'b', 'c', 'too many'].map((key) => cache.get(key) !== undefined)).toStrictEqual([
      false,
      true,
      true,
      false,
    ]);
  });

  it('a media item read before an import is not kept after it', async () => {
    let answerMedia: (media: unknown) => void = () => undefined;
    let importRow = 1;
    const repository = {
      catalogRows: async () => ({ rows: new Map([[1, importRow]]), shape: null }),
      mediaById: () => new Promise((resolve) => (answerMedia = resolve)),
    } as unknown as CatalogRepository;
    const changes = new CatalogChanges(repository, 0);
    const cache = new CatalogCache(changes, { maxEntries: 100 });
    await changes.fresh();
    const catalog = new CatalogService(repository, cache);
    const reading = catalog.media('image', { id: 1 });
    // An import while the media item is read.
    importRow += 1;
    await changes.fresh();
    answerMedia({ id: 1, slug: 'one', kind: 'image' });
    await reading;
    expect(cache.media.has('image:1')).toBe(false);
  });
});
