// The documents' examples run on the demo catalog, as `npm start` loads it (the demo catalog and
// its discounts): every `curl` of README.md and docs/*.md that needs nothing from an earlier step
// (no shell variable) and every GraphQL query without variables answers without an error and with
// something: no answer finds nothing, and no list in it is empty. The demo discount code the README
// gives takes its 10 % off every store of a demo cart. (The README's first query and the cart
// walkthrough of docs/carts.md have tests of their own: first-query.test.ts, walkthrough.test.ts.)
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Kind, parse, type OperationDefinitionNode } from 'graphql';
import { projectRoot } from '../../src/paths.js';
import { createDemoApp, type TestApp } from '../helpers.js';
import { curlLines, curlRequest, fenced, type CurlRequest } from './curl.js';

const documents = ['README.md', ...readdirSync(join(projectRoot, 'docs')).map((name) => `docs/${name}`)]
  .filter((name) => name.endsWith('.md'))
  .map((name) => ({ name, text: readFileSync(join(projectRoot, name), 'utf8') }));

/** Each runnable curl of the documents, with the document it is in. */
const curls = documents.flatMap(({ name, text }) =>
  curlLines(fenced(text, 'sh'))
    .filter((line) => !line.includes('$'))
    .map((line) => ({ document: name, ...curlRequest(line) })),
);

/** Each GraphQL query of the documents that runs as it is: one query operation, no variables. */
const queries = documents.flatMap(({ name, text }) =>
  fenced(text, 'graphql').flatMap((source) => {
    const definitions = parse(source).definitions;
    const runs = definitions.every(
      (definition): definition is OperationDefinitionNode =>
        definition.kind === Kind.OPERATION_DEFINITION &&
        definition.operation === 'query' &&
        (definition.variableDefinitions ?? []).length === 0,
    );
    return runs ? [{ document: name, source }] : [];
  }),
);

/**
 * What an answer lacks: the lists in it that are empty (read through its objects, not into the
 * items of its lists), or the whole answer when nothing in it holds anything (null, false, 0, "").
 */
function lacking(value: unknown, path = '$'): string[] {
  const nothing = (inner: unknown): boolean =>
    inner === null ||
    inner === false ||
    inner === 0 ||
    inner === '' ||
    (Array.isArray(inner) && inner.length === 0) ||
    (typeof inner === 'object' && !Array.isArray(inner) && Object.values(inner).every(nothing));
  const emptyLists = (inner: unknown, at: string): string[] => {
    if (Array.isArray(inner)) return inner.length === 0 ? [at] : [];
    if (typeof inner !== 'object' || inner === null) return [];
    return Object.entries(inner).flatMap(([key, field]) => emptyLists(field, `${at}.${key}`));
  };
  return nothing(value) ? [path] : emptyLists(value, path);
}

let t: TestApp;
beforeAll(async () => {
  t = await createDemoApp();
});
afterAll(() => t.close());

async function send(request: CurlRequest) {
  const url = new URL(`http://${request.url}`);
  expect(['localhost:4000', '127.0.0.1:4000'], request.url).toContain(url.host);
  return t.app.inject({
    method: request.method,
    url: `${url.pathname}${url.search}`,
    headers: request.headers,
    payload: request.body,
  });
}

describe("the documents' examples, on the demo catalog", () => {
  it('are found: the curls and queries of the documents that run as they are', () => {
    expect(curls.map(({ document, method, url }) => `${document}: ${method} ${url}`)).toStrictEqual([
      'README.md: GET localhost:4000/image/comparables/slug/autumn-ridge-layers',
      'README.md: POST localhost:4000/graphql',
      'docs/media.md: GET localhost:4000/media?type=image&q=autumn',
      'docs/rest.md: GET localhost:4000/product/101',
      'docs/rest.md: GET localhost:4000/video/slug/plant-care-101/placements?at_ms=4000',
      'docs/rest.md: HEAD localhost:4000/media/files/demo-clip.mp4',
      'docs/search.md: GET localhost:4000/search/products?q=jakcet&brand=Cairn%20%26%20Co&brand=North%20Trail&max_price=150&sort=relevance&limit=1',
    ]);
    expect(queries.map(({ document }) => document)).toStrictEqual([
      'README.md',
      'docs/analytics.md',
      'docs/graphql.md',
      'docs/search.md',
    ]);
  });

  it.each(curls)('$document: $method $url answers with something', async (request) => {
    const response = await send(request);
    expect(response.statusCode, response.body).toBe(200);
    if (request.method === 'HEAD') return;
    const body = response.json() as { data?: Record<string, unknown>; errors?: unknown };
    expect(body.errors).toBeUndefined();
    expect(lacking(body.data ?? body)).toStrictEqual([]);
  });

  it.each(queries)('$document: its query answers with something', async ({ source }) => {
    const response = await t.app.inject({ method: 'POST', url: '/graphql', payload: { query: source } });
    const body = response.json() as { data?: Record<string, unknown>; errors?: unknown };
    expect(body.errors).toBeUndefined();
    expect(response.statusCode).toBe(200);
    expect(lacking(body.data)).toStrictEqual([]);
  });

  it('finds nothing where there is nothing: the check of this file is not blind', () => {
    expect(lacking({ searchProducts: { edges: [], totalCount: 0, facets: { brands: [], price: null } } })).toEqual([
      '$',
    ]);
    expect(lacking({ image: { products: [{ skus: [] }], placements: [] } })).toEqual(['$.image.placements']);
    expect(lacking({ image: { products: [{ skus: [] }], placements: [{ id: '1:0' }] } })).toEqual([]);
  });
});

describe('the search examples of docs/search.md, on the demo catalog', () => {
  const page = documents.find(({ name }) => name === 'docs/search.md')!.text;

  it('REST: answers the products, total, cursor and facets the page shows', async () => {
    const [request] = curls.filter(({ document }) => document === 'docs/search.md');
    const shown = JSON.parse(fenced(page, 'json')[0]!) as { products: { id: number; title: string }[] };
    const answer = (await send(request!)).json() as { products: { id: number; title: string }[] };
    expect({ ...answer, products: answer.products.map(({ id, title }) => ({ id, title })) }).toStrictEqual({
      ...shown,
      products: shown.products.map(({ id, title }) => ({ id, title })),
    });
  });

  it('GraphQL: finds the knitwear the page names, cheapest first', async () => {
    const { source } = queries.find(({ document }) => document === 'docs/search.md')!;
    const response = await t.app.inject({ method: 'POST', url: '/graphql', payload: { query: source } });
    const found = (response.json() as { data: { searchProducts: { edges: { node: { title: string } }[] } } }).data
      .searchProducts.edges;
    expect(found.map(({ node }) => node.title)).toStrictEqual([
      'Ribbed Scarf',
      'Cashmere Beanie',
      'Merino Crew Sweater',
    ]);
  });
});

describe("the demo catalog's discount code", () => {
  const readme = documents.find(({ name }) => name === 'README.md')!.text;
  const page = documents.find(({ name }) => name === 'docs/discounts.md')!.text;
  const section = page.slice(page.indexOf("\n## The demo catalog's discount\n"));

  interface Line {
    quantity: number;
    variant: { price: { value: number } };
    discount: { value: number };
  }
  interface Entry {
    store: string;
    cart_lines: Line[];
    offer: {
      discount: { value: number };
      discounts: { code: string | null; kind: string; amount: { value: number } }[];
    };
  }

  /** 10 % of a line, to the cent, half to even (docs/discounts.md). */
  const tenPercent = (line: Line) => {
    const tenths = Math.round(line.variant.price.value * 100) * line.quantity;
    const floor = Math.floor(tenths / 10);
    const rest = tenths - floor * 10;
    return (rest > 5 || (rest === 5 && floor % 2 === 1) ? floor + 1 : floor) / 100;
  };

  it("is the README's, and docs/discounts.md's command gives it to a cart: 10 % off every store's lines", async () => {
    const code = /discount code `([^`]+)`/.exec(readme)?.[1];
    expect(code).toBe('WELCOME10');
    // Step 1 of docs/carts.md: lines from two stores.
    const made = await t.app.inject({
      method: 'POST',
      url: '/cart',
      payload: {
        items: {
          storefront_cart_items_input: [
            { variant_id: '10001', quantity: 2 },
            { product_id: '115', quantity: 1 },
            { variant_id: '10068', quantity: 1 },
          ],
        },
      },
    });
    const id = (made.json() as { id: string }).id;
    const [command] = curlLines(fenced(section, 'sh'));
    expect(command).toContain(code);
    const answer = await send(curlRequest(command!.replaceAll("'$CART'", id)));
    expect(answer.statusCode, answer.body).toBe(200);
    const cart = answer.json() as { discount_codes: unknown; stores: Entry[]; cost: { discount: { value: number } } };
    expect(cart.discount_codes).toStrictEqual([{ code, applicable: true }]);
    expect(cart.stores.length).toBe(2);
    let total = 0;
    for (const entry of cart.stores) {
      const lines = entry.cart_lines.map((line) => [line.discount.value, tenPercent(line)]);
      expect(lines, entry.store).toStrictEqual(lines.map(([, expected]) => [expected, expected]));
      const amount = Math.round(lines.reduce((sum, [, expected]) => sum + expected! * 100, 0)) / 100;
      expect(amount, entry.store).toBeGreaterThan(0);
      expect(entry.offer.discounts.map(({ code, kind, amount }) => [code, kind, amount.value])).toStrictEqual([
        [code, 'PERCENTAGE', amount],
      ]);
      total += amount * 100;
    }
    expect(cart.cost.discount.value).toBe(Math.round(total) / 100);
  });
});
