// The catalog search on the engine under test (TEST_DATABASE): the matching rules one by one,
// the ranking, filters, facets, sorts and cursors, and the index following imports and the backfill.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importCatalog } from '../../src/catalog/import/importer.js';
import { recordStockChange } from '../../src/catalog/catalog-version.repository.js';
import { SearchRepository } from '../../src/search/search.repository.js';
import type { RowReader } from '../../src/db/reader.js';
import { until } from '../process/gateway.js';
import { SearchService, type SearchInput } from '../../src/search/search.service.js';
import type { SearchSort } from '../../src/search/search.model.js';
import { createTestDatabase, type TestDatabase } from '../helpers.js';
import { searchCatalog } from './search-catalog.js';

let database: TestDatabase;
let service: SearchService;
beforeAll(async () => {
  database = await createTestDatabase();
  await importCatalog(database.db, searchCatalog());
  service = new SearchService(new SearchRepository(database.reader), { ttlMs: 0, availabilityRefreshMs: 0 });
});
afterAll(() => database.close());

async function ids(input: SearchInput | string): Promise<number[]> {
  const result = await service.search(
    typeof input === 'string' ? { query: input, first: 100 } : { first: 100, ...input },
  );
  return result.edges.map((edge) => edge.productId);
}

describe('matching', () => {
  it('ignores case and diacritics, in the query and in the catalog', async () => {
    expect(await ids('creme')).toEqual([2]);
    expect(await ids('CRÈME brulee')).toEqual([2]);
  });

  it('needs every word (AND), in any field', async () => {
    expect(await ids('trail jacket')).toEqual([1]);
    expect(await ids('trail leather')).toEqual([6]);
    expect(await ids('trail rain')).toEqual([]);
  });

  it('reads variant values and SKU names', async () => {
    expect(await ids('navy')).toEqual([4]);
    expect(await ids('fjord edition')).toEqual([4]);
  });

  it('takes the last word also as a prefix, from two letters, and only the last', async () => {
    expect(await ids('jack')).toEqual([1, 5, 3]);
    expect(await ids('jack trail')).toEqual([]);
    expect(await ids('trail ja')).toEqual([1]);
    expect(await ids('r')).toEqual([]);
  });

  it('tolerates one typo in words of five letters or more', async () => {
    expect(await ids('jakcet')).toEqual([1, 5, 3]);
    expect(await ids('jackte trial')).toEqual([1]);
    expect(await ids('boost')).toEqual([6]);
    expect(await ids('jcaekt')).toEqual([]);
    expect(await ids('bots')).toEqual([]);
  });

  it('without words, finds every product', async () => {
    expect(await ids({ query: '  — ' })).toEqual([1, 2, 3, 4, 5, 6, 7]);
  });
});

describe('ranking', () => {
  it('ranks title over brand over category over the rest, then by id', async () => {
    // 1 and 5: "jacket" in the title; 3: "jacketeer" brand (prefix) before "jacket" in its description.
    expect(await ids('jacket')).toEqual([1, 5, 3]);
    expect(await ids('alpha')).toEqual([1, 4]);
  });

  it('ranks exact words over prefixes over typos', async () => {
    expect(await ids('rain')).toEqual([3, 7]);
    expect(await ids('jacke')).toEqual([1, 5, 3]);
  });
});

describe('filters and facets', () => {
  it('filters by brand, category, availability and price in each product’s own currency', async () => {
    expect(await ids({ filter: { brands: ['Alpha', 'Beta'] } })).toEqual([1, 4, 5, 6]);
    expect(await ids({ filter: { categories: ['Jackets'] } })).toEqual([1, 5]);
    expect(await ids({ filter: { available: true, brands: ['Alpha'] } })).toEqual([1]);
    // 7 costs 3000 yen: over 100 in its currency, though its minor units (3000) are not.
    expect(await ids({ filter: { minPrice: 50, maxPrice: 100 } })).toEqual([1, 3, 4]);
    expect(await ids({ filter: { minPrice: 1000 } })).toEqual([7]);
    expect(await ids({ filter: { maxPrice: 19.99 } })).toEqual([]);
    expect(await ids({ filter: { maxPrice: 20 } })).toEqual([2]);
    expect(await ids({ filter: { currency: 'EUR' } })).toEqual([2]);
    expect(await ids({ filter: { currency: 'USD', maxPrice: 40 } })).toEqual([5]);
    expect(await ids({ filter: { currency: 'JPY', minPrice: 3000, maxPrice: 3000 } })).toEqual([7]);
    await expect(service.search({ filter: { minPrice: -1 } })).rejects.toMatchObject({ code: 'VALIDATION_FAILED' });
  });

  it('counts each facet under the other filters (the brand facet ignores the brand filter)', async () => {
    const result = await service.search({ query: 'jacket', filter: { brands: ['Beta'] } });
    expect(result.edges.map((edge) => edge.productId)).toEqual([5]);
    expect(result.totalCount).toBe(1);
    expect(result.facets).toEqual({
      brands: [
        { value: 'Alpha', count: 1 },
        { value: 'Beta', count: 1 },
        { value: 'Jacketeer', count: 1 },
      ],
      categories: [{ value: 'Jackets', count: 1 }],
      price: { min: 40, max: 40, currency: 'USD' },
    });
    const priced = await service.search({ query: 'jacket', filter: { maxPrice: 50 } });
    expect(priced.totalCount).toBe(1);
    expect(priced.facets.price).toEqual({ min: 40, max: 100, currency: 'USD' });
  });
});

describe('sorts and cursors', () => {
  const all: Record<SearchSort, number[]> = {
    RELEVANCE: [1, 2, 3, 4, 5, 6, 7],
    PRICE_ASC: [2, 7, 5, 4, 3, 1, 6],
    PRICE_DESC: [6, 1, 3, 4, 5, 7, 2],
    NEWEST: [7, 6, 5, 4, 3, 2, 1],
    TITLE: [2, 5, 3, 7, 6, 1, 4],
  };

  it.each(Object.entries(all))(
    '%s: walks the whole result by pages, without duplicates or gaps',
    async (sort, expected) => {
      expect(await ids({ sort: sort as SearchSort })).toEqual(expected);
      for (const first of [1, 2, 3]) {
        const walked: number[] = [];
        let after: string | null = null;
        for (;;) {
          const result = await service.search({ sort: sort as SearchSort, first, after });
          walked.push(...result.edges.map((edge) => edge.productId));
          expect(result.totalCount).toBe(7);
          if (!result.hasNextPage) break;
          after = result.edges[result.edges.length - 1]!.cursor;
        }
        expect(walked).toEqual(expected);
      }
    },
  );

  it('walks a ranked result with ties by pages', async () => {
    const first = await service.search({ query: 'jack', first: 2 });
    expect(first.edges.map((edge) => edge.productId)).toEqual([1, 5]);
    const next = await service.search({ query: 'jack', first: 2, after: first.edges[1]!.cursor });
    expect(next.edges.map((edge) => edge.productId)).toEqual([3]);
    expect(next.hasNextPage).toBe(false);
  });

  it('refuses a cursor of another sort, or none at all', async () => {
    const page = await service.search({ sort: 'TITLE', first: 1 });
    await expect(service.search({ sort: 'PRICE_ASC', after: page.edges[0]!.cursor })).rejects.toMatchObject({
      code: 'VALIDATION_FAILED',
    });
    await expect(service.search({ after: 'nonsense' })).rejects.toMatchObject({ code: 'VALIDATION_FAILED' });
  });
});

describe('availability', () => {
  it('follows stock: a product whose SKUs have none left is not available, once the stock change moved the catalog version', async () => {
    const available = () => ids({ query: 'trail', filter: { available: true } });
    expect(await available()).toEqual([1, 6]);
    await database.db.$transaction(async (tx) => {
      await tx.sku.update({ where: { id: 601 }, data: { qtyAvailable: 0 } });
      await recordStockChange(tx, [6]);
    });
    await until(async () => (await available()).length === 1, 'product 6 unavailable', 5_000);
    expect(await available()).toEqual([1]);
    expect(await ids({ query: 'trail' })).toEqual([1, 6]);
    await database.db.$transaction(async (tx) => {
      await tx.sku.update({ where: { id: 601 }, data: { qtyAvailable: 3 } });
      await recordStockChange(tx, [6]);
    });
    await until(async () => (await available()).length === 2, 'product 6 available again', 5_000);
  });

  /** A service whose reader's statements are listed, and the products a statement's parameters name. */
  function watched() {
    const statements: { sql: string; params: readonly (number | string)[] }[] = [];
    const reader = database.reader;
    const listed: RowReader = {
      all: (sql, params) => (statements.push({ sql, params }), reader.all(sql, params)),
      arrays: (sql, params) => (statements.push({ sql, params }), reader.arrays(sql, params)),
      close: () => undefined,
    };
    const repository = new SearchRepository(listed);
    const watchedService = new SearchService(repository, { ttlMs: 0, availabilityRefreshMs: 0 });
    const availability = () => statements.filter(({ sql }) => sql.includes('"qtyAvailable" > 0'));
    const available = async () =>
      (await watchedService.search({ query: 'trail', filter: { available: true } })).edges.map(
        (edge) => edge.productId,
      );
    return { availability, available, repository };
  }

  async function setStock(qtyAvailable: number, keepMoves = true): Promise<void> {
    await database.db.$transaction(async (tx) => {
      await tx.sku.update({ where: { id: 601 }, data: { qtyAvailable } });
      await recordStockChange(tx, [6]);
      if (!keepMoves) await tx.catalogChange.deleteMany({});
    });
  }

  it('after a stock change reads the availability of the products it touched only, not of every product', async () => {
    const { availability, available } = watched();
    expect(await available()).toEqual([1, 6]);
    const before = availability().length;
    await setStock(0);
    await until(async () => (await available()).length === 1, 'product 6 unavailable', 5_000);
    const read = availability().slice(before);
    expect(read.length).toBeGreaterThan(0);
    // Product 6 by its id: no range of ids (the whole catalog, a page at a time).
    for (const { sql, params } of read) {
      expect(sql).toContain('IN (');
      expect(params.slice(0, -3)).toEqual([6]);
    }
    await setStock(3);
    await until(async () => (await available()).length === 2, 'product 6 available again', 5_000);
  });

  it('reads the availability of any number of products with a few statements, whatever their number', async () => {
    const { availability, repository } = watched();
    const everyId = (await service.search({ first: 100 })).edges.map((edge) => edge.productId);
    const availableIds = await ids({ filter: { available: true } });
    for (const size of [1, 2, 7, 9, 63, 65, 499, 501, 1_000, 1_234]) {
      // The catalog's ids, then ids no product has.
      const asked = Array.from({ length: size }, (_value, index) => everyId[index] ?? 100_000 + index);
      const answer = [...(await repository.availableAmong(asked))];
      expect(answer.sort((a, b) => a - b)).toEqual(
        availableIds.filter((id) => asked.includes(id)).sort((a, b) => a - b),
      );
    }
    expect(new Set(availability().map(({ sql }) => sql)).size).toBeLessThanOrEqual(4);
  });

  it('reads every product again when the moves since are no longer recorded', async () => {
    const { availability, available } = watched();
    expect(await available()).toEqual([1, 6]);
    const before = availability().length;
    await setStock(0, false);
    await until(async () => (await available()).length === 1, 'product 6 unavailable', 5_000);
    expect(
      availability()
        .slice(before)
        .some(({ sql }) => sql.includes('"id" >= ?')),
    ).toBe(true);
    await setStock(3);
    await until(async () => (await available()).length === 2, 'product 6 available again', 5_000);
  });
});

describe('the index', () => {
  it('reads the catalog in pages bounded by their SKUs: a page ends before the product whose SKUs go past the bound', async () => {
    // Two SKUs a statement, a page ends once four are read: products 1 to 3 (one SKU each, then 4's), then on.
    const repository = new SearchRepository(database.reader, { skuChunk: 2, skusPerPage: 4 });
    expect((await repository.products(0, 100)).map((product) => product.id)).toEqual([1, 2, 3]);
    expect((await repository.products(3, 100)).map((product) => [product.id, product.skuNames])).toEqual([
      [4, ['Wool Sweater Fjord Edition']],
      [5, ['Jacket Liner One']],
      [6, ['Trail Boots One']],
    ]);
    const paged = new SearchService(repository, { ttlMs: 0 });
    for (const query of ['fjord edition', 'navy', 'jack', 'trail', '']) {
      expect((await paged.search({ query, first: 100 })).edges.map((edge) => edge.productId)).toEqual(
        await ids({ query }),
      );
    }
  });

  it('follows a re-import: the changed product found by its new words, the others as they were', async () => {
    await importCatalog(
      database.db,
      searchCatalog((products) => {
        products[4]!.title = 'Liner Vest';
      }),
    );
    // The new index is built in the background; the searches meanwhile answer from the one before.
    await until(async () => (await ids('liner vest')).length > 0, 'the index rebuilt after the import', 5_000);
    expect(await ids('liner vest')).toEqual([5]);
    // 5 keeps "Jackets" as its category: a prefix of the last word there.
    expect(await ids('jacket')).toEqual([1, 3, 5]);
    expect(await ids('creme')).toEqual([2]);
  });

  it('answers from the index it has while the one after an import is built, without waiting for it', async () => {
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    let holding = false;
    const repository = new SearchRepository(database.reader);
    const read = repository.products.bind(repository);
    repository.products = async (after, limit) => {
      if (holding) await held;
      return read(after, limit);
    };
    const slow = new SearchService(repository, { ttlMs: 0 });
    const titles = async (query: string) =>
      (await slow.search({ query, first: 100 })).edges.map((edge) => edge.productId);
    expect(await titles('liner')).toEqual([5]);
    holding = true;
    await importCatalog(
      database.db,
      searchCatalog((products) => {
        products[4]!.title = 'Quilted Vest';
      }),
    );
    // The rebuild is held (a search that waited for it would never answer): the answers are those of the index before the import.
    expect(await titles('liner')).toEqual([5]);
    expect(await titles('quilted')).toEqual([]);
    release();
    await until(async () => (await titles('quilted')).length > 0, 'the index rebuilt', 5_000);
    expect(await titles('liner')).toEqual([]);
  });
});
