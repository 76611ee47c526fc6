// GET /search/products on the engine under test: the same search as GraphQL's searchProducts,
// products in their GET /product/{id} shape, the total, a cursor and the facets; bad parameters
// are 400 VALIDATION_FAILED and change nothing.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers.js';
import { searchCatalog } from './search-catalog.js';

let test: TestApp;
beforeAll(async () => {
  test = await createTestApp(searchCatalog());
});
afterAll(() => test.close());

interface Answer {
  products: { id: number; title: string }[];
  total: number;
  next_cursor: string | null;
  facets: {
    brand: { value: string; count: number }[];
    category: { value: string; count: number }[];
    price: { min: number; max: number; currency: string } | null;
  };
}

async function get(query: string): Promise<{ status: number; body: Answer & { code?: string } }> {
  const response = await test.app.inject({ method: 'GET', url: `/search/products?${query}` });
  return { status: response.statusCode, body: response.json() };
}

describe('GET /search/products', () => {
  it('answers the products in their catalog shape, the total, the next cursor and the facets', async () => {
    const { status, body } = await get('q=jakcet&limit=2');
    expect(status).toBe(200);
    expect(body.products.map((product) => product.id)).toEqual([1, 5]);
    const one = await test.app.inject({ method: 'GET', url: '/product/1' });
    expect(body.products[0]).toEqual(one.json());
    expect(body.total).toBe(3);
    expect(body.facets).toEqual({
      brand: [
        { value: 'Alpha', count: 1 },
        { value: 'Beta', count: 1 },
        { value: 'Jacketeer', count: 1 },
      ],
      category: [
        { value: 'Jackets', count: 2 },
        { value: 'Outerwear', count: 1 },
      ],
      price: { min: 40, max: 100, currency: 'USD' },
    });
    expect(body.next_cursor).toEqual(expect.any(String));
    const next = await get(`q=jakcet&limit=2&cursor=${encodeURIComponent(body.next_cursor!)}`);
    expect(next.body.products.map((product) => product.id)).toEqual([3]);
    expect(next.body.next_cursor).toBeNull();
  });

  it('takes repeated brands and categories, price bounds, currency, availability and the sorts', async () => {
    expect((await get('brand=Alpha&brand=Beta')).body.products.map((product) => product.id)).toEqual([1, 4, 5, 6]);
    expect((await get('brand=Alpha&available=true')).body.products.map((product) => product.id)).toEqual([1]);
    expect((await get('category=Jackets')).body.products.map((product) => product.id)).toEqual([1, 5]);
    expect((await get('min_price=50&max_price=100')).body.products.map((product) => product.id)).toEqual([1, 3, 4]);
    expect((await get('currency=jpy&min_price=3000')).body.products.map((product) => product.id)).toEqual([7]);
    expect((await get('sort=price_desc')).body.products.map((product) => product.id)).toEqual([6, 1, 3, 4, 5, 7, 2]);
    expect((await get('sort=title&limit=3')).body.products.map((product) => product.id)).toEqual([2, 5, 3]);
    const none = await get('q=nothing+like+this');
    expect(none.body).toEqual({
      products: [],
      total: 0,
      next_cursor: null,
      facets: { brand: [], category: [], price: null },
    });
  });

  it.each([
    ['limit=101'],
    ['limit=-1'],
    ['sort=cheapest'],
    ['min_price=-1'],
    ['max_price=ten'],
    ['currency=dollars'],
    ['available=yes'],
    ['cursor=nonsense'],
    [`q=${'a'.repeat(201)}`],
  ])('%s: 400 VALIDATION_FAILED', async (query) => {
    const { status, body } = await get(query);
    expect(status).toBe(400);
    expect(body.code).toBe('VALIDATION_FAILED');
  });

  it('refuses a cursor made for another sort', async () => {
    const page = await get('sort=title&limit=1');
    const { status, body } = await get(`sort=price_asc&cursor=${encodeURIComponent(page.body.next_cursor!)}`);
    expect(status).toBe(400);
    expect(body.code).toBe('VALIDATION_FAILED');
  });
});
