// The bulk catalog of issue 36: products with many SKUs each, every product similar to every
// other. 100 products of 1,000 SKUs (100,000 SKUs, 9,900 similar pairs) by default; deterministic.
// GraphQL pages of it are heavy to answer: a page of 20 products with their SKUs is 20,000 objects.

export interface BulkShape {
  products: number;
  skusPerProduct: number;
}

export const bulkShape: BulkShape = { products: 100, skusPerProduct: 1000 };

export function bulkCatalog(shape: BulkShape = bulkShape): unknown {
  const store = {
    id: 1,
    name: 'bulk-store.example',
    marketplace: 'shopify',
    currency: 'USD',
    margin_rate: 0.1,
    shipping_methods: [{ id: 'standard', label: 'Standard', price: 4.99 }],
    tax_rates: [{ rate: 0.05 }],
  };
  const products = Array.from({ length: shape.products }, (_, index) => {
    const id = index + 1;
    return {
      id,
      title: `Bulk product ${id}`,
      brand: 'Bulk',
      price: 10,
      currency: 'USD',
      category: 'Bulk',
      is_available: true,
      skus: Array.from({ length: shape.skusPerProduct }, (_, position) => ({
        sku_id: id * 100_000 + position,
        merchant_id: 1,
        name: `Bulk product ${id} #${position}`,
        qty_available: 100,
        retail_price: 10,
        currency: 'USD',
      })),
    };
  });
  const similar = products.flatMap((product) => products.filter((other) => other.id !== product.id).map((other) => ({ product_id: product.id, similar_product_id: other.id })));
  return { version: 1, stores: [store], products, media: [], similar };
}
