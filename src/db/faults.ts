// Which failures are the database's and not the request's, told by where they happen. Those are
// answered 503 with Retry-After (the request may well succeed in a moment); anything else
// unexpected stays a 500.
// - Connecting: any error while opening a connection, waiting for one from the pool or reaching
//   the server, whatever its code: refused, starting up, not accepting connections, a password or
//   database name that no longer matches, TLS. The pool (database.ts) and the catalog reader
//   wrap it where it happens in a DatabaseConnectError, which Prisma's driver adapter passes on
//   as it is (it converts only errors that look like pg's own).
// - Storage: the database cannot keep what it is given: SQLite's disk full, file read-only,
//   I/O error, file that cannot be opened; PostgreSQL out of disk or memory, or a read-only
//   server (a standby after a failover).
// - Locks: another writer holds what a statement needs: SQLite busy or locked, a PostgreSQL lock
//   timeout, deadlock or serialization failure (after the retries of transaction.ts).
// - Statements: a statement or transaction timed out, or its connection was lost meanwhile.
// The last three are known by their codes: Prisma's P-codes, driver adapter error kinds, SQLSTATE,
// SQLite's result codes, pg and socket messages, nested in `cause` chains (every link is looked
// at, a bounded number of them).
import { AppError } from '../errors.js';

/**
 * An error met while opening a connection to the database, waiting for one from the pool, or
 * reaching the server: the database's, whatever the error inside (`cause`).
 */
export class DatabaseConnectError extends Error {
  constructor(cause: unknown) {
    // Logs add the cause's message to this one.
    super('Could not connect to the database', { cause });
    this.name = 'DatabaseConnectError';
  }
}

/** `error`, met while connecting, as a DatabaseConnectError (once). */
export function connectFault(error: unknown): DatabaseConnectError {
  return error instanceof DatabaseConnectError ? error : new DatabaseConnectError(error);
}

/** Where a failure that is the database's happened. */
export type FaultPlace = 'connecting' | 'storage' | 'lock' | 'statement';

/** Prisma's own codes of the database's failures. */
const prismaCodes = new Map<unknown, FaultPlace>([
  ['P1008', 'statement'], // operation timed out
  ['P1017', 'statement'], // the server closed the connection
  ['P2024', 'connecting'], // timed out fetching a connection (Prisma's own wait)
  ['P2028', 'statement'], // transaction API error: could not start one in time, or it expired
  ['P2034', 'lock'], // write conflict or deadlock, still after retries
]);

/** Driver adapter error kinds with the same meanings. */
const adapterKinds = new Map<unknown, FaultPlace>([
  ['ConnectionClosed', 'statement'],
  ['SocketTimeout', 'statement'],
  ['TransactionWriteConflict', 'lock'],
]);

/**
 * SQLSTATEs: class 08 connection exception and 57P01/57P02/57P04/57P05 (the session ended by the
 * server), 57014 statement timeout, 25P03 idle-in-transaction timeout; class 53 insufficient
 * resources, 25006 read-only transaction; 55P03 lock not available, 40001/40P01 serialization
 * failure/deadlock.
 */
function sqlStatePlace(state: string): FaultPlace | null {
  if (/^08|^57P0[1245]$|^57014$|^25P03$/.test(state)) return 'statement';
  if (/^53|^25006$/.test(state)) return 'storage';
  if (/^(55P03|40001|40P01)$/.test(state)) return 'lock';
  return null;
}

/** SQLite's primary result codes (the low byte of an extended one) that are the database's. */
const sqlitePrimary = new Map<number, FaultPlace>([
  [5, 'lock'], // SQLITE_BUSY
  [6, 'lock'], // SQLITE_LOCKED
  [8, 'storage'], // SQLITE_READONLY
  [10, 'storage'], // SQLITE_IOERR
  [13, 'storage'], // SQLITE_FULL
  [14, 'storage'], // SQLITE_CANTOPEN
]);

/** The same by name, extended codes included (SQLITE_IOERR_WRITE, SQLITE_READONLY_DBMOVED …). */
const sqliteNames: [RegExp, FaultPlace][] = [
  [/^SQLITE_(BUSY|LOCKED)(_|$)/, 'lock'],
  [/^SQLITE_(READONLY|IOERR|FULL|CANTOPEN)(_|$)/, 'storage'],
];

/** pg, pg-pool and node socket messages of failures past connecting (plain words: no regex syntax). */
const statementFailures = [
  'Connection terminated',
  'Query read timeout',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'Client has encountered a connection error',
  'Client was closed',
  'Transaction API error',
  'Unable to start a transaction in the given time',
];

/** Messages of failures past connecting, and SQLite's of a lock. */
const messages: [RegExp, FaultPlace][] = [
  [new RegExp(statementFailures.join('|'), 'i'), 'statement'],
  [/database is locked|SQLITE_BUSY|SQLITE_LOCKED/i, 'lock'],
];

/** Text PostgreSQL cannot store (NUL bytes, characters outside the encoding). */
const unstorableTextSqlState = new Set(['22021', '22P05']);

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

function sqlitePlace(link: Link): FaultPlace | null {
  for (const value of [link.originalCode, link.code]) {
    if (typeof value !== 'string') continue;
    const named = sqliteNames.find(([pattern]) => pattern.test(value));
    if (named) return named[1];
  }
  // A code the driver has no name for comes as its number (the adapter's `extendedCode`).
  return typeof link.extendedCode === 'number' ? (sqlitePrimary.get(link.extendedCode & 0xff) ?? null) : null;
}

/** Where a link's code (or message) says a failure happened. */
function codePlace(link: Link): FaultPlace | null {
  // SQLite's code first: the adapter reports SQLITE_BUSY with the kind of a socket timeout.
  const sqlite = sqlitePlace(link);
  if (sqlite) return sqlite;
  const known = prismaCodes.get(link.code) ?? adapterKinds.get(link.kind);
  if (known) return known;
  const state = sqlState(link);
  const stated = state === null ? null : sqlStatePlace(state);
  if (stated) return stated;
  const message = link.message;
  return typeof message === 'string' ? (messages.find(([pattern]) => pattern.test(message))?.[1] ?? null) : null;
}

/** Where the database, not the request, made this fail; null when it is not the database's. */
export function faultPlace(error: unknown): FaultPlace | null {
  const links = [...chain(error)];
  if (links.some((link) => link instanceof DatabaseConnectError)) return 'connecting';
  // The innermost report is the most precise: Prisma calls a busy SQLite file a timed-out operation (P1008).
  for (const link of links.reverse()) {
    const place = codePlace(link);
    if (place) return place;
  }
  return null;
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

/** The seconds an error's details ask a client to wait (retry_after_seconds), else the database's. */
export function retryAfterOf(details: Record<string, unknown> | undefined): number {
  const seconds = details?.retry_after_seconds;
  return typeof seconds === 'number' && Number.isSafeInteger(seconds) && seconds > 0 ? seconds : retryAfterSeconds;
}

/**
 * The documented error for a failure from outside the request, or null when it is a bug. Text the
 * database cannot store is refused at the edges; this is the second line should any slip by.
 */
export function faultError(error: unknown): AppError | null {
  if (error instanceof AppError) return null;
  if (isUnstorableText(error))
    return new AppError(
      'VALIDATION_FAILED',
      'The request contains text that cannot be stored (for example a NUL character)',
    );
  if (faultPlace(error) !== null) {
    return new AppError('SERVICE_UNAVAILABLE', `The database is not answering; retry in ${retryAfterSeconds} s`, {
      retry_after_seconds: retryAfterSeconds,
    });
  }
  return null;
}
