// Where and when products appear in media: the placements routes (REST, with at_ms, ETag and 304),
// Media's details (its alt text and a video's captions among them) and placements in GraphQL, and
// Apollo Client's default cache keeping the placements of two media that share a product apart.
// The seed's media answers do not change.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApolloClient, HttpLink, InMemoryCache, gql } from '@apollo/client';
import generated from '../../schema/possible-types.js';
import { bumpImportVersion } from '../../src/catalog/catalog-version.repository.js';
import { createTestApp, readDemoCatalog, type TestApp } from '../helpers.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  // The test catalog's image 1 shows products 11 and 16, video 2 shows 15 and 11.
  const { db } = t.database;
  await db.media.update({
    where: { id: 1 },
    data: { url: '/media/files/look-one.jpg', width: 1200, height: 1600, alt: 'A linen shirt on a hanger by a window' },
  });
  await db.media.update({
    where: { id: 2 },
    data: {
      url: 'https://cdn.example/clip-two.mp4',
      posterUrl: 'https://cdn.example/clip-two.jpg',
      width: 1080,
      height: 1920,
      durationMs: 30_000,
      captionsUrl: 'https://cdn.example/clip-two.vtt',
    },
  });
  await db.mediaPlacement.createMany({
    data: [
      { mediaId: 1, position: 0, productId: 11, x: 0.25, y: 0.4 },
      { mediaId: 1, position: 1, productId: 16, x: 0.75, y: 0.9 },
      { mediaId: 2, position: 0, productId: 15, x: 0.5, y: 0.5, startMs: 0, endMs: 12_000 },
      { mediaId: 2, position: 1, productId: 11, x: 0.3, y: 0.6, startMs: 12_000, endMs: 30_000 },
      { mediaId: 2, position: 2, productId: 15, startMs: 20_000, endMs: 25_000 },
    ],
  });
  await bumpImportVersion(db);
});
afterAll(() => t.close());

const get = async (url: string, headers: Record<string, string> = {}) => {
  const response = await t.app.inject({ method: 'GET', url, headers });
  return {
    status: response.statusCode,
    body: response.body ? (response.json() as Record<string, unknown>) : null,
    headers: response.headers,
  };
};

const imageAnswer = {
  media: {
    id: 1,
    slug: 'look-one',
    url: '/media/files/look-one.jpg',
    width: 1200,
    height: 1600,
    duration_ms: null,
    poster_url: null,
    alt: 'A linen shirt on a hanger by a window',
    captions_url: null,
  },
  placements: [
    { id: '1:0', product_id: 11, x: 0.25, y: 0.4, start_ms: null, end_ms: null },
    { id: '1:1', product_id: 16, x: 0.75, y: 0.9, start_ms: null, end_ms: null },
  ],
};
const videoMedia = {
  id: 2,
  slug: 'clip-two',
  url: 'https://cdn.example/clip-two.mp4',
  width: 1080,
  height: 1920,
  duration_ms: 30_000,
  poster_url: 'https://cdn.example/clip-two.jpg',
  alt: null,
  captions_url: 'https://cdn.example/clip-two.vtt',
};
const videoPlacements = [
  { id: '2:0', product_id: 15, x: 0.5, y: 0.5, start_ms: 0, end_ms: 12_000 },
  { id: '2:1', product_id: 11, x: 0.3, y: 0.6, start_ms: 12_000, end_ms: 30_000 },
  { id: '2:2', product_id: 15, x: null, y: null, start_ms: 20_000, end_ms: 25_000 },
];

describe('REST placements', () => {
  it('answers an image by id and by slug with its details and placements, in order', async () => {
    for (const url of ['/image/1/placements', '/image/slug/look-one/placements']) {
      const answer = await get(url);
      expect(answer.status, url).toBe(200);
      expect(answer.body).toStrictEqual(imageAnswer);
    }
  });

  it('answers a video, and with at_ms only the placements shown then (start included, end excluded)', async () => {
    expect((await get('/video/2/placements')).body).toStrictEqual({ media: videoMedia, placements: videoPlacements });
    const at = async (ms: number) =>
      ((await get(`/video/slug/clip-two/placements?at_ms=${ms}`)).body!.placements as { id: string }[]).map(
        (placement) => placement.id,
      );
    expect(await at(0)).toStrictEqual(['2:0']);
    expect(await at(11_999)).toStrictEqual(['2:0']);
    expect(await at(12_000)).toStrictEqual(['2:1']);
    expect(await at(21_000)).toStrictEqual(['2:1', '2:2']);
    expect(await at(25_000)).toStrictEqual(['2:1']);
    expect(await at(30_000)).toStrictEqual([]);
    // The answer kept for one instant is never served for another.
    expect(await at(0)).toStrictEqual(['2:0']);
  });

  it('refuses a bad at_ms (400) and an unknown media item or the wrong kind (404) with their codes', async () => {
    for (const url of [
      '/video/2/placements?at_ms=-1',
      '/video/2/placements?at_ms=1.5',
      '/video/2/placements?at_ms=soon',
    ]) {
      const answer = await get(url);
      expect(answer.status, url).toBe(400);
      expect(answer.body!.code).toBe('VALIDATION_FAILED');
    }
    for (const url of ['/image/999/placements', '/video/1/placements', '/image/slug/nothing-here/placements']) {
      const answer = await get(url);
      expect(answer.status, url).toBe(404);
      expect(answer.body!.code).toBe('MEDIA_NOT_FOUND');
    }
    expect((await get('/image/abc/placements')).body!.code).toBe('INVALID_ID');
  });

  it('tags answers with their ETag and answers 304 while it holds', async () => {
    const first = await get('/image/1/placements');
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^W\/"[\w-]{22}"$/);
    const again = await get('/image/1/placements', { 'if-none-match': etag });
    expect(again.status).toBe(304);
  });

  it("leaves the seed's media answers exactly as they were", async () => {
    const answer = await get('/video/2');
    expect(answer.body!.video_info).toStrictEqual({
      id: 2,
      slug: 'clip-two',
      file_name: 'clip-two.mp4',
      platform: null,
    });
  });
});

describe('GraphQL placements', () => {
  const query = async (source: string, variables: Record<string, unknown> = {}) => {
    const response = await t.app.inject({ method: 'POST', url: '/graphql', payload: { query: source, variables } });
    return response.json() as { data?: Record<string, unknown>; errors?: { extensions?: { code?: string } }[] };
  };

  it('gives Media its details and placements, with the product of each; atMs keeps those shown then', async () => {
    const answer = await query(
      `query ($at: Int) { video(id: "2") { url posterUrl width height durationMs alt captionsUrl all: placements { id x y startMs endMs product { id title } } at: placements(atMs: $at) { id } } }`,
      { at: 21_000 },
    );
    expect(answer.errors).toBeUndefined();
    const video = answer.data!.video as Record<string, unknown>;
    expect({ ...video, all: undefined, at: undefined }).toStrictEqual({
      url: videoMedia.url,
      posterUrl: videoMedia.poster_url,
      width: 1080,
      height: 1920,
      durationMs: 30_000,
      alt: null,
      captionsUrl: videoMedia.captions_url,
      all: undefined,
      at: undefined,
    });
    expect(
      (video.all as { id: string; x: number | null; startMs: number | null; product: { id: string } }[]).map(
        ({ id, x, startMs, product }) => [id, x, startMs, product.id],
      ),
    ).toStrictEqual([
      ['2:0', 0.5, 0, '15'],
      ['2:1', 0.3, 12_000, '11'],
      ['2:2', null, 20_000, '15'],
    ]);
    expect(video.at).toStrictEqual([{ id: '2:1' }, { id: '2:2' }]);
  });

  it("gives an image its alt text, and no captions (a video's only)", async () => {
    const answer = await query('{ image(id: "1") { alt captionsUrl } product(id: "11") { media { nodes { alt } } } }');
    expect(answer.errors).toBeUndefined();
    expect(answer.data).toStrictEqual({
      image: { alt: imageAnswer.media.alt, captionsUrl: null },
      product: { media: { nodes: [{ alt: null }, { alt: imageAnswer.media.alt }] } },
    });
  });

  it('refuses a negative atMs with VALIDATION_FAILED', async () => {
    const answer = await query('{ video(id: "2") { placements(atMs: -5) { id } } }');
    expect(answer.errors?.[0]?.extensions?.code).toBe('VALIDATION_FAILED');
  });
});

describe('the media that show a product', () => {
  const summary = (id: number) =>
    id === 1
      ? {
          id: 1,
          kind: 'image',
          slug: 'look-one',
          file_name: 'look-one.jpg',
          platform: 'instagram',
          url: '/media/files/look-one.jpg',
          poster_url: null,
          width: 1200,
          height: 1600,
          duration_ms: null,
          alt: imageAnswer.media.alt,
          captions_url: null,
        }
      : {
          id: 2,
          kind: 'video',
          slug: 'clip-two',
          file_name: 'clip-two.mp4',
          platform: null,
          url: videoMedia.url,
          poster_url: videoMedia.poster_url,
          width: 1080,
          height: 1920,
          duration_ms: 30_000,
          alt: null,
          captions_url: videoMedia.captions_url,
        };

  it('REST: newest (highest id) first, a page at a time', async () => {
    const all = await get('/product/11/media');
    expect(all.status).toBe(200);
    expect(all.body).toStrictEqual({
      media: [summary(2), summary(1)],
      page_info: { has_next_page: false, end_cursor: expect.any(String) },
    });
    const first = await get('/product/11/media?first=1');
    expect(first.body!.media).toStrictEqual([summary(2)]);
    const info = first.body!.page_info as { has_next_page: boolean; end_cursor: string };
    expect(info.has_next_page).toBe(true);
    const second = await get(`/product/11/media?first=1&after=${info.end_cursor}`);
    expect(second.body).toStrictEqual({
      media: [summary(1)],
      page_info: { has_next_page: false, end_cursor: expect.any(String) },
    });
    // Product 12 is in no media item; 999 does not exist.
    expect((await get('/product/12/media')).body).toStrictEqual({
      media: [],
      page_info: { has_next_page: false, end_cursor: null },
    });
    expect((await get('/product/999/media')).body!.code).toBe('PRODUCT_NOT_FOUND');
    for (const url of ['/product/11/media?first=0', '/product/11/media?first=101', '/product/11/media?after=bm9wZQ'])
      expect((await get(url)).body!.code, url).toBe('VALIDATION_FAILED');
  });

  it('GraphQL: Product.media(first, after) as a connection', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/graphql',
      payload: {
        query: '{ product(id: "11") { media(first: 1) { nodes { id kind url } pageInfo { hasNextPage endCursor } } } }',
      },
    });
    const page = (
      response.json() as {
        data: { product: { media: { nodes: unknown[]; pageInfo: { hasNextPage: boolean; endCursor: string } } } };
      }
    ).data.product.media;
    expect(page.nodes).toStrictEqual([{ id: '2', kind: 'VIDEO', url: videoMedia.url }]);
    expect(page.pageInfo.hasNextPage).toBe(true);
    const next = await t.app.inject({
      method: 'POST',
      url: '/graphql',
      payload: {
        query:
          'query ($after: String) { product(id: "11") { media(after: $after) { nodes { id } pageInfo { hasNextPage } } } }',
        variables: { after: page.pageInfo.endCursor },
      },
    });
    expect((next.json() as { data: unknown }).data).toStrictEqual({
      product: { media: { nodes: [{ id: '1' }], pageInfo: { hasNextPage: false } } },
    });
  });
});

describe('Apollo Client, default InMemoryCache', () => {
  it('reads back the placements of two media that share a product without mixing them', async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const address = t.app.server.address();
    const uri = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/graphql`;
    const client = new ApolloClient({
      link: new HttpLink({ uri }),
      cache: new InMemoryCache({ possibleTypes: generated.possibleTypes }),
    });
    const Look = gql`
      query PlacementsLook { image(id: "1") { id placements { id x y startMs endMs product { id title } } } video(id: "2") { id placements { id x y startMs endMs product { id title } } } }
    `;
    const fromServer = await client.query({ query: Look, fetchPolicy: 'network-only' });
    const cached = client.readQuery({ query: Look }) as {
      image: { placements: { id: string; x: number; product: { id: string } }[] };
      video: { placements: { id: string; x: number | null; product: { id: string } }[] };
    };
    expect(cached).toStrictEqual(fromServer.data);
    // Product 11 is placed in both, at different points: each keeps its own.
    expect(cached.image.placements.find((placement) => placement.product.id === '11')?.x).toBe(0.25);
    expect(cached.video.placements.find((placement) => placement.product.id === '11')?.x).toBe(0.3);
  });
});

describe('the demo catalog: placements from the import to REST and GraphQL, files on this gateway', () => {
  interface DocumentMedia {
    id: number;
    type: 'image' | 'video';
    slug: string;
    url?: string;
    poster_url?: string;
    width?: number;
    height?: number;
    duration_ms?: number;
    alt?: string;
    captions_url?: string;
    placements?: { product_id: number; x?: number; y?: number; start_ms?: number; end_ms?: number }[];
  }
  const document = readDemoCatalog() as {
    media: DocumentMedia[];
  };
  let demo: TestApp;
  beforeAll(async () => {
    demo = await createTestApp(document);
  });
  afterAll(() => demo.close());

  it('answers every media item as the document gave it', async () => {
    expect(document.media.every((media) => (media.placements ?? []).length > 0)).toBe(true);
    for (const media of document.media) {
      const answer = await demo.app.inject({ method: 'GET', url: `/${media.type}/${media.id}/placements` });
      expect(answer.json(), media.slug).toStrictEqual({
        media: {
          id: media.id,
          slug: media.slug,
          url: media.url ?? null,
          width: media.width ?? null,
          height: media.height ?? null,
          duration_ms: media.duration_ms ?? null,
          poster_url: media.poster_url ?? null,
          alt: media.alt ?? null,
          captions_url: media.captions_url ?? null,
        },
        placements: (media.placements ?? []).map((placement, position) => ({
          id: `${media.id}:${position}`,
          product_id: placement.product_id,
          x: placement.x ?? null,
          y: placement.y ?? null,
          start_ms: placement.start_ms ?? null,
          end_ms: placement.end_ms ?? null,
        })),
      });
      const graphql = await demo.app.inject({
        method: 'POST',
        url: '/graphql',
        payload: {
          query: `{ ${media.type}(id: "${media.id}") { placements { id x y startMs endMs product { id } } } }`,
        },
      });
      const placements = (
        graphql.json() as {
          data: Record<
            string,
            { placements: { id: string; x: number | null; startMs: number | null; product: { id: string } }[] }
          >;
        }
      ).data[media.type]!.placements;
      expect(
        placements.map(({ id, x, startMs, product }) => [id, x, startMs, Number(product.id)]),
        media.slug,
      ).toStrictEqual(
        (media.placements ?? []).map((placement, position) => [
          `${media.id}:${position}`,
          placement.x ?? null,
          placement.start_ms ?? null,
          placement.product_id,
        ]),
      );
    }
  });

  it('gives every media item an alt text, and every video captions', () => {
    for (const media of document.media) {
      expect(media.alt?.trim().length ?? 0, media.slug).toBeGreaterThan(20);
      expect(media.alt, media.slug).not.toContain(media.slug);
    }
    const videos = document.media.filter((media) => media.type === 'video');
    expect(videos.length).toBeGreaterThan(0);
    for (const video of videos) expect(video.captions_url, video.slug).toMatch(/^\/media\/files\/.+\.vtt$/);
  });

  it("serves every media item's file, poster and captions from this gateway, captions as text/vtt", async () => {
    const videos = document.media.filter((media) => media.type === 'video').length;
    const paths = document.media
      .flatMap((media) => [media.url, media.poster_url, media.captions_url])
      .filter((path): path is string => path !== undefined);
    expect(paths.length).toBe(document.media.length + 2 * videos);
    for (const path of new Set(paths)) {
      expect(path.startsWith('/media/files/'), path).toBe(true);
      expect((await demo.app.inject({ method: 'HEAD', url: path })).statusCode, path).toBe(200);
    }
    const captions = new Set(document.media.flatMap((media) => media.captions_url ?? []));
    for (const path of captions) {
      const answer = await demo.app.inject({ method: 'GET', url: path });
      expect(answer.statusCode, path).toBe(200);
      expect(answer.headers['content-type'], path).toBe('text/vtt; charset=utf-8');
      expect(answer.body.startsWith('WEBVTT\n'), path).toBe(true);
    }
  });
});
