// Preloaded into a gateway process by tracing.process.test.ts (NODE_OPTIONS=--require): when the
// process exits, writes the paths of the @opentelemetry modules its main thread loaded to
// LOADED_MODULES_FILE. The SDK's packages are CommonJS: whatever of them was imported is in
// require's cache.
const { writeFileSync } = require('node:fs');
const { isMainThread } = require('node:worker_threads');

if (isMainThread && process.env.LOADED_MODULES_FILE) {
  process.on('exit', () => {
    const loaded = Object.keys(require.cache).filter((path) => path.includes('@opentelemetry'));
    writeFileSync(process.env.LOADED_MODULES_FILE, JSON.stringify(loaded));
  });
}
