// npm run generate [-- --check]: regenerates every generated file of the repository, in order,
// each step from the outputs of the ones before:
//   1. prisma/<provider>/schema.prisma from prisma/schema.prisma, then the two Prisma clients
//      (src/db/generated/, not checked in) from those copies;
//   2. dist/, when its sources changed (scripts/build.mjs);
//   3. the contracts the code prints (src/schema.cli.ts): schema/schema.graphql,
//      schema/openapi.json and schema/catalog-import.schema.json;
//   4. from that SDL, the outputs of codegen.yml: test/gql/ and schema/possible-types.ts.
// Every checked-in output is first written into a scratch folder. Then it replaces the file when it
// differs; with --check nothing checked in is written: the command lists the files that differ (or
// should not exist) and exits 1. --check generates the Prisma clients only when they are missing:
// they are not checked in (npm install generates them), and generating them takes longer than the
// rest of the check.
import { spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { buildIfStale } from './build.mjs';
import { generateClients } from './prisma-generate.mjs';
import { providers, renderSchema, schemaCopy } from './prisma-schemas.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
// The CommonJS build, the one the graphql-codegen command (npm run codegen) runs: the ES module
// build of @graphql-codegen/cli 6.3 prints other test/gql/ files from the same config.
const { generate, loadCodegenConfig } = createRequire(import.meta.url)('@graphql-codegen/cli');
const check = process.argv.includes('--check');
const scratch = mkdtempSync(join(tmpdir(), 'generate-'));
/** Checked-in files that differ from what the code generates: `path (why)`. */
const stale = [];
let written = 0;

/** The line where two texts part, to point a reader at the change. */
function firstDifference(expected, actual) {
  const [a, b] = [expected.split('\n'), actual.split('\n')];
  let line = 0;
  while (line < a.length && a[line] === b[line]) line += 1;
  return line + 1;
}

/** Compares the scratch copy of each file with the checked-in one; replaces it, or (--check) lists it. */
function settle(files) {
  for (const file of files) {
    const generated = readFileSync(join(scratch, file), 'utf8');
    const target = join(root, file);
    const current = existsSync(target) ? readFileSync(target, 'utf8') : null;
    if (current === generated) continue;
    if (check) {
      stale.push(current === null ? `${file} (missing)` : `${file} (differs from line ${firstDifference(generated, current)})`);
    } else {
      mkdirSync(dirname(target), { recursive: true });
      copyFileSync(join(scratch, file), target);
      written += 1;
      console.log(`wrote ${file}`);
    }
  }
}

function writeScratch(file, text) {
  mkdirSync(dirname(join(scratch, file)), { recursive: true });
  writeFileSync(join(scratch, file), text);
  return file;
}

class StepFailed extends Error {
  constructor(step, status) {
    super(`npm run generate: ${step} failed`);
    this.status = status || 1;
  }
}

function prismaStep() {
  settle(providers.map((provider) => writeScratch(schemaCopy(provider), renderSchema(provider))));
  const clientsMissing = providers.some((provider) => !existsSync(join(root, 'src', 'db', 'generated', provider)));
  if (!check || clientsMissing) {
    const status = generateClients();
    if (status !== 0) throw new StepFailed('prisma generate', status);
  }
}

function contractsStep() {
  const printed = spawnSync(process.execPath, [join(root, 'dist', 'src', 'schema.cli.js'), '--out', join(scratch, 'schema')], { cwd: root, stdio: ['ignore', 'ignore', 'inherit'] });
  if (printed.status !== 0) throw new StepFailed('printing the contracts (src/schema.cli.ts)', printed.status);
  settle(['schema/schema.graphql', 'schema/openapi.json', 'schema/catalog-import.schema.json']);
}

/** The files under a folder of the repository, as repository paths. */
function filesUnder(folder) {
  if (!existsSync(join(root, folder))) return [];
  return readdirSync(join(root, folder), { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => relative(root, join(entry.parentPath, entry.name)));
}

/** codegen.yml's outputs, from the SDL of step 3; a folder output (test/gql/) holds nothing else. */
async function codegenStep() {
  const { config } = await loadCodegenConfig({ configFilePath: join(root, 'codegen.yml') });
  const outputs = await generate({ ...config, schema: join(scratch, 'schema', 'schema.graphql'), cwd: root, silent: true }, false);
  const files = outputs.filter((output) => output.content).map((output) => writeScratch(output.filename, output.content));
  settle(files);
  const folders = Object.keys(config.generates).filter((output) => output.endsWith('/'));
  for (const file of folders.flatMap(filesUnder).filter((path) => !files.includes(path))) {
    if (check) {
      stale.push(`${file} (not an output of codegen.yml)`);
    } else {
      rmSync(join(root, file));
      written += 1;
      console.log(`removed ${file}`);
    }
  }
}

async function run() {
  prismaStep();
  const built = await buildIfStale();
  if (built !== 0) throw new StepFailed('the build (tsc -p tsconfig.build.json)', built);
  contractsStep();
  await codegenStep();
  if (stale.length === 0) {
    console.log(written > 0 ? `${written} generated files rewritten` : 'generated files are up to date');
    return 0;
  }
  console.error(`Generated files are out of date; run npm run generate and commit the result:\n${stale.map((file) => `  ${file}`).join('\n')}`);
  return 1;
}

try {
  process.exitCode = await run();
} catch (error) {
  console.error(error instanceof StepFailed ? error.message : error);
  process.exitCode = error instanceof StepFailed ? error.status : 1;
} finally {
  rmSync(scratch, { recursive: true, force: true });
}
