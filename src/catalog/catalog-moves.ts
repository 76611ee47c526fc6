// How a stock move's products are stored in CatalogChange ("productIds": the ids, comma-separated),
// and read back: written by catalog-version.repository.ts, read by it and by the search thread
// (search/search.repository.ts), which reads the table on its own connection. No imports: the
// search thread loads this module alone.

/** The products of one move, as stored. */
export function storedProductIds(productIds: readonly number[]): string {
  return productIds.join(',');
}

/**
 * The products of the moves read (their stored lists), or null when fewer were read than asked
 * for (`expected`): a move no longer recorded, so the reader must drop or read everything.
 */
export function movedProducts(lists: readonly string[], expected: number): Set<number> | null {
  if (lists.length !== expected) return null;
  const ids = new Set<number>();
  for (const list of lists) for (const id of list.split(',')) if (id !== '') ids.add(Number(id));
  return ids;
}
