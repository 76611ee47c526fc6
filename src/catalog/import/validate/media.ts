// The media section of a catalog document: a media item, its slug, the products it shows, where
// its file is (and a video's still and captions), and where (in a video, when) those products
// appear in it. Its plain fields (its alt text) are checked as its field table declares them (plain.ts).
import { mediaTable } from '../../catalog.fields.js';
import type { MediaKind } from '../../catalog.model.js';
import type { ImportedMedia, ImportMedia, ImportPlacement } from '../document/import.model.js';
import { catalogLimits, mediaTypes, mediaUrlPattern, slugPattern } from '../document/limits.js';
import type { RawMedia, RawPlacement } from '../document/schema.js';
import { describe, type Checker, type Json, type Unchecked } from './checker.js';
import { compilePlainCheck } from './plain.js';

const { maxId, maxName, maxFileName, maxItems, maxPixels } = catalogLimits;
const slugShape = new RegExp(slugPattern, 'u');
const urlShape = new RegExp(mediaUrlPattern, 'u');
const checkPlain = compilePlainCheck<ImportedMedia>(mediaTable.fields);
/** The most placements (and products) a media item has. */
export const maxPlacements = maxItems;
/** What is said of a product id that names no product (the admin API says it too). */
export const noSuchProduct = (id: number): string => `no product ${id} in the document or the database`;
/** What only a video has: an image with one of these is refused. */
const videoOnly = ['poster_url', 'duration_ms', 'captions_url'] as const;

export function validateMedia(
  check: Checker,
  value: Json,
  path: string,
  productCheck: (id: number, path: string) => void,
): ImportMedia | null {
  const object = check.object<RawMedia>(value, path);
  if (!object) return null;
  const type = mediaTypes.find((kind) => kind === object.type);
  if (type === undefined)
    check.fail(
      `${path}.type`,
      `must be ${mediaTypes.map((kind) => `"${kind}"`).join(' or ')}, got ${describe(object.type)}`,
    );
  const slug = check.string(object, 'slug', path, { max: maxName });
  if (slug !== '' && !slugShape.test(slug))
    check.fail(`${path}.slug`, 'must not contain "/" or white space (it is part of a URL path)');
  const seen = new Map<number, string>();
  const productIds = check.list(object, 'product_ids', path, maxItems).flatMap((item) => {
    const id = item.value;
    if (typeof id !== 'number' || !Number.isInteger(id) || id < 1 || id > maxId) {
      check.fail(item.path, `must be a product id, got ${describe(id)}`);
      return [];
    }
    productCheck(id, item.path);
    check.unique(seen, id, item.path, 'product id');
    return [id];
  });
  const url = mediaUrl(check, object, 'url', path);
  // A still, a length and captions are a video's; on an item of an unknown type they are checked as a video's.
  let posterUrl: string | null = null;
  let durationMs: number | null = null;
  let captionsUrl: string | null = null;
  if (type === 'image') {
    for (const key of videoOnly) {
      if (object[key] !== undefined && object[key] !== null)
        check.fail(`${path}.${key}`, `is a video's only: an image has none, got ${describe(object[key])}`);
    }
  } else {
    posterUrl = mediaUrl(check, object, 'poster_url', path);
    durationMs = check.optionalInteger(object, 'duration_ms', path, { min: 1, max: maxId, nullable: true });
    captionsUrl = mediaUrl(check, object, 'captions_url', path);
  }
  const shown = new Set(productIds);
  const placements = check.list(object, 'placements', path, maxItems).flatMap((item) => {
    const placement = validatePlacement(check, item.value, item.path, type, shown, durationMs);
    return placement ? [placement] : [];
  });
  const media = {
    id: check.id(object, 'id', path),
    type: type ?? 'image',
    slug,
    fileName: check.string(object, 'file_name', path, { max: maxFileName }),
    platform: check.optionalString(object, 'platform', path),
    url,
    posterUrl,
    width: check.optionalInteger(object, 'width', path, { min: 1, max: maxPixels, nullable: true }),
    height: check.optionalInteger(object, 'height', path, { min: 1, max: maxPixels, nullable: true }),
    durationMs,
    captionsUrl,
    productIds,
    placements,
  };
  // Then its plain fields, in table order (their problems come after those of the fields above).
  return checkPlain(check, object, path, media);
}

function mediaUrl(
  check: Checker,
  object: Unchecked<RawMedia>,
  key: 'url' | 'poster_url' | 'captions_url',
  path: string,
): string | null {
  const url = check.optionalString(object, key, path);
  if (url === null || urlShape.test(url)) return url;
  check.fail(
    `${path}.${key}`,
    'must be an absolute http(s) URL or a path on this gateway beginning with "/" (not "//"), ' +
      `without white space, got ${describe(url)}`,
  );
  return null;
}

/** `durationMs`: the video's length when the document gives it (a time range must end within it). */
function validatePlacement(
  check: Checker,
  value: Json,
  path: string,
  type: MediaKind | undefined,
  shown: ReadonlySet<number>,
  durationMs: number | null,
): ImportPlacement | null {
  const object = check.object<RawPlacement>(value, path);
  if (!object) return null;
  const productId = check.id(object, 'product_id', path);
  if (!Number.isNaN(productId) && !shown.has(productId))
    check.fail(
      `${path}.product_id`,
      `a placement of a product the media does not show: ${productId} is not in its product_ids`,
    );
  const x = check.optionalFraction(object, 'x', path);
  const y = check.optionalFraction(object, 'y', path);
  // An image's placements are points; a video's may be, or may be the whole frame.
  if (type === 'image') {
    for (const key of ['x', 'y'] as const)
      if (object[key] === undefined)
        check.fail(`${path}.${key}`, 'is required on an image (where in it the product is)');
  } else bothOrNeither(check, object, 'x', 'y', path, 'a point has both');
  let startMs: number | null = null;
  let endMs: number | null = null;
  if (type === 'image') {
    for (const key of ['start_ms', 'end_ms'] as const) {
      if (object[key] !== undefined)
        check.fail(`${path}.${key}`, `is a video's only: an image has no time range, got ${describe(object[key])}`);
    }
  } else {
    startMs = check.optionalInteger(object, 'start_ms', path, { min: 0, max: maxId, nullable: false });
    endMs = check.optionalInteger(object, 'end_ms', path, { min: 1, max: maxId, nullable: false });
    bothOrNeither(check, object, 'start_ms', 'end_ms', path, 'a time range has both ends; neither is the whole video');
    if (startMs !== null && endMs !== null) {
      if (startMs >= endMs) check.fail(`${path}.end_ms`, `must be after start_ms (${startMs}), got ${endMs}`);
      else if (durationMs !== null && endMs > durationMs)
        check.fail(`${path}.end_ms`, `a time range past the duration: ${endMs} is after duration_ms (${durationMs})`);
    }
  }
  return { productId, x, y, startMs, endMs };
}

/** Two keys given together or not at all: the missing one is reported. */
function bothOrNeither(
  check: Checker,
  object: Unchecked<RawPlacement>,
  a: keyof RawPlacement & string,
  b: keyof RawPlacement & string,
  path: string,
  why: string,
): void {
  if ((object[a] === undefined) === (object[b] === undefined)) return;
  const [missing, given] = object[a] === undefined ? [a, b] : [b, a];
  check.fail(`${path}.${missing}`, `is required with ${given} (${why})`);
}
