// The server's response serializers (src/http/serializers.ts) are compiled at a route's first
// answer with a status, not while the app starts, and answer byte for byte as Fastify's own,
// compiled at start, do.
import { SerializerSelector, type SerializerFactory } from '@fastify/fast-json-stringify-compiler';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serializersOnFirstUse } from '../../src/http/serializers.js';
import { createTestApp, type TestApp } from '../helpers.js';

/** fast-json-stringify's compiler, counting the schemas it compiled. */
function counted(): { factory: SerializerFactory; compiled: () => number } {
  let compiled = 0;
  const compile = SerializerSelector();
  return {
    factory: (shared, options) => {
      const compiler = compile(shared, options);
      return (route) => {
        compiled += 1;
        return compiler(route);
      };
    },
    compiled: () => compiled,
  };
}

const paths = ['/product/1', '/product/999999', '/image/comparables/1', '/video/1', '/healthz', '/product/x'];

async function answers(app: FastifyInstance) {
  const answered: { status: number; body: string }[] = [];
  for (const url of paths) {
    const response = await app.inject({ method: 'GET', url });
    answered.push({ status: response.statusCode, body: response.body });
  }
  const cart = await app.inject({
    method: 'POST',
    url: '/cart',
    payload: { items: { storefront_cart_items_input: [{ variant_id: '2021', quantity: 1 }] } },
  });
  // The cart's id and times differ from app to app: its shape and field order are what count.
  answered.push({ status: cart.statusCode, body: JSON.stringify(Object.keys(cart.json<object>())) });
  return answered;
}

describe('response serializers compiled on first use', () => {
  const onFirstUse = counted();
  const atStart = counted();
  let lazy: TestApp;
  let eager: TestApp;
  let compiledAtReady: number;
  beforeAll(async () => {
    lazy = await createTestApp(
      undefined,
      {},
      {
        schemaController: { compilersFactory: { buildSerializer: serializersOnFirstUse(onFirstUse.factory) } },
      },
    );
    compiledAtReady = onFirstUse.compiled();
    eager = await createTestApp(
      undefined,
      {},
      {
        schemaController: { compilersFactory: { buildSerializer: atStart.factory } },
      },
    );
  });
  afterAll(async () => {
    await lazy?.close();
    await eager?.close();
  });

  it('compiles nothing while the app starts, where Fastify compiles every route', () => {
    expect(compiledAtReady).toBe(0);
    expect(atStart.compiled()).toBeGreaterThan(100);
  });

  it('answers as the serializers compiled at start do, compiling only what answered', async () => {
    expect(await answers(lazy.app)).toStrictEqual(await answers(eager.app));
    expect(onFirstUse.compiled()).toBeGreaterThan(0);
    expect(onFirstUse.compiled()).toBeLessThan(paths.length + 2);
    // A second answer of the same route and status compiles nothing more.
    const before = onFirstUse.compiled();
    await answers(lazy.app);
    expect(onFirstUse.compiled()).toBe(before);
  });
});
