// The sockets of webhook deliveries, in a thread of their own. Opening a connection, writing a
// request and reading its answer each cost the event loop a little, and a round's answers come
// back together: on the main thread those bursts made unrelated requests wait (p99 3.3× idle while
// a 250,000-delivery backlog drained). The main thread vets the URL and signs; this thread only
// POSTs, to the vetted address, each request ended by a timer of the thread's own at its deadline
// (whatever the main thread is doing), and by a cut the main thread sends (stopping, endpoint gone).
//
// The thread's code is the functions `lowestPriority` and `senderThread` below, given to the
// thread as source: they run the same from the compiled server and from the tests' TypeScript,
// and so they import nothing from this module's scope (they `require` Node's own modules).
import { Worker } from 'node:worker_threads';

/** One POST, as the thread is given it. */
export interface PostRequest {
  url: string;
  /** The address the URL guard vetted: the only one connected to (Host and TLS name stay the URL's). */
  address: string;
  headers: Record<string, string>;
  body: string;
  timeoutMs: number;
}

/** A message to the thread: a POST to make, or one to cut short. */
type ToThread = (PostRequest & { id: number }) | { cut: number };
/** The thread's answer: the status once the socket closed, or why there is none. */
type FromThread = { id: number; status: number } | { id: number; error: string; deadline?: boolean };

/** After a cut, how long the answer of the thread may take before the POST is given up as cut. */
const cutAnswerMs = 1_000;

/* eslint-disable @typescript-eslint/no-require-imports -- the thread's source: see above. */
/**
 * Requests first: on Linux the thread takes the lowest scheduling priority (nice 19, for this
 * thread alone: its id from /proc/thread-self), so that on a busy machine the main thread, which
 * serves requests, gets the CPU before it. Elsewhere it keeps the process's. Runs in the thread,
 * as source only: a compiled ES module has no `require` (its threads use thread-priority.ts).
 */
function lowestPriority(): void {
  try {
    const fs = require('node:fs') as typeof import('node:fs');
    const os = require('node:os') as typeof import('node:os');
    os.setPriority(Number(fs.readlinkSync('/proc/thread-self').split('/').pop()), os.constants.priority.PRIORITY_LOW);
  } catch {
    // Not Linux, or not allowed: the same priority as requests.
  }
}

/**
 * The thread. POSTs on a connection of its own that closes with the exchange (agent: false), the
 * answer read up to 64 KiB and discarded; answers the status once the socket has closed (also
 * when it was cut after the status arrived), or an error when it closed before a status.
 */
function senderThread(): void {
  const { parentPort } = require('node:worker_threads') as typeof import('node:worker_threads');
  const http = require('node:http') as typeof import('node:http');
  const https = require('node:https') as typeof import('node:https');
  const net = require('node:net') as typeof import('node:net');
  const maxResponseBytes = 64 * 1024;
  const maxErrorChars = 500;
  const port = parentPort!;
  const open = new Map<number, AbortController>();

  const describe = (error: Error | null): string => {
    if (!error) return 'the connection closed before an answer';
    const cause = error.cause instanceof Error ? `: ${error.cause.message}` : '';
    return `${error.message}${cause}`.slice(0, maxErrorChars);
  };

  const post = (message: PostRequest & { id: number }, signal: AbortSignal): Promise<number> => {
    const url = new URL(message.url);
    const family = net.isIP(message.address);
    const lookup: import('node:net').LookupFunction = (_host, options, callback) => {
      // With autoSelectFamily (Node's default) the caller asks for every address at once.
      if (options.all)
        (callback as unknown as (error: null, addresses: { address: string; family: number }[]) => void)(null, [
          { address: message.address, family },
        ]);
      else callback(null, message.address, family);
    };
    const send = url.protocol === 'https:' ? https.request : http.request;
    return new Promise((resolve, reject) => {
      let status: number | null = null;
      let failure: Error | null = null;
      const headers = { ...message.headers, 'content-length': String(Buffer.byteLength(message.body)) };
      const request = send(url, { method: 'POST', headers, lookup, signal, agent: false }, (response) => {
        status = response.statusCode ?? 0;
        let read = 0;
        response.on('data', (chunk: Buffer) => {
          read += chunk.length;
          if (read > maxResponseBytes) request.destroy();
        });
        response.on('error', () => undefined);
      });
      request.on('error', (error) => {
        failure ??= error;
      });
      request.on('close', () => (status === null ? reject(new Error(describe(failure))) : resolve(status)));
      request.end(message.body);
    });
  };

  port.on('message', (message: ToThread) => {
    if ('cut' in message) {
      open.get(message.cut)?.abort();
      return;
    }
    const controller = new AbortController();
    open.set(message.id, controller);
    let timedOut = false;
    const deadline = setTimeout(() => {
      timedOut = true;
      controller.abort();
    }, message.timeoutMs);
    void post(message, controller.signal)
      .then(
        (status): FromThread => ({ id: message.id, status }),
        // Cut by its deadline: said so, since the main thread's own timer may not have fired yet.
        (error: unknown): FromThread => ({
          id: message.id,
          error: error instanceof Error ? error.message : String(error),
          deadline: timedOut,
        }),
      )
      .then((answer) => {
        clearTimeout(deadline);
        open.delete(message.id);
        port.postMessage(answer);
      });
  });
}
/* eslint-enable @typescript-eslint/no-require-imports */

/** A POST the thread's own timer ended at its deadline, before any answer came. */
export class PostDeadlineError extends Error {}

interface Waiting {
  answer(answer: FromThread): void;
}

/** The main thread's side: one thread per Sender, started on the first POST and again after it stopped. */
export class Sender {
  private thread: Worker | null = null;
  private nextId = 1;
  private readonly waiting = new Map<number, Waiting>();

  /** Requests the thread has not answered yet. */
  get pending(): number {
    return this.waiting.size;
  }

  /**
   * The status of `request` once its socket closed; rejects with why there is none. When `signal`
   * aborts, the thread cuts the request short (its answer is still the status if one came).
   */
  post(request: PostRequest, signal: AbortSignal): Promise<number> {
    const id = this.nextId++;
    const thread = this.started();
    return new Promise<number>((resolve, reject) => {
      let backstop: NodeJS.Timeout | undefined;
      const onAbort = () => {
        thread.postMessage({ cut: id } satisfies ToThread);
        // Should the thread not answer (stuck or gone), the POST counts as cut all the same.
        backstop = setTimeout(() => done({ id, error: 'aborted' }), cutAnswerMs);
      };
      const done = (answer: FromThread) => {
        if (!this.waiting.delete(id)) return;
        clearTimeout(backstop);
        signal.removeEventListener('abort', onAbort);
        if ('status' in answer) resolve(answer.status);
        else reject(answer.deadline ? new PostDeadlineError(answer.error) : new Error(answer.error));
      };
      this.waiting.set(id, { answer: done });
      signal.addEventListener('abort', onAbort, { once: true });
      thread.postMessage({ id, ...request } satisfies ToThread);
      if (signal.aborted) onAbort();
    });
  }

  /** Ends the thread, and with it every socket still open; POSTs waiting are rejected. */
  async close(): Promise<void> {
    const thread = this.thread;
    this.thread = null;
    if (thread) await thread.terminate();
    this.failAll('the webhook sender thread was closed');
  }

  private started(): Worker {
    if (this.thread) return this.thread;
    // The process's flags are for the main thread only (a heap cap, --input-type); the thread needs none.
    const thread = new Worker(`(${lowestPriority.toString()})();\n(${senderThread.toString()})()`, {
      eval: true,
      execArgv: [],
      stdin: false,
    });
    thread.unref();
    thread.on('message', (answer: FromThread) => this.waiting.get(answer.id)?.answer(answer));
    const gone = (why: string) => {
      if (this.thread !== thread) return;
      this.thread = null;
      this.failAll(why);
    };
    thread.on('error', (error) => gone(`the webhook sender thread failed: ${error.message}`));
    thread.on('exit', (code) => gone(`the webhook sender thread exited (${code})`));
    this.thread = thread;
    return thread;
  }

  private failAll(why: string): void {
    for (const [id, waiting] of [...this.waiting]) waiting.answer({ id, error: why });
  }
}
