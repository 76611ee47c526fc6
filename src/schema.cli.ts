// Writes the checked-in contracts (npm run schema:print): the GraphQL SDL to schema/schema.graphql,
// the OpenAPI document of the REST routes to schema/openapi.json and the JSON Schema of the
// catalog document to schema/catalog-import.schema.json. With --check it writes nothing and exits
// 1 when any is stale.
import { mkdtempSync, readFileSync, rmSync, writeFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { printGatewaySchema } from './schema.js';
import { projectRoot } from './db/schema-engine.js';
import { buildApp } from './app.js';
import { loadConfig } from './config.js';
import { openDatabase } from './db/database.js';
import { printOpenApi } from './rest/openapi.js';
import { printCatalogImportSchema } from './catalog/import/schema.js';

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

const documents = [
  { file: join(projectRoot, 'schema', 'schema.graphql'), text: printGatewaySchema() },
  { file: join(projectRoot, 'schema', 'openapi.json'), text: await openApiDocument() },
  { file: join(projectRoot, 'schema', 'catalog-import.schema.json'), text: printCatalogImportSchema() },
];
let stale = false;
for (const { file, text } of documents) {
  if (process.argv.includes('--check')) {
    if ((existsSync(file) ? readFileSync(file, 'utf8') : '') === text) continue;
    console.error(`${file} is out of date: run npm run schema:print`);
    stale = true;
  } else {
    writeFileSync(file, text);
    console.log(`wrote ${file}`);
  }
}
process.exit(stale ? 1 : 0);
