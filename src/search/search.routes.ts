// REST catalog search (twin: search.resolver.ts): GET /search/products, one SearchService call;
// the products as the read model has their GET /product/{id} answers, else read the long way.
import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { CatalogService } from '../catalog/catalog.service.js';
import type { CatalogChanges } from '../catalog/catalog-changes.js';
import { productView } from '../catalog/catalog.view.js';
import { errors, sendText } from '../rest/responses.js';
import type { SearchFilter, SearchSort } from './search.model.js';
import type { ProductSearch, SearchResult } from './search.service.js';
import { ProductSearchAnswer, SearchQuery, type SearchQueryView } from './search.schemas.js';
import { Ref } from '../rest/schema.js';

const list = (value: string | string[] | undefined) =>
  value === undefined ? undefined : Array.isArray(value) ? value : [value];

/** The query string as the service takes it. */
export function searchInput(query: SearchQueryView) {
  const filter: SearchFilter = {};
  const brands = list(query.brand);
  const categories = list(query.category);
  if (brands) filter.brands = brands;
  if (categories) filter.categories = categories;
  if (query.min_price !== undefined) filter.minPrice = Number(query.min_price);
  if (query.max_price !== undefined) filter.maxPrice = Number(query.max_price);
  if (query.currency !== undefined) filter.currency = query.currency.toUpperCase();
  if (query.available !== undefined) filter.available = query.available === 'true';
  return {
    query: query.q ?? null,
    filter,
    sort: (query.sort ?? 'relevance').toUpperCase() as SearchSort,
    first: query.limit === undefined ? 20 : Number(query.limit),
    after: query.cursor ?? null,
  };
}

/** The answer's fields after the products, as JSON text. */
function rest(result: SearchResult): string {
  const { facets } = result;
  const nextCursor = result.hasNextPage ? (result.edges.at(-1)?.cursor ?? null) : null;
  const facetsJson = JSON.stringify({ brand: facets.brands, category: facets.categories, price: facets.price });
  return `"total":${result.totalCount},"next_cursor":${JSON.stringify(nextCursor)},"facets":${facetsJson}`;
}

export function registerSearchRoutes(
  app: FastifyInstance,
  search: ProductSearch,
  catalog: CatalogService,
  changes: CatalogChanges,
): void {
  const api = app.withTypeProvider<TypeBoxTypeProvider>();
  api.get(
    '/search/products',
    {
      schema: {
        tags: ['Products'],
        summary: 'Search the catalog',
        description:
          'Every word must match, in the title, brand, category, description, variant values or SKU names, ' +
          'ignoring case and accents; the last word also as a prefix (from two letters); one typo in ' +
          'words of five letters or more. Filters, sorts, a cursor, and facets counted under the other ' +
          'filters.',
        querystring: SearchQuery,
        response: { 200: Ref(ProductSearchAnswer), ...errors('SEARCH_UNAVAILABLE', 'ANSWER_TOO_LARGE') },
      },
    },
    async (request, reply) => {
      const result = await search.search(searchInput(request.query));
      const ids = result.edges.map((edge) => edge.productId);
      let products = await catalog.productAnswers(ids);
      if (products === undefined) {
        // The long way reads through the catalog cache: up to the catalog's versions first.
        if (!changes.isFresh()) await changes.fresh();
        products = await Promise.all(
          ids.map(async (id) =>
            JSON.stringify(productView(await catalog.productDetail(id, request.context.loaders, false))),
          ),
        );
      }
      sendText(reply, `{"products":[${products.join(',')}],${rest(result)}}`);
      return reply;
    },
  );
}
