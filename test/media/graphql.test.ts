// The media admin API over GraphQL on the engine under test: the same service as REST, its codes in
// extensions.code, its fields named as GraphQL's inputs name them (camelCase), admin keys only.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, dumpDatabase, type TestApp } from '../helpers.js';
import { mediaCatalog, send } from './media-fixture.js';

interface GraphQLAnswer<T> {
  data?: T | null;
  errors?: { message: string; extensions: { code: string; details?: Record<string, unknown> } }[];
}

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp(mediaCatalog);
});
afterAll(() => t.close());

async function run<T>(
  query: string,
  variables: Record<string, unknown> = {},
  app = t,
  headers: Record<string, string> = {},
): Promise<GraphQLAnswer<T>> {
  return (await send<GraphQLAnswer<T>>(app, 'POST', '/graphql', { query, variables }, headers)).body;
}

/** Runs a mutation that must be refused with `code`, and checks that it changed nothing; its error. */
async function refused(query: string, variables: Record<string, unknown>, code: string) {
  const before = await dumpDatabase(t.database);
  const answer = await run(query, variables);
  expect(answer.errors?.map((error) => error.extensions.code)).toStrictEqual([code]);
  expect(await dumpDatabase(t.database)).toBe(before);
  return answer.errors![0]!;
}

const create = `mutation Create($input: CreateMediaInput!) {
  createMedia(input: $input) { id kind slug fileName url width height durationMs alt products { id } }
}`;
const update = `mutation Update($id: ID!, $input: UpdateMediaInput!) {
  updateMedia(id: $id, input: $input) { id kind slug alt platform products { id } }
}`;
const place = `mutation Place($id: ID!, $placements: [PlacementInput!]!) {
  setMediaPlacements(mediaId: $id, placements: $placements) { id product { id } x y startMs endMs }
}`;
const remove = `mutation Remove($id: ID!) { deleteMedia(id: $id) }`;
const list = `query List($kind: MediaKind, $first: Int, $after: String, $query: String) {
  mediaItems(kind: $kind, first: $first, after: $after, query: $query) {
    edges { cursor node { id slug } } nodes { id } pageInfo { hasNextPage endCursor }
  }
}`;

const winter = {
  kind: 'IMAGE',
  slug: 'winter-look',
  url: '/media/files/winter.jpg',
  width: 1000,
  height: 1500,
  alt: 'A scarf by the window',
  productIds: ['104'],
};

describe('the media admin API over GraphQL', () => {
  it('createMedia makes a media item the catalog shows at once, as REST does', async () => {
    const answer = await run<{ createMedia: Record<string, unknown> }>(create, { input: winter });
    expect(answer.errors).toBeUndefined();
    expect(answer.data).toStrictEqual({
      createMedia: {
        id: '3',
        kind: 'IMAGE',
        slug: 'winter-look',
        fileName: 'winter.jpg',
        url: '/media/files/winter.jpg',
        width: 1000,
        height: 1500,
        durationMs: null,
        alt: 'A scarf by the window',
        products: [{ id: '104' }],
      },
    });
    const shown = await run<{ image: { id: string } }>('{ image(slug: "winter-look") { id } }');
    expect(shown.data?.image.id).toBe('3');
  });

  it('refuses a taken slug (MEDIA_SLUG_TAKEN) and what the import refuses, naming fields in camelCase', async () => {
    const taken = await refused(create, { input: { ...winter, slug: 'autumn-look' } }, 'MEDIA_SLUG_TAKEN');
    expect(taken.extensions.details).toStrictEqual({ type: 'image', slug: 'autumn-look', media_id: '1' });
    const invalid = await refused(
      create,
      { input: { ...winter, slug: 'other', durationMs: 5000, productIds: ['104', '999', 'abc'] } },
      'VALIDATION_FAILED',
    );
    expect(invalid.extensions.details).toStrictEqual({
      field: 'productIds[1]',
      problems: [
        { field: 'productIds[1]', message: 'no product 999 in the document or the database' },
        { field: 'productIds[2]', message: 'must be a product id, got NaN' },
        { field: 'durationMs', message: "is a video's only: an image has none, got 5000" },
      ],
    });
  });

  it('updateMedia changes the fields given; null clears an optional one and leaves the others', async () => {
    const changed = await run<{ updateMedia: Record<string, unknown> }>(update, {
      id: '1',
      input: { alt: 'Changed', platform: 'instagram', kind: null, slug: null },
    });
    expect(changed.data?.updateMedia).toStrictEqual({
      id: '1',
      kind: 'IMAGE',
      slug: 'autumn-look',
      alt: 'Changed',
      platform: 'instagram',
      products: [{ id: '101' }, { id: '102' }],
    });
    const cleared = await run<{ updateMedia: { alt: string | null } }>(update, { id: '1', input: { alt: null } });
    expect(cleared.data?.updateMedia.alt).toBeNull();
    await refused(update, { id: '999', input: { alt: 'x' } }, 'MEDIA_NOT_FOUND');
    await refused(update, { id: 'x', input: { alt: 'x' } }, 'INVALID_ID');
    await refused(update, { id: '3', input: { slug: 'autumn-look' } }, 'MEDIA_SLUG_TAKEN');
  });

  it('setMediaPlacements replaces the list and links a product placed; refuses what the import refuses', async () => {
    const placed = await run<{ setMediaPlacements: unknown[] }>(place, {
      id: '2',
      placements: [
        { productId: '103', startMs: 0, endMs: 2000 },
        { productId: '104', x: 0.5, y: 0.5 },
      ],
    });
    expect(placed.data?.setMediaPlacements).toStrictEqual([
      { id: '2:0', product: { id: '103' }, x: null, y: null, startMs: 0, endMs: 2000 },
      { id: '2:1', product: { id: '104' }, x: 0.5, y: 0.5, startMs: null, endMs: null },
    ]);
    const video = await run<{ video: { products: { id: string }[] } }>('{ video(id: "2") { products { id } } }');
    expect(video.data?.video.products).toStrictEqual([{ id: '103' }, { id: '104' }]);
    const invalid = await refused(
      place,
      {
        id: '2',
        placements: [
          { productId: '103', startMs: 5000, endMs: 4000 },
          { productId: '103', x: 0.5 },
        ],
      },
      'VALIDATION_FAILED',
    );
    expect(invalid.extensions.details).toStrictEqual({
      field: 'placements[0].endMs',
      problems: [
        { field: 'placements[0].endMs', message: 'must be after startMs (5000), got 4000' },
        { field: 'placements[1].y', message: 'is required with x (a point has both)' },
      ],
    });
    await refused(place, { id: '999', placements: [] }, 'MEDIA_NOT_FOUND');
  });

  it('mediaItems pages newest first, of one kind, matching a query', async () => {
    const first = await run<{
      mediaItems: {
        edges: { cursor: string; node: { id: string; slug: string } }[];
        nodes: { id: string }[];
        pageInfo: { hasNextPage: boolean; endCursor: string };
      };
    }>(list, { first: 1 });
    expect(first.data?.mediaItems.nodes).toStrictEqual([{ id: '3' }]);
    expect(first.data?.mediaItems.pageInfo.hasNextPage).toBe(true);
    const rest = await run<{ mediaItems: { nodes: { id: string }[] } }>(list, {
      after: first.data?.mediaItems.pageInfo.endCursor,
    });
    expect(rest.data?.mediaItems.nodes).toStrictEqual([{ id: '2' }, { id: '1' }]);
    const videos = await run<{ mediaItems: { nodes: { id: string }[] } }>(list, { kind: 'VIDEO' });
    expect(videos.data?.mediaItems.nodes).toStrictEqual([{ id: '2' }]);
    const found = await run<{ mediaItems: { nodes: { id: string }[] } }>(list, { query: 'SCARF' });
    expect(found.data?.mediaItems.nodes).toStrictEqual([{ id: '3' }]);
    const tooMany = await run(list, { first: 101 });
    expect(tooMany.errors?.map((error) => error.extensions.code)).toStrictEqual(['VALIDATION_FAILED']);
  });

  it('deleteMedia answers the id; then the item is not found, and deleting it again is MEDIA_NOT_FOUND', async () => {
    expect((await run(remove, { id: '3' })).data).toStrictEqual({ deleteMedia: '3' });
    const gone = await run('{ image(id: "3") { id } }');
    expect(gone.errors?.map((error) => error.extensions.code)).toStrictEqual(['MEDIA_NOT_FOUND']);
    await refused(remove, { id: '3' }, 'MEDIA_NOT_FOUND');
  });
});

describe('with API keys', () => {
  const clientKey = 'client-key-0123456789';
  const adminKey = 'admin-key-0123456789';
  let keyed: TestApp;
  beforeAll(async () => {
    keyed = await createTestApp(mediaCatalog, { API_KEYS: `${clientKey}:client,${adminKey}:admin` });
  });
  afterAll(() => keyed.close());

  it('a client key gets FORBIDDEN from every operation, changing nothing; an admin key may use them', async () => {
    const operations: [string, Record<string, unknown>][] = [
      [create, { input: winter }],
      [update, { id: '1', input: { alt: 'x' } }],
      [place, { id: '1', placements: [] }],
      [list, {}],
      [remove, { id: '1' }],
    ];
    const before = await dumpDatabase(keyed.database);
    for (const [query, variables] of operations) {
      const answer = await run(query, variables, keyed, { 'x-api-key': clientKey });
      expect(
        answer.errors?.map((error) => error.extensions.code),
        query,
      ).toStrictEqual(['FORBIDDEN']);
    }
    expect(await dumpDatabase(keyed.database)).toBe(before);
    for (const [query, variables] of operations)
      expect((await run(query, variables, keyed, { 'x-api-key': adminKey })).errors, query).toBeUndefined();
  });
});
