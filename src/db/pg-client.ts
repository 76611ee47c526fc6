// The driver's client with deadlines of the process's own (timing.ts) on its opening and on each
// answer: the pool creates its connections so (database.ts).
import pg from 'pg';
import { listeningDeadline } from '../timing.js';
import { connectTimeoutMs } from './waits.js';

/** Without a statement timeout, how long the client waits for any answer from the server. */
export const defaultQueryTimeoutMs = 30_000;

type QueryCallback = (error: Error | null, result?: unknown) => void;
type AnyQuery = (...args: unknown[]) => unknown;

/**
 * `query` of `client` with each answer awaited at most `withinMs` of the time the process was free
 * to hear it; then the connection is given up (its queries fail as the database's, 'Query read
 * timeout'). A query object of its own is awaited so when it has a callback (a batch, pg-batch.ts),
 * else left as it is (a cursor, a stream).
 */
function answeredWithin(client: pg.Client, query: AnyQuery, withinMs: number): AnyQuery {
  return (...args: unknown[]): unknown => {
    const [config, values, callback] = args;
    const submittable = config as { submit?: unknown; callback?: unknown } | null;
    if (typeof submittable?.submit === 'function' && typeof submittable.callback !== 'function')
      return query.apply(client, args);
    const deadline = listeningDeadline(withinMs, () =>
      client.connection.stream.destroy(new Error(`Query read timeout: no answer from the database in ${withinMs} ms`)),
    );
    const answered =
      (answer: QueryCallback): QueryCallback =>
      (error, result) => {
        deadline.cancel();
        answer(error, result);
      };
    try {
      if (typeof values === 'function') return query.call(client, config, answered(values as QueryCallback));
      if (typeof callback === 'function')
        return query.call(client, config, values, answered(callback as QueryCallback));
      const own = submittable?.callback;
      if (typeof own === 'function' && typeof submittable?.submit === 'function') {
        submittable.callback = answered(own as QueryCallback);
        return query.apply(client, args);
      }
      if (typeof own === 'function')
        return query.call(client, { ...(config as object), callback: answered(own as QueryCallback) }, values);
      return (query.call(client, config, values) as Promise<unknown>).finally(() => deadline.cancel());
    } catch (error) {
      deadline.cancel();
      throw error;
    }
  };
}

/**
 * A pg client whose waits are bounded by deadlines of the process's own (timing.ts): the driver's
 * timers count the time our event loop was blocked and took a server that a loaded process was
 * slow to hear for one away. Its opening (a server that accepts TCP and never answers has its
 * socket destroyed, so that the pool's place is free again; the driver's own timer, at the pool's
 * four times the wait, only backs this up) and each answer to a query (the same).
 */
export class DeadlineClient extends pg.Client {
  readonly #openWithinMs: number;

  // The pool creates it with the pool's options.
  constructor(config?: pg.ClientConfig & { openWithinMs?: number; answerWithinMs?: number }) {
    super(config);
    this.#openWithinMs = config?.openWithinMs ?? connectTimeoutMs;
    const answerWithinMs = config?.answerWithinMs ?? defaultQueryTimeoutMs;
    this.query = answeredWithin(
      this,
      this.query as unknown as AnyQuery,
      answerWithinMs,
    ) as unknown as pg.Client['query'];
  }

  override connect(): Promise<pg.Client>;
  override connect(callback: (error: Error | null) => void): void;
  override connect(callback?: (error: Error | null) => void): Promise<pg.Client> | void {
    const deadline = listeningDeadline(this.#openWithinMs, () =>
      this.connection.stream.destroy(new Error(`no answer while opening a connection for ${this.#openWithinMs} ms`)),
    );
    try {
      if (!callback) return super.connect().finally(() => deadline.cancel());
      super.connect((error: Error | null) => {
        deadline.cancel();
        callback(error);
      });
    } catch (error) {
      deadline.cancel();
      throw error;
    }
  }
}
