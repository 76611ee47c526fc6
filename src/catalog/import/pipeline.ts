// One pass over a catalog document's events, in the import's transaction: each record validated
// as it is read and handed to the writer, which writes while the document has no problem; what
// could not be decided yet waits in temporary files (spill.ts) and is decided at the end.
import type { DbClient } from '../../db/database.js';
import type { Dialect } from '../../db/dialect.js';
import { loadExisting } from './import.repository.js';
import type { ImportReport } from './report.js';
import type { CatalogEvent } from './document/events.js';
import { Spill } from './spill.js';
import { CatalogValidationError } from './validate/catalog.js';
import { CatalogValidator, type PendingProduct, type PendingStore } from './validate/validator.js';
import { CatalogWriter, type Later } from './writer.js';

export interface ImportOptions {
  /** Rows of a section per batch: one read of their stored rows, then their writes (default 1000). */
  batchSize?: number;
  /**
   * Characters of JSON a batch's records may hold: a batch is written once they reach it, however
   * few (a file's records; default 16 MiB).
   */
  batchText?: number;
  /** Problems reported in full; the others are counted (default 1000). */
  maxProblems?: number;
  /** How long the import's transaction may last, in ms (default 10 minutes for an object, an hour for a file). */
  timeoutMs?: number;
}

export const defaultBatchSize = 1000;
/** Large records make small batches: memory holds a batch, whatever its records hold. */
export const defaultBatchText = 16 * 1024 * 1024;

/** Decided at the end: a SKU's store, a media item's product. */
type Check = ({ kind: 'store' } & PendingStore) | ({ kind: 'product' } & PendingProduct);

type EventSource = AsyncIterable<CatalogEvent[]> | Iterable<CatalogEvent[]>;

/**
 * Reads the events, validating every record and writing while there is no problem; throws
 * CatalogValidationError with every problem.
 */
export async function runImport(
  tx: DbClient,
  dialect: Dialect,
  source: EventSource,
  options: ImportOptions,
): Promise<ImportReport> {
  // Validated inside the transaction, so what it checks against cannot change before the writes.
  const validator = new CatalogValidator(await loadExisting(tx, dialect), { maxProblems: options.maxProblems });
  const checks = new Spill<Check>('checks');
  const later = new Spill<Later>('later');
  const writer = new CatalogWriter(
    tx,
    dialect,
    validator,
    later,
    Math.max(1, options.batchSize ?? defaultBatchSize),
    options.batchText ?? defaultBatchText,
  );
  try {
    await writer.begin();
    for await (const events of source) {
      for (const event of events) {
        let wait: Promise<void> | undefined;
        switch (event.kind) {
          case 'document':
            validator.document(event.value);
            break;
          case 'version':
            validator.version(event.value);
            break;
          case 'value':
            validator.value(event.section, event.value);
            break;
          case 'start':
            validator.start(event.section);
            break;
          case 'end':
            validator.end(event.section);
            wait = writer.flush();
            break;
          case 'record':
            if (event.section === 'stores') {
              const store = validator.store(event.value, event.index);
              if (store) wait = writer.store(store, event.size);
            } else if (event.section === 'products') {
              const checked = validator.product(event.value, event.index);
              if (checked) {
                for (const pending of checked.pendingStores) await checks.push({ kind: 'store', ...pending });
                wait = writer.product(checked, event.size);
              }
            } else if (event.section === 'media') {
              const checked = validator.media(event.value, event.index);
              if (checked) {
                for (const pending of checked.pendingProducts) await checks.push({ kind: 'product', ...pending });
                wait = writer.media(checked, event.size);
              }
            } else validator.similarPair(event.value, event.index);
            break;
          case 'refused':
            // The rest of the document was not read: what is pending cannot be decided.
            validator.refused(event.path, event.message);
            throw new CatalogValidationError(validator.problems(), validator.omitted);
        }
        if (wait) await wait;
      }
    }
    for await (const check of checks.read()) {
      if (check.kind === 'store') validator.checkStore(check);
      else validator.checkProduct(check);
    }
    validator.finish();
    if (validator.failed) throw new CatalogValidationError(validator.problems(), validator.omitted);
    return await writer.finish();
  } finally {
    checks.remove();
    later.remove();
  }
}

/** The events of an object, a thousand at a time. */
export function* inLists(events: Iterable<CatalogEvent>): Generator<CatalogEvent[]> {
  let list: CatalogEvent[] = [];
  for (const event of events) {
    list.push(event);
    if (list.length >= 1000) {
      yield list;
      list = [];
    }
  }
  if (list.length > 0) yield list;
}
