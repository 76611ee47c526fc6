// The most items a GraphQL list field can return, declared on the field: a number (a limit of the
// code: a cart's lines, a webhook's attempts) or the name of one of the catalog's measured list
// sizes (a product's SKUs: catalog/catalog-shape.repository.ts). The cost estimate (cost.ts) sizes
// every list by it, or by its `first`/`limit` when smaller; a list field with neither cannot be
// estimated and its operation is refused. A test holds every list field of the schema to one.
import { Extensions } from 'type-graphql';
import type { GraphQLField } from 'graphql';

/** A fixed number of items, or the name of a measured size. */
export type ListSize = number | string;

/** What the estimate reads a named size from: undefined for a name it does not know. */
export type ListSizes = (name: string) => number | undefined;

/**
 * `measured` with these sizes besides (of the configuration: the same for the process's life): the
 * same function until `measured` answers another.
 */
export function withSizes(fixed: Readonly<Record<string, number>>, measured: () => ListSizes): () => ListSizes {
  let from: ListSizes | undefined;
  let sizes: ListSizes = (name) => fixed[name];
  return () => {
    const current = measured();
    if (current !== from) {
      from = current;
      sizes = (name) => (Object.hasOwn(fixed, name) ? fixed[name] : current(name));
    }
    return sizes;
  };
}

/**
 * Declares the most items a list field returns for one parent. `within`: types one object of which
 * holds at most that many in all, however many lists they are spread over (a cart's lines, over
 * its stores): under one of them, the lists between do not multiply this one's items.
 */
export const MaxItems = (size: ListSize, within: readonly string[] = []) =>
  Extensions(within.length > 0 ? { maxItems: size, maxItemsWithin: [...within] } : { maxItems: size });

/** The most items a field declares it returns; undefined: none declared. */
export function declaredListSize(field: GraphQLField<unknown, unknown>): ListSize | undefined {
  const size = field.extensions?.maxItems;
  return typeof size === 'number' || typeof size === 'string' ? size : undefined;
}

/** The types one object of which holds at most the declared size of this list in all. */
export function declaredWithin(field: GraphQLField<unknown, unknown>): readonly string[] {
  const within = field.extensions?.maxItemsWithin;
  return Array.isArray(within) ? within.filter((type): type is string => typeof type === 'string') : [];
}
