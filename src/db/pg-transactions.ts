// Which pool connection an ORM transaction on PostgreSQL runs on, so that the transaction's own SQL
// (tx-sql.ts) runs on it too. The ORM hands its transaction's work a client that does not say which
// connection is behind it; its driver adapter begins each transaction on a connection of the pool.
// So the adapter is wrapped: every transaction it begins is noted as unclaimed until its work
// claims it or it ends. When a transaction's work begins, its own transaction has begun and has
// not ended, so it is among the unclaimed ones; if it is the only one, it is this work's. With two
// or more (two transactions began in the same moment, or one the ORM began for something else is
// still open), the work cannot tell which is its own and claims none: its SQL then goes through
// the ORM's raw queries, as slow as before and as correct.
import pg from 'pg';
import type { SqlDriverAdapter, SqlDriverAdapterFactory, Transaction } from '@prisma/driver-adapter-utils';
import { overriding } from '../overriding.js';

/** A transaction begun and not yet claimed: its connection, or null where the adapter did not show it. */
interface Begun {
  client: pg.Client | null;
}

export class TransactionConnections {
  readonly #unclaimed = new Set<Begun>();
  /** Works that found more than one transaction unclaimed (their SQL went through the ORM). */
  #ambiguous = 0;

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
    const begun: Begun = { client: client instanceof pg.Client ? client : null };
    this.#unclaimed.add(begun);
    const ended = () => this.#unclaimed.delete(begun);
    return overriding(transaction, {
      commit: () => (ended(), transaction.commit()),
      rollback: () => (ended(), transaction.rollback()),
    });
  }

  /**
   * The connection of the transaction whose work begins now, called as the work begins (before it
   * awaits anything): the one transaction begun and not yet claimed, else null.
   */
  claim(): pg.Client | null {
    if (this.#unclaimed.size !== 1) {
      if (this.#unclaimed.size > 1) this.#ambiguous += 1;
      return null;
    }
    const [begun] = this.#unclaimed;
    this.#unclaimed.clear();
    return begun!.client;
  }

  /** How many works could not tell their transaction's connection (tests; docs/performance.md). */
  get ambiguous(): number {
    return this.#ambiguous;
  }
}
