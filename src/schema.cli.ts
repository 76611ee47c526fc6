// Writes the checked-in contracts (npm run schema:print): the GraphQL SDL to schema/schema.graphql,
// the OpenAPI document of the REST routes to schema/openapi.json and the JSON Schema of the
// catalog document to schema/catalog-import.schema.json. With --out DIR it writes the same three
// files into DIR instead (`npm run generate -- --check` compares them with the checked-in ones).
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { printGatewaySchema } from './schema.js';
import { projectRoot } from './db/schema-engine.js';
import { buildApp } from './app.js';
import { loadConfig } from './config.js';
import { openDatabase } from './db/database.js';
import { printOpenApi } from './rest/openapi.js';
import { printCatalogImportSchema } from './catalog/import/document/schema.js';

/** The OpenAPI document of an app built with the defaults (on a scratch SQLite file it never reads). */
async function openApiDocument(): Promise<string> {
  const directory = mkdtempSync(join(tmpdir(), 'gateway-openapi-'));
  try {
    const database = await openDatabase(`file:${join(directory, 'scratch.db')}`);
    const app = await buildApp(loadConfig({ LOG_LEVEL: 'silent' }), database);
    await app.ready();
    const document = printOpenApi(app);
    await app.close();
    await database.close();
    return document;
  } finally {
    rmSync(directory, { recursive: true, force: true });
  }
}

const outAt = process.argv.indexOf('--out');
const out = outAt === -1 ? join(projectRoot, 'schema') : process.argv[outAt + 1];
if (!out) {
  console.error('usage: node dist/src/schema.cli.js [--out DIR]');
  process.exit(2);
}
const directory = resolve(out);
const documents = [
  { name: 'schema.graphql', text: printGatewaySchema() },
  { name: 'openapi.json', text: await openApiDocument() },
  { name: 'catalog-import.schema.json', text: printCatalogImportSchema() },
];
mkdirSync(directory, { recursive: true });
for (const { name, text } of documents) {
  writeFileSync(join(directory, name), text);
  console.log(`wrote ${join(directory, name)}`);
}
process.exit(0);
