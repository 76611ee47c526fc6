// The deterministic bench catalog: 3 stores, 5,000 products of 2 SKUs, 5 comparables each, and
// media: 500 of 20 products (scenario b, c), 20 of 5 and 20 of 50 products (scale curve, e).
// Same seed, same document, byte for byte.

export const benchShape = {
  stores: 3,
  products: 5000,
  similarPerProduct: 5,
  media: [
    { count: 500, size: 20, firstId: 1 },
    { count: 20, size: 5, firstId: 501 },
    { count: 20, size: 50, firstId: 521 },
  ],
} as const;

/** A deterministic pseudo-random number generator (mulberry32): the same seed, the same numbers. */
export function generator(seed: number) {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const categories = ['Jackets', 'Shoes', 'Bags', 'Lamps', 'Plants', 'Mugs', 'Scarves', 'Tents'];

/** A generated catalog's store `index` (0-based); `name` names the catalog (bench, large). */
export function generatedStore(name: string, index: number) {
  return {
    id: index + 1,
    name: `${name}-store-${index + 1}.example`,
    marketplace: 'shopify',
    currency: 'USD',
    margin_rate: 0.1,
    shipping_methods: [
      { id: 'standard', label: 'Standard', price: 4.99 },
      { id: 'express', label: 'Express', price: 12.99 },
    ],
    tax_rates: [{ country_code: 'US', rate: 0.06 }, { rate: 0.05 }],
  };
}

/** A generated catalog's product `index` (0-based) in one of `stores` stores, a SKU per size, its price drawn from `random`. */
export function generatedProduct(
  name: string,
  index: number,
  stores: number,
  sizes: readonly string[],
  random: () => number,
) {
  const id = index + 1;
  const store = (index % stores) + 1;
  const price = Math.round((5 + random() * 300) * 100) / 100;
  return {
    id,
    external_id: `${name}-${id}`,
    title: `${name[0]!.toUpperCase()}${name.slice(1)} product ${id}`,
    description: `A product of the ${name} catalog, number ${id}.`,
    brand: `Brand ${(index % 40) + 1}`,
    url: `https://${name}-store-${store}.example/products/${id}`,
    price,
    currency: 'USD',
    category: categories[index % categories.length],
    is_available: true,
    images: [`https://cdn.${name}.example/${id}-1.jpg`, `https://cdn.${name}.example/${id}-2.jpg`],
    native_checkout: true,
    variants: [{ name: 'Size', visual: false, values: [...sizes] }],
    skus: sizes.map((size, position) => ({
      sku_id: id * 10 + position,
      external_id: `${name}-${id}-${size}`,
      merchant_id: store,
      name: `${name[0]!.toUpperCase()}${name.slice(1)} product ${id} ${size}`,
      in_stock: true,
      qty_available: 100,
      sale_price: price,
      retail_price: price,
      currency: 'USD',
      status: 'AVAILABLE',
      type: 'PHYSICAL',
      taxable: true,
      tax_type: 'DEFAULT',
      date_created: '2026-01-01T00:00:00Z',
      date_last_modified: '2026-06-01T00:00:00Z',
      variant_values: [{ variant: 'Size', value: size }],
      sku_dimensions: [{ weight: 0.5, type: 'kg' }],
    })),
  };
}

export function benchCatalog(): unknown {
  const random = generator(42);
  const stores = Array.from({ length: benchShape.stores }, (_, index) => generatedStore('bench', index));
  const products = Array.from({ length: benchShape.products }, (_, index) =>
    generatedProduct('bench', index, benchShape.stores, ['S', 'M'], random),
  );
  const similar = products.flatMap((product, index) =>
    Array.from({ length: benchShape.similarPerProduct }, (_, n) => ({
      product_id: product.id,
      similar_product_id: ((index + 1 + n * 97) % benchShape.products) + 1,
    })),
  );
  const media = benchShape.media.flatMap(({ count, size, firstId }) =>
    Array.from({ length: count }, (_, index) => {
      const id = firstId + index;
      const start = (id * 37) % (benchShape.products - size);
      return {
        type: 'image',
        id,
        slug: `bench-media-${id}`,
        file_name: `bench-${id}.jpg`,
        platform: 'instagram',
        product_ids: Array.from({ length: size }, (_, n) => start + n + 1),
      };
    }),
  );
  return { version: 1, stores, products, media, similar };
}
