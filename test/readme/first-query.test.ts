// The README's first query works as written on the demo catalog: every `curl` of "A first query"
// (its URL, headers and body, as a shell reads them) and its `graphql` block are sent to the app,
// and answer what the README says they do.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { projectRoot } from '../../src/db/schema-engine.js';
import { createTestApp, type TestApp } from '../helpers.js';

const readme = readFileSync(join(projectRoot, 'README.md'), 'utf8');
const start = readme.indexOf('\n## A first query\n');
const section = start < 0 ? '' : readme.slice(start, readme.indexOf('\n## ', start + 1));
const blocks = (language: string) =>
  [...section.matchAll(new RegExp('```' + language + '\\n([\\s\\S]*?)```', 'g'))].map((match) => match[1]!);

/** A command line's words as a POSIX shell splits them: single quotes literal, `\` escapes outside them. */
function words(line: string): string[] {
  const out: string[] = [];
  let word: string | null = null;
  for (let i = 0; i < line.length; i++) {
    const char = line[i]!;
    if (char === "'") {
      const end = line.indexOf("'", i + 1);
      word = (word ?? '') + line.slice(i + 1, end);
      i = end;
    } else if (char === '\\') word = (word ?? '') + line[++i];
    else if (char === ' ' || char === '\t') {
      if (word !== null) out.push(word);
      word = null;
    } else word = (word ?? '') + char;
  }
  if (word !== null) out.push(word);
  return out;
}

/** The curl commands of the section's shell blocks, as requests. */
const curls = blocks('sh')
  .flatMap((block) => block.replace(/\\\n\s*/g, ' ').split('\n'))
  .filter((line) => line.startsWith('curl '))
  .map((line) => {
    const args = words(line.replace(/\s+#.*$/, '')).slice(1);
    const headers: Record<string, string> = {};
    let url = '';
    let body: string | undefined;
    for (let i = 0; i < args.length; i++) {
      if (args[i] === '-H') {
        const [name = '', ...value] = args[++i]!.split(':');
        headers[name.trim().toLowerCase()] = value.join(':').trim();
      } else if (args[i] === '-d') body = args[++i];
      else if (args[i]!.startsWith('-')) throw new Error(`an option this test does not read: ${args[i]}`);
      else url = args[i]!;
    }
    return { method: body === undefined ? ('GET' as const) : ('POST' as const), url, headers, body };
  });

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp(JSON.parse(readFileSync(join(projectRoot, 'prisma', 'seed', 'demo-catalog.json'), 'utf8')));
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
