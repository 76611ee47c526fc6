// Writes the GraphQL SDL to schema/schema.graphql (npm run schema:print); --check exits 1 on drift.
import { readFileSync, writeFileSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import { printGatewaySchema } from './graphql/schema.js';
import { projectRoot } from './db/schema-engine.js';

const target = join(projectRoot, 'schema', 'schema.graphql');
const sdl = printGatewaySchema();
if (process.argv.includes('--check')) {
  const current = existsSync(target) ? readFileSync(target, 'utf8') : '';
  if (current !== sdl) {
    console.error('schema/schema.graphql is out of date: run npm run schema:print');
    process.exit(1);
  }
  console.log('schema/schema.graphql matches the code');
} else {
  writeFileSync(target, sdl);
  console.log(`wrote ${target}`);
}
