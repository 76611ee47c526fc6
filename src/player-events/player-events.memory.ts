// A writer's memory of when each key last counted, as the database answered (player-events.writer.ts,
// and the SQLite thread's player-events-thread.entry.ts): an event less than 30 minutes after its key's
// last count cannot count, in any process (the stored time only moves on), so it is not written at
// all. It lives beside the writes, not where requests are taken in: a flush's answer then carries
// no keys back to the event loop (on SQLite, 1,000 of them a flush cost it up to a millisecond).
import { countOnceWithinMs, eventKey } from './player-events.model.js';
import type { CountedEvent, PendingKey } from './player-events.repository.js';

/** Keys remembered at most; past it all are forgotten at once (the table still judges every event). */
export const rememberedKeys = 20_000;

export class CountMemory {
  private last = new Map<string, number>();

  constructor(private readonly capacity = rememberedKeys) {}

  /** Keys remembered now. */
  get size(): number {
    return this.last.size;
  }

  /**
   * What of a flush may count, to be written: each key with those of its times that may, in order;
   * a key none of whose times may is left out (its events are repeats).
   */
  sift(keys: readonly PendingKey[]): PendingKey[] {
    const write: PendingKey[] = [];
    for (const key of keys) {
      const last = this.last.get(key.key);
      if (last === undefined) {
        write.push(key);
        continue;
      }
      const times = key.times.filter((at) => at >= last + countOnceWithinMs);
      if (times.length === key.times.length) write.push(key);
      else if (times.length > 0) write.push({ ...key, times });
    }
    return write;
  }

  /** The events that counted, as the database answered. */
  remember(counted: readonly CountedEvent[]): void {
    for (const event of counted) {
      const key = eventKey(event);
      const known = this.last.get(key);
      if (known === undefined && this.last.size >= this.capacity) this.last = new Map();
      this.last.set(key, Math.max(event.at, known ?? event.at));
    }
  }
}
