// The media admin API's records: a media item as an admin writes and reads it (the catalog's media
// record and the products it shows, in order), what an admin gives of one, and a placement as
// given. Names are the domain's (camelCase): REST renames them (media.view.ts), GraphQL reads them.
import type { MediaKind, MediaRecord, PlacementRecord } from '../catalog/catalog.model.js';

export type { MediaKind, PlacementRecord };

/** A media item with the products it shows, in order. */
export interface AdminMedia extends MediaRecord {
  productIds: number[];
}

/** A media item with its placements too, as stored. */
export interface StoredMedia extends AdminMedia {
  placements: PlacementFields[];
}

/**
 * What an admin gives of a media item: on a create, absent means none (and `fileName` the last
 * segment of `url`, else the slug); on an update, absent means unchanged and null clears.
 */
export interface MediaFields {
  kind?: MediaKind;
  slug?: string;
  url?: string | null;
  width?: number | null;
  height?: number | null;
  durationMs?: number | null;
  posterUrl?: string | null;
  alt?: string | null;
  captionsUrl?: string | null;
  fileName?: string | null;
  platform?: string | null;
  productIds?: readonly number[] | null;
}

/** A placement as given: the product, and where (x, y) and when (startMs, endMs) it appears. */
export interface PlacementFields {
  productId: number;
  x?: number | null;
  y?: number | null;
  startMs?: number | null;
  endMs?: number | null;
}

/** A page of media items asked for: of one kind, matching a query, after a cursor. */
export interface MediaListArgs {
  kind?: MediaKind | null;
  first?: number | null;
  after?: string | null;
  query?: string | null;
}

export interface MediaPage {
  media: AdminMedia[];
  hasNextPage: boolean;
}
