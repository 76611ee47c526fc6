// On SQLite the webhook delivery worker runs in a thread of its own. Its statements are
// synchronous (better-sqlite3): on the main thread each claim and each record held the event loop
// for a millisecond or so, and requests that came in meanwhile waited (p99 of unrelated requests
// 2-4× idle while a backlog drained). In this thread they wait for nothing but the CPU, which the
// thread gets only after requests (the lowest priority). It reads the time of the last request
// from memory shared with the main thread, to keep to WEBHOOK_BUSY_RATE while requests flow.
// On PostgreSQL the worker stays on the main thread: its statements are asynchronous I/O.
//
// The thread runs the compiled module delivery-thread.entry.js (the server runs from dist/).
import type { SqliteSynchronous } from '../db/sqlite-durability.js';
import { Worker } from 'node:worker_threads';
import type { DeliveryLog, DeliveryWorker, DeliveryWorkerOptions } from './delivery.js';
import type { TracingConfig } from '../config.js';

/** What the thread is started with. */
export interface DeliveryThreadData {
  /** The SQLite database file. */
  file: string;
  /** How durable its commits are. */
  synchronous: SqliteSynchronous;
  config: DeliveryWorkerOptions['config'] & { webhookBusyRate: number };
  /** The main thread's Lifecycle.lastRequest (shared memory). */
  lastRequest: Float64Array;
  /** Tracing (null: off): the thread exports its delivery spans with a provider of its own. */
  tracing: TracingConfig | null;
}

/** To the thread: look for due deliveries now, or stop (with the grace for requests in flight). */
export type ToDeliveryThread = 'wake' | { stop: number };
/** From the thread: a log line, or that it stopped. */
export type FromDeliveryThread = 'stopped' | { log: keyof DeliveryLog; details: object; text: string };

/** After an unexpected end of the thread, how long until it is started again. */
const restartMs = 5_000;

export function startDeliveryThread(data: DeliveryThreadData, log: DeliveryLog): Pick<DeliveryWorker, 'wake' | 'stop'> {
  let thread: Worker | null = null;
  let stopping = false;
  let restart: NodeJS.Timeout | undefined;
  const begin = () => {
    const current = new Worker(new URL('./delivery-thread.entry.js', import.meta.url), {
      workerData: data,
      execArgv: [],
      stdin: false,
    });
    thread = current;
    current.unref();
    current.on('message', (message: FromDeliveryThread) => {
      if (message !== 'stopped') log[message.log](message.details, message.text);
    });
    current.on('error', (error) => log.error({ err: error }, 'the webhook delivery thread failed'));
    current.on('exit', (code) => {
      if (thread !== current) return;
      thread = null;
      if (stopping) return;
      log.error({ code }, `the webhook delivery thread ended; starting it again in ${restartMs / 1000} s`);
      restart = setTimeout(begin, restartMs);
      restart.unref();
    });
  };
  begin();
  return {
    wake: () => thread?.postMessage('wake' satisfies ToDeliveryThread),
    stop(graceMs = 10_000) {
      stopping = true;
      clearTimeout(restart);
      const current = thread;
      if (!current) return Promise.resolve();
      return new Promise<void>((resolve) => {
        // Past the grace and a margin to record and give back claims, the thread is ended as it is (its claims expire).
        const timer = setTimeout(() => void current.terminate(), graceMs + 2_000);
        current.on('message', (message: FromDeliveryThread) => {
          if (message === 'stopped') void current.terminate();
        });
        current.once('exit', () => {
          clearTimeout(timer);
          resolve();
        });
        current.postMessage({ stop: graceMs } satisfies ToDeliveryThread);
      });
    },
  };
}
