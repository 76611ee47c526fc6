// The server's search runs in a thread of its own (search-thread.entry.ts): the index is built and
// searched there, from the stored catalog read on connections of the thread's, so that neither a
// search flood nor the index's memory reaches the requests of the main thread. The thread's heap
// is capped (SEARCH_MEMORY_MB; the index's arrays, outside it, are held to the same number): an
// index that does not fit ends the thread, not the process, and searches answer 503
// SEARCH_UNAVAILABLE with Retry-After until a new thread, started after a pause that doubles
// (5 s to 5 min), has built one. Searches are checked here (400s answer at once), then wait in a
// bounded queue (SEARCH_QUEUE_MAX, full: 503 at once), each at most waitMs.
//
// The thread runs the compiled module search-thread.entry.js (the server runs from dist/); the
// app in process (the tests) searches with SearchService itself.
import { Worker } from 'node:worker_threads';
import { AppError, type ErrorCode, type ErrorDetails } from '../errors.js';
import {
  checkedSearch,
  type IndexSearch,
  type ProductSearch,
  type SearchInput,
  type SearchResult,
} from './search.service.js';

/** What the thread is started with. */
export interface SearchThreadData {
  databaseUrl: string;
  statementTimeoutMs: number;
  /** How long the catalog version is trusted before it is read again (CATALOG_CACHE_TTL_MS). */
  ttlMs: number;
  /** Bytes the index's arrays may take. */
  indexMaxBytes: number;
}

export type ToSearchThread = { id: number; search: IndexSearch };
export type FromSearchThread =
  | { built: number }
  /** The index does not fit in the bytes given: the thread ends next. */
  | { unfit: true }
  | { id: number; result: SearchResult }
  | { id: number; error: { code: ErrorCode; message: string; details?: ErrorDetails } }
  | { log: 'info' | 'warn' | 'error'; details: object; text: string };

export interface SearchThreadOptions extends Omit<SearchThreadData, 'indexMaxBytes'> {
  /** SEARCH_MEMORY_MB. */
  memoryMb: number;
  /** SEARCH_QUEUE_MAX. */
  queueMax: number;
}

export interface SearchLog {
  info(details: object, text: string): void;
  warn(details: object, text: string): void;
  error(details: object, text: string): void;
}

/** A search waits this long at most for the thread (the first index being built, a queue ahead); then 503. */
export const waitMs = 10_000;
/**
 * After the thread ended, the pause before a search starts another: doubled at each end, back to
 * the first once an index is built.
 */
const firstRetryMs = 5_000;
const lastRetryMs = 5 * 60_000;

interface Waiting {
  resolve(result: SearchResult): void;
  reject(error: Error): void;
  timer: NodeJS.Timeout;
  /** Answered already (its time ran out): the thread's answer, when it comes, only frees its place. */
  settled: boolean;
}

const unavailable = (message: string, retryAfterSeconds: number) =>
  new AppError('SEARCH_UNAVAILABLE', `${message}; retry in ${retryAfterSeconds} s`, {
    retry_after_seconds: retryAfterSeconds,
  });

export class SearchThread implements ProductSearch {
  private thread: Worker | null = null;
  /** Searches posted to the thread and not answered by it yet (those answered 503 meanwhile too): the queue. */
  private readonly waiting = new Map<number, Waiting>();
  private nextId = 0;
  /** Whether the current thread has built an index, and of how many products (the last). */
  private built = false;
  private products = 0;
  private retryAt = Number.NEGATIVE_INFINITY;
  /** Why the last thread ended (what the searches during the pause are told). */
  private failure = 'The search thread ended';
  /** The current thread said its index does not fit. */
  private unfit = false;
  private retryMs = firstRetryMs;
  private warmers: { resolve(products: number | null): void; reject(error: Error): void }[] = [];
  private closed = false;

  constructor(
    private readonly options: SearchThreadOptions,
    private readonly log: SearchLog,
  ) {}

  async search(input: SearchInput): Promise<SearchResult> {
    const search = checkedSearch(input);
    const thread = this.running();
    if (this.waiting.size >= this.options.queueMax)
      throw unavailable(`${this.options.queueMax} searches are waiting already`, 1);
    const id = (this.nextId += 1);
    return new Promise<SearchResult>((resolve, reject) => {
      const entry: Waiting = {
        resolve,
        reject,
        settled: false,
        timer: setTimeout(() => {
          entry.settled = true;
          reject(
            unavailable(
              this.built ? `The search did not finish within ${waitMs / 1000} s` : 'The search index is being built',
              this.built ? 1 : 5,
            ),
          );
        }, waitMs),
      };
      this.waiting.set(id, entry);
      thread.postMessage({ id, search } satisfies ToSearchThread);
    });
  }

  /** Starts the thread (it builds the index at once); answers how many products the index holds. */
  warm(): Promise<number | null> {
    if (this.closed) return Promise.resolve(null);
    if (this.thread && this.built) return Promise.resolve(this.products);
    return new Promise((resolve, reject) => {
      this.warmers.push({ resolve, reject });
      try {
        this.running();
      } catch (error) {
        this.warmers.pop();
        reject(error as Error);
      }
    });
  }

  async close(): Promise<void> {
    this.closed = true;
    for (const warmer of this.warmers.splice(0)) warmer.resolve(null);
    const thread = this.thread;
    if (thread) await thread.terminate();
  }

  /** The thread, started when there is none and its pause is over; else 503. */
  private running(): Worker {
    if (this.thread) return this.thread;
    if (this.closed) throw unavailable('The gateway is stopping', 1);
    const left = this.retryAt - performance.now();
    if (left > 0) throw unavailable(this.failure, Math.ceil(left / 1000));
    return this.start();
  }

  private start(): Worker {
    const { memoryMb, databaseUrl, statementTimeoutMs, ttlMs } = this.options;
    const data: SearchThreadData = { databaseUrl, statementTimeoutMs, ttlMs, indexMaxBytes: memoryMb * 1024 * 1024 };
    // Without the process's flags (its heap cap is the main thread's): the thread's heap is its own.
    const thread = new Worker(new URL('./search-thread.entry.js', import.meta.url), {
      workerData: data,
      execArgv: [],
      stdin: false,
      resourceLimits: { maxOldGenerationSizeMb: memoryMb },
    });
    this.thread = thread;
    this.built = false;
    this.unfit = false;
    // The thread holds nothing open: a process that is done exits without waiting for it.
    thread.unref();
    let failure: Error | null = null;
    thread.on('message', (message: FromSearchThread) => this.received(message));
    thread.on('error', (error) => (failure = error));
    thread.on('exit', (code) => {
      if (this.thread !== thread) return;
      this.thread = null;
      this.ended(failure, code);
    });
    return thread;
  }

  private received(message: FromSearchThread): void {
    if ('log' in message) {
      this.log[message.log](message.details, message.text);
      return;
    }
    if ('unfit' in message) {
      this.unfit = true;
      return;
    }
    if ('built' in message) {
      this.built = true;
      this.products = message.built;
      this.retryMs = firstRetryMs;
      for (const warmer of this.warmers.splice(0)) warmer.resolve(message.built);
      return;
    }
    const entry = this.waiting.get(message.id);
    if (!entry) return;
    this.waiting.delete(message.id);
    clearTimeout(entry.timer);
    if (entry.settled) return;
    if ('result' in message) entry.resolve(message.result);
    else entry.reject(new AppError(message.error.code, message.error.message, message.error.details));
  }

  /** The thread ended: what waited for it answers 503, and a search starts another after the pause. */
  private ended(failure: Error | null, code: number): void {
    const retrySeconds = Math.ceil(this.retryMs / 1000);
    this.retryAt = performance.now() + this.retryMs;
    this.retryMs = Math.min(lastRetryMs, this.retryMs * 2);
    const outOfMemory = (failure as { code?: unknown } | null)?.code === 'ERR_WORKER_OUT_OF_MEMORY';
    const why =
      outOfMemory || this.unfit
        ? `the search index does not fit in SEARCH_MEMORY_MB (${this.options.memoryMb} MiB)`
        : 'the search thread ended';
    this.failure = why.replace(/^t/, 'T');
    const error = unavailable(this.failure, retrySeconds);
    for (const entry of this.waiting.values()) {
      clearTimeout(entry.timer);
      if (!entry.settled) entry.reject(error);
    }
    this.waiting.clear();
    for (const warmer of this.warmers.splice(0)) warmer.reject(error);
    if (this.closed) return;
    this.log.error(
      { err: failure ?? undefined, code },
      `${why}: searches answer 503 SEARCH_UNAVAILABLE; a search starts it again in ${retrySeconds} s`,
    );
  }
}
