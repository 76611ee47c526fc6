// GraphQL types of the catalog. Root values are the records of catalog.model.ts, whose property
// names are the field names: `simpleResolvers` lets graphql-js read them directly (no wrapper per
// field); only the fields that load more (skus, similarProducts, products) have resolvers. The
// fields of a product, a SKU and a media item are their field tables' (catalog.fields.ts), but for
// lists and enums, which the classes declare themselves, and what the tables do not hold
// (priceMoney, relations).
import { MoneyType } from '../graphql/money.type.js';
import { Field, Float, ID, Int, InterfaceType, ObjectType, registerEnumType } from 'type-graphql';
import { DateTimeScalar } from '../graphql/scalars.js';
import { MaxItems } from '../graphql/list-size.js';
import { mediaTable, productTable, skuTable, type Field as TableField } from './catalog.fields.js';
import type { GraphqlType } from './field-table.js';

const scalars = { ID, String, Int, Float, Boolean, DateTime: DateTimeScalar } satisfies Record<
  Exclude<GraphqlType, 'own'>,
  unknown
>;

/**
 * Declares on a class the GraphQL fields its field table holds, in table order (before the class's
 * own): each field GraphQL shows, of its kind's scalar, nullable when its value may be null, with
 * its description; not those of kind `own` (lists, enums), which the class declares itself.
 */
function tableFields(type: { prototype: object }, fields: readonly TableField[]): void {
  for (const { key, graphql, nullable } of fields) {
    if (graphql === null || graphql.type === 'own') continue;
    const scalar = scalars[graphql.type];
    const options = graphql.description === undefined ? { nullable } : { nullable, description: graphql.description };
    Field(() => scalar, options)(type.prototype, key);
  }
}

export enum MediaKindEnum {
  IMAGE = 'image',
  VIDEO = 'video',
}
registerEnumType(MediaKindEnum, { name: 'MediaKind' });

export enum PriceTierEnum {
  LOWER = 'lower',
  SIMILAR = 'similar',
  HIGHER = 'higher',
}
registerEnumType(PriceTierEnum, {
  name: 'PriceTier',
  description:
    "A comparable's price against the product's: LOWER below 90 %, SIMILAR from 90 % to 110 %, HIGHER above 110 %.",
});

@ObjectType('VariantOption', {
  simpleResolvers: true,
  description: 'A variant dimension of a product, such as Size or Color, with its values.',
})
export class VariantOptionType {
  @Field(() => String)
  name!: string;

  @Field(() => Boolean, { description: 'Whether the option is shown as a visual swatch.' })
  visual!: boolean;

  @Field(() => [String])
  @MaxItems('valuesPerVariant')
  values!: string[];
}

@ObjectType('VariantValue', { simpleResolvers: true })
export class VariantValueType {
  @Field(() => String)
  variant!: string;

  @Field(() => String)
  value!: string;
}

@ObjectType('SkuDimension', { simpleResolvers: true })
export class SkuDimensionType {
  @Field(() => Float)
  weight!: number;

  @Field(() => String)
  type!: string;
}

@ObjectType('Sku', {
  simpleResolvers: true,
  description: 'A purchasable variant of a product, sold by one store (its merchant).',
})
export class SkuType {
  static {
    tableFields(this, skuTable.fields);
  }

  @Field(() => MoneyType, {
    nullable: true,
    description:
      'What the SKU sells for (its sale price, else its retail price) as Money, with the `displayValue` to ' +
      'show; null when it has neither.',
  })
  priceMoney!: MoneyType | null;

  @Field(() => [VariantValueType])
  @MaxItems('valuesPerSku')
  variantValues!: VariantValueType[];

  @Field(() => [SkuDimensionType])
  @MaxItems('dimensionsPerSku')
  skuDimensions!: SkuDimensionType[];
}

@InterfaceType('CatalogProduct', { description: 'The fields every product has, wherever it appears.' })
export abstract class CatalogProductType {
  static {
    tableFields(this, productTable.fields);
  }

  @Field(() => MoneyType, {
    description: 'The price as Money: the exact `minorUnits` and the `displayValue` to show ("$189.00").',
  })
  priceMoney!: MoneyType;

  @Field(() => [String])
  @MaxItems('imagesPerProduct')
  images!: string[];

  @Field(() => [VariantOptionType])
  @MaxItems('variantsPerProduct')
  variants!: VariantOptionType[];

  @Field(() => [SkuType])
  @MaxItems('skusPerProduct')
  skus!: SkuType[];
}

@ObjectType('Product', { simpleResolvers: true, implements: CatalogProductType })
export class ProductType extends CatalogProductType {
  @Field(() => [SimilarProductType], {
    description: 'Curated comparable products, in catalog order, each with where its price sits against this product.',
  })
  @MaxItems('similarPerProduct')
  similarProducts!: SimilarProductType[];
}

/**
 * A comparison, not a product: its price tier depends on both products, so it lives on this
 * edge (which has no id and stays inside the product it is listed under), while the comparable
 * itself is the one `Product` entity a normalized client cache keeps by its id.
 */
@ObjectType('SimilarProduct', {
  simpleResolvers: true,
  description:
    'A comparable product as listed under another product: the comparable itself, and where its price sits ' +
    'against that product.',
})
export class SimilarProductType {
  @Field(() => PriceTierEnum, {
    description:
      "The comparable's price against the product it is listed under: LOWER below 90 %, " +
      'SIMILAR from 90 to 110 %, HIGHER above.',
  })
  priceTier!: PriceTierEnum;

  @Field(() => ProductType)
  product!: ProductType;
}

@ObjectType('Media', { simpleResolvers: true, description: 'An image or a video and the products shown in it.' })
export class MediaType {
  static {
    tableFields(this, mediaTable.fields);
  }

  @Field(() => MediaKindEnum)
  kind!: MediaKindEnum;

  @Field(() => [ProductType], { description: 'The products shown, in catalog order.' })
  @MaxItems('productsPerMedia')
  products!: ProductType[];
}

@ObjectType('Placement', {
  simpleResolvers: true,
  description: 'Where and when a product a media item shows appears in it.',
})
export class PlacementType {
  @Field(() => ID, { description: '`<media id>:<position>`: unique among all media.' })
  id!: string;

  @Field(() => Float, {
    nullable: true,
    description: 'From the left, a fraction 0-1 of the width (always on images; null on a video placed by time only).',
  })
  x!: number | null;

  @Field(() => Float, { nullable: true, description: 'From the top, a fraction 0-1 of the height.' })
  y!: number | null;

  @Field(() => Int, {
    nullable: true,
    description: "A video's time range: from this millisecond (null: the whole video).",
  })
  startMs!: number | null;

  @Field(() => Int, { nullable: true, description: 'To this millisecond, excluded.' })
  endMs!: number | null;
}

@ObjectType('PageInfo', { simpleResolvers: true })
export class PageInfoType {
  @Field(() => Boolean)
  hasNextPage!: boolean;

  @Field(() => String, { nullable: true })
  endCursor!: string | null;
}

@ObjectType('ProductEdge', { simpleResolvers: true })
export class ProductEdgeType {
  @Field(() => String)
  cursor!: string;

  @Field(() => ProductType)
  node!: ProductType;
}

@ObjectType('ProductConnection', { simpleResolvers: true })
export class ProductConnectionType {
  @Field(() => [ProductEdgeType])
  edges!: ProductEdgeType[];

  @Field(() => [ProductType])
  nodes!: ProductType[];

  @Field(() => PageInfoType)
  pageInfo!: PageInfoType;
}

@ObjectType('MediaEdge', { simpleResolvers: true })
export class MediaEdgeType {
  @Field(() => String)
  cursor!: string;

  @Field(() => MediaType)
  node!: MediaType;
}

@ObjectType('MediaConnection', { simpleResolvers: true })
export class MediaConnectionType {
  @Field(() => [MediaEdgeType])
  edges!: MediaEdgeType[];

  @Field(() => [MediaType])
  nodes!: MediaType[];

  @Field(() => PageInfoType)
  pageInfo!: PageInfoType;
}
