// Attribution: cart items name the media item (and placement) they were added from; the line
// keeps the first one through merges; refusals change nothing; submit freezes it into the order's
// lines, their answers (REST, GraphQL) and the order.created payload.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { graphql } from '../gql/index.js';
import { createTestApp, dumpDatabase, graphql as send, type TestApp } from '../helpers.js';
import { call, post } from '../cart/cart-helpers.js';
import { addPlacements, attributionCatalog, buyer } from './attribution-fixture.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp(attributionCatalog);
  await addPlacements(t.database.db);
});
afterAll(() => t.close());

interface LineJson {
  quantity: number;
  variant: { id: string };
  media_id: number | null;
  placement_id: string | null;
}
interface CartJson {
  id: string;
  stores: { store: string; cart_lines: LineJson[] }[];
}

const lines = (cart: CartJson) =>
  cart.stores.flatMap((entry) =>
    entry.cart_lines.map((line) => [line.variant.id, line.quantity, line.media_id, line.placement_id]),
  );
const items = (list: Record<string, unknown>[], id?: string) => ({
  ...(id ? { id } : {}),
  items: { storefront_cart_items_input: list },
});

describe('cart lines name their media item', () => {
  it('answers media_id and placement_id on each line (null when none), and keeps the first through merges', async () => {
    const created = await post<CartJson>(
      t,
      '/cart',
      items([
        { variant_id: '1011', quantity: 1, media_id: 1, placement_id: '1:0' },
        { variant_id: '1021', quantity: 2, media_id: 2 },
        { variant_id: '2011', quantity: 1 },
      ]),
    );
    expect(created.status).toBe(200);
    expect(lines(created.body)).toStrictEqual([
      ['1011', 1, 1, '1:0'],
      ['1021', 2, 2, null],
      ['2011', 1, null, null],
    ]);
    const cartId = created.body.id;
    // The jacket keeps image 1 whatever the later items name; the lamp, without one, takes the first named.
    const merged = await post<CartJson>(
      t,
      '/cart',
      items(
        [
          { variant_id: '1011', quantity: 2, media_id: 2, placement_id: '2:1' },
          { variant_id: '2011', quantity: 1, media_id: 1, placement_id: '1:1' },
        ],
        cartId,
      ),
    );
    expect(lines(merged.body)).toStrictEqual([
      ['1011', 3, 1, '1:0'],
      ['1021', 2, 2, null],
      ['2011', 2, 1, '1:1'],
    ]);
    const set = await call<CartJson>(t, {
      method: 'PUT',
      url: '/cart',
      payload: items(
        [
          { variant_id: '1021', quantity: 5, media_id: 3 },
          { variant_id: '1011', quantity: 1 },
        ],
        cartId,
      ),
    });
    expect(lines(set.body)).toStrictEqual([
      ['1011', 1, 1, '1:0'],
      ['1021', 5, 2, null],
      ['2011', 2, 1, '1:1'],
    ]);
    const added = await post<CartJson>(t, '/cart/add', { item: { variant_id: '1021', quantity: 1, media_id: 3 } });
    expect(lines(added.body)).toStrictEqual([['1021', 1, 3, null]]);
    expect(lines((await call<CartJson>(t, { method: 'GET', url: `/cart/${cartId}` })).body)).toStrictEqual(
      lines(set.body),
    );
  });

  it('refuses a media item that does not show the product, a foreign placement, and malformed ids, changing nothing', async () => {
    const cart = await post<CartJson>(t, '/cart', items([{ variant_id: '1011', quantity: 1, media_id: 1 }]));
    const cases: [Record<string, unknown>, number, string, Record<string, unknown>?][] = [
      [
        { variant_id: '1021', quantity: 1, media_id: 999 },
        422,
        'MEDIA_NOT_ATTRIBUTABLE',
        { media_id: '999', variant_id: '1021', product_id: '102' },
      ],
      [
        { variant_id: '1011', quantity: 1, media_id: 3 },
        422,
        'MEDIA_NOT_ATTRIBUTABLE',
        { media_id: '3', product_id: '101' },
      ],
      [
        { variant_id: '1011', quantity: 1, media_id: 1, placement_id: '1:1' },
        422,
        'MEDIA_NOT_ATTRIBUTABLE',
        { placement_id: '1:1' },
      ],
      [
        { variant_id: '1011', quantity: 1, media_id: 1, placement_id: '2:1' },
        422,
        'MEDIA_NOT_ATTRIBUTABLE',
        { placement_id: '2:1' },
      ],
      [
        { variant_id: '1011', quantity: 1, media_id: 1, placement_id: '1:9' },
        422,
        'MEDIA_NOT_ATTRIBUTABLE',
        { placement_id: '1:9' },
      ],
      [{ variant_id: '1011', quantity: 1, media_id: 2147483647 }, 422, 'MEDIA_NOT_ATTRIBUTABLE'],
      [{ variant_id: '1011', quantity: 1, placement_id: '1:0' }, 400, 'VALIDATION_FAILED', { field: 'media_id' }],
      [{ variant_id: '1011', quantity: 1, media_id: 1, placement_id: 'one' }, 400, 'VALIDATION_FAILED'],
      [{ variant_id: '1011', quantity: 1, media_id: 0 }, 400, 'VALIDATION_FAILED'],
      [{ variant_id: '1011', quantity: 1, media_id: '1' }, 400, 'VALIDATION_FAILED'],
    ];
    for (const [item, status, code, details] of cases) {
      const before = await dumpDatabase(t.database);
      // A good item first: the whole request is refused, the good one too.
      for (const body of [
        items([{ variant_id: '2011', quantity: 1, media_id: 1, placement_id: '1:1' }, item], cart.body.id),
        items([item]),
      ]) {
        const answer = await post<{ code: string; details?: Record<string, unknown> }>(t, '/cart', body);
        expect([answer.status, answer.body.code], JSON.stringify(item)).toStrictEqual([status, code]);
        if (details) expect(answer.body.details).toMatchObject(details);
      }
      const added = await post<{ code: string }>(t, '/cart/add', { cart_id: cart.body.id, item });
      expect([added.status, added.body.code]).toStrictEqual([status, code]);
      expect(await dumpDatabase(t.database), JSON.stringify(item)).toBe(before);
    }
  });
});

const AddFromMedia = graphql(`
  mutation AddFromMedia($cartId: ID, $items: [CartItemInput!]!) {
    addCartItems(cartId: $cartId, items: $items) {
      id
      stores { cartLines { id quantity mediaId placementId variant { variantId } } }
    }
  }
`);

const SubmitAttributed = graphql(`
  mutation SubmitAttributed($cartId: ID!) {
    submitCart(cartId: $cartId) { orders { id lines { id variantId quantity mediaId placementId } } }
  }
`);

describe('GraphQL and orders', () => {
  it('takes mediaId and placementId, answers them on CartLine, refuses with the same codes', async () => {
    const added = await send(t.app, AddFromMedia, {
      cartId: null,
      items: [
        { variantId: '1011', quantity: 2, mediaId: '2', placementId: '2:1' },
        { variantId: '1021', quantity: 1 },
      ],
    });
    expect(added.errors).toBeUndefined();
    expect(
      added.data!.addCartItems.stores[0]!.cartLines.map((line) => [
        line.variant.variantId,
        line.quantity,
        line.mediaId,
        line.placementId,
      ]),
    ).toStrictEqual([
      ['1011', 2, '2', '2:1'],
      ['1021', 1, null, null],
    ]);
    const cartId = added.data!.addCartItems.id;
    const before = await dumpDatabase(t.database);
    const refused = await send(t.app, AddFromMedia, {
      cartId,
      items: [{ variantId: '1021', quantity: 1, mediaId: '1' }],
    });
    expect(refused.errors?.[0]?.extensions.code).toBe('MEDIA_NOT_ATTRIBUTABLE');
    expect(refused.errors?.[0]?.extensions.http?.status).toBe(422);
    const orphan = await send(t.app, AddFromMedia, {
      cartId,
      items: [{ variantId: '1021', quantity: 1, placementId: '2:0' }],
    });
    expect(orphan.errors?.[0]?.extensions.code).toBe('VALIDATION_FAILED');
    expect(await dumpDatabase(t.database)).toBe(before);
  });

  it("freezes the lines' media into the orders: REST, GraphQL and the order.created payload", async () => {
    const cart = await post<CartJson>(
      t,
      '/cart',
      items([
        { variant_id: '1011', quantity: 2, media_id: 1, placement_id: '1:0' },
        { variant_id: '1021', quantity: 1 },
        { variant_id: '2011', quantity: 1, media_id: 1 },
      ]),
    );
    await post(t, '/cart/customerInfo', { id: cart.body.id, buyer_identity: buyer });
    const submitted = await send(t.app, SubmitAttributed, { cartId: cart.body.id });
    expect(submitted.errors).toBeUndefined();
    const orders = submitted.data!.submitCart.orders;
    expect(
      orders.map((order) => order.lines.map((line) => [line.variantId, line.quantity, line.mediaId, line.placementId])),
    ).toStrictEqual([
      [
        ['1011', 2, '1', '1:0'],
        ['1021', 1, null, null],
      ],
      [['2011', 1, '1', null]],
    ]);
    const rest = await call<{ lines: { variant_id: string; media_id: number | null; placement_id: string | null }[] }>(
      t,
      { method: 'GET', url: `/orders/${orders[0]!.id}` },
    );
    expect(rest.body.lines.map((line) => [line.variant_id, line.media_id, line.placement_id])).toStrictEqual([
      ['1011', 1, '1:0'],
      ['1021', null, null],
    ]);
    const events = await t.database.db.event.findMany({
      where: { type: 'order.created', cartId: cart.body.id },
      orderBy: { id: 'asc' },
    });
    const payloads = events.map(
      (event) =>
        (typeof event.data === 'string' ? JSON.parse(event.data) : event.data) as {
          order: { id: string; lines: { variant_id: string; media_id: number | null; placement_id: string | null }[] };
        },
    );
    expect(
      payloads.map(({ order }) => order.lines.map((line) => [line.variant_id, line.media_id, line.placement_id])),
    ).toStrictEqual([
      [
        ['1011', 1, '1:0'],
        ['1021', null, null],
      ],
      [['2011', 1, null]],
    ]);
    expect(payloads[0]!.order).toStrictEqual(rest.body);
    // The rows media performance counts.
    const rows = await t.database.db.orderLine.findMany({
      where: { orderId: { in: orders.map((order) => order.id) } },
      orderBy: [{ storeId: 'asc' }, { position: 'asc' }],
    });
    expect(
      rows.map((row) => [
        row.skuId,
        row.quantity,
        Number(row.lineTotalMinor),
        row.mediaId,
        row.placementId,
        row.storeId,
        row.currency,
      ]),
    ).toStrictEqual([
      [1011, 2, 8000, 1, '1:0', 1, 'USD'],
      [1021, 1, 1250, null, null, 1, 'USD'],
      [2011, 1, 3000, 1, null, 2, 'USD'],
    ]);
  });
});
