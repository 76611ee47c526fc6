// The media admin API across two real gateway processes on one PostgreSQL database: what B writes
// (a new media item, a changed one, new placements, a deletion) B shows at once, and A, which keeps
// its answers (REST at the edge, GraphQL's records, its search answers), within
// CATALOG_CACHE_TTL_MS, as after an import.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testEngine } from '../pg.js';
import { json, processFixture, until, type Gateway, type ProcessFixture } from '../process/gateway.js';
import { oneStore, oneStoreProduct } from './two-processes.js';

const ttlMs = 400;

const product = oneStoreProduct;
const catalog = {
  stores: [oneStore],
  products: [product(1, 'Lamp'), product(2, 'Chair'), product(3, 'Table')],
  media: [
    {
      type: 'image',
      id: 1,
      slug: 'lamp-and-chair',
      file_name: 'one.jpg',
      url: '/media/files/one.jpg',
      width: 100,
      height: 100,
      alt: 'A lamp by a chair',
      product_ids: [1, 2],
      placements: [{ product_id: 1, x: 0.5, y: 0.5 }],
    },
  ],
};

async function graphql<T>(gateway: Gateway, query: string): Promise<T> {
  const answer = await json('POST', `${gateway.base}/graphql`, { query });
  return answer.body.data as T;
}

/** What a process shows of the catalog's media: REST, GraphQL and a search's products. */
async function shown(gateway: Gateway) {
  const placements = await json('GET', `${gateway.base}/image/1/placements`);
  const image = await graphql<{ image: { alt: string; placements: { x: number }[] } | null }>(
    gateway,
    '{ image(id: "1") { alt placements { x } } }',
  );
  const search = await graphql<{ searchProducts: { edges: { node: { media: { nodes: { slug: string }[] } } }[] } }>(
    gateway,
    '{ searchProducts(query: "table") { edges { node { media(first: 5) { nodes { slug } } } } } }',
  );
  const table = await json('GET', `${gateway.base}/image/slug/table-top`);
  return {
    restAlt: placements.status === 200 ? (placements.body.media as { alt: string }).alt : placements.body.code,
    graphqlAlt: image?.image?.alt ?? null,
    graphqlPlacements: image?.image?.placements.map((placement) => placement.x) ?? null,
    searchedMedia: search.searchProducts.edges.flatMap((edge) => edge.node.media.nodes.map((media) => media.slug)),
    newImage: table.status,
  };
}

describe.runIf(testEngine === 'postgresql')('media admin writes across two processes', () => {
  let fixture: ProcessFixture;
  let a: Gateway;
  let b: Gateway;

  beforeAll(async () => {
    fixture = await processFixture(catalog);
    const env = { CATALOG_CACHE_TTL_MS: String(ttlMs) };
    a = await fixture.start({ env });
    b = await fixture.start({ env });
  }, 120_000);

  afterAll(() => fixture?.close());

  it('B shows each write at once; A within the ttl, REST, GraphQL and search answers alike', async () => {
    const before = {
      restAlt: 'A lamp by a chair',
      graphqlAlt: 'A lamp by a chair',
      graphqlPlacements: [0.5],
      searchedMedia: [],
      newImage: 404,
    };
    // A reads everything twice: what it answers now is what it keeps.
    for (let read = 0; read < 2; read += 1) expect(await shown(a)).toStrictEqual(before);

    const created = await json('POST', `${b.base}/media`, {
      type: 'image',
      slug: 'table-top',
      url: '/media/files/table.jpg',
      width: 100,
      height: 100,
      product_ids: [3],
    });
    expect(created.status).toBe(201);
    expect((await json('PATCH', `${b.base}/media/1`, { alt: 'Changed' })).status).toBe(200);
    const placements = { placements: [{ product_id: 2, x: 0.25, y: 0.25 }] };
    expect((await json('PUT', `${b.base}/media/1/placements`, placements)).status).toBe(200);
    const after = {
      restAlt: 'Changed',
      graphqlAlt: 'Changed',
      graphqlPlacements: [0.25],
      searchedMedia: ['table-top'],
      newImage: 200,
    };
    expect(await shown(b)).toStrictEqual(after);
    await until(
      async () => JSON.stringify(await shown(a)) === JSON.stringify(after),
      'A to show what B wrote',
      10 * ttlMs + 5_000,
    );

    expect((await fetch(`${b.base}/media/1`, { method: 'DELETE' })).status).toBe(204);
    expect((await shown(b)).restAlt).toBe('MEDIA_NOT_FOUND');
    await until(
      async () => (await shown(a)).restAlt === 'MEDIA_NOT_FOUND',
      'A to see the deletion',
      10 * ttlMs + 5_000,
    );
    expect((await shown(a)).graphqlAlt).toBeNull();
  }, 60_000);
});

describe.skipIf(testEngine === 'postgresql')('media admin writes across two processes', () => {
  it.skip('runs with npm run test:pg (TEST_DATABASE=postgresql)', () => {});
});
