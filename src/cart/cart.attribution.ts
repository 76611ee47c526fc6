// Attribution of cart items to the media item they were added from (docs/carts.md, "Attribution and media
// performance"): the ids are checked for shape first, then against the catalog in two indexed reads for the
// whole request: the media item must show the item's product, and a placement must be one of that media
// item's and place that product. Any refusal throws before the cart is written.
import type { DbClient } from '../db/database.js';
import { AppError } from '../errors.js';
import type { Attribution, CartRepository, CartSku } from './cart.repository.js';

/** What an item names, once its shape is checked. */
export interface NamedMedia {
  mediaId: number;
  placementId: string | null;
  position: number | null;
}

const maxId = 2_147_483_647;
const mediaIdShape = /^[1-9][0-9]{0,9}$/;
const placementShape = /^([1-9][0-9]{0,9}):(0|[1-9][0-9]{0,9})$/;

/**
 * The media item and placement an item names, or null. A placement without its media item is
 * refused rather than guessed: the client always says which media item it shows.
 */
export function namedMedia(
  index: number,
  mediaId: string | number | null | undefined,
  placementId: string | null | undefined,
): NamedMedia | null {
  const media = mediaId === null || mediaId === undefined ? null : String(mediaId).trim();
  const placement = placementId === null || placementId === undefined ? null : String(placementId).trim();
  if (media === null || media === '') {
    if (placement !== null && placement !== '') {
      throw new AppError('VALIDATION_FAILED', `items[${index}].placement_id needs the media_id of its media item`, {
        index,
        field: 'media_id',
      });
    }
    return null;
  }
  if (!mediaIdShape.test(media))
    throw new AppError('VALIDATION_FAILED', `items[${index}].media_id must be a positive integer`, {
      index,
      field: 'media_id',
    });
  if (placement === null || placement === '') return { mediaId: Number(media), placementId: null, position: null };
  const match = placementShape.exec(placement);
  if (!match)
    throw new AppError('VALIDATION_FAILED', `items[${index}].placement_id must be <media id>:<position>`, {
      index,
      field: 'placement_id',
    });
  return {
    mediaId: Number(media),
    placementId: placement,
    position: Number(match[1]) === Number(media) ? Number(match[2]) : null,
  };
}

function notAttributable(index: number, named: NamedMedia, sku: CartSku, why: string): AppError {
  return new AppError(
    'MEDIA_NOT_ATTRIBUTABLE',
    `Item ${index} cannot be attributed to media ${named.mediaId}: ${why}`,
    {
      index,
      media_id: String(named.mediaId),
      placement_id: named.placementId,
      variant_id: String(sku.id),
      product_id: String(sku.productId),
    },
  );
}

/**
 * Checks every named media item against the catalog and answers each item's attribution (null
 * for items that name none), dated `at`.
 */
export async function checkAttributions(
  repository: CartRepository,
  tx: DbClient,
  items: { index: number; sku: CartSku; named: NamedMedia | null }[],
  at: Date,
): Promise<(Attribution | null)[]> {
  const named = items.filter((item) => item.named !== null);
  if (named.length === 0) return items.map(() => null);
  const mediaIds = [...new Set(named.map((item) => item.named!.mediaId).filter((id) => id <= maxId))];
  const keys = named.flatMap((item) =>
    item.named!.position !== null && item.named!.position <= maxId
      ? [{ mediaId: item.named!.mediaId, position: item.named!.position }]
      : [],
  );
  // Begun together: on PostgreSQL they leave in one write (db/pg-pipeline.ts).
  const [shown, placed] = await Promise.all([
    mediaIds.length > 0 ? repository.productsOfMedia(tx, mediaIds) : new Map<number, Set<number>>(),
    keys.length > 0 ? repository.productsOfPlacements(tx, keys) : new Map<string, number>(),
  ]);
  return items.map(({ index, sku, named: media }) => {
    if (!media) return null;
    const products = shown.get(media.mediaId);
    if (!products) throw notAttributable(index, media, sku, 'no such media item (or it shows no products)');
    if (!products.has(sku.productId))
      throw notAttributable(index, media, sku, `it does not show product ${sku.productId}`);
    if (media.placementId !== null) {
      const product = media.position === null ? undefined : placed.get(`${media.mediaId}:${media.position}`);
      if (product === undefined)
        throw notAttributable(index, media, sku, `${media.placementId} is not one of its placements`);
      if (product !== sku.productId)
        throw notAttributable(
          index,
          media,
          sku,
          `placement ${media.placementId} places product ${product}, not ${sku.productId}`,
        );
    }
    return { mediaId: media.mediaId, placementId: media.placementId, attributedAt: at };
  });
}
