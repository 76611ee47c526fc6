// Validation of a catalog document (format version 1; docs/import.md). Reports every
// problem with its JSON path; produces the normalized records of document/import.model.ts (money in
// minor units, rates in ppm). References may point into the document or at rows already in the
// database. CatalogValidator (validator.ts) takes the document a record at a time (a
// file is streamed) and keeps only compact state: ids seen, with where they were first seen, the
// stores' currencies and the similar lists. A reference it cannot decide yet (to a section the
// document has not had yet) is handed back to the caller as pending and decided at the end;
// problems come out in document order whenever they were found.
// Each section of the document has its checks in a file of validate/ (stores, products, skus,
// media, similar), built on the checks of single values every section shares (checker.ts).
// The document's shape is declared once, in document/schema.ts: records are read through its
// Static types (a key it does not declare does not compile) with its limits and defaults.
// validateCatalog, here, checks a whole document held in memory; the import drives the validator
// itself, a record at a time, and writes as it reads. The import throws the problems it finds as
// one CatalogValidationError.
import type {
  CatalogDocument,
  ExistingCatalog,
  ImportMedia,
  ImportProduct,
  ImportStore,
  Problem,
} from '../document/import.model.js';
import { objectEvents } from '../document/events.js';
import { CatalogValidator, type PendingProduct, type PendingStore } from './validator.js';

export type ValidationResult =
  { ok: true; document: CatalogDocument } | { ok: false; problems: Problem[]; omitted: number };

export function validateCatalog(
  document: unknown,
  existing: ExistingCatalog,
  options: { maxProblems?: number } = {},
): ValidationResult {
  const validator = new CatalogValidator(existing, options);
  const stores: ImportStore[] = [];
  const products: ImportProduct[] = [];
  const media: ImportMedia[] = [];
  const pendingStores: PendingStore[] = [];
  const pendingProducts: PendingProduct[] = [];
  for (const event of objectEvents(document)) {
    if (event.kind === 'document') validator.document(event.value);
    else if (event.kind === 'version') validator.version(event.value);
    else if (event.kind === 'value') validator.value(event.section, event.value);
    else if (event.kind === 'start') validator.start(event.section);
    else if (event.kind === 'end') validator.end(event.section);
    else if (event.section === 'stores') {
      const store = validator.store(event.value, event.index);
      if (store) stores.push(store);
    } else if (event.section === 'products') {
      const checked = validator.product(event.value, event.index);
      if (checked) products.push(checked.product);
      pendingStores.push(...(checked?.pendingStores ?? []));
    } else if (event.section === 'media') {
      const checked = validator.media(event.value, event.index);
      if (checked) media.push(checked.media);
      pendingProducts.push(...(checked?.pendingProducts ?? []));
    } else validator.similarPair(event.value, event.index);
  }
  for (const pending of pendingStores) validator.checkStore(pending);
  for (const pending of pendingProducts) validator.checkProduct(pending);
  validator.finish();
  if (validator.failed) return { ok: false, problems: validator.problems(), omitted: validator.omitted };
  return { ok: true, document: { stores, products, media, similar: new Map(validator.similarLists()) } };
}

/** A document's problems as one error: each listed with its path, those beyond the limit counted. */
export class CatalogValidationError extends Error {
  constructor(
    readonly problems: Problem[],
    /** Problems found beyond those listed. */
    readonly omitted = 0,
  ) {
    const total = problems.length + omitted;
    const lines = problems.map((p) => `  ${p.path}: ${p.message}`);
    if (omitted > 0)
      lines.push(
        `  … and ${omitted} more problem${omitted === 1 ? '' : 's'} (the first ${problems.length} are listed)`,
      );
    super(`The catalog document has ${total} problem${total === 1 ? '' : 's'}:\n${lines.join('\n')}`);
    this.name = 'CatalogValidationError';
  }
}
