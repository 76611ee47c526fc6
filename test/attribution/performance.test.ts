// Media performance against a hand count: carts from two media items across three stores, orders
// in two currencies, one order CANCELLED and one FAILED, lines without media, a line merged from
// another media item, and a cart and order older than the default window. REST and GraphQL agree;
// admin only when API_KEYS is set.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { graphql } from '../gql/index.js';
import { createTestApp, graphql as send, type TestApp } from '../helpers.js';
import { call, post } from '../cart/cart-helpers.js';
import { addPlacements, attributionCatalog, buyer } from './attribution-fixture.js';

let t: TestApp;
const day = 24 * 60 * 60 * 1000;

interface OrderJson {
  id: string;
  lines: { variant_id: string }[];
}

const items = (list: Record<string, unknown>[], id?: string) => ({
  ...(id ? { id } : {}),
  items: { storefront_cart_items_input: list },
});

async function cart(list: Record<string, unknown>[]): Promise<string> {
  const answer = await post<{ id: string }>(t, '/cart', items(list));
  expect(answer.status).toBe(200);
  return answer.body.id;
}

async function submit(cartId: string): Promise<OrderJson[]> {
  await post(t, '/cart/customerInfo', { id: cartId, buyer_identity: buyer });
  const answer = await post<{ orders: OrderJson[] }>(t, '/cart/submit', { id: cartId });
  expect(answer.status).toBe(200);
  return answer.body.orders;
}

async function setStatus(order: OrderJson, status: string): Promise<void> {
  expect((await post(t, `/orders/${order.id}/status`, { status })).status).toBe(200);
}

beforeAll(async () => {
  t = await createTestApp(attributionCatalog);
  await addPlacements(t.database.db);
  // A: image 1 in two USD stores, video 2 once; submitted (two orders).
  await submit(
    await cart([
      { variant_id: '1011', quantity: 2, media_id: 1, placement_id: '1:0' },
      { variant_id: '2011', quantity: 1, media_id: 1, placement_id: '1:1' },
      { variant_id: '1021', quantity: 1, media_id: 2 },
    ]),
  );
  // B: image 1 and a line without media; its order is CANCELLED.
  const [cancelled] = await submit(
    await cart([
      { variant_id: '1011', quantity: 1, media_id: 1 },
      { variant_id: '1021', quantity: 3 },
    ]),
  );
  await setStatus(cancelled!, 'CANCELLED');
  // C: EUR, image 1 and video 2; submitted, then PLACED (still counts).
  const [placed] = await submit(
    await cart([
      { variant_id: '3011', quantity: 2, media_id: 1 },
      { variant_id: '3021', quantity: 1, media_id: 2 },
    ]),
  );
  await setStatus(placed!, 'PLACED');
  // D: EUR, image 1; its order FAILED.
  const [failed] = await submit(await cart([{ variant_id: '3011', quantity: 1, media_id: 1 }]));
  await setStatus(failed!, 'FAILED');
  // E: not submitted; 3 from image 1, then 1 more from video 2, merged into image 1's line.
  const e = await cart([{ variant_id: '1011', quantity: 3, media_id: 1 }]);
  await post(t, '/cart', items([{ variant_id: '1011', quantity: 1, media_id: 2, placement_id: '2:1' }], e));
  // F: not submitted; a line without media and one from video 2.
  await cart([
    { variant_id: '2011', quantity: 1 },
    { variant_id: '1021', quantity: 1, media_id: 2 },
  ]);
  // G: image 1, submitted, and both its line and its order 40 days old: outside the default window.
  const g = await cart([{ variant_id: '1011', quantity: 1, media_id: 1 }]);
  const [old] = await submit(g);
  const long = new Date(Date.now() - 40 * day);
  await t.database.db.cartLine.updateMany({ where: { cartId: g }, data: { attributedAt: long } });
  await t.database.db.orderLine.updateMany({ where: { orderId: old!.id }, data: { createdAt: long } });
});
afterAll(() => t.close());

const usd = (value: number) => ({
  value,
  display_value: `$${value.toFixed(2)}`,
  currency: 'USD',
  minor_units: Math.round(value * 100),
});
const eur = (value: number) => ({
  value,
  display_value: `€${value.toFixed(2)}`,
  currency: 'EUR',
  minor_units: Math.round(value * 100),
});

/** What the player events add (docs/analytics.md): none were sent here. */
const noEvents = {
  impressions: 0,
  plays: 0,
  hotspot_opens: 0,
  engagement_rate: 0,
  add_to_cart_rate: 0,
  conversion_rate: 0,
};
const nothing = { hotspot_opens: 0, carts: 0, units_added: 0, orders: 0, units_sold: 0, revenue: [] };

/** Image 1, counted by hand over the last 30 days (G is older). */
const imageOne = {
  // A, B, C, D, E (A spans two stores: 5 carts, not 3 + 1 + 2).
  carts: 5,
  // A 2 + 1, B 1, C 2, D 1, E 4 (E's later unit from video 2 merged into image 1's line).
  units_added: 11,
  // A (north), A (south), C; B cancelled and D failed do not count.
  orders: 3,
  units_sold: 5,
  // A: 2 × 40.00 + 30.00; C: 2 × 25.50.
  revenue: [eur(51), usd(110)],
  by_store: [
    { store_id: 1, store: 'north.example', carts: 3, units_added: 7, orders: 1, units_sold: 2, revenue: [usd(80)] },
    { store_id: 2, store: 'south.example', carts: 1, units_added: 1, orders: 1, units_sold: 1, revenue: [usd(30)] },
    { store_id: 3, store: 'berlin.example', carts: 2, units_added: 3, orders: 1, units_sold: 2, revenue: [eur(51)] },
  ],
  ...noEvents,
  // A's jacket from the hotspot 1:0 (2 units) and its lamp from 1:1; the other lines named no placement.
  by_placement: [
    {
      placement_id: '1:0',
      product_id: 101,
      ...nothing,
      carts: 1,
      units_added: 2,
      orders: 1,
      units_sold: 2,
      revenue: [usd(80)],
    },
    {
      placement_id: '1:1',
      product_id: 201,
      ...nothing,
      carts: 1,
      units_added: 1,
      orders: 1,
      units_sold: 1,
      revenue: [usd(30)],
    },
  ],
};

const performance = (url: string, headers: Record<string, string> = {}) =>
  call<Record<string, unknown>>(t, { method: 'GET', url, headers });

describe('GET /media/{id}/performance', () => {
  it('equals the hand count for image 1 over the default window (the last 30 days)', async () => {
    const before = Date.now();
    const answer = await performance('/media/1/performance');
    expect(answer.status).toBe(200);
    expect(answer.headers['cache-control']).toBe('no-store');
    const { from, to, ...counts } = answer.body;
    expect(counts).toStrictEqual({ media_id: 1, ...imageOne });
    expect(Date.parse(String(to))).toBeGreaterThanOrEqual(before - 1);
    expect(Date.parse(String(to)) - Date.parse(String(from))).toBe(30 * day);
  });

  it('equals the hand count for video 2, and counts nothing for a media item nobody added from', async () => {
    const answer = await performance('/media/2/performance');
    const { from: _from, to: _to, ...counts } = answer.body;
    // A (mug), C (scarf), E's merged unit stays image 1's, F (mug).
    expect(counts).toStrictEqual({
      media_id: 2,
      carts: 3,
      units_added: 3,
      orders: 2,
      units_sold: 2,
      revenue: [eur(19.99), usd(12.5)],
      by_store: [
        {
          store_id: 1,
          store: 'north.example',
          carts: 2,
          units_added: 2,
          orders: 1,
          units_sold: 1,
          revenue: [usd(12.5)],
        },
        {
          store_id: 3,
          store: 'berlin.example',
          carts: 1,
          units_added: 1,
          orders: 1,
          units_sold: 1,
          revenue: [eur(19.99)],
        },
      ],
      ...noEvents,
      // E's unit from 2:1 merged into image 1's line: no line keeps a placement of video 2.
      by_placement: [
        { placement_id: '2:0', product_id: 102, ...nothing },
        { placement_id: '2:1', product_id: 101, ...nothing },
      ],
    });
    const none = await performance('/media/3/performance');
    expect(none.body).toMatchObject({
      media_id: 3,
      carts: 0,
      units_added: 0,
      orders: 0,
      units_sold: 0,
      revenue: [],
      by_store: [],
      ...noEvents,
      by_placement: [],
    });
  });

  it('counts within the window asked for, both ends included', async () => {
    const from = new Date(Date.now() - 45 * day).toISOString();
    const wider = await performance(`/media/1/performance?from=${from}`);
    // G: one more cart, unit, order and 40.00 in the north store.
    expect(wider.body).toMatchObject({
      from,
      carts: 6,
      units_added: 12,
      orders: 4,
      units_sold: 6,
      revenue: [eur(51), usd(150)],
    });
    expect((wider.body.by_store as { carts: number }[])[0]).toMatchObject({
      store_id: 1,
      carts: 4,
      units_added: 8,
      orders: 2,
      units_sold: 3,
      revenue: [usd(120)],
    });
    const gLine = await t.database.db.orderLine.findFirstOrThrow({
      where: { createdAt: { lt: new Date(Date.now() - 30 * day) } },
    });
    const at = gLine.createdAt.toISOString();
    const exact = await performance(`/media/1/performance?from=${at}&to=${at}`);
    expect(exact.body).toMatchObject({
      from: at,
      to: at,
      carts: 1,
      units_added: 1,
      orders: 1,
      units_sold: 1,
      revenue: [usd(40)],
    });
    const before = await performance('/media/1/performance?from=2020-01-01T00:00:00Z&to=2020-02-01T00:00:00%2B01:00');
    expect(before.body).toMatchObject({
      from: '2020-01-01T00:00:00.000Z',
      to: '2020-01-31T23:00:00.000Z',
      carts: 0,
      units_added: 0,
      orders: 0,
      units_sold: 0,
      revenue: [],
      by_store: [],
    });
  });

  it('refuses bad windows (400), unknown media (404) and bad ids (400)', async () => {
    const cases: [string, number, string][] = [
      ['/media/1/performance?from=2026-02-01T00:00:00Z&to=2026-01-01T00:00:00Z', 400, 'VALIDATION_FAILED'],
      ['/media/1/performance?from=yesterday', 400, 'VALIDATION_FAILED'],
      ['/media/1/performance?to=2026-13-45T00:00:00Z', 400, 'VALIDATION_FAILED'],
      ['/media/1/performance?from=2026-01-01', 400, 'VALIDATION_FAILED'],
      // A day the month does not have is not rolled over into the next; nor are years past 9999 in UTC.
      ['/media/1/performance?from=2026-02-30T00:00:00Z', 400, 'VALIDATION_FAILED'],
      ['/media/1/performance?to=9999-12-31T23:00:00-05:00', 400, 'VALIDATION_FAILED'],
      ['/media/999/performance', 404, 'MEDIA_NOT_FOUND'],
      ['/media/abc/performance', 400, 'INVALID_ID'],
    ];
    for (const [url, status, code] of cases) {
      const answer = await performance(url);
      expect([answer.status, answer.body.code], url).toStrictEqual([status, code]);
    }
  });
});

const MediaPerformanceQuery = graphql(`
  query MediaPerformance($mediaId: ID!, $from: DateTime, $to: DateTime) {
    mediaPerformance(mediaId: $mediaId, from: $from, to: $to) {
      mediaId from to carts unitsAdded orders unitsSold
      revenue { value displayValue currency minorUnits }
      byStore { storeId store carts unitsAdded orders unitsSold revenue { currency minorUnits } }
    }
  }
`);

describe('GraphQL mediaPerformance', () => {
  it('answers what REST answers', async () => {
    const to = new Date().toISOString();
    const answer = await send(t.app, MediaPerformanceQuery, { mediaId: '1', to });
    expect(answer.errors).toBeUndefined();
    const result = answer.data!.mediaPerformance;
    expect(result).toMatchObject({ mediaId: '1', to, carts: 5, unitsAdded: 11, orders: 3, unitsSold: 5 });
    expect(Date.parse(result.to) - Date.parse(result.from)).toBe(30 * day);
    expect(result.revenue).toStrictEqual([
      { value: 51, displayValue: '€51.00', currency: 'EUR', minorUnits: 5100 },
      { value: 110, displayValue: '$110.00', currency: 'USD', minorUnits: 11000 },
    ]);
    expect(
      result.byStore.map((entry) => [
        entry.storeId,
        entry.store,
        entry.carts,
        entry.unitsAdded,
        entry.orders,
        entry.unitsSold,
        entry.revenue.map((amount) => `${amount.minorUnits} ${amount.currency}`),
      ]),
    ).toStrictEqual(
      imageOne.by_store.map((entry) => [
        String(entry.store_id),
        entry.store,
        entry.carts,
        entry.units_added,
        entry.orders,
        entry.units_sold,
        entry.revenue.map((amount) => `${amount.minor_units} ${amount.currency}`),
      ]),
    );
    const refused = await send(t.app, MediaPerformanceQuery, {
      mediaId: '1',
      from: '2026-02-01T00:00:00Z',
      to: '2026-01-01T00:00:00Z',
    });
    expect(refused.errors?.[0]?.extensions.code).toBe('VALIDATION_FAILED');
    for (const from of ['2026-02-30T00:00:00Z', '9999-12-31T23:00:00-05:00']) {
      const impossible = await send(t.app, MediaPerformanceQuery, { mediaId: '1', from });
      expect(
        [impossible.status, impossible.data, impossible.errors?.map((error) => error.extensions.code)],
        from,
      ).toStrictEqual([400, undefined, ['BAD_USER_INPUT']]);
    }
    expect((await send(t.app, MediaPerformanceQuery, { mediaId: '999' })).errors?.[0]?.extensions.code).toBe(
      'MEDIA_NOT_FOUND',
    );
  });
});

describe('admin only', () => {
  it('answers an admin key, refuses a client key (403) and no key (401), REST and GraphQL', async () => {
    const keyed = await createTestApp(attributionCatalog, {
      API_KEYS: 'client-key-0123456789abcdef:client,admin-key-0123456789abcdef:admin',
    });
    try {
      const get = async (headers: Record<string, string>) => {
        const response = await keyed.app.inject({ method: 'GET', url: '/media/1/performance', headers });
        return [response.statusCode, (response.json() as { code?: string }).code ?? null];
      };
      expect(await get({ 'x-api-key': 'admin-key-0123456789abcdef' })).toStrictEqual([200, null]);
      expect(await get({ 'x-api-key': 'client-key-0123456789abcdef' })).toStrictEqual([403, 'FORBIDDEN']);
      expect(await get({})).toStrictEqual([401, 'UNAUTHENTICATED']);
      // Checked before the query string: a client key learns nothing from a bad one either.
      const bad = await keyed.app.inject({
        method: 'GET',
        url: '/media/abc/performance?from=x',
        headers: { 'x-api-key': 'client-key-0123456789abcdef' },
      });
      expect(bad.statusCode).toBe(403);
      const graphqlAs = async (key: string) => {
        const response = await keyed.app.inject({
          method: 'POST',
          url: '/graphql',
          headers: { 'x-api-key': key },
          payload: { query: '{ mediaPerformance(mediaId: "1") { carts } }' },
        });
        return response.json() as {
          data: { mediaPerformance: { carts: number } } | null;
          errors?: { extensions: { code: string } }[];
        };
      };
      expect((await graphqlAs('admin-key-0123456789abcdef')).data).toStrictEqual({ mediaPerformance: { carts: 0 } });
      expect((await graphqlAs('client-key-0123456789abcdef')).errors?.[0]?.extensions.code).toBe('FORBIDDEN');
    } finally {
      await keyed.close();
    }
  });
});
