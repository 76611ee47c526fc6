// Catalog reads shared by GraphQL resolvers and REST handlers: lookups that raise the documented
// errors, and the product tree (SKUs, comparables with their price tier) through the loaders.
import { AppError, parseCatalogId } from '../errors.js';
import { priceTier } from '../domain/price-tier.js';
import type { CatalogRepository } from './catalog.repository.js';
import { skusByProduct, type CatalogLoaders } from './loaders.js';
import { throughCache, type CatalogCache } from './catalog.cache.js';
import type { ProductAnswerRepository } from './product-answer.repository.js';
import type {
  MediaDetail,
  MediaKind,
  MediaRecord,
  PlacementRecord,
  ProductDetail,
  ProductPage,
  ProductRecord,
  SimilarProductRecord,
  SkuRecord,
} from './catalog.model.js';

/** A media item is named by exactly one of its id and its slug. */
export interface MediaRef {
  id?: string | number | null;
  slug?: string | null;
}

export interface ProductPageArgs {
  first: number;
  after: string | null;
  category: string | null;
  brand: string | null;
}

export const maxPageSize = 100;
export const defaultPageSize = 20;
export const maxSimilarLimit = 50;

/** Longest slug looked up; a longer one cannot exist (the import refuses it) and is refused before any lookup. */
export const maxSlugLength = 255;

function checkSlug(slug: string): void {
  if (slug.length > maxSlugLength) {
    throw new AppError('VALIDATION_FAILED', `slug must be at most ${maxSlugLength} characters`, {
      field: 'slug',
      max: maxSlugLength,
    });
  }
}

/** A page's cursors name the last id of the page, for the connection they belong to (`product:`, `media:`). */
const cursorOf = (prefix: string, id: number) => Buffer.from(`${prefix}${id}`).toString('base64url');

function cursorId(prefix: string, cursor: string): number {
  const text = Buffer.from(cursor, 'base64url').toString();
  const id = text.startsWith(prefix) ? Number(text.slice(prefix.length)) : NaN;
  if (!Number.isSafeInteger(id) || id < 0) {
    throw new AppError('VALIDATION_FAILED', `after: "${cursor.slice(0, 64)}" is not a cursor of this connection`, {
      field: 'after',
    });
  }
  return id;
}

export const productCursor = (product: ProductRecord): string => cursorOf('product:', product.id);
export const mediaCursor = (media: MediaRecord): string => cursorOf('media:', media.id);
/** The media id a media cursor names; VALIDATION_FAILED naming `after` when it is not one. */
export const mediaCursorId = (cursor: string): number => cursorId('media:', cursor);

/** VALIDATION_FAILED unless a page size asked for (null: none) is an integer from 1 to `max`. */
function checkPageSize(field: 'first' | 'limit', size: number | null, max = maxPageSize): void {
  if (size !== null && (!Number.isInteger(size) || size < 1 || size > max)) {
    throw new AppError('VALIDATION_FAILED', `${field} must be an integer from 1 to ${max}`, { field });
  }
}

export interface Page {
  first: number;
  after: string | null;
}

export class CatalogService {
  constructor(
    private readonly repository: CatalogRepository,
    private readonly cache: CatalogCache,
    /** Ready answer texts (product-answer.repository.ts); null reads every answer the long way. */
    private readonly storedAnswers: ProductAnswerRepository | null = null,
  ) {}

  /**
   * A media REST answer made of the stored answer texts, or undefined (then read it with
   * mediaDetail). Validates as media() does. Adds the products it shows to `reads`.
   */
  async mediaAnswer(
    kind: MediaKind,
    ref: MediaRef,
    withSimilar: boolean,
    reads: Set<number>,
  ): Promise<string | undefined> {
    if (!this.storedAnswers) return undefined;
    const key = this.mediaKey(kind, ref);
    return key === null ? undefined : this.storedAnswers.media(kind, key, withSimilar, reads);
  }

  /**
   * A product REST answer from the stored answer texts, or undefined (then read it with
   * productDetail). Adds the products it shows to `reads`.
   */
  async productAnswer(givenId: string | number, withSimilar: boolean, reads: Set<number>): Promise<string | undefined> {
    if (!this.storedAnswers) return undefined;
    const id = parseCatalogId(givenId);
    if (id === null) return undefined;
    return withSimilar ? this.storedAnswers.comparableProduct(id, reads) : this.storedAnswers.product(id, reads);
  }

  /**
   * The REST answers of these products, in their order, as stored; undefined when one is missing
   * (then read them with productDetail).
   */
  async productAnswers(ids: readonly number[]): Promise<string[] | undefined> {
    return this.storedAnswers?.products(ids);
  }

  /** The id or slug a media lookup names (null: an id that cannot exist); refuses what media() refuses. */
  private mediaKey(kind: MediaKind, ref: MediaRef): { id: number } | { slug: string } | null {
    const hasId = ref.id !== undefined && ref.id !== null;
    const hasSlug = ref.slug !== undefined && ref.slug !== null;
    if (hasId === hasSlug) {
      throw new AppError(
        'VALIDATION_FAILED',
        `Give exactly one of id and slug to look up ${kind === 'image' ? 'an image' : 'a video'}`,
        { fields: ['id', 'slug'] },
      );
    }
    if (hasSlug) {
      checkSlug(String(ref.slug));
      return { slug: String(ref.slug) };
    }
    const id = parseCatalogId(ref.id as string | number);
    return id === null ? null : { id };
  }

  async media(kind: MediaKind, ref: MediaRef): Promise<MediaRecord> {
    const key = this.mediaKey(kind, ref);
    const media =
      key === null
        ? null
        : 'id' in key
          ? await this.cached(`${kind}:${key.id}`, () => this.repository.mediaById(kind, key.id))
          : await this.cached(`${kind}:slug:${key.slug}`, () => this.repository.mediaBySlug(kind, key.slug));
    if (!media) {
      const hasId = ref.id !== undefined && ref.id !== null;
      const by = hasId ? `id ${String(ref.id)}` : `slug "${String(ref.slug).slice(0, 200)}"`;
      throw new AppError(
        'MEDIA_NOT_FOUND',
        `No ${kind} with ${by}`,
        hasId ? { id: String(ref.id) } : { slug: String(ref.slug).slice(0, 200) },
      );
    }
    return media;
  }

  private async cached(key: string, load: () => Promise<MediaRecord | null>): Promise<MediaRecord | null> {
    const held = this.cache.media.get(key);
    if (held !== undefined) return held;
    const since = this.cache.media.stamp();
    const media = await load();
    // Only what exists is kept (a miss's key is the caller's choice), unless an import came since.
    if (media) this.cache.media.set(key, media, since);
    return media;
  }

  async mediaProducts(media: MediaRecord, loaders: CatalogLoaders): Promise<ProductRecord[]> {
    const ids = await loaders.productIdsOfMedia.load(media.id);
    loaders.budget.take(ids.length);
    return present(await loaders.product.loadMany(ids));
  }

  /**
   * The media item's placements in document order; with `atMs`, those whose time range covers that
   * instant (start included, end excluded; a placement without one covers the whole video).
   */
  async placements(
    media: MediaRecord,
    loaders: CatalogLoaders,
    atMs: number | null = null,
  ): Promise<PlacementRecord[]> {
    if (atMs !== null && (!Number.isSafeInteger(atMs) || atMs < 0)) {
      throw new AppError('VALIDATION_FAILED', 'atMs must be a whole number of milliseconds, 0 or more', {
        field: 'atMs',
      });
    }
    const placements = await loaders.placementsOfMedia.load(media.id);
    loaders.budget.take(placements.length);
    if (atMs === null) return placements;
    return placements.filter(
      (placement) =>
        placement.startMs === null || placement.endMs === null || (placement.startMs <= atMs && atMs < placement.endMs),
    );
  }

  /** A media item with its placements, as the REST placements routes show it. */
  async mediaPlacements(
    kind: MediaKind,
    ref: MediaRef,
    loaders: CatalogLoaders,
    atMs: number | null,
  ): Promise<{ media: MediaRecord; placements: PlacementRecord[] }> {
    const media = await this.media(kind, ref);
    return { media, placements: await this.placements(media, loaders, atMs) };
  }

  async product(givenId: string | number, loaders: CatalogLoaders): Promise<ProductRecord> {
    const id = parseCatalogId(givenId);
    const product = id === null ? null : await loaders.product.load(id);
    if (!product)
      throw new AppError('PRODUCT_NOT_FOUND', `No product with id ${String(givenId)}`, { id: String(givenId) });
    return product;
  }

  /**
   * The quantities of these products' listed SKUs, by SKU id, through the shared cache (for the
   * kept answers that show them: http/answer-cache.ts).
   */
  async quantities(productIds: number[]): Promise<Map<number, number>> {
    const skus = await throughCache(
      productIds,
      this.cache.skus,
      async (missing) => skusByProduct(missing, await this.repository.skusOfProducts(missing)),
      [],
    );
    return new Map(skus.flat().map((sku) => [sku.skuId, sku.qtyAvailable]));
  }

  /** A product's listed SKUs, in catalog order. */
  async skus(product: ProductRecord, loaders: CatalogLoaders): Promise<SkuRecord[]> {
    const skus = await loaders.skusOfProduct.load(product.id);
    loaders.budget.take(skus.length);
    return skus;
  }

  /** Curated comparables in document order (at most `limit`), each with its price tier. */
  async similarProducts(
    product: ProductRecord,
    loaders: CatalogLoaders,
    limit: number | null = null,
  ): Promise<SimilarProductRecord[]> {
    checkPageSize('limit', limit, maxSimilarLimit);
    const ids = await loaders.similarIdsOfProduct.load(product.id);
    const asked = limit === null ? ids : ids.slice(0, limit);
    loaders.budget.take(asked.length);
    const similar = present(await loaders.product.loadMany(asked));
    return similar.map((other) => ({
      ...other,
      priceTier: priceTier(
        { minor: product.priceMinor, currency: product.currency },
        { minor: other.priceMinor, currency: other.currency },
      ),
    }));
  }

  /** A media item with its products, as the REST media routes show it. */
  async mediaDetail(
    kind: MediaKind,
    ref: MediaRef,
    loaders: CatalogLoaders,
    withSimilar: boolean,
  ): Promise<MediaDetail> {
    const media = await this.media(kind, ref);
    const products = await this.mediaProducts(media, loaders);
    return {
      media,
      products: await Promise.all(products.map((product) => this.detail(product, loaders, withSimilar))),
    };
  }

  /** A product with its SKUs and, when asked, its comparables with theirs. */
  async productDetail(givenId: string | number, loaders: CatalogLoaders, withSimilar: boolean): Promise<ProductDetail> {
    return this.detail(await this.product(givenId, loaders), loaders, withSimilar);
  }

  // Every step goes through the loaders, so the products of one answer share each query.
  private async detail(product: ProductRecord, loaders: CatalogLoaders, withSimilar: boolean): Promise<ProductDetail> {
    if (!withSimilar) return { product, skus: await this.skus(product, loaders) };
    const [skus, similar] = await Promise.all([this.skus(product, loaders), this.similarProducts(product, loaders)]);
    const similarDetails = await Promise.all(
      similar.map(async (other) => ({ product: other, skus: await this.skus(other, loaders) })),
    );
    return { product, skus, similar: similarDetails };
  }

  async products(args: ProductPageArgs): Promise<ProductPage> {
    checkPageSize('first', args.first);
    const rows = await this.repository.productPage({
      first: args.first,
      afterId: args.after === null ? null : cursorId('product:', args.after),
      category: args.category,
      brand: args.brand,
    });
    return { products: rows.slice(0, args.first), hasNextPage: rows.length > args.first };
  }

  /**
   * What the demo storefront shows: the first image with placements and a video with placements,
   * chosen among the first few so that together they sell from two stores that one cart can hold
   * (a cart's lines share a currency) when the catalog allows it. Either may be missing.
   */
  async showcase(): Promise<{ kind: MediaKind; id: number; slug: string }[]> {
    const placed = await this.repository.placedMedia(50);
    const image = placed.find((media) => media.kind === 'image');
    const videos = placed.filter((media) => media.kind === 'video');
    const imageStores = new Set(image?.stores.map((store) => store.id));
    const imageCurrencies = new Set(image?.stores.map((store) => store.currency));
    const otherStore = (media: (typeof placed)[number], sameCurrency: boolean) =>
      media.stores.some(
        (store) => !imageStores.has(store.id) && (!sameCurrency || imageCurrencies.has(store.currency)),
      );
    const video =
      videos.find((media) => otherStore(media, true)) ?? videos.find((media) => otherStore(media, false)) ?? videos[0];
    return [image, video].filter((media) => media !== undefined).map(({ kind, id, slug }) => ({ kind, id, slug }));
  }

  /** The media that show a product, newest (highest id) first, a page at a time. */
  async productMedia(product: ProductRecord, page: Page): Promise<{ media: MediaRecord[]; hasNextPage: boolean }> {
    checkPageSize('first', page.first);
    const rows = await this.repository.mediaOfProduct(
      product.id,
      page.first + 1,
      page.after === null ? null : cursorId('media:', page.after),
    );
    return { media: rows.slice(0, page.first), hasNextPage: rows.length > page.first };
  }

  /** The same for a product named by its id (REST). */
  async productMediaById(
    givenId: string | number,
    loaders: CatalogLoaders,
    page: Page,
  ): Promise<{ media: MediaRecord[]; hasNextPage: boolean }> {
    return this.productMedia(await this.product(givenId, loaders), page);
  }
}

function present<T>(values: (T | null | Error)[]): T[] {
  const found: T[] = [];
  for (const value of values) {
    if (value instanceof Error) throw value;
    if (value !== null) found.push(value);
  }
  return found;
}
