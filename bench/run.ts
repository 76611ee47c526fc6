// npm run bench [-- --smoke]: the benchmark harness. Builds the deterministic bench catalog,
// imports it with the normal import command into bench/data/bench.db, then measures each
// scenario with autocannon against four servers, one at a time (the machine has 2 cores: one for
// the server under load, one for the load generator), each after a warm-up:
//   - the gateway warm: started as `npm start` starts it, catalog cache on (default config),
//     after a pass that touches every id the scenarios ask for;
//   - the gateway cold: the same with CATALOG_CACHE_MAX_ENTRIES=0, every catalog read goes to
//     the database;
//   - the raw baseline (bench/baseline/server.ts): Fastify + better-sqlite3, hand-written SQL;
//   - the memory limit (bench/memory/server.ts): every answer held pre-serialized.
// Prints the cold and warm tables (project vs raw and vs limit, with the targets of issue 14) and
// appends them with the machine's description to bench/results/<date>.md (not in --smoke mode,
// which runs each scenario for about a second to keep the harness working). The last line
// printed is one JSON object of all scenarios.
import 'reflect-metadata';
import { execFileSync } from 'node:child_process';
import { appendFileSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, totalmem, release } from 'node:os';
import { Agent, request as httpRequest } from 'node:http';
import { join } from 'node:path';
import { createHash } from 'node:crypto';
import { projectRoot } from '../src/db/schema-engine.js';
import { benchCatalog, benchShape } from './catalog.js';
import { countStatements, type StatementCounts } from './statements.js';
import { searchQueries } from './search-queries.js';
import {
  load as loadWith,
  randomInt,
  running,
  settleMs,
  start,
  startFlags,
  type Measure,
  type Request,
  type Server,
} from './harness.js';
import { isDeepStrictEqual } from 'node:util';
import { orderWarmupSeconds, warmOrderPath, whileOrdersFlow, type Flow } from './flow.js';
import { flowOnPostgres } from './flow-postgres.js';
import { measureIngest } from './player-events.js';
import { judge, judgeRelevance, targetTable } from './targets.js';
import { relevanceReport, runRelevance } from './relevance.js';
import { profileLines, summarizeProfile } from './profile-summary.js';

const runStarted = Date.now();
const smoke = process.argv.includes('--smoke');
const duration = smoke ? 1 : Number(process.env.BENCH_SECONDS ?? 10);
const warmup = smoke ? 0.25 : 3;
// 32 connections as issue 14's measurements; 8 in smoke mode, where a second of 32 connections on
// the slowest scenario would finish no request.
const connections = Number(process.env.BENCH_CONNECTIONS ?? (smoke ? 8 : 32));
const dataDir = join(projectRoot, 'bench', 'data');
const catalogFile = join(dataDir, 'bench-catalog.json');
const databaseFile = join(dataDir, 'bench.db');
const graphqlAnswersFile = join(dataDir, 'graphql-answers.json');
const memorySpecFile = join(dataDir, 'memory-spec.json');
const gatewayScript = join(projectRoot, 'dist', 'src', 'main.js');
const baselineScript = join(projectRoot, 'dist', 'bench', 'baseline', 'server.js');
const memoryScript = join(projectRoot, 'dist', 'bench', 'memory', 'server.js');
const peerScript = join(projectRoot, 'dist', 'bench', 'peer', 'server.js');
const loadOptions = { connections, duration, warmup };
/** --profile: the gateway and the peer run with the in-process profiler (profiler.ts), one CPU profile per scenario. */
const profiling = process.argv.includes('--profile');
const profileDir = join(dataDir, 'profiles');
const profiledFlags = profiling ? ['--import', join(projectRoot, 'dist', 'bench', 'profiler.js')] : [];
const profiledEnv: Record<string, string> = profiling ? { BENCH_PROFILE_DIR: profileDir } : {};
/** Servers started with the profiler. */
const profiled = new WeakSet<Server>();

async function load(server: Server, name: string, requests: Request[]): Promise<Measure> {
  if (!profiled.has(server)) return loadWith(server, requests, loadOptions);
  writeFileSync(join(profileDir, 'next'), name);
  server.child.kill('SIGUSR2');
  const measure = await loadWith(server, requests, loadOptions);
  server.child.kill('SIGWINCH');
  const file = join(profileDir, `${name}.cpuprofile`);
  for (let waited = 0; !existsSync(file) && waited < 10_000; waited += 100)
    await new Promise((resolve) => setTimeout(resolve, 100));
  return measure;
}

/** Starts a server to profile (with --profile; as start() otherwise). */
async function startProfiled(
  script: string,
  args: string[],
  flags: string[],
  env: Record<string, string>,
  readyPath: string,
): Promise<Server> {
  const server = await start(script, args, [...flags, ...profiledFlags], { ...env, ...profiledEnv }, readyPath);
  if (profiling) profiled.add(server);
  return server;
}
const gatewayEnv = {
  DATABASE_URL: `file:${databaseFile}`,
  LOG_LEVEL: 'warn',
  RATE_LIMIT_MAX: '0',
  SEED_DEMO: 'false',
  HOST: '127.0.0.1',
};

/** Products asked for by (a): all 5,000, or the first 1,000 in smoke mode (so that the memory limit server loads quickly). */
const products = smoke ? 1000 : benchShape.products;
/** Images of 20 products asked for by (b) and (c): all 500, or the first 25 in smoke mode (so that capturing the GraphQL answers stays short). */
const images = smoke ? 25 : benchShape.media[0].count;

const productPath = (id: number) => `/product/${id}`;
const comparablesPath = (id: number) => `/image/comparables/${id}`;
const productRequests: Request = {
  method: 'GET',
  path: productPath(1),
  setupRequest: (request) => ({ ...request, path: productPath(randomInt(1, products)) }),
};
const comparablesRequests: Request = {
  method: 'GET',
  path: comparablesPath(1),
  setupRequest: (request) => ({ ...request, path: comparablesPath(randomInt(1, images)) }),
};
/** The images of the orders-flowing scenario (g): 50 distinct documents, as issue 25 measured. */
const flowImages = Math.min(50, images);
const flowComparables: Request = {
  method: 'GET',
  path: comparablesPath(1),
  setupRequest: (request) => ({ ...request, path: comparablesPath(randomInt(1, flowImages)) }),
};

const productFields = `id externalId title brand url price currency category isAvailable images nativeCheckout
  variants { name visual values }
  skus { skuId productId externalId merchantId name inStock qtyAvailable salePrice retailPrice currency status type taxable taxType dateCreated dateLastModified variantValues { variant value } skuDimensions { weight type } }`;
const imageQuery = `query Comparables($id: ID!) { image(id: $id) { id slug fileName platform products { ${productFields} similarProducts { priceTier product { ${productFields} } } } } }`;
/** The request body of (b) and (e) for one image; the memory limit server holds its answers keyed by this exact text. */
const graphqlBody = (id: number) => JSON.stringify({ query: imageQuery, variables: { id: String(id) } });

function graphqlImages(firstId: number, count: number): Request {
  return {
    method: 'POST',
    path: '/graphql',
    headers: { 'content-type': 'application/json' },
    setupRequest: (request) => ({ ...request, body: graphqlBody(randomInt(firstId, firstId + count - 1)) }),
  };
}

/** One connection's cart, as far as the mix knows it: the quantity of each variant it put in. */
interface CartContext {
  cartId?: string;
  lines?: Record<string, number>;
  update?: { variant: string; quantity: number };
}

/** Updates of the mix that changed the quantity they targeted (checked on each answer), and those that did not. */
const cartUpdates = { changed: 0, unchanged: 0 };

interface CartAnswer {
  id: string;
  stores: { cart_lines: { quantity: number; variant: { id: string | number } }[] }[];
}

/** Per connection: create a cart with one variant, add another, change the quantity of one of the two, read the cart. */
function cartMix(): Request[] {
  const json = { 'content-type': 'application/json' };
  const sku = () => randomInt(1, products) * 10;
  return [
    {
      method: 'POST',
      path: '/cart',
      headers: json,
      setupRequest: (request, context: CartContext) => {
        const variant = String(sku());
        context.lines = { [variant]: 1 };
        return {
          ...request,
          body: JSON.stringify({ items: { storefront_cart_items_input: [{ variant_id: variant, quantity: 1 }] } }),
        };
      },
      onResponse: (_status, body, context: CartContext) => {
        context.cartId = (JSON.parse(body) as CartAnswer).id;
      },
    },
    {
      method: 'POST',
      path: '/cart/add',
      headers: json,
      setupRequest: (request, context: CartContext) => {
        // The second SKU of a product (ids end in 1), never the first SKU the cart was created with.
        const variant = String(sku() + 1);
        context.lines = { ...context.lines, [variant]: (context.lines?.[variant] ?? 0) + 2 };
        return {
          ...request,
          body: JSON.stringify({ cart_id: context.cartId, item: { variant_id: variant, quantity: 2 } }),
        };
      },
    },
    {
      method: 'POST',
      path: '/cart/update',
      headers: json,
      setupRequest: (request, context: CartContext) => {
        // A variant this connection put in its cart, set to a quantity it does not have.
        const lines = context.lines ?? {};
        const variants = Object.keys(lines);
        const variant = variants[randomInt(0, variants.length - 1)] ?? '10';
        const quantity = ((lines[variant] ?? 0) % 5) + 1;
        lines[variant] = quantity;
        context.update = { variant, quantity };
        return {
          ...request,
          body: JSON.stringify({ cart_id: context.cartId, item: { variant_id: variant, quantity } }),
        };
      },
      onResponse: (status, body, context: CartContext) => {
        if (status !== 200 || !context.update) return;
        const { variant, quantity } = context.update;
        const line = (JSON.parse(body) as CartAnswer).stores
          .flatMap((store) => store.cart_lines)
          .find((candidate) => String(candidate.variant.id) === variant);
        if (line?.quantity === quantity) cartUpdates.changed += 1;
        else cartUpdates.unchanged += 1;
      },
    },
    {
      method: 'GET',
      path: '/cart/x',
      setupRequest: (request, context: CartContext) => ({ ...request, path: `/cart/${String(context.cartId)}` }),
    },
  ];
}

/** Runs `work` on every item, `width` at a time. */
async function pool<T>(items: T[], width: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: width }, async () => {
      while (next < items.length) await work(items[next++]!);
    }),
  );
}

/** What the gateway's catalog cache holds (records and whole answers), from its /metrics. */
async function cacheHolding(base: string): Promise<{ bytes: number; entries: number } | null> {
  try {
    const text = await (await fetch(`${base}/metrics`)).text();
    const value = (name: string) => Number(new RegExp(`^${name} (\\S+)$`, 'm').exec(text)?.[1] ?? NaN);
    const held = { bytes: value('catalog_cache_bytes'), entries: value('catalog_cache_entries') };
    return Number.isFinite(held.bytes) && Number.isFinite(held.entries) ? held : null;
  } catch {
    return null;
  }
}

/** A progress line on stdout, with the seconds since the run started. */
const progress = (what: string) => console.log(`[${((Date.now() - runStarted) / 1000).toFixed(1)} s] ${what}`);

const range = (first: number, count: number) => Array.from({ length: count }, (_, index) => first + index);

/** A warm-up pass's requests: the answer's text, or a failure for anything but 200. */
function asker(base: string, agent: Agent): (path: string, body?: string) => Promise<string> {
  // node:http, not fetch: the same headers as autocannon's requests (no Accept and the like), so
  // that whatever the gateway keys its caches by, the pass fills what the scenarios will ask for.
  return (path: string, body?: string) =>
    new Promise<string>((resolve, reject) => {
      const headers =
        body === undefined ? {} : { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) };
      const request = httpRequest(
        `${base}${path}`,
        { method: body === undefined ? 'GET' : 'POST', agent, headers },
        (response) => {
          const chunks: Buffer[] = [];
          response.on('data', (chunk: Buffer) => chunks.push(chunk));
          response.on('error', reject);
          response.on('end', () => {
            const text = Buffer.concat(chunks).toString('utf8');
            if (response.statusCode === 200) resolve(text);
            else reject(new Error(`warm-up: ${path} answered ${response.statusCode}: ${text.slice(0, 300)}`));
          });
        },
      );
      request.on('error', reject);
      request.end(body);
    });
}

/**
 * The warm gateway's warm-up pass: asks once for every product, every image's comparables and
 * every GraphQL image of the scenarios, so that the catalog cache holds all of it before any
 * measurement. Returns the GraphQL answers of (b), keyed by request body, for the memory limit.
 */
async function touchEverything(base: string): Promise<Record<string, string>> {
  const agent = new Agent({ keepAlive: true, maxSockets: 8 });
  const ask = asker(base, agent);
  try {
    // (smoke mode skips the products: nothing is measured.)
    if (!smoke) await pool(range(1, products), 8, async (id) => void (await ask(productPath(id))));
    await pool(range(1, images), 8, async (id) => void (await ask(comparablesPath(id))));
    const answers: Record<string, string> = {};
    const graphqlIds = [
      ...range(1, images),
      ...(smoke ? [] : benchShape.media.slice(1).flatMap(({ firstId, count }) => range(firstId, count))),
    ];
    await pool(graphqlIds, 8, async (id) => {
      const body = graphqlBody(id);
      const text = await ask('/graphql', body);
      const answer = JSON.parse(text) as { data?: { image?: unknown }; errors?: unknown };
      if (answer.errors || !answer.data?.image)
        throw new Error(`warm-up: GraphQL image ${id} answered ${text.slice(0, 300)}`);
      if (id <= images) answers[body] = text;
    });
    return answers;
  } finally {
    agent.destroy();
  }
}

function prepareDatabase(): void {
  mkdirSync(dataDir, { recursive: true });
  const text = `${JSON.stringify(benchCatalog())}\n`;
  const digest = createHash('sha256').update(text).digest('hex');
  if (!existsSync(catalogFile) || createHash('sha256').update(readFileSync(catalogFile)).digest('hex') !== digest)
    writeFileSync(catalogFile, text);
  const started = Date.now();
  // The normal import command; a second run finds every row unchanged.
  execFileSync(process.execPath, [join(projectRoot, 'dist', 'src', 'catalog', 'import', 'cli.js'), catalogFile], {
    cwd: projectRoot,
    env: { ...process.env, DATABASE_URL: `file:${databaseFile}` },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  console.log(`bench catalog imported into ${databaseFile} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}

/** With --profile: a summary of the CPU profile of each of these scenarios that has one (the unmet targets' scenarios and their references). */
function profileSection(scenarios: string[]): string[] {
  if (!profiling) return [];
  const names = [...new Set(scenarios)].filter((name) => existsSync(join(profileDir, `${name}.cpuprofile`)));
  return [
    `### Profiles of the targets not met (\`--cpu-prof\`-style sampling in the process, ${profileDir.replace(projectRoot + '/', '')}/<scenario>.cpuprofile)`,
    '',
    ...names.flatMap((name) => profileLines(name, summarizeProfile(join(profileDir, `${name}.cpuprofile`)))),
  ];
}

function mercuriusVersion(): string {
  return (
    JSON.parse(readFileSync(join(projectRoot, 'node_modules', 'mercurius', 'package.json'), 'utf8')) as {
      version: string;
    }
  ).version;
}

function machine(): string {
  const cpu = cpus();
  return `${cpu[0]?.model.trim() ?? 'unknown CPU'}, ${cpu.length} cores, ${Math.round(totalmem() / 2 ** 30)} GiB, Linux ${release()}, Node ${process.version}, ${new Date().toISOString().slice(0, 10)}`;
}

/** The node flags of `npm start` (package.json), so the gateway runs here as it runs there. */
/** Issue 14's targets: the project's rps at least `min` × the raw baseline's or the memory limit's. */
const targets: Record<string, { against: 'raw' | 'limit'; min: number }> = {
  'a-product-cold': { against: 'raw', min: 0.6 },
  'b-graphql-image-cold': { against: 'raw', min: 0.5 },
  'c-comparables-cold': { against: 'raw', min: 1.0 },
  'a-product-warm': { against: 'limit', min: 0.8 },
  'b-graphql-image-warm': { against: 'limit', min: 0.3 },
  'c-comparables-warm': { against: 'limit', min: 0.5 },
};

interface Compared extends Measure {
  raw_rps: number | null;
  limit_rps: number | null;
  raw_ratio: number | null;
  limit_ratio: number | null;
  /** The same ratios of rps per server core. */
  raw_core_ratio: number | null;
  limit_core_ratio: number | null;
  target: string | null;
  met: boolean | null;
}

/** project / reference, two decimals (three below 0.1). */
const ratio = (rps: number, reference: number | undefined) => {
  if (!reference) return null;
  const scale = rps / reference < 0.1 ? 1000 : 100;
  return Math.round((rps / reference) * scale) / scale;
};
const mib = (bytes: number) => (bytes / 2 ** 20).toFixed(1);
const thousands = (value: number | null) => (value === null ? '' : value.toLocaleString('en-US'));

async function main(): Promise<void> {
  // The player events ingest is measured by its own script (player-events.ts); a smoke run keeps it working.
  if (smoke) {
    const ingest = await measureIngest({ smoke });
    progress(`player events ingest (smoke):\n${ingest.lines.join('\n')}`);
    if (ingest.errors > 0) process.exitCode = 1;
  }
  prepareDatabase();
  if (profiling) {
    rmSync(profileDir, { recursive: true, force: true });
    mkdirSync(profileDir, { recursive: true });
  }
  const measures: Record<string, Measure> = {};

  // 1. The gateway, warm: every id asked once, then each scenario after its own warm-up.
  const warm = await startProfiled(gatewayScript, [], startFlags(), gatewayEnv, '/readyz');
  const primeStarted = Date.now();
  const graphqlAnswers = await touchEverything(warm.base);
  progress(
    `warm gateway: warm-up pass (every ${smoke ? '' : 'product, '}comparables and GraphQL image once) took ${((Date.now() - primeStarted) / 1000).toFixed(1)} s`,
  );
  writeFileSync(graphqlAnswersFile, JSON.stringify(graphqlAnswers));
  measures['a-product-warm'] = await load(warm, 'a-product-warm', [productRequests]);
  measures['b-graphql-image-warm'] = await load(warm, 'b-graphql-image-warm', [graphqlImages(1, images)]);
  measures['c-comparables-warm'] = await load(warm, 'c-comparables-warm', [comparablesRequests]);
  const warmCache = await cacheHolding(warm.base);
  measures['d-cart-mix'] = await load(warm, 'd-cart-mix', cartMix());
  for (const { size, firstId, count } of benchShape.media)
    measures[`e-graphql-image-${size}x5`] = await load(warm, `e-graphql-image-${size}x5`, [
      graphqlImages(firstId, count),
    ]);
  // (g) reads while orders flow: quiet, then with 5 and with 50 submits per second.
  measures['g-graphql-quiet'] = await load(warm, 'g-graphql-quiet', [graphqlImages(1, flowImages)]);
  measures['g-rest-quiet'] = await load(warm, 'g-rest-quiet', [flowComparables]);
  const flows: Record<string, Flow> = {};
  flows['g-order-warm-up'] = await warmOrderPath(warm.base, 50, benchShape.products, orderWarmupSeconds(smoke));
  for (const rate of [5, 50]) {
    for (const [kind, requests] of [
      ['graphql', graphqlImages(1, flowImages)],
      ['rest', flowComparables],
    ] as const) {
      const { result, flow } = await whileOrdersFlow(warm.base, rate, benchShape.products, () =>
        load(warm, `g-${kind}-flow-${rate}`, [requests]),
      );
      measures[`g-${kind}-flow-${rate}`] = result;
      flows[`g-${kind}-flow-${rate}`] = flow;
    }
  }
  const peakRss = warm.peakRssMiB();
  await warm.stop();

  // (g) on PostgreSQL: the same catalog imported into a scratch database, quiet and with 50 submits/s.
  const onPostgres = await flowOnPostgres({
    catalogFile,
    products: benchShape.products,
    gatewayScript,
    gatewayEnv,
    requests: { graphql: graphqlImages(1, flowImages), rest: flowComparables },
    warmUp: async (base) => {
      const agent = new Agent({ keepAlive: true });
      const ask = asker(base, agent);
      try {
        for (const id of range(1, flowImages)) {
          await ask('/graphql', graphqlBody(id));
          await ask(comparablesPath(id));
        }
      } finally {
        agent.destroy();
      }
    },
    loadOptions,
    smoke,
    progress,
  });
  Object.assign(measures, onPostgres.measures);
  Object.assign(flows, onPostgres.flows);

  // 2. The gateway, cold: no in-process cache of catalog answers.
  progress('warm gateway measured; starting the cold gateway');
  const cold = await startProfiled(
    gatewayScript,
    [],
    startFlags(),
    { ...gatewayEnv, CATALOG_CACHE_MAX_ENTRIES: '0' },
    '/readyz',
  );
  measures['a-product-cold'] = await load(cold, 'a-product-cold', [productRequests]);
  measures['b-graphql-image-cold'] = await load(cold, 'b-graphql-image-cold', [graphqlImages(1, images)]);
  measures['c-comparables-cold'] = await load(cold, 'c-comparables-cold', [comparablesRequests]);
  // The answers the peer must give too (read now: the orders above changed stock).
  const coldAnswers = await Promise.all(
    [1, 2, 3].map(async (id) => ({
      id,
      text: await (
        await fetch(`${cold.base}/graphql`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: graphqlBody(id),
        })
      ).text(),
    })),
  );
  // The catalog search (no answer cache: every search is computed), 1-3 words with the facets.
  const searches = searchQueries('bench', products, 500).map((query) => query.path);
  let nextSearch = 0;
  measures['f-search'] = await load(cold, 'f-search', [
    {
      method: 'GET',
      path: searches[0]!,
      setupRequest: (request: { path?: string }) => ({
        ...request,
        path: searches[(nextSearch += 1) % searches.length]!,
      }),
    },
  ]);
  const peakRssCold = cold.peakRssMiB();
  await cold.stop();

  progress('cold gateway measured; starting the raw baseline');
  // 3. The raw baseline; then the memory limit loads its answers from it, and it stops.
  const raw = await start(baselineScript, [databaseFile, '{port}'], [], {}, productPath(1));
  measures['raw-product'] = await load(raw, 'raw-product', [productRequests]);
  measures['raw-comparables'] = await load(raw, 'raw-comparables', [comparablesRequests]);
  writeFileSync(
    memorySpecFile,
    JSON.stringify({ source: raw.base, products, images, graphqlAnswers: graphqlAnswersFile }),
  );
  const limit = await start(memoryScript, [memorySpecFile, '{port}'], [], {}, productPath(1));
  await raw.stop();

  // 5. The peer: Mercurius + graphql-jit over the raw SQL, same document, same answer.
  const peer = await startProfiled(peerScript, [databaseFile, '{port}'], [], {}, '/graphql?query=%7B__typename%7D');
  for (const { id, text } of coldAnswers) {
    const answer = await (
      await fetch(`${peer.base}/graphql`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: graphqlBody(id),
      })
    ).text();
    // The same data; the gateway's answer also reports its cost (extensions.cost), the peer's none.
    const { extensions: _cost, ...gateway } = JSON.parse(text) as Record<string, unknown>;
    if (!isDeepStrictEqual(JSON.parse(answer), gateway))
      throw new Error(
        `the peer's answer for image ${id} is not the gateway's:\n${answer.slice(0, 600)}\n${text.slice(0, 600)}`,
      );
  }
  measures['peer-graphql-image'] = await load(peer, 'peer-graphql-image', [graphqlImages(1, images)]);
  await peer.stop();

  // 4. The memory limit.
  progress('raw baseline measured; memory limit server loaded');
  measures['limit-product'] = await load(limit, 'limit-product', [productRequests]);
  measures['limit-comparables'] = await load(limit, 'limit-comparables', [comparablesRequests]);
  measures['limit-graphql-image'] = await load(limit, 'limit-graphql-image', [graphqlImages(1, images)]);
  const limitHolding = (await (await fetch(`${limit.base}/_held`)).json()) as { answers: number; bytes: number };
  await limit.stop();

  progress('memory limit measured; counting cart statements');
  const statements: StatementCounts = await countStatements(databaseFile);

  // The relevance benchmark, in process, against MiniSearch (smoke: a tenth of the catalog, 5 queries of each kind).
  progress('ranking the relevance queries');
  const relevance = smoke ? runRelevance(5_000, 5) : runRelevance(50_000, 50, 3);

  const references: Record<string, { raw: string; limit: string }> = {
    a: { raw: 'raw-product', limit: 'limit-product' },
    b: { raw: 'raw-comparables', limit: 'limit-graphql-image' },
    c: { raw: 'raw-comparables', limit: 'limit-comparables' },
  };
  const compared: Record<string, Compared> = {};
  for (const [name, measure] of Object.entries(measures)) {
    const reference = references[name.slice(0, 1)];
    const compares = name.endsWith('-cold') || name.endsWith('-warm');
    const rawRef = compares ? measures[reference!.raw] : undefined;
    const limitRef = compares ? measures[reference!.limit] : undefined;
    const rawRps = rawRef?.rps;
    const limitRps = limitRef?.rps;
    const rawRatio = ratio(measure.rps, rawRps);
    const limitRatio = ratio(measure.rps, limitRps);
    const target = targets[name];
    const achieved = target ? (target.against === 'raw' ? rawRatio : limitRatio) : null;
    compared[name] = {
      ...measure,
      raw_rps: rawRps ?? null,
      limit_rps: limitRps ?? null,
      raw_ratio: rawRatio,
      limit_ratio: limitRatio,
      raw_core_ratio:
        measure.rps_per_core === null || !rawRef ? null : ratio(measure.rps_per_core, rawRef.rps_per_core ?? undefined),
      limit_core_ratio:
        measure.rps_per_core === null || !limitRef
          ? null
          : ratio(measure.rps_per_core, limitRef.rps_per_core ?? undefined),
      target: target ? `≥ ${target.min.toFixed(1)} × ${target.against}` : null,
      // Verdicts belong to real runs: a smoke run of a second measures nothing.
      met: !smoke && target && achieved !== null ? achieved >= target.min : null,
    };
  }

  const cpu = (c: Measure) => `${c.server_cpu_pct ?? '?'} / ${c.load_cpu_pct} / ${c.other_cpu_pct ?? '?'}`;
  /** The errors, with what they were: statuses other than 2xx, timeouts, and the rest (no answer). */
  const errorsOf = (c: Measure) => {
    if (c.errors === 0) return '0';
    const statuses = Object.entries(c.statuses ?? {}).map(([status, count]) => `${status}: ${count}`);
    const answered = Object.values(c.statuses ?? {}).reduce((sum, count) => sum + count, 0);
    const unanswered = c.errors - answered - c.timeouts;
    const kinds = [
      ...statuses,
      ...(c.timeouts > 0 ? [`timeouts: ${c.timeouts}`] : []),
      ...(unanswered > 0 ? [`socket errors: ${unanswered}`] : []),
    ];
    return `${c.errors} (${kinds.join(', ')})`;
  };
  const perCore = (c: Compared) =>
    `${thousands(c.rps_per_core)} (${c.raw_core_ratio ?? '?'} / ${c.limit_core_ratio ?? '?'})`;
  const header =
    '| scenario | project rps | raw rps | limit rps | project/raw | project/limit | target | p50 ms | p99 ms | CPU % server / load / other | rps per server core (/raw, /limit) | errors |';
  const rule = '|---|---|---|---|---|---|---|---|---|---|---|---|';
  const row = (name: string) => {
    const c = compared[name]!;
    const verdict = c.target === null ? '' : smoke ? c.target : `${c.target}: ${c.met ? '**met**' : '**not met**'}`;
    return `| ${name} | ${thousands(c.rps)} | ${thousands(c.raw_rps)} | ${thousands(c.limit_rps)} | ${c.raw_ratio ?? ''} | ${c.limit_ratio ?? ''} | ${verdict} | ${c.p50_ms} | ${c.p99_ms} | ${cpu(c)} | ${perCore(c)} | ${errorsOf(c)} |`;
  };
  const plainRow = (name: string) => {
    const c = compared[name]!;
    return `| ${name} | ${thousands(c.rps)} | ${c.p50_ms} | ${c.p99_ms} | ${cpu(c)} | ${thousands(c.rps_per_core)} | ${errorsOf(c)} |`;
  };
  const scale = benchShape.media.map(({ size }) => {
    const measure = measures[`e-graphql-image-${size}x5`]!;
    // ms of one connection's time per product of the answer
    return `${size} products → ${thousands(measure.rps)} rps, ${measure.rps > 0 ? ((1e3 * connections) / measure.rps / size).toFixed(2) : '?'} ms per product`;
  });
  const judged = smoke ? [] : judge((name) => measures[name]?.rps);
  const shared = Object.entries(measures).filter(([, measure]) => (measure.other_cpu_pct ?? 0) > 20);
  const now = new Date();
  const report = [
    `## Run ${now.toISOString().slice(0, 16).replace('T', ' ')} UTC: cold and warm, against the raw baseline and the memory limit${smoke ? ' (smoke: not a measurement)' : ''}`,
    '',
    `Machine: ${machine()}.`,
    `Load: autocannon, ${connections} connections, ${warmup} s warm-up, a ${settleMs / 1000} s pause, then ${duration} s per scenario, random ids; one server at a time. Gateway as \`npm start\` runs it (node ${startFlags().join(' ')}).`,
    `Catalog: ${thousands(benchShape.products)} products × 2 SKUs, ${benchShape.similarPerProduct} comparables each; (a) asks for ${thousands(products)} products, (b) and (c) for ${images} images of 20 products; SQLite (${databaseFile.replace(projectRoot + '/', '')}).`,
    'raw = the raw baseline (Fastify + better-sqlite3, hand-written SQL); limit = the memory limit server (every answer pre-serialized in a Map). ' +
      "For (b), raw is the raw REST comparables answer (the baseline has no GraphQL) and limit is the gateway's own GraphQL answer served pre-serialized, keyed by the request body. " +
      'CPU: over the measured seconds, % of one core, of the server process, of the load generator (autocannon, in the harness process) and of everything else on the machine; ' +
      'a server well under 100 % with the load generator near 100 % was limited by the load generator, and "other" well above 0 means something else shared the 2 cores during the measurement. ' +
      "rps per server core: requests over the server's CPU seconds, with its ratios to raw and limit: what each server does with the CPU it got (the targets are judged on rps, not on this).",
    '',
    '### Cold: `CATALOG_CACHE_MAX_ENTRIES=0`, every catalog read goes to the database',
    '',
    header,
    rule,
    ...['a-product-cold', 'b-graphql-image-cold', 'c-comparables-cold'].map(row),
    '',
    '### Warm: catalog cache on (default config), after a pass over every id',
    '',
    header,
    rule,
    ...['a-product-warm', 'b-graphql-image-warm', 'c-comparables-warm'].map(row),
    '',
    `(b) warm against the memory limit's REST comparables answer (pre-serialized) instead of its GraphQL one: ${ratio(compared['b-graphql-image-warm']!.rps, measures['limit-comparables']!.rps)} (${thousands(compared['b-graphql-image-warm']!.rps)} vs ${thousands(measures['limit-comparables']!.rps)} rps).`,
    '',
    '### References and the other scenarios (warm gateway)',
    '',
    '| scenario | rps | p50 ms | p99 ms | CPU % server / load / other | rps per server core | errors |',
    '|---|---|---|---|---|---|---|',
    ...[
      'raw-product',
      'raw-comparables',
      'peer-graphql-image',
      'limit-product',
      'limit-comparables',
      'limit-graphql-image',
      'd-cart-mix',
      ...benchShape.media.map(({ size }) => `e-graphql-image-${size}x5`),
    ].map(plainRow),
    '',
    '### Catalog search (cold gateway: every search computed)',
    '',
    '| scenario | rps | p50 ms | p99 ms | CPU % server / load / other | rps per server core | errors |',
    '|---|---|---|---|---|---|---|',
    plainRow('f-search'),
    '',
    `peer = Mercurius ${mercuriusVersion()} with graphql-jit (jit: 1) on Fastify, the gateway's schema, the raw baseline's SQL (bench/peer/server.ts); its answers to images 1-3 were checked equal to the gateway's before it was measured.`,
    '',
    `### Reads while orders flow (warm gateway, ${flowImages} images: GraphQL documents and REST comparables)`,
    '',
    '| scenario | rps | p50 ms | p99 ms | CPU % server / load / other | rps per server core | errors |',
    '|---|---|---|---|---|---|---|',
    ...[
      'g-graphql-quiet',
      'g-graphql-flow-5',
      'g-graphql-flow-50',
      'g-rest-quiet',
      'g-rest-flow-5',
      'g-rest-flow-50',
    ].map(plainRow),
    ...(onPostgres.skipped
      ? ['', `On PostgreSQL: not measured (${onPostgres.skipped}).`]
      : ['g-pg-graphql-quiet', 'g-pg-graphql-flow-50', 'g-pg-rest-quiet', 'g-pg-rest-flow-50'].map(plainRow)),
    '',
    `Orders (the order path's warm-up of ${orderWarmupSeconds(smoke)} s before the flow scenarios, then during the measurements): ${Object.entries(
      flows,
    )
      .map(([name, flow]) => `${name} ${flow.placed} placed, ${flow.failed} failed (${flow.rate}/s asked)`)
      .join('; ')}.`,
    '',
    ...(smoke ? [] : ['### Targets (issues 25 and 41)', '', ...targetTable(judged), '']),
    ...profileSection(
      judged.filter((target) => target.met === false).flatMap((target) => [target.scenario, target.reference]),
    ),
    '### Relevance against MiniSearch (bench/relevance.ts, in process)',
    '',
    ...relevanceReport(relevance, !smoke),
    '',
    `Scale curve (GraphQL image, × 5 comparables, warm): ${scale.join('; ')}.`,
    `Cart mix: create → add → update → get per connection; each update sets a variant of that connection's cart to a new quantity (${cartUpdates.changed} updates changed the quantity, ${cartUpdates.unchanged} did not). SQL statements per operation: ${Object.entries(
      statements,
    )
      .map(([name, count]) => `${name} ${count}`)
      .join(', ')}.`,
    `Catalog cache of the warm gateway after (a), (b), (c): ${warmCache ? `${mib(warmCache.bytes)} MiB (estimated) in ${thousands(warmCache.entries)} entries, records and whole answers` : 'unknown'}; the memory limit held ${thousands(limitHolding.answers)} answers, ${mib(limitHolding.bytes)} MiB.`,
    `Gateway peak RSS: ${peakRss ?? 'unknown'} MiB warm, ${peakRssCold ?? 'unknown'} MiB cold.`,
    shared.length > 0
      ? `**Not alone on the machine**: other processes used more than 20 % of a core during ${shared.map(([name, measure]) => `${name} (${measure.other_cpu_pct} %)`).join(', ')}; those numbers are low.`
      : 'Nothing else used more than 20 % of a core during any measurement.',
    `Run time: ${Math.round((Date.now() - runStarted) / 1000)} s.`,
  ].join('\n');
  console.log(`\n${report}\n`);
  if (!smoke) {
    const resultsDir = join(projectRoot, 'bench', 'results');
    const resultsFile = join(resultsDir, `${now.toISOString().slice(0, 10)}.md`);
    mkdirSync(resultsDir, { recursive: true });
    if (!existsSync(resultsFile)) writeFileSync(resultsFile, `# Benchmark ${now.toISOString().slice(0, 10)}\n`);
    appendFileSync(resultsFile, `\n${report}\n`);
    console.log(`appended to ${resultsFile.replace(projectRoot + '/', '')}`);
  }
  const failed = Object.entries(measures).filter(([, measure]) => measure.errors > 0);
  const summary = Object.fromEntries(
    Object.entries(compared).map(([name, c]) => [
      name,
      {
        rps: c.rps,
        p50_ms: c.p50_ms,
        p99_ms: c.p99_ms,
        raw_rps: c.raw_rps,
        limit_rps: c.limit_rps,
        raw_ratio: c.raw_ratio,
        limit_ratio: c.limit_ratio,
        target: c.target,
        met: c.met,
        errors: c.errors,
        cpu_pct: { server: c.server_cpu_pct, load: c.load_cpu_pct, other: c.other_cpu_pct },
        rps_per_core: c.rps_per_core,
        raw_core_ratio: c.raw_core_ratio,
        limit_core_ratio: c.limit_core_ratio,
      },
    ]),
  );
  console.log(
    JSON.stringify({
      ...summary,
      targets: judged,
      relevance: {
        ...relevance.figures,
        targets: smoke ? [] : judgeRelevance(relevance.figures),
        engines: relevance.engines,
      },
      flows,
      peak_rss_mib: peakRss,
      peak_rss_mib_cold: peakRssCold,
      statements_per_operation: statements,
      warm_cache: warmCache,
      limit_holding: limitHolding,
      cart_updates: cartUpdates,
      connections,
      seconds: duration,
      smoke,
    }),
  );
  if (failed.length > 0) {
    console.error(`errors in ${failed.map(([name]) => name).join(', ')}`);
    process.exitCode = 1;
  }
  if (cartUpdates.unchanged > 0 || cartUpdates.changed === 0) {
    console.error(
      `cart mix: ${cartUpdates.unchanged} updates did not change the quantity they targeted (${cartUpdates.changed} did)`,
    );
    process.exitCode = 1;
  }
}

main().then(
  () => process.exit(process.exitCode ?? 0),
  (error: unknown) => {
    console.error(error);
    for (const child of running) child.kill('SIGTERM');
    process.exit(1);
  },
);
