// The catalog search in GraphQL: one SearchService call, the products read through the request's loaders.
import { Arg, Ctx, Int, Query, Resolver } from 'type-graphql';
import type { CatalogService } from '../catalog/catalog.service.js';
import type { CatalogContext } from '../catalog/loaders.js';
import type { SearchFilter } from './search.model.js';
import { maxPageSize, type ProductSearch } from './search.service.js';
import { ProductSearchConnectionType, ProductSearchFilterInput, ProductSearchSortEnum } from './search.type.js';
import { withDefault } from '../graphql/defaults.js';

/** Given fields only: GraphQL hands absent ones as undefined and explicit nulls as null. */
function filterOf(input: ProductSearchFilterInput | null | undefined): SearchFilter {
  const filter: SearchFilter = {};
  if (!input) return filter;
  if (input.brands != null) filter.brands = input.brands;
  if (input.categories != null) filter.categories = input.categories;
  if (input.minPrice != null) filter.minPrice = input.minPrice;
  if (input.maxPrice != null) filter.maxPrice = input.maxPrice;
  if (input.currency != null) filter.currency = input.currency;
  if (input.available != null) filter.available = input.available;
  return filter;
}

@Resolver()
export class SearchResolver {
  constructor(
    private readonly search: ProductSearch,
    private readonly catalog: CatalogService,
  ) {}

  @Query(() => ProductSearchConnectionType, {
    description:
      `Products matching every word of \`query\` (in title, brand, category, description, ` +
      `variant values or SKU names; the last word also as a prefix, one typo in words of 5+ letters); ` +
      `\`first\` from 0 to ${maxPageSize}.`,
  })
  async searchProducts(
    @Ctx() context: CatalogContext,
    @Arg('query', () => String, { nullable: true }) query: string | null,
    @Arg('filter', () => ProductSearchFilterInput, { nullable: true }) filter: ProductSearchFilterInput | null,
    @Arg('sort', () => ProductSearchSortEnum, withDefault(ProductSearchSortEnum.RELEVANCE)) sort: ProductSearchSortEnum,
    @Arg('first', () => Int, withDefault(20)) first: number,
    @Arg('after', () => String, { nullable: true }) after: string | null,
  ): Promise<ProductSearchConnectionType> {
    const result = await this.search.search({ query, filter: filterOf(filter), sort, first, after });
    const nodes = await Promise.all(result.edges.map((edge) => this.catalog.product(edge.productId, context.loaders)));
    const edges = result.edges.map((edge, index) => ({ cursor: edge.cursor, node: nodes[index]! }));
    return {
      edges,
      pageInfo: { hasNextPage: result.hasNextPage, endCursor: edges.at(-1)?.cursor ?? null },
      totalCount: result.totalCount,
      facets: result.facets,
    };
  }
}
