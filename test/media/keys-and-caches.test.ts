// The media admin API behind API keys (admin only: a client key is refused before its body is
// read), and its writes as the catalog's caches see them: the writing process shows each at once
// whatever CATALOG_CACHE_TTL_MS (REST answers and GraphQL alike, kept or not), and the catalog's
// shape, which GraphQL's cost estimate sizes lists by, holds what was written.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, dumpDatabase, type TestApp } from '../helpers.js';
import { shapeOf } from '../../src/catalog/catalog-shape.repository.js';
import { mediaCatalog, newImage, send, type AdminMediaJson } from './media-fixture.js';

describe('with API keys', () => {
  const clientKey = 'client-key-0123456789';
  const adminKey = 'admin-key-0123456789';
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(mediaCatalog, { API_KEYS: `${clientKey}:client,${adminKey}:admin` });
  });
  afterAll(() => t.close());

  const routes = [
    { method: 'POST' as const, url: '/media', payload: newImage, ok: 201 },
    { method: 'GET' as const, url: '/media?q=look', ok: 200 },
    { method: 'PATCH' as const, url: '/media/1', payload: { alt: 'Changed' }, ok: 200 },
    { method: 'PUT' as const, url: '/media/1/placements', payload: { placements: [] }, ok: 200 },
    { method: 'DELETE' as const, url: '/media/1', ok: 204 },
  ];

  it('a client key gets 403 FORBIDDEN on every route, before its body is read; no key 401; changing nothing', async () => {
    const before = await dumpDatabase(t.database);
    for (const { method, url, payload } of routes) {
      const refused = await send(t, method, url, payload, { 'x-api-key': clientKey });
      expect([refused.status, refused.body.code], `${method} ${url}`).toStrictEqual([403, 'FORBIDDEN']);
      if (payload) expect((await send(t, method, url, { slug: 7 }, { 'x-api-key': clientKey })).status).toBe(403);
      expect((await send(t, method, url, payload)).status).toBe(401);
    }
    expect(await dumpDatabase(t.database)).toBe(before);
  });

  it('an admin key may use every route', async () => {
    for (const { method, url, payload, ok } of routes)
      expect((await send(t, method, url, payload, { 'x-api-key': adminKey })).status, `${method} ${url}`).toBe(ok);
  });
});

describe('the writing process, with answers kept for a minute', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(mediaCatalog, { CATALOG_CACHE_TTL_MS: '60000' });
  });
  afterAll(() => t.close());

  const altQuery = { query: '{ image(id: "1") { alt placements { id x } } }' };
  const graphqlAlt = async () => {
    const answer = await send<{ data: { image: { alt: string; placements: { id: string; x: number }[] } | null } }>(
      t,
      'POST',
      '/graphql',
      altQuery,
    );
    return answer.body.data.image;
  };
  const restAlt = async () =>
    (await send<{ media: { alt: string } | undefined; code?: string }>(t, 'GET', '/image/1/placements')).body;

  it('shows a change, new placements and a deletion at once, over REST and GraphQL', async () => {
    // Read twice: the second answer is the kept one.
    for (let read = 0; read < 2; read += 1) {
      expect((await restAlt()).media?.alt).toBe('A jacket and a mug on a bench');
      expect((await graphqlAlt())?.alt).toBe('A jacket and a mug on a bench');
    }
    expect((await send(t, 'PATCH', '/media/1', { alt: 'Changed' })).status).toBe(200);
    expect((await restAlt()).media?.alt).toBe('Changed');
    expect((await graphqlAlt())?.alt).toBe('Changed');

    await send(t, 'PUT', '/media/1/placements', { placements: [{ product_id: 104, x: 0.25, y: 0.75 }] });
    expect((await graphqlAlt())?.placements).toStrictEqual([{ id: '1:0', x: 0.25 }]);
    const image = await send<{ products: { id: number }[] }>(t, 'GET', '/image/1');
    expect(image.body.products.map((product) => product.id)).toStrictEqual([101, 102, 104]);

    expect((await send(t, 'DELETE', '/media/1')).status).toBe(204);
    expect((await restAlt()).code).toBe('MEDIA_NOT_FOUND');
    expect(await graphqlAlt()).toBeNull();
    expect((await send(t, 'GET', '/image/1')).status).toBe(404);
  });

  it('keeps the catalog shape up with the lists written: they only grow', async () => {
    const shape = async () => {
      const row = await t.database.db.catalogMeta.findUnique({ where: { id: 1 } });
      return shapeOf(row?.shape);
    };
    expect((await shape())?.placementsPerMedia).toBe(2);
    const created = await send<{ media: AdminMediaJson }>(t, 'POST', '/media', {
      ...newImage,
      product_ids: [101, 102, 103],
    });
    expect((await shape())?.productsPerMedia).toBe(3);
    const placements = [0.1, 0.2, 0.3].map((x, index) => ({ product_id: 101 + index, x, y: x }));
    await send(t, 'PUT', `/media/${created.body.media.id}/placements`, { placements });
    expect((await shape())?.placementsPerMedia).toBe(3);
    await send(t, 'PUT', `/media/${created.body.media.id}/placements`, { placements: [] });
    expect(await shape()).toMatchObject({ placementsPerMedia: 3, productsPerMedia: 3 });
  });
});

describe('a catalog made through the API alone', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(null, { CATALOG_CACHE_TTL_MS: '60000' });
  });
  afterAll(() => t.close());

  it("is measured at its first write, so that GraphQL's estimate can size its lists", async () => {
    expect((await send(t, 'POST', '/media', { ...newImage, product_ids: [] })).status).toBe(201);
    const answer = await send<{ data: unknown; errors?: unknown }>(t, 'POST', '/graphql', {
      query: '{ image(slug: "winter-look") { slug products { id } placements { id } } }',
    });
    expect(answer.body.errors).toBeUndefined();
    expect(answer.body.data).toStrictEqual({ image: { slug: 'winter-look', products: [], placements: [] } });
  });
});
