// GraphQL's side of Idempotency-Key: the key is bound to the whole request (document, variables
// and operation name, as the route hook hashed them), and each mutation field that writes keeps
// its own answer under its position among them. So one key covers a document with several
// mutations, and the same key with another document (one alias renamed) is 409.
import type { IdempotencyContext, IdempotentWrite } from './idempotency.js';

/** The next mutation field's share of the request's Idempotency-Key (null without one). */
export function fieldWrite(context: IdempotencyContext): IdempotentWrite | null {
  return context.idempotentWrite?.nextPart() ?? null;
}
