// Entry point of `npm start`. graphql-js decides at import time whether to run its development
// checks (a slow cross-realm instanceof on every type test, about a tenth of the time of a large
// query); they are skipped only with NODE_ENV=production. So that is set before anything is
// imported, unless the operator chose a NODE_ENV; Apollo Sandbox stays on as documented.
// ENV_FILE names a file of settings (KEY=value lines, as in .env.example), read before anything
// else so that it may set NODE_ENV too; a variable already in the environment wins.
import { setFlagsFromString } from 'node:v8';

const envFile = process.env.ENV_FILE;
if (envFile) {
  try {
    process.loadEnvFile(envFile);
  } catch (error) {
    console.error(`ENV_FILE: cannot read ${envFile}: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  }
}
if (process.env.NODE_ENV === undefined) {
  process.env.NODE_ENV = 'production';
  process.env.GRAPHQL_SANDBOX ??= 'true';
}
// V8's allocation-site pretenuring off before any of the server's code runs (this entry point's:
// `npm start`, `node dist/src/main.js`), unless the command line asks for it
// (--allocation-site-pretenuring). With it on, V8 allocates the objects of a site (a literal, a
// constructor call) straight into the old generation once most of them outlived a young-generation
// collection, and the decision sticks: a request's data, which outlives one while the request is in
// flight, can lead it there, and then whatever such an object holds survives every young-generation
// collection until the next full one. Under cold GraphQL reads (images of 20 products × 5
// comparables, one connection), with the sent answers let go of (http/graphql.plugin.ts), 2.2-2.4 MB
// were promoted a young-generation collection in each of three processes, at 13-15 ms of CPU a
// request; with pretenuring off too, 0.19-0.21 MB in each of eight, at 9.4-13 ms. Cold product
// reads: 117-138 KB in each of three processes (one of three promoted 2.2 MB before).
if (!process.execArgv.includes('--allocation-site-pretenuring')) setFlagsFromString('--no-allocation-site-pretenuring');
// Stop signals are listened to first: loading the server takes seconds, and a signal received
// meanwhile must end the process in order too, not on the spot.
await import('./stop-signals.js');
await import('./server.js');
