// The thread side of player-events-thread.ts: each flush written on a SQLite connection of its own,
// at the lowest scheduling priority, in transactions of at most 500 events, the event loop let go
// between them.
import { parentPort, workerData } from 'node:worker_threads';
import { sqliteExecutor } from '../db/sql-executor.js';
import { lowestPriority } from '../events/sender-thread.js';
import { eventKey } from './player-events.model.js';
import { fromBatch, toBatch, written } from './player-events.batch.js';
import { CountMemory } from './player-events.memory.js';
import { PlayerEventRepository, type PendingKey } from './player-events.repository.js';
import { outcomeOf, type EventThreadData, type FromEventThread, type ToEventThread } from './player-events-thread.js';

/** Events per transaction at most (a key's events stay together). */
const eventsPerTransaction = 500;

lowestPriority();
const port = parentPort!;
const { file, synchronous } = workerData as EventThreadData;
const executor = sqliteExecutor(file, { synchronous });
const repository = new PlayerEventRepository(executor);
const memory = new CountMemory();

/** The keys in groups of at most eventsPerTransaction events (a key with more stays whole), with their first event. */
function groups(keys: readonly PendingKey[]): { keys: PendingKey[]; first: number }[] {
  const out: { keys: PendingKey[]; first: number }[] = [];
  let events = 0;
  let at = 0;
  for (const key of keys) {
    const last = out.at(-1);
    if (!last || events + key.times.length > eventsPerTransaction) {
      out.push({ keys: [key], first: at });
      events = 0;
    } else last.keys.push(key);
    events += key.times.length;
    at += key.times.length;
  }
  return out;
}

/** What became of each event of the flush, and why the writing stopped if it did. */
async function write(keys: PendingKey[]): Promise<{ outcome: Uint8Array; error: string | null }> {
  const outcome = new Uint8Array(keys.reduce((sum, key) => sum + key.times.length, 0));
  try {
    for (const group of groups(keys)) {
      const { write: fresh } = memory.sift(group.keys);
      const counted = fresh.length > 0 ? await repository.record(fresh) : [];
      memory.remember(counted);
      // Every event of the group written: a repeat unless it counted.
      const offsets = new Map<string, { at: number; times: number[] }>();
      let at = group.first;
      for (const key of group.keys) {
        offsets.set(eventKey(key), { at, times: key.times });
        outcome.fill(written.repeated, at, at + key.times.length);
        at += key.times.length;
      }
      for (const event of counted) {
        const key = offsets.get(eventKey(event))!;
        outcome[key.at + key.times.indexOf(event.at)] = written.counted;
      }
      await new Promise((resolve) => setImmediate(resolve));
    }
    return { outcome, error: null };
  } catch (error) {
    return { outcome, error: error instanceof Error ? error.message : String(error) };
  }
}

async function answer(id: number, keys: PendingKey[]): Promise<FromEventThread> {
  const { outcome, error } = await write(keys);
  const { counted, written: done, unwritten } = outcomeOf(keys, outcome, error);
  return {
    id,
    counted,
    written: done,
    unwritten: unwritten.length > 0 ? toBatch(unwritten) : null,
    error,
  };
}

port.on('message', (message: ToEventThread) => {
  if (message === 'stop') {
    executor.close();
    port.postMessage('stopped' satisfies FromEventThread);
    process.exit(0);
  }
  void answer(message.id, fromBatch(message.batch)).then((outcome) => port.postMessage(outcome));
});
