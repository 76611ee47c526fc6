// How durable a SQLite commit is (SQLITE_SYNCHRONOUS, PRAGMA synchronous; the database is in WAL
// mode): set on every connection that writes, the server's, its SQL executor's and its threads'.
// - normal (the default): a commit is written to the WAL and answered without waiting for the disk
//   to confirm it; the WAL is synced at each checkpoint (db/checkpointer.ts: every second or so).
//   A process that crashes or is killed loses nothing (the operating system has the writes); a power
//   loss or an operating system crash may take back the last commits before it, never corrupting
//   the database. Each commit costs some 0.03 ms instead of 0.3 ms, on the event loop.
// - full: each commit waits until the disk has its WAL frames, so an answered write survives a power
//   loss too.
import type { SqliteSynchronous } from '../config.js';

export type { SqliteSynchronous } from '../config.js';

/** The statement that sets it on a connection. */
export const synchronousPragma = (mode: SqliteSynchronous) => `synchronous = ${mode === 'full' ? 'FULL' : 'NORMAL'}`;
