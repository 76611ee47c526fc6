// The estimated cost of one GraphQL operation, before it runs: every field costs 1 plus its
// selection, and a list multiplies its items' cost by the most items it can return: the size it
// declares (list-size.ts; for the catalog's lists, as measured at the last import), or its `first`
// or `limit` when smaller.
// The same estimate is the limit's (graphql/limits.ts) and what every answer reports in
// `extensions.cost`; when it is over the limit, an explaining walk names the fields that cost most.
// What a selection adds up to, and how selections combine: cost-tally.ts.
//
// Every count saturates, and each fragment is walked once per operation, so an estimate is one
// bounded pass over a bounded document. What cannot be estimated (a fragment cycle, a page size
// that is not an integer) throws Unestimable: the limits refuse it.
import {
  Kind,
  getNamedType,
  getNullableType,
  isInterfaceType,
  isListType,
  isObjectType,
  type FieldNode,
  type FragmentDefinitionNode,
  type GraphQLField,
  type GraphQLFieldMap,
  type GraphQLSchema,
  type GraphQLType,
  type OperationDefinitionNode,
  type SelectionSetNode,
  type ValueNode,
  type VariableDefinitionNode,
} from 'graphql';
import {
  absorb,
  add,
  costliest,
  merged,
  multiply,
  nothing,
  saturated,
  times,
  under,
  without,
  type CostlyField,
  type Tally,
} from './cost-tally.js';
import { declaredListSize, declaredWithin, type ListSizes } from './list-size.js';

/** How many items the `edges`/`nodes` of a connection without a page size are assumed to hold (none in this schema). */
export const assumedListSize = 5;

/**
 * Fields one operation's `__schema` and `__type` selections may expand to, fragments spread out.
 * graphql-js's `getIntrospectionQuery()` with every option expands to about 230.
 */
export const maxIntrospectionFields = 1000;

const introspectionRoots = new Set(['__schema', '__type']);
const pagedFields = new Set(['edges', 'nodes']);
const sizeArguments = ['first', 'limit'] as const;

export class Unestimable extends Error {}

const scopeTypesBySchema = new WeakMap<GraphQLSchema, ReadonlySet<string>>();

/** The types whose objects size some list in all (list-size.ts, `within`). */
function scopeTypesOf(schema: GraphQLSchema): ReadonlySet<string> {
  let types = scopeTypesBySchema.get(schema);
  if (!types) {
    const found = new Set<string>();
    for (const type of Object.values(schema.getTypeMap())) {
      if (isObjectType(type) || isInterfaceType(type))
        for (const field of Object.values(type.getFields()))
          for (const scope of declaredWithin(field)) found.add(scope);
    }
    types = found;
    scopeTypesBySchema.set(schema, types);
  }
  return types;
}

/** A type's fields when it has any (objects and interfaces); unknown types have none. */
function fieldsOf(type: GraphQLType | null | undefined): GraphQLFieldMap<unknown, unknown> | undefined {
  const named = type ? getNamedType(type) : undefined;
  return isObjectType(named) || isInterfaceType(named) ? named.getFields() : undefined;
}

/** What an operation asks for, as the limits weigh it. */
export interface Estimate {
  depth: number;
  /** The estimated cost: what `extensions.cost.estimated` reports. */
  cost: number;
  introspection: number;
  /** Explaining walks only: the costliest fields, costliest first. */
  costly: readonly CostlyField[];
  /**
   * The variables whose values it read (page sizes), given or not: the same document with the same
   * values of these has the same estimate, whatever the others hold.
   */
  variablesRead: readonly string[];
}

/**
 * Estimates one operation of a parsed document with fixed variables, lists sized by what they
 * declare (`sizes` tells the measured sizes). `explain` also names the costliest fields (a little
 * more work per field: for refusals).
 */
export function estimate(
  schema: GraphQLSchema,
  operation: OperationDefinitionNode,
  fragments: readonly FragmentDefinitionNode[],
  variables: Record<string, unknown>,
  sizes: ListSizes,
  explain = false,
): Estimate {
  const variableDefinitions = new Map(
    (operation.variableDefinitions ?? []).map((definition) => [definition.variable.name.value, definition]),
  );
  const estimator = new Estimator(schema, fragments, variableDefinitions, variables, sizes, explain);
  const tally = estimator.selectionSet(operation.selectionSet, fieldsOf(schema.getRootType(operation.operation)));
  // Lists sized in all per object of a type were folded into such an object above them: none is left.
  const unfolded = Object.values(tally.scoped).reduce(add, 0);
  return {
    depth: tally.depth,
    cost: add(add(tally.cost, unfolded), multiply(tally.paged, assumedListSize)),
    introspection: tally.introspection,
    costly: costliest(tally.costly, times(tally.pagedCostly, assumedListSize, assumedListSize)),
    variablesRead: [...estimator.variablesRead],
  };
}

class Estimator {
  private readonly fragments = new Map<string, FragmentDefinitionNode>();
  private readonly tallies = new Map<string, Tally>();
  private readonly walking = new Set<string>();
  /** The variables whose values the estimate read. */
  readonly variablesRead = new Set<string>();
  /** The named types of the fields being walked, outermost first. */
  private readonly open: string[] = [];
  private readonly scopeTypes: ReadonlySet<string>;

  constructor(
    private readonly schema: GraphQLSchema,
    definitions: readonly FragmentDefinitionNode[],
    private readonly variableDefinitions: ReadonlyMap<string, VariableDefinitionNode>,
    private readonly variables: Record<string, unknown>,
    private readonly sizes: ListSizes,
    private readonly explain: boolean,
  ) {
    for (const definition of definitions) this.fragments.set(definition.name.value, definition);
    this.scopeTypes = scopeTypesOf(schema);
  }

  selectionSet(selectionSet: SelectionSetNode, parent: GraphQLFieldMap<unknown, unknown> | undefined): Tally {
    const tally = { ...nothing };
    for (const selection of selectionSet.selections) {
      if (selection.kind === Kind.FIELD) absorb(tally, this.field(selection, parent));
      else if (selection.kind === Kind.INLINE_FRAGMENT) {
        const condition = selection.typeCondition
          ? fieldsOf(this.schema.getType(selection.typeCondition.name.value))
          : parent;
        absorb(tally, this.selectionSet(selection.selectionSet, condition));
      } else absorb(tally, this.fragment(selection.name.value));
    }
    return tally;
  }

  private fragment(name: string): Tally {
    // A fragment's cost depends on the types whose objects size lists in all that enclose it.
    const key = `${name}|${this.open.filter((type) => this.scopeTypes.has(type)).join('>')}`;
    const known = this.tallies.get(key);
    if (known) return known;
    if (this.walking.has(name)) throw new Unestimable(`fragment "${name}" spreads itself`);
    const definition = this.fragments.get(name);
    if (!definition) throw new Unestimable(`fragment "${name}" is not defined`);
    this.walking.add(name);
    const tally = this.selectionSet(
      definition.selectionSet,
      fieldsOf(this.schema.getType(definition.typeCondition.name.value)),
    );
    this.walking.delete(name);
    this.tallies.set(key, tally);
    return tally;
  }

  /**
   * A field costs 1 plus its selection; a list field costs that times its items: the most it can
   * return (its declared size, list-size.ts), or its `first` or `limit` when smaller. A list sized
   * in all per object of an enclosing type costs that once per such object, whatever the lists
   * between. A field with a page size that is not a list (a connection) multiplies its `edges` and
   * `nodes` lists by it instead. A list with neither cannot be estimated. Unknown fields cost 1 per
   * field: validation refuses them later.
   */
  private field(node: FieldNode, parent: GraphQLFieldMap<unknown, unknown> | undefined): Tally {
    const name = node.name.value;
    const definition = parent?.[name];
    const type = definition ? getNamedType(definition.type).name : '';
    const list = definition !== undefined && isListType(getNullableType(definition.type));
    const scope = list ? this.enclosingScope(definition) : undefined;
    this.open.push(type);
    const selection = node.selectionSet ? this.selectionSet(node.selectionSet, fieldsOf(definition?.type)) : nothing;
    this.open.pop();
    const fields = add(1, selection.fields);
    if (introspectionRoots.has(name)) return { ...nothing, fields, introspection: fields };
    const size = this.pageSize(node, definition);
    const declared = list ? this.declaredSize(definition) : undefined;
    const paged = list && size === undefined && declared === undefined && pagedFields.has(name);
    // Introspection's lists (of __Type, __Field, …) are bounded by the schema and counted apart.
    if (list && !paged && size === undefined && declared === undefined && !type.startsWith('__'))
      throw new Unestimable(`the list field "${name}" declares no size`);
    const items = Math.min(size ?? saturated, declared ?? saturated);
    const pageOfPaged = list ? assumedListSize : (size ?? assumedListSize);
    // What lists sized in all per object of this field's type cost, once per object.
    const folded = selection.scoped[type] ?? 0;
    const pending = type in selection.scoped ? without(selection.scoped, type) : selection.scoped;
    const item = add(add(add(1, selection.cost), folded), multiply(selection.paged, pageOfPaged));
    const cost = paged ? 0 : list ? multiply(item, items) : item;
    const tally: Tally = {
      ...nothing,
      depth: add(1, selection.depth),
      cost: scope === undefined ? cost : 0,
      paged: paged ? item : 0,
      fields,
      introspection: selection.introspection,
      scoped: scope === undefined ? pending : merged(pending, { [scope]: cost }, add),
    };
    return this.explain
      ? this.explained(tally, node, selection, { type, scope, cost, list, paged, size, items, pageOfPaged })
      : tally;
  }

  /** The innermost enclosing type whose objects hold at most this list's size in all, if any. */
  private enclosingScope(definition: GraphQLField<unknown, unknown>): string | undefined {
    const within = declaredWithin(definition);
    if (within.length === 0) return undefined;
    return this.open.findLast((type) => within.includes(type));
  }

  /** The most items a list field returns, as it declares (a measured size by its name). */
  private declaredSize(definition: GraphQLField<unknown, unknown>): number | undefined {
    const size = declaredListSize(definition);
    if (typeof size !== 'string') return size;
    const measured = this.sizes(size);
    if (measured === undefined)
      throw new Unestimable(`the size "${size}" of the list field "${definition.name}" is not known`);
    return measured;
  }

  /**
   * The costliest fields at and below a field, paths from it (explaining walks): those of one
   * item, those paged in it over its page, those sized in all per object of its type, then the
   * whole times its items; a paged list itself (`edges`, `nodes`) waits, with its fields, for the
   * page size of its connection, and a list sized in all per object of an enclosing type, for that
   * object. A field counts when it has a selection or is a list: a scalar's cost is its parent's.
   */
  private explained(
    tally: Tally,
    node: FieldNode,
    selection: Tally,
    shape: {
      type: string;
      scope: string | undefined;
      cost: number;
      list: boolean;
      paged: boolean;
      size: number | undefined;
      items: number;
      pageOfPaged: number;
    },
  ): Tally {
    const key = node.alias?.value ?? node.name.value;
    const perItem = costliest(
      costliest(
        under(selection.costly, key),
        times(under(selection.pagedCostly, key), shape.pageOfPaged, shape.pageOfPaged),
      ),
      under(selection.scopedCostly[shape.type] ?? [], key),
    );
    const pending: Record<string, readonly CostlyField[]> = {};
    for (const [scope, costly] of Object.entries(selection.scopedCostly))
      if (scope !== shape.type) pending[scope] = under(costly, key);
    if (shape.paged)
      return {
        ...tally,
        pagedCostly: costliest([{ path: key, items: 0, cost: tally.paged }], perItem),
        scopedCostly: pending,
      };
    const items = shape.list ? shape.items : 1;
    const counts = shape.list || shape.size !== undefined || node.selectionSet !== undefined;
    const own = counts
      ? [{ path: key, items: shape.list ? items : shape.size !== undefined ? shape.pageOfPaged : 1, cost: shape.cost }]
      : [];
    const explained = costliest(own, times(perItem, items));
    if (shape.scope === undefined) return { ...tally, costly: explained, scopedCostly: pending };
    return { ...tally, scopedCostly: merged(pending, { [shape.scope]: explained }, costliest) };
  }

  /** The field's `first` or `limit` as the request gives it, else its default; undefined: none. */
  private pageSize(node: FieldNode, definition: GraphQLField<unknown, unknown> | undefined): number | undefined {
    for (const name of sizeArguments) {
      const argument = node.arguments?.find((candidate) => candidate.name.value === name);
      const size = argument ? this.size(argument.value) : undefined;
      if (size !== undefined) return size;
    }
    for (const name of sizeArguments) {
      const fallback = definition?.args.find((argument) => argument.name === name)?.defaultValue;
      if (typeof fallback === 'number') return positive(fallback);
    }
    return undefined;
  }

  private size(value: ValueNode): number | undefined {
    if (value.kind === Kind.INT) return positive(Number(value.value));
    if (value.kind === Kind.NULL) return undefined;
    if (value.kind !== Kind.VARIABLE) throw new Unestimable('a page size is not an integer');
    const name = value.name.value;
    const definition = this.variableDefinitions.get(name);
    if (!definition) throw new Unestimable(`variable $${name} is not defined by the operation`);
    this.variablesRead.add(name);
    if (!Object.hasOwn(this.variables, name))
      return definition.defaultValue ? this.size(definition.defaultValue) : undefined;
    const given = this.variables[name];
    if (given === null) return undefined;
    if (typeof given !== 'number' || !Number.isInteger(given))
      throw new Unestimable(`variable $${name} is not an integer`);
    return positive(given);
  }
}

/**
 * A page size below 1 is refused by the resolvers or means "no limit" to them, so it is
 * estimated as if absent.
 */
function positive(size: number): number | undefined {
  return size >= 1 ? Math.min(size, saturated) : undefined;
}
