// A catalog shaped like the one that once took the gateway down: products with many SKUs, each
// product similar to every other, one image showing them all (with a placement each). Sizes are
// the caller's: the app tests use small ones, the process test the (100 × 1,000).
export interface BulkShape {
  products: number;
  skusPerProduct: number;
  /** Similar products of each (at most products - 1): the next ones, wrapping around. */
  similarPerProduct: number;
}

export function bulkCatalog({ products, skusPerProduct, similarPerProduct }: BulkShape): Record<string, unknown> {
  const ids = Array.from({ length: products }, (_, index) => 1 + index);
  return {
    version: 1,
    stores: [
      {
        id: 1,
        name: 'bulk.example',
        marketplace: 'shopify',
        currency: 'USD',
        margin_rate: 0.1,
        shipping_methods: [{ id: 'standard', label: 'Standard', price: 5 }],
        tax_rates: [{ rate: 0.05 }],
      },
    ],
    products: ids.map((id) => ({
      id,
      title: `Bulk ${id}`,
      brand: 'Bulk',
      price: 10 + (id % 7),
      currency: 'USD',
      category: 'Bulk',
      is_available: true,
      images: [`https://bulk.example/${id}.jpg`],
      variants: [{ name: 'Size', visual: false, values: Array.from({ length: skusPerProduct }, (_, n) => `S${n}`) }],
      skus: Array.from({ length: skusPerProduct }, (_, n) => ({
        sku_id: id * 100_000 + n,
        merchant_id: 1,
        name: `Bulk ${id} S${n}`,
        in_stock: true,
        qty_available: 5,
        sale_price: null,
        retail_price: 10 + (id % 7),
        currency: 'USD',
        status: 'AVAILABLE',
        type: 'PHYSICAL',
        taxable: true,
        variant_values: [{ variant: 'Size', value: `S${n}` }],
      })),
    })),
    media: [
      {
        type: 'image',
        id: 1,
        slug: 'bulk',
        file_name: 'bulk.jpg',
        product_ids: ids,
        placements: ids.map((id, index) => ({ product_id: id, x: (index % 10) / 10, y: 0.5 })),
      },
    ],
    similar: ids.flatMap((id) =>
      Array.from({ length: similarPerProduct }, (_, n) => ({
        product_id: id,
        similar_product_id: ids[(id + n) % products]!,
      })),
    ),
  };
}
