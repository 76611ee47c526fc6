// Where the server's logs go: standard output, through a small writer of our own, so that logging
// can neither stop the event loop nor hold the process at exit. pino's writers retry a pipe that
// does not take their lines by sleeping on the main thread, and on exit flush synchronously: a
// pipe whose reader stalls and then goes away (EPIPE, which they retry like a full pipe) keeps the
// process in that loop for ever, where no timer of the shutdown can end it. Here a full pipe only
// queues lines, at most maxQueuedText of them, and past that lines are dropped (and counted); a
// write that fails otherwise (the reader is gone) drops everything queued and everything after;
// and before exiting, flush() waits for the queue only as long as it is told to.
import { write } from 'node:fs';

/** Characters of log text kept while stdout does not drain; past them, lines are dropped. */
const maxQueuedText = 8 * 1024 * 1024;
/** Lines are written together, up to this many characters a write. */
const maxWriteText = 64 * 1024;
/** A full pipe is tried again after this. */
const fullPipeRetryMs = 50;

export interface LogDestination {
  /** What the logger writes its lines to. */
  stream: { write(line: string): boolean };
  /** Lines given up on: stdout did not keep up, or could no longer be written to. */
  readonly dropped: number;
  /** Resolves once every queued line is written, stdout has failed, or timeoutMs has passed. */
  flush(timeoutMs: number): Promise<void>;
}

/** Takes the first lines of the queue, at least one and no more than maxText characters together. */
function takeLines(queue: string[], maxText: number): { taken: string[]; size: number } {
  let lines = 0;
  let size = 0;
  for (const line of queue) {
    if (lines > 0 && size + line.length > maxText) break;
    size += line.length;
    lines += 1;
  }
  return { taken: queue.splice(0, lines), size };
}

/** Resolves when the callback handed to `register` is called, or after timeoutMs, whichever comes first. */
function calledOrTimedOut(timeoutMs: number, register: (done: () => void) => void): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, timeoutMs);
    register(() => {
      clearTimeout(timer);
      resolve();
    });
  });
}

export function stdoutDestination(): LogDestination {
  // Opening process.stdout makes a pipe or socket non-blocking (libuv does, for its own writes):
  // a write to a full pipe then fails at once with EAGAIN instead of holding a thread of libuv's
  // pool, which process.exit waits for. Nothing is written through it: its queue has no bound.
  void process.stdout;
  const fd = 1;
  const queue: string[] = [];
  let queuedText = 0;
  /** The bytes being written and the lines they hold; null when no write is under way. */
  let chunk: { bytes: Buffer; lines: number } | null = null;
  let failed = false;
  let dropped = 0;
  let idle: (() => void)[] = [];

  const settle = () => {
    for (const resolve of idle) resolve();
    idle = [];
  };

  const nextChunk = (): { bytes: Buffer; lines: number } => {
    const { taken, size } = takeLines(queue, maxWriteText);
    queuedText -= size;
    return { bytes: Buffer.from(taken.join('')), lines: taken.length };
  };

  const writeNext = () => {
    if (chunk === null) {
      if (queue.length === 0) {
        settle();
        return;
      }
      chunk = nextChunk();
    }
    const current = chunk;
    write(fd, current.bytes, 0, current.bytes.length, null, (error, written) => {
      if (error && (error as NodeJS.ErrnoException).code === 'EAGAIN') {
        setTimeout(writeNext, fullPipeRetryMs).unref();
        return;
      }
      if (error) {
        // The reader is gone (EPIPE) or stdout is unusable: nothing queued can be written.
        failed = true;
        dropped += current.lines + queue.length;
        chunk = null;
        queue.length = 0;
        queuedText = 0;
        settle();
        return;
      }
      chunk = written < current.bytes.length ? { bytes: current.bytes.subarray(written), lines: current.lines } : null;
      writeNext();
    });
  };

  return {
    stream: {
      write(line) {
        if (failed || queuedText + line.length > maxQueuedText) {
          dropped += 1;
          return false;
        }
        queue.push(line);
        queuedText += line.length;
        if (chunk === null) writeNext();
        return true;
      },
    },
    get dropped() {
      return dropped;
    },
    flush(timeoutMs) {
      if (failed || (chunk === null && queue.length === 0)) return Promise.resolve();
      return calledOrTimedOut(timeoutMs, (done) => idle.push(done));
    },
  };
}
