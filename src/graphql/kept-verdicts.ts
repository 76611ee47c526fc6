// The limits' verdicts (limits.ts) kept for the operations that passed. A verdict depends on the
// document, the operation named, the list sizes it was reached with (the keeper clears them when
// those change) and the values of the variables its estimate read (page sizes), never on the
// others: a client that sends one document with a new id each time has it assessed once, not once
// per id. What is kept is bounded: in operations and documents, and in the characters of their
// text in all (each key holds its document).
import { LRUCache } from 'lru-cache';

/** An operation as the limits read it from a request. */
export interface KeptOperation {
  query: string;
  operationName?: string | undefined;
  variables?: Record<string, unknown> | undefined;
}

export class KeptVerdicts<V extends object | string> {
  /** The variables each document's estimate read, by document and operation name. */
  private readonly read: LRUCache<string, readonly string[]>;
  private readonly verdicts: LRUCache<string, V>;

  /** At most `maxEntries` operations and as many documents, `maxChars` characters of their text in all. */
  constructor(maxEntries: number, maxChars: number) {
    const half = Math.max(1, Math.floor(maxChars / 2));
    this.read = new LRUCache<string, readonly string[]>({
      max: maxEntries,
      maxSize: half,
      sizeCalculation: (names, key) => key.length + names.reduce((sum, name) => sum + name.length, 1),
    });
    this.verdicts = new LRUCache<string, V>({
      max: maxEntries,
      maxSize: half,
      sizeCalculation: (_, key) => Math.max(1, key.length),
    });
  }

  get(operation: KeptOperation): V | undefined {
    const document = documentKey(operation);
    const read = this.read.get(document);
    return read === undefined ? undefined : this.verdicts.get(verdictKey(document, read, operation.variables));
  }

  /** The verdict of an operation whose estimate read `variablesRead` (none: a verdict without one). */
  set(operation: KeptOperation, variablesRead: readonly string[], verdict: V): void {
    const document = documentKey(operation);
    // Names of their own: the parser's are slices of the request's text, which they would keep.
    this.read.set(document, JSON.parse(JSON.stringify(variablesRead)) as string[]);
    this.verdicts.set(verdictKey(document, variablesRead, operation.variables), verdict);
  }

  clear(): void {
    this.read.clear();
    this.verdicts.clear();
  }
}

const documentKey = (operation: KeptOperation) => JSON.stringify([operation.query, operation.operationName ?? null]);

/**
 * The document's key, and each variable read with its value, absent or given (null included). The
 * names are part of it: which variables an estimate reads may depend on the values of those it read
 * before (a size from `first` or else from `limit`), so a verdict stands for the same names with the
 * same values, never for the same values of other names.
 */
function verdictKey(document: string, read: readonly string[], variables: Record<string, unknown> = {}): string {
  if (read.length === 0) return document;
  return (
    document + JSON.stringify(read.map((name) => (Object.hasOwn(variables, name) ? [name, variables[name]] : [name])))
  );
}
