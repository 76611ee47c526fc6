// Limits on what one GraphQL operation may ask for: selection depth and an estimated cost, both
// checked before anything runs. Over either → 400 QUERY_TOO_COMPLEX.
import type { ApolloServerPlugin } from '@apollo/server';
import { GraphQLError, Kind, getNamedType, getNullableType, isListType, isLeafType, type DocumentNode, type FragmentDefinitionNode, type GraphQLSchema, type OperationDefinitionNode, type SelectionSetNode } from 'graphql';
import { getComplexity, simpleEstimator, type ComplexityEstimator } from 'graphql-query-complexity';

export interface CostLimits {
  maxDepth: number;
  maxComplexity: number;
}

/** How many items an unbounded list field is assumed to return. */
const assumedListSize = 5;

/**
 * A list field costs its items' cost times its length: `first` or `limit` when the query gives
 * one, else an assumed size. Lists of scalars cost their length.
 */
const listEstimator: ComplexityEstimator = ({ field, args, childComplexity }) => {
  const type = getNullableType(field.type);
  if (!isListType(type)) return undefined;
  const bound = typeof args.first === 'number' ? args.first : typeof args.limit === 'number' ? args.limit : assumedListSize;
  return (isLeafType(getNamedType(type)) ? 1 : childComplexity + 1) * Math.max(bound, 1);
};

function selectionDepth(selectionSet: SelectionSetNode | undefined, fragments: Map<string, FragmentDefinitionNode>, visiting: Set<string>): number {
  if (!selectionSet) return 0;
  let deepest = 0;
  for (const selection of selectionSet.selections) {
    if (selection.kind === Kind.FIELD) {
      deepest = Math.max(deepest, selection.selectionSet ? 1 + selectionDepth(selection.selectionSet, fragments, visiting) : 1);
    } else if (selection.kind === Kind.INLINE_FRAGMENT) {
      deepest = Math.max(deepest, selectionDepth(selection.selectionSet, fragments, visiting));
    } else {
      const name = selection.name.value;
      const fragment = fragments.get(name);
      // A fragment that spreads itself is refused by validation; do not follow it here.
      if (!fragment || visiting.has(name)) continue;
      visiting.add(name);
      deepest = Math.max(deepest, selectionDepth(fragment.selectionSet, fragments, visiting));
      visiting.delete(name);
    }
  }
  return deepest;
}

/** The depth of an operation's deepest field: `{ a { b } }` is 2. */
export function operationDepth(document: DocumentNode, operation: OperationDefinitionNode): number {
  const fragments = new Map<string, FragmentDefinitionNode>();
  for (const definition of document.definitions) {
    if (definition.kind === Kind.FRAGMENT_DEFINITION) fragments.set(definition.name.value, definition);
  }
  return selectionDepth(operation.selectionSet, fragments, new Set());
}

function tooComplex(message: string, details: Record<string, number>): GraphQLError {
  return new GraphQLError(message, { extensions: { code: 'QUERY_TOO_COMPLEX', http: { status: 400 }, details } });
}

export function costLimitPlugin(schema: GraphQLSchema, limits: CostLimits): ApolloServerPlugin {
  return {
    async requestDidStart() {
      return {
        async didResolveOperation({ document, operation, request }) {
          if (!operation) return;
          if (operation.operation === 'subscription') {
            throw new GraphQLError('Subscriptions are not supported', { extensions: { code: 'BAD_REQUEST', http: { status: 400 } } });
          }
          const depth = operationDepth(document, operation);
          if (depth > limits.maxDepth) {
            throw tooComplex(`The operation is ${depth} levels deep; at most ${limits.maxDepth} are allowed`, { depth, max_depth: limits.maxDepth });
          }
          let complexity: number;
          try {
            complexity = getComplexity({
              schema,
              query: document,
              ...(operation.name ? { operationName: operation.name.value } : {}),
              variables: request.variables ?? {},
              estimators: [listEstimator, simpleEstimator({ defaultComplexity: 1 })],
            });
          } catch {
            // Variables that do not fit the operation: execution refuses them (BAD_USER_INPUT)
            // before any field runs, so there is no cost to bound.
            return;
          }
          if (complexity > limits.maxComplexity) {
            throw tooComplex(`The operation's estimated cost is ${complexity}; at most ${limits.maxComplexity} is allowed`, { complexity, max_complexity: limits.maxComplexity });
          }
        },
      };
    },
  };
}
