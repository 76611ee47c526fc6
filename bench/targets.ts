// The targets (issues 25 and 41): each a scenario's rps at least `min` × a reference scenario's, in
// the same run. Judged on rps; printed with met / not met and kept in the JSON line.
export interface RatioTarget {
  scenario: string;
  reference: string;
  min: number;
  what: string;
}

export const ratioTargets: RatioTarget[] = [
  {
    scenario: 'b-graphql-image-cold',
    reference: 'peer-graphql-image',
    min: 1.0,
    what: 'cold GraphQL 20 × 5 against Mercurius + graphql-jit over the raw SQL',
  },
  {
    scenario: 'b-graphql-image-cold',
    reference: 'raw-comparables',
    min: 0.5,
    what: 'cold GraphQL 20 × 5 against raw REST comparables',
  },
  {
    scenario: 'g-graphql-flow-5',
    reference: 'g-graphql-quiet',
    min: 0.9,
    what: 'warm GraphQL (50 documents) with 5 submits/s against quiet',
  },
  {
    scenario: 'g-rest-flow-5',
    reference: 'g-rest-quiet',
    min: 0.9,
    what: 'warm REST comparables (50 images) with 5 submits/s against quiet',
  },
  {
    scenario: 'g-graphql-flow-50',
    reference: 'g-graphql-quiet',
    min: 0.6,
    what: 'warm GraphQL (50 documents) with 50 submits/s against quiet (SQLite)',
  },
  {
    scenario: 'g-rest-flow-50',
    reference: 'g-rest-quiet',
    min: 0.6,
    what: 'warm REST comparables (50 images) with 50 submits/s against quiet (SQLite)',
  },
  {
    scenario: 'g-pg-graphql-flow-50',
    reference: 'g-pg-graphql-quiet',
    min: 0.8,
    what: 'warm GraphQL (50 documents) with 50 submits/s against quiet (PostgreSQL)',
  },
  {
    scenario: 'g-pg-rest-flow-50',
    reference: 'g-pg-rest-quiet',
    min: 0.8,
    what: 'warm REST comparables (50 images) with 50 submits/s against quiet (PostgreSQL)',
  },
  {
    scenario: 'a-product-warm',
    reference: 'limit-product',
    min: 0.9,
    what: 'warm REST product against the memory limit',
  },
  {
    scenario: 'c-comparables-warm',
    reference: 'limit-comparables',
    min: 0.9,
    what: 'warm REST comparables against the memory limit',
  },
  {
    scenario: 'b-graphql-image-warm',
    reference: 'limit-graphql-image',
    min: 0.6,
    what: 'warm GraphQL 20 × 5 against the memory limit',
  },
];

export interface Judged extends RatioTarget {
  rps: number | null;
  reference_rps: number | null;
  ratio: number | null;
  met: boolean | null;
}

export function judge(rps: (scenario: string) => number | undefined): Judged[] {
  return ratioTargets.map((target) => {
    const value = rps(target.scenario);
    const reference = rps(target.reference);
    const ratio = value === undefined || !reference ? null : Math.round((value / reference) * 100) / 100;
    return {
      ...target,
      rps: value ?? null,
      reference_rps: reference ?? null,
      ratio,
      met: ratio === null ? null : ratio >= target.min,
    };
  });
}

/** The table of the targets, a row each. */
export function targetTable(judged: Judged[]): string[] {
  return [
    '| target | scenario | rps | reference | reference rps | ratio | verdict |',
    '|---|---|---|---|---|---|---|',
    ...judged.map(
      (row) =>
        `| ${row.what}: ≥ ${row.min.toFixed(1)} × | ${row.scenario} | ${row.rps?.toLocaleString('en-US') ?? '?'} | ${row.reference} | ${row.reference_rps?.toLocaleString('en-US') ?? '?'} | ${row.ratio ?? '?'} | ${row.met === null ? 'not measured' : row.met ? '**met**' : '**not met**'} |`,
    ),
  ];
}

/** The relevance benchmark's figures (relevance.ts): ours on every query, and the reference's exact-title MRR@10. */
export interface RelevanceFigures {
  recall: number;
  mrr: number;
  referenceMrr: number;
  /** Which MiniSearch set-up the reference is. */
  reference: string;
}

/** Issue 41's relevance targets: recall@10 of every query at least 0.97, exact-title MRR@10 at least MiniSearch's. */
export const minRecallAt10 = 0.97;

export interface RelevanceVerdict {
  what: string;
  figure: number;
  line: number;
  met: boolean;
}

export function judgeRelevance(figures: RelevanceFigures): RelevanceVerdict[] {
  return [
    {
      what: 'recall@10, every query',
      figure: figures.recall,
      line: minRecallAt10,
      met: figures.recall >= minRecallAt10,
    },
    {
      what: `exact-title MRR@10 against ${figures.reference}`,
      figure: figures.mrr,
      line: figures.referenceMrr,
      met: figures.mrr >= figures.referenceMrr,
    },
  ];
}

/** A line per relevance target: its figure, its line and (but in a smoke run) met or not met. */
export function relevanceTargetLines(verdicts: RelevanceVerdict[], judged: boolean): string[] {
  return verdicts.map(
    (verdict) =>
      `- ${verdict.what}: ${verdict.figure.toFixed(3)} (target ≥ ${verdict.line.toFixed(3)})${judged ? `: **${verdict.met ? 'met' : 'not met'}**` : ''}`,
  );
}
