// Where the server's logs go: standard output through an asynchronous writer, so that logging can
// never stop the event loop. pino's default writer is synchronous and, when stdout is a pipe that
// nobody reads (a log shipper that hung, a parent that went away), sleeps and retries forever on
// the main thread: requests, timers and SIGTERM's shutdown all wait behind it. Here a full pipe
// only queues lines, at most maxQueuedBytes of them, and drops the rest; once the process is
// stopping nothing is retried, so exiting cannot block on a pipe either.
import pino from 'pino';

/** Log text kept while stdout does not drain; past it, lines are dropped (and counted). */
const maxQueuedBytes = 8 * 1024 * 1024;

export interface LogDestination {
  stream: pino.DestinationStream;
  /** Lines dropped because stdout did not keep up. */
  readonly dropped: number;
  /** From now on a full pipe is given up on at once instead of retried (call before exiting). */
  stopping(): void;
}

export function stdoutDestination(): LogDestination {
  let stopping = false;
  let dropped = 0;
  const stream = pino.destination({ dest: 1, sync: false, maxLength: maxQueuedBytes, retryEAGAIN: () => !stopping });
  stream.on('drop', () => {
    dropped += 1;
  });
  // A write that finally fails (the pipe closed, or given up while stopping) must not crash the
  // process: the lines are lost, the service goes on.
  stream.on('error', () => undefined);
  return {
    stream,
    get dropped() {
      return dropped;
    },
    stopping() {
      stopping = true;
    },
  };
}
