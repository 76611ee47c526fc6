// The thread side of delivery-thread.ts: the webhook delivery worker (delivery.ts) on a SQLite
// connection of its own, at the lowest scheduling priority, its log lines sent to the main thread.
// With tracing on, the thread has a tracer provider of its own (a thread has its own globals):
// the delivery spans are exported from here, and flushed before the thread says it stopped.
import { parentPort, workerData } from 'node:worker_threads';
import { sqliteExecutor } from '../db/sql-executor.js';
import { servedWithin } from '../lifecycle.js';
import { startDeliveryWorker, type DeliveryLog } from './delivery.js';
import type { DeliveryThreadData, FromDeliveryThread, ToDeliveryThread } from './delivery-thread.js';
import { lowestThreadPriority } from '../thread-priority.js';
import { startTracing, stopTracing } from '../tracing/tracing.js';

lowestThreadPriority();
const port = parentPort!;
const { file, synchronous, config, lastRequest, tracing } = workerData as DeliveryThreadData;
if (tracing) await startTracing(tracing);
const post = (message: FromDeliveryThread) => port.postMessage(message);
const line =
  (level: keyof DeliveryLog) =>
  (details: object, text: string): void => {
    try {
      post({ log: level, details, text });
    } catch {
      // Something in the details that cannot cross to the main thread: the line without them.
      post({ log: level, details: {}, text });
    }
  };
const sql = sqliteExecutor(file, { synchronous });
const worker = startDeliveryWorker({
  sql,
  config,
  log: { info: line('info'), warn: line('warn'), error: line('error') },
  busy: () => servedWithin(lastRequest, 1_000),
  busyRate: config.webhookBusyRate,
});
port.on('message', (message: ToDeliveryThread) => {
  if (message === 'wake') worker.wake();
  else
    void worker
      .stop(message.stop)
      .finally(() => sql.close())
      .then(() => stopTracing())
      .catch(() => undefined)
      .then(() => post('stopped'));
});
