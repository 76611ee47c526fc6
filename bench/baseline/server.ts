// The raw baseline: plain Fastify + better-sqlite3 with hand-written SQL, serving exactly the
// JSON of GET /product/{id} and GET /image/comparables/{id} from the same database file. It is
// the practical limit the gateway is measured against: no ORM, no GraphQL, no per-request
// objects beyond the answer. Usage: node dist/bench/baseline/server.js <db file> <port>
import Database from 'better-sqlite3';
import Fastify from 'fastify';
import { ImageComparablesAnswer, Product } from '../../src/catalog/catalog.schemas.js';
import { Ref, registerNamedSchemas } from '../../src/rest/schema.js';

interface ProductRow {
  id: number;
  externalId: string | null;
  title: string;
  brand: string | null;
  url: string | null;
  priceMinor: number;
  currency: string;
  category: string | null;
  isAvailable: number;
  images: string;
  nativeCheckout: number;
  variants: string;
}

interface SkuRow {
  id: number;
  productId: number;
  externalId: string | null;
  merchantId: number;
  name: string;
  inStock: number;
  qtyAvailable: number;
  salePriceMinor: number | null;
  retailPriceMinor: number | null;
  currency: string;
  status: string;
  type: string;
  taxable: number;
  taxType: string | null;
  dateCreated: string | null;
  dateLastModified: string | null;
  variantValues: string;
  dimensions: string;
}

const [file, port] = process.argv.slice(2);
if (!file || !port) throw new Error('usage: server.js <sqlite file> <port>');
const db = new Database(file, { readonly: true });
db.pragma('journal_mode = WAL');

const productColumns = 'id, externalId, title, brand, url, priceMinor, currency, category, isAvailable, images, nativeCheckout, variants';
const skuColumns = 'id, productId, externalId, merchantId, name, inStock, qtyAvailable, salePriceMinor, retailPriceMinor, currency, status, type, taxable, taxType, dateCreated, dateLastModified, variantValues, dimensions';
const productById = db.prepare<[number], ProductRow>(`SELECT ${productColumns} FROM Product WHERE id = ?`);
const productsByIds = db.prepare<[string], ProductRow>(`SELECT ${productColumns} FROM Product WHERE id IN (SELECT value FROM json_each(?))`);
const skusOfProduct = db.prepare<[number], SkuRow>(`SELECT ${skuColumns} FROM Sku WHERE productId = ? AND listed = 1 ORDER BY position`);
const skusOfProducts = db.prepare<[string], SkuRow>(`SELECT ${skuColumns} FROM Sku WHERE productId IN (SELECT value FROM json_each(?)) AND listed = 1 ORDER BY productId, position`);
const imageById = db.prepare<[number], { id: number; slug: string; fileName: string; platform: string | null }>(`SELECT id, slug, fileName, platform FROM Media WHERE id = ? AND type = 'image'`);
const productIdsOfMedia = db.prepare<[number], { productId: number }>('SELECT productId FROM MediaProduct WHERE mediaId = ? ORDER BY position');
const similarOf = db.prepare<[string], { productId: number; similarProductId: number }>(
  'SELECT productId, similarProductId FROM SimilarProduct WHERE productId IN (SELECT value FROM json_each(?)) ORDER BY productId, position',
);

const major = (minor: number | null) => (minor === null ? null : minor / 100);
const iso = (value: string | null) => (value === null ? null : new Date(value).toISOString());

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

function tier(base: number, other: number) {
  return other * 100 < base * 90 ? 'lower' : other * 100 > base * 110 ? 'higher' : 'similar';
}

const app = Fastify({ logger: false });
// The project's own answer schemas, so that both serialize the same shapes the same way.
registerNamedSchemas(app);

app.get<{ Params: { id: string } }>('/product/:id', { schema: { response: { 200: Ref(Product) } } }, async (request, reply) => {
  const product = productById.get(Number(request.params.id));
  if (!product) return reply.status(404).send({ statusCode: 404, code: 'PRODUCT_NOT_FOUND', error: 'Not Found', message: 'No product' });
  return productJson(product, skusOfProduct.all(product.id));
});

app.get<{ Params: { id: string } }>('/image/comparables/:id', { schema: { response: { 200: Ref(ImageComparablesAnswer) } } }, async (request, reply) => {
  const media = imageById.get(Number(request.params.id));
  if (!media) return reply.status(404).send({ statusCode: 404, code: 'MEDIA_NOT_FOUND', error: 'Not Found', message: 'No image' });
  const ids = productIdsOfMedia.all(media.id).map((row) => row.productId);
  const pairs = similarOf.all(JSON.stringify(ids));
  const similarIds = [...new Set(pairs.map((pair) => pair.similarProductId))];
  const allIds = [...new Set([...ids, ...similarIds])];
  const products = new Map(productsByIds.all(JSON.stringify(allIds)).map((row) => [row.id, row]));
  const skus = new Map<number, SkuRow[]>();
  for (const sku of skusOfProducts.all(JSON.stringify(allIds))) skus.set(sku.productId, [...(skus.get(sku.productId) ?? []), sku]);
  const similarByProduct = new Map<number, number[]>();
  for (const pair of pairs) similarByProduct.set(pair.productId, [...(similarByProduct.get(pair.productId) ?? []), pair.similarProductId]);
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
            return other ? [{ ...productJson(other, skus.get(otherId) ?? []), price_tier: tier(product.priceMinor, other.priceMinor) }] : [];
          }),
        },
      ];
    }),
  };
});

await app.listen({ host: '127.0.0.1', port: Number(port) });
process.on('SIGTERM', () => void app.close().then(() => process.exit(0)));
