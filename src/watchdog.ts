// The last resort of a shutdown: a thread of its own, started with the server, that ends the
// process with SIGKILL if it is still alive a given time after the shutdown began. The shutdown's
// own timer cannot do that when the main thread is stuck in a synchronous loop (a library retrying
// a write for ever): timers run on the main thread. The thread sleeps in Atomics.wait, costing no
// CPU, and holds nothing open: a process that exits in time is not delayed by it.
import { Worker, isMainThread, workerData } from 'node:worker_threads';

export interface Watchdog {
  /** From now, the process has afterMs to exit. Only the first call counts. */
  arm(afterMs: number): void;
}

/** What the watchdog's thread is given: [0] the time (Date.now()) the process must be gone by, 0 until armed. */
interface WatchdogData {
  watchdog: BigInt64Array;
}

const isWatchdogData = (data: unknown): data is WatchdogData =>
  typeof data === 'object' && data !== null && (data as Partial<WatchdogData>).watchdog instanceof BigInt64Array;

export function startWatchdog(onError: (error: Error) => void): Watchdog {
  const deadline = new BigInt64Array(new SharedArrayBuffer(2 * BigInt64Array.BYTES_PER_ELEMENT));
  const data: WatchdogData = { watchdog: deadline };
  // This very module is what runs in the thread (below), without the process's flags: some (an
  // --input-type, a heap cap) are for the main thread only, and one it cannot take stops it.
  const thread = new Worker(new URL(import.meta.url), { workerData: data, execArgv: [], stdin: false });
  thread.on('error', onError);
  thread.unref();
  return {
    arm(afterMs) {
      if (Atomics.compareExchange(deadline, 0, 0n, BigInt(Date.now() + Math.ceil(afterMs))) === 0n)
        Atomics.notify(deadline, 0);
    },
  };
}

if (!isMainThread && isWatchdogData(workerData)) {
  const deadline = workerData.watchdog;
  Atomics.wait(deadline, 0, 0n);
  // Nothing ever changes [1]: each wait sleeps its whole time. The deadline counts from arm(),
  // even when that came before this thread had started.
  for (let left = Number(deadline[0]) - Date.now(); left > 0; left = Number(deadline[0]) - Date.now())
    Atomics.wait(deadline, 1, 0n, left);
  process.kill(process.pid, 'SIGKILL');
}
