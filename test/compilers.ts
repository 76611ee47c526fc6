// Response serializers and request validators compiled once per worker for all the apps its test
// files build. Fastify compiles every response schema of every route with fast-json-stringify, and
// the server's own compilers every request schema with Ajv at its first request
// (src/http/serializers.ts, src/http/validators.ts); the apps of a worker have the same schemas, so
// the second and later ones take the functions compiled for the first. Validators are compiled as
// each app starts, every route's: a schema Ajv cannot compile fails the app's start, so the suite.
import { AjvCompiler, type BuildCompilerFromPool } from '@fastify/ajv-compiler';
import { SerializerSelector, type Serializer, type SerializerFactory } from '@fastify/fast-json-stringify-compiler';

type Validate = ReturnType<ReturnType<BuildCompilerFromPool>>;

/** Each shared schema's JSON, written once per object (Fastify clones them for every app). */
const schemaTexts = new WeakMap<object, string>();
/** A number for each different shared schema: what a context's key is made of. */
const schemaIds = new Map<string, number>();
const idOf = (schema: unknown) => {
  let text = typeof schema === 'object' && schema !== null ? schemaTexts.get(schema) : undefined;
  if (text === undefined) {
    text = JSON.stringify(schema) ?? '';
    if (typeof schema === 'object' && schema !== null) schemaTexts.set(schema, text);
  }
  let id = schemaIds.get(text);
  if (id === undefined) schemaIds.set(text, (id = schemaIds.size));
  return id;
};

/**
 * Functions by the shared schemas and options (a map for each), then by the JSON of the route's
 * schema. Fastify asks for a compiler again for every route of a plugin that added shared
 * schemas, each time with a new object holding them: each schema's JSON is written once, not for
 * every route (a few hundred times an app took seconds a worker).
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

/** A compiler factory that counts the schemas `build`'s compilers compiled, and keeps what they were given. */
export function counted<Shared, Options, Route, Compiled>(
  build: (shared: Shared, options: Options) => (route: Route) => Compiled,
): {
  factory: (shared: Shared, options: Options) => (route: Route) => Compiled;
  compiled: () => number;
  routes: Route[];
} {
  const routes: Route[] = [];
  return {
    factory: (shared, options) => {
      const compiler = build(shared, options);
      return (route) => {
        routes.push(route);
        return compiler(route);
      };
    },
    compiled: () => routes.length,
    routes,
  };
}
