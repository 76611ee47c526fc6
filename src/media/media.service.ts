// The media admin API, the same for REST and GraphQL: create, list, change and delete media items
// and replace their placements. Each item is checked by the catalog import's rules and messages
// (media.input.ts); each write moves the catalog's import version in its transaction, as an import
// does, so that every process shows it within CATALOG_CACHE_TTL_MS, and tells this process at once
// after the commit (`changed`). A deleted item leaves a tombstone: carts and orders keep its id,
// media performance still answers for it, no new item gets its id.
import type { Db, DbClient } from '../db/database.js';
import { inTransaction, isUniqueViolation } from '../db/transaction.js';
import { AppError, parseCatalogId } from '../errors.js';
import { mediaCursorId } from '../catalog/catalog.service.js';
import { checkMedia, fileNameOf, type CheckedMedia, type MediaColumns } from './media.input.js';
import type { MediaRepository } from './media.repository.js';
import type {
  AdminMedia,
  MediaFields,
  MediaKind,
  MediaListArgs,
  MediaPage,
  PlacementFields,
  PlacementRecord,
  StoredMedia,
} from './media.model.js';

export { maxPlacements } from '../catalog/import/validate/media.js';
export const defaultMediaPage = 20;
export const maxMediaPage = 100;
/** Characters of a list's query at most. */
export const maxMediaQuery = 200;
/** The id a new item is checked under before it has its own (ids are not the admin's to give). */
const uncheckedId = 1;

function notFound(rawId: string | number): AppError {
  const id = String(rawId).slice(0, 64);
  return new AppError('MEDIA_NOT_FOUND', `No media with id ${id}`, { id });
}

function slugTaken(kind: MediaKind, slug: string, holder: number): AppError {
  return new AppError('MEDIA_SLUG_TAKEN', `${kind === 'image' ? 'Image' : 'Video'} ${holder} has the slug "${slug}"`, {
    type: kind,
    slug,
    media_id: String(holder),
  });
}

function columnsOf(media: AdminMedia): MediaColumns {
  const { id: _id, productIds, ...columns } = media;
  return { ...columns, productIds };
}

/** The fields given (undefined ones left out, so that they do not replace the stored value). */
function given(fields: MediaFields): MediaFields {
  return Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== undefined)) as MediaFields;
}

/** The item's placements as the read side shows them: `<media id>:<position>`. */
function placementRecords(media: CheckedMedia): PlacementRecord[] {
  return media.placements.map((placement, position) => ({
    id: `${media.id}:${position}`,
    mediaId: media.id,
    productId: placement.productId,
    x: placement.x,
    y: placement.y,
    startMs: placement.startMs,
    endMs: placement.endMs,
  }));
}

function adminMediaOf(media: CheckedMedia): AdminMedia {
  const { type, placements: _placements, ...fields } = media;
  return { ...fields, kind: type };
}

export class MediaAdminService {
  constructor(
    private readonly db: Db,
    private readonly repository: MediaRepository,
    /** Told after each committed write: this process drops what it keeps of the catalog. */
    private readonly changed: () => void,
  ) {}

  async create(fields: MediaFields): Promise<AdminMedia> {
    return this.write(async (tx) => {
      const slug = fields.slug ?? '';
      const columns: MediaColumns = {
        kind: fields.kind ?? 'image',
        slug,
        url: fields.url ?? null,
        width: fields.width ?? null,
        height: fields.height ?? null,
        durationMs: fields.durationMs ?? null,
        posterUrl: fields.posterUrl ?? null,
        alt: fields.alt ?? null,
        captionsUrl: fields.captionsUrl ?? null,
        fileName: fields.fileName ?? fileNameOf(fields.url, slug),
        platform: fields.platform ?? null,
        productIds: fields.productIds ?? [],
      };
      const products = await this.repository.existingProducts(tx, columns.productIds);
      const checked = checkMedia(uncheckedId, columns, [], products);
      await this.checkSlugFree(tx, checked, null);
      const media = { ...checked, id: await this.repository.nextId(tx) };
      await this.repository.write(tx, media, true);
      return media;
    }, adminMediaOf);
  }

  async update(rawId: string | number, fields: MediaFields): Promise<AdminMedia> {
    return this.write(async (tx) => {
      const current = await this.stored(tx, rawId);
      const patch = given(fields);
      const columns: MediaColumns = {
        ...columnsOf(current),
        ...patch,
        fileName: patch.fileName ?? current.fileName,
        productIds: patch.productIds === undefined ? current.productIds : (patch.productIds ?? []),
      };
      const products = await this.repository.existingProducts(tx, columns.productIds);
      const checked = checkMedia(current.id, columns, current.placements, products);
      await this.checkSlugFree(tx, checked, current.id);
      await this.repository.write(tx, checked, false);
      return checked;
    }, adminMediaOf);
  }

  /**
   * Replaces the item's placements; a placed product the item does not show yet is added to its
   * products (after them, in the order the placements name them).
   */
  async setPlacements(rawId: string | number, placements: readonly PlacementFields[]): Promise<PlacementRecord[]> {
    return this.write(async (tx) => {
      const current = await this.stored(tx, rawId);
      const productIds = [...current.productIds];
      const placedBy = new Map<number, number>();
      for (const [index, { productId }] of placements.entries()) {
        if (!Number.isSafeInteger(productId) || productId < 1 || productIds.includes(productId)) continue;
        productIds.push(productId);
        placedBy.set(productId, index);
      }
      const products = await this.repository.existingProducts(tx, [...placedBy.keys()]);
      for (const id of current.productIds) products.add(id);
      const checked = checkMedia(current.id, { ...columnsOf(current), productIds }, placements, products, placedBy);
      await this.repository.write(tx, checked, false);
      return checked;
    }, placementRecords);
  }

  /** Deletes the item: its routes answer 404 from now on; carts, orders and media performance keep its id. */
  async delete(rawId: string | number): Promise<void> {
    await this.write(
      async (tx) => {
        const current = await this.stored(tx, rawId);
        await this.repository.delete(tx, current);
        return { productIds: [], placements: [] };
      },
      () => undefined,
    );
  }

  /** A page of media items, newest (highest id) first; of one kind, and whose slug or alt text contains `query`. */
  async list(args: MediaListArgs = {}): Promise<MediaPage> {
    const first = args.first ?? defaultMediaPage;
    if (!Number.isSafeInteger(first) || first < 1 || first > maxMediaPage)
      throw new AppError('VALIDATION_FAILED', `first must be an integer from 1 to ${maxMediaPage}`, { field: 'first' });
    const query = args.query?.trim().toLowerCase() ?? '';
    if ([...query].length > maxMediaQuery)
      throw new AppError('VALIDATION_FAILED', `query must be at most ${maxMediaQuery} characters`, {
        field: 'query',
      });
    const beforeId = args.after === null || args.after === undefined ? null : mediaCursorId(args.after);
    const rows = await inTransaction(this.db, (tx) =>
      this.repository.list(tx, {
        kind: args.kind ?? null,
        query: query === '' ? null : query,
        beforeId,
        limit: first + 1,
      }),
    );
    return { media: rows.slice(0, first), hasNextPage: rows.length > first };
  }

  private async stored(tx: DbClient, rawId: string | number): Promise<StoredMedia> {
    const id = parseCatalogId(rawId);
    const media = id === null ? null : await this.repository.get(tx, id);
    if (!media) throw notFound(rawId);
    return media;
  }

  private async checkSlugFree(tx: DbClient, media: CheckedMedia, except: number | null): Promise<void> {
    const holder = await this.repository.slugHolder(tx, media.type, media.slug);
    if (holder !== null && holder !== except) throw slugTaken(media.type, media.slug, holder);
  }

  /**
   * A write, one at a time (beginWrite), the catalog's shape kept for what it wrote; this process
   * is told once it committed. A slug taken meanwhile by an import is MEDIA_SLUG_TAKEN too.
   */
  private async write<W extends { productIds: readonly number[]; placements: readonly unknown[] }, A>(
    work: (tx: DbClient) => Promise<W>,
    answer: (written: W) => A,
  ): Promise<A> {
    try {
      return await inTransaction(this.db, async (tx, unit) => {
        await this.repository.beginWrite(tx);
        const written = await work(tx);
        await this.repository.keepShape(tx, written);
        unit.afterCommit(this.changed);
        return answer(written);
      });
    } catch (error) {
      if (isUniqueViolation(error))
        throw new AppError('MEDIA_SLUG_TAKEN', 'Another media item of that kind took the slug meanwhile');
      throw error;
    }
  }
}
