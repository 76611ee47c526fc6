// The catalog version: the ETag of catalog answers and what in-process caches compare to know
// they are behind. CatalogMeta holds it as rows whose sum is the version.
import type { DbClient } from '../db/database.js';

/**
 * Rows of CatalogMeta that stock changes count in: the catalog version is the sum of all rows, so
 * every change moves it, and concurrent submits rarely wait on the same row (the import counts in
 * row 1).
 */
const stockVersionRows = 16;

/** Moves the catalog version (ETags, caches) in this transaction: an import (row 1) or a stock change (one of the others). */
export async function bumpCatalogVersion(db: DbClient, source: 'import' | 'stock'): Promise<void> {
  const id = source === 'import' ? 1 : 2 + Math.floor(Math.random() * stockVersionRows);
  await db.catalogMeta.upsert({ where: { id }, create: { id, version: 1 }, update: { version: { increment: 1 } } });
}

/** The catalog version: moved by every import that changes something and every stock change (0 before any). */
export async function catalogVersion(db: DbClient): Promise<number> {
  const { _sum } = await db.catalogMeta.aggregate({ _sum: { version: true } });
  return _sum.version ?? 0;
}
