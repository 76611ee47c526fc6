// Response serializers compiled at a route's first answer with a status, not while the server
// starts. Fastify compiles the response schema of every route with fast-json-stringify as it
// starts, the HEAD twin of each GET again: about 0.7 s of CPU of a 4 s start, for routes most of
// which answer nothing for a while (operators' routes, error statuses). Compiled on first use, each
// costs its first answer a few milliseconds, once.
// Each route compiles with its own copy of the shared schemas: Fastify's compiler takes the schema
// it compiles out of the shared ones for every later compile when it is one of them, which makes
// what a route gets depend on the order routes compile in; here it does not.
import { SerializerSelector, type Serializer, type SerializerFactory } from '@fastify/fast-json-stringify-compiler';

/** Serializers compiled on first use by `compile` (fast-json-stringify's, as Fastify's own). */
export function serializersOnFirstUse(compile: SerializerFactory = SerializerSelector()): SerializerFactory {
  return (sharedSchemas, options) => (route) => {
    let serialize: Serializer | undefined;
    return (value) => {
      serialize ??= compile(sharedSchemas, options)(route);
      return serialize(value);
    };
  };
}
