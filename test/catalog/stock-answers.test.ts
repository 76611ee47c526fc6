// Kept GraphQL answers through stock changes: the answer knows where it shows SKU quantities
// (src/catalog/stock-marks.ts), so a stock change has them read again and written into the kept bytes
// instead of dropping the answer, which is then answered without running again. An answer whose
// numbers could be taken for marks runs again unmarked and is dropped by a change, as before.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from '../helpers.js';
import { metricTotals, takeStock as takeStockOf } from './stock-changes.js';
import { inTransaction } from '../../src/db/transaction.js';
import { writeAnswersOfProducts } from '../../src/catalog/stock-answers.js';
import { quantitiesIn, restocked, StockMarks } from '../../src/catalog/stock-marks.js';
import { AnswerCache } from '../../src/http/answer-cache.js';
import { CatalogChanges } from '../../src/catalog/catalog-changes.js';
import type { CatalogRepository } from '../../src/catalog/catalog.repository.js';
import type { SkuRecord } from '../../src/catalog/catalog.model.js';
import { californian, post as restPost } from '../cart/cart-helpers.js';
import { AnswerBudget } from '../../src/catalog/answer-budget.js';
import { bulkCatalog } from '../bulk-catalog.js';

const sku = (skuId: number, productId: number, qtyAvailable: number) =>
  ({ skuId, productId, qtyAvailable }) as SkuRecord;

/** Marks for three SKUs of two products, read into an answer with accents, a string that looks like a member, and other numbers. */
function markedAnswer(marks = new StockMarks()) {
  marks.start();
  const [a, b, c] = [marks.mark(sku(10, 1, 7)), marks.mark(sku(11, 1, 0)), marks.mark(sku(20, 2, 12345))];
  const data = (q: (record: SkuRecord) => number) => ({
    image: {
      title: 'Crème brûlée "x":12 — ß',
      products: [
        {
          id: '1',
          skus: [
            { skuId: '10', qtyAvailable: q(a!) },
            { skuId: '11', n: q(b!) },
          ],
          priceMinor: 1999,
        },
        { id: '2', skus: [{ q: q(c!), weight: 1.5 }] },
      ],
    },
  });
  return { marks, data, marked: data((record) => record.qtyAvailable) };
}

describe('stock marks', () => {
  it("finds each quantity an answer shows, writes the SKU's quantity in, and keeps its place in bytes", () => {
    const { marks, data, marked } = markedAnswer();
    expect(marks.settle(marked)).toBe(true);
    const filled = marks.fill(`${JSON.stringify({ data: marked })}\n`)!;
    const real = [7, 0, 12345];
    let read = 0;
    expect(filled.text).toBe(`${JSON.stringify({ data: data(() => real[read++]!) })}\n`);
    const body = Buffer.from(filled.text);
    const { skuIds, productIds, starts, ends } = filled.holes!;
    expect([...starts].map((start, index) => body.subarray(start, ends[index]).toString())).toStrictEqual([
      '7',
      '0',
      '12345',
    ]);
    expect([[...skuIds], [...productIds]]).toStrictEqual([
      [10, 11, 20],
      [1, 1, 2],
    ]);
  });

  it('rewrites the quantities of the products asked for, moving what follows; a SKU gone cannot be mended', () => {
    const { marks, marked } = markedAnswer();
    marks.settle(marked);
    const filled = marks.fill(JSON.stringify(marked))!;
    const once = restocked(
      Buffer.from(filled.text),
      filled.holes!,
      new Set([1]),
      new Map([
        [10, 1000],
        [11, -3],
      ]),
    )!;
    const twice = restocked(once.body, once.holes, new Set([2]), new Map([[20, 4]]))!;
    const skus = (text: Buffer) =>
      (JSON.parse(text.toString()) as ReturnType<typeof markedAnswer>['marked']).image.products.map((product) =>
        product.skus.map((entry) => Object.values(entry).filter((value) => typeof value === 'number')),
      );
    expect(skus(once.body)).toStrictEqual([[[1000], [-3]], [[12345, 1.5]]]);
    expect(skus(twice.body)).toStrictEqual([[[1000], [-3]], [[4, 1.5]]]);
    expect(JSON.parse(twice.body.toString()).image.title).toBe('Crème brûlée "x":12 — ß');
    expect(restocked(once.body, once.holes, new Set([1]), new Map([[10, 5]]))).toBeNull();
  });

  it('a number of the answer equal to a mark, or marks it shows in part, stop the marking for good: run again', () => {
    // Math.random 0: the first mark is 1,000,000,000, which the answer also holds as a price.
    const { marks, marked } = markedAnswer(new StockMarks(() => 0));
    expect(marks.settle({ ...marked, price: 1_000_000_000 })).toBe(false);
    expect([marks.active, marks.inText, marks.fill('{}')]).toStrictEqual([false, false, null]);
    marks.start();
    expect(marks.active).toBe(false);
    const partly = markedAnswer();
    expect(partly.marks.settle({ skus: [partly.marked.image.products[1]] })).toBe(false);
  });

  it('an answer whose errors took out every mark is sent as it is, not filled', () => {
    const { marks, marked } = markedAnswer();
    void marked;
    expect(marks.settle({ image: null })).toBe(true);
    expect([marks.inText, marks.fill('{"data":{"image":null}}')]).toStrictEqual([false, null]);
  });

  it('reads after the execution is settled answer the quantities', () => {
    const marks = new StockMarks();
    marks.start();
    const record = marks.mark(sku(10, 1, 7));
    const data = { q: record.qtyAvailable };
    expect(marks.settle(data)).toBe(true);
    expect([record.qtyAvailable, marks.issued]).toStrictEqual([7, 1]);
    expect(JSON.parse(marks.fill(JSON.stringify(data))!.text)).toStrictEqual({ q: 7 });
  });

  it('a string holding what looks like a marked member is left as it is', () => {
    const marks = new StockMarks();
    marks.start();
    const mark = marks.mark(sku(10, 1, 7)).qtyAvailable;
    const data = { note: `x":${mark},`, qtyAvailable: mark };
    expect(marks.settle(data)).toBe(true);
    expect(JSON.parse(marks.fill(JSON.stringify(data))!.text)).toStrictEqual({ note: `x":${mark},`, qtyAvailable: 7 });
  });

  it('past its capacity reads answer the quantities, and an answer holding marks runs again', () => {
    const marks = new StockMarks();
    marks.start();
    const record = marks.mark(sku(10, 1, 7));
    const read: number[] = [];
    for (let count = 0; count <= 50_000; count += 1) read.push(record.qtyAvailable);
    expect([read.at(-1), read.filter((value) => value === 7).length]).toStrictEqual([7, 1]);
    expect(marks.settle({ read })).toBe(false);
  });
});

describe('quantities in a REST answer', () => {
  const skuText = (skuId: number, productId: number, quantity: number, name = 'S') =>
    `{"sku_id":${skuId},"product_id":${productId},"name":"${name}","in_stock":true,"qty_available":${quantity},"variant_values":[{"variant":"Size","value":"S"}]}`;

  it('are the members named qty_available, each in the SKU that holds it; a string cannot imitate one', () => {
    const name = 'Crème \\"qty_available\\":5 {\\"sku_id\\":9,\\"product_id\\":9,';
    const text = `{"title":"Café ß","skus":[${skuText(10, 1, 7, name)},${skuText(11, 1, -2)}],"similar":[{"skus":[${skuText(20, 2, 12345)}]}]}`;
    const holes = quantitiesIn(text)!;
    const body = Buffer.from(text);
    expect([...holes.starts].map((start, index) => body.subarray(start, holes.ends[index]).toString())).toStrictEqual([
      '7',
      '-2',
      '12345',
    ]);
    expect([[...holes.skuIds], [...holes.productIds]]).toStrictEqual([
      [10, 11, 20],
      [1, 1, 2],
    ]);
    const again = restocked(body, holes, new Set([2]), new Map([[20, 3]]))!;
    expect(JSON.parse(again.body.toString()).similar[0].skus[0].qty_available).toBe(3);
  });

  it('are not followed in a SKU that does not begin with its ids', () => {
    expect(quantitiesIn('{"skus":[{"product_id":1,"sku_id":10,"qty_available":7}]}')).toBeNull();
    expect(quantitiesIn('{"skus":[{"sku_id":10,"product_id":1,"qty_available":"7"}]}')).toBeNull();
    expect(quantitiesIn('{"media":[]}')!.skuIds).toHaveLength(0);
  });
});

describe('an answer restocked while the stock moves again', () => {
  it('answers with what it read, but stays to be restocked when a product it read changed again meanwhile', async () => {
    const repository = {
      catalogRows: async () => ({ rows: new Map([[1, 1]]), shape: null }),
      changedProducts: async () => new Set<number>(),
    } as unknown as CatalogRepository;
    const changes = new CatalogChanges(repository, 60_000);
    await changes.fresh();
    let stock = 7;
    let during: (() => void) | null = null;
    const reads: number[][] = [];
    const answers = new AnswerCache(changes, {
      maxEntries: 10,
      quantities: async (productIds) => {
        reads.push(productIds);
        const read = new Map([[10, stock]]);
        during?.();
        during = null;
        return read;
      },
    });
    const marks = new StockMarks();
    marks.start();
    const data = { q: marks.mark(sku(10, 1, 7)).qtyAvailable };
    marks.settle(data);
    const { text, holes } = marks.fill(JSON.stringify(data))!;
    answers.keep('k', { body: Buffer.from(text), type: 'application/json' }, [1], answers.stamp(), holes!);
    const shown = async () => (await answers.get('k'))?.body.toString();

    let version = 1;
    const take = (quantity: number) => {
      stock -= quantity;
      version += 1;
      changes.stockChanged({ row: 1, version, productIds: [1] });
    };
    take(2);
    // Committed while the quantities are read: this answer shows 5, the next one 4.
    during = () => take(1);
    expect(await shown()).toBe('{"q":5}');
    expect(await shown()).toBe('{"q":4}');
    expect(await shown()).toBe('{"q":4}');
    expect(reads).toStrictEqual([[1], [1]]);
    expect(answers.restockedCount).toBe(1);
    // Requests that come while the quantities are read share that read.
    take(1);
    expect(await Promise.all([shown(), shown(), shown()])).toStrictEqual(['{"q":3}', '{"q":3}', '{"q":3}']);
    expect(reads).toHaveLength(3);
  });
});

describe('kept GraphQL answers through stock changes', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const counts = () =>
    metricTotals(t, {
      executed: 'graphql_operations_total',
      dropped: 'catalog_answers_dropped_total',
      restocked: 'catalog_answers_restocked_total',
    });
  const post = async (query: string, variables: Record<string, unknown>) => {
    const response = await t.app.inject({ method: 'POST', url: '/graphql', payload: { query, variables } });
    expect(response.statusCode, response.body).toBe(200);
    return response.body;
  };
  /** The answer as a fresh run makes it: the same document, spelt with one more space (another key). */
  const fresh = async (query: string, variables: Record<string, unknown>) => post(`${query} `, variables);
  const takeStock = (productId: number, quantity: number) => takeStockOf(t, productId, quantity);
  const skusOf = async (productId: number) =>
    t.database.db.sku.findMany({ where: { productId }, orderBy: { id: 'asc' } });

  // Product 13 is among product 11's comparables, and 11 is in image 1; `q` is an alias.
  const imageQuery = `query Stock($id: ID!) { image(id: $id) { id products { id skus { skuId qtyAvailable }
    similarProducts { product { id title skus { skuId q: qtyAvailable } } } } } }`;

  it("after another process's stock change and this process's own submit, the kept answer shows the quantities without running again", async () => {
    const first = await post(imageQuery, { id: '1' });
    expect(first).toContain('"id":"13"');
    const before = await counts();
    expect(await post(imageQuery, { id: '1' })).toBe(first);
    await takeStock(13, 2);
    const changed = await post(imageQuery, { id: '1' });
    let after = await counts();
    expect(after.executed - before.executed).toBe(0);
    expect([after.restocked - before.restocked, after.dropped - before.dropped]).toStrictEqual([1, 0]);
    expect(changed).not.toBe(first);
    expect(changed).toBe(await fresh(imageQuery, { id: '1' }));

    // This process's own submit: shown at once.
    const bought = await t.database.db.sku.findFirst({
      where: {
        productId: { in: [11, 13, 16] },
        listed: true,
        inStock: true,
        status: 'AVAILABLE',
        qtyAvailable: { gte: 3 },
      },
      orderBy: { id: 'asc' },
    });
    const cart = await restPost(t, '/cart', {
      items: { storefront_cart_items_input: [{ variant_id: String(bought!.id), quantity: 3 }] },
    });
    await restPost(t, '/cart/customerInfo', { id: cart.body.id, buyer_identity: californian });
    const submit = await restPost(t, '/cart/submit', { id: cart.body.id });
    expect(submit.status, JSON.stringify(submit.body)).toBe(200);
    const counted = await counts();
    const submitted = await post(imageQuery, { id: '1' });
    after = await counts();
    expect(after.executed - counted.executed).toBe(0);
    const shows = (quantity: number) => new RegExp(`\\{"skuId":"${bought!.id}","(qtyAvailable|q)":${quantity}\\}`);
    expect(submitted).toMatch(shows(bought!.qtyAvailable - 3));
    expect(submitted).not.toMatch(shows(bought!.qtyAvailable));
    expect(submitted).toBe(await fresh(imageQuery, { id: '1' }));
  });

  it('an answer whose numbers could be taken for marks runs again unmarked and is dropped by a stock change', async () => {
    // Math.random 0: the first mark is 1,000,000,000, which product 13's price in minor units is too.
    await t.database.db.product.update({ where: { id: 13 }, data: { priceMinor: 1_000_000_000 } });
    await inTransaction(t.database.db, (tx) => writeAnswersOfProducts(tx, [13]));
    const query = `query Price($id: ID!) { product(id: $id) { priceMoney { minorUnits } skus { skuId qtyAvailable } } }`;
    const random = vi.spyOn(Math, 'random').mockReturnValue(0);
    let first: string;
    try {
      first = await post(query, { id: '13' });
    } finally {
      random.mockRestore();
    }
    const [shown] = await skusOf(13);
    expect(first).toContain('"minorUnits":1000000000');
    expect(first).toContain(`{"skuId":"${shown!.id}","qtyAvailable":${shown!.qtyAvailable}}`);
    const before = await counts();
    expect(await post(query, { id: '13' })).toBe(first);
    await takeStock(13, 1);
    const changed = await post(query, { id: '13' });
    const after = await counts();
    expect([after.executed - before.executed, after.dropped - before.dropped]).toStrictEqual([1, 1]);
    expect(changed).toContain(`{"skuId":"${shown!.id}","qtyAvailable":${shown!.qtyAvailable - 1}}`);
  });

  it('a query that reads more than the catalog is not marked', async () => {
    const [shown] = await skusOf(12);
    const mark = vi.spyOn(StockMarks.prototype, 'mark');
    try {
      const body = await post(`query Mixed($id: ID!) { __typename product(id: $id) { skus { skuId qtyAvailable } } }`, {
        id: '12',
      });
      expect(body).toContain(`{"skuId":"${shown!.id}","qtyAvailable":${shown!.qtyAvailable}}`);
      expect(mark).not.toHaveBeenCalled();
    } finally {
      mark.mockRestore();
    }
  });

  it('an answer with errors shows the quantities, runs once and is not kept', async () => {
    const [shown] = await skusOf(11);
    const restart = vi.spyOn(AnswerBudget.prototype, 'restart');
    try {
      const query = `query Partly($id: ID!) { a: product(id: $id) { skus { skuId qtyAvailable } } b: product(id: "424242") { id } }`;
      for (let time = 0; time < 2; time += 1) {
        const response = await t.app.inject({
          method: 'POST',
          url: '/graphql',
          payload: { query, variables: { id: '11' } },
        });
        const body = JSON.parse(response.body) as {
          data: { a: { skus: { skuId: string; qtyAvailable: number }[] } };
          errors: unknown[];
        };
        expect(body.errors).toHaveLength(1);
        expect(body.data.a.skus[0]).toStrictEqual({ skuId: String(shown!.id), qtyAvailable: shown!.qtyAvailable });
      }
      expect(restart).not.toHaveBeenCalled();
    } finally {
      restart.mockRestore();
    }
  });
});

describe('kept REST answers through stock changes', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('show the new quantities under a new ETag, without being read again, the same bytes as the stored answer', async () => {
    const get = (url: string, etag?: string) =>
      t.app.inject({ method: 'GET', url, headers: etag ? { 'if-none-match': etag } : {} });
    const first = await get('/product/13');
    const comparables = await get('/image/comparables/1');
    const totals = () =>
      metricTotals(t, { dropped: 'catalog_answers_dropped_total', restocked: 'catalog_answers_restocked_total' });
    const before = await totals();
    await takeStockOf(t, 13, 2);
    const product = await get('/product/13', String(first.headers.etag));
    const stored = await t.database.db.productAnswer.findUniqueOrThrow({ where: { productId: 13 } });
    expect(product.statusCode).toBe(200);
    expect(product.body).toBe(stored.body);
    expect(product.body).not.toBe(first.body);
    expect(product.headers.etag).not.toBe(first.headers.etag);
    expect((await get('/product/13', String(product.headers.etag))).statusCode).toBe(304);
    const again = await get('/image/comparables/1');
    // Every SKU shown, with its quantity now: product 13's moved, the others' as they were.
    type Sku = { sku_id: number; qty_available: number };
    const quantities = (body: string) => {
      const shown = new Map<number, number>();
      JSON.parse(body, (key: string, value: unknown) => {
        const sku = value as Sku;
        if (value && typeof value === 'object' && 'qty_available' in value) shown.set(sku.sku_id, sku.qty_available);
        return value;
      });
      return shown;
    };
    const now = new Map(
      (await t.database.db.sku.findMany({ where: { id: { in: [...quantities(comparables.body).keys()] } } })).map(
        (sku) => [sku.id, sku.qtyAvailable],
      ),
    );
    expect(quantities(again.body)).toStrictEqual(now);
    expect(quantities(again.body)).not.toStrictEqual(quantities(comparables.body));
    expect(again.body.replace(/"qty_available":-?\d+/g, '')).toBe(
      comparables.body.replace(/"qty_available":-?\d+/g, ''),
    );
    const after = await totals();
    expect([after.dropped - before.dropped, after.restocked - before.restocked]).toStrictEqual([0, 2]);
  });
});

describe('an answer over ANSWER_MAX_OBJECTS beside one with marks', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(bulkCatalog({ products: 4, skusPerProduct: 30, similarPerProduct: 3 }), {
      ANSWER_MAX_OBJECTS: '100',
    });
  });
  afterAll(() => t.close());

  it('is 400 ANSWER_TOO_LARGE, as without the marks', async () => {
    // a: 30 SKUs read as marks, answered; b (a nullable root field) goes past the 100 a level
    // further down, with 4 × 30 SKUs more: its error replaces the whole answer.
    const query = `{ a: product(id: "1") { skus { skuId qtyAvailable } }
      b: image(id: "1") { products { skus { skuId } } } }`;
    const response = await t.app.inject({ method: 'POST', url: '/graphql', payload: { query } });
    expect(response.statusCode, response.body).toBe(400);
    expect(JSON.parse(response.body)).toMatchObject({ errors: [{ extensions: { code: 'ANSWER_TOO_LARGE' } }] });
  });
});
