// Response serializers and request validators compiled once per worker for all the apps its test
// files build. Fastify compiles every response schema of every route with fast-json-stringify, and
// the server's own compilers every request schema with Ajv at its first request
// (src/http/serializers.ts, src/http/validators.ts); the apps of a worker have the same schemas, so
// the second and later ones take the functions compiled for the first. Validators are compiled as
// each app starts, every route's: a schema Ajv cannot compile fails the app's start, so the suite.
import { AjvCompiler, type BuildCompilerFromPool } from '@fastify/ajv-compiler';
import { SerializerSelector, type Serializer, type SerializerFactory } from '@fastify/fast-json-stringify-compiler';

type Validate = ReturnType<ReturnType<BuildCompilerFromPool>>;

/** A number for each shared schema, by identity: the same module's constants in every app. */
const schemaIds = new WeakMap<object, number>();
let lastId = 0;
const idOf = (schema: unknown) => {
  if (typeof schema !== 'object' || schema === null) return JSON.stringify(schema);
  let id = schemaIds.get(schema);
  if (id === undefined) schemaIds.set(schema, (id = lastId += 1));
  return id;
};

/**
 * Functions by the shared schemas and options (a map for each), then by the JSON of the route's
 * schema. Fastify asks for a compiler again for every route of a plugin that added shared
 * schemas, each time with a new copy of them: the key is made of the schemas' names and
 * identities, not their JSON (written out a few hundred times an app, that took seconds a worker).
 */
function compiledBy<T>(): (sharedSchemas: unknown, options: unknown) => Map<string, T> {
  const contexts = new Map<string, Map<string, T>>();
  return (sharedSchemas, options) => {
    const schemas = Object.entries((sharedSchemas ?? {}) as Record<string, unknown>);
    const context = JSON.stringify([schemas.map(([name, schema]) => [name, idOf(schema)]), options ?? null]);
    let compiled = contexts.get(context);
    if (!compiled) contexts.set(context, (compiled = new Map()));
    return compiled;
  };
}

const serializerCompile = SerializerSelector();
const serializersOf = compiledBy<Serializer>();

export const sharedSerializers: SerializerFactory = (externalSchemas, options) => {
  let compiler: ReturnType<SerializerFactory> | undefined;
  const compile: ReturnType<SerializerFactory> = (route) =>
    (compiler ??= serializerCompile(externalSchemas, options))(route);
  const shared = serializersOf(externalSchemas, options);
  // Fastify's compiler leaves a schema's own $id out of the shared schemas, for that schema and
  // every later one it compiles: from then on its output no longer follows from the key.
  let keyed = true;
  return (route) => {
    const id = (route.schema as { $id?: unknown } | undefined)?.$id;
    if (typeof id === 'string' && (externalSchemas as Record<string, unknown> | undefined)?.[id]) keyed = false;
    if (!keyed) return compile(route);
    const key = JSON.stringify(route.schema) ?? '';
    let serializer = shared.get(key);
    if (!serializer) shared.set(key, (serializer = compile(route)));
    return serializer;
  };
};

const validatorCompile = AjvCompiler();
const validatorsOf = compiledBy<Validate>();

export const sharedValidators: BuildCompilerFromPool = (externalSchemas, options) => {
  let compiler: ReturnType<BuildCompilerFromPool> | undefined;
  const shared = validatorsOf(externalSchemas, options);
  return (route) => {
    const key = JSON.stringify((route as { schema?: unknown }).schema) ?? '';
    let validate = shared.get(key);
    if (!validate) shared.set(key, (validate = (compiler ??= validatorCompile(externalSchemas, options))(route)));
    return validate;
  };
};

/** A compiler factory that counts the schemas `build`'s compilers compiled (the tests of the two). */
export function counted<Shared, Options, Route, Compiled>(
  build: (shared: Shared, options: Options) => (route: Route) => Compiled,
): { factory: (shared: Shared, options: Options) => (route: Route) => Compiled; compiled: () => number } {
  let compiled = 0;
  return {
    factory: (shared, options) => {
      const compiler = build(shared, options);
      return (route) => {
        compiled += 1;
        return compiler(route);
      };
    },
    compiled: () => compiled,
  };
}
