// Entry point of `npm start`. graphql-js decides at import time whether to run its development
// checks (a slow cross-realm instanceof on every type test, about a tenth of the time of a large
// query); they are skipped only with NODE_ENV=production. So that is set before anything is
// imported, unless the operator chose a NODE_ENV; Apollo Sandbox stays on as documented.
// ENV_FILE names a file of settings (KEY=value lines, as in .env.example), read before anything
// else so that it may set NODE_ENV too; a variable already in the environment wins.
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
// Stop signals are listened to first: loading the server takes seconds, and a signal received
// meanwhile must end the process in order too, not on the spot.
await import('./stop-signals.js');
await import('./server.js');
