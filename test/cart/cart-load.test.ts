// The cart as the repository loads it (six statements of SQL) is the cart the ORM's nested read
// gives, field for field and in the same order, on the engine under test: carts new, with two
// stores, an identity, a chosen shipping method, discount codes, media attribution, submitted.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, readFixture, type TestApp } from '../helpers.js';
import { call, post } from './cart-helpers.js';
import { addPlacements, attributionCatalog, buyer } from '../attribution/attribution-fixture.js';
import { CartRepository, type StoredCart } from '../../src/cart/cart.repository.js';
import { storeConfig } from '../../src/cart/cart.stored.js';
import { skuForCart } from '../../src/cart/cart.sku.js';
import type { DbClient } from '../../src/db/database.js';
import { emptyBuyerIdentity } from '../../src/domain/buyer-identity.js';
import type { Cart } from '../../src/cart/cart.model.js';

// The attribution catalog, its stores with the terms of the checkout's example: two shipping
// methods and four tax rates each, in an order that is neither their codes' nor their countries'.
const { stores: cartStores } = readFixture('cart-catalog.json') as { stores: { name: string }[] };
const catalog = {
  ...attributionCatalog,
  stores: attributionCatalog.stores.map((store, index) => ({
    ...cartStores[index % cartStores.length],
    id: store.id,
    name: store.name,
    currency: store.currency,
  })),
};

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp(catalog);
  await addPlacements(t.database.db);
});
afterAll(() => t.close());

/** The ORM's nested read of a cart: what the repository read before, as the reference. */
async function nestedRead(tx: DbClient, cartId: string): Promise<StoredCart | null> {
  const row = await tx.cart.findUnique({
    where: { id: cartId },
    select: {
      id: true,
      currency: true,
      updatedAt: true,
      snapshot: true,
      buyerIdentity: true,
      stores: {
        select: {
          storeId: true,
          position: true,
          selectedShippingMethodId: true,
          isSubmitted: true,
          requestId: true,
          store: storeConfig,
        },
        orderBy: { position: 'asc' },
      },
      lines: {
        select: {
          skuId: true,
          storeId: true,
          quantity: true,
          position: true,
          mediaId: true,
          placementId: true,
          seenUnitPriceMinor: true,
          sku: skuForCart,
        },
        orderBy: { position: 'asc' },
      },
      discountCodes: { select: { code: true }, orderBy: { position: 'asc' } },
    },
  });
  if (!row) return null;
  const { cartId: _cartId, ...identity } = row.buyerIdentity ?? { cartId, ...emptyBuyerIdentity };
  return {
    id: row.id,
    currency: row.currency,
    updatedAt: row.updatedAt,
    snapshot: (row.snapshot as unknown as Cart | null) ?? null,
    identity,
    entries: row.stores,
    lines: row.lines,
    discountCodes: row.discountCodes.map((code) => code.code),
  };
}

const repository = new CartRepository();

async function expectSameLoad(cartId: string): Promise<StoredCart> {
  const [loaded, reference] = await t.database.db.$transaction(async (tx) => [
    await repository.load(tx, cartId),
    await nestedRead(tx, cartId),
  ]);
  expect(loaded).toStrictEqual(reference);
  return loaded!;
}

const items = (list: Record<string, unknown>[], id?: string) => ({
  ...(id ? { id } : {}),
  items: { storefront_cart_items_input: list },
});

describe('CartRepository.load', () => {
  it('is the nested read: an unknown cart, a new one, one of two stores with attribution, identity, codes, shipping, submitted', async () => {
    expect(await expectSameLoad('no-such-cart')).toBeNull();
    const created = await post<{ id: string }>(t, '/cart', items([]));
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const id = created.body.id;
    const empty = await expectSameLoad(id);
    expect([empty.lines, empty.entries, empty.discountCodes]).toStrictEqual([[], [], []]);

    const added = await post(
      t,
      '/cart',
      items(
        [
          { variant_id: '1011', quantity: 2, media_id: 1, placement_id: '1:0' },
          { variant_id: '2011', quantity: 1 },
          { variant_id: '1021', quantity: 1, media_id: 2 },
        ],
        id,
      ),
    );
    expect(added.status, JSON.stringify(added.body)).toBe(200);
    const twoStores = await expectSameLoad(id);
    // Stores with two and more shipping methods and tax rates, so that their order is compared too.
    expect(twoStores.entries.map((entry) => entry.store.shippingMethods.length > 1)).toStrictEqual([true, true]);
    expect(twoStores.entries.map((entry) => entry.store.taxRates.length > 1)).toStrictEqual([true, true]);
    expect(twoStores.lines.map((line) => [line.skuId, line.mediaId, line.placementId])).toStrictEqual([
      [1011, 1, '1:0'],
      [2011, null, null],
      [1021, 2, null],
    ]);

    expect((await post(t, '/cart/customerInfo', { id, buyer_identity: buyer })).status).toBe(200);
    const entry = twoStores.entries[1]!;
    const method = entry.store.shippingMethods.at(-1)!.code;
    const chosen = await post(t, '/cart/shippingMethod', {
      cart_id: id,
      store: entry.store.name,
      shipping_method_id: method,
    });
    expect(chosen.status, JSON.stringify(chosen.body)).toBe(200);
    expect((await post(t, '/cart/discounts', { id, codes: ['Other', 'NOPE'] })).status).toBe(200);
    const ready = await expectSameLoad(id);
    expect([ready.identity.email, ready.entries[1]!.selectedShippingMethodId, ready.discountCodes]).toStrictEqual([
      buyer.email,
      method,
      ['Other', 'NOPE'],
    ]);

    const submitted = await call(t, {
      method: 'POST',
      url: '/cart/submit',
      headers: { 'content-type': 'application/json' },
      payload: { id },
    });
    expect(submitted.status, JSON.stringify(submitted.body)).toBe(200);
    const done = await expectSameLoad(id);
    expect(done.entries.map((each) => each.isSubmitted)).toStrictEqual([true, true]);
    expect(done.snapshot?.id).toBe(id);
  });
});
