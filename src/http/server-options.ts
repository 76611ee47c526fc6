// Fastify's own options for the app: logs by route pattern with secrets and buyer data redacted,
// the body limit, deadlines for slow clients, which proxies may name the client, request ids, and
// the validator's settings and schema compilers. What cannot be a plugin because Fastify takes it when it is created.
import { randomUUID } from 'node:crypto';
import type { Server } from 'node:http';
import type { FastifyHttpOptions, FastifyReply, FastifyRequest, FastifyServerOptions } from 'fastify';
import type { Config } from '../config.js';
import { AppError, errorBody } from '../errors.js';
import { serializersOnFirstUse } from './serializers.js';
import { validatorsOnFirstUse } from './validators.js';

/** Where log lines go instead of stdout. */
export interface LogStream {
  write(line: string): unknown;
}

const requestIdShape = /^[A-Za-z0-9._-]{1,64}$/;

/**
 * What a request log line says of the request: its route pattern, not its URL, so that cart ids
 * (the only key to a cart) and query strings stay out of logs. Bodies and headers are never logged.
 */
function requestLogView(request: FastifyRequest) {
  // A path that matches no route may still hold a cart id (/cart/<id>/typo): it is not logged.
  return { method: request.method, route: request.routeOptions.url ?? '(no route)', remoteAddress: request.ip };
}

/** TRUST_PROXY as a hop count: the nearest `hops` proxies may name the client. */
function hopsTrusted(hops: number) {
  return (_address: string, hop: number) => hop < hops;
}

export function serverOptions(
  config: Config,
  logStream?: LogStream,
  schemaController?: FastifyServerOptions['schemaController'],
): FastifyHttpOptions<Server> {
  return {
    logger: {
      level: config.logLevel,
      ...(logStream ? { stream: logStream } : {}),
      serializers: { req: requestLogView },
      // Belt and braces: nothing logs these today, and nothing will by accident.
      redact: {
        paths: [
          'req.headers.authorization',
          'req.headers["x-api-key"]',
          'headers.authorization',
          'headers["x-api-key"]',
          '*.buyer_identity',
          '*.buyerIdentity',
          '*.email',
          '*.phone',
          '*.address_1',
          '*.address1',
        ],
        censor: '[redacted]',
      },
    },
    bodyLimit: config.bodyLimit,
    // Long path parameters reach the handlers, which refuse them with a 400 (a slug over 255
    // characters) instead of a 404 for a route that does exist; node's header limit bounds them.
    routerOptions: { maxParamLength: 16_384 },
    // A path Fastify cannot decode (bad percent-encoding) gets the documented error shape too.
    frameworkErrors: (_error, _request, reply) => {
      const error = new AppError('VALIDATION_FAILED', 'The URL is not valid (bad percent-encoding)');
      void (reply as unknown as FastifyReply).status(error.statusCode).send(errorBody(error));
    },
    // Requests read while the server closes go through the hooks: the readiness gate answers them
    // 503 SERVICE_UNAVAILABLE in the documented shape (Fastify's own 503 has no code); their
    // answers say Connection: close (Fastify, and drain.ts from the stop signal on).
    return503OnClosing: false,
    // Behind a load balancer the client is the address the trusted proxy names, not the proxy:
    // rate limits, idempotency scopes and logs all use request.ip.
    trustProxy: typeof config.trustProxy === 'number' ? hopsTrusted(config.trustProxy) : config.trustProxy,
    // A client has requestTimeoutMs to send a whole request and a socket may idle as long; node
    // checks often enough that a trickled body is cut within a second of its deadline.
    requestTimeout: config.requestTimeoutMs,
    connectionTimeout: config.requestTimeoutMs,
    keepAliveTimeout: config.keepAliveTimeoutMs,
    http: {
      headersTimeout: Math.min(config.requestTimeoutMs, 10_000),
      connectionsCheckingInterval: Math.min(config.requestTimeoutMs, 1000),
    },
    // A caller's x-request-id is kept when it is a plain token, else a UUID; answered back.
    genReqId: (request) => {
      const given = request.headers['x-request-id'];
      return typeof given === 'string' && requestIdShape.test(given) ? given : randomUUID();
    },
    ajv: { customOptions: { coerceTypes: false, removeAdditional: false, allErrors: true, allowUnionTypes: true } },
    schemaController: schemaController ?? {
      compilersFactory: { buildSerializer: serializersOnFirstUse(), buildValidator: validatorsOnFirstUse() },
    },
  };
}
