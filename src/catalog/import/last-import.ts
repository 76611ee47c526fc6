// The same-file skip: a file whose digest is the last import's, while the catalog is as that
// import left it, is not read again. Here: the file's digest, the report such a file would get,
// and the record of the last import, kept only when the import alone moved the catalog.
import { createHash, type Hash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import type { Db, DbClient, Prisma } from '../../db/database.js';
import { catalogVersion } from '../catalog-version.repository.js';
import { lastImport, recordImport } from './import.repository.js';
import { changedAnything, type ImportReport, type Tally } from './report.js';

/** The SHA-256 of a file's text (as the import reads it: UTF-8), hex. */
export async function fileDigest(file: string): Promise<string> {
  const hash = createHash('sha256');
  for await (const block of createReadStream(file, {
    encoding: 'utf8',
    highWaterMark: 1 << 20,
  }) as AsyncIterable<string>)
    hash.update(block);
  return hash.digest('hex');
}

/** Every count of a report as unchanged (what importing the same document again finds). */
function allUnchanged(report: ImportReport): ImportReport {
  const unchanged = (tally: Tally) => ({
    inserted: 0,
    updated: 0,
    unchanged: tally.inserted + tally.updated + tally.unchanged,
  });
  return {
    stores: unchanged(report.stores),
    products: unchanged(report.products),
    skus: unchanged(report.skus),
    skusUnlisted: 0,
    media: unchanged(report.media),
    similarLists: unchanged(report.similarLists),
  };
}

/**
 * The report of importing this file again when the last import read a file of the same digest and
 * the catalog has not moved since (no other import changed it, no stock was taken or given back):
 * the import would find every row unchanged. Null otherwise. The version is read before the record
 * of the last import: whatever commits in between, they cannot both match unless nothing did.
 */
export async function sameAsLastImport(db: Db, digest: string): Promise<ImportReport | null> {
  const version = await catalogVersion(db);
  const last = await lastImport(db);
  if (!last || last.digest !== digest || last.catalogVersion !== version) return null;
  return { ...allUnchanged(last.report as unknown as ImportReport), skipped: true };
}

/**
 * After a file was imported, in the import's transaction: `digest` is the file's as it was before
 * the import, `read` has hashed the text the import read, `startVersion` is the catalog version
 * the import started from.
 */
export async function recordFileImport(
  tx: DbClient,
  digest: string,
  read: Hash,
  startVersion: number,
  report: ImportReport,
): Promise<void> {
  const version = await catalogVersion(tx);
  // Recorded only when this document is all that moved the catalog while it was read: a
  // stock change committed meanwhile may have been compared before it (PostgreSQL), and a
  // file that changed was not imported as it was hashed.
  if (read.digest('hex') !== digest || version !== startVersion + (changedAnything(report) ? 1 : 0))
    await recordImport(tx, null);
  else {
    const last = await lastImport(tx);
    // Read again with nothing changed (--full): the record stands as it is.
    if (last?.digest !== digest || last.catalogVersion !== version)
      await recordImport(tx, { digest, catalogVersion: version, report: report as unknown as Prisma.InputJsonValue });
  }
}
