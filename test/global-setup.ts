// Before any test file: compile the server once (dist/, as `npm start` runs it) for the test files
// that start real gateway processes, instead of once per such file.
import { buildServer } from './process/gateway.js';

export default function setup(): void {
  buildServer();
  process.env.TEST_SERVER_BUILT = 'true';
}
