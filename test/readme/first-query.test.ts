// The README's first query works as written on the demo catalog (as `npm start` loads it): every
// `curl` of "A first query" (its URL, headers and body, as a shell reads them) and its `graphql`
// block are sent to the app, and answer what the README says they do.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { projectRoot } from '../../src/db/schema-engine.js';
import { createDemoApp, type TestApp } from '../helpers.js';
import { curlLines, curlRequest, fenced } from './curl.js';

const readme = readFileSync(join(projectRoot, 'README.md'), 'utf8');
const start = readme.indexOf('\n## A first query\n');
const section = start < 0 ? '' : readme.slice(start, readme.indexOf('\n## ', start + 1));
const blocks = (language: string) => fenced(section, language);

/** The curl commands of the section's shell blocks, as requests. */
const curls = curlLines(blocks('sh')).map(curlRequest);

let t: TestApp;
beforeAll(async () => {
  t = await createDemoApp();
});
afterAll(() => t.close());

async function send(request: (typeof curls)[number]) {
  const url = new URL(`http://${request.url}`);
  expect(url.host).toBe('localhost:4000');
  return t.app.inject({
    method: request.method,
    url: `${url.pathname}${url.search}`,
    headers: request.headers,
    payload: request.body,
  });
}

describe("the README's first query", () => {
  it('is one REST call, one GraphQL call and the same query as a document', () => {
    expect(curls.map(({ method, url }) => `${method} ${url}`)).toStrictEqual([
      'GET localhost:4000/image/comparables/slug/autumn-ridge-layers',
      'POST localhost:4000/graphql',
    ]);
    expect(blocks('graphql')).toHaveLength(1);
  });

  it('REST: the image with the four products it shows, each with its comparables and their price tier', async () => {
    const response = await send(curls[0]!);
    expect(response.statusCode).toBe(200);
    const body = response.json() as {
      image_info: { slug: string };
      products: { title: string; similar_products: { price_tier: string }[] }[];
    };
    expect(body.image_info.slug).toBe('autumn-ridge-layers');
    expect(body.products).toHaveLength(4);
    const tiers = body.products.flatMap((product) => product.similar_products.map((similar) => similar.price_tier));
    expect(tiers.length).toBeGreaterThan(0);
    for (const tier of tiers) expect(['lower', 'similar', 'higher']).toContain(tier);
  });

  it("GraphQL: the video's products with two comparables each at most, the same from curl and from the document", async () => {
    const response = await send(curls[1]!);
    expect(response.statusCode).toBe(200);
    const body = response.json() as {
      data: { video: { products: { title: string; similarProducts: { priceTier: string }[] }[] } };
      errors?: unknown;
    };
    expect(body.errors).toBeUndefined();
    expect(body.data.video.products.map((product) => product.title)).toHaveLength(4);
    for (const product of body.data.video.products) expect(product.similarProducts.length).toBeLessThanOrEqual(2);
    expect(body.data.video.products.some((product) => product.similarProducts.length > 0)).toBe(true);
    const document = await t.app.inject({ method: 'POST', url: '/graphql', payload: { query: blocks('graphql')[0] } });
    expect(document.json()).toStrictEqual(body);
  });
});
