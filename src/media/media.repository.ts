// The only code of the media admin API that talks to the database: a media item with its products
// and placements, read and written as the catalog import writes them (Media, MediaProduct,
// MediaPlacement); the tombstone a deletion leaves (DeletedMedia); the page of a list; and, as an
// import does, the catalog's import version moved and its shape kept in the write's transaction.
import type { DbClient } from '../db/database.js';
import { dialectOf } from '../db/dialect.js';
import { bumpImportVersion } from '../catalog/catalog-version.repository.js';
import { growMediaShape } from '../catalog/catalog-shape.repository.js';
import type { CheckedMedia } from './media.input.js';
import type { AdminMedia, MediaKind, StoredMedia } from './media.model.js';

interface MediaRow {
  id: number;
  type: string;
  slug: string;
  fileName: string;
  platform: string | null;
  url: string | null;
  posterUrl: string | null;
  width: number | null;
  height: number | null;
  durationMs: number | null;
  alt: string | null;
  captionsUrl: string | null;
  products: { productId: number }[];
}

function adminMedia({ type, products, ...row }: MediaRow): AdminMedia {
  return { ...row, kind: type as MediaKind, productIds: products.map((link) => link.productId) };
}

const inOrder = { orderBy: { position: 'asc' as const } };
/** The largest id a row can have (32-bit). */
const maxStoredId = 2_147_483_647;

/** What a page of the list is asked for. */
export interface MediaListQuery {
  kind: MediaKind | null;
  /** Lower-case text that the slug or the alt text contains. */
  query: string | null;
  /** Ids below this one (the page before ended there); null: from the newest. */
  beforeId: number | null;
  limit: number;
}

export class MediaRepository {
  /**
   * Begins a write (first in its transaction): moves the catalog's import row, so that every
   * process drops what it keeps of the catalog as after an import, and holds that row's lock to the
   * commit: media writes go one at a time, ids and slugs read in them stay true.
   */
  async beginWrite(tx: DbClient): Promise<void> {
    await bumpImportVersion(tx);
  }

  /** Ends a write: the catalog's shape (what GraphQL's cost estimate sizes lists by) holds this item's lists. */
  async keepShape(
    tx: DbClient,
    media: { productIds: readonly number[]; placements: readonly unknown[] },
  ): Promise<void> {
    await growMediaShape(tx, {
      productsPerMedia: media.productIds.length,
      placementsPerMedia: media.placements.length,
    });
  }

  /** A new media item's id: above every media item's, deleted ones too (their carts and orders keep theirs). */
  async nextId(tx: DbClient): Promise<number> {
    const media = await tx.media.aggregate({ _max: { id: true } });
    const deleted = await tx.deletedMedia.aggregate({ _max: { id: true } });
    return Math.max(media._max.id ?? 0, deleted._max.id ?? 0) + 1;
  }

  async get(tx: DbClient, id: number): Promise<StoredMedia | null> {
    const row = await tx.media.findUnique({
      where: { id },
      include: {
        products: { ...inOrder, select: { productId: true } },
        placements: { ...inOrder, select: { productId: true, x: true, y: true, startMs: true, endMs: true } },
      },
    });
    return row ? { ...adminMedia(row), placements: row.placements } : null;
  }

  /** The id of the media item of this kind holding this slug, or null. */
  async slugHolder(tx: DbClient, kind: MediaKind, slug: string): Promise<number | null> {
    const row = await tx.media.findUnique({ where: { type_slug: { type: kind, slug } }, select: { id: true } });
    return row?.id ?? null;
  }

  /** Those of these product ids that name a product (those that cannot be ids name none). */
  async existingProducts(tx: DbClient, ids: readonly number[]): Promise<Set<number>> {
    const candidates = [...new Set(ids)].filter((id) => Number.isSafeInteger(id) && id >= 1 && id <= maxStoredId);
    if (candidates.length === 0) return new Set();
    const rows = await tx.product.findMany({ where: { id: { in: candidates } }, select: { id: true } });
    return new Set(rows.map((row) => row.id));
  }

  /** Writes the media item as checked: its row, then its products and placements, replaced, in order. */
  async write(tx: DbClient, media: CheckedMedia, created: boolean): Promise<void> {
    const { id } = media;
    const data = {
      type: media.type,
      slug: media.slug,
      fileName: media.fileName,
      platform: media.platform,
      url: media.url,
      posterUrl: media.posterUrl,
      width: media.width,
      height: media.height,
      durationMs: media.durationMs,
      alt: media.alt,
      captionsUrl: media.captionsUrl,
    };
    if (created) await tx.media.create({ data: { id, ...data } });
    else {
      await tx.media.update({ where: { id }, data });
      await tx.mediaProduct.deleteMany({ where: { mediaId: id } });
      await tx.mediaPlacement.deleteMany({ where: { mediaId: id } });
    }
    await tx.mediaProduct.createMany({
      data: media.productIds.map((productId, position) => ({ mediaId: id, position, productId })),
    });
    await tx.mediaPlacement.createMany({
      data: media.placements.map(({ productId, x, y, startMs, endMs }, position) => ({
        mediaId: id,
        position,
        productId,
        x,
        y,
        startMs,
        endMs,
      })),
    });
  }

  /** Deletes the media item (its products and placements go with it) and keeps its tombstone. */
  async delete(tx: DbClient, media: AdminMedia): Promise<void> {
    const tombstone = { type: media.kind, slug: media.slug, deletedAt: new Date() };
    await tx.deletedMedia.upsert({
      where: { id: media.id },
      create: { id: media.id, ...tombstone },
      update: tombstone,
    });
    await tx.media.delete({ where: { id: media.id } });
  }

  /** A page of media items, newest (highest id) first, each with its products. */
  async list(tx: DbClient, { kind, query, beforeId, limit }: MediaListQuery): Promise<AdminMedia[]> {
    const conditions: string[] = [];
    const params: (string | number)[] = [];
    if (kind !== null) {
      conditions.push(`"type" = ?`);
      params.push(kind);
    }
    if (beforeId !== null) {
      conditions.push(`"id" < ?`);
      params.push(beforeId);
    }
    if (query !== null) {
      const pattern = `%${query.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
      conditions.push(`(LOWER("slug") LIKE ? ESCAPE '\\' OR LOWER("alt") LIKE ? ESCAPE '\\')`);
      params.push(pattern, pattern);
    }
    const where = conditions.length === 0 ? '' : ` WHERE ${conditions.join(' AND ')}`;
    let sql = `SELECT "id" FROM "Media"${where} ORDER BY "id" DESC LIMIT ?`;
    params.push(limit);
    let placeholder = 0;
    if (dialectOf(tx) === 'postgresql') sql = sql.replace(/\?/g, () => `$${(placeholder += 1)}`);
    const ids = (await tx.$queryRawUnsafe<{ id: number }[]>(sql, ...params)).map((row) => Number(row.id));
    const rows = await tx.media.findMany({
      where: { id: { in: ids } },
      orderBy: { id: 'desc' },
      include: { products: { ...inOrder, select: { productId: true } } },
    });
    return rows.map(adminMedia);
  }
}
