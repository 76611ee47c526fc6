// How the SQLite thread (player-events-thread.entry.ts) writes a flush, apart from the thread so it
// can be tested: in groups of at most 500 events (a key's events stay together), each one write,
// other work let in between; what the writer's memory knows to repeat a count left out. Answers
// what became of each event, in the flush's order (player-events.batch.ts `written`): counted, a
// repeat (every event of a group written that did not count, those left out included), or not
// written (the groups from the one that failed on).
import { eventKey } from './player-events.model.js';
import { written } from './player-events.batch.js';
import type { CountMemory } from './player-events.memory.js';
import type { CountedEvent, PendingKey } from './player-events.repository.js';

/** Events per transaction at most (a key with more stays whole). */
const eventsPerTransaction = 500;

export interface GroupWriting {
  memory: CountMemory;
  /** Writes one group, in one transaction: the events that counted. */
  record(keys: PendingKey[]): Promise<CountedEvent[]>;
  /** Waited for between groups. */
  between(): Promise<void>;
  perGroup?: number;
}

/** The keys in groups of at most `perGroup` events (a key with more stays whole), with their first event. */
function groups(keys: readonly PendingKey[], perGroup: number): { keys: PendingKey[]; first: number }[] {
  const out: { keys: PendingKey[]; first: number }[] = [];
  let events = 0;
  let at = 0;
  for (const key of keys) {
    const last = out.at(-1);
    if (!last || events + key.times.length > perGroup) {
      out.push({ keys: [key], first: at });
      events = 0;
    } else last.keys.push(key);
    events += key.times.length;
    at += key.times.length;
  }
  return out;
}

/** What became of each event of the flush, and why the writing stopped if it did. */
export async function writeInGroups(
  keys: readonly PendingKey[],
  { memory, record, between, perGroup = eventsPerTransaction }: GroupWriting,
): Promise<{ outcome: Uint8Array; error: string | null }> {
  const outcome = new Uint8Array(keys.reduce((sum, key) => sum + key.times.length, 0));
  try {
    for (const group of groups(keys, perGroup)) {
      const fresh = memory.sift(group.keys);
      const counted = fresh.length > 0 ? await record(fresh) : [];
      memory.remember(counted);
      // Every event of the group written: a repeat unless it counted.
      const offsets = new Map<string, { at: number; times: number[] }>();
      let at = group.first;
      for (const key of group.keys) {
        offsets.set(key.key, { at, times: key.times });
        outcome.fill(written.repeated, at, at + key.times.length);
        at += key.times.length;
      }
      for (const event of counted) {
        const key = offsets.get(eventKey(event))!;
        outcome[key.at + key.times.indexOf(event.at)] = written.counted;
      }
      await between();
    }
    return { outcome, error: null };
  } catch (error) {
    return { outcome, error: error instanceof Error ? error.message : String(error) };
  }
}
