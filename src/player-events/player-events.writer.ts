// How a flush is written: in process, one transaction on the SQL executor (PostgreSQL, whose
// statements are asynchronous I/O; and the app's tests), or on SQLite in a thread of its own
// (player-events-thread.ts), whose synchronous statements then never hold the event loop.
import { CountMemory } from './player-events.memory.js';
import type { PendingKey, PlayerEventRepository } from './player-events.repository.js';

/** What became of a flush's events. */
export interface WriteOutcome {
  /** Events that counted. */
  counted: number;
  /** Events written (counted, or found to repeat a count). */
  written: number;
  /** What was not written (the write failed before it): waits for the next flush. */
  unwritten: PendingKey[];
  /** Why the write stopped; null when everything was written. */
  error: unknown;
}

export interface EventWriter {
  write(keys: readonly PendingKey[]): Promise<WriteOutcome>;
  /** After the last write. */
  close(): Promise<void>;
}

/** The events of a flush, counted. */
export const eventsIn = (keys: readonly PendingKey[]): number => keys.reduce((sum, key) => sum + key.times.length, 0);

/**
 * Writes each flush in one transaction, in this process: all of it, or nothing (what its memory
 * knows to repeat a count is not written).
 */
export function inProcessWriter(repository: PlayerEventRepository): EventWriter {
  const memory = new CountMemory();
  return {
    async write(keys) {
      try {
        const write = memory.sift(keys);
        const counted = write.length > 0 ? await repository.record(write) : [];
        memory.remember(counted);
        return { counted: counted.length, written: eventsIn(keys), unwritten: [], error: null };
      } catch (error) {
        return { counted: 0, written: 0, unwritten: [...keys], error };
      }
    },
    close: () => Promise.resolve(),
  };
}
