// REST shapes of the catalog search (GET /search/products): its query string and its answer.
import { Type, type Static } from '@sinclair/typebox';
import { Named, Nullable, NullableRef, Ref } from '../rest/schema.js';
import { Product } from '../catalog/catalog.schemas.js';
import { maxPageSize, maxQueryLength } from './search.service.js';

const Values = (what: string) =>
  Type.Optional(
    Type.Union([Type.String({ maxLength: 200 }), Type.Array(Type.String({ maxLength: 200 }), { maxItems: 50 })], {
      description: `Only products of this ${what}; repeat the parameter for several (any of them).`,
    }),
  );

const Amount = (description: string) =>
  Type.Optional(Type.String({ pattern: '^[0-9]{1,12}(\\.[0-9]{1,6})?$', description }));

export const SearchQuery = Type.Object({
  q: Type.Optional(
    Type.String({
      maxLength: maxQueryLength,
      description: `The words to find, every one of them (at most ${maxQueryLength} characters); none: every product.`,
    }),
  ),
  brand: Values('brand'),
  category: Values('category'),
  min_price: Amount("The least price, in major units of each product's own currency (50 is $50.00, ¥50)."),
  max_price: Amount("The greatest price, in major units of each product's own currency."),
  currency: Type.Optional(
    Type.String({
      pattern: '^[A-Za-z]{3}$',
      description: 'Only products in this currency (ISO 4217); the price bounds are then in it alone.',
    }),
  ),
  available: Type.Optional(
    Type.Union([Type.Literal('true'), Type.Literal('false')], {
      description: 'true: only products that can be bought now (a listed SKU in stock).',
    }),
  ),
  sort: Type.Optional(
    Type.Union(
      [
        Type.Literal('relevance'),
        Type.Literal('price_asc'),
        Type.Literal('price_desc'),
        Type.Literal('newest'),
        Type.Literal('title'),
      ],
      {
        description:
          'relevance (default): title over brand over category over the rest, exact words over prefixes ' +
          'over typos, then by id.',
      },
    ),
  ),
  limit: Type.Optional(
    Type.String({ pattern: '^[0-9]{1,3}$', description: `How many, 0 to ${maxPageSize} (default 20).` }),
  ),
  cursor: Type.Optional(
    Type.String({ maxLength: 500, description: "The previous page's `next_cursor`, with the same sort." }),
  ),
});
export type SearchQueryView = Static<typeof SearchQuery>;

const FacetValue = Type.Object({ value: Type.String(), count: Type.Integer() });

export const SearchPriceRange = Named(
  'SearchPriceRange',
  Type.Object(
    {
      min: Type.Number(),
      max: Type.Number(),
      currency: Type.String({ description: 'ISO 4217; min and max are in its major units.' }),
    },
    {
      description:
        'The lowest and highest price of the products counted (under the other filters, not the price ' +
        'bounds), in the currency most of them are in.',
    },
  ),
);

export const ProductSearchAnswer = Named(
  'ProductSearchAnswer',
  Type.Object(
    {
      products: Type.Array(Ref(Product)),
      total: Type.Integer({ description: 'How many products match, under every filter.' }),
      next_cursor: Nullable(Type.String({ description: 'The cursor of the next page; null on the last.' })),
      facets: Type.Object(
        {
          brand: Type.Array(FacetValue, {
            description:
              'Brands of the products found under the other filters (not the brand filter), the most frequent first.',
          }),
          category: Type.Array(FacetValue, { description: 'Categories, likewise (not the category filter).' }),
          price: NullableRef(SearchPriceRange, { description: 'Null when no product is counted.' }),
        },
        { description: 'Counted over the whole result, each under the other filters.' },
      ),
    },
    { description: 'A page of the products matching a search, with the total and the facets.' },
  ),
);
export type ProductSearchAnswerView = Static<typeof ProductSearchAnswer>;
