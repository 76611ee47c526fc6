// On SQLite the flushes of player events are written in a thread of its own (started at the first
// one). better-sqlite3's statements are synchronous: on the event loop, a flush of 6,000 events held
// it for about 100 ms, and reads meanwhile waited (p99 of unrelated reads 15× idle in the ingest
// bench). In the thread they wait for nothing but the CPU, which the thread gets after requests (the
// lowest priority), on a connection of its own; reads go on meanwhile (WAL). The thread writes a
// flush in transactions of at most 500 events (an event's last count and its hour's count in the
// same one), letting other writers in between, and answers what became of each event.
//
// The thread runs the compiled module player-events-thread.entry.js (the server runs from dist/);
// an app built from the TypeScript sources (the tests) writes in process.
import { Worker } from 'node:worker_threads';
import { toBatch, written, type EventBatch } from './player-events.batch.js';
import type { PendingKey } from './player-events.repository.js';
import type { EventWriter, WriteOutcome } from './player-events.writer.js';

/** To the thread: a flush to write, or stop. */
export type ToEventThread = { id: number; batch: EventBatch } | 'stop';
/** From the thread: what became of each event of a flush (and why it stopped, if it did); or that it stopped. */
export type FromEventThread = { id: number; outcome: Uint8Array; error: string | null } | 'stopped';

/** What the thread is started with. */
export interface EventThreadData {
  /** The SQLite database file. */
  file: string;
}

/** What became of a flush's events, from the thread's answer. */
export function outcomeOf(keys: readonly PendingKey[], outcome: Uint8Array, error: string | null): WriteOutcome {
  const lastCounted: [string, number][] = [];
  const unwritten: PendingKey[] = [];
  let at = 0;
  let done = 0;
  let counted = 0;
  for (const key of keys) {
    let last: number | null = null;
    let left: number[] | null = null;
    for (const time of key.times) {
      const state = outcome[at++] ?? written.no;
      if (state === written.counted) {
        counted += 1;
        last = time;
      }
      if (state !== written.no) done += 1;
      else (left ??= []).push(time);
    }
    if (last !== null) lastCounted.push([key.key, last]);
    if (left) unwritten.push({ ...key, times: left });
  }
  return { counted, lastCounted, written: done, unwritten, error: error === null ? null : new Error(error) };
}

export function eventThreadWriter(data: EventThreadData): EventWriter {
  let thread: Worker | null = null;
  let next = 0;
  const waiting = new Map<number, { resolve(answer: { outcome: Uint8Array; error: string | null }): void }>();
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
      for (const { resolve } of waiting.values()) resolve({ outcome: new Uint8Array(0), error });
      waiting.clear();
    };
    current.on('error', (error) => gone(`the player events thread failed: ${error.message}`));
    current.on('exit', (code) => gone(`the player events thread ended (${code})`));
    return current;
  };
  return {
    async write(keys) {
      const current = (thread ??= begin());
      const id = (next += 1);
      const answer = await new Promise<{ outcome: Uint8Array; error: string | null }>((resolve) => {
        waiting.set(id, { resolve });
        current.postMessage({ id, batch: toBatch(keys) } satisfies ToEventThread);
      });
      return outcomeOf(keys, answer.outcome, answer.error);
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
