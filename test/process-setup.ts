// Before each file of the process tiers: the server they start is built (test/server-build.ts).
import { serverBuilt } from './server-build.js';

await serverBuilt();
