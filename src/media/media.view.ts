// The snake_case REST answers of the media admin routes (shapes: media.schemas.ts).
import { mediaTable } from '../catalog/catalog.fields.js';
import type { AdminMediaView } from './media.schemas.js';
import type { AdminMedia } from './media.model.js';

export function adminMediaView(media: AdminMedia): AdminMediaView {
  return {
    ...mediaTable.view(media),
    type: media.kind,
    url: media.url,
    width: media.width,
    height: media.height,
    duration_ms: media.durationMs,
    poster_url: media.posterUrl,
    alt: media.alt,
    captions_url: media.captionsUrl,
    product_ids: media.productIds,
  };
}
