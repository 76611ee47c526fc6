// Which GraphQL operations read the catalog only: every root field is one of the catalog's (image,
// video, product, products). Their answers are the same for every caller: they run compiled
// (graphql/executor.ts) and are kept whole by the answer cache at the HTTP edge.
import { Kind, parse, type OperationDefinitionNode } from 'graphql';

/** Query root fields that read the catalog only. */
export const catalogQueryFields: ReadonlySet<string> = new Set(['image', 'video', 'product', 'products']);

/** Whether an operation is a query whose root fields all read the catalog. */
export function isCatalogOnly(operation: OperationDefinitionNode): boolean {
  return (
    operation.operation === 'query' &&
    operation.selectionSet.selections.every(
      (selection) => selection.kind === Kind.FIELD && catalogQueryFields.has(selection.name.value),
    )
  );
}

/** Whether the operation a request runs (by name, or the only one) reads the catalog only. */
export function catalogOnlyOperation(query: string, operationName: unknown): boolean {
  const operations = parse(query, { noLocation: true }).definitions.filter(
    (definition) => definition.kind === Kind.OPERATION_DEFINITION,
  );
  const operation =
    typeof operationName === 'string'
      ? operations.find((candidate) => candidate.name?.value === operationName)
      : operations.length === 1
        ? operations[0]
        : undefined;
  return operation !== undefined && isCatalogOnly(operation);
}
