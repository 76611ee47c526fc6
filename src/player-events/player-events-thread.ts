// On SQLite the flushes of player events are written in a thread of its own (started at the first
// one). better-sqlite3's statements are synchronous: on the event loop, a flush of 6,000 events held
// it for about 100 ms, and reads meanwhile waited (p99 of unrelated reads 15× idle in the ingest
// bench). In the thread they wait for nothing but the CPU, which the thread gets after requests (the
// lowest priority), on a connection of its own; reads go on meanwhile (WAL). The thread writes a
// flush in transactions of at most 500 events (an event's last count and its hour's count in the
// same one), letting other writers in between, and answers what it counted and what it could not
// write. Meanwhile this side holds the flush in columns only (a few arrays, not an object per key):
// what survives a collection of the young generation is copied, and would be promoted.
//
// The thread runs the compiled module player-events-thread.entry.js (the server runs from dist/);
// an app built from the TypeScript sources (the tests) writes in process.
import type { SqliteSynchronous } from '../db/sqlite-durability.js';
import { Worker } from 'node:worker_threads';
import { written, type EventBatch } from './player-events.batch.js';
import type { PendingKey } from './player-events.repository.js';
import type { EventWriter, WriteOutcome } from './player-events.writer.js';

/** To the thread: a flush to write, or stop. */
export type ToEventThread = { id: number; batch: EventBatch } | 'stop';
/** What the thread answers of a flush: what became of its events, what it did not write and why. */
export interface ThreadOutcome extends Omit<WriteOutcome, 'unwritten' | 'error'> {
  id: number;
  unwritten: EventBatch | null;
  error: string | null;
}
/** From the thread: a flush's outcome, or that it stopped. */
export type FromEventThread = ThreadOutcome | 'stopped';

/** What the thread is started with. */
export interface EventThreadData {
  /** The SQLite database file. */
  file: string;
  /** How durable its commits are. */
  synchronous: SqliteSynchronous;
}

/** What became of a flush's events by key: what the thread answers, before the unwritten keys go in a batch. */
export interface KeyOutcome extends Omit<WriteOutcome, 'unwritten'> {
  unwritten: PendingKey[];
}

/** What became of a flush's events, from what became of each (written.*, in the flush's order). */
export function outcomeOf(keys: readonly PendingKey[], outcome: Uint8Array, error: string | null): KeyOutcome {
  const unwritten: PendingKey[] = [];
  let at = 0;
  let done = 0;
  let counted = 0;
  for (const key of keys) {
    let left: number[] | null = null;
    for (const time of key.times) {
      const state = outcome[at++] ?? written.no;
      if (state === written.counted) counted += 1;
      if (state !== written.no) done += 1;
      else (left ??= []).push(time);
    }
    if (left) unwritten.push({ ...key, times: left });
  }
  return { counted, written: done, unwritten, error: error === null ? null : new Error(error) };
}

/** A thread gone before it answered: nothing of the flush was written. */
const lost = (id: number, batch: EventBatch, error: string): ThreadOutcome => ({
  id,
  counted: 0,
  written: 0,
  unwritten: batch,
  error,
});

export function eventThreadWriter(data: EventThreadData): EventWriter {
  let thread: Worker | null = null;
  let next = 0;
  const waiting = new Map<number, { batch: EventBatch; resolve(answer: ThreadOutcome): void }>();
  const begin = (): Worker => {
    const current = new Worker(new URL('./player-events-thread.entry.js', import.meta.url), {
      workerData: data satisfies EventThreadData,
      execArgv: [],
      stdin: false,
    });
    current.unref();
    current.on('message', (message: FromEventThread) => {
      if (message === 'stopped') return;
      waiting.get(message.id)?.resolve(message);
      waiting.delete(message.id);
    });
    // A thread that fails or ends leaves its flush unwritten; the next flush starts another.
    const gone = (error: string) => {
      if (thread === current) thread = null;
      for (const [id, { batch, resolve }] of waiting) resolve(lost(id, batch, error));
      waiting.clear();
    };
    current.on('error', (error) => gone(`the player events thread failed: ${error.message}`));
    current.on('exit', (code) => gone(`the player events thread ended (${code})`));
    return current;
  };
  return {
    async write(batch) {
      const id = (next += 1);
      const answer = await new Promise<ThreadOutcome>((resolve) => {
        try {
          const current = (thread ??= begin());
          waiting.set(id, { batch, resolve });
          current.postMessage({ id, batch } satisfies ToEventThread);
        } catch (error) {
          // A thread that cannot be started: the flush waits for the next one.
          waiting.delete(id);
          resolve(lost(id, batch, `the player events thread could not start: ${String(error)}`));
        }
      });
      const { counted, written: done, unwritten, error } = answer;
      return { counted, written: done, unwritten, error: error === null ? null : new Error(error) };
    },
    close() {
      const current = thread;
      thread = null;
      if (!current) return Promise.resolve();
      return new Promise<void>((resolve) => {
        const timer = setTimeout(() => void current.terminate(), 5_000);
        current.once('exit', () => {
          clearTimeout(timer);
          resolve();
        });
        current.postMessage('stop' satisfies ToEventThread);
      });
    },
  };
}
