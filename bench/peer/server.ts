// The peer: Mercurius with graphql-jit (`jit: 1`: a document is compiled from its second run) on
// Fastify, serving the gateway's own schema (schema/schema.graphql) over the raw baseline's SQL
// (../baseline/queries.ts). Its `image` resolver reads an image's whole tree in the baseline's
// five statements and answers it as plain objects in the schema's shape, so every other field is
// a property read: what the fastest Node GraphQL stack does with the same document and rows.
// No result cache. Usage: node dist/bench/peer/server.js <sqlite file> <port>
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import Fastify from 'fastify';
import mercurius from 'mercurius';
import { projectRoot } from '../../src/db/schema-engine.js';
import { iso, major, serverArguments, tierOf, type ProductRow, type SkuRow } from '../baseline/queries.js';

const { queries, port } = serverArguments();

function sku(row: SkuRow) {
  return {
    skuId: row.id,
    productId: row.productId,
    externalId: row.externalId,
    merchantId: row.merchantId,
    name: row.name,
    inStock: row.inStock === 1,
    qtyAvailable: row.qtyAvailable,
    salePrice: major(row.salePriceMinor),
    retailPrice: major(row.retailPriceMinor),
    currency: row.currency,
    status: row.status,
    type: row.type,
    taxable: row.taxable === 1,
    taxType: row.taxType,
    dateCreated: iso(row.dateCreated),
    dateLastModified: iso(row.dateLastModified),
    variantValues: JSON.parse(row.variantValues) as unknown,
    skuDimensions: JSON.parse(row.dimensions) as unknown,
  };
}

function product(row: ProductRow, skus: SkuRow[]) {
  return {
    id: row.id,
    externalId: row.externalId,
    title: row.title,
    brand: row.brand,
    url: row.url,
    price: row.priceMinor / 100,
    currency: row.currency,
    category: row.category,
    isAvailable: row.isAvailable === 1,
    images: JSON.parse(row.images) as unknown,
    nativeCheckout: row.nativeCheckout === 1,
    variants: JSON.parse(row.variants) as unknown,
    skus: skus.map(sku),
  };
}

/** The schema's PriceTier value. */
const tier = (base: number, other: number) => tierOf(base, other).toUpperCase();

const resolvers = {
  Query: {
    image(_root: unknown, args: { id?: string }) {
      const rows = queries.imageComparables(Number(args.id));
      if (!rows) return null;
      const { media, ids, products, skus, similarByProduct } = rows;
      return {
        id: media.id,
        slug: media.slug,
        fileName: media.fileName,
        platform: media.platform,
        products: ids.flatMap((id) => {
          const row = products.get(id);
          if (!row) return [];
          const similarProducts = (similarByProduct.get(id) ?? []).flatMap((otherId) => {
            const other = products.get(otherId);
            return other
              ? [
                  {
                    priceTier: tier(row.priceMinor, other.priceMinor),
                    product: product(other, skus.get(otherId) ?? []),
                  },
                ]
              : [];
          });
          return [{ ...product(row, skus.get(id) ?? []), similarProducts }];
        }),
      };
    },
  },
};

const app = Fastify({ logger: false });
await app.register(mercurius, {
  schema: readFileSync(join(projectRoot, 'schema', 'schema.graphql'), 'utf8'),
  resolvers,
  jit: 1,
});
await app.listen({ host: '127.0.0.1', port });
process.on('SIGTERM', () => void app.close().then(() => process.exit(0)));
