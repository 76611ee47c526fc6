// Before any test file: start compiling the server (dist/, as `npm start` runs it) for the test
// files that start real gateway processes, once for all of them, in the background
// (test/server-build.ts); the process tiers' setup file waits for it.
import { startServerBuild } from './server-build.js';

export default function setup(): () => void {
  return startServerBuild();
}
