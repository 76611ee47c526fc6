// Which failures are the database's and not the request's: an unreachable or restarting server,
// a full pool, a timeout, a locked SQLite file. Those are answered 503 with Retry-After (the
// request may well succeed in a moment); anything else unexpected stays a 500. Errors arrive as
// Prisma errors (P-codes), driver adapter errors (`kind`, SQLSTATE) or pg/pool errors, nested in
// `cause` chains: every link is looked at, a bounded number of them.
import { AppError } from '../errors.js';

/** Prisma's codes for "the database could not be used just now". */
const unavailableCodes = new Set([
  'P1001', // cannot reach the server
  'P1002', // the server was reached but timed out
  'P1008', // operation timed out
  'P1017', // the server closed the connection
  'P2024', // timed out fetching a connection from the pool
  'P2028', // transaction API error (could not start one in time, or it expired)
  'P2034', // write conflict or deadlock, still after retries
  'P2037', // too many connections
]);

/** Driver adapter error kinds with the same meaning. */
const unavailableKinds = new Set(['DatabaseNotReachable', 'ConnectionClosed', 'SocketTimeout', 'TooManyConnections', 'TransactionWriteConflict']);

/**
 * SQLSTATE classes and codes: 08 connection exception, 53 insufficient resources, 57014 statement
 * timeout, 57P01–57P05 shutdown / cannot connect now / idle timeouts, 55P03 lock not available,
 * 25P03 idle-in-transaction timeout, 40001/40P01 serialization failure/deadlock.
 */
const unavailableSqlState = /^(08|53)|^(57014|57P0[1-5]|55P03|25P03|40001|40P01)$/;

/** SQLSTATEs of text PostgreSQL cannot store (NUL bytes, characters outside the encoding). */
const unstorableTextSqlState = new Set(['22021', '22P05']);

/** pg, pg-pool and node socket messages of the same faults. */
const unavailableMessage =
  /timeout exceeded when trying to connect|Connection terminated|Query read timeout|ECONNREFUSED|ECONNRESET|EPIPE|ETIMEDOUT|EHOSTUNREACH|Client has encountered a connection error|Client was closed|Cannot use a pool after calling end|database is locked|SQLITE_BUSY|SQLITE_LOCKED|Transaction API error|Unable to start a transaction in the given time/i;

interface Link {
  code?: unknown;
  kind?: unknown;
  message?: unknown;
  cause?: unknown;
  extendedCode?: unknown;
  originalCode?: unknown;
  meta?: unknown;
}

/** The error and what it wraps: `cause`, Prisma's `meta.driverAdapterError`, at most 8 links. */
function* chain(error: unknown): Generator<Link> {
  const queue: unknown[] = [error];
  for (let seen = 0; queue.length > 0 && seen < 8; seen += 1) {
    const link = queue.shift();
    if (typeof link !== 'object' || link === null) continue;
    const value = link as Link;
    yield value;
    if (value.cause !== undefined) queue.push(value.cause);
    const meta = value.meta as { driverAdapterError?: unknown } | undefined;
    if (meta && typeof meta === 'object' && meta.driverAdapterError !== undefined) queue.push(meta.driverAdapterError);
  }
}

function sqlState(link: Link): string | null {
  for (const value of [link.originalCode, link.code]) {
    if (typeof value === 'string' && /^[0-9A-Z]{5}$/.test(value)) return value;
  }
  return null;
}

/** Whether the database, not the request, is why this failed. */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (const link of chain(error)) {
    if (typeof link.code === 'string' && unavailableCodes.has(link.code)) return true;
    if (typeof link.kind === 'string' && unavailableKinds.has(link.kind)) return true;
    const state = sqlState(link);
    if (state !== null && unavailableSqlState.test(state)) return true;
    if (link.extendedCode === 5 || link.extendedCode === 6) return true; // SQLITE_BUSY, SQLITE_LOCKED
    if (typeof link.message === 'string' && unavailableMessage.test(link.message)) return true;
  }
  return false;
}

function isUnstorableText(error: unknown): boolean {
  for (const link of chain(error)) {
    const state = sqlState(link);
    if (state !== null && unstorableTextSqlState.has(state)) return true;
  }
  return false;
}

/** Seconds a client is asked to wait before retrying after a 503. */
export const retryAfterSeconds = 1;

/**
 * The documented error for a failure from outside the request, or null when it is a bug. Text the
 * database cannot store is refused at the edges; this is the second line should any slip by.
 */
export function faultError(error: unknown): AppError | null {
  if (error instanceof AppError) return null;
  if (isUnstorableText(error)) return new AppError('VALIDATION_FAILED', 'The request contains text that cannot be stored (for example a NUL character)');
  if (isDatabaseUnavailable(error)) {
    return new AppError('SERVICE_UNAVAILABLE', `The database is not answering; retry in ${retryAfterSeconds} s`, { retry_after_seconds: retryAfterSeconds });
  }
  return null;
}
