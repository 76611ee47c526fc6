// searchProducts in GraphQL: the service's answer with the products, page info, total and facets;
// arguments refused with the documented code.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, graphql as send, type TestApp } from '../helpers.js';
import { graphql } from '../gql/index.js';
import type { SearchQueryVariables } from '../gql/graphql.js';
import { searchCatalog } from './search-catalog.js';

const Search = graphql(`
  query Search($query: String, $filter: ProductSearchFilter, $sort: ProductSearchSort, $first: Int, $after: String) {
    searchProducts(query: $query, filter: $filter, sort: $sort, first: $first, after: $after) {
      edges {
        cursor
        node {
          id
          title
        }
      }
      pageInfo {
        hasNextPage
        endCursor
      }
      totalCount
      facets {
        brands {
          value
          count
        }
        categories {
          value
          count
        }
        price {
          min
          max
          currency
        }
      }
    }
  }
`);

let test: TestApp;
beforeAll(async () => {
  test = await createTestApp(searchCatalog());
});
afterAll(() => test.close());

describe('searchProducts', () => {
  it('answers the matching products, ranked, with the total and the facets', async () => {
    const { status, data, errors } = await send(test.app, Search, { query: 'jakcet', first: 2 });
    expect(errors).toBeUndefined();
    expect(status).toBe(200);
    const result = data!.searchProducts;
    expect(result.edges.map((edge) => [edge.node.id, edge.node.title])).toEqual([
      ['1', 'Trail Jacket'],
      ['5', 'Jacket Liner'],
    ]);
    expect(result.pageInfo).toEqual({ hasNextPage: true, endCursor: result.edges[1]!.cursor });
    expect(result.totalCount).toBe(3);
    expect(result.facets.categories).toEqual([
      { value: 'Jackets', count: 2 },
      { value: 'Outerwear', count: 1 },
    ]);
    expect(result.facets.price).toEqual({ min: 40, max: 100, currency: 'USD' });
    const next = await send(test.app, Search, { query: 'jakcet', first: 2, after: result.pageInfo.endCursor });
    expect(next.data!.searchProducts.edges.map((edge) => edge.node.id)).toEqual(['3']);
    expect(next.data!.searchProducts.pageInfo.hasNextPage).toBe(false);
  });

  it('filters and sorts', async () => {
    const { data } = await send(test.app, Search, {
      filter: { brands: ['Alpha', 'Beta'], available: true, maxPrice: 100 },
      sort: 'PRICE_DESC',
    });
    expect(data!.searchProducts.edges.map((edge) => edge.node.id)).toEqual(['1', '5']);
    expect(data!.searchProducts.facets.brands).toEqual([
      { value: 'Alpha', count: 1 },
      { value: 'Beta', count: 1 },
      { value: 'Jacketeer', count: 1 },
      { value: 'Maison', count: 1 },
    ]);
  });

  it('refuses a bad cursor or page size with VALIDATION_FAILED', async () => {
    const refused: SearchQueryVariables[] = [{ after: 'nonsense' }, { first: 101 }, { filter: { minPrice: -1 } }];
    for (const variables of refused) {
      const { data, errors } = await send(test.app, Search, variables);
      expect(data).toBeNull();
      expect(errors?.[0]?.extensions.code).toBe('VALIDATION_FAILED');
    }
  });
});

describe('REST and GraphQL', () => {
  const cases: { rest: string; variables: SearchQueryVariables }[] = [
    { rest: 'q=jack', variables: { query: 'jack' } },
    { rest: 'q=jakcet&category=Jackets', variables: { query: 'jakcet', filter: { categories: ['Jackets'] } } },
    { rest: 'q=trail&available=true', variables: { query: 'trail', filter: { available: true } } },
    {
      rest: 'brand=Alpha&brand=Beta&sort=price_desc&max_price=120',
      variables: { filter: { brands: ['Alpha', 'Beta'], maxPrice: 120 }, sort: 'PRICE_DESC' },
    },
    { rest: 'sort=title&limit=4', variables: { sort: 'TITLE', first: 4 } },
    {
      rest: 'currency=JPY&min_price=1000&sort=newest',
      variables: { filter: { currency: 'JPY', minPrice: 1000 }, sort: 'NEWEST' },
    },
  ];

  it.each(cases)(
    '$rest: the same products in the same order, the same total, facets and cursor',
    async ({ rest, variables }) => {
      const answer = (await test.app.inject({ method: 'GET', url: `/search/products?${rest}` })).json<{
        products: { id: number }[];
        total: number;
        next_cursor: string | null;
        facets: unknown;
      }>();
      const { data } = await send(test.app, Search, variables);
      const result = data!.searchProducts;
      expect(answer.products.map((product) => String(product.id))).toEqual(result.edges.map((edge) => edge.node.id));
      expect(answer.total).toBe(result.totalCount);
      expect(answer.next_cursor).toBe(result.pageInfo.hasNextPage ? result.pageInfo.endCursor : null);
      expect(answer.facets).toEqual({
        brand: result.facets.brands,
        category: result.facets.categories,
        price: result.facets.price,
      });
    },
  );
});
