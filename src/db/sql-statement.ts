// A statement of a write's own SQL as both engines run it (tx-sql.ts; SQLite's connection in
// sqlite-sql.ts): its parameters, what it answers, how it is watched, and the refusal of one that
// comes after its transaction ended.
import type { Dialect } from './dialect.js';

export type SqlParam = string | number | boolean | Date | null;

export interface TxSql {
  readonly dialect: Dialect;
  /**
   * How its statements run: straight on the transaction's connection, on the pool's connections
   * (PostgreSQL, outside a transaction), or through the ORM's raw queries.
   */
  readonly via: 'connection' | 'pool' | 'orm';
  /** The rows of a statement (`?` placeholders), each value typed by its column. */
  all<Row>(sql: string, params?: readonly SqlParam[]): Promise<Row[]>;
  /** Runs a statement; answers the rows it changed. */
  run(sql: string, params?: readonly SqlParam[]): Promise<number>;
  /**
   * Runs a statement whose answer nothing needs: in a write's own transaction on PostgreSQL it is
   * sent at once and its answer awaited at the COMMIT (which it fails, with its own error, if it
   * failed), so that it leaves with what follows it in one write (pg-pipeline.ts); elsewhere as
   * `run`. The transaction's statements still run in the order they are begun.
   */
  later(sql: string, params?: readonly SqlParam[]): Promise<void>;
  /**
   * As `later`, for a statement whose rows are wanted only once the transaction has committed (a
   * version it took): answers, once it is sent, the promise of its rows (settled by the time the
   * COMMIT is). Elsewhere its rows are in hand before it answers.
   */
  laterRows<Row>(sql: string, params?: readonly SqlParam[]): Promise<{ rows: Promise<Row[]> }>;
}

/**
 * A statement once answered: its text, how long it took, and when it was begun (performance.now()),
 * which orders a log by when the statements were sent: those answered together (a batch on
 * PostgreSQL, pg-batch.ts) reach their callers in no set order.
 */
export interface QueryEvent {
  query: string;
  durationMs: number;
  startedAt: number;
}

/** What watches each statement: a span around it (tracing), its time (a test's statement log). */
export interface StatementWatch {
  around?: <T>(sql: string, run: () => Promise<T>) => Promise<T>;
  onQuery?: (event: QueryEvent) => void;
}

/**
 * One statement's `work` (its result, or a promise of it) under `guard` (throws when the
 * statements' transaction has ended), in its span and timed, as `watch` asks; a throw is a rejection.
 */
export async function watched<T>(
  { around, onQuery }: StatementWatch,
  guard: () => void,
  sql: string,
  work: () => T | Promise<T>,
): Promise<T> {
  const run = async () => {
    const started = onQuery ? performance.now() : 0;
    try {
      guard();
      return await work();
    } catch (error) {
      throw error instanceof Error ? error : new Error(String(error));
    } finally {
      onQuery?.({ query: sql, durationMs: performance.now() - started, startedAt: started });
    }
  };
  return around ? around(sql, run) : run();
}

/**
 * A statement of a transaction that has ended (it ran past its time and the ORM rolled it back, or
 * it committed): refused, as the ORM refuses its own (its code, P2028, is a 503's).
 */
export class TransactionClosedError extends Error {
  readonly code = 'P2028';
  constructor() {
    super('A statement came after the end of its transaction (it committed, or ran past its time)');
    this.name = 'TransactionClosedError';
  }
}
