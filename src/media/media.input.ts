// A media item as an admin gives it, checked by the catalog import's own rules and messages
// (catalog/import/validate/media.ts: each field, the placements, a video's time ranges): the item is
// written out as the import document's record and checked as the import checks one. Every problem
// is VALIDATION_FAILED naming its field as the API called names it (FieldError: REST
// `placements[0].start_ms`, GraphQL `placements[0].startMs`), the first in `details.field`, all in
// `details.problems`.
import { FieldError, type FieldName } from '../errors.js';
import { Checker } from '../catalog/import/validate/checker.js';
import { noSuchProduct, validateMedia } from '../catalog/import/validate/media.js';
import type { MediaKind, PlacementFields } from './media.model.js';

/** Problems reported at most (the others are counted). */
const maxProblems = 20;

/** A media item checked: the import's record of it. */
export type CheckedMedia = NonNullable<ReturnType<typeof validateMedia>>;

/** Every field of a media item, as written: what a create fills in and an update lays a patch over. */
export interface MediaColumns {
  kind: MediaKind;
  slug: string;
  url: string | null;
  width: number | null;
  height: number | null;
  durationMs: number | null;
  posterUrl: string | null;
  alt: string | null;
  captionsUrl: string | null;
  fileName: string;
  platform: string | null;
  productIds: readonly number[];
}

/** The import document's keys and the domain's names for them (the others are the same in both). */
const domainNames: Readonly<Record<string, string>> = {
  file_name: 'fileName',
  poster_url: 'posterUrl',
  duration_ms: 'durationMs',
  captions_url: 'captionsUrl',
  product_ids: 'productIds',
  product_id: 'productId',
  start_ms: 'startMs',
  end_ms: 'endMs',
};
const documentKey = new RegExp(`\\b(${Object.keys(domainNames).join('|')})\\b`, 'g');

/** A document path or message with each of its keys named as `name` names the domain's. */
function renamed(text: string, name: FieldName, words: RegExp): string {
  return text.replace(words, (word) => name(domainNames[word] ?? word));
}

/** The record as the import document has it; a placement's absent values are left out, as a document leaves them. */
function documentOf(id: number, media: MediaColumns, placements: readonly PlacementFields[]): Record<string, unknown> {
  return {
    id,
    type: media.kind,
    slug: media.slug,
    file_name: media.fileName,
    platform: media.platform,
    url: media.url,
    poster_url: media.posterUrl,
    width: media.width,
    height: media.height,
    duration_ms: media.durationMs,
    alt: media.alt,
    captions_url: media.captionsUrl,
    product_ids: media.productIds,
    placements: placements.map((placement) =>
      Object.fromEntries(
        (
          [
            ['product_id', placement.productId],
            ['x', placement.x],
            ['y', placement.y],
            ['start_ms', placement.startMs],
            ['end_ms', placement.endMs],
          ] as const
        ).filter(([, value]) => value !== undefined && value !== null),
      ),
    ),
  };
}

function invalid(problems: readonly { path: string; message: string }[], omitted: number): FieldError {
  return new FieldError('VALIDATION_FAILED', (name) => {
    // The import's paths start at the record (`$.slug`, `$.placements[0].x`; a message may name one
    // too): here they start at the field.
    const named = problems.map(({ path, message }) => ({
      field: renamed(path.replace(/^\$\./, ''), name, /[a-z_]+/g),
      message: renamed(message.replaceAll('$.', ''), name, documentKey),
    }));
    const listed = named.map(({ field, message }) => `${field} ${message}`).join('; ');
    return {
      message: omitted > 0 ? `${listed}; and ${omitted} more` : listed,
      details: { field: named[0]?.field ?? null, problems: named },
    };
  });
}

/**
 * The media item checked as the import checks one, with these placements; `products`: the product
 * ids that exist; `placedBy`: for a product id listed only because a placement named it, that
 * placement's index (a product that does not exist is reported there).
 */
export function checkMedia(
  id: number,
  media: MediaColumns,
  placements: readonly PlacementFields[],
  products: ReadonlySet<number>,
  placedBy: ReadonlyMap<number, number> = new Map(),
): CheckedMedia {
  const check = new Checker(maxProblems);
  const checked = validateMedia(check, documentOf(id, media, placements), '$', (productId, path) => {
    if (products.has(productId)) return;
    const placement = placedBy.get(productId);
    check.fail(placement === undefined ? path : `$.placements[${placement}].product_id`, noSuchProduct(productId));
  });
  if (check.found > 0 || !checked) throw invalid(check.problems(), check.omitted);
  return checked;
}

/** The file name of a media item made without one: the last segment of its URL's path, else its slug. */
export function fileNameOf(url: string | null | undefined, slug: string): string {
  const path = (url ?? '').replace(/[?#].*$/s, '').replace(/^https?:\/\/[^/]*/, '');
  const last = path.slice(path.lastIndexOf('/') + 1);
  return last === '' ? slug : last;
}
