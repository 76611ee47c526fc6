// npm run bench [-- --smoke]: the benchmark harness. Builds the deterministic bench catalog,
// imports it with the normal import command into bench/data/bench.db, then measures each
// scenario with autocannon against the real gateway process and against the raw baseline
// (bench/baseline/server.ts), one server at a time, after a warm-up. Prints a table and writes
// it with the machine's description to bench/results/<date>.md (not in --smoke mode, which runs
// each scenario for about a second to keep the harness working). The last line is JSON.
import 'reflect-metadata';
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { cpus, totalmem, release } from 'node:os';
import { join } from 'node:path';
import { createHash } from 'node:crypto';
import autocannon from 'autocannon';
import { projectRoot } from '../src/db/schema-engine.js';
import { benchCatalog, benchShape } from './catalog.js';
import { countStatements, type StatementCounts } from './statements.js';
import { freePort } from './ports.js';

const smoke = process.argv.includes('--smoke');
const duration = smoke ? 1 : Number(process.env.BENCH_SECONDS ?? 10);
const warmup = smoke ? 0.5 : 3;
const connections = Number(process.env.BENCH_CONNECTIONS ?? 8);
const dataDir = join(projectRoot, 'bench', 'data');
const catalogFile = join(dataDir, 'bench-catalog.json');
const databaseFile = join(dataDir, 'bench.db');

interface Measure {
  rps: number;
  p50_ms: number;
  p99_ms: number;
  errors: number;
}

type Request = autocannon.Request;

const randomInt = (low: number, high: number) => low + Math.floor(Math.random() * (high - low + 1));

async function waitFor(url: string): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`${url} did not answer`);
}

interface Server {
  base: string;
  child: ChildProcess;
  /** Peak resident memory so far, MiB (Linux). */
  peakRssMiB(): number | null;
  stop(): Promise<void>;
}

async function start(script: string, args: string[], nodeFlags: string[], env: Record<string, string>, readyPath: string): Promise<Server> {
  const port = await freePort();
  const child = spawn(process.execPath, [...nodeFlags, script, ...args.map((arg) => arg.replace('{port}', String(port)))], {
    cwd: projectRoot,
    env: { ...process.env, ...env, PORT: String(port) },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const base = `http://127.0.0.1:${port}`;
  await waitFor(`${base}${readyPath}`);
  return {
    base,
    child,
    peakRssMiB() {
      try {
        const match = /VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${child.pid}/status`, 'utf8'));
        return match ? Math.round(Number(match[1]) / 1024) : null;
      } catch {
        return null;
      }
    },
    stop: () =>
      new Promise((resolve) => {
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

async function load(base: string, requests: Request[]): Promise<Measure> {
  const run = (seconds: number) => autocannon({ url: base, connections, duration: seconds, requests });
  if (warmup > 0) await run(warmup);
  const result = await run(duration);
  const errors = result.non2xx + result.errors + result.timeouts;
  return { rps: Math.round(result.requests.average), p50_ms: result.latency.p50, p99_ms: result.latency.p99, errors };
}

const productPaths: Request = { method: 'GET', path: '/product/1', setupRequest: (request) => ({ ...request, path: `/product/${randomInt(1, benchShape.products)}` }) };
const comparablesPaths: Request = { method: 'GET', path: '/image/comparables/1', setupRequest: (request) => ({ ...request, path: `/image/comparables/${randomInt(1, 500)}` }) };

const productFields = `id externalId title brand url price currency category isAvailable images nativeCheckout
  variants { name visual values }
  skus { skuId productId externalId merchantId name inStock qtyAvailable salePrice retailPrice currency status type taxable taxType dateCreated dateLastModified variantValues { variant value } skuDimensions { weight type } }`;
const imageQuery = `query Comparables($id: ID!) { image(id: $id) { id slug fileName platform products { ${productFields} similarProducts { priceTier product { ${productFields} } } } } }`;

function graphqlImages(firstId: number, count: number): Request {
  return {
    method: 'POST',
    path: '/graphql',
    headers: { 'content-type': 'application/json' },
    setupRequest: (request) => ({ ...request, body: JSON.stringify({ query: imageQuery, variables: { id: String(randomInt(firstId, firstId + count - 1)) } }) }),
  };
}

interface CartContext {
  cartId?: string;
}

function cartMix(): Request[] {
  const json = { 'content-type': 'application/json' };
  const sku = () => randomInt(1, benchShape.products) * 10;
  return [
    {
      method: 'POST',
      path: '/cart',
      headers: json,
      setupRequest: (request) => ({ ...request, body: JSON.stringify({ items: { storefront_cart_items_input: [{ variant_id: String(sku()), quantity: 1 }] } }) }),
      onResponse: (_status, body, context) => {
        (context as CartContext).cartId = (JSON.parse(body) as { id: string }).id;
      },
    },
    {
      method: 'POST',
      path: '/cart/add',
      headers: json,
      setupRequest: (request, context) => ({ ...request, body: JSON.stringify({ cart_id: (context as CartContext).cartId, item: { variant_id: String(sku() + 1), quantity: 2 } }) }),
    },
    {
      method: 'POST',
      path: '/cart/update',
      headers: json,
      setupRequest: (request, context) => ({ ...request, body: JSON.stringify({ cart_id: (context as CartContext).cartId, item: { variant_id: String(sku()), quantity: 3 } }) }),
    },
    { method: 'GET', path: '/cart/x', setupRequest: (request, context) => ({ ...request, path: `/cart/${String((context as CartContext).cartId)}` }) },
  ];
}

function prepareDatabase(): void {
  mkdirSync(dataDir, { recursive: true });
  const text = `${JSON.stringify(benchCatalog())}\n`;
  const digest = createHash('sha256').update(text).digest('hex');
  if (!existsSync(catalogFile) || createHash('sha256').update(readFileSync(catalogFile)).digest('hex') !== digest) writeFileSync(catalogFile, text);
  const started = Date.now();
  // The normal import command; a second run finds every row unchanged.
  execFileSync(process.execPath, [join(projectRoot, 'dist', 'src', 'catalog', 'import.cli.js'), catalogFile], {
    cwd: projectRoot,
    env: { ...process.env, DATABASE_URL: `file:${databaseFile}` },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  console.log(`bench catalog imported into ${databaseFile} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}

function machine(): string {
  const cpu = cpus();
  return `${cpu.length} × ${cpu[0]?.model ?? 'unknown CPU'}, ${Math.round(totalmem() / 2 ** 30)} GiB, Linux ${release()}, Node ${process.version}`;
}

/** The node flags of `npm start` (package.json), so the gateway runs here as it runs there. */
function startFlags(): string[] {
  const script = (JSON.parse(readFileSync(join(projectRoot, 'package.json'), 'utf8')) as { scripts: { start: string } }).scripts.start;
  return script.split(/\s+/).filter((word) => word.startsWith('--'));
}

async function main(): Promise<void> {
  prepareDatabase();
  const results: Record<string, Measure & { ratio?: number }> = {};
  const gateway = await start(join(projectRoot, 'dist', 'src', 'main.js'), [], startFlags(), { DATABASE_URL: `file:${databaseFile}`, LOG_LEVEL: 'warn', RATE_LIMIT_MAX: '0', SEED_DEMO: 'false', HOST: '127.0.0.1' }, '/readyz');
  results.a_rest_product = await load(gateway.base, [productPaths]);
  results.b_graphql_image_20x5 = await load(gateway.base, [graphqlImages(1, 500)]);
  results.c_rest_image_comparables = await load(gateway.base, [comparablesPaths]);
  results.d_cart_mix = await load(gateway.base, cartMix());
  for (const { size, firstId, count } of benchShape.media) results[`e_graphql_image_${size}x5`] = await load(gateway.base, [graphqlImages(firstId, count)]);
  const peakRss = gateway.peakRssMiB();
  await gateway.stop();

  const baseline = await start(join(projectRoot, 'dist', 'bench', 'baseline', 'server.js'), [databaseFile, '{port}'], [], {}, '/product/1');
  const baseProduct = await load(baseline.base, [productPaths]);
  const baseComparables = await load(baseline.base, [comparablesPaths]);
  await baseline.stop();
  results.baseline_rest_product = baseProduct;
  results.baseline_rest_image_comparables = baseComparables;

  const ratio = (rps: number, base: number) => Math.round((rps / base) * 100) / 100;
  results.a_rest_product!.ratio = ratio(results.a_rest_product!.rps, baseProduct.rps);
  results.b_graphql_image_20x5!.ratio = ratio(results.b_graphql_image_20x5!.rps, baseComparables.rps);
  results.c_rest_image_comparables!.ratio = ratio(results.c_rest_image_comparables!.rps, baseComparables.rps);

  const statements: StatementCounts = await countStatements(databaseFile);
  const scale = benchShape.media.map(({ size }) => {
    const measure = results[`e_graphql_image_${size}x5`]!;
    // µs of one connection's time per product of the answer
    return { size, rps: measure.rps, usPerProduct: Math.round(((1e6 * connections) / measure.rps / size) * 10) / 10 };
  });

  const targets: Record<string, number> = { a_rest_product: 0.6, b_graphql_image_20x5: 0.3, c_rest_image_comparables: 0.6 };
  const rows = Object.entries(results).map(([name, measure]) => {
    const target = targets[name];
    const verdict = target === undefined || measure.ratio === undefined ? '' : measure.ratio >= target ? `≥ ${target} ✓` : `< ${target} ✗`;
    return `| ${name} | ${measure.rps} | ${measure.p50_ms} | ${measure.p99_ms} | ${measure.ratio ?? ''} | ${verdict} | ${measure.errors} |`;
  });
  const report = [
    `# Benchmark ${new Date().toISOString().slice(0, 10)}${smoke ? ' (smoke)' : ''}`,
    '',
    `Machine: ${machine()}. autocannon, ${connections} connections, ${warmup} s warm-up, ${duration} s per scenario; one server at a time.`,
    `Catalog: ${benchShape.products} products × 2 SKUs, ${benchShape.similarPerProduct} comparables each, 500 images of 20 products (+ 20 of 5, 20 of 50). SQLite (${databaseFile.replace(projectRoot + '/', '')}).`,
    '',
    '| scenario | rps | p50 ms | p99 ms | ratio to baseline | target | errors |',
    '|---|---|---|---|---|---|---|',
    ...rows,
    '',
    `Scale curve (GraphQL image, × 5 comparables): ${scale.map((point) => `${point.size} products → ${point.rps} rps, ${point.usPerProduct} µs per product`).join('; ')}.`,
    `Cart mix, SQL statements per operation: ${Object.entries(statements).map(([name, count]) => `${name} ${count}`).join(', ')}.`,
    `Gateway peak RSS: ${peakRss ?? 'unknown'} MiB (node ${startFlags().join(' ')}, as npm start runs it).`,
  ].join('\n');
  console.log(`\n${report}\n`);
  if (!smoke) {
    mkdirSync(join(projectRoot, 'bench', 'results'), { recursive: true });
    writeFileSync(join(projectRoot, 'bench', 'results', `${new Date().toISOString().slice(0, 10)}.md`), `${report}\n`);
  }
  const failed = Object.entries(results).filter(([, measure]) => measure.errors > 0);
  const summary = Object.fromEntries(Object.entries(results).map(([name, measure]) => [name, { rps: measure.rps, p99_ms: measure.p99_ms, ratio: measure.ratio ?? null }]));
  console.log(JSON.stringify({ ...summary, peak_rss_mib: peakRss, statements_per_operation: statements }));
  if (failed.length > 0) {
    console.error(`errors in ${failed.map(([name]) => name).join(', ')}`);
    process.exitCode = 1;
  }
}

main().then(
  () => process.exit(process.exitCode ?? 0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
