// Request validators compiled at a route's first request, not while the server starts. Fastify
// compiles the body, query, params and headers schemas of every route with Ajv as it starts: about
// 0.3 s of CPU of a 2.5 s start, for routes most of which see no request for a while. Compiled on
// first use, each costs its first request a few milliseconds, once (as the response serializers
// do: serializers.ts).
// - The wrapper is called as Fastify calls Ajv's functions (with the request as the parent, so
//   that Ajv may replace a root value) and carries the compiled function's errors, which Fastify
//   reads after a failed validation.
// - A schema Ajv cannot compile fails its route's requests as a logged 500 (the error keeps
//   Fastify's code for it, so it is not taken for the client's fault), once compiled and not again;
//   at start it failed the server. The tests compile every route's schemas as each test app starts
//   (test/compilers.ts), so such a schema fails the suite.
// - With a validator factory of its own, Fastify leaves a request `headers` schema as written
//   instead of lowering its keys (If-None-Match, Idempotency-Key): they are written in lower case,
//   which test/rest/compilers.test.ts holds.
import { AjvCompiler, type BuildCompilerFromPool, type RouteDefinition } from '@fastify/ajv-compiler';

type Compiler = ReturnType<BuildCompilerFromPool>;
type Validate = ReturnType<Compiler>;

/** Validators compiled on first use by `compile` (Fastify's own Ajv compiler by default). */
export function validatorsOnFirstUse(compile: BuildCompilerFromPool = AjvCompiler()): BuildCompilerFromPool {
  return (sharedSchemas, options) => {
    let compiler: Compiler | undefined;
    return (route) => {
      let compiled: Validate | undefined;
      let failure: Error | undefined;
      const compileNow = (): Validate => {
        if (failure) throw failure;
        try {
          return (compiler ??= compile(sharedSchemas, options))(route);
        } catch (error) {
          const { method, url, httpPart } = route as unknown as RouteDefinition;
          const reason = error instanceof Error ? error.message : String(error);
          failure = Object.assign(new Error(`the ${httpPart} schema of ${method} ${url} does not compile: ${reason}`), {
            code: 'FST_ERR_SCH_VALIDATION_BUILD',
          });
          throw failure;
        }
      };
      const validate = ((data: unknown, context?: unknown) => {
        compiled ??= compileNow();
        const valid = (compiled as (data: unknown, context?: unknown) => ReturnType<Validate>)(data, context);
        validate.errors = compiled.errors;
        return valid;
      }) as Validate;
      // Fastify passes the parent only to a function with a schemaEnv, as every one of Ajv's has.
      Object.defineProperty(validate, 'schemaEnv', { get: () => compiled?.schemaEnv ?? true });
      return validate;
    };
  };
}
