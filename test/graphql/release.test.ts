// Once a GraphQL answer is sent, its context lets go of what it read and answered (the loaders and
// the data of the result Apollo sent): Apollo keeps its own request context, which holds ours and
// the result, until a full collection (http/graphql.plugin.ts). Compiled or not, with nothing kept.
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createRequestContext, type RequestContext } from '../../src/context.js';
import type { CatalogRepository } from '../../src/catalog/catalog.repository.js';
import type { CatalogCache } from '../../src/catalog/catalog.cache.js';
import { createTestApp, type TestApp } from '../helpers.js';

const aContext = () =>
  createRequestContext(
    {} as CatalogRepository,
    {} as CatalogCache,
    { principal: { role: 'admin', id: 'open' }, idempotencyScope: 'test', idempotentWrite: () => null },
    1000,
  );
/** What every request context (and Apollo's copies of one) inherits its methods from: spied on. */
const contextMethods = Object.getPrototypeOf(aContext()) as RequestContext;

const query = `query P($id: ID!) { product(id: $id) { id title skus { skuId qtyAvailable } similarProducts { priceTier product { id } } } }`;

describe.each([
  ['compiled', {}],
  ['graphql-js', { GRAPHQL_COMPILED: 'false' }],
])('a sent GraphQL answer, %s', (_name, env) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(undefined, { CATALOG_CACHE_MAX_ENTRIES: '0', ...env });
  });
  afterAll(async () => {
    await t.close();
  });
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('is let go of once sent: the data of the result it sent, and the loaders', async () => {
    const sent: { data?: unknown }[] = [];
    const sending = contextMethods.sending;
    const recorded = vi.spyOn(contextMethods, 'sending').mockImplementation(function (this: RequestContext, result) {
      sent.push(result);
      sending.call(this, result);
    });
    const released = vi.spyOn(contextMethods, 'release');
    // A document runs compiled from its second run on.
    for (let round = 0; round < 3; round += 1) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/graphql',
        payload: { query, variables: { id: '11' } },
      });
      expect(response.statusCode).toBe(200);
      const body = response.json<{ data: { product: { id: string; skus: unknown[] } } }>();
      expect(body.data.product.id).toBe('11');
      expect(body.data.product.skus.length).toBeGreaterThan(0);
    }
    expect(recorded).toHaveBeenCalledTimes(3);
    expect(released).toHaveBeenCalledTimes(3);
    expect(sent.map((result) => result.data)).toStrictEqual([undefined, undefined, undefined]);
  });
});

describe('a request context let go of', () => {
  it("drops the sent result's data and its loaders, for each copy of it; a later read makes new ones", () => {
    const context = aContext();
    // As Apollo copies it.
    const copy = Object.assign(Object.create(Object.getPrototypeOf(context) as object), context) as RequestContext;
    const result = { data: { product: { id: '11' } } };
    copy.sending(result);
    const loaders = copy.loaders;
    expect(context.loaders).toBe(loaders);
    context.release();
    expect(result.data).toBeUndefined();
    expect(copy.loaders).not.toBe(loaders);
  });
});
