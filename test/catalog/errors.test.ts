// Every catalog error path: documented status, code and Fastify's error shape; no stack traces.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InjectOptions } from 'fastify';
import { buildApp } from '../../src/app.js';
import { createTestApp, testConfig, type TestApp } from '../helpers.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const reasons: Record<number, string> = {
  400: 'Bad Request',
  404: 'Not Found',
  413: 'Payload Too Large',
  500: 'Internal Server Error',
};

async function expectError(request: InjectOptions, status: number, code: string) {
  const response = await t.app.inject(request);
  expect(response.statusCode).toBe(status);
  expect(response.headers['content-type']).toMatch(/^application\/json/);
  const body = response.json() as Record<string, unknown>;
  expect(body).toMatchObject({ statusCode: status, code, error: reasons[status] });
  expect(typeof body.message).toBe('string');
  expect(JSON.stringify(body)).not.toMatch(/\bat .*\.(ts|js):\d+/);
  return body;
}

describe('INVALID_ID (400) for a path id that is not a positive integer', () => {
  const routes = [
    '/image/%s',
    '/image/comparables/%s',
    '/video/%s',
    '/video/comparables/%s',
    '/product/%s',
    '/product/%s/comparables',
  ];
  const badIds = ['abc', '0', '-1', '1.5', '01', '1e3', '%20', '12abc', '0x10'];
  for (const route of routes) {
    it(`${route.replace('%s', '{id}')} refuses ${badIds.join(', ')}`, async () => {
      for (const id of badIds) await expectError({ method: 'GET', url: route.replace('%s', id) }, 400, 'INVALID_ID');
    });
  }
});

describe('MEDIA_NOT_FOUND (404)', () => {
  it('for an unknown id, on every media route', async () => {
    for (const url of ['/image/99', '/image/comparables/99', '/video/99', '/video/comparables/99']) {
      await expectError({ method: 'GET', url }, 404, 'MEDIA_NOT_FOUND');
    }
  });

  it('for an id beyond any stored id', async () => {
    await expectError({ method: 'GET', url: '/image/99999999999999999999' }, 404, 'MEDIA_NOT_FOUND');
  });

  it('for an unknown slug', async () => {
    for (const url of ['/image/slug/nope', '/image/comparables/slug/nope', '/video/comparables/slug/nope']) {
      await expectError({ method: 'GET', url }, 404, 'MEDIA_NOT_FOUND');
    }
  });

  it('for a video on an image route and an image on a video route', async () => {
    await expectError({ method: 'GET', url: '/image/2' }, 404, 'MEDIA_NOT_FOUND');
    await expectError({ method: 'GET', url: '/image/slug/clip-two' }, 404, 'MEDIA_NOT_FOUND');
    await expectError({ method: 'GET', url: '/video/1' }, 404, 'MEDIA_NOT_FOUND');
    await expectError({ method: 'GET', url: '/video/comparables/slug/look-one' }, 404, 'MEDIA_NOT_FOUND');
  });

  it('matches slugs exactly, case included', async () => {
    await expectError({ method: 'GET', url: '/image/slug/LOOK-ONE' }, 404, 'MEDIA_NOT_FOUND');
  });
});

describe('PRODUCT_NOT_FOUND (404)', () => {
  it('for an unknown product', async () => {
    const body = await expectError({ method: 'GET', url: '/product/999' }, 404, 'PRODUCT_NOT_FOUND');
    expect(body.message).toBe('No product with id 999');
    await expectError({ method: 'GET', url: '/product/999/comparables' }, 404, 'PRODUCT_NOT_FOUND');
  });
});

describe('ROUTE_NOT_FOUND (404)', () => {
  it('for unknown paths and methods', async () => {
    await expectError({ method: 'GET', url: '/nope' }, 404, 'ROUTE_NOT_FOUND');
    await expectError({ method: 'GET', url: '/image' }, 404, 'ROUTE_NOT_FOUND');
    await expectError({ method: 'DELETE', url: '/product/11' }, 404, 'ROUTE_NOT_FOUND');
  });
});

describe('request bodies', () => {
  it('INVALID_JSON (400) for a malformed JSON body', async () => {
    await expectError(
      { method: 'POST', url: '/graphql', headers: { 'content-type': 'application/json' }, payload: '{"query": ' },
      400,
      'INVALID_JSON',
    );
  });

  it('PAYLOAD_TOO_LARGE (413) for a body over 1 MiB', async () => {
    const payload = JSON.stringify({ query: `{ product(id: "11") { id } }`, padding: 'x'.repeat(1024 * 1024) });
    await expectError(
      { method: 'POST', url: '/graphql', headers: { 'content-type': 'application/json' }, payload },
      413,
      'PAYLOAD_TOO_LARGE',
    );
  });
});

describe('GET /healthz', () => {
  it('answers 200 {"status":"ok"} while the database answers', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/healthz' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toStrictEqual({ status: 'ok' });
  });

  it('answers 503 when the database does not', async () => {
    const failing = new Proxy(t.database.db, {
      get: (target, property, receiver) =>
        property === '$queryRawUnsafe'
          ? () => Promise.reject(new Error('connection refused'))
          : Reflect.get(target, property, receiver),
    });
    const app = await buildApp(testConfig(), { ...t.database, db: failing });
    try {
      const response = await app.inject({ method: 'GET', url: '/healthz' });
      expect(response.statusCode).toBe(503);
      expect(response.json()).toMatchObject({ status: 'unavailable' });
    } finally {
      await app.close();
    }
  });
});

describe('unexpected errors', () => {
  it('are masked as 500 INTERNAL_SERVER_ERROR without details or stack', async () => {
    const app = await buildApp(testConfig(), t.database);
    app.get('/boom', async () => {
      throw new Error('secret internals at /srv/app.js:12');
    });
    try {
      const response = await app.inject({ method: 'GET', url: '/boom' });
      expect(response.statusCode).toBe(500);
      expect(response.json()).toStrictEqual({
        statusCode: 500,
        code: 'INTERNAL_SERVER_ERROR',
        error: 'Internal Server Error',
        message: 'Internal Server Error',
      });
    } finally {
      await app.close();
    }
  });
});
