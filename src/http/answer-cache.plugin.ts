// The answer cache at the HTTP edge, one for REST and GraphQL (answer-cache.ts holds the answers).
// A REST route opts in with `config: { keptAnswers: true }`; GraphQL's plugin places the hooks
// this one makes for it (graphqlAnswerHooks). Before the handler, the catalog is brought up to its
// versions (catalog-changes.ts), then an answer kept for the same request is sent as it is: no
// handler, no serialization, no Apollo.
// - REST: keyed by the route, its path parameters and the query parameters its schema declares
//   (others cannot make keys); each 200 answer is tagged with an ETag (a digest of its bytes),
//   answered with a bodiless 304 when If-None-Match names it, and kept with the products it was
//   made of. Callback-style hooks: no promise per request once the catalog is fresh.
// - GraphQL: catalog-only queries (every root field reads the catalog: the same answer for every
//   caller), keyed by the document, operation name, variables and Accept header; answers with
//   errors are not kept. Carts, orders and anything else per caller are never kept.
import { hash } from 'node:crypto';
import type { FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import type { CatalogChanges } from '../catalog/catalog-changes.js';
import { appPlugin } from '../plugin.js';
import { etagOf, type AnswerCache, type KeptAnswer } from './answer-cache.js';
import { quantitiesIn, StockMarks } from '../catalog/stock-marks.js';

type Done = (error?: Error) => void;
type SendDone = (error: Error | null, payload?: unknown) => void;

export interface AnswerCacheOptions {
  answers: AnswerCache;
  changes: CatalogChanges;
  /** Whether the operation a GraphQL request runs (by name, or the only one) reads the catalog only. */
  catalogOnly: (query: string, operationName: unknown) => boolean;
}

/** Requests whose answer is to be kept: its key, when its reads began, and (GraphQL) its document. */
interface ToKeep {
  key: string;
  since: number;
  query?: string;
  operationName?: unknown;
  /** Where the answer shows quantities (GraphQL). */
  marks?: StockMarks;
}

const tag = (reply: FastifyReply, etag: string) =>
  reply.header('etag', etag).header('cache-control', 'public, max-age=60');

/** `done` once the catalog is up to its versions (at once when it is fresh), or with the failure. */
function whenFresh(changes: CatalogChanges, next: () => void, done: Done): void {
  if (changes.isFresh()) {
    next();
    return;
  }
  changes.untilFresh().then(next, (error: unknown) => done(error instanceof Error ? error : new Error(String(error))));
}

function restHooks(route: RouteOptions, { answers, changes }: AnswerCacheOptions, toKeep: WeakMap<object, ToKeep>) {
  const schema = route.schema?.querystring as { properties?: Record<string, unknown> } | undefined;
  const queryKeys = Object.keys(schema?.properties ?? {});
  const keyOf = (request: FastifyRequest) => {
    const query = (request.query ?? {}) as Record<string, string | undefined>;
    const params = Object.values((request.params ?? {}) as Record<string, string>);
    return `${route.url}|${params.join('|')}|${queryKeys.map((key) => query[key] ?? '').join('|')}`;
  };
  /** Sends a kept answer, or a 304 when If-None-Match names its ETag. */
  const send = (request: FastifyRequest, reply: FastifyReply, kept: KeptAnswer, etag: string) => {
    tag(reply, etag);
    if (request.headers['if-none-match'] === etag) void reply.code(304).send();
    else void reply.type(kept.type).send(kept.body);
  };
  const preHandler = (request: FastifyRequest, reply: FastifyReply, done: Done) =>
    whenFresh(
      changes,
      () => {
        const key = keyOf(request);
        const miss = () => {
          toKeep.set(request, { key, since: answers.stamp() });
          done();
        };
        const found = answers.get(key);
        if (found instanceof Promise) {
          // Its quantities are read again first (a stock change since it was kept).
          found.then((kept) => (kept?.etag === undefined ? miss() : send(request, reply, kept, kept.etag))).catch(done);
        } else if (found?.etag === undefined) miss();
        else send(request, reply, found, found.etag);
      },
      done,
    );
  const onSend = (request: FastifyRequest, reply: FastifyReply, payload: unknown, done: SendDone) => {
    const keep = toKeep.get(request);
    if (reply.statusCode !== 200 || !keep || typeof payload !== 'string') {
      done(null, payload);
      return;
    }
    const etag = etagOf(payload);
    tag(reply, etag);
    const answer = { body: Buffer.from(payload), type: String(reply.getHeader('content-type')), etag };
    // Where it shows quantities: looked for only when it may be kept.
    const stock = answers.enabled ? (quantitiesIn(payload) ?? undefined) : undefined;
    answers.keep(keep.key, answer, request.context.productsRead, keep.since, stock);
    if (request.headers['if-none-match'] !== etag) {
      done(null, payload);
      return;
    }
    void reply.code(304).removeHeader('content-type').removeHeader('content-length');
    done(null, '');
  };
  return { preHandler, onSend };
}

function graphqlHooks(
  { answers, changes, catalogOnly }: AnswerCacheOptions,
  toKeep: WeakMap<object, ToKeep>,
): AnswerCacheHooks {
  const preHandler = async (request: FastifyRequest, reply: FastifyReply) => {
    if (!answers.enabled) return;
    const source: unknown = request.method === 'GET' ? request.query : request.body;
    if (!source || typeof source !== 'object' || Array.isArray(source)) return;
    const { query, operationName, variables } = source as Record<string, unknown>;
    if (typeof query !== 'string') return;
    // The database away: Apollo answers (its context makes the 503 in GraphQL's shape).
    const fresh =
      changes.isFresh() ||
      (await changes.untilFresh().then(
        () => true,
        () => false,
      ));
    if (!fresh) return;
    const text = JSON.stringify([request.headers.accept ?? '', query, operationName ?? null, variables ?? null]);
    const key = `graphql|${hash('sha256', text, 'base64url')}`;
    const found = answers.get(key);
    const kept = found instanceof Promise ? await found : found;
    if (kept) return reply.type(kept.type).send(kept.body);
    // Where the answer shows quantities, if it is a catalog-only one (graphql.plugin.ts).
    const marks = new StockMarks();
    request.context.stockMarks = marks;
    toKeep.set(request, { since: answers.stamp(), key, query, operationName, marks });
  };
  const onSend = async (request: FastifyRequest, reply: FastifyReply, payload: unknown) => {
    const keep = toKeep.get(request);
    if (!keep) return payload;
    // The marks are in the text until here: the quantities go in, whatever becomes of the answer.
    const filled = keep.marks && fillMarks(keep.marks, payload);
    if (filled) payload = filled.text;
    // An "errors" key outside a string can only be the answer's own (or an alias): not kept.
    // The document is parsed again only here, once per answer kept (it passed the limits).
    if (
      keep.query !== undefined &&
      filled?.holes !== null &&
      reply.statusCode === 200 &&
      typeof payload === 'string' &&
      !payload.includes('"errors":') &&
      catalogOnly(keep.query, keep.operationName)
    ) {
      const answer = { body: Buffer.from(payload), type: String(reply.getHeader('content-type')) };
      answers.keep(keep.key, answer, request.context.productsRead, keep.since, filled?.holes);
    }
    return payload;
  };
  return { preHandler, onSend };
}

/** The answer's text with its marks replaced by the quantities (null: it was not marked). */
function fillMarks(marks: StockMarks, payload: unknown) {
  if (typeof payload === 'string') return marks.fill(payload);
  if (marks.inText) throw new Error('an answer with stock marks is not text');
  return null;
}

const listOf = <T>(hooks: T | T[] | undefined): T[] => (hooks === undefined ? [] : ([hooks].flat() as T[]));

export interface AnswerCacheHooks {
  preHandler(request: FastifyRequest, reply: FastifyReply): Promise<unknown>;
  onSend(request: FastifyRequest, reply: FastifyReply, payload: unknown): Promise<unknown>;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** GraphQL's hooks of the answer cache: its plugin places them among its own (after Idempotency-Key's). */
    graphqlAnswerHooks: AnswerCacheHooks;
  }
}

export const answerCachePlugin = appPlugin('answer-cache', async (app, options: AnswerCacheOptions) => {
  const toKeep = new WeakMap<object, ToKeep>();
  app.decorate('graphqlAnswerHooks', graphqlHooks(options, toKeep));
  app.addHook('onRoute', (route) => {
    if (route.config?.keptAnswers !== true) return;
    const hooks = restHooks(route, options, toKeep);
    route.preHandler = [...listOf(route.preHandler), hooks.preHandler] as RouteOptions['preHandler'];
    route.onSend = [...listOf(route.onSend), hooks.onSend] as RouteOptions['onSend'];
  });
});
