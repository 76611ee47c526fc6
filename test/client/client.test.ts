// The client for shops (src/client/) against a gateway listening on a real port, used as a shop's
// code uses it: the REST client's methods by operation name (numeric ids as numbers), and the typed
// GraphQL documents through Apollo Client (queries and mutations) and graphql-sse's client
// (subscriptions). The types are checked by `npm run typecheck`: a document or an operation that
// no longer matches the server fails there, and here at run time.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { compileProblems } from '../client-compile.js';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ApolloClient, HttpLink, InMemoryCache } from '@apollo/client';
import { print } from 'graphql';
import { createClient } from 'graphql-sse';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/app.js';
import { importCatalog } from '../../src/catalog/import/importer.js';
import { projectRoot } from '../../src/db/schema-engine.js';
import {
  AddCartItemsDocument,
  CartStatusDocument,
  CartUpdatedDocument,
  ImageWithProductsDocument,
  OrderDocument,
  ProductWithComparablesDocument,
  SelectShippingMethodDocument,
  SubmitCartDocument,
  UpdateBuyerIdentityDocument,
  VideoWithProductsDocument,
  createRestClient,
  type CartUpdatedSubscription,
} from '../../src/client/index.js';
import generated from '../../schema/possible-types.js';
import { createTestDatabase, type TestDatabase } from '../database.js';
import { readDemoCatalog, readFixture, testConfig } from '../helpers.js';

const buyer = {
  email: 'ada@example.com',
  first_name: 'Ada',
  last_name: 'Lovelace',
  address_1: '1 Main St',
  city: 'San Francisco',
  province_code: 'CA',
  country_code: 'US',
  postal_code: '94107',
};

let app: FastifyInstance;
let database: TestDatabase;
let base: string;

beforeAll(async () => {
  database = await createTestDatabase();
  // the test catalog, with where its products appear in its image and its video
  const catalog = readFixture('catalog.json') as { media: { placements?: unknown[]; duration_ms?: number }[] };
  catalog.media[0]!.placements = [
    { product_id: 11, x: 0.25, y: 0.4 },
    { product_id: 16, x: 0.75, y: 0.9 },
  ];
  Object.assign(catalog.media[1]!, {
    duration_ms: 30_000,
    placements: [
      { product_id: 15, x: 0.5, y: 0.5, start_ms: 0, end_ms: 12_000 },
      { product_id: 11, x: 0.3, y: 0.6, start_ms: 12_000, end_ms: 30_000 },
    ],
  });
  await importCatalog(database.db, catalog);
  app = await buildApp(testConfig({}), database);
  base = await app.listen({ port: 0, host: '127.0.0.1' });
});

afterAll(async () => {
  await app?.close();
  await database?.close();
});

describe('the REST client: a method per operation, named by its operationId', () => {
  it('reads the catalog with numeric ids given as numbers or digits', async () => {
    const rest = createRestClient({ baseUrl: base });
    const product = await rest.getProduct({ params: { path: { id: 11 } } });
    expect(product.response.status).toBe(200);
    expect(product.data?.title).toBe('Trail Jacket');
    expect((await rest.getProduct({ params: { path: { id: '11' } } })).data).toStrictEqual(product.data);
    const image = await rest.getImageComparablesBySlug({ params: { path: { slug: 'look-one' } } });
    expect(image.data?.products.map((item) => [item.id, item.similar_products.length > 0])).toStrictEqual([
      [11, true],
      [16, false],
    ]);
    const placements = await rest.getVideoPlacements({ params: { path: { id: 2 }, query: { at_ms: '13000' } } });
    expect(placements.data?.placements.map((placement) => [placement.id, placement.product_id])).toStrictEqual([
      ['2:1', 11],
    ]);
    const missing = await rest.getProduct({ params: { path: { id: 999 } } });
    expect(missing.response.status).toBe(404);
    expect(missing.error?.code).toBe('PRODUCT_NOT_FOUND');
  });

  it('runs a cart to its orders: addCartItems, updateBuyerIdentity, setShippingMethod, submitCart, getCartStatus, getOrder', async () => {
    const rest = createRestClient({ baseUrl: base });
    const created = await rest.addCartItems({
      body: { items: { storefront_cart_items_input: [{ variant_id: '1101', quantity: 2 }] } },
    });
    const cartId = created.data?.id ?? '';
    expect(created.data?.stores.map((entry) => entry.store)).toStrictEqual(['alpha.example']);
    await rest.addCartItem({ body: { cart_id: cartId, item: { variant_id: '1201', quantity: 1 } } });
    const identified = await rest.updateBuyerIdentity({ body: { id: cartId, buyer_identity: buyer } });
    expect(identified.data?.cart.buyer_identity.email).toBe(buyer.email);
    const shipped = await rest.setShippingMethod({
      body: { cart_id: cartId, store: 'alpha.example', shipping_method_id: 'express' },
    });
    expect(shipped.data?.stores[0]?.offer.selected_shipping_method?.id).toBe('express');

    const submitted = await rest.submitCart({
      body: { id: cartId },
      params: { header: { 'idempotency-key': `client-${cartId}` } },
    });
    expect(submitted.error).toBeUndefined();
    const orderId = submitted.data?.orders[0]?.id ?? '';
    expect(submitted.data?.orders).toHaveLength(1);
    const replayed = await rest.submitCart({
      body: { id: cartId },
      params: { header: { 'idempotency-key': `client-${cartId}` } },
    });
    expect(replayed.response.headers.get('idempotent-replayed')).toBe('true');
    expect(
      (await rest.getCartStatus({ params: { path: { cart_id: cartId } } })).data?.orders.map((order) => order.id),
    ).toStrictEqual([orderId]);
    const order = await rest.getOrder({ params: { path: { id: orderId } } });
    expect(order.data?.cart_id).toBe(cartId);
    const again = await rest.addCartItems({
      body: { id: cartId, items: { storefront_cart_items_input: [{ variant_id: '1201', quantity: 1 }] } },
    });
    expect(again.error?.code).toBe('CART_ALREADY_SUBMITTED');
  });

  it('sends the API key it is given on every call', async () => {
    const keyed = await buildApp(testConfig({ API_KEYS: 'client-key-0123456789abcdef:client' }), database);
    try {
      const url = await keyed.listen({ port: 0, host: '127.0.0.1' });
      expect((await createRestClient({ baseUrl: url }).getProduct({ params: { path: { id: 11 } } })).error?.code).toBe(
        'UNAUTHENTICATED',
      );
      expect(
        (
          await createRestClient({ baseUrl: url, apiKey: 'client-key-0123456789abcdef' }).getProduct({
            params: { path: { id: 11 } },
          })
        ).data?.id,
      ).toBe(11);
    } finally {
      await keyed.close();
    }
  });
});

describe('the typed GraphQL documents, through Apollo Client and graphql-sse', () => {
  const apollo = () =>
    new ApolloClient({
      link: new HttpLink({ uri: `${base}/graphql` }),
      cache: new InMemoryCache({ possibleTypes: generated.possibleTypes }),
    });

  it('reads media with placements and comparables, and a product page', async () => {
    const client = apollo();
    const image = await client.query({
      query: ImageWithProductsDocument,
      variables: { slug: 'look-one', similarLimit: 2 },
    });
    expect(image.data?.image?.products.map((product) => product.id)).toStrictEqual(['11', '16']);
    expect(image.data?.image?.placements.map((placement) => placement.product.id)).toStrictEqual(['11', '16']);
    expect(image.data?.image?.products[0]?.similarProducts.length).toBe(2);
    expect(image.data?.image?.products[0]?.priceMoney.displayValue).toBe('$100.00');
    const video = await client.query({ query: VideoWithProductsDocument, variables: { id: '2', atMs: 0 } });
    expect(
      video.data?.video?.placements.map((placement) => [placement.id, placement.product.id, placement.endMs]),
    ).toStrictEqual([['2:0', '15', 12_000]]);
    const product = await client.query({ query: ProductWithComparablesDocument, variables: { id: '11' } });
    expect(product.data?.product?.skus.map((sku) => sku.skuId)).toStrictEqual(['1101', '1102']);
    expect(product.data?.product?.similarProducts.map((similar) => similar.priceTier)).toContain('LOWER');
  });

  it('runs a cart to its orders, and the cart subscription sees the submit', async () => {
    const client = apollo();
    const created = await client.mutate({
      mutation: AddCartItemsDocument,
      variables: { items: [{ variantId: '1101', quantity: 1, mediaId: '1' }] },
    });
    const cartId = created.data?.addCartItems.id ?? '';
    expect(created.data?.addCartItems.stores[0]?.cartLines[0]?.mediaId).toBe('1');

    const live = createClient({ url: `${base}/graphql/stream`, retryAttempts: 0 });
    const updates = live.iterate<CartUpdatedSubscription>({ query: print(CartUpdatedDocument), variables: { cartId } });
    try {
      expect((await updates.next()).value?.data?.cartUpdated.id).toBe(cartId);
      await client.mutate({
        mutation: UpdateBuyerIdentityDocument,
        variables: {
          cartId,
          buyerIdentity: {
            email: buyer.email,
            firstName: 'Ada',
            lastName: 'Lovelace',
            address1: '1 Main St',
            city: 'San Francisco',
            provinceCode: 'CA',
            countryCode: 'US',
            postalCode: '94107',
          },
        },
      });
      await client.mutate({
        mutation: SelectShippingMethodDocument,
        variables: { cartId, store: 'alpha.example', shippingMethodId: 'standard' },
      });
      const submitted = await client.mutate({
        mutation: SubmitCartDocument,
        variables: { cartId, idempotencyKey: `gql-${cartId}` },
      });
      const order = submitted.data?.submitCart.orders[0];
      expect(order?.status).toBe('SUBMITTED');
      expect(order?.lines.map((line) => [line.variantId, line.quantity])).toStrictEqual([['1101', 1]]);
      expect(order?.cost?.total.minorUnits).toBeGreaterThan(10_000);

      // the subscription's last state: the cart, submitted
      let submittedSeen = false;
      for (let step = 0; step < 10 && !submittedSeen; step += 1) {
        const value = (await updates.next()).value;
        submittedSeen =
          value?.data?.cartUpdated.stores.every((entry: { isSubmitted: boolean }) => entry.isSubmitted) ?? false;
      }
      expect(submittedSeen).toBe(true);

      const status = await client.query({ query: CartStatusDocument, variables: { id: cartId } });
      expect(status.data?.cartStatus?.orders.map((placed) => placed.id)).toStrictEqual([order?.id]);
      const read = await client.query({ query: OrderDocument, variables: { id: order?.id ?? '' } });
      expect(read.data?.order?.cartId).toBe(cartId);
    } finally {
      await updates.return?.();
      live.dispose();
    }
  });
});

describe('the example of docs/client.md', () => {
  const section = readFileSync(join(projectRoot, 'docs', 'client.md'), 'utf8');
  const [example = '', subscription = ''] = [...section.matchAll(/```ts\n([\s\S]*?)```/g)].map((match) => match[1]!);
  const directory = join(projectRoot, 'test', '.tmp', 'docs-client');
  const file = join(directory, 'example.ts');

  beforeAll(() => {
    mkdirSync(directory, { recursive: true });
    // the page imports the client as a shop's copy of it, beside the example
    const shopCopy = (text: string) =>
      text.replaceAll("from './client/index.js'", "from '../../../src/client/index.js'");
    writeFileSync(file, shopCopy(example));
    // the subscription snippet goes on from the example (its gateway and cartId): compiled, not run
    writeFileSync(join(directory, 'subscription.ts'), shopCopy(`${example}\n${subscription}`));
  });

  it('compiles, strictly, with the subscription snippet after it', () => {
    expect(example).toContain('createRestClient');
    expect(subscription).toContain('CartUpdatedDocument');
    expect(compileProblems([file, join(directory, 'subscription.ts')], ['node'])).toEqual([]);
  });

  it('runs as written against the demo catalog and places orders', async () => {
    const demo = await createTestDatabase();
    await importCatalog(demo.db, readDemoCatalog());
    const gateway = await buildApp(testConfig({}), demo);
    const logged: unknown[][] = [];
    const log = vi.spyOn(console, 'log').mockImplementation((...values: unknown[]) => void logged.push(values));
    try {
      vi.stubEnv('GATEWAY_URL', await gateway.listen({ port: 0, host: '127.0.0.1' }));
      await import(pathToFileURL(file).href);
      expect(logged[0]).toStrictEqual([
        4,
        'placements;',
        expect.arrayContaining([expect.stringMatching(/^(LOWER|SIMILAR|HIGHER)$/)]),
      ]);
      expect(logged[1]).toStrictEqual(['Ridgeline Rain Shell', 6, 'SKUs']);
      expect(logged[2]).toStrictEqual([[expect.stringMatching(/ SUBMITTED \$\d+\.\d\d$/)]]);
    } finally {
      log.mockRestore();
      vi.unstubAllEnvs();
      await gateway.close();
      await demo.close();
    }
  });
});
