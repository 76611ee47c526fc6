// GraphQL resolvers of the catalog: validate arguments, call one CatalogService method, shape.
import { Arg, Ctx, FieldResolver, ID, Int, Query, Resolver, Root } from 'type-graphql';
import type { CatalogContext } from './loaders.js';
import { CatalogService, defaultPageSize, maxPageSize, mediaCursor, productCursor } from './catalog.service.js';
import {
  CatalogProductType,
  MediaConnectionType,
  MediaType,
  PlacementType,
  ProductConnectionType,
  ProductType,
  SimilarProductType,
  SkuType,
} from './catalog.type.js';
import { MoneyType } from '../graphql/money.type.js';
import { MaxItems } from '../graphql/list-size.js';
import { money, type Money } from '../domain/money.js';
import type {
  MediaKind,
  MediaRecord,
  PlacementRecord,
  ProductRecord,
  SimilarProductRecord,
  SkuRecord,
} from './catalog.model.js';
import { withDefault } from '../graphql/defaults.js';

@Resolver(() => MediaType)
export class MediaResolver {
  constructor(private readonly catalog: CatalogService) {}

  @Query(() => MediaType, { nullable: true, description: 'An image by id or slug (give exactly one).' })
  image(
    @Arg('id', () => ID, { nullable: true }) id: string | null,
    @Arg('slug', () => String, { nullable: true }) slug: string | null,
  ): Promise<MediaRecord> {
    return this.lookup('image', id, slug);
  }

  @Query(() => MediaType, { nullable: true, description: 'A video by id or slug (give exactly one).' })
  video(
    @Arg('id', () => ID, { nullable: true }) id: string | null,
    @Arg('slug', () => String, { nullable: true }) slug: string | null,
  ): Promise<MediaRecord> {
    return this.lookup('video', id, slug);
  }

  private lookup(kind: MediaKind, id: string | null, slug: string | null): Promise<MediaRecord> {
    return this.catalog.media(kind, { id, slug });
  }

  @FieldResolver(() => [ProductType])
  products(@Root() media: MediaRecord, @Ctx() context: CatalogContext): Promise<ProductRecord[]> {
    return this.catalog.mediaProducts(media, context.loaders);
  }

  @FieldResolver(() => [PlacementType], { description: 'Where and when each product shown appears, in catalog order.' })
  @MaxItems('placementsPerMedia')
  placements(
    @Root() media: MediaRecord,
    @Ctx() context: CatalogContext,
    @Arg('atMs', () => Int, {
      nullable: true,
      description: 'Only the placements shown at this millisecond of a video.',
    })
    atMs: number | null,
  ): Promise<PlacementRecord[]> {
    return this.catalog.placements(media, context.loaders, atMs ?? null);
  }
}

@Resolver(() => PlacementType)
export class PlacementResolver {
  constructor(private readonly catalog: CatalogService) {}

  @FieldResolver(() => ProductType, { description: 'The product placed.' })
  product(@Root() placement: PlacementRecord, @Ctx() context: CatalogContext): Promise<ProductRecord> {
    return this.catalog.product(placement.productId, context.loaders);
  }
}

@Resolver(() => CatalogProductType)
export class CatalogProductResolver {
  constructor(private readonly catalog: CatalogService) {}

  @FieldResolver(() => [SkuType])
  skus(@Root() product: ProductRecord, @Ctx() context: CatalogContext): Promise<SkuRecord[]> {
    return this.catalog.skus(product, context.loaders);
  }

  @FieldResolver(() => MoneyType)
  priceMoney(@Root() product: ProductRecord): Money {
    return money(product.priceMinor, product.currency);
  }
}

@Resolver(() => SkuType)
export class SkuResolver {
  @FieldResolver(() => MoneyType, { nullable: true })
  priceMoney(@Root() sku: SkuRecord): Money | null {
    const minor = sku.salePriceMinor ?? sku.retailPriceMinor;
    return minor === null ? null : money(minor, sku.currency);
  }
}

@Resolver(() => ProductType)
export class ProductResolver {
  constructor(private readonly catalog: CatalogService) {}

  @Query(() => ProductType, { nullable: true })
  product(@Arg('id', () => ID) id: string, @Ctx() context: CatalogContext): Promise<ProductRecord> {
    return this.catalog.product(id, context.loaders);
  }

  @Query(() => ProductConnectionType, { description: `Products by ascending id; \`first\` from 1 to ${maxPageSize}.` })
  async products(
    @Arg('first', () => Int, withDefault(defaultPageSize)) first: number,
    @Arg('after', () => String, { nullable: true }) after: string | null,
    @Arg('category', () => String, { nullable: true }) category: string | null,
    @Arg('brand', () => String, { nullable: true }) brand: string | null,
    @Ctx() context: CatalogContext,
  ) {
    // Absent nullable arguments arrive as undefined.
    const page = await this.catalog.products({
      first,
      after: after ?? null,
      category: category ?? null,
      brand: brand ?? null,
    });
    for (const product of page.products) context.productsRead.add(product.id);
    const edges = page.products.map((product) => ({ cursor: productCursor(product), node: product }));
    return {
      edges,
      nodes: page.products,
      pageInfo: { hasNextPage: page.hasNextPage, endCursor: edges.at(-1)?.cursor ?? null },
    };
  }

  @FieldResolver(() => MediaConnectionType, {
    description: `The media that show this product, newest (highest id) first; \`first\` from 1 to ${maxPageSize}.`,
  })
  async media(
    @Root() product: ProductRecord,
    @Arg('first', () => Int, withDefault(defaultPageSize)) first: number,
    @Arg('after', () => String, { nullable: true }) after: string | null,
  ) {
    const page = await this.catalog.productMedia(product, { first, after: after ?? null });
    const edges = page.media.map((media) => ({ cursor: mediaCursor(media), node: media }));
    return {
      edges,
      nodes: page.media,
      pageInfo: { hasNextPage: page.hasNextPage, endCursor: edges.at(-1)?.cursor ?? null },
    };
  }

  @FieldResolver(() => [SimilarProductType])
  async similarProducts(
    @Root() product: ProductRecord,
    @Ctx() context: CatalogContext,
    @Arg('limit', () => Int, { nullable: true, description: 'At most this many (1 to 50); all when omitted.' })
    limit: number | null,
  ): Promise<{ priceTier: SimilarProductRecord['priceTier']; product: ProductRecord }[]> {
    const similar = await this.catalog.similarProducts(product, context.loaders, limit ?? null);
    return similar.map((other) => ({ priceTier: other.priceTier, product: other }));
  }
}
