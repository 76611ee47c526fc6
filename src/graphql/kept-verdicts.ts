// The limits' verdicts (limits.ts) kept for the operations that passed. A verdict depends on the
// document, the operation named, the list sizes it was reached with (the keeper clears them when
// those change) and the values of the variables its estimate read (page sizes), never on the
// others: a client that sends one document with a new id each time has it assessed once, not once
// per id. What is kept is bounded in entries and in the bytes of its keys (each holds its document).
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

  constructor(maxEntries: number, maxBytes: number) {
    const bounds = {
      max: maxEntries,
      maxSize: maxBytes,
      sizeCalculation: (_: unknown, key: string) => Math.max(1, key.length),
    };
    this.read = new LRUCache<string, readonly string[]>(bounds);
    this.verdicts = new LRUCache<string, V>(bounds);
  }

  get(operation: KeptOperation): V | undefined {
    const document = documentKey(operation);
    const read = this.read.get(document);
    return read === undefined ? undefined : this.verdicts.get(verdictKey(document, read, operation.variables));
  }

  /** The verdict of an operation whose estimate read `variablesRead` (none: a verdict without one). */
  set(operation: KeptOperation, variablesRead: readonly string[], verdict: V): void {
    const document = documentKey(operation);
    this.read.set(document, variablesRead);
    this.verdicts.set(verdictKey(document, variablesRead, operation.variables), verdict);
  }

  clear(): void {
    this.read.clear();
    this.verdicts.clear();
  }
}

const documentKey = (operation: KeptOperation) => JSON.stringify([operation.query, operation.operationName ?? null]);

/** The document's key and the values of the variables read, each absent or given (null included). */
function verdictKey(document: string, read: readonly string[], variables: Record<string, unknown> = {}): string {
  if (read.length === 0) return document;
  return document + JSON.stringify(read.map((name) => (Object.hasOwn(variables, name) ? [variables[name]] : [])));
}
