// Whole GraphQL answers of catalog-only queries, kept as sent with the products they were made of,
// until an import or a stock change of one of those products (in the catalog cache's answer store,
// so CATALOG_CACHE_MAX_ENTRIES=0 turns this off too).
// A query is catalog-only when every root field reads the catalog (image, video, product,
// products): those answers are the same for every caller. Carts, orders, webhooks and anything
// else per caller are never kept. The key is the document text, operation name, variables and
// Accept header (which picks the content type); a repeated request is answered with the kept bytes
// before Apollo parses anything (the document limits have checked it already), so it costs a hash
// and a lookup. Answers with errors are not kept.
import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Kind, parse, type OperationDefinitionNode } from 'graphql';
import type { CatalogService } from './catalog.service.js';

/** Query root fields that read the catalog only. */
export const catalogQueryFields: ReadonlySet<string> = new Set(['image', 'video', 'product', 'products']);

/** Whether an operation is a query whose root fields all read the catalog. */
export function isCatalogOnly(operation: OperationDefinitionNode): boolean {
  return (
    operation.operation === 'query' &&
    operation.selectionSet.selections.every(
      (selection) => selection.kind === Kind.FIELD && catalogQueryFields.has(selection.name.value),
    )
  );
}

/** Whether the operation a request runs (by name, or the only one) reads the catalog only. */
export function catalogOnlyOperation(query: string, operationName: unknown): boolean {
  const operations = parse(query, { noLocation: true }).definitions.filter(
    (definition) => definition.kind === Kind.OPERATION_DEFINITION,
  );
  const operation =
    typeof operationName === 'string'
      ? operations.find((candidate) => candidate.name?.value === operationName)
      : operations.length === 1
        ? operations[0]
        : undefined;
  return operation !== undefined && isCatalogOnly(operation);
}

export interface GraphQLAnswerCache {
  preHandler(request: FastifyRequest, reply: FastifyReply): Promise<unknown>;
  onSend(request: FastifyRequest, reply: FastifyReply, payload: unknown): Promise<unknown>;
}

export function graphqlAnswerCache(catalog: CatalogService): GraphQLAnswerCache {
  const toKeep = new WeakMap<FastifyRequest, { since: number; key: string; query: string; operationName: unknown }>();
  return {
    async preHandler(request, reply) {
      if (!catalog.keepsAnswers) return;
      const source: unknown = request.method === 'GET' ? request.query : request.body;
      if (!source || typeof source !== 'object' || Array.isArray(source)) return;
      const { query, operationName, variables } = source as Record<string, unknown>;
      if (typeof query !== 'string') return;
      // The database away: Apollo answers (its context makes the 503 in GraphQL's shape).
      if (
        !catalog.isFresh() &&
        !(await catalog.ready().then(
          () => true,
          () => false,
        ))
      )
        return;
      const key = `graphql|${createHash('sha256')
        .update(JSON.stringify([request.headers.accept ?? '', query, operationName ?? null, variables ?? null]))
        .digest('base64url')}`;
      const kept = catalog.answer(key);
      if (kept) return reply.type(kept.type).send(kept.body);
      toKeep.set(request, { since: catalog.stamp(), key, query, operationName });
    },
    async onSend(request, reply, payload) {
      const keep = toKeep.get(request);
      // An "errors" key outside a string can only be the answer's own (or an alias): not kept.
      // The document is parsed again only here, once per answer kept (it passed the limits).
      if (
        keep &&
        reply.statusCode === 200 &&
        typeof payload === 'string' &&
        !payload.includes('"errors":') &&
        catalogOnlyOperation(keep.query, keep.operationName)
      ) {
        catalog.keepAnswer(
          keep.key,
          { body: Buffer.from(payload), type: String(reply.getHeader('content-type')) },
          request.context.productsRead,
          keep.since,
        );
      }
      return payload;
    },
  };
}
