// The snake_case REST answers of the media admin routes (shapes: media.schemas.ts).
import { mediaTable } from '../catalog/catalog.fields.js';
import { mediaDetailsView } from '../catalog/catalog.view.js';
import type { AdminMediaView } from './media.schemas.js';
import type { AdminMedia } from './media.model.js';

export function adminMediaView(media: AdminMedia): AdminMediaView {
  return {
    ...mediaTable.view(media),
    type: media.kind,
    ...mediaDetailsView(media),
    product_ids: media.productIds,
  };
}
