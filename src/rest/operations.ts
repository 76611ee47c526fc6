// The name of every REST operation (its OpenAPI operationId: what generated clients name their
// methods after) and, for routes that do not give one, its summary. Keyed by method and route
// pattern; a route missing here has no operationId, which a test refuses. Names are stable: a
// generated client's code calls them.
export interface OperationName {
  operationId: string;
  /** Only for routes whose schema has no summary. */
  summary?: string;
}

const media = (kind: 'image' | 'video'): Record<string, OperationName> => {
  const Kind = kind === 'image' ? 'Image' : 'Video';
  const a = kind === 'image' ? 'An image' : 'A video';
  return {
    [`GET /${kind}/:id`]: { operationId: `get${Kind}`, summary: `${a} and the products shown in it` },
    [`GET /${kind}/slug/:slug`]: { operationId: `get${Kind}BySlug`, summary: `${a}, by slug, and the products shown in it` },
    [`GET /${kind}/comparables/:id`]: { operationId: `get${Kind}Comparables`, summary: `${a} and its products, each with its comparable products` },
    [`GET /${kind}/comparables/slug/:slug`]: { operationId: `get${Kind}ComparablesBySlug`, summary: `${a}, by slug, and its products, each with its comparable products` },
    [`GET /${kind}/:id/placements`]: { operationId: `get${Kind}Placements`, summary: `Where and when each product of ${a.toLowerCase()} appears` },
    [`GET /${kind}/slug/:slug/placements`]: { operationId: `get${Kind}PlacementsBySlug`, summary: `Where and when each product of ${a.toLowerCase()}, by slug, appears` },
  };
};

export const operationNames: Readonly<Record<string, OperationName>> = {
  'GET /readyz': { operationId: 'getReadiness' },
  'GET /healthz': { operationId: 'getHealth' },
  ...media('image'),
  ...media('video'),
  'GET /product/:id': { operationId: 'getProduct', summary: 'A product with its variant options and SKUs' },
  'GET /product/:id/comparables': { operationId: 'getProductComparables', summary: 'A product with its comparable products' },
  'GET /product/:id/media': { operationId: 'listProductMedia', summary: 'The media that show a product, newest first' },
  'POST /cart': { operationId: 'addCartItems' },
  'PUT /cart': { operationId: 'setCartItems' },
  'POST /cart/customerInfo': { operationId: 'updateBuyerIdentity' },
  'POST /cart/discounts': { operationId: 'setCartDiscountCodes' },
  'POST /cart/cartStatus/:cart_id': { operationId: 'getCartStatus' },
  'GET /cart/:id': { operationId: 'getCart' },
  'POST /cart/add': { operationId: 'addCartItem' },
  'POST /cart/update': { operationId: 'updateCartItem' },
  'DELETE /cart/items': { operationId: 'removeCartItem' },
  'POST /cart/shippingMethod': { operationId: 'setShippingMethod' },
  'POST /cart/submit': { operationId: 'submitCart' },
  'POST /orders/:id/status': { operationId: 'updateOrderStatus' },
  'GET /orders/:id': { operationId: 'getOrder' },
  'POST /webhooks': { operationId: 'createWebhook' },
  'GET /webhooks': { operationId: 'listWebhooks' },
  'GET /webhooks/:id': { operationId: 'getWebhook' },
  'PATCH /webhooks/:id': { operationId: 'updateWebhook' },
  'DELETE /webhooks/:id': { operationId: 'deleteWebhook' },
  'GET /webhooks/:id/deliveries': { operationId: 'listWebhookDeliveries' },
  'POST /webhooks/:id/deliveries/:delivery_id/retry': { operationId: 'retryWebhookDelivery' },
  'POST /discounts': { operationId: 'createDiscount' },
  'GET /discounts': { operationId: 'listDiscounts' },
  'GET /discounts/:id': { operationId: 'getDiscount' },
  'PATCH /discounts/:id': { operationId: 'updateDiscount' },
  'GET /media/:id/performance': { operationId: 'getMediaPerformance' },
  'GET /search/products': { operationId: 'searchProducts' },
  'GET /metrics': { operationId: 'getMetrics' },
};
