// The name of every REST operation (its OpenAPI operationId: what generated clients name their
// methods after), its description and, for routes that do not give one, its summary. Keyed by
// method and route pattern; a route missing here has no operationId, which a test refuses. Names
// are stable: a generated client's code calls them.
export interface OperationName {
  operationId: string;
  /** Only for routes whose schema has no summary. */
  summary?: string;
  /** What the operation does beyond its summary: for routes whose schema has no description. */
  description?: string;
}

const media = (kind: 'image' | 'video'): Record<string, OperationName> => {
  const Kind = kind === 'image' ? 'Image' : 'Video';
  const a = kind === 'image' ? 'An image' : 'A video';
  const answer =
    `\`{${kind}_info, products}\`: the ${kind}'s details and the products shown in it, in the ` +
    `order of the imported catalog.`;
  const other =
    `Only ${kind}s: the id or slug of ${kind === 'image' ? 'a video' : 'an image'} is 404 ` +
    `MEDIA_NOT_FOUND. The answer carries an ETag; send it back as If-None-Match for a 304.`;
  const similar =
    'Every product also has `similar_products`, the curated comparables in order, each with its ' +
    '`price_tier` against the product (lower below 90 %, higher above 110 % of its price).';
  const bySlug = 'Slugs match exactly, case included.';
  const placements =
    'Each placement is `{id, product_id, x, y, start_ms, end_ms}`: x and y are fractions 0-1 of the width ' +
    'and height from the top left, start_ms and end_ms a time range (end excluded). ' +
    '`at_ms` keeps the placements shown at that millisecond.';
  return {
    [`GET /${kind}/:id`]: {
      operationId: `get${Kind}`,
      summary: `${a} and the products shown in it`,
      description: `${answer} ${other}`,
    },
    [`GET /${kind}/slug/:slug`]: {
      operationId: `get${Kind}BySlug`,
      summary: `${a}, by slug, and the products shown in it`,
      description: `${answer} ${bySlug} ${other}`,
    },
    [`GET /${kind}/comparables/:id`]: {
      operationId: `get${Kind}Comparables`,
      summary: `${a} and its products, each with its comparable products`,
      description: `${answer} ${similar} ${other}`,
    },
    [`GET /${kind}/comparables/slug/:slug`]: {
      operationId: `get${Kind}ComparablesBySlug`,
      summary: `${a}, by slug, and its products, each with its comparable products`,
      description: `${answer} ${similar} ${bySlug} ${other}`,
    },
    [`GET /${kind}/:id/placements`]: {
      operationId: `get${Kind}Placements`,
      summary: `Where and when each product of ${a.toLowerCase()} appears`,
      description: `${placements} ${other}`,
    },
    [`GET /${kind}/slug/:slug/placements`]: {
      operationId: `get${Kind}PlacementsBySlug`,
      summary: `Where and when each product of ${a.toLowerCase()}, by slug, appears`,
      description: `${placements} ${bySlug} ${other}`,
    },
  };
};

const cartAnswer =
  'Answers the cart: an entry per store with its lines, offer (shipping methods, taxes, discounts) and ' +
  'cost, and the warnings of codes or lines that no longer apply.';
const idempotent = 'A retry with the same Idempotency-Key answers the first answer and changes nothing.';
const adminKey = 'Needs an admin key when API_KEYS is set.';

export const operationNames: Readonly<Record<string, OperationName>> = {
  'GET /readyz': {
    operationId: 'getReadiness',
    description:
      'For load balancers: 200 once migrations ran and until shutdown starts; 503 with the phase before and during it.',
  },
  'GET /healthz': {
    operationId: 'getHealth',
    description:
      'For process supervisors: 200 while the database answers a read and takes a write; 503 with ' +
      'Retry-After within 1.5 s when it does not.',
  },
  ...media('image'),
  ...media('video'),
  'GET /product/:id': {
    operationId: 'getProduct',
    summary: 'A product with its variant options and SKUs',
    description:
      'The product with `variants` (its options and their values) and `skus` (price, availability, dates). ' +
      'The answer carries an ETag for If-None-Match.',
  },
  'GET /product/:id/comparables': {
    operationId: 'getProductComparables',
    summary: 'A product with its comparable products',
    description:
      'The product as GET /product/{id} answers it, plus `similar_products` with a `price_tier` each. The ' +
      'answer carries an ETag for If-None-Match.',
  },
  'GET /product/:id/media': {
    operationId: 'listProductMedia',
    summary: 'The media that show a product, newest first',
    description:
      'A page of media items (`first` 1 to 100, default 20); pass `page_info.end_cursor` as `after` for the next page.',
  },
  'POST /cart': {
    operationId: 'addCartItems',
    description:
      `Without an id, creates a cart; with one, adds the items to it (quantities of a variant ` +
      `already in the cart add up). ${cartAnswer} ${idempotent}`,
  },
  'PUT /cart': {
    operationId: 'setCartItems',
    description: `Sets each listed variant's quantity: absent ones are added, 0 removes. ${cartAnswer} ${idempotent}`,
  },
  'POST /cart/customerInfo': {
    operationId: 'updateBuyerIdentity',
    description:
      `Updates the fields given and keeps the others; an invalid field is 422 ` +
      `BUYER_IDENTITY_INVALID naming it. Answers \`{cart}\`. ${idempotent}`,
  },
  'POST /cart/discounts': { operationId: 'setCartDiscountCodes' },
  'POST /cart/cartStatus/:cart_id': {
    operationId: 'getCartStatus',
    description: "The cart with the orders it was submitted as, each with its status; for polling a submit's outcome.",
  },
  'GET /cart/:id': {
    operationId: 'getCart',
    description: `${cartAnswer} Prices and stock are read now: a line whose price or stock changed carries a warning.`,
  },
  'POST /cart/add': {
    operationId: 'addCartItem',
    description: `Adds one variant; without cart_id, creates the cart. ${cartAnswer} ${idempotent}`,
  },
  'POST /cart/update': {
    operationId: 'updateCartItem',
    description:
      `Sets the quantity of a variant already in the cart; 0 removes it; a variant not in the ` +
      `cart changes nothing. ${cartAnswer} ${idempotent}`,
  },
  'DELETE /cart/items': {
    operationId: 'removeCartItem',
    description: `Removes a variant whatever its quantity. ${cartAnswer} ${idempotent}`,
  },
  'POST /cart/shippingMethod': {
    operationId: 'setShippingMethod',
    description:
      `Chooses the shipping method of one store's entry (\`store\` is the store's name). ` +
      `${cartAnswer} ${idempotent}`,
  },
  'POST /cart/submit': {
    operationId: 'submitCart',
    description:
      `Places one order per store, with the prices, taxes and discounts the cart shows, and ` +
      `takes the stock; needs a complete buyer identity. Answers like cart status. ${idempotent}`,
  },
  'POST /orders/:id/status': {
    operationId: 'updateOrderStatus',
    description:
      `Moves an order along its lifecycle; a move the lifecycle does not allow is 422 ` +
      `INVALID_ORDER_TRANSITION with the allowed ones. A cancelled or failed order gives its stock back. ` +
      `${idempotent}`,
  },
  'GET /orders/:id': {
    operationId: 'getOrder',
    description:
      'The order as placed (lines, prices, discounts and cost frozen at submit), with its status and required actions.',
  },
  'POST /webhooks': {
    operationId: 'createWebhook',
    description:
      `Registers an endpoint (http or https, public addresses only) for the event types given, ` +
      `or all. The 201 answer holds its signing secret, shown in this answer only. ${adminKey}`,
  },
  'GET /webhooks': {
    operationId: 'listWebhooks',
    description: `Every endpoint, oldest first, without secrets. ${adminKey}`,
  },
  'GET /webhooks/:id': { operationId: 'getWebhook', description: `One endpoint, without its secret. ${adminKey}` },
  'PATCH /webhooks/:id': {
    operationId: 'updateWebhook',
    description:
      `Changes the fields given (URL, event types, description, enabled); the others stay. ` +
      `\`enabled: true\` switches an endpoint disabled after days of failures back on. ${adminKey}`,
  },
  'DELETE /webhooks/:id': {
    operationId: 'deleteWebhook',
    description: `Deletes the endpoint with its deliveries; 204. ${adminKey}`,
  },
  'GET /webhooks/:id/deliveries': {
    operationId: 'listWebhookDeliveries',
    description:
      `A page of the endpoint's deliveries, newest first, each with its attempts (time, status ` +
      `code, latency, error). ${adminKey}`,
  },
  'POST /webhooks/:id/deliveries/:delivery_id/retry': {
    operationId: 'retryWebhookDelivery',
    description:
      `Makes the delivery due now, whatever its status: it is sent again on the next round. ` +
      `Answers the delivery. ${adminKey}`,
  },
  'POST /discounts': {
    operationId: 'createDiscount',
    description:
      `A store's percentage, fixed-amount or free-shipping discount, with a code (unique per ` +
      `store, matched without case) or automatic. ${adminKey}`,
  },
  'GET /discounts': {
    operationId: 'listDiscounts',
    description: `A page of discounts, optionally of one store. ${adminKey}`,
  },
  'GET /discounts/:id': {
    operationId: 'getDiscount',
    description: `One discount, with how many times it was used. ${adminKey}`,
  },
  'PATCH /discounts/:id': {
    operationId: 'updateDiscount',
    description: `Changes the fields given; null clears an optional one. ${adminKey}`,
  },
  'POST /media': {
    operationId: 'createMedia',
    description:
      'An image or a video: its file (a URL), size, alt text and the products it shows, checked by the rules of ' +
      `the catalog import. Shown at once by this process, by the others within CATALOG_CACHE_TTL_MS. ${adminKey}`,
  },
  'GET /media': {
    operationId: 'listMedia',
    description: `A page of media items, of one type and matching \`q\` (slug or alt text) when given. ${adminKey}`,
  },
  'PATCH /media/:id': {
    operationId: 'updateMedia',
    description: `Changes the fields given, checked by the rules of the catalog import; null clears one. ${adminKey}`,
  },
  'DELETE /media/:id': {
    operationId: 'deleteMedia',
    description:
      'Its routes answer 404 from now on; carts and orders keep their attribution to it, and its media ' +
      `performance still answers. ${adminKey}`,
  },
  'PUT /media/:id/placements': {
    operationId: 'setMediaPlacements',
    description:
      'Replaces the whole list; a placed product the media item does not show yet is added to its products. ' +
      'A list the catalog import would refuse changes nothing (400 VALIDATION_FAILED naming ' +
      `\`placements[i].field\`). ${adminKey}`,
  },
  'POST /media/files': {
    operationId: 'uploadMediaFile',
    description:
      'The file is the raw body (Content-Type image/jpeg, image/png, image/webp, video/mp4, video/webm or ' +
      'application/octet-stream), at most MEDIA_UPLOAD_MAX_BYTES. What it is comes from its bytes (anything else, ' +
      "SVG included, or bytes another Content-Type names: 415); an image's width and height are read from it. " +
      `Stored in MEDIA_FILES_DIR under a safe, unique name, served at once at the answer's \`url\`. ${adminKey}`,
  },
  'GET /media/:id/performance': {
    operationId: 'getMediaPerformance',
    description:
      'Carts, units, orders and revenue attributed to the media item over the window `from`-`to`, in each currency; ' +
      'the impressions, plays and hotspot openings its players reported, the rates from impressions to each step, ' +
      'the same per placement, and with `interval` a series of every UTC hour or day of the window.',
  },
  'GET /analytics/media': {
    operationId: 'getMediaRanking',
    description:
      'Every media item (and every deleted one with figures) with its impressions, hotspot openings, carts, orders ' +
      `and revenue over the window, most first by \`sort\`; paged with \`first\` and \`after\`. ${adminKey}`,
  },
  'POST /player/events': {
    operationId: 'recordPlayerEvents',
    description:
      'Events of shoppable players: at most 100 and 16 KiB a request, each checked against the catalog (one bad ' +
      'event refuses the request). Written within PLAYER_EVENTS_FLUSH_MS (1 s); each (session, media item, type, ' +
      'placement) counts at most once per 30 minutes, in every process alike. A client or admin key.',
  },
  'GET /search/products': { operationId: 'searchProducts' },
  'GET /metrics': {
    operationId: 'getMetrics',
    description: 'Prometheus text exposition: requests, latencies, database, cache, deliveries.',
  },
};
