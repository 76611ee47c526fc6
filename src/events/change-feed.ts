// Change notices for live updates. A write publishes `{kind, id}` inside its own transaction, and
// the subscribers of that cart or order hear of it once the transaction is over:
// - PostgreSQL: `pg_notify` in the transaction. PostgreSQL delivers a notice when (and only if)
//   its transaction commits, to every session LISTENing, so one dedicated connection per process
//   hears the changes made by every process.
// - SQLite (one process): in process. The adapter runs one transaction at a time, so an empty
//   transaction begun by publish() starts only once the write's has ended; the subscribers are
//   signalled then.
// A notice carries no state: it only tells a subscriber to read the cart or order again, and a
// subscriber reads committed state and sends only what differs from what it sent (live.service.ts).
// So notices coalesce (a subscriber holds one pending signal at most, whatever the write rate),
// and a notice that reaches nobody, or arrives twice, costs nothing but a read.
import pg from 'pg';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/database.js';
import { notifyOnCommit, type UnitOfWork } from '../db/transaction.js';
import { AppError } from '../errors.js';

export type ChangeKind = 'cart' | 'order';

export interface Change {
  kind: ChangeKind;
  id: string;
}

/** The PostgreSQL channel of change notices; the payload is a Change as JSON. */
export const changeChannel = 'gateway_changes';

/** What the services' domain events go through (events/domain-events.ts). */
export interface ChangePublisher {
  /** Subscribers hear of the changes once the write's transaction commits, never if it rolls back. */
  publish(unit: UnitOfWork, changes: Change[]): void;
}

export interface ChangeFeed extends ChangePublisher {
  /** Signals for one cart or order, from now on; SERVICE_UNAVAILABLE when the process has its maximum. */
  watch(change: Change): Promise<Watch>;
  /** Ends every watch and stops listening. */
  close(): Promise<void>;
}

/**
 * Signals that a cart or order may have changed, as an async iterator of nothing. Signals that
 * arrive before the last was taken coalesce into one, so a watch holds one boolean whatever the
 * write rate.
 */
export class Watch implements AsyncIterableIterator<void> {
  private pending = false;
  private closed = false;
  private wake: (() => void) | null = null;

  constructor(private readonly release: (watch: Watch) => void) {}

  signal(): void {
    this.pending = true;
    this.wake?.();
  }

  async next(): Promise<IteratorResult<void>> {
    while (!this.pending && !this.closed) await new Promise<void>((resolve) => (this.wake = resolve));
    this.wake = null;
    if (this.closed) return { done: true, value: undefined };
    this.pending = false;
    return { done: false, value: undefined };
  }

  async return(): Promise<IteratorResult<void>> {
    this.close();
    return { done: true, value: undefined };
  }

  close(): void {
    if (this.closed) return;
    this.closed = true;
    this.release(this);
    this.wake?.();
  }

  [Symbol.asyncIterator](): this {
    return this;
  }
}

const keyOf = (change: Change) => `${change.kind}:${change.id}`;

/**
 * Subscriptions one process serves to one cart or order: each re-reads it after every change,
 * so without a bound one caller could make a single write cost hundreds of reads.
 */
export const maxWatchesPerSubject = 8;

/** This process's watches, by cart or order, at most `max` of them (and maxWatchesPerSubject each). */
class Watches {
  private readonly byKey = new Map<string, Set<Watch>>();
  private count = 0;

  constructor(private readonly max: number) {}

  add(change: Change): Watch {
    if (this.count >= this.max) {
      throw new AppError(
        'SERVICE_UNAVAILABLE',
        `This process serves its maximum of ${this.max} live subscriptions; try again shortly`,
        { max_subscriptions: this.max },
      );
    }
    const key = keyOf(change);
    if ((this.byKey.get(key)?.size ?? 0) >= maxWatchesPerSubject) {
      throw new AppError(
        'RATE_LIMITED',
        `At most ${maxWatchesPerSubject} live subscriptions to one ${change.kind} per process`,
        { max_subscriptions: maxWatchesPerSubject },
      );
    }
    const watch = new Watch((done) => {
      const set = this.byKey.get(key);
      if (!set?.delete(done)) return;
      this.count -= 1;
      if (set.size === 0) this.byKey.delete(key);
    });
    let set = this.byKey.get(key);
    if (!set) this.byKey.set(key, (set = new Set()));
    set.add(watch);
    this.count += 1;
    return watch;
  }

  signal(change: Change): void {
    for (const watch of this.byKey.get(keyOf(change)) ?? []) watch.signal();
  }

  /** Notices may have been missed (the listening connection was lost): every watch reads again. */
  signalAll(): void {
    for (const set of this.byKey.values()) for (const watch of set) watch.signal();
  }

  closeAll(): void {
    for (const set of [...this.byKey.values()]) for (const watch of [...set]) watch.close();
  }
}

/** SQLite: one process, so notices stay in it, and cost nothing while nobody watches. */
class InProcessFeed implements ChangeFeed {
  private readonly watches: Watches;

  constructor(maxWatches: number) {
    this.watches = new Watches(maxWatches);
  }

  publish(unit: UnitOfWork, changes: Change[]): void {
    // After the commit: a subscriber that reads then sees the write.
    unit.afterCommit(() => {
      for (const change of changes) this.watches.signal(change);
    });
  }

  async watch(change: Change): Promise<Watch> {
    return this.watches.add(change);
  }

  async close(): Promise<void> {
    this.watches.closeAll();
  }
}

type Log = Pick<FastifyBaseLogger, 'warn' | 'info'>;

/** Reconnection waits: 100 ms doubling to 5 s, jittered. */
const backoffMs = (attempt: number) => Math.min(5_000, 100 * 2 ** attempt) * (0.5 + Math.random() / 2);
/** How often the listening connection is checked; a silent network drop is noticed within this. */
const pingIntervalMs = 15_000;

/**
 * The process's one LISTENing connection, opened for the first watch. Once it has listened, a
 * lost connection is opened again with backoff, and when it listens again every watch is
 * signalled: notices sent in between were missed.
 */
class Listener {
  private client: pg.Client | null = null;
  /** The connection being opened or open; null while there is none. */
  private opening: Promise<void> | null = null;
  private hasListened = false;
  private retry: NodeJS.Timeout | undefined;
  private ping: NodeJS.Timeout | undefined;
  private attempt = 0;
  private closed = false;

  constructor(
    private readonly databaseUrl: string,
    private readonly heard: (change: Change) => void,
    private readonly missed: () => void,
    private readonly log: Log,
  ) {}

  /** Resolves once LISTEN is in effect: a change committed after that is heard. */
  ready(): Promise<void> {
    if (this.closed) return Promise.reject(new Error('the change feed is closed'));
    return (this.opening ??= this.open());
  }

  private async open(): Promise<void> {
    const client = new pg.Client({
      connectionString: this.databaseUrl,
      keepAlive: true,
      connectionTimeoutMillis: 5_000,
      query_timeout: 5_000,
      application_name: 'gateway live updates',
    });
    client.on('notification', (message) => {
      if (message.channel === changeChannel && message.payload) this.receive(message.payload);
    });
    client.on('error', () => this.lost(client));
    client.on('end', () => this.lost(client));
    try {
      await client.connect();
      await client.query(`LISTEN ${changeChannel}`);
    } catch (error) {
      await client.end().catch(() => undefined);
      this.opening = null;
      if (this.hasListened) this.reconnectLater();
      throw error;
    }
    if (this.closed) {
      await client.end().catch(() => undefined);
      return;
    }
    this.client = client;
    this.attempt = 0;
    this.ping = setInterval(
      () => void client.query('SELECT 1').catch(() => client.end().catch(() => undefined)),
      pingIntervalMs,
    );
    this.ping.unref();
    if (this.hasListened) {
      this.log.info('live updates: listening to PostgreSQL again');
      this.missed();
    }
    this.hasListened = true;
  }

  private receive(payload: string): void {
    let change: Partial<Change>;
    try {
      change = JSON.parse(payload) as Partial<Change>;
    } catch {
      return;
    }
    if ((change.kind === 'cart' || change.kind === 'order') && typeof change.id === 'string')
      this.heard({ kind: change.kind, id: change.id });
  }

  private lost(client: pg.Client): void {
    if (this.client !== client) return;
    this.client = null;
    this.opening = null;
    clearInterval(this.ping);
    client.end().catch(() => undefined);
    if (this.closed) return;
    this.log.warn('live updates: the LISTEN connection to PostgreSQL was lost; reconnecting');
    this.reconnectLater();
  }

  private reconnectLater(): void {
    clearTimeout(this.retry);
    this.attempt += 1;
    this.retry = setTimeout(() => {
      if (!this.closed && !this.opening) this.ready().catch(() => undefined);
    }, backoffMs(this.attempt));
    this.retry.unref();
  }

  async close(): Promise<void> {
    this.closed = true;
    clearTimeout(this.retry);
    clearInterval(this.ping);
    const client = this.client;
    this.client = null;
    await client?.end().catch(() => undefined);
  }
}

/** PostgreSQL: NOTIFY in the write's transaction (one statement), heard by every process. */
class NotifyFeed implements ChangeFeed {
  private readonly watches: Watches;
  private readonly listener: Listener;

  constructor(databaseUrl: string, maxWatches: number, log: Log) {
    this.watches = new Watches(maxWatches);
    this.listener = new Listener(
      databaseUrl,
      (change) => this.watches.signal(change),
      () => this.watches.signalAll(),
      log,
    );
  }

  publish(unit: UnitOfWork, changes: Change[]): void {
    if (changes.length === 0) return;
    const payloads = changes.map((change) => JSON.stringify({ kind: change.kind, id: change.id }));
    // One statement at the end of the transaction: PostgreSQL delivers it when it commits.
    unit.beforeCommit((tx) => notifyOnCommit(tx, changeChannel, payloads));
  }

  async watch(change: Change): Promise<Watch> {
    // Watching before LISTEN is in effect, and both before the subscriber's first read: a
    // change that commits after that read is heard.
    const watch = this.watches.add(change);
    try {
      await this.listener.ready();
    } catch {
      // Connecting (or LISTEN on) a connection of its own failed: the database's, whatever the
      // error, as for the pool's connections (db/faults.ts).
      watch.close();
      throw new AppError('SERVICE_UNAVAILABLE', 'Live updates are unavailable: the database does not answer');
    }
    return watch;
  }

  async close(): Promise<void> {
    this.watches.closeAll();
    await this.listener.close();
  }
}

export interface ChangeFeedOptions {
  /** Watches one process serves at once. */
  maxWatches: number;
  log: Log;
}

/** On PostgreSQL the listening connection goes to the database the writes go to (database.url). */
export function createChangeFeed(database: Pick<Database, 'provider' | 'url'>, options: ChangeFeedOptions): ChangeFeed {
  return database.provider === 'postgresql'
    ? new NotifyFeed(database.url, options.maxWatches, options.log)
    : new InProcessFeed(options.maxWatches);
}
