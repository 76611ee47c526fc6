// The catalog document's limits, the values an absent field means, and the patterns of its
// texts: shared by the schema (schema.ts), the file reader (../source.ts) and the validator. What
// a plain field of a product, a SKU or a media item takes is its field table's (catalog.fields.ts).
import { mediaKinds, textLimits } from '../../catalog.fields.js';

/** Limits of the format, shared by the schema, the file reader and the validator. */
export const catalogLimits = {
  /** Ids are positive 32-bit integers. Prices and counts stay within it too (minor units). */
  maxId: 2_147_483_647,
  /** Free text, names, codes and alt texts, in characters (Unicode code points). */
  ...textLimits,
  maxFileName: 1024,
  /** Items of a list in a record (images, a variant's values, shipping methods, a media item's products, …). */
  maxItems: 1000,
  /** SKUs of a product. */
  maxSkus: 10_000,
  /** Similar products of one product: its pairs in `similar`. */
  maxSimilar: 1000,
  /** A media item's width or height, in pixels. */
  maxPixels: 100_000,
  /**
   * Arrays and objects one inside another, the document itself included, keys the format does
   * not declare too (the format needs 7): the reader keeps a frame per level, so a deeper
   * document is refused there and read no further.
   */
  maxDepth: 32,
  /** A record's JSON text in characters, counting what the format declares (other keys are skipped unread). */
  maxRecordText: 4 * 1024 * 1024,
} as const;

/** What an absent optional field means (a plain field's default is its field table's). */
export const catalogDefaults = {
  marginRate: 0,
  visual: false,
} as const;

export const mediaTypes = mediaKinds;

export const countryCodePattern = '^[A-Z]{2}$';
/** A slug is a segment of a URL path. */
export const slugPattern = '^[^/\\s]+$';
/**
 * Where a media file is: an absolute http(s) URL, or a path this gateway serves ("/…"). Not "//…"
 * or "/\…", which a browser reads as a URL of another host; no white space or control characters.
 */
export const mediaUrlPattern =
  '^(https?://[^/?#\\\\\\s\\p{Cc}]+([/?#][^\\s\\p{Cc}]*)?|/[^/\\\\\\s\\p{Cc}][^\\s\\p{Cc}]*)$';
