// Which engine a Prisma client (or a transaction's client) talks to, read off the client itself:
// for code that is handed a client and writes SQL in the engine's own words.
import type { DatabaseProvider } from '../config.js';

export type Dialect = DatabaseProvider;

/** The engine behind `db`: Prisma keeps it on the client. */
export function dialectOf(db: unknown): Dialect {
  const provider = (db as { _activeProvider?: unknown })._activeProvider;
  if (provider === 'sqlite' || provider === 'postgresql') return provider;
  throw new Error(`Only SQLite and PostgreSQL are supported, not ${String(provider)}`);
}
