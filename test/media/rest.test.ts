// The media admin REST API on the engine under test: create, list, change, delete, replace the
// placements; every refusal (the catalog import's own rules and messages, a slug taken, an item
// that is not there, a client key) changes nothing; a deleted item's orders and performance keep it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, dumpDatabase, type TestApp } from '../helpers.js';
import { prepareCatalog, CatalogValidationError } from '../../src/catalog/import/importer.js';
import { californian, post } from '../cart/cart-helpers.js';
import { mediaCatalog, newImage, send, type AdminMediaJson, type ErrorJson } from './media-fixture.js';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp(mediaCatalog);
});
afterAll(() => t.close());

/** What the catalog import says of a document holding this one media item (its problems, paths from the item). */
async function importProblems(media: Record<string, unknown>): Promise<{ field: string; message: string }[]> {
  try {
    await prepareCatalog(t.database.db, { version: 1, media: [{ id: 99, file_name: 'x.jpg', ...media }] });
  } catch (error) {
    if (!(error instanceof CatalogValidationError)) throw error;
    const item = '$.media[0].';
    return error.problems.map(({ path, message }) => ({
      field: path.replace(item, ''),
      message: message.replaceAll(item, ''),
    }));
  }
  return [];
}

/** Sends a write that must be refused with `status` and `code`, and checks that it changed nothing. */
async function refused(
  method: 'POST' | 'PATCH' | 'PUT' | 'DELETE',
  url: string,
  payload: unknown,
  status: number,
  code: string,
): Promise<ErrorJson> {
  const before = await dumpDatabase(t.database);
  const answer = await send<ErrorJson>(t, method, url, payload);
  expect([answer.status, answer.body.code]).toStrictEqual([status, code]);
  expect(await dumpDatabase(t.database)).toBe(before);
  return answer.body;
}

describe('POST /media', () => {
  it('creates a media item (201, an id above every other) that the catalog routes show at once', async () => {
    const created = await send<{ media: AdminMediaJson }>(t, 'POST', '/media', newImage);
    expect(created.status).toBe(201);
    expect(created.body.media).toStrictEqual({
      id: 3,
      slug: 'winter-look',
      file_name: 'winter.jpg',
      platform: null,
      type: 'image',
      url: 'https://cdn.example/winter.jpg',
      width: 1000,
      height: 1500,
      duration_ms: null,
      poster_url: null,
      alt: 'A scarf by the window',
      captions_url: null,
      product_ids: [104],
    });
    const shown = await send<{ image_info: { id: number }; products: { id: number }[] }>(
      t,
      'GET',
      '/image/slug/winter-look',
    );
    expect([shown.status, shown.body.image_info.id, shown.body.products.map((p) => p.id)]).toStrictEqual([
      200,
      3,
      [104],
    ]);
  });

  it('refuses a slug its type already has (409 MEDIA_SLUG_TAKEN); the other type may have it', async () => {
    const body = await refused('POST', '/media', { ...newImage, slug: 'autumn-look' }, 409, 'MEDIA_SLUG_TAKEN');
    expect(body.details).toStrictEqual({ type: 'image', slug: 'autumn-look', media_id: '1' });
    const video = await send<{ media: AdminMediaJson }>(t, 'POST', '/media', {
      ...newImage,
      type: 'video',
      slug: 'autumn-look',
      duration_ms: 5000,
    });
    expect([video.status, video.body.media.type, video.body.media.slug]).toStrictEqual([201, 'video', 'autumn-look']);
  });

  it.each([
    ['a slug with a "/"', { slug: 'a/b' }],
    ['a URL that is neither http(s) nor a path here', { url: 'ftp://cdn.example/a.jpg' }],
    ['a width of 0', { width: 0 }],
    ['a height past the largest', { height: 100_001 }],
    ["an image with a video's poster", { poster_url: '/media/files/p.jpg' }],
    ['an alt text over 500 characters', { alt: 'a'.repeat(501) }],
    ['a product that does not exist', { product_ids: [104, 999] }],
    ['a product twice', { product_ids: [104, 104] }],
  ])('refuses %s with the catalog import’s message (400 VALIDATION_FAILED), changing nothing', async (_, change) => {
    const item = { ...newImage, slug: 'refused', ...change };
    const body = await refused('POST', '/media', item, 400, 'VALIDATION_FAILED');
    const expected = await importProblems(item);
    expect(expected.length).toBeGreaterThan(0);
    expect(body.details?.problems).toStrictEqual(expected);
    expect(body.details?.field).toBe(expected[0]!.field);
    expect(body.message).toBe(expected.map(({ field, message }) => `${field} ${message}`).join('; '));
  });

  it('gives media items made at once ids of their own (writes go one at a time)', async () => {
    const made = await Promise.all(
      [1, 2, 3, 4, 5, 6].map((n) =>
        send<{ media: AdminMediaJson }>(t, 'POST', '/media', { ...newImage, slug: `at-once-${n}` }),
      ),
    );
    expect(made.map((answer) => answer.status)).toStrictEqual([201, 201, 201, 201, 201, 201]);
    expect(new Set(made.map((answer) => answer.body.media.id)).size).toBe(6);
    for (const answer of made) await send(t, 'DELETE', `/media/${answer.body.media.id}`);
  });

  it('refuses a body of the wrong types before any check (400 VALIDATION_FAILED)', async () => {
    await refused('POST', '/media', { ...newImage, width: '1000' }, 400, 'VALIDATION_FAILED');
    await refused('POST', '/media', { ...newImage, type: 'gif' }, 400, 'VALIDATION_FAILED');
  });
});

describe('GET /media', () => {
  const list = (query: string) =>
    send<{ media: AdminMediaJson[]; page_info: { has_next_page: boolean; end_cursor: string | null } }>(
      t,
      'GET',
      `/media${query}`,
    );

  it('lists newest first, a page at a time, of one type when asked', async () => {
    const all = await list('');
    expect(all.status).toBe(200);
    expect(all.headers['cache-control']).toBe('no-store');
    const ids = all.body.media.map((media) => media.id);
    expect(ids).toStrictEqual([...ids].sort((a, b) => b - a));
    expect(ids.slice(-2)).toStrictEqual([2, 1]);
    const first = await list('?first=1');
    expect([first.body.media.length, first.body.page_info.has_next_page]).toStrictEqual([1, true]);
    const next = await list(`?first=100&after=${first.body.page_info.end_cursor!}`);
    expect(next.body.media.map((media) => media.id)).toStrictEqual(ids.slice(1));
    expect(next.body.page_info).toStrictEqual({ has_next_page: false, end_cursor: next.body.page_info.end_cursor });
    const videos = await list('?type=video');
    expect(videos.body.media.every((media) => media.type === 'video')).toBe(true);
    expect(videos.body.media.map((media) => media.id)).toContain(2);
  });

  it('matches q in the slug or the alt text, whatever its case', async () => {
    const bySlug = await list('?q=LAMP-cl');
    expect(bySlug.body.media.map((media) => media.slug)).toStrictEqual(['lamp-clip']);
    const byAlt = await list('?q=bench');
    expect(byAlt.body.media.map((media) => media.slug)).toStrictEqual(['autumn-look']);
    const wildcard = await list('?q=%25');
    expect(wildcard.body.media).toStrictEqual([]);
    expect((await list('?q=nothing-has-this')).body.media).toStrictEqual([]);
  });

  it('refuses a page size out of range and a cursor of another list (400 VALIDATION_FAILED)', async () => {
    expect((await list('?first=101')).body).toMatchObject({ code: 'VALIDATION_FAILED', details: { field: 'first' } });
    expect((await list('?first=0')).status).toBe(400);
    const cursor = Buffer.from('product:5').toString('base64url');
    expect((await list(`?after=${cursor}`)).body).toMatchObject({
      code: 'VALIDATION_FAILED',
      details: { field: 'after' },
    });
  });
});

describe('PATCH /media/{id}', () => {
  it('changes the fields given, keeps the others, and the catalog routes show it at once', async () => {
    const changed = await send<{ media: AdminMediaJson }>(t, 'PATCH', '/media/1', {
      alt: 'A jacket on a bench',
      platform: 'instagram',
    });
    expect(changed.status).toBe(200);
    expect(changed.body.media).toMatchObject({
      id: 1,
      slug: 'autumn-look',
      alt: 'A jacket on a bench',
      platform: 'instagram',
      product_ids: [101, 102],
    });
    const placements = await send<{ media: { alt: string } }>(t, 'GET', '/image/1/placements');
    expect(placements.body.media.alt).toBe('A jacket on a bench');
    const cleared = await send<{ media: AdminMediaJson }>(t, 'PATCH', '/media/1', { platform: null });
    expect(cleared.body.media.platform).toBeNull();
  });

  it('refuses what the import refuses, a taken slug, an unknown or malformed id, changing nothing', async () => {
    const videoOnly = await refused('PATCH', '/media/2', { type: 'image' }, 400, 'VALIDATION_FAILED');
    expect(videoOnly.details?.problems?.[0]).toStrictEqual({
      field: 'duration_ms',
      message: "is a video's only: an image has none, got 10000",
    });
    // An image's placements are points: the video's placement by time is refused there, as the import refuses it.
    const points = await refused('PATCH', '/media/2', { type: 'image', duration_ms: null }, 400, 'VALIDATION_FAILED');
    expect(points.details?.problems?.map((problem) => problem.field)).toStrictEqual([
      'placements[0].x',
      'placements[0].y',
      'placements[0].start_ms',
      'placements[0].end_ms',
    ]);
    const dropped = await refused('PATCH', '/media/1', { product_ids: [101] }, 400, 'VALIDATION_FAILED');
    expect(dropped.details?.problems).toStrictEqual([
      {
        field: 'placements[1].product_id',
        message: 'a placement of a product the media does not show: 102 is not in its product_ids',
      },
    ]);
    // A video taking the slug of another video (its points are a video's as well).
    await refused('PATCH', '/media/1', { slug: 'lamp-clip', type: 'video' }, 409, 'MEDIA_SLUG_TAKEN');
    await refused('PATCH', '/media/3', { slug: 'autumn-look' }, 409, 'MEDIA_SLUG_TAKEN');
    await refused('PATCH', '/media/999', { alt: 'x' }, 404, 'MEDIA_NOT_FOUND');
    await refused('PATCH', '/media/abc', { alt: 'x' }, 400, 'INVALID_ID');
  });
});

describe('PUT /media/{id}/placements', () => {
  it('replaces the list, and a placed product the item does not show yet is added to its products', async () => {
    const answer = await send<{ placements: unknown[] }>(t, 'PUT', '/media/1/placements', {
      placements: [
        { product_id: 102, x: 0.5, y: 0.5 },
        { product_id: 103, x: 0.1, y: 0.9 },
      ],
    });
    expect(answer.status).toBe(200);
    expect(answer.body.placements).toStrictEqual([
      { id: '1:0', product_id: 102, x: 0.5, y: 0.5, start_ms: null, end_ms: null },
      { id: '1:1', product_id: 103, x: 0.1, y: 0.9, start_ms: null, end_ms: null },
    ]);
    const shown = await send<{ placements: unknown[] }>(t, 'GET', '/image/1/placements');
    expect(shown.body.placements).toStrictEqual(answer.body.placements);
    const image = await send<{ products: { id: number }[] }>(t, 'GET', '/image/1');
    expect(image.body.products.map((product) => product.id)).toStrictEqual([101, 102, 103]);
  });

  it('refuses a list the import refuses, naming placements[i].field, and changes nothing', async () => {
    const point = await refused(
      'PUT',
      '/media/1/placements',
      {
        placements: [
          { product_id: 102, x: 0.5, y: 0.5 },
          { product_id: 101, x: 1.5 },
        ],
      },
      400,
      'VALIDATION_FAILED',
    );
    expect(point.details?.problems).toStrictEqual([
      { field: 'placements[1].x', message: 'must be a number from 0 to 1, got 1.5' },
      { field: 'placements[1].y', message: 'is required on an image (where in it the product is)' },
    ]);
    const range = await refused(
      'PUT',
      '/media/2/placements',
      {
        placements: [
          { product_id: 103, start_ms: 5000, end_ms: 4000 },
          { product_id: 103, start_ms: 0, end_ms: 20_000 },
        ],
      },
      400,
      'VALIDATION_FAILED',
    );
    expect(range.details?.problems).toStrictEqual([
      { field: 'placements[0].end_ms', message: 'must be after start_ms (5000), got 4000' },
      {
        field: 'placements[1].end_ms',
        message: 'a time range past the duration: 20000 is after duration_ms (10000)',
      },
    ]);
    const unknown = await refused(
      'PUT',
      '/media/2/placements',
      { placements: [{ product_id: 999 }] },
      400,
      'VALIDATION_FAILED',
    );
    expect(unknown.details?.problems).toStrictEqual([
      { field: 'placements[0].product_id', message: 'no product 999 in the document or the database' },
    ]);
    await refused('PUT', '/media/999/placements', { placements: [] }, 404, 'MEDIA_NOT_FOUND');
  });
});

describe('DELETE /media/{id}', () => {
  it('answers 204, then 404 on its routes; its order keeps its attribution and its performance answers', async () => {
    const cart = await post<{ id: string }>(t, '/cart', {
      items: { storefront_cart_items_input: [{ variant_id: '1031', quantity: 1, media_id: 2, placement_id: '2:0' }] },
    });
    await post(t, '/cart/customerInfo', { id: cart.body.id, buyer_identity: californian });
    const submitted = await post<{ orders: { id: string }[] }>(t, '/cart/submit', { id: cart.body.id });
    const orderId = submitted.body.orders[0]!.id;
    const before = await send<{ orders: number; units_sold: number }>(t, 'GET', '/media/2/performance');
    expect([before.status, before.body.orders, before.body.units_sold]).toStrictEqual([200, 1, 1]);

    const deleted = await send(t, 'DELETE', '/media/2');
    expect([deleted.status, deleted.body]).toStrictEqual([204, null]);
    for (const url of ['/video/2', '/video/slug/lamp-clip', '/video/2/placements', '/video/comparables/2'])
      expect((await send<ErrorJson>(t, 'GET', url)).body.code, url).toBe('MEDIA_NOT_FOUND');
    await refused('PATCH', '/media/2', { alt: 'x' }, 404, 'MEDIA_NOT_FOUND');
    await refused('PUT', '/media/2/placements', { placements: [] }, 404, 'MEDIA_NOT_FOUND');
    await refused('DELETE', '/media/2', undefined, 404, 'MEDIA_NOT_FOUND');
    expect((await send<{ media: AdminMediaJson[] }>(t, 'GET', '/media?type=video&q=lamp')).body.media).toStrictEqual(
      [],
    );

    const order = await send<{ lines: { media_id: number | null; placement_id: string | null }[] }>(
      t,
      'GET',
      `/orders/${orderId}`,
    );
    expect(order.body.lines.map((line) => [line.media_id, line.placement_id])).toStrictEqual([[2, '2:0']]);
    const after = await send<{ orders: number; units_sold: number }>(t, 'GET', '/media/2/performance');
    expect([after.status, after.body.orders, after.body.units_sold]).toStrictEqual([200, 1, 1]);
    // A cart can no longer be attributed to it.
    const attributed = await post<ErrorJson>(t, '/cart', {
      items: { storefront_cart_items_input: [{ variant_id: '1031', quantity: 1, media_id: 2 }] },
    });
    expect(attributed.body.code).toBe('MEDIA_NOT_ATTRIBUTABLE');
    // Its slug is free again; its id is never given again.
    const again = await send<{ media: AdminMediaJson }>(t, 'POST', '/media', {
      ...newImage,
      type: 'video',
      slug: 'lamp-clip',
    });
    expect(again.status).toBe(201);
    const ids = (await send<{ media: AdminMediaJson[] }>(t, 'GET', '/media?first=100')).body.media.map((m) => m.id);
    expect(again.body.media.id).toBe(Math.max(...ids));
    expect(again.body.media.id).toBeGreaterThan(2);
    // Not even the id of the newest item, once deleted.
    expect((await send(t, 'DELETE', `/media/${again.body.media.id}`)).status).toBe(204);
    const next = await send<{ media: AdminMediaJson }>(t, 'POST', '/media', { ...newImage, slug: 'next-look' });
    expect(next.body.media.id).toBe(again.body.media.id + 1);
  });
});
