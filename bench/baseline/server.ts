// The raw baseline: plain Fastify + better-sqlite3 with hand-written SQL, serving exactly the
// JSON of GET /product/{id} and GET /image/comparables/{id} from the same database file. It is
// the practical limit the gateway is measured against: no ORM, no GraphQL, no per-request
// objects beyond the answer. Usage: node dist/bench/baseline/server.js <db file> <port>
import Fastify from 'fastify';
import { iso, major, serverArguments, tierOf, type ProductRow, type SkuRow } from './queries.js';
import { ImageComparablesAnswer, Product } from '../../src/catalog/catalog.schemas.js';
import { Ref, registerNamedSchemas } from '../../src/rest/schema.js';

const { queries, port } = serverArguments();

function skuJson(sku: SkuRow) {
  return {
    sku_id: sku.id,
    product_id: sku.productId,
    external_id: sku.externalId,
    merchant_id: sku.merchantId,
    name: sku.name,
    in_stock: sku.inStock === 1,
    qty_available: sku.qtyAvailable,
    sale_price: major(sku.salePriceMinor),
    retail_price: major(sku.retailPriceMinor),
    currency: sku.currency,
    status: sku.status,
    type: sku.type,
    taxable: sku.taxable === 1,
    tax_type: sku.taxType,
    date_created: iso(sku.dateCreated),
    date_last_modified: iso(sku.dateLastModified),
    variant_values: JSON.parse(sku.variantValues) as unknown,
    sku_dimensions: JSON.parse(sku.dimensions) as unknown,
  };
}

function productJson(product: ProductRow, skus: SkuRow[]) {
  return {
    id: product.id,
    external_id: product.externalId,
    title: product.title,
    brand: product.brand,
    url: product.url,
    price: product.priceMinor / 100,
    currency: product.currency,
    category: product.category,
    is_available: product.isAvailable === 1,
    images: JSON.parse(product.images) as unknown,
    native_checkout: product.nativeCheckout === 1,
    variants: JSON.parse(product.variants) as unknown,
    skus: skus.map(skuJson),
  };
}

const app = Fastify({ logger: false });
// The project's own answer schemas, so that both serialize the same shapes the same way.
registerNamedSchemas(app);

app.get<{ Params: { id: string } }>(
  '/product/:id',
  { schema: { response: { 200: Ref(Product) } } },
  async (request, reply) => {
    const found = queries.product(Number(request.params.id));
    if (!found)
      return reply
        .status(404)
        .send({ statusCode: 404, code: 'PRODUCT_NOT_FOUND', error: 'Not Found', message: 'No product' });
    return productJson(found.product, found.skus);
  },
);

app.get<{ Params: { id: string } }>(
  '/image/comparables/:id',
  { schema: { response: { 200: Ref(ImageComparablesAnswer) } } },
  async (request, reply) => {
    const rows = queries.imageComparables(Number(request.params.id));
    if (!rows)
      return reply
        .status(404)
        .send({ statusCode: 404, code: 'MEDIA_NOT_FOUND', error: 'Not Found', message: 'No image' });
    const { media, ids, products, skus, similarByProduct } = rows;
    return {
      image_info: { id: media.id, slug: media.slug, file_name: media.fileName, platform: media.platform },
      products: ids.flatMap((id) => {
        const product = products.get(id);
        if (!product) return [];
        return [
          {
            ...productJson(product, skus.get(id) ?? []),
            similar_products: (similarByProduct.get(id) ?? []).flatMap((otherId) => {
              const other = products.get(otherId);
              return other
                ? [
                    {
                      ...productJson(other, skus.get(otherId) ?? []),
                      price_tier: tierOf(product.priceMinor, other.priceMinor),
                    },
                  ]
                : [];
            }),
          },
        ];
      }),
    };
  },
);

await app.listen({ host: '127.0.0.1', port });
process.on('SIGTERM', () => void app.close().then(() => process.exit(0)));
