// What the tests across two real gateway processes on one PostgreSQL database share: the store
// they sell from, and for the checkout races (discount-race, oversell) one SKU of it, the two
// processes, carts of one unit made half through each and their submits, all at once, each
// through the process that made its cart.
import { afterAll, beforeAll } from 'vitest';
import { californian } from '../cart/cart-helpers.js';
import { json, processFixture, type Gateway, type JsonAnswer, type ProcessFixture } from '../process/gateway.js';

/** The one SKU the races are for. */
export const raceSkuId = 11;

/** The store (1, one.example, USD): one shipping method at 5, tax 5 % in the US. */
export const oneStore = {
  id: 1,
  name: 'one.example',
  marketplace: 'shopify',
  currency: 'USD',
  shipping_methods: [{ id: 'standard', label: 'Standard', price: 5 }],
  tax_rates: [{ country_code: 'US', rate: 0.05 }],
};

/** oneStore selling one product with one SKU (raceSkuId) at 80, `units` in stock. */
/** A product of `oneStore` with one SKU of 100 units, priced by its id (the catalogs of two-process tests). */
export const oneStoreProduct = (id: number, title: string) => ({
  id,
  title,
  price: 10 * id,
  currency: 'USD',
  skus: [{ sku_id: id * 10, merchant_id: 1, name: title, qty_available: 100, retail_price: 10 * id, currency: 'USD' }],
});

export function oneSkuCatalog(title: string, units: number) {
  return {
    stores: [oneStore],
    products: [
      {
        id: 1,
        title,
        price: 80,
        currency: 'USD',
        skus: [
          { sku_id: raceSkuId, merchant_id: 1, name: title, qty_available: units, retail_price: 80, currency: 'USD' },
        ],
      },
    ],
  };
}

export interface Race {
  /** The database the gateways share, open for the test's own checks. */
  fixture(): ProcessFixture;
  /** The base URL of the process that serves cart `n` (every other cart through each). */
  base(n: number): string;
}

/** Two gateway processes on one database holding `catalog`: started before the file's tests, killed after. */
export function twoGateways(catalog: unknown): Race {
  let fixture: ProcessFixture | undefined;
  const gateways: Gateway[] = [];
  beforeAll(async () => {
    fixture = await processFixture(catalog);
    for (let n = 0; n < 2; n += 1) gateways.push(await fixture.start());
  }, 120_000);
  afterAll(() => fixture?.close());
  return { fixture: () => fixture!, base: (n) => gateways[n % 2]!.base };
}

/** A cart of one unit of raceSkuId with a Californian buyer, made through `base`: its id. */
export async function oneUnitCart(base: string): Promise<string> {
  const cart = await json('POST', `${base}/cart`, {
    items: { storefront_cart_items_input: [{ variant_id: String(raceSkuId), quantity: 1 }] },
  });
  await json('POST', `${base}/cart/customerInfo`, { id: cart.body.id, buyer_identity: californian });
  return String(cart.body.id);
}

/** Submits the carts all at once, cart `n` through the process that made it. */
export function submitAll(race: Race, ids: readonly string[]): Promise<JsonAnswer[]> {
  return Promise.all(ids.map((id, n) => json('POST', `${race.base(n)}/cart/submit`, { id })));
}
