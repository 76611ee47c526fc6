// GET /metrics: Prometheus text that parses, exact request and operation counts by route pattern,
// no URL or cart id in any label, process metrics, sources read at each scrape, admin keys only.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Fastify from 'fastify';
import { registerMetrics } from '../src/metrics/metrics.js';
import { registerNamedSchemas } from '../src/rest/schema.js';
import { createTestApp, testEngine, type TestApp } from './helpers.js';

interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

const sampleLine = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})? (NaN|Nan|[+-]Inf|-?[0-9.]+(?:e[+-]?[0-9]+)?)$/;
const labelPair = /([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\\n]|\\[\\"n])*)"(,|$)/gy;

/** The text exposition format, strictly: every line a comment of its kind, a sample, or blank. */
function parseMetrics(text: string): { samples: Sample[]; types: Map<string, string> } {
  const samples: Sample[] = [];
  const types = new Map<string, string>();
  for (const line of text.split('\n')) {
    if (line === '' || /^# HELP [a-zA-Z_:][a-zA-Z0-9_:]* .*$/.test(line)) continue;
    const type = /^# TYPE ([a-zA-Z_:][a-zA-Z0-9_:]*) (counter|gauge|histogram|summary|untyped)$/.exec(line);
    if (type) {
      types.set(type[1]!, type[2]!);
      continue;
    }
    const sample = sampleLine.exec(line);
    if (!sample) throw new Error(`not a metrics line: ${line}`);
    const labels: Record<string, string> = {};
    const text = sample[2] ?? '';
    labelPair.lastIndex = 0;
    let read = 0;
    for (let pair = labelPair.exec(text); pair; pair = labelPair.exec(text)) {
      labels[pair[1]!] = pair[2]!;
      read = labelPair.lastIndex;
    }
    if (read !== text.length) throw new Error(`bad labels: ${line}`);
    const family = sample[1]!.replace(/_(bucket|sum|count)$/, '');
    if (!types.has(sample[1]!) && types.get(family) !== 'histogram') throw new Error(`sample without # TYPE: ${line}`);
    samples.push({ name: sample[1]!, labels, value: Number(sample[3]) });
  }
  return { samples, types };
}

/** The value of the one sample with exactly these labels, or undefined. */
function valueOf(samples: Sample[], name: string, labels: Record<string, string> = {}): number | undefined {
  const wanted = JSON.stringify(Object.entries(labels).sort());
  return samples.find(
    (sample) => sample.name === name && JSON.stringify(Object.entries(sample.labels).sort()) === wanted,
  )?.value;
}

async function scrape(t: { app: TestApp['app'] }, headers: Record<string, string> = {}) {
  const response = await t.app.inject({ method: 'GET', url: '/metrics', headers });
  return { status: response.statusCode, contentType: response.headers['content-type'], text: response.body };
}

describe('GET /metrics', () => {
  let t: TestApp;
  let cartId: string;
  let text: string;
  let samples: Sample[];
  let types: Map<string, string>;

  beforeAll(async () => {
    t = await createTestApp();
    const get = (url: string) => t.app.inject({ method: 'GET', url });
    expect((await get('/product/11')).statusCode).toBe(200);
    expect((await get('/product/11')).statusCode).toBe(200);
    expect((await get('/product/999999')).statusCode).toBe(404);
    expect((await get('/no/such/path')).statusCode).toBe(404);
    const cart = await t.app.inject({
      method: 'POST',
      url: '/cart',
      payload: { items: { storefront_cart_items_input: [{ variant_id: '1101', quantity: 1 }] } },
    });
    expect(cart.statusCode).toBe(200);
    cartId = cart.json<{ id: string }>().id;
    expect((await get(`/cart/${cartId}`)).statusCode).toBe(200);

    const graphql = (query: string) => t.app.inject({ method: 'POST', url: '/graphql', payload: { query } });
    expect((await graphql('{ product(id: "11") { id } }')).json()).toStrictEqual({
      data: { product: { id: '11' } },
      extensions: { cost: { estimated: 2, limit: 50_000 } },
    });
    expect((await graphql('{ nope }')).statusCode).toBe(400);
    expect((await graphql('{ product(')).statusCode).toBe(400);
    expect((await t.app.inject({ method: 'POST', url: '/graphql', payload: { query: 42 } })).statusCode).toBe(400);
    // refused by the document limits, before Apollo sees it
    expect(
      (await graphql(`{ ${Array.from({ length: 31 }, (_, n) => `a${n}: product(id: "11") { id }`).join(' ')} }`))
        .statusCode,
    ).toBe(400);
    const failed = await graphql('mutation { updateOrderStatus(orderId: "no-such-order", status: PLACED) { status } }');
    expect(failed.json().errors[0].extensions.code).toBe('ORDER_NOT_FOUND');
    const viaGet = await get(
      `/graphql?query=${encodeURIComponent('mutation { removeCartItems(cartId: "x", variantIds: ["1"]) { id } }')}`,
    );
    expect(viaGet.statusCode).toBe(405);

    const scraped = await scrape(t);
    expect(scraped.status).toBe(200);
    expect(scraped.contentType).toBe('text/plain; version=0.0.4; charset=utf-8');
    text = scraped.text;
    ({ samples, types } = parseMetrics(text));
  });
  afterAll(() => t.close());

  it('counts HTTP requests and their durations by method, route pattern and status', () => {
    expect(types.get('http_requests_total')).toBe('counter');
    expect(types.get('http_request_duration_seconds')).toBe('histogram');
    const requests = samples
      .filter((sample) => sample.name === 'http_requests_total')
      .map(({ labels, value }) => ({ ...labels, value }));
    expect(requests).toHaveLength(8);
    expect(requests).toEqual(
      expect.arrayContaining([
        { method: 'GET', route: '/product/:id', status_code: '200', value: 2 },
        { method: 'GET', route: '/product/:id', status_code: '404', value: 1 },
        { method: 'GET', route: '(no route)', status_code: '404', value: 1 },
        { method: 'POST', route: '/cart', status_code: '200', value: 1 },
        { method: 'GET', route: '/cart/:id', status_code: '200', value: 1 },
        { method: 'POST', route: '/graphql', status_code: '200', value: 2 },
        { method: 'POST', route: '/graphql', status_code: '400', value: 4 },
        { method: 'GET', route: '/graphql', status_code: '405', value: 1 },
      ]),
    );
    const found = { method: 'GET', route: '/product/:id', status_code: '200' };
    expect(valueOf(samples, 'http_request_duration_seconds_count', found)).toBe(2);
    expect(valueOf(samples, 'http_request_duration_seconds_bucket', { ...found, le: '+Inf' })).toBe(2);
    expect(valueOf(samples, 'http_request_duration_seconds_sum', found)).toBeGreaterThan(0);
  });

  it('counts GraphQL operations by type and outcome, without operation names', () => {
    const operations = Object.fromEntries(
      samples
        .filter((sample) => sample.name === 'graphql_operations_total')
        .map(({ labels, value }) => [`${labels.type} ${labels.outcome}`, value]),
    );
    expect(operations).toStrictEqual({
      'query success': 1,
      'query error': 0,
      'query refused': 0,
      'mutation success': 0,
      'mutation error': 1,
      'mutation refused': 1,
      // `{ nope }` is not valid, `{ product(` does not parse, a query of 42 is no GraphQL request,
      // 31 aliases are over the limit.
      'unknown refused': 4,
    });
  });

  it('puts no URL, cart id or operation name in any label', () => {
    expect(text).not.toContain(cartId);
    expect(text).not.toContain('/product/11');
    expect(text).not.toContain('/no/such/path');
    expect(text).not.toContain('no-such-order');
    expect(text).not.toContain('updateOrderStatus');
  });

  it('has the process: event-loop lag, memory and the heap limit', () => {
    expect(valueOf(samples, 'nodejs_eventloop_lag_seconds')).toBeGreaterThanOrEqual(0);
    expect(valueOf(samples, 'nodejs_eventloop_lag_p99_seconds')).toBeGreaterThanOrEqual(0);
    expect(valueOf(samples, 'process_resident_memory_bytes')).toBeGreaterThan(0);
    expect(valueOf(samples, 'nodejs_heap_size_used_bytes')).toBeGreaterThan(0);
    expect(valueOf(samples, 'nodejs_heap_size_limit_bytes')).toBeGreaterThan(
      valueOf(samples, 'nodejs_heap_size_used_bytes')!,
    );
  });

  it("reads the catalog cache, the database pool and the catalog reads' pool", () => {
    expect(types.get('catalog_cache_hits_total')).toBe('counter');
    expect(valueOf(samples, 'catalog_cache_hits_total')).toBeGreaterThan(0);
    expect(valueOf(samples, 'catalog_cache_misses_total')).toBeGreaterThan(0);
    expect(valueOf(samples, 'catalog_cache_entries')).toBeGreaterThan(0);
    expect(valueOf(samples, 'catalog_cache_bytes')).toBeGreaterThan(0);
    expect(types.get('db_pool_connections')).toBe('gauge');
    expect(types.get('db_read_pool_connections')).toBe('gauge');
    if (testEngine === 'postgresql') {
      expect(valueOf(samples, 'db_pool_connections')).toBeGreaterThanOrEqual(1);
      expect(valueOf(samples, 'db_pool_waiting_requests')).toBe(0);
      // The catalog was read (cache misses above): through the reads' own pool.
      expect(valueOf(samples, 'db_read_pool_connections')).toBeGreaterThanOrEqual(1);
      expect(valueOf(samples, 'db_read_pool_waiting_requests')).toBe(0);
    } else {
      // SQLite has no pool: the metrics are declared and have no sample.
      expect(samples.filter((sample) => /^db_(read_)?pool_/.test(sample.name))).toStrictEqual([]);
    }
  });

  it('counts its own scrapes like any route', async () => {
    const again = parseMetrics((await scrape(t)).text).samples;
    expect(valueOf(again, 'http_requests_total', { method: 'GET', route: '/metrics', status_code: '200' })).toBe(1);
  });
});

describe('metrics sources', () => {
  it('reads them at each scrape: gauges as they are, counters as the cumulative counts they report', async () => {
    let pool: { total: number; idle: number; waiting: number } | null = { total: 4, idle: 1, waiting: 2 };
    let readPool: { total: number; idle: number; waiting: number } | null = { total: 3, idle: 0, waiting: 5 };
    let cache = { hits: 5, misses: 2, bytes: 1024, entries: 7 };
    const app = Fastify();
    registerNamedSchemas(app);
    registerMetrics(app, { pool: () => pool, readPool: () => readPool, cache: () => cache });
    await app.ready();
    const read = async () => parseMetrics((await app.inject({ method: 'GET', url: '/metrics' })).body).samples;

    let samples = await read();
    expect([
      valueOf(samples, 'db_pool_connections'),
      valueOf(samples, 'db_pool_connections_idle'),
      valueOf(samples, 'db_pool_waiting_requests'),
    ]).toStrictEqual([4, 1, 2]);
    expect([
      valueOf(samples, 'db_read_pool_connections'),
      valueOf(samples, 'db_read_pool_connections_idle'),
      valueOf(samples, 'db_read_pool_waiting_requests'),
    ]).toStrictEqual([3, 0, 5]);
    expect([
      valueOf(samples, 'catalog_cache_hits_total'),
      valueOf(samples, 'catalog_cache_misses_total'),
      valueOf(samples, 'catalog_cache_bytes'),
      valueOf(samples, 'catalog_cache_entries'),
    ]).toStrictEqual([5, 2, 1024, 7]);

    samples = await read();
    expect(valueOf(samples, 'catalog_cache_hits_total')).toBe(5);

    pool = null;
    readPool = null;
    cache = { hits: 9, misses: 2, bytes: 0, entries: 0 };
    samples = await read();
    expect(samples.filter((sample) => /^db_(read_)?pool_/.test(sample.name))).toStrictEqual([]);
    expect(valueOf(samples, 'catalog_cache_hits_total')).toBe(9);
    await app.close();
  });

  it('keeps counts per app: a second app starts from zero', async () => {
    const apps = [Fastify(), Fastify()];
    for (const app of apps) {
      registerNamedSchemas(app);
      registerMetrics(app);
    }
    await Promise.all(apps.map((app) => app.ready()));
    await apps[0]!.inject({ method: 'GET', url: '/metrics' });
    const second = parseMetrics((await apps[1]!.inject({ method: 'GET', url: '/metrics' })).body).samples;
    expect(second.filter((sample) => sample.name === 'http_requests_total')).toStrictEqual([]);
    await Promise.all(apps.map((app) => app.close()));
  });
});

describe('GET /metrics with API keys', () => {
  const clientKey = 'client-key-0123456789abcdef';
  const adminKey = 'admin-key-0123456789abcdef0';
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(null, { API_KEYS: `${clientKey}:client,${adminKey}:admin` });
  });
  afterAll(() => t.close());

  it('answers 401 without a key, 403 to a client key, 200 to an admin key', async () => {
    const anonymous = await scrape(t);
    expect(anonymous.status).toBe(401);
    expect(anonymous.text).not.toContain('http_requests_total');
    const client = await scrape(t, { authorization: `Bearer ${clientKey}` });
    expect(client.status).toBe(403);
    expect(JSON.parse(client.text)).toMatchObject({ statusCode: 403, code: 'FORBIDDEN' });
    const admin = await scrape(t, { 'x-api-key': adminKey });
    expect(admin.status).toBe(200);
    const { samples } = parseMetrics(admin.text);
    expect(valueOf(samples, 'http_requests_total', { method: 'GET', route: '/metrics', status_code: '401' })).toBe(1);
    expect(valueOf(samples, 'http_requests_total', { method: 'GET', route: '/metrics', status_code: '403' })).toBe(1);
  });
});
