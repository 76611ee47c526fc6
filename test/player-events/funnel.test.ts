// The whole funnel against a hand count, REST and GraphQL alike: three sessions see a media item
// (one of them sends its impression twice), two open a product from a hotspot, one adds it to a
// cart from that hotspot and orders it. Impressions 3, hotspot openings 2, carts 1, orders 1:
// engagement 2/3, add to cart 1/3, conversion 1/3; the series adds up to the totals and the
// placements' figures match.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { graphql } from '../gql/index.js';
import { createTestApp, graphql as send, type TestApp } from '../helpers.js';
import { call, post } from '../cart/cart-helpers.js';
import { addPlacements, attributionCatalog, buyer } from '../attribution/attribution-fixture.js';
import { events, settled } from './events-helpers.js';

let t: TestApp;
const hour = 3_600_000;
const from = new Date(Math.floor(Date.now() / hour) * hour - 2 * hour).toISOString();

/** Three sessions on `mediaId` (A twice), B opening `opened[0]` and C `opened[1]`; one order from `opened[0]`. */
async function shoppers(
  record: (list: Record<string, unknown>[]) => Promise<void>,
  mediaId: number,
  opened: [string, string],
  variantId: string,
) {
  const seen = (session: string) => ({ type: 'impression', media_id: mediaId, session_id: session });
  await record([seen('session-a-0001')]);
  await record([seen('session-a-0001')]);
  await record([seen('session-b-0002'), { ...seen('session-b-0002'), type: 'hotspot_open', placement_id: opened[0] }]);
  await record([seen('session-c-0003'), { ...seen('session-c-0003'), type: 'hotspot_open', placement_id: opened[1] }]);
  const cart = await post<{ id: string }>(t, '/cart', {
    items: {
      storefront_cart_items_input: [{ variant_id: variantId, quantity: 2, media_id: mediaId, placement_id: opened[0] }],
    },
  });
  await post(t, '/cart/customerInfo', { id: cart.body.id, buyer_identity: buyer });
  expect((await post(t, '/cart/submit', { id: cart.body.id })).status).toBe(200);
}

beforeAll(async () => {
  t = await createTestApp(attributionCatalog, { PLAYER_EVENTS_FLUSH_MS: '20' });
  await addPlacements(t.database.db);
  // Image 1 through REST: the jacket (1:0) opened, added twice and ordered; the lamp (1:1) opened.
  await shoppers(
    async (list) => {
      const answer = await events(t, list);
      expect([answer.status, answer.body]).toStrictEqual([202, { accepted: list.length }]);
    },
    1,
    ['1:0', '1:1'],
    '1011',
  );
  // Video 2 through GraphQL: the mug (2:0) opened, added twice and ordered; the jacket (2:1) opened.
  await shoppers(
    async (list) => {
      const answer = await send(t.app, RecordEvents, {
        events: list.map((event) => ({
          type: String(event.type),
          mediaId: String(event.media_id),
          placementId: (event.placement_id as string | undefined) ?? null,
          sessionId: String(event.session_id),
        })),
      });
      expect(answer.data).toStrictEqual({ recordPlayerEvents: list.length });
    },
    2,
    ['2:0', '2:1'],
    '1021',
  );
  await settled(t, 12);
});
afterAll(() => t.close());

const usd = (value: number) => ({
  value,
  display_value: `$${value.toFixed(2)}`,
  currency: 'USD',
  minor_units: Math.round(value * 100),
});
const none = { hotspot_opens: 0, carts: 0, units_added: 0, orders: 0, units_sold: 0, revenue: [] };

describe('GET /media/{id}/performance with the funnel', () => {
  it('equals the hand count: 3 impressions, 2 hotspot openings, 1 cart, 1 order', async () => {
    const answer = await call<Record<string, unknown>>(t, { method: 'GET', url: '/media/1/performance' });
    expect(answer.status).toBe(200);
    const { from: _from, to: _to, by_store: _stores, ...figures } = answer.body;
    expect(figures).toStrictEqual({
      media_id: 1,
      carts: 1,
      units_added: 2,
      orders: 1,
      units_sold: 2,
      revenue: [usd(80)],
      impressions: 3,
      plays: 0,
      hotspot_opens: 2,
      engagement_rate: 2 / 3,
      add_to_cart_rate: 1 / 3,
      conversion_rate: 1 / 3,
      by_placement: [
        {
          placement_id: '1:0',
          product_id: 101,
          hotspot_opens: 1,
          carts: 1,
          units_added: 2,
          orders: 1,
          units_sold: 2,
          revenue: [usd(80)],
        },
        { placement_id: '1:1', product_id: 201, ...none, hotspot_opens: 1 },
      ],
    });
  });

  it('answers a series whose buckets add up to the totals, empty hours at 0', async () => {
    const answer = await call<{
      impressions: number;
      series: { at: string; impressions: number; hotspot_opens: number; carts: number; orders: number }[];
    }>(t, { method: 'GET', url: `/media/1/performance?from=${from}&interval=hour` });
    expect(answer.status).toBe(200);
    const { series } = answer.body;
    expect(series.length).toBeGreaterThanOrEqual(3);
    expect(series.slice(0, 2).map((bucket) => bucket.impressions)).toStrictEqual([0, 0]);
    expect(series.map((bucket) => Date.parse(bucket.at) - Date.parse(from))).toStrictEqual(
      series.map((_, index) => index * hour),
    );
    const sum = (key: 'impressions' | 'hotspot_opens' | 'carts' | 'orders') =>
      series.reduce((total, bucket) => total + bucket[key], 0);
    expect([sum('impressions'), sum('hotspot_opens'), sum('carts'), sum('orders')]).toStrictEqual([3, 2, 1, 1]);
    const day = await call<{ series: { at: string; impressions: number; revenue: unknown[] }[] }>(t, {
      method: 'GET',
      url: '/media/1/performance?interval=day',
    });
    expect(day.body.series).toHaveLength(31);
    expect(day.body.series.reduce((total, bucket) => total + bucket.impressions, 0)).toBe(3);
    expect(day.body.series.flatMap((bucket) => bucket.revenue)).toStrictEqual([usd(80)]);
  });

  it('refuses a series of more than 2000 buckets (400) before reading anything', async () => {
    const answer = await call(t, {
      method: 'GET',
      url: '/media/1/performance?from=2026-01-01T00:00:00Z&to=2026-04-01T00:00:00Z&interval=hour',
    });
    expect([answer.status, answer.body.code, (answer.body.details as { field: string }).field]).toStrictEqual([
      400,
      'VALIDATION_FAILED',
      'interval',
    ]);
    const other = await call(t, { method: 'GET', url: '/media/1/performance?interval=week' });
    expect([other.status, other.body.code]).toStrictEqual([400, 'VALIDATION_FAILED']);
  });
});

const RecordEvents = graphql(`
  mutation RecordEvents($events: [PlayerEventInput!]!) {
    recordPlayerEvents(events: $events)
  }
`);

const Funnel = graphql(`
  query Funnel($mediaId: ID!, $from: DateTime) {
    mediaPerformance(mediaId: $mediaId, from: $from) {
      carts
      orders
      impressions
      plays
      hotspotOpens
      engagementRate
      addToCartRate
      conversionRate
      byPlacement {
        placementId
        productId
        hotspotOpens
        carts
        unitsAdded
        orders
        unitsSold
        revenue {
          minorUnits
          currency
        }
      }
      series(interval: HOUR) {
        at
        impressions
        plays
        hotspotOpens
        carts
        orders
        revenue {
          minorUnits
        }
      }
    }
  }
`);

describe('GraphQL mediaPerformance with the funnel', () => {
  it('equals the hand count for video 2, its series adding up to the totals', async () => {
    const answer = await send(t.app, Funnel, { mediaId: '2', from });
    expect(answer.errors).toBeUndefined();
    const { series, ...figures } = answer.data!.mediaPerformance;
    expect(figures).toStrictEqual({
      carts: 1,
      orders: 1,
      impressions: 3,
      plays: 0,
      hotspotOpens: 2,
      engagementRate: 2 / 3,
      addToCartRate: 1 / 3,
      conversionRate: 1 / 3,
      byPlacement: [
        {
          placementId: '2:0',
          productId: '102',
          hotspotOpens: 1,
          carts: 1,
          unitsAdded: 2,
          orders: 1,
          unitsSold: 2,
          revenue: [{ minorUnits: 2500, currency: 'USD' }],
        },
        {
          placementId: '2:1',
          productId: '101',
          hotspotOpens: 1,
          carts: 0,
          unitsAdded: 0,
          orders: 0,
          unitsSold: 0,
          revenue: [],
        },
      ],
    });
    const sum = (key: 'impressions' | 'hotspotOpens' | 'carts' | 'orders') =>
      series.reduce((total, bucket) => total + bucket[key], 0);
    expect([sum('impressions'), sum('hotspotOpens'), sum('carts'), sum('orders')]).toStrictEqual([3, 2, 1, 1]);
    expect(series.flatMap((bucket) => bucket.revenue)).toStrictEqual([{ minorUnits: 2500 }]);
    expect(series[0]!.at).toBe(from);
  });
});

describe('a cart with lines from the media item in two hours', () => {
  it('counts once in the series, in the hour of its first line, as once in the totals', async () => {
    const cart = await post<{ id: string }>(t, '/cart', {
      items: {
        storefront_cart_items_input: [
          { variant_id: '1011', quantity: 1, media_id: 1 },
          { variant_id: '2011', quantity: 1, media_id: 1 },
        ],
      },
    });
    const earlier = new Date(Date.now() - hour);
    await t.database.db.cartLine.updateMany({
      where: { cartId: cart.body.id, skuId: 2011 },
      data: { attributedAt: earlier },
    });
    const answer = await call<{ carts: number; series: { at: string; carts: number }[] }>(t, {
      method: 'GET',
      url: `/media/1/performance?from=${from}&interval=hour`,
    });
    expect(answer.body.carts).toBe(2);
    const counted = answer.body.series.filter((bucket) => bucket.carts > 0);
    expect(counted.reduce((sum, bucket) => sum + bucket.carts, 0)).toBe(2);
    const hourOf = (at: number) => new Date(Math.floor(at / hour) * hour).toISOString();
    expect(counted.some((bucket) => bucket.at === hourOf(earlier.getTime()))).toBe(true);
  });
});
