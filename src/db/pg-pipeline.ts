// Fewer round trips on a write's own PostgreSQL connection (pg-own-transaction.ts): while the
// connection is out of the pool for the transaction, the driver writes each statement at once
// instead of after the previous one's answer (its pipeline mode), and the statements begun in one
// turn of the event loop leave in one write to the socket, as one batch the server answers in one
// write (pg-batch.ts). So BEGIN leaves with the first statement, and statements a write begins
// together (a cart's reads) cost one round trip. The server still runs them one after the other,
// in the order sent; one that fails leaves the transaction failed, and those behind it fail too.
//
// Each write to the socket cost about as much CPU as everything else the driver does for a
// statement (measured: 110 µs of the process's CPU a statement one at a time over TCP on the same
// machine, 54 µs in writes of five).
import type pg from 'pg';
import { sendInBatch, type BatchStatement } from './pg-batch.js';

/** The driver's client as this module uses it: its mode and its connection. */
interface PipelinedClient {
  pipeline: boolean;
  readonly connection: object;
}

/**
 * `client` in pipeline mode until the answer is called (before it goes back to the pool, every
 * statement answered: the pool's other users send one at a time). The mode is the driver's
 * (`pipeline`, read at each statement).
 */
export function pipelined(client: pg.PoolClient): () => void {
  const own = client as unknown as PipelinedClient;
  own.pipeline = true;
  return () => {
    own.pipeline = false;
  };
}

/**
 * How `client`'s statements are sent: in pipeline mode, those begun in one turn of the event loop
 * together, in one write and one batch (pg-batch.ts); otherwise each once the previous one is
 * answered (the driver would queue them so itself, with a deprecation warning), as on the
 * connection of the ORM's transaction. A pool's are sent at once (each takes a connection).
 */
export function statementSender(
  client: pg.Client | pg.Pool,
  types: pg.CustomTypesConfig,
): (statement: BatchStatement) => Promise<pg.QueryResult> {
  const direct = ({ name, text, values }: BatchStatement) => client.query({ name, text, values: [...values], types });
  let previous: Promise<unknown> = Promise.resolve();
  return (statement) => {
    const own = client as unknown as Partial<PipelinedClient>;
    if (!own.connection) return direct(statement);
    if (own.pipeline === true) return sendInBatch(client as pg.Client, statement, types);
    const send = () => direct(statement);
    const next = previous.then(send, send);
    previous = next.catch(() => undefined);
    return next;
  };
}
