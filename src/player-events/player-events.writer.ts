// How a flush is written: in process, one transaction on the SQL executor (PostgreSQL, whose
// statements are asynchronous I/O; and the app's tests), or on SQLite in a thread of its own
// (player-events-thread.ts), whose synchronous statements then never hold the event loop.
import { eventKey } from './player-events.model.js';
import type { PendingKey, PlayerEventRepository } from './player-events.repository.js';

/** What became of a flush's events. */
export interface WriteOutcome {
  /** Events that counted. */
  counted: number;
  /** The keys that counted, each with the time it last counted. */
  lastCounted: [key: string, at: number][];
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

/** Writes each flush in one transaction, in this process: all of it, or nothing. */
export function inProcessWriter(repository: PlayerEventRepository): EventWriter {
  return {
    async write(keys) {
      try {
        const counted = await repository.record(keys);
        const last = new Map<string, number>();
        for (const event of counted) {
          const key = eventKey(event);
          last.set(key, Math.max(event.at, last.get(key) ?? event.at));
        }
        return { counted: counted.length, lastCounted: [...last], written: eventsIn(keys), unwritten: [], error: null };
      } catch (error) {
        return { counted: 0, lastCounted: [], written: 0, unwritten: [...keys], error };
      }
    },
    close: () => Promise.resolve(),
  };
}
