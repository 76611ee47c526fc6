// Response serializers compiled once per worker for all the apps its test files build. Fastify
// compiles every response schema of every route with fast-json-stringify when an app starts
// (about half a second of CPU an app); the apps of a worker have the same schemas, so the second
// and later ones take the functions compiled for the first.
import { SerializerSelector, type Serializer, type SerializerFactory } from '@fastify/fast-json-stringify-compiler';

const compile = SerializerSelector();
/** Serializers by the JSON of the shared schemas and options, then of the route's schema. */
const compiled = new Map<string, Map<string, Serializer>>();

export const sharedSerializers: SerializerFactory = (externalSchemas, options) => {
  const compiler = compile(externalSchemas, options);
  const context = JSON.stringify([externalSchemas ?? null, options ?? null]);
  let serializers = compiled.get(context);
  if (!serializers) compiled.set(context, (serializers = new Map()));
  const shared = serializers;
  // Fastify's compiler leaves a schema's own $id out of the shared schemas, for that schema and
  // every later one it compiles: from then on its output no longer follows from the key.
  let keyed = true;
  return (route) => {
    const id = (route.schema as { $id?: unknown } | undefined)?.$id;
    if (typeof id === 'string' && (externalSchemas as Record<string, unknown> | undefined)?.[id]) keyed = false;
    if (!keyed) return compiler(route);
    const key = JSON.stringify(route.schema) ?? '';
    let serializer = shared.get(key);
    if (!serializer) shared.set(key, (serializer = compiler(route)));
    return serializer;
  };
};
