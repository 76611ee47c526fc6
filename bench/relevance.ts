// The relevance benchmark: how well the search ranks, against MiniSearch in the same run. A catalog
// and queries generated from a seed (relevance-catalog.ts: 50,000 products, ten kinds of queries,
// each with the products it should find as the generator placed them); our index built from the
// products in process (what each process's search thread builds from the stored catalog, the same
// on both engines) and MiniSearch 7.2 over the same texts. For each query, the first 10 of each:
//   recall@10     the relevant products among the first 10, over min(10, relevant ones);
//   precision@10  the relevant products among the first 10, over the products shown (at most 10);
//   MRR@10        (exact titles) 1 / the place of the product whose title the query is, 0 past 10.
// Also the index's bytes and build time. npm run bench runs it (a smaller catalog with --smoke);
// alone: tsc -p tsconfig.bench.json && node dist/bench/relevance.js [--products N] [--per-kind N] [--builds N]
// (the build time is the median of --builds builds, 5 by default).
import MiniSearch from 'minisearch';
import { SearchIndex } from '../src/search/search-index.js';
import { SearchIndexBuilder } from '../src/search/search-index.parts.js';
import { SearchService } from '../src/search/search.service.js';
import { relevanceCatalog, relevanceQueries, type RelevanceProduct, type RelevanceQuery } from './relevance-catalog.js';
import { judgeRelevance, relevanceTargetLines, type RelevanceFigures } from './targets.js';

/** An engine under test: the first 10 ids of a query. */
type Engine = (query: RelevanceQuery) => number[];

interface Scores {
  recall: number;
  precision: number;
  /** Exact titles only (null for the other kinds). */
  reciprocalRank: number | null;
}

function scoresOf(query: RelevanceQuery, top: readonly number[]): Scores {
  const relevant = new Set(query.relevant);
  const hits = top.filter((id) => relevant.has(id)).length;
  const rank = query.first === undefined ? -1 : top.indexOf(query.first);
  return {
    recall: relevant.size === 0 ? 1 : hits / Math.min(10, relevant.size),
    precision: top.length === 0 ? (relevant.size === 0 ? 1 : 0) : hits / top.length,
    reciprocalRank: query.first === undefined ? null : rank < 0 ? 0 : 1 / (rank + 1),
  };
}

/** Our index over the products, built `builds` times: the median build time, its bytes while built and once built. */
function ours(
  products: readonly RelevanceProduct[],
  builds: number,
): { engine: Engine; buildMs: number; bytes: number; builderBytes: number } {
  const times: number[] = [];
  let built: SearchIndex | null = null;
  let builderBytes = 0;
  for (let build = 0; build < builds; build += 1) {
    // The index before is let go first (a build while two are held measures the collector).
    built = null;
    const started = performance.now();
    const builder = new SearchIndexBuilder();
    for (const product of products) builder.add(product);
    builderBytes = builder.bytes;
    const index = SearchIndex.of(builder);
    times.push(performance.now() - started);
    built = index;
  }
  if (built === null) throw new Error('no build');
  const engine: Engine = (query) =>
    built
      .query({
        words: SearchService.wordTerms(built, query.text),
        filter: query.brand === undefined ? {} : { brands: [query.brand] },
        sort: 'RELEVANCE',
        first: 10,
        after: null,
      })
      .hits.map((hit) => hit.productId);
  const buildMs = times.sort((a, b) => a - b)[Math.floor(times.length / 2)]!;
  return { engine, buildMs, bytes: built.bytes, builderBytes };
}

/** Case and accents folded as a shop would set MiniSearch up (its default only lowers the case). */
const fold = (term: string) =>
  term
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase();

/** MiniSearch 7.2: every text field, the title boosted, fuzzy 0.2 and prefixes on every word, AND. */
function miniSearch(
  products: readonly RelevanceProduct[],
  combineWith: 'AND' | 'OR',
): { engine: Engine; buildMs: number } {
  const started = performance.now();
  const search = new MiniSearch({
    fields: ['title', 'brand', 'category', 'description', 'options'],
    storeFields: ['brand'],
    processTerm: fold,
    searchOptions: { boost: { title: 2 }, fuzzy: 0.2, prefix: true, combineWith },
  });
  search.addAll(
    products.map((product) => ({
      id: product.id,
      title: product.title,
      brand: product.brand,
      category: product.category,
      description: product.description,
      options: [...product.variantValues, ...product.skuNames].join(' '),
    })),
  );
  const buildMs = performance.now() - started;
  const engine: Engine = (query) =>
    search
      .search(query.text, query.brand === undefined ? {} : { filter: (result) => result.brand === query.brand })
      .slice(0, 10)
      .map((result) => result.id as number);
  return { engine, buildMs };
}

export interface KindFigures {
  kind: string;
  queries: number;
  recall: number;
  precision: number;
  mrr: number | null;
}

export interface EngineFigures {
  name: string;
  buildMs: number;
  bytes: number | null;
  /** Bytes the builder counted once every product was added (ours). */
  builderBytes: number | null;
  /** Mean milliseconds a query. */
  queryMs: number;
  kinds: KindFigures[];
  all: KindFigures;
}

const mean = (values: readonly number[]) =>
  values.length === 0 ? 0 : values.reduce((a, b) => a + b, 0) / values.length;

function figuresOf(
  name: string,
  queries: readonly RelevanceQuery[],
  engine: Engine,
): Omit<EngineFigures, 'buildMs' | 'bytes' | 'builderBytes'> {
  const started = performance.now();
  const scored = queries.map((query) => ({ query, scores: scoresOf(query, engine(query)) }));
  const queryMs = (performance.now() - started) / Math.max(1, queries.length);
  const summary = (kind: string, rows: typeof scored): KindFigures => {
    const ranks = rows.flatMap((row) => (row.scores.reciprocalRank === null ? [] : [row.scores.reciprocalRank]));
    return {
      kind,
      queries: rows.length,
      recall: mean(rows.map((row) => row.scores.recall)),
      precision: mean(rows.map((row) => row.scores.precision)),
      mrr: ranks.length === 0 ? null : mean(ranks),
    };
  };
  const kinds = [...new Set(queries.map((query) => query.kind))].map((kind) =>
    summary(
      kind,
      scored.filter((row) => row.query.kind === kind),
    ),
  );
  return { name, queryMs, kinds, all: summary('all', scored) };
}

export interface RelevanceRun {
  products: number;
  queries: number;
  engines: EngineFigures[];
  figures: RelevanceFigures;
}

/** Builds both engines over `products` generated products, asks each query of both, and scores them. */
export function runRelevance(productCount: number, perKind: number, builds = 1): RelevanceRun {
  const products = relevanceCatalog(productCount);
  const queries = relevanceQueries(products, perKind);
  const our = ours(products, builds);
  const engines: EngineFigures[] = [
    {
      ...figuresOf('ours', queries, our.engine),
      buildMs: our.buildMs,
      bytes: our.bytes,
      builderBytes: our.builderBytes,
    },
  ];
  for (const combineWith of ['AND', 'OR'] as const) {
    const mini = miniSearch(products, combineWith);
    engines.push({
      ...figuresOf(`MiniSearch 7.2 (${combineWith})`, queries, mini.engine),
      buildMs: mini.buildMs,
      bytes: null,
      builderBytes: null,
    });
  }
  // The reference is MiniSearch as set up at its best of AND and OR on exact titles.
  const [, and, or] = engines as [EngineFigures, EngineFigures, EngineFigures];
  const reference = (or.all.mrr ?? 0) > (and.all.mrr ?? 0) ? or : and;
  const figures: RelevanceFigures = {
    recall: engines[0]!.all.recall,
    mrr: engines[0]!.all.mrr ?? 0,
    referenceMrr: reference.all.mrr ?? 0,
    reference: reference.name,
  };
  return { products: productCount, queries: queries.length, engines, figures };
}

const mib = (bytes: number) => (bytes / 2 ** 20).toFixed(2);
const two = (value: number | null) => (value === null ? '' : value.toFixed(2));

/** The run as Markdown: a row per kind with each engine's figures, the indexes, and the targets. */
export function relevanceReport(run: RelevanceRun, verdicts: boolean): string[] {
  const names = run.engines.map((engine) => engine.name);
  const row = (kind: string) => {
    const of = run.engines.map((engine) => (kind === 'all' ? engine.all : engine.kinds.find((k) => k.kind === kind)!));
    return `| ${kind} | ${of[0]!.queries} | ${of.map((k) => two(k.recall)).join(' / ')} | ${of.map((k) => two(k.precision)).join(' / ')} | ${of.map((k) => two(k.mrr)).join(' / ')} |`;
  };
  return [
    `${run.products.toLocaleString('en-US')} generated products (bench/relevance-catalog.ts), ${run.queries} queries; figures as ${names.join(' / ')}.`,
    '',
    '| kind | queries | recall@10 | precision@10 | MRR@10 (exact title) |',
    '|---|---|---|---|---|',
    ...run.engines[0]!.kinds.map((kind) => row(kind.kind)),
    row('all'),
    '',
    ...run.engines.map(
      (engine) =>
        `${engine.name}: built in ${(engine.buildMs / 1000).toFixed(2)} s${engine.bytes === null ? '' : `, ${mib(engine.bytes)} MiB of typed arrays (${mib(engine.builderBytes!)} MiB counted while built)`}; ${engine.queryMs.toFixed(2)} ms a query.`,
    ),
    '',
    ...relevanceTargetLines(judgeRelevance(run.figures), verdicts),
  ];
}

function argument(name: string, fallback: number): number {
  const at = process.argv.indexOf(name);
  return at < 0 ? fallback : Number(process.argv[at + 1]);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const run = runRelevance(argument('--products', 50_000), argument('--per-kind', 50), argument('--builds', 5));
  console.log(relevanceReport(run, true).join('\n'));
}
