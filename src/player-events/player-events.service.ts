// Player events, the same for REST and GraphQL (docs/analytics.md): a request's events are checked
// (player-events.input.ts) and accepted into memory; they are written off the request path, every
// PLAYER_EVENTS_FLUSH_MS (1 s) and at shutdown, by the writer it is given (player-events.writer.ts:
// in process, or on SQLite in a thread of its own). What waits is bounded (PLAYER_EVENTS_MAX_PENDING
// events, those being written included): past it a request is refused with 503, so a database that
// cannot be written for a while costs no more memory than that. A flush that fails keeps what it
// did not write for the next one.
//
// Which events repeat a count of the last 30 minutes is judged where they are written: by the
// table, and in front of it by the writer's memory of what last counted (player-events.memory.ts).
import { AppError } from '../errors.js';
import type { CatalogChanges } from '../catalog/catalog-changes.js';
import { checkEvents, type MediaPlacements } from './player-events.input.js';
import type { PlayerEventInput, PlayerEventStats } from './player-events.model.js';
import type { MediaPlacementRepository } from './player-events.repository.js';
import type { EventWriter } from './player-events.writer.js';
import { EventColumns, type EventBatch } from './player-events.batch.js';

export interface PlayerEventsOptions {
  /** How often waiting events are written (ms). */
  flushMs: number;
  /** Events waiting at most, those being written included. */
  maxPending: number;
  log: {
    warn(details: object, text: string): void;
    info(text: string): void;
    error(details: object, text: string): void;
  };
}

/** Media items whose placements this process keeps at most. */
const keptMedia = 10_000;
/** A flush begins early once this many events wait: the work of one on the event loop stays short. */
const flushAtEvents = 1_000;

export class PlayerEventsService {
  /** The events waiting, in columns (player-events.batch.ts: no object per event survives until its flush). */
  private readonly pending = new EventColumns();
  /** Events of the flush under way. */
  private writing = 0;
  private timer: NodeJS.Timeout | null = null;
  private flushing: Promise<void> | null = null;
  private closed = false;
  /** Whether the last flush failed: a failure is logged once, and so is the recovery. */
  private failing = false;
  private readonly counts = { accepted: 0, refused: 0, counted: 0, repeated: 0, dropped: 0, failedFlushes: 0 };
  /** Media items' placements as last read (absent: not read); dropped whenever the catalog is replaced. */
  private media = new Map<number, ReadonlySet<number> | null>();

  constructor(
    private readonly placements: MediaPlacementRepository,
    private readonly writer: EventWriter,
    private readonly changes: CatalogChanges,
    private readonly options: PlayerEventsOptions,
  ) {
    changes.subscribe({ changed: () => undefined, cleared: () => (this.media = new Map()) });
  }

  /**
   * Checks the events and takes them in for counting; answers how many were accepted (all of them:
   * each counts, or repeats a count of the last 30 minutes, when it is written). A request with one
   * bad event is refused whole, and so is one that would take the waiting events past their bound.
   */
  async record(inputs: readonly PlayerEventInput[], now = Date.now()): Promise<number> {
    if (this.closed) throw unavailable('The gateway is stopping');
    const events = await checkEvents(inputs, now, (ids) => this.placementsOf(ids));
    if (this.pending.length + this.writing + events.length > this.options.maxPending) {
      this.counts.refused += events.length;
      throw unavailable('Too many player events are waiting to be written');
    }
    for (const event of events) this.pending.push(event);
    this.counts.accepted += events.length;
    this.schedule();
    return events.length;
  }

  stats(): PlayerEventStats {
    return { ...this.counts, pending: this.pending.length + this.writing };
  }

  /** Writes what waits now (and waits for a flush under way first). */
  async flush(): Promise<void> {
    while (this.flushing) await this.flushing;
    if (this.pending.length === 0) return;
    this.flushing = this.flushOnce().finally(() => {
      this.flushing = null;
    });
    await this.flushing;
  }

  /**
   * At shutdown: takes no more events, writes what waits. Events a last failing flush could not
   * write are lost, and said so in the log.
   */
  async close(): Promise<void> {
    this.closed = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    await this.flush();
    await this.writer.close();
    if (this.pending.length > 0) {
      this.counts.dropped += this.pending.length;
      this.options.log.error(
        { events: this.pending.length },
        `${this.pending.length} player events could not be written before the gateway stopped: they are lost`,
      );
      this.pending.take();
    }
  }

  /**
   * The next flush: PLAYER_EVENTS_FLUSH_MS after the first event waiting, or at once when
   * flushAtEvents wait; none while one is under way (it schedules the next when it ends).
   */
  private schedule(): void {
    if (this.flushing || this.closed || this.pending.length === 0) return;
    const soon = this.pending.length >= flushAtEvents;
    if (this.timer && !soon) return;
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(
      () => {
        this.timer = null;
        void this.flush().finally(() => this.schedule());
      },
      soon ? 0 : this.options.flushMs,
    );
    this.timer.unref();
  }

  private async flushOnce(): Promise<void> {
    this.writing = this.pending.length;
    // Handed over whole: this function keeps no reference to the flush while it is written.
    const write = this.writer.write(this.pending.take());
    try {
      const { counted, written, unwritten, error } = await write;
      this.counts.counted += counted;
      this.counts.repeated += written - counted;
      this.keepForNext(unwritten);
      if (error !== null) this.failed(error);
      else if (this.failing) {
        this.failing = false;
        this.options.log.info('player events are written again');
      }
    } finally {
      this.writing = 0;
    }
  }

  /** A failed write: said once until writes succeed again. */
  private failed(error: unknown): void {
    this.counts.failedFlushes += 1;
    if (!this.failing)
      this.options.log.warn(
        { err: error, events: this.pending.length },
        'player events could not be written: they wait for the next flush',
      );
    this.failing = true;
  }

  /** What a flush did not write, back with what came in meanwhile (the writer groups a flush's events by key). */
  private keepForNext(unwritten: EventBatch | null): void {
    if (unwritten) this.pending.append(unwritten);
  }

  /** The placements of media items, from what is kept or one read of those not kept. */
  private async placementsOf(ids: number[]): Promise<MediaPlacements> {
    await this.changes.fresh();
    const kept = this.media;
    const missing = ids.filter((id) => !kept.has(id));
    const read =
      missing.length > 0 ? await this.placements.placementsOf(missing) : new Map<number, ReadonlySet<number>>();
    const found = new Map<number, ReadonlySet<number>>();
    for (const id of ids) {
      const positions = kept.has(id) ? kept.get(id) : read.get(id);
      if (positions) found.set(id, positions);
    }
    // Kept unless the catalog was replaced while they were read.
    if (this.media === kept) {
      if (kept.size + missing.length > keptMedia) kept.clear();
      for (const id of missing) kept.set(id, read.get(id) ?? null);
    }
    return found;
  }
}

function unavailable(message: string): AppError {
  return new AppError('SERVICE_UNAVAILABLE', `${message}; retry in 1 s`, { retry_after_seconds: 1 });
}
