// GraphQL types of the catalog search: the filter and sort it takes, the connection it answers
// (products with cursors, the total, the facets).
import { Field, Float, InputType, Int, ObjectType, registerEnumType } from 'type-graphql';
import { PageInfoType, ProductType } from '../catalog/catalog.type.js';
import type { ProductRecord } from '../catalog/catalog.model.js';
import { MaxItems } from '../graphql/list-size.js';
import { maxFacetValues } from './search.model.js';

export enum ProductSearchSortEnum {
  RELEVANCE = 'RELEVANCE',
  PRICE_ASC = 'PRICE_ASC',
  PRICE_DESC = 'PRICE_DESC',
  NEWEST = 'NEWEST',
  TITLE = 'TITLE',
}
registerEnumType(ProductSearchSortEnum, {
  name: 'ProductSearchSort',
  description:
    'RELEVANCE: title over brand over category over the rest, exact words over prefixes over typos, then by id.',
});

@InputType('ProductSearchFilter')
export class ProductSearchFilterInput {
  @Field(() => [String], { nullable: true, description: 'Products of any of these brands.' })
  brands?: string[] | null;

  @Field(() => [String], { nullable: true, description: 'Products of any of these categories.' })
  categories?: string[] | null;

  @Field(() => Float, {
    nullable: true,
    description: "At least this price, in major units of each product's own currency.",
  })
  minPrice?: number | null;

  @Field(() => Float, {
    nullable: true,
    description: "At most this price, in major units of each product's own currency.",
  })
  maxPrice?: number | null;

  @Field(() => String, { nullable: true, description: 'Products in this currency only.' })
  currency?: string | null;

  @Field(() => Boolean, {
    nullable: true,
    description: 'true: available products only (the product, and one of its listed SKUs in stock).',
  })
  available?: boolean | null;
}

@ObjectType('ProductSearchEdge', { simpleResolvers: true })
export class ProductSearchEdgeType {
  @Field(() => String)
  cursor!: string;

  @Field(() => ProductType)
  node!: ProductRecord;
}

@ObjectType('FacetValue', { simpleResolvers: true })
export class FacetValueType {
  @Field(() => String)
  value!: string;

  @Field(() => Int)
  count!: number;
}

@ObjectType('PriceRange', {
  simpleResolvers: true,
  description:
    'The lowest and highest price of the products counted, in the currency most of them are in (with the ' +
    'currency filter, that currency).',
})
export class PriceRangeType {
  @Field(() => Float, { description: 'In major units of `currency` (12.5 is $12.50).' })
  min!: number;

  @Field(() => Float)
  max!: number;

  @Field(() => String, { description: 'ISO 4217 code.' })
  currency!: string;
}

@ObjectType('ProductSearchFacets', {
  simpleResolvers: true,
  description:
    `Counted over the whole result under the other filters (the brand facet ignores the brand ` +
    `filter, and so on); the ${maxFacetValues} most frequent brands and categories.`,
})
export class ProductSearchFacetsType {
  @Field(() => [FacetValueType])
  @MaxItems(maxFacetValues)
  brands!: FacetValueType[];

  @Field(() => [FacetValueType])
  @MaxItems(maxFacetValues)
  categories!: FacetValueType[];

  @Field(() => PriceRangeType, { nullable: true })
  price!: PriceRangeType | null;
}

@ObjectType('ProductSearchConnection', { simpleResolvers: true })
export class ProductSearchConnectionType {
  @Field(() => [ProductSearchEdgeType])
  edges!: ProductSearchEdgeType[];

  @Field(() => PageInfoType)
  pageInfo!: PageInfoType;

  @Field(() => Int)
  totalCount!: number;

  @Field(() => ProductSearchFacetsType)
  facets!: ProductSearchFacetsType;
}
