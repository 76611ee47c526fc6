// GET /analytics/media and mediaAnalytics: media items ranked by impressions, hotspot openings,
// carts or orders over a window, most first then by id, paged by cursor; a deleted media item with
// figures ranks with its slug (and `deleted`), one without is left out. Admin only.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { graphql } from '../gql/index.js';
import { createTestApp, graphql as send, type TestApp } from '../helpers.js';
import { call, post } from '../cart/cart-helpers.js';
import { addPlacements, attributionCatalog, buyer } from '../attribution/attribution-fixture.js';
import { events, settled } from './events-helpers.js';

let t: TestApp;

interface Ranked {
  media_id: number;
  slug: string;
  type: string;
  deleted: boolean;
  impressions: number;
  hotspot_opens: number;
  carts: number;
  orders: number;
  revenue: { minor_units: number; currency: string }[];
}
interface Ranking {
  from: string;
  to: string;
  sort: string;
  media: Ranked[];
  page_info: { has_next_page: boolean; end_cursor: string | null };
}

const seen = (mediaId: number, session: string, type = 'impression', placement?: string) => ({
  type,
  media_id: mediaId,
  session_id: session,
  ...(placement ? { placement_id: placement } : {}),
});

async function cart(variantId: string, mediaId: number): Promise<string> {
  const answer = await post<{ id: string }>(t, '/cart', {
    items: { storefront_cart_items_input: [{ variant_id: variantId, quantity: 1, media_id: mediaId }] },
  });
  return answer.body.id;
}

beforeAll(async () => {
  t = await createTestApp(attributionCatalog, { PLAYER_EVENTS_FLUSH_MS: '20' });
  await addPlacements(t.database.db);
  // Image 1: 3 impressions, 1 hotspot opening, 1 cart ordered. Video 2: 1 impression, 2 openings,
  // 2 carts. Image 3: 1 impression, then deleted. A 4th image, made and deleted, has no figures.
  await events(t, [
    seen(1, 'ranking-a-01'),
    seen(1, 'ranking-b-01'),
    seen(1, 'ranking-c-01'),
    seen(1, 'ranking-a-01', 'hotspot_open', '1:0'),
    seen(2, 'ranking-a-01'),
    seen(2, 'ranking-a-01', 'hotspot_open', '2:0'),
    seen(2, 'ranking-b-01', 'hotspot_open', '2:1'),
    seen(3, 'ranking-a-01'),
  ]);
  await settled(t, 8);
  const ordered = await cart('1011', 1);
  await post(t, '/cart/customerInfo', { id: ordered, buyer_identity: buyer });
  expect((await post(t, '/cart/submit', { id: ordered })).status).toBe(200);
  await cart('1021', 2);
  await cart('1021', 2);
  const made = await post<{ media: { id: number } }>(t, '/media', {
    type: 'image',
    slug: 'never-seen',
    url: '/media/files/never.jpg',
    width: 10,
    height: 10,
    product_ids: [101],
  });
  expect(made.status).toBe(201);
  for (const id of [3, made.body.media.id])
    expect((await t.app.inject({ method: 'DELETE', url: `/media/${id}` })).statusCode).toBe(204);
});
afterAll(() => t.close());

const rank = (query: string) => call<Ranking>(t, { method: 'GET', url: `/analytics/media${query}` });
const row = (mediaId: number, fields: Partial<Ranked>): Ranked => ({
  media_id: mediaId,
  slug: ['', 'look', 'clip', 'other'][mediaId]!,
  type: mediaId === 2 ? 'video' : 'image',
  deleted: mediaId === 3,
  impressions: 0,
  hotspot_opens: 0,
  carts: 0,
  orders: 0,
  revenue: [],
  ...fields,
});

const image1 = row(1, {
  impressions: 3,
  hotspot_opens: 1,
  carts: 1,
  orders: 1,
  revenue: [{ minor_units: 4000, currency: 'USD' }],
});
const video2 = row(2, { impressions: 1, hotspot_opens: 2, carts: 2 });
const image3 = row(3, { impressions: 1 });

describe('GET /analytics/media', () => {
  it('ranks by each figure, most first then by id; a deleted item with figures keeps its slug', async () => {
    const ranked = async (sort: string) => {
      const answer = await rank(`?sort=${sort}`);
      expect(answer.status).toBe(200);
      expect(answer.headers['cache-control']).toBe('no-store');
      return answer.body.media.map((media) => ({
        ...media,
        revenue: media.revenue.map(({ minor_units, currency }) => ({ minor_units, currency })),
      }));
    };
    expect(await ranked('impressions')).toStrictEqual([image1, video2, image3]);
    expect(await ranked('hotspot_opens')).toStrictEqual([video2, image1, image3]);
    expect(await ranked('carts')).toStrictEqual([video2, image1, image3]);
    expect(await ranked('orders')).toStrictEqual([image1, video2, image3]);
    const defaults = await rank('');
    expect(defaults.body.sort).toBe('impressions');
    expect(Date.parse(defaults.body.to) - Date.parse(defaults.body.from)).toBe(30 * 24 * 3_600_000);
  });

  it('pages by cursor', async () => {
    const pages: number[][] = [];
    let after = '';
    for (;;) {
      const answer = await rank(`?sort=hotspot_opens&first=1${after}`);
      pages.push(answer.body.media.map((media) => media.media_id));
      if (!answer.body.page_info.has_next_page) break;
      after = `&after=${answer.body.page_info.end_cursor}`;
    }
    expect(pages).toStrictEqual([[2], [1], [3]]);
    const two = await rank('?first=2');
    expect([two.body.media.length, two.body.page_info.has_next_page]).toStrictEqual([2, true]);
  });

  it('counts nothing outside the window', async () => {
    const old = await rank('?from=2020-01-01T00:00:00Z&to=2020-01-31T00:00:00Z');
    expect(old.body.media).toStrictEqual([row(1, {}), row(2, {})]);
  });

  it('refuses a bad sort, page size or cursor (400), and a client key (403)', async () => {
    const cursor = (await rank('?first=1')).body.page_info.end_cursor!;
    for (const query of ['?sort=revenue', '?first=0', '?first=101', '?after=nonsense', `?sort=carts&after=${cursor}`]) {
      const answer = await call(t, { method: 'GET', url: `/analytics/media${query}` });
      expect([answer.status, answer.body.code], query).toStrictEqual([400, 'VALIDATION_FAILED']);
    }
    const keyed = await createTestApp(attributionCatalog, {
      API_KEYS: 'client-key-0123456789abcdef:client,admin-key-0123456789abcdef:admin',
    });
    try {
      const as = (key: string) =>
        keyed.app.inject({ method: 'GET', url: '/analytics/media?sort=nonsense', headers: { 'x-api-key': key } });
      expect((await as('client-key-0123456789abcdef')).statusCode).toBe(403);
      expect((await as('admin-key-0123456789abcdef')).statusCode).toBe(400);
    } finally {
      await keyed.close();
    }
  });
});

const MediaAnalytics = graphql(`
  query MediaAnalytics($sort: MediaRankingSort, $first: Int, $after: String) {
    mediaAnalytics(sort: $sort, first: $first, after: $after) {
      sort
      nodes {
        mediaId
        kind
        slug
        deleted
        impressions
        hotspotOpens
        carts
        orders
        revenue {
          minorUnits
        }
      }
      pageInfo {
        hasNextPage
        endCursor
      }
    }
  }
`);

describe('GraphQL mediaAnalytics', () => {
  it('answers what REST answers', async () => {
    const first = await send(t.app, MediaAnalytics, { sort: 'HOTSPOT_OPENS', first: 2 });
    expect(first.errors).toBeUndefined();
    const page = first.data!.mediaAnalytics;
    expect(page.nodes).toStrictEqual([
      {
        mediaId: '2',
        kind: 'VIDEO',
        slug: 'clip',
        deleted: false,
        impressions: 1,
        hotspotOpens: 2,
        carts: 2,
        orders: 0,
        revenue: [],
      },
      {
        mediaId: '1',
        kind: 'IMAGE',
        slug: 'look',
        deleted: false,
        impressions: 3,
        hotspotOpens: 1,
        carts: 1,
        orders: 1,
        revenue: [{ minorUnits: 4000 }],
      },
    ]);
    expect([page.sort, page.pageInfo.hasNextPage]).toStrictEqual(['HOTSPOT_OPENS', true]);
    const rest = await rank(`?sort=hotspot_opens&first=2&after=${page.pageInfo.endCursor}`);
    expect(rest.body.media.map((media) => media.media_id)).toStrictEqual([3]);
  });
});
