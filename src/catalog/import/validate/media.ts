// The media section of a catalog document: a media item, its slug and the products it shows.
import type { ImportMedia } from '../import.model.js';
import { catalogLimits, mediaTypes, slugPattern, type RawMedia } from '../schema.js';
import { describe, type Checker, type Json } from './checker.js';

const { maxId, maxName, maxFileName, maxItems } = catalogLimits;
const slugShape = new RegExp(slugPattern, 'u');

export function validateMedia(check: Checker, raw: Json, path: string, productCheck: (id: number, path: string) => void): ImportMedia | null {
  const object = check.object<RawMedia>(raw, path);
  if (!object) return null;
  const type = mediaTypes.find((kind) => kind === object.type);
  if (type === undefined) check.fail(`${path}.type`, `must be ${mediaTypes.map((kind) => `"${kind}"`).join(' or ')}, got ${describe(object.type)}`);
  const slug = check.string(object, 'slug', path, { max: maxName });
  if (slug !== '' && !slugShape.test(slug)) check.fail(`${path}.slug`, 'must not contain "/" or white space (it is part of a URL path)');
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
  return {
    id: check.id(object, 'id', path),
    type: type ?? 'image',
    slug,
    fileName: check.string(object, 'file_name', path, { max: maxFileName }),
    platform: check.optionalString(object, 'platform', path),
    url: null,
    posterUrl: null,
    width: null,
    height: null,
    durationMs: null,
    productIds,
    placements: [],
  };
}
