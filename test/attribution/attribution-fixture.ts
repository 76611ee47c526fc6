// The catalog of the attribution tests: three stores (two in USD, one in EUR, so that revenue
// comes in two currencies), media items that show some of the products, and placements.
import type { Database } from '../../src/db/database.js';
import { bumpImportVersion } from '../../src/catalog/catalog-version.repository.js';

const store = (id: number, name: string, currency: string) => ({
  id,
  name,
  marketplace: 'shopify',
  currency,
  margin_rate: 0.1,
  shipping_methods: [{ id: 'standard', label: 'Standard', price: 5 }],
  tax_rates: [],
});

const product = (id: number, storeId: number, title: string, price: number, currency: string) => ({
  id,
  title,
  price,
  currency,
  skus: [
    {
      sku_id: id * 10 + 1,
      merchant_id: storeId,
      name: title,
      qty_available: 500,
      sale_price: price,
      retail_price: price,
      currency,
    },
  ],
});

export const attributionCatalog = {
  version: 1,
  stores: [store(1, 'north.example', 'USD'), store(2, 'south.example', 'USD'), store(3, 'berlin.example', 'EUR')],
  products: [
    product(101, 1, 'Jacket', 40, 'USD'),
    product(102, 1, 'Mug', 12.5, 'USD'),
    product(201, 2, 'Lamp', 30, 'USD'),
    product(301, 3, 'Kettle', 25.5, 'EUR'),
    product(302, 3, 'Scarf', 19.99, 'EUR'),
  ],
  media: [
    { type: 'image', id: 1, slug: 'look', file_name: 'look.jpg', product_ids: [101, 201, 301] },
    { type: 'video', id: 2, slug: 'clip', file_name: 'clip.mp4', product_ids: [102, 101, 302] },
    { type: 'image', id: 3, slug: 'other', file_name: 'other.jpg', product_ids: [102] },
  ],
};

/** Image 1 places the jacket (1:0) and the lamp (1:1); video 2 the mug (2:0) and the jacket (2:1). */
export async function addPlacements(db: Database['db']): Promise<void> {
  await db.mediaPlacement.createMany({
    data: [
      { mediaId: 1, position: 0, productId: 101, x: 0.2, y: 0.3 },
      { mediaId: 1, position: 1, productId: 201, x: 0.6, y: 0.7 },
      { mediaId: 2, position: 0, productId: 102, startMs: 0, endMs: 5000 },
      { mediaId: 2, position: 1, productId: 101, startMs: 5000, endMs: 9000 },
    ],
  });
  await bumpImportVersion(db);
}

/** The buyer of the cart tests. */
export { californian as buyer } from '../cart/cart-helpers.js';
