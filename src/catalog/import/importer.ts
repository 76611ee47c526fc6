// Loads a catalog document into the database, a record at a time: each record is validated as it
// is read and written in batches, all in one transaction that is rolled back when the document
// has any problem (every problem is reported; nothing is written; writing stops at the first
// problem, reading goes on to find the others). A file is streamed, never parsed whole; an
// object in memory (tests, the seed) goes through the same pipeline. Each batch is compared with
// the stored rows in one statement (catalog-bulk.repository.ts) and only new or changed rows are written, so
// importing the same document twice writes nothing (and does not bump the catalog version).
//
// One pass, not a validating pass and then a writing one: a pass over the 200,000-product bench
// catalog reading and validating alone takes about 10 s, which a second pass would add to every
// import; a document found invalid near its end costs what was written before, rolled back
// (bench/results/import-200k.md).
//
// What can only be decided once the document is read (a reference to a section the document has
// not had yet, rows depending on it) waits in a temporary file (import/spill.ts) or in the
// validator's compact state (ids, similar lists): memory holds a batch and that state, not the
// document. A batch is bounded in rows and in the JSON its records hold, and a record in what it
// may hold (document/schema.ts; the file reader builds nothing else of it). Similar lists are
// written last, when they are complete.
//
// The pieces: document/ (what a document is: its schema and limits, its events, its records once
// checked), source.ts (a file's events), validate/ (the checks), pipeline.ts (the pass over the
// events), writer.ts (the batches and what waits; the column tables in columns.ts), last-import.ts
// (the same-file skip), report.ts (the counts).
import { createHash } from 'node:crypto';
import type { Db, DbClient } from '../../db/database.js';
import { dialectOf } from '../../db/dialect.js';
import { catalogVersion } from '../catalog-version.repository.js';
import type { CatalogDocument } from './document/import.model.js';
import { inImportTransaction, loadExisting } from './import.repository.js';
import { recordFileImport, sameAsLastImport } from './last-import.js';
import { inLists, runImport, type ImportOptions } from './pipeline.js';
import type { ImportReport } from './report.js';
import { objectEvents } from './document/events.js';
import { fileEvents } from './source.js';
import { CatalogValidationError, validateCatalog } from './validate/catalog.js';

export { CatalogSyntaxError } from './source.js';
export { CatalogValidationError } from './validate/catalog.js';
export { formatReport, type ImportReport, type Tally } from './report.js';
export type { ImportOptions } from './pipeline.js';

/** Validates the document against the database; throws CatalogValidationError with every problem. */
export async function prepareCatalog(db: DbClient, document: unknown): Promise<CatalogDocument> {
  const result = validateCatalog(document, await loadExisting(db, dialectOf(db)));
  if (!result.ok) throw new CatalogValidationError(result.problems, result.omitted);
  return result.document;
}

/** Imports a document held in memory (tests, the seed). */
export async function importCatalog(db: Db, document: unknown, options: ImportOptions = {}): Promise<ImportReport> {
  const dialect = dialectOf(db);
  return inImportTransaction(
    db,
    (tx) => runImport(tx, dialect, inLists(objectEvents(document)), options),
    options.timeoutMs ?? 10 * 60_000,
  );
}

export interface FileImportOptions extends ImportOptions {
  /** Reads the file even when it is the one the last import read and nothing changed since. */
  full?: boolean;
}

/**
 * Imports a document file, streamed: the file is read a block at a time and never parsed whole.
 * Throws CatalogSyntaxError when it is not JSON, CatalogValidationError when it has problems. A
 * file with the digest of the last import's, while the catalog is as that import left it, is not
 * read again (the report says `skipped`); `full` reads it all the same.
 */
export async function importCatalogFile(db: Db, file: string, options: FileImportOptions = {}): Promise<ImportReport> {
  let digest: string | null = null;
  if (!options.full) {
    const last = await sameAsLastImport(db, file);
    if (last.skipped) return last.skipped;
    digest = last.digest;
  }
  const dialect = dialectOf(db);
  return inImportTransaction(
    db,
    async (tx) => {
      const startVersion = await catalogVersion(tx);
      // The digest of what is imported, from the text the import reads (the file may change meanwhile).
      const read = createHash('sha256');
      const report = await runImport(tx, dialect, fileEvents(file, { onText: (text) => read.update(text) }), options);
      await recordFileImport(tx, digest, read, startVersion, report);
      return report;
    },
    options.timeoutMs ?? 60 * 60_000,
  );
}
