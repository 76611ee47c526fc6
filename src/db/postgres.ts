// PostgreSQL housekeeping: scratch databases for the migration engine's shadow database and for
// tests. The role of the URL needs CREATEDB.
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { PrismaPg } from '@prisma/adapter-pg';
import type { SqlMigrationAwareDriverAdapterFactory } from '@prisma/driver-adapter-utils';

export function withDatabase(url: string, database: string): string {
  const target = new URL(url);
  target.pathname = `/${database}`;
  return target.toString();
}

/** Runs `run` on a connection of its own to the server of `url`, ended after it. */
export async function admin<T>(url: string, run: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

/** Creates an empty database on the server of `url` and answers its URL. */
export async function createScratchDatabase(url: string, prefix: string): Promise<{ name: string; url: string }> {
  const name = `${prefix}_${randomUUID().replaceAll('-', '')}`;
  await admin(url, (client) => client.query(`CREATE DATABASE "${name}"`));
  return { name, url: withDatabase(url, name) };
}

/**
 * Drops it, its connections too. An autovacuum worker on it cannot be ended by a role without
 * pg_signal_backend (42501): it finishes within moments, so the drop is tried again, a bounded
 * number of times.
 */
export async function dropScratchDatabase(url: string, name: string): Promise<void> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      await admin(url, (client) => client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`));
      return;
    } catch (error) {
      if ((error as { code?: unknown }).code !== '42501' || attempt >= 20) throw error;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  }
}

/** Whether a PostgreSQL server answers at `url` (within a second). */
export async function reachable(url: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 1000 });
  try {
    await client.connect();
    await client.query('SELECT 1');
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => undefined);
  }
}

/**
 * An adapter factory whose shadow databases are scratch databases of their own. PrismaPg's
 * connectToShadowDb ignores the database name of a connection string and would replay
 * migrations into the main database. Call `cleanup` after the engine is disposed.
 */
export function scratchShadowFactory(url: string): {
  factory: SqlMigrationAwareDriverAdapterFactory;
  cleanup(): Promise<void>;
} {
  const base = new PrismaPg({ connectionString: url });
  const created: string[] = [];
  return {
    factory: {
      provider: base.provider,
      adapterName: base.adapterName,
      connect: () => base.connect(),
      async connectToShadowDb() {
        const scratch = await createScratchDatabase(url, 'shadow');
        created.push(scratch.name);
        return new PrismaPg({ connectionString: scratch.url }).connect();
      },
    },
    async cleanup() {
      for (const name of created.splice(0)) await dropScratchDatabase(url, name);
    },
  };
}
