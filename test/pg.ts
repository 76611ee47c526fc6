// Which engine the suite runs on, shared by test/helpers.ts and vitest.config.ts: SQLite unless
// TEST_DATABASE=postgresql (npm run test:pg), which uses the server of TEST_PG_URL (a role with
// CREATEDB).
import net from 'node:net';
import pg from 'pg';
import type { Db } from '../src/db/database.js';

export const testEngine = process.env.TEST_DATABASE === 'postgresql' ? 'postgresql' : 'sqlite';
export const testPgUrl = process.env.TEST_PG_URL ?? 'postgresql://gateway:gateway@127.0.0.1:5432/gateway';

/**
 * PostgreSQL sessions of the current database waiting for a lock that another holds: a test waits
 * for this rather than for a time to know that a write it started is blocked where it means it to be.
 */
export async function lockWaiters(db: Pick<Db, '$queryRawUnsafe'>): Promise<number> {
  const [row] = await db.$queryRawUnsafe<{ waiting: number }[]>(
    `SELECT COUNT(*)::int AS "waiting" FROM pg_stat_activity
    WHERE datname = current_database() AND wait_event_type = 'Lock'`,
  );
  return row?.waiting ?? 0;
}

/**
 * `work`'s writes to the socket of TEST_PG_URL's server (none on SQLite), its round trips, and the
 * server's answers to them (each ReadyForQuery: the server writes its answers out at each).
 */
export async function pgWritesOf<T>(work: () => Promise<T>): Promise<{ answer: T; writes: number; answers: number }> {
  const port = Number(new URL(testPgUrl).port || 5432);
  const socket = net.Socket.prototype as unknown as Record<'_write' | '_writev', (...args: unknown[]) => unknown>;
  const original = { _write: socket._write, _writev: socket._writev };
  const connection = pg.Connection.prototype as unknown as { emit: (name: string, ...args: unknown[]) => boolean };
  const emit = connection.emit;
  let writes = 0;
  let answers = 0;
  for (const name of ['_write', '_writev'] as const)
    socket[name] = function (this: net.Socket, ...args: unknown[]) {
      if (this.remotePort === port) writes += 1;
      return original[name].apply(this, args);
    };
  connection.emit = function (this: { stream?: net.Socket }, name: string, ...args: unknown[]) {
    if (name === 'readyForQuery' && this.stream?.remotePort === port) answers += 1;
    return emit.call(this, name, ...args);
  };
  try {
    return { answer: await work(), writes, answers };
  } finally {
    Object.assign(socket, original);
    connection.emit = emit;
  }
}
