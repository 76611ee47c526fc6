// The thread side of search-thread.ts: the catalog's index (SearchService) on a reader of its own,
// built at once and again after imports as searches find the catalog moved; each search posted
// here answered with its result or its documented error, at a scheduling priority below the main
// thread's. An index larger than the thread may hold ends the thread (the main thread answers 503
// and starts another later).
import { parentPort, workerData } from 'node:worker_threads';
import { openReader } from '../db/database.js';
import { faultError } from '../db/faults.js';
import { AppError } from '../errors.js';
import { IndexTooLargeError } from './search-index.parts.js';
import { SearchRepository } from './search.repository.js';
import { SearchService } from './search.service.js';
import { belowNormalThreadPriority } from '../thread-priority.js';
import type { FromSearchThread, SearchThreadData, ToSearchThread } from './search-thread.js';

belowNormalThreadPriority();
const port = parentPort!;
const { databaseUrl, statementTimeoutMs, ttlMs, indexMaxBytes } = workerData as SearchThreadData;
const post = (message: FromSearchThread) => port.postMessage(message);
const reader = openReader(databaseUrl, { statementTimeoutMs });
const service = new SearchService(new SearchRepository(reader), {
  ttlMs,
  indexMaxBytes,
  onBuilt: (products) => post({ built: products }),
  onBuildFailed: failed,
});

/** An index that cannot fit: said, and the thread ends (its memory with it). */
function tooLarge(error: IndexTooLargeError): never {
  post({ log: 'error', details: { bytes: error.bytes, maxBytes: indexMaxBytes }, text: error.message });
  post({ unfit: true });
  reader.close();
  process.exit(1);
}

/** The documented error a search failed with: its own, the database's, or SEARCH_UNAVAILABLE (logged). */
function answerOf(error: unknown): AppError {
  if (error instanceof AppError) return error;
  const fault = faultError(error);
  if (fault) return fault;
  post({
    log: 'error',
    details: { err: error instanceof Error ? { message: error.message, stack: error.stack } : String(error) },
    text: 'a search failed in the search thread',
  });
  return new AppError('SEARCH_UNAVAILABLE', 'The search failed; retry in 1 s', { retry_after_seconds: 1 });
}

function failed(error: unknown): void {
  if (error instanceof IndexTooLargeError) tooLarge(error);
}

port.on('message', ({ id, search }: ToSearchThread) => {
  service.run(search).then(
    (result) => post({ id, result }),
    (error: unknown) => {
      const { code, message, details } = answerOf(error);
      post({ id, error: details === undefined ? { code, message } : { code, message, details } });
    },
  );
});

// Built at once: the first search finds it ready (a failed build is tried again by the next search).
service.warm().catch(() => undefined);
