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
 * Whether this file is the one the last import read, while the catalog has not moved since (no
 * other import changed it, no stock was taken or given back): `skipped` is then the report of
 * importing it again (every row unchanged). The file is hashed only when that can be (a record
 * stands and its version is the catalog's): a first import of a 2 GB file would read it twice for
 * nothing. `digest` is the file's digest when it was hashed. The version is read before the record
 * of the last import: whatever commits in between, they cannot both match unless nothing did.
 */
export async function sameAsLastImport(
  db: Db,
  file: string,
): Promise<{ digest: string | null; skipped: ImportReport | null }> {
  const version = await catalogVersion(db);
  const last = await lastImport(db);
  if (!last || last.catalogVersion !== version) return { digest: null, skipped: null };
  const digest = await fileDigest(file);
  if (last.digest !== digest) return { digest, skipped: null };
  return { digest, skipped: { ...allUnchanged(last.report as unknown as ImportReport), skipped: true } };
}

/**
 * After a file was imported, in the import's transaction: `digest` is the file's as it was before
 * the import (null: not hashed before), `read` has hashed the text the import read, `startVersion`
 * is the catalog version the import started from.
 */
export async function recordFileImport(
  tx: DbClient,
  digest: string | null,
  read: Hash,
  startVersion: number,
  report: ImportReport,
): Promise<void> {
  const version = await catalogVersion(tx);
  const readDigest = read.digest('hex');
  // Recorded only when this document is all that moved the catalog while it was read: a
  // stock change committed meanwhile may have been compared before it (PostgreSQL), and a
  // file that changed was not imported as it was hashed.
  if ((digest !== null && readDigest !== digest) || version !== startVersion + (changedAnything(report) ? 1 : 0))
    await recordImport(tx, null);
  else {
    const last = await lastImport(tx);
    // Read again with nothing changed (--full): the record stands as it is.
    if (last?.digest !== readDigest || last.catalogVersion !== version)
      await recordImport(tx, {
        digest: readDigest,
        catalogVersion: version,
        report: report as unknown as Prisma.InputJsonValue,
      });
  }
}
