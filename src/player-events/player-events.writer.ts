// How a flush is written: in process, one transaction on the SQL executor (PostgreSQL, whose
// statements are asynchronous I/O; and the app's tests), or on SQLite in a thread of its own
// (player-events-thread.ts), whose synchronous statements then never hold the event loop.
import { fromBatch, type EventBatch } from './player-events.batch.js';
import { CountMemory } from './player-events.memory.js';
import type { PlayerEventRepository } from './player-events.repository.js';

/** What became of a flush's events. */
export interface WriteOutcome {
  /** Events that counted. */
  counted: number;
  /** Events written (counted, or found to repeat a count). */
  written: number;
  /** What was not written (the write failed before it): waits for the next flush. Null: nothing. */
  unwritten: EventBatch | null;
  /** Why the write stopped; null when everything was written. */
  error: unknown;
}

export interface EventWriter {
  write(batch: EventBatch): Promise<WriteOutcome>;
  /** After the last write. */
  close(): Promise<void>;
}

/**
 * Writes each flush in one transaction, in this process: all of it, or nothing (what its memory
 * knows to repeat a count is not written).
 */
export function inProcessWriter(repository: PlayerEventRepository): EventWriter {
  const memory = new CountMemory();
  return {
    async write(batch) {
      try {
        const write = memory.sift(fromBatch(batch));
        const counted = write.length > 0 ? await repository.record(write) : [];
        memory.remember(counted);
        return { counted: counted.length, written: batch.times.length, unwritten: null, error: null };
      } catch (error) {
        return { counted: 0, written: 0, unwritten: batch, error };
      }
    },
    close: () => Promise.resolve(),
  };
}
