// The server's response serializers and request validators (src/http/serializers.ts,
// src/http/validators.ts) are compiled at a route's first use, not while the app starts, and answer
// as Fastify's own, compiled at start, do: answers byte for byte, valid and invalid requests with
// the same statuses and errors.
import { AjvCompiler } from '@fastify/ajv-compiler';
import { SerializerSelector } from '@fastify/fast-json-stringify-compiler';
import Fastify, { type FastifyError, type FastifyInstance, type InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serializersOnFirstUse } from '../../src/http/serializers.js';
import { validatorsOnFirstUse } from '../../src/http/validators.js';
import { counted } from '../compilers.js';
import { createTestApp, type TestApp } from '../helpers.js';

const paths = ['/product/1', '/product/999999', '/image/comparables/1', '/video/1', '/healthz', '/product/x'];

/** Answers of routes and statuses: what serializers write. */
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

const requests: InjectOptions[] = [
  { method: 'GET', url: '/product/1/media?first=abc' },
  { method: 'GET', url: '/product/1/media?first=2' },
  { method: 'GET', url: '/product/x' },
  { method: 'POST', url: '/cart', payload: { items: 5 } },
  { method: 'POST', url: '/cart', payload: { items: { storefront_cart_items_input: [{ variant_id: 7 }] } } },
  { method: 'POST', url: '/player/events', payload: { events: [{ type: 'wink', media_id: '1', session_id: 'x' }] } },
];

/** Answers to requests that validators let through or refuse. */
async function verdicts(app: FastifyInstance) {
  const answered: { status: number; body: unknown }[] = [];
  for (const request of requests) {
    const response = await app.inject(request);
    answered.push({ status: response.statusCode, body: response.json<unknown>() });
  }
  return answered;
}

describe('serializers and validators compiled on first use', () => {
  const serializers = { onFirstUse: counted(SerializerSelector()), atStart: counted(SerializerSelector()) };
  const validators = { onFirstUse: counted(AjvCompiler()), atStart: counted(AjvCompiler()) };
  let lazy: TestApp;
  let eager: TestApp;
  const compiledAtReady = { serializers: -1, validators: -1 };
  beforeAll(async () => {
    lazy = await createTestApp(
      undefined,
      {},
      {
        schemaController: {
          compilersFactory: {
            buildSerializer: serializersOnFirstUse(serializers.onFirstUse.factory),
            buildValidator: validatorsOnFirstUse(validators.onFirstUse.factory),
          },
        },
      },
    );
    compiledAtReady.serializers = serializers.onFirstUse.compiled();
    compiledAtReady.validators = validators.onFirstUse.compiled();
    eager = await createTestApp(
      undefined,
      {},
      {
        schemaController: {
          compilersFactory: {
            buildSerializer: serializers.atStart.factory,
            buildValidator: validators.atStart.factory,
          },
        },
      },
    );
  });
  afterAll(async () => {
    await lazy?.close();
    await eager?.close();
  });

  it('compiles nothing while the app starts, where Fastify compiles every route', () => {
    expect(compiledAtReady).toStrictEqual({ serializers: 0, validators: 0 });
    expect(serializers.atStart.compiled()).toBeGreaterThan(100);
    expect(validators.atStart.compiled()).toBeGreaterThan(50);
  });

  it('answers as the serializers compiled at start do, compiling only what answered', async () => {
    const { onFirstUse } = serializers;
    expect(await answers(lazy.app)).toStrictEqual(await answers(eager.app));
    expect(onFirstUse.compiled()).toBeGreaterThan(0);
    expect(onFirstUse.compiled()).toBeLessThan(paths.length + 2);
    // A second answer of the same route and status compiles nothing more.
    const before = onFirstUse.compiled();
    await answers(lazy.app);
    expect(onFirstUse.compiled()).toBe(before);
  });

  it('refuses and lets through as the validators compiled at start do, compiling only what was asked', async () => {
    const { onFirstUse } = validators;
    const before = onFirstUse.compiled();
    const lazyVerdicts = await verdicts(lazy.app);
    expect(lazyVerdicts).toStrictEqual(await verdicts(eager.app));
    // Refused by a validator, with its errors, and let through by one (to a product the catalog lacks).
    expect(lazyVerdicts.map((answer) => answer.status)).toStrictEqual([400, 404, 400, 400, 400, 400]);
    expect(JSON.stringify(lazyVerdicts[0]!.body)).toContain('first');
    expect(onFirstUse.compiled()).toBeGreaterThan(before);
    expect(onFirstUse.compiled()).toBeLessThanOrEqual(before + requests.length * 2);
    // The same requests again compile nothing more.
    const after = onFirstUse.compiled();
    await verdicts(lazy.app);
    expect(onFirstUse.compiled()).toBe(after);
  });

  it('is given request headers schemas with their keys in lower case, as Fastify would have made them', () => {
    // With a validator factory of its own Fastify leaves them as written.
    const headers = validators.atStart.routes.flatMap((route) => {
      const { httpPart, schema } = route as unknown as { httpPart: string; schema: { properties?: object } };
      return httpPart === 'headers' ? Object.keys(schema.properties ?? {}) : [];
    });
    expect(headers).toContain('idempotency-key');
    expect(headers.filter((name) => name !== name.toLowerCase())).toStrictEqual([]);
  });
});

describe('a request schema Ajv cannot compile', () => {
  it("fails its route's requests as a fault (500, Fastify's code for it), compiled once", async () => {
    const ajv = counted(AjvCompiler());
    const app = Fastify({
      schemaController: { compilersFactory: { buildValidator: validatorsOnFirstUse(ajv.factory) } },
    });
    const codes: unknown[] = [];
    app.setErrorHandler((error: FastifyError, _request, reply) => {
      codes.push(error.code);
      return reply.status(error.statusCode ?? 500).send({ message: error.message });
    });
    app.post('/broken', { schema: { body: { type: 'object', properties: { a: { type: 'nonsense' } } } } }, () => 'ok');
    await app.ready();
    expect(ajv.compiled()).toBe(0);
    for (let index = 0; index < 2; index += 1) {
      const response = await app.inject({ method: 'POST', url: '/broken', payload: { a: 1 } });
      expect(response.statusCode).toBe(500);
      expect(response.json<{ message: string }>().message).toContain(
        'the body schema of POST /broken does not compile',
      );
    }
    expect(codes).toStrictEqual(['FST_ERR_SCH_VALIDATION_BUILD', 'FST_ERR_SCH_VALIDATION_BUILD']);
    expect(ajv.compiled()).toBe(1);
    await app.close();
  });
});
