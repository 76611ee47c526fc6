// The GraphQL documents the player sends (api.ts runs them): a fragment per shape it reads, and
// one operation per thing it does, each followed by the fragments it spreads.

const amount = 'fragment Amount on Money { displayValue currency }';

const productFields = `fragment ProductFields on Product {
  id title brand priceMoney { displayValue } currency isAvailable images
  variants { name values }
  skus {
    skuId merchantId name inStock qtyAvailable priceMoney { displayValue } currency status
    variantValues { variant value }
  }
}`;

const cartFields = `fragment CartFields on Cart {
  id
  cost {
    id isEstimated subtotal { ...Amount } tax { ...Amount } shipping { ...Amount } discount { ...Amount }
    total { ...Amount value }
  }
  buyerIdentity { id firstName lastName address1 city provinceCode countryCode postalCode email phone }
  stores {
    id store storeName storeId isSubmitted
    cartLines {
      id quantity mediaId placementId variant { variantId title isAvailable price { ...Amount } }
      product { productId title } discount { ...Amount }
    }
    offer {
      id subtotal { ...Amount } tax { ...Amount } shipping { ...Amount } notAvailableIds
      shippingMethods { id code label price { ...Amount } }
      selectedShippingMethod { id code }
      discount { ...Amount } discounts { discountId code amount { ...Amount } }
    }
  }
  discountCodes { code applicable }
  warnings { code message store }
}
${amount}`;

const orderFields = `fragment OrderFields on Order {
  id orderNumber storeId storeName status requiredActions { action description } cost { id total { ...Amount } }
  lines { id productId title variantTitle quantity lineTotal { ...Amount } }
}`;

const mediaFields = `id kind slug alt url posterUrl captionsUrl width height durationMs
  placements { id x y startMs endMs product { id } }
  products { ...ProductFields }`;

/** The images of `count` products, each by an alias of its own (p0, p1, …; variables of the same names). */
export function imagesQuery(count: number): string {
  const indexes = Array.from({ length: count }, (_, index) => index);
  const variables = indexes.map((index) => `$p${index}: ID!`).join(', ');
  const fields = indexes.map((index) => `p${index}: product(id: $p${index}) { id images }`).join(' ');
  return `query Images(${variables}) { ${fields} }`;
}

/** An image or a video, by its id or its slug. */
export function mediaQuery(kind: 'image' | 'video', argument: 'id' | 'slug'): string {
  const type = argument === 'id' ? 'ID' : 'String';
  return `query Media($by: ${type}!) { media: ${kind}(${argument}: $by) { ${mediaFields} } }\n${productFields}`;
}

export const orderSubscription = `subscription OrderUpdated($orderId: ID!) {
  orderUpdated(orderId: $orderId) { ...OrderFields }
}
${orderFields}
${amount}`;

/** A cart's mutation: its operation and field, given the variables and arguments, answering the cart. */
const cartMutation = (operation: string, variables: string, field: string, args: string) =>
  `mutation ${operation}(${variables}) { ${field}(${args}) { ...CartFields } }\n${cartFields}`;

export const documents = {
  cartStatus: `query CartStatus($cartId: ID!) {
  cartStatus(id: $cartId) { status orders { ...OrderFields } cart { ...CartFields } }
}
${orderFields}
${cartFields}`,
  addCartItems: cartMutation(
    'Add',
    '$cartId: ID, $items: [CartItemInput!]!',
    'addCartItems',
    'cartId: $cartId, items: $items',
  ),
  updateCartItems: cartMutation(
    'Update',
    '$cartId: ID!, $items: [CartItemInput!]!',
    'updateCartItems',
    'cartId: $cartId, items: $items',
  ),
  removeCartItems: cartMutation(
    'Remove',
    '$cartId: ID!, $variantIds: [ID!]!',
    'removeCartItems',
    'cartId: $cartId, variantIds: $variantIds',
  ),
  selectShippingMethod: cartMutation(
    'Ship',
    '$cartId: ID!, $store: String!, $method: String!',
    'selectShippingMethod',
    'cartId: $cartId, store: $store, shippingMethodId: $method',
  ),
  updateBuyerIdentity: cartMutation(
    'Buyer',
    '$cartId: ID!, $buyer: BuyerIdentityInput!',
    'updateBuyerIdentity',
    'cartId: $cartId, buyerIdentity: $buyer',
  ),
  updateCartDiscountCodes: cartMutation(
    'Codes',
    '$cartId: ID!, $codes: [String!]!',
    'updateCartDiscountCodes',
    'cartId: $cartId, codes: $codes',
  ),
  submitCart: `mutation Submit($cartId: ID!, $key: String, $total: MoneyInput) {
  submitCart(cartId: $cartId, idempotencyKey: $key, expectedTotal: $total) {
    status orders { ...OrderFields } cart { ...CartFields }
  }
}
${orderFields}
${cartFields}`,
};
