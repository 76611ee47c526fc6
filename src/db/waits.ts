// How long the gateway waits for the database, shared by the pool (database.ts) and the ORM's
// transactions (transaction.ts).

/**
 * How long a request waits for a pooled connection, or for a new one to open, before a 503:
 * counted in the time the process was free to hear the server (timing.ts listeningDeadline).
 */
export const connectTimeoutMs = 5_000;

/** The drivers' and the ORM's own timers, on the wall clock, back those waits up at this many times their length. */
export const wallClockBackup = 4;
