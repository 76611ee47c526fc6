// The webhook delivery worker every gateway process runs. It writes the deliveries of new events
// (fan-out, in bounded batches), claims due ones in short transactions (delivery.repository.ts) and
// POSTs them outside those, signed as Standard Webhooks (standardwebhooks.com) describes, so
// receivers verify them with the official `standardwebhooks` library; their outcomes are recorded
// in batches (delivery-outcome.repository.ts). A 2xx within 10 s delivers; anything else is retried
// on WEBHOOK_RETRY_SCHEDULE with ±10 % jitter; an endpoint failing for 5 days is disabled. Each
// endpoint has at most one delivery in flight, the earliest pending, so a healthy receiver gets its
// events in order; a process has a slot for every endpoint there may be (WEBHOOK_MAX_ENDPOINTS),
// and should there be fewer slots, failing endpoints take at most half of them: a receiver that
// hangs costs its own slot, never a healthy one's. A process that dies mid-way leaves a claim that
// expires: at least once. The worker shares the event loop with requests: it works in small steps
// (20 claims, 20 outcomes a transaction, a turn for requests between statements and between the
// requests it opens) and rests after each round at least as long as the round took. While the
// process serves requests (one came in within the last second), requests come first: the worker
// starts at most WEBHOOK_BUSY_RATE deliveries a second and runs a round at most every poll
// interval, so a backlog drains at full speed only between requests.
// Each POST: webhook-attempt.ts; its socket lives in a thread of its own (sender-thread.ts).
import type { Config } from '../config.js';
import { DatabaseBusyError, type SqlExecutor } from '../db/sql-executor.js';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { DeliveryRepository, type ClaimedDelivery } from './delivery.repository.js';
import { DeliveryOutcomeRepository, type AttemptRecord, type DeliveryOutcome } from './delivery-outcome.repository.js';
import { attempt, Flight } from './webhook-attempt.js';
import { Sender } from './sender-thread.js';

/** How long a receiver has to answer (Standard Webhooks suggests 15 s at most). */
export const requestTimeoutMs = 10_000;
/** Outcomes recorded in one transaction at most. */
const maxOutcomesPerRecord = 20;
/** Deliveries claimed in one round at most (the rest wait for the next round). */
const maxClaimsPerRound = 20;
/** After the database refused a claim, how long to wait before trying again (and logging again). */
const claimErrorPauseMs = 5_000;
/** How long a claim holds: three deadlines, so a claim never expires while its request is open. */
export const claimMs = 30_000;
/** An endpoint failing continuously this long is disabled. */
export const disableAfterMs = 5 * 24 * 3600 * 1000;

export type DeliveryLog = Record<'info' | 'warn' | 'error', (details: object, message: string) => void>;

export interface DeliveryWorkerOptions {
  /** The database's SQL executor (db/sql-executor.ts). */
  sql: SqlExecutor;
  config: Pick<Config, 'webhookRetrySchedule' | 'webhookAllowPrivateUrls' | 'webhookMaxEndpoints'>;
  log: DeliveryLog;
  /** How often to look for due deliveries (default 250 ms). */
  pollIntervalMs?: number;
  /**
   * Deliveries in flight at once in this process (default: one per endpoint there may be); failing
   * endpoints get half of them.
   */
  maxInFlight?: number;
  /** How long a receiver has to answer (default requestTimeoutMs; tests shorten it). */
  requestTimeoutMs?: number;
  /** Deliveries written per fan-out transaction, about (default 1000). */
  fanOutRows?: number;
  /** True while the process serves requests: the worker then keeps to `busyRate` (default: never busy). */
  busy?: () => boolean;
  /** Deliveries started a second at most while `busy` (0: no limit; default 0). */
  busyRate?: number;
}

export interface DeliveryWorker {
  /** Looks for due deliveries now instead of at the next poll (e.g. after a commit that recorded events). */
  wake(): void;
  /**
   * Stops claiming, waits for the requests in flight (each bounded by its timeout, all by
   * `graceMs`: then they are cut short), and gives back what it still holds.
   */
  stop(graceMs?: number): Promise<void>;
  /** Requests open now (sockets to receivers). */
  readonly inFlight: number;
}

/**
 * The wait before the next attempt after `attempts` failed ones: the schedule's step for it (the
 * last step repeating), ±10 %.
 */
export function retryDelayMs(
  schedule: readonly number[],
  attempts: number,
  random: () => number = Math.random,
): number {
  const step = schedule[Math.min(Math.max(attempts, 1), schedule.length) - 1] ?? 60;
  return Math.round(step * 1000 * (0.9 + 0.2 * random()));
}

const succeeded = (record: AttemptRecord) =>
  record.statusCode !== null && record.statusCode >= 200 && record.statusCode < 300;

/** What a finished attempt means for its delivery. */
function outcomeOf(flight: Flight, attempt: AttemptRecord, schedule: readonly number[]): DeliveryOutcome {
  const { delivery } = flight;
  if (succeeded(attempt)) return { kind: 'delivered', delivery, attempt };
  // Not the receiver's failure: due again at once, for whichever process is still running.
  if (flight.reason === 'stopping' || flight.reason === 'endpoint-gone')
    return { kind: 'interrupted', delivery, attempt };
  return {
    kind: 'failed',
    delivery,
    attempt,
    retryAt: new Date(Date.now() + retryDelayMs(schedule, delivery.attempts + 1)),
  };
}

/** A wait that ends early when woken (or stopping). */
class Pause {
  private woken = false;
  private end: (() => void) | null = null;

  wake(): void {
    this.woken = true;
    this.end?.();
  }

  /** Waits ms, or less when woken meanwhile; a wake that came before the wait ends it at once. */
  wait(ms: number, stopping: boolean): Promise<void> {
    return new Promise<void>((resolve) => {
      if (this.woken || stopping) {
        this.woken = false;
        resolve();
        return;
      }
      const timer = setTimeout(() => this.end?.(), ms);
      this.end = () => {
        clearTimeout(timer);
        this.end = null;
        this.woken = false;
        resolve();
      };
    });
  }

  /** Ends the wait under way, if any, without leaving a wake for the next. */
  interrupt(): void {
    this.end?.();
  }
}

class Worker implements DeliveryWorker {
  private readonly repository: DeliveryRepository;
  private readonly outcomes: DeliveryOutcomeRepository;
  private readonly pollIntervalMs: number;
  private readonly maxInFlight: number;
  private readonly maxFailingInFlight: number;
  private readonly fanOutRows: number;
  private readonly minGapMs: number;
  private readonly timeoutMs: number;
  /** Deliveries that may start now while busy (a token bucket filled at busyRate a second). */
  private tokens = maxClaimsPerRound;
  private tokensAt = performance.now();
  /** Deliveries in flight, by endpoint (one each). */
  private readonly flights = new Map<string, Flight>();
  /** Attempts finished and not yet recorded; their flights stay in `flights` until they are. */
  private finished: DeliveryOutcome[] = [];
  private readonly pause = new Pause();
  /** The thread that opens the connections. */
  private readonly sender = new Sender();
  private stopping = false;
  private readonly loop: Promise<void>;

  constructor(private readonly options: DeliveryWorkerOptions) {
    this.repository = new DeliveryRepository(options.sql);
    this.outcomes = new DeliveryOutcomeRepository(options.sql);
    this.pollIntervalMs = options.pollIntervalMs ?? 250;
    this.maxInFlight = options.maxInFlight ?? options.config.webhookMaxEndpoints;
    this.maxFailingInFlight = Math.max(1, Math.floor(this.maxInFlight / 2));
    this.fanOutRows = options.fanOutRows ?? 1000;
    this.minGapMs = Math.min(this.pollIntervalMs, 25);
    this.timeoutMs = options.requestTimeoutMs ?? requestTimeoutMs;
    this.loop = this.run();
  }

  wake(): void {
    this.pause.wake();
  }

  get inFlight(): number {
    return this.flights.size;
  }

  async stop(graceMs = requestTimeoutMs): Promise<void> {
    this.stopping = true;
    this.pause.interrupt();
    await this.loop;
    const grace = setTimeout(() => {
      for (const flight of this.flights.values()) flight.cut('stopping');
    }, graceMs);
    await Promise.all([...this.flights.values()].map((flight) => flight.over));
    clearTimeout(grace);
    await this.recordFinished();
    await this.sender.close();
  }

  private async run(): Promise<void> {
    const { log } = this.options;
    if (this.options.sql.dialect === 'sqlite') {
      // One process per SQLite file: a claim found at start is that of a process that died.
      await this.repository
        .releaseAll()
        .catch((error: unknown) => log.warn({ err: error }, 'could not release old webhook claims'));
    }
    while (!this.stopping) {
      let nextPollMs: number;
      const began = performance.now();
      try {
        nextPollMs = await this.poll();
      } catch (error) {
        // SQLite's write lock held by another writer for a while (an import): a round later.
        if (error instanceof DatabaseBusyError) nextPollMs = this.pollIntervalMs;
        else {
          log.warn(
            { err: error },
            `could not fan out or claim webhook deliveries; trying again in ${claimErrorPauseMs / 1000} s`,
          );
          nextPollMs = claimErrorPauseMs;
        }
      }
      // Rounds at most every minGapMs however often attempts finish, and a rest at least as long
      // as the round took: the worker's statements come in few, batched transactions, and it
      // takes at most about half of the event loop's time, however large the backlog; requests
      // get the rest.
      const tookMs = performance.now() - began;
      const restMs = Math.max((this.busy() ? this.busyGapMs() : this.minGapMs) - tookMs, tookMs);
      if (restMs > 0 && !this.stopping) await new Promise((resolve) => setTimeout(resolve, restMs));
      await this.pause.wait(nextPollMs, this.stopping);
    }
    await this.recordFinished();
  }

  /**
   * One round: record what finished, end requests to removed endpoints, fan out, claim and start.
   * Answers the wait before the next.
   */
  private async poll(): Promise<number> {
    await this.recordFinished();
    await this.cutRemoved();
    const fannedOut = await this.repository.fanOut(this.fanOutRows);
    const room = Math.min(this.maxInFlight - this.flights.size, this.startsAllowed());
    if (room > 0) {
      const failing = [...this.flights.values()].filter((flight) => flight.delivery.endpointFailing).length;
      const now = new Date();
      const claimed = await this.repository.claimDue({
        now,
        claimedUntil: new Date(now.getTime() + claimMs),
        limit: Math.min(room, maxClaimsPerRound),
        failingLimit: this.maxFailingInFlight - failing,
        busyEndpoints: [...this.flights.keys()],
      });
      if (this.stopping) {
        await this.repository.release(claimed);
        return this.pollIntervalMs;
      }
      this.tokens -= claimed.length;
      for (const delivery of claimed) {
        this.start(delivery);
        // Opening a connection and signing cost a little each: requests get a turn in between.
        await nextTurn();
      }
    }
    // More events waiting to be fanned out: go on after a moment (requests run in between).
    return fannedOut > 0 ? Math.min(this.pollIntervalMs, 10) : this.pollIntervalMs;
  }

  /** Whether requests are being served now, so that the worker keeps to busyRate. */
  private busy(): boolean {
    return (this.options.busyRate ?? 0) > 0 && (this.options.busy?.() ?? false);
  }

  /** Between rounds while busy: as long as it takes the bucket to fill, within [minGapMs, pollIntervalMs]. */
  private busyGapMs(): number {
    return Math.max(
      this.minGapMs,
      Math.min(this.pollIntervalMs, (1000 * maxClaimsPerRound) / (this.options.busyRate ?? 1)),
    );
  }

  /** How many deliveries may start in this round: any number while not busy, else what the bucket holds. */
  private startsAllowed(): number {
    const now = performance.now();
    if (!this.busy()) {
      this.tokens = maxClaimsPerRound;
    } else {
      const rate = this.options.busyRate ?? 0;
      this.tokens = Math.min(maxClaimsPerRound, this.tokens + ((now - this.tokensAt) * rate) / 1000);
    }
    this.tokensAt = now;
    return Math.floor(this.tokens);
  }

  private start(delivery: ClaimedDelivery): void {
    const { config } = this.options;
    const flight = new Flight(delivery);
    this.flights.set(delivery.endpointId, flight);
    flight.over = attempt(flight, {
      allowPrivateUrls: config.webhookAllowPrivateUrls,
      timeoutMs: this.timeoutMs,
      sender: this.sender,
    }).then((outcome) => {
      this.finished.push(outcomeOf(flight, outcome, config.webhookRetrySchedule));
      flight.attempted = true;
      this.wake();
    });
  }

  /** Requests to endpoints that were deleted or disabled meanwhile are ended (by any process). */
  private async cutRemoved(): Promise<void> {
    const open = [...this.flights.values()].filter((flight) => !flight.attempted);
    if (open.length === 0) return;
    const enabled = await this.repository.enabledEndpointIds();
    for (const flight of open) if (!enabled.has(flight.delivery.endpointId)) flight.cut('endpoint-gone');
  }

  /**
   * Records what finished, a batch per transaction; a batch that cannot be recorded gives its
   * claims back (at least once).
   */
  private async recordFinished(): Promise<void> {
    const { log } = this.options;
    while (this.finished.length > 0) {
      const batch = this.finished.slice(0, maxOutcomesPerRecord);
      this.finished = this.finished.slice(batch.length);
      try {
        const disabled = await this.outcomes.record(batch, new Date(Date.now() - disableAfterMs));
        for (const endpoint of disabled)
          log.warn({ endpoint }, 'webhook endpoint disabled: failing for 5 days; its pending deliveries failed');
        for (const outcome of batch) {
          if (outcome.kind === 'failed')
            log.info(
              {
                endpoint: outcome.delivery.endpointId,
                delivery: outcome.delivery.id,
                attempts: outcome.delivery.attempts + 1,
                statusCode: outcome.attempt.statusCode,
                error: outcome.attempt.error,
                retryInMs: outcome.retryAt.getTime() - Date.now(),
              },
              'webhook delivery failed; will retry',
            );
        }
      } catch (error) {
        if (error instanceof DatabaseBusyError) {
          // Nothing was written: recorded at a next round, their flights and claims kept meanwhile.
          this.finished = [...batch, ...this.finished];
          return;
        }
        log.error({ err: error, deliveries: batch.length }, 'could not record webhook attempts');
        await this.repository.release(batch.map((outcome) => outcome.delivery)).catch(() => undefined);
      }
      for (const outcome of batch) this.flights.delete(outcome.delivery.endpointId);
    }
  }
}

export function startDeliveryWorker(options: DeliveryWorkerOptions): DeliveryWorker {
  return new Worker(options);
}
