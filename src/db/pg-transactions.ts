// Which pool connection an ORM transaction on PostgreSQL runs on, so that the transaction's own SQL
// (tx-sql.ts) runs on it too. The ORM hands its transaction's work a client that does not say which
// connection is behind it; its driver adapter begins each transaction on a connection of the pool.
// So the adapter is wrapped: every transaction it begins is noted as unclaimed until its work
// claims it or it ends.
// - When a transaction's work begins, its own transaction has begun and has not ended, so it is
//   among the unclaimed ones: if it is the only one, it is this work's (no statement needed).
// - With two or more (a transaction begun for something else is still open: a batch, another
//   work's that could not tell either), the work runs one statement of its own through the ORM,
//   marked with a token, and the wrapper sees on which transaction the ORM runs it.
// The wrapper also sees the ORM end each transaction (its COMMIT or ROLLBACK, whether the work
// ended, its time ran out or the client disconnected): from then on the transaction's own SQL is
// refused, never sent to a connection that may already be another transaction's.
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import type { SqlDriverAdapter, SqlDriverAdapterFactory, SqlQuery, Transaction } from '@prisma/driver-adapter-utils';
import { overriding } from '../overriding.js';

/** A transaction the ORM began on the pool. */
export interface BegunTransaction {
  /** Its pool connection; null where the adapter does not show it. */
  readonly client: pg.Client | null;
  /** Whether the ORM has sent its end (COMMIT or ROLLBACK) or given the connection back. */
  readonly ending: boolean;
}

interface Begun {
  client: pg.Client | null;
  ending: boolean;
}

/** What a work needs of its ORM client to find its transaction: a statement of its own through it. */
export interface ProbingClient {
  $executeRawUnsafe(sql: string): Promise<number>;
}

const probePrefix = 'SELECT 1 /* own connection ';

export class TransactionConnections {
  readonly #unclaimed = new Set<Begun>();
  /** The transactions that ran a work's token statement, by its text, until the work reads it. */
  readonly #probes = new Map<string, Begun>();
  #probed = 0;

  /** The adapter factory `factory`, its transactions noted here. */
  wrap<F extends SqlDriverAdapterFactory>(factory: F): F {
    const overrides: Partial<SqlDriverAdapterFactory> = {
      connect: async () => this.#adapter(await factory.connect()),
    };
    return overriding(factory, overrides as Partial<F>);
  }

  #adapter(adapter: SqlDriverAdapter): SqlDriverAdapter {
    return overriding(adapter, {
      startTransaction: async (...args: Parameters<SqlDriverAdapter['startTransaction']>) =>
        this.#noted(await adapter.startTransaction(...args)),
    });
  }

  #noted(transaction: Transaction): Transaction {
    // PrismaPg's transaction keeps its pool connection as `client`; anything else counts, unknown.
    const client = (transaction as unknown as { client?: unknown }).client;
    const begun: Begun = { client: client instanceof pg.Client ? client : null, ending: false };
    this.#unclaimed.add(begun);
    const ending = () => {
      begun.ending = true;
      this.#unclaimed.delete(begun);
    };
    const watched =
      <T>(run: (query: SqlQuery) => Promise<T>) =>
      async (query: SqlQuery): Promise<T> => {
        // Set before it is sent: the driver runs a connection's statements in the order given.
        if (query.sql === 'COMMIT' || query.sql === 'ROLLBACK') ending();
        const result = await run(query);
        if (query.sql.startsWith(probePrefix)) this.#probes.set(query.sql, begun);
        return result;
      };
    return overriding(transaction, {
      queryRaw: watched((query) => transaction.queryRaw(query)),
      executeRaw: watched((query) => transaction.executeRaw(query)),
      commit: () => (ending(), transaction.commit()),
      rollback: () => (ending(), transaction.rollback()),
    });
  }

  /**
   * The transaction whose work begins now, called as the work begins (before it awaits anything)
   * with the work's ORM client: the one transaction begun and not yet claimed, else the one on
   * which the ORM runs a statement of the work's. Null where the adapter does not show its
   * connection.
   */
  async claim(tx: ProbingClient): Promise<BegunTransaction | null> {
    if (this.#unclaimed.size === 1) {
      const [begun] = this.#unclaimed;
      this.#unclaimed.delete(begun!);
      return begun!.client ? begun! : null;
    }
    this.#probed += 1;
    const probe = `${probePrefix}${randomUUID()} */`;
    await tx.$executeRawUnsafe(probe);
    const begun = this.#probes.get(probe);
    this.#probes.delete(probe);
    if (!begun) return null;
    this.#unclaimed.delete(begun);
    return begun.client ? begun : null;
  }

  /** How many works asked the ORM which transaction was theirs (tests; docs/performance.md). */
  get probed(): number {
    return this.#probed;
  }
}
