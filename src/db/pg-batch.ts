// The statements a write's pipelined connection begins in one turn of the event loop, sent as one
// batch (pg-pipeline.ts): each statement's Bind, Describe and Execute (a Parse first where the
// connection has not prepared its text), and one Sync behind them all. The server flushes its
// answers at each Sync: sent with one Sync each, five statements begun together came back in five
// writes, and on this kind of machine each write across the loopback cost the server about as much
// CPU as running a small statement, and woke the gateway each time. Behind one Sync the server
// answers all five in one write.
//
// What the server does is the same either way: it runs the statements in the order sent, in the
// transaction the connection is in. One that fails leaves the transaction failed; the server skips
// the rest of its batch (they fail with its error here) and refuses the statements of later
// batches (tx-sql.ts answers those with the first failure too).
//
// A named statement the connection has not prepared goes as the driver's own query, in order with
// the batches around it in the same write: the driver then knows whether the server prepared it,
// which a batch that failed could not tell it.
import pg from 'pg';

/** A statement as a batch sends it: a parameter is its text (or null), as the driver would send it. */
export interface BatchStatement {
  /** Its prepared statement's name (tx-sql.ts names texts), or none: parsed each time. */
  name?: string;
  text: string;
  values: readonly (string | null)[];
  /**
   * Sent behind a Sync of its own (ROLLBACK): the server skips the rest of a batch after a
   * statement that failed, and would skip it too.
   */
  ownSync?: boolean;
}

/** The driver's connection as a batch writes to it (the driver's own messages, its record of what it prepared). */
interface Wire {
  readonly stream: { cork(): void; uncork(): void; destroy(error: Error): void };
  readonly parsedStatements: Record<string, string>;
  readonly submittedNamedStatements: Record<string, string>;
  parse(message: { name: string; text: string; types: string[] }): void;
  bind(message: { statement: string; values: readonly (string | null)[] }): void;
  describe(message: { type: 'P'; name: string }): void;
  execute(message: Record<string, never>): void;
  sync(): void;
}

/** The driver's result as it builds one from the server's messages. */
interface ResultBuilder extends pg.QueryResult {
  addFields(fields: unknown): void;
  parseRow(fields: unknown): Record<string, unknown>;
  addRow(row: Record<string, unknown>): void;
  addCommandComplete(message: unknown): void;
}

interface Waiting extends BatchStatement {
  resolve(result: pg.QueryResult): void;
  reject(error: unknown): void;
}

/** Statements waiting for the end of the turn, per connection. */
const waiting = new WeakMap<pg.Client, Waiting[]>();

/**
 * `statement` on `client` (in pipeline mode) with those begun in the same turn, in one batch
 * behind one Sync; its rows typed by `types`. Answered once the server answered it.
 */
export function sendInBatch(
  client: pg.Client,
  statement: BatchStatement,
  types: pg.CustomTypesConfig,
): Promise<pg.QueryResult> {
  return new Promise((resolve, reject) => {
    let turn = waiting.get(client);
    if (turn === undefined) {
      const begun: Waiting[] = [];
      turn = begun;
      waiting.set(client, begun);
      process.nextTick(() => {
        waiting.delete(client);
        submit(client, begun, types);
      });
    }
    turn.push({ ...statement, resolve, reject });
  });
}

/** The turn's statements to the driver, in order, in one write: batches, and the driver's own queries between them. */
function submit(client: pg.Client, statements: readonly Waiting[], types: pg.CustomTypesConfig): void {
  const wire = (client as unknown as { connection: Wire }).connection;
  wire.stream.cork();
  try {
    let batch: Waiting[] = [];
    const flush = () => {
      if (batch.length > 0) void client.query(new Batch(batch, types));
      batch = [];
    };
    for (const statement of statements) {
      const { name } = statement;
      if (statement.ownSync) flush();
      if (
        name === undefined ||
        Object.hasOwn(wire.parsedStatements, name) ||
        Object.hasOwn(wire.submittedNamedStatements, name)
      ) {
        batch.push(statement);
        continue;
      }
      flush();
      client
        .query({ name, text: statement.text, values: [...statement.values], types })
        .then(statement.resolve, statement.reject);
    }
    flush();
  } finally {
    wire.stream.uncork();
  }
}

/**
 * One batch as the driver runs a query (a Query of its own kind: the driver's pipeline mode takes
 * no other), the server's messages for its statements in the order they were sent.
 */
class Batch extends pg.Query {
  /** The statement the server's next messages are for. */
  private at = 0;
  private result: ResultBuilder;
  /** A row the driver could not type: that statement fails, the others stand. */
  private rowError: unknown = null;

  constructor(
    private readonly statements: readonly Waiting[],
    private readonly types: pg.CustomTypesConfig,
  ) {
    // Its callback, called once the batch is answered or failed, is what the driver's deadline
    // (query_timeout) and the client's own (pg-client.ts answeredWithin) wait for.
    super({ text: '' }, () => undefined);
    this.result = this.newResult();
    this.submit = (connection: pg.Connection) => {
      const wire = connection as unknown as Wire;
      wire.stream.cork();
      try {
        for (const { name, text, values } of this.statements) {
          if (name === undefined) wire.parse({ name: '', text, types: [] });
          wire.bind({ statement: name ?? '', values });
          wire.describe({ type: 'P', name: '' });
          wire.execute({});
        }
        wire.sync();
      } catch (error) {
        // A message the driver could not write (no value of SqlParam's makes one): what went before
        // it has no Sync behind it, so the connection is given up (its statements fail with this).
        wire.stream.destroy(error instanceof Error ? error : new Error(String(error)));
      } finally {
        wire.stream.uncork();
      }
    };
  }

  private newResult(): ResultBuilder {
    return new pg.Result('', this.types as never) as unknown as ResultBuilder;
  }

  /** The current statement answered (or failed), the next one's result begun. */
  private settle(): void {
    const statement = this.statements[this.at];
    this.at += 1;
    if (statement === undefined) return;
    if (this.rowError !== null) statement.reject(this.rowError);
    else statement.resolve(this.result);
    this.rowError = null;
    this.result = this.newResult();
  }

  handleRowDescription(message: { fields: unknown }): void {
    this.result.addFields(message.fields);
  }

  handleDataRow(message: { fields: unknown }): void {
    if (this.rowError !== null) return;
    try {
      this.result.addRow(this.result.parseRow(message.fields));
    } catch (error) {
      this.rowError = error;
    }
  }

  handleCommandComplete(message: unknown): void {
    this.result.addCommandComplete(message);
    this.settle();
  }

  handleEmptyQuery(): void {
    this.settle();
  }

  /** The server's error for the current statement (the rest of the batch skipped), or the connection's. */
  handleError(error: Error): void {
    for (const statement of this.statements.slice(this.at)) statement.reject(error);
    this.at = this.statements.length;
    this.done(error);
  }

  handleReadyForQuery(): void {
    const unanswered = this.statements.slice(this.at);
    this.at = this.statements.length;
    for (const statement of unanswered)
      statement.reject(new Error('PostgreSQL answered a batch without this statement'));
    this.done();
  }

  /** The callback (the deadlines' ends), once. */
  private done(error?: Error): void {
    const own = this as unknown as { callback: ((error?: Error) => void) | null };
    const callback = own.callback;
    own.callback = null;
    callback?.(error);
  }
}
