// The documents that took the gateway down, against the real server under `npm start`'s heap (224
// MiB) on the catalog that did it: 100 products of 1,000 SKUs, each similar to every other. The
// estimate refuses them before they run; with the estimate's limit lifted, the answer budget stops
// them while they run; REST's media and comparables answers are refused by their size. The process
// lives through all of it and keeps answering.
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bulkCatalog } from '../bulk-catalog.js';
import { json, processFixture, status, stopGateway, type Gateway, type ProcessFixture } from './gateway.js';

// A connection for each of the 16 pages below: on PostgreSQL a page waiting past the pool's 5 s for
// a connection is answered 503 (overload, rightly), which a loaded machine reached with the tests'
// pool of 8; the memory of 16 pages at once is what this file measures. Their catalog reads take
// the catalog reads' pool, the rest the main one.
const settings = {
  NODE_OPTIONS: '--max-old-space-size=224',
  DATABASE_POOL_SIZE: '16',
  DATABASE_READ_POOL_SIZE: '16',
};

/** The crash of the issue, and its fragment-spread variant. */
const crashes = [
  '{ products(first: 5, category: "Bulk") { nodes { id similarProducts { product { id skus { skuId } } } } } }',
  '{ products(first: 5) { nodes { ...S } } } fragment S on Product { id similarProducts { product { ...K } } } fragment K on Product { id skus { skuId } }',
  '{ products(first: 100) { nodes { skus { skuId } } } }',
];

/** Resident memory of a process, in MiB (Linux). */
function residentMiB(pid: number): number {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8')
    .split('\n')
    .find((entry) => entry.startsWith('VmRSS:'));
  return Math.round(Number(line?.match(/\d+/)?.[0] ?? 0) / 1024);
}

async function graphql(gateway: Gateway, query: string) {
  return json('POST', `${gateway.base}/graphql`, { query });
}

let fixture: ProcessFixture;
beforeAll(async () => {
  fixture = await processFixture(bulkCatalog({ products: 100, skusPerProduct: 1000, similarPerProduct: 99 }));
}, 300_000);
afterAll(() => fixture?.close());

describe('the bulk catalog under a 224 MiB heap', () => {
  it('refuses the documents that crashed it before they run, and keeps answering', async () => {
    const gateway = await fixture.start({ env: settings });
    for (const query of crashes) {
      const { status: code, body } = await graphql(gateway, query);
      expect(code, query).toBe(400);
      expect((body.errors as { extensions: { code: string } }[])[0]?.extensions.code, query).toBe('QUERY_TOO_COMPLEX');
    }
    // the heaviest page the default limit allows, 16 at once: 24 products of 1,000 SKUs each
    const allowed = '{ products(first: 24) { nodes { id skus { skuId } } } }';
    const answers = await Promise.all(Array.from({ length: 16 }, () => graphql(gateway, allowed)));
    // A refusal shows its code (and the gateway's warnings), so that a failure says why.
    const refused = answers.filter((answer) => answer.status !== 200);
    expect(
      refused.map(({ status: code, body }) => [code, JSON.stringify(body).slice(0, 200)]),
      gateway.output.join('').slice(-2_000),
    ).toStrictEqual([]);
    const { products } = answers[0]!.body.data as { products: { nodes: { skus: unknown[] }[] } };
    expect(products.nodes.map((node) => node.skus.length)).toStrictEqual(Array.from({ length: 24 }, () => 1000));
    console.info(
      `bulk catalog, default limits: resident ${residentMiB(gateway.process.pid!)} MiB after 16 pages of 24,000 SKUs at once`,
    );
    expect(await status(`${gateway.base}/healthz`)).toBe(200);
    const stopped = await stopGateway(gateway);
    expect(stopped.code, stopped.output).toBe(0);
  }, 120_000);

  it('stops them while they run when the estimate lets them through, and refuses REST answers past their size', async () => {
    const gateway = await fixture.start({ env: { ...settings, GRAPHQL_MAX_COMPLEXITY: '10000000' } });
    const answers = [];
    for (const query of [...crashes, ...crashes]) answers.push(await graphql(gateway, query));
    for (const { status: code, body } of answers) {
      expect(code).toBe(400);
      expect((body.errors as { extensions: { code: string } }[])[0]?.extensions.code).toBe('ANSWER_TOO_LARGE');
    }
    for (const path of ['/image/comparables/1', '/image/1', '/product/1/comparables']) {
      const { status: code, body } = await json('GET', `${gateway.base}${path}`);
      expect([path, code, body.code]).toStrictEqual([path, 400, 'ANSWER_TOO_LARGE']);
    }
    const product = await json('GET', `${gateway.base}/product/1`);
    expect(product.status).toBe(200);
    expect(product.body.skus).toHaveLength(1000);
    console.info(
      `bulk catalog, estimate lifted: resident ${residentMiB(gateway.process.pid!)} MiB after the refused documents`,
    );
    expect(await status(`${gateway.base}/healthz`)).toBe(200);
    const stopped = await stopGateway(gateway);
    expect(stopped.code, stopped.output).toBe(0);
  }, 120_000);
});
