// SQLite's WAL checkpoints, off the event loop. A commit that takes the write-ahead log past
// SQLite's threshold copies the log into the database file and syncs both (a checkpoint) before
// it returns: 5-10 ms on the committing connection, which is the event loop's, so a request (or a
// webhook round) met it every few seconds while writes flowed. The gateway's connections raise
// that threshold (autoCheckpointPages) and this thread checkpoints every second on a connection of
// its own (PASSIVE: it never waits for readers or writers, copying what it can), so the log stays
// small and the event loop never does the copying. Should the thread be gone, the raised
// threshold still bounds the log.
//
// The thread's code is the function below, given to the thread as source (as sender-thread.ts
// does): the same from the compiled server and from the tests' TypeScript.
import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';

/** Pages (4 KiB) the log may reach before a commit checkpoints on its own connection (SQLite's default is 1,000). */
export const autoCheckpointPages = 10_000;
/** How often the thread checkpoints. */
export const checkpointIntervalMs = 1_000;

interface ThreadData {
  driver: string;
  file: string;
  intervalMs: number;
}

/* eslint-disable @typescript-eslint/no-require-imports -- the thread's source: see above. */
/** The thread: a PASSIVE checkpoint every interval; a connection that fails is opened again at the next. */
function checkpointThread(): void {
  const { workerData, parentPort } = require('node:worker_threads') as typeof import('node:worker_threads');
  const data = workerData as ThreadData;
  const Sqlite = require(data.driver) as typeof import('better-sqlite3');
  let connection: import('better-sqlite3').Database | null = null;
  const close = () => {
    try {
      connection?.close();
    } catch {
      // Closing what failed: nothing left to do.
    }
    connection = null;
  };
  const timer = setInterval(() => {
    try {
      connection ??= new Sqlite(data.file, { fileMustExist: true, timeout: 0 });
      connection.pragma('wal_checkpoint(PASSIVE)');
    } catch {
      // Busy (another checkpoint under way) or the file not there: tried again at the next tick.
      close();
    }
  }, data.intervalMs);
  parentPort!.once('message', () => {
    clearInterval(timer);
    close();
    parentPort!.postMessage('closed');
  });
}
/* eslint-enable @typescript-eslint/no-require-imports */

export interface Checkpointer {
  /** Ends the thread after its checkpoint under way, if any. */
  stop(): Promise<void>;
}

/** Starts checkpointing the SQLite database `file` in a thread; `onError` hears of a thread that failed. */
export function startCheckpointer(
  file: string,
  onError: (error: Error) => void,
  intervalMs = checkpointIntervalMs,
): Checkpointer {
  const data: ThreadData = { driver: createRequire(import.meta.url).resolve('better-sqlite3'), file, intervalMs };
  const thread = new Worker(`(${checkpointThread.toString()})()`, {
    eval: true,
    workerData: data,
    execArgv: [],
    stdin: false,
  });
  thread.unref();
  thread.on('error', onError);
  let stopped: Promise<void> | null = null;
  return {
    stop() {
      stopped ??= new Promise<void>((resolve) => {
        const end = () =>
          void thread.terminate().then(
            () => resolve(),
            () => resolve(),
          );
        const timer = setTimeout(end, 1_000);
        thread.once('message', () => {
          clearTimeout(timer);
          end();
        });
        thread.once('exit', () => {
          clearTimeout(timer);
          resolve();
        });
        thread.postMessage('stop');
      });
      return stopped;
    },
  };
}
