// GraphQL's side of Idempotency-Key: one request may hold several mutation fields, and each
// keeps its answer under its own response name, so one key never replays one field for another.
import type { GraphQLResolveInfo } from 'graphql';
import type { IdempotencyContext } from './idempotency.js';
import type { IdempotentWrite } from './idempotency.js';

/** A mutation field's share of the request's Idempotency-Key (null without one). */
export function fieldWrite(context: IdempotencyContext, info: GraphQLResolveInfo): IdempotentWrite | null {
  return context.idempotentWrite?.part(String(info.path.key)) ?? null;
}
