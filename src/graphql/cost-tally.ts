// What the cost estimate (cost.ts) adds up for each selection, and how: a selection's tally
// (depth, cost, fields, the lists waiting for their page size or for the object that sizes them)
// and, for explaining walks, its costliest fields. Every count saturates.

/** How many of the costliest fields a refusal names. */
const explainedFields = 5;

/** Counts saturate here: far above any limit, and products of two stay finite. */
export const saturated = Number.MAX_SAFE_INTEGER;
export const add = (a: number, b: number) => Math.min(a + b, saturated);
export const multiply = (a: number, b: number) => Math.min(a * b, saturated);

/**
 * A field of the operation with a selection (an object, a list, a connection) or a list of scalars,
 * by its path in the answer, with what it costs in all, its selection included.
 */
export interface CostlyField {
  path: string;
  /** Items per parent: a list's page size, given or assumed (a connection's: its page); 1 for an object. */
  items: number;
  cost: number;
}

export interface Tally {
  /** Deepest chain of fields, introspection excluded: `{ a { b } }` is 2. */
  depth: number;
  /** Estimated cost, introspection excluded, without `paged`. */
  cost: number;
  /** Cost of one item of the `edges`/`nodes` lists here, to multiply by the enclosing page size. */
  paged: number;
  /** Fields, fragments spread out. */
  fields: number;
  /** Fields under `__schema` and `__type`, fragments spread out. */
  introspection: number;
  /**
   * Cost of lists sized in all per object of an enclosing type (list-size.ts, `within`), by that
   * type: added to the cost of each such object above, never multiplied by the lists between.
   */
  scoped: Readonly<Record<string, number>>;
  /** Explaining walks only: the costliest fields below, paths relative to here; those of `paged` and `scoped` apart. */
  costly: readonly CostlyField[];
  pagedCostly: readonly CostlyField[];
  scopedCostly: Readonly<Record<string, readonly CostlyField[]>>;
}

export const nothing: Tally = Object.freeze({
  depth: 0,
  cost: 0,
  paged: 0,
  fields: 0,
  introspection: 0,
  scoped: {},
  costly: [],
  pagedCostly: [],
  scopedCostly: {},
});

/** Both records' entries, those of the same key combined. */
export function merged<V>(
  a: Readonly<Record<string, V>>,
  b: Readonly<Record<string, V>>,
  combine: (x: V, y: V) => V,
): Record<string, V> {
  const sum = { ...a };
  for (const [key, value] of Object.entries(b)) sum[key] = key in sum ? combine(sum[key]!, value) : value;
  return sum;
}

/** The record without `key`. */
export function without<V>(record: Readonly<Record<string, V>>, key: string): Record<string, V> {
  const rest = { ...record };
  delete rest[key];
  return rest;
}

/** The costliest `explainedFields` of both, costliest first (the top of a union is the top of the tops). */
export const costliest = (a: readonly CostlyField[], b: readonly CostlyField[]) =>
  b.length === 0 ? a : [...a, ...b].sort((x, y) => y.cost - x.cost).slice(0, explainedFields);
export const under = (costly: readonly CostlyField[], key: string) =>
  costly.map((field) => ({ ...field, path: `${key}.${field.path}` }));
/** Costs times `factor`; a paged list's items (0: the page it is in) become `page` when given. */
export const times = (costly: readonly CostlyField[], factor: number, page?: number) =>
  costly.map((field) => ({
    ...field,
    items: field.items === 0 && page !== undefined ? page : field.items,
    cost: multiply(field.cost, factor),
  }));

/** Adds `part` to `sum` in place: selections side by side. */
export function absorb(sum: Tally, part: Tally): void {
  sum.depth = Math.max(sum.depth, part.depth);
  sum.cost = add(sum.cost, part.cost);
  sum.paged = add(sum.paged, part.paged);
  sum.fields = add(sum.fields, part.fields);
  sum.introspection = add(sum.introspection, part.introspection);
  if (Object.keys(part.scoped).length > 0) sum.scoped = merged(sum.scoped, part.scoped, add);
  sum.costly = costliest(sum.costly, part.costly);
  sum.pagedCostly = costliest(sum.pagedCostly, part.pagedCostly);
  if (Object.keys(part.scopedCostly).length > 0)
    sum.scopedCostly = merged(sum.scopedCostly, part.scopedCostly, costliest);
}
