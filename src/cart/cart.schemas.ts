// JSON Schemas of the cart and order routes: request shapes (types only: ranges and references
// are checked by the services, the same for GraphQL) and the documented answers.

const nullableString = { type: ['string', 'null'] } as const;
const idValue = { type: ['string', 'integer', 'null'] } as const;

const item = {
  type: 'object',
  required: ['quantity'],
  properties: { quantity: { type: 'integer' }, product_id: idValue, variant_id: idValue },
} as const;

const itemList = { type: 'array', items: item } as const;

export const cartItemsBody = {
  type: 'object',
  properties: {
    id: nullableString,
    items: {
      type: 'object',
      properties: { storefront_cart_items_input: itemList, shopify_cart_items_input: itemList },
    },
  },
} as const;

export const cartItemsBodyWithId = { ...cartItemsBody, required: ['id'], properties: { ...cartItemsBody.properties, id: { type: 'string' } } } as const;

export const customerInfoBody = {
  type: 'object',
  required: ['id', 'buyer_identity'],
  properties: { id: { type: 'string' }, buyer_identity: { type: 'object' } },
} as const;

export const addItemBody = {
  type: 'object',
  required: ['item'],
  properties: { cart_id: nullableString, item },
} as const;

export const updateItemBody = {
  type: 'object',
  required: ['cart_id', 'item'],
  properties: { cart_id: { type: 'string' }, item },
} as const;

export const shippingMethodBody = {
  type: 'object',
  required: ['cart_id', 'store', 'shipping_method_id'],
  properties: { cart_id: { type: 'string' }, store: { type: ['string', 'integer'] }, shipping_method_id: { type: 'string' } },
} as const;

export const submitBody = {
  type: 'object',
  properties: { id: { type: 'string' }, cart_id: { type: 'string' } },
} as const;

export const orderStatusBody = {
  type: 'object',
  required: ['status'],
  properties: {
    status: { type: 'string' },
    required_actions: { type: ['array', 'null'], items: { type: 'object' } },
  },
} as const;

export const cartIdParams = { type: 'object', required: ['cart_id'], properties: { cart_id: { type: 'string' } } } as const;
export const idParams = { type: 'object', required: ['id'], properties: { id: { type: 'string' } } } as const;

// Answers

const money = {
  type: 'object',
  required: ['value', 'display_value', 'currency'],
  properties: { value: { type: 'number' }, display_value: { type: 'string' }, currency: { type: 'string' } },
} as const;

const itemRef = {
  type: 'object',
  required: ['id', 'title', 'marketplace', 'description', 'is_available', 'price'],
  properties: { id: { type: 'string' }, title: { type: 'string' }, marketplace: { type: 'string' }, description: nullableString, is_available: { type: 'boolean' }, price: money },
} as const;

const cartLine = {
  type: 'object',
  required: ['quantity', 'variant', 'product'],
  properties: { quantity: { type: 'integer' }, variant: itemRef, product: itemRef },
} as const;

const shippingMethod = {
  type: 'object',
  required: ['id', 'label', 'price', 'taxes', 'total'],
  properties: { id: { type: 'string' }, label: { type: 'string' }, price: money, taxes: money, total: money },
} as const;

const offer = {
  type: 'object',
  required: ['subtotal', 'margin', 'not_available_ids', 'shipping_methods', 'selected_shipping_method'],
  properties: {
    subtotal: money,
    margin: money,
    not_available_ids: { type: 'array', items: { type: 'string' } },
    shipping_methods: { type: 'array', items: shippingMethod },
    selected_shipping_method: { ...shippingMethod, type: ['object', 'null'] },
  },
} as const;

const identityFields = ['first_name', 'last_name', 'address_1', 'address_2', 'city', 'province_code', 'country_code', 'postal_code', 'email', 'phone'] as const;

const buyerIdentity = {
  type: 'object',
  required: identityFields,
  properties: Object.fromEntries(identityFields.map((field) => [field, nullableString])),
} as const;

function storeEntry(lines: object) {
  return {
    type: 'object',
    required: ['store', 'request_id', 'cart_lines', 'offer', 'is_submitted'],
    properties: { store: { type: 'string' }, request_id: nullableString, cart_lines: lines, offer, is_submitted: { type: 'boolean' } },
  } as const;
}

export const cartResponse = {
  type: 'object',
  required: ['id', 'cost', 'buyer_identity', 'stores'],
  properties: {
    id: { type: 'string' },
    cost: {
      type: 'object',
      required: ['is_estimated', 'subtotal', 'tax', 'shipping', 'total'],
      properties: { is_estimated: { type: 'boolean' }, subtotal: money, tax: money, shipping: money, total: money },
    },
    buyer_identity: buyerIdentity,
    stores: { type: 'array', items: storeEntry({ type: 'array', items: cartLine }) },
  },
} as const;

export const orderResponse = {
  type: 'object',
  required: ['id', 'cart_id', 'status', 'events', 'required_actions', 'lines', 'cost'],
  properties: {
    id: { type: 'string' },
    cart_id: { type: 'string' },
    status: { type: 'string' },
    events: {
      type: 'array',
      items: { type: 'object', required: ['id', 'created_at', 'type'], properties: { id: { type: 'string' }, created_at: { type: 'string' }, type: { type: 'string' } } },
    },
    required_actions: {
      type: 'array',
      items: { type: 'object', required: ['action', 'description'], properties: { action: { type: 'string' }, description: { type: 'string' } } },
    },
    lines: {
      type: 'array',
      items: {
        type: 'object',
        required: ['variant_id', 'product_id', 'title', 'variant_title', 'variant_values', 'quantity', 'unit_price', 'line_total'],
        properties: {
          variant_id: { type: 'string' },
          product_id: { type: 'string' },
          title: { type: 'string' },
          variant_title: { type: 'string' },
          variant_values: { type: 'array', items: { type: 'object', required: ['variant', 'value'], properties: { variant: { type: 'string' }, value: { type: 'string' } } } },
          quantity: { type: 'integer' },
          unit_price: money,
          line_total: money,
        },
      },
    },
    cost: {
      type: ['object', 'null'],
      required: ['currency', 'subtotal', 'margin', 'shipping_method', 'shipping', 'tax', 'total'],
      properties: {
        currency: { type: 'string' },
        subtotal: money,
        margin: money,
        shipping_method: { ...shippingMethod, type: ['object', 'null'] },
        shipping: money,
        tax: money,
        total: money,
      },
    },
  },
} as const;

export const cartStatusResponse = {
  type: 'object',
  required: ['status', 'orders', 'cart'],
  properties: {
    status: { type: 'string' },
    orders: { type: 'array', items: orderResponse },
    cart: {
      type: 'object',
      required: ['id', 'stores', 'buyer_identity'],
      properties: {
        id: { type: 'string' },
        stores: { type: 'array', items: storeEntry({ ...cartLine, type: ['object', 'null'] }) },
        buyer_identity: buyerIdentity,
      },
    },
  },
} as const;
