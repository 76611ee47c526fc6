// Request validators compiled at a route's first request, not while the server starts. Fastify
// compiles the body, query and params schemas of every route with Ajv as it starts: about 0.3 s of
// CPU of a 2.5 s start, for routes most of which see no request for a while. Compiled on first use,
// each costs its first request a few milliseconds, once (as the response serializers do:
// serializers.ts).
// - Fastify reads a failed validation's errors from the function it was given: the wrapper carries
//   the compiled function's.
// - A schema Ajv cannot compile fails its route's first request (500) instead of the start; the
//   tests compile every route's schemas as each test app starts (test/compilers.ts), so such a
//   schema fails the suite.
// - With a validator factory of its own, Fastify leaves a request `headers` schema as written
//   instead of lowering its keys: the routes validate no request headers.
import { AjvCompiler, type BuildCompilerFromPool } from '@fastify/ajv-compiler';

type Validate = ReturnType<ReturnType<BuildCompilerFromPool>>;

/** Validators compiled on first use by `compile` (Fastify's own Ajv compiler by default). */
export function validatorsOnFirstUse(compile: BuildCompilerFromPool = AjvCompiler()): BuildCompilerFromPool {
  return (sharedSchemas, options) => {
    let compiler: ReturnType<BuildCompilerFromPool> | undefined;
    return (route) => {
      let compiled: Validate | undefined;
      const validate = ((data: unknown) => {
        compiled ??= (compiler ??= compile(sharedSchemas, options))(route);
        const valid = compiled(data);
        validate.errors = compiled.errors;
        return valid;
      }) as Validate;
      return validate;
    };
  };
}
