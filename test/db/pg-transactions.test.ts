// Which pool connection a PostgreSQL transaction's work claims (db/pg-transactions.ts): the one
// transaction begun and not yet claimed; with two or more, the one the ORM runs the work's token
// statement on; and when the ORM ends a transaction (COMMIT, ROLLBACK). The adapter here is a
// stand-in: each transaction it begins is on a pg client of its own (never connected), and a
// work's ORM client sends its statements to its own transaction, as the ORM does.
import { describe, expect, it } from 'vitest';
import pg from 'pg';
import type { SqlDriverAdapter, SqlDriverAdapterFactory, SqlQuery, Transaction } from '@prisma/driver-adapter-utils';
import { TransactionConnections, type ProbingClient } from '../../src/db/pg-transactions.js';

function standIn(showsClient: (begun: number) => boolean = () => true) {
  const log: string[] = [];
  let begun = 0;
  const adapter = {
    startTransaction: () => {
      begun += 1;
      const name = `tx${begun}`;
      return Promise.resolve({
        ...(showsClient(begun) ? { client: new pg.Client() } : {}),
        options: { usePhantomQuery: false },
        executeRaw: (query: SqlQuery) => (log.push(`${name}: ${query.sql}`), Promise.resolve(1)),
        queryRaw: (query: SqlQuery) => (log.push(`${name}: ${query.sql}`), Promise.resolve({})),
        commit: () => (log.push(`${name} committed`), Promise.resolve()),
        rollback: () => (log.push(`${name} rolled back`), Promise.resolve()),
      } as unknown as Transaction);
    },
  } as unknown as SqlDriverAdapter;
  const factory = { connect: () => Promise.resolve(adapter) } as unknown as SqlDriverAdapterFactory;
  const connections = new TransactionConnections();
  return { connections, factory: connections.wrap(factory), log };
}

const clientOf = (transaction: Transaction) => (transaction as unknown as { client: pg.Client }).client;
/** The work's ORM client: its statements run on its own transaction. */
const ormOf = (transaction: Transaction): ProbingClient => ({
  $executeRawUnsafe: (sql) => transaction.executeRaw({ sql, args: [], argTypes: [] }),
});

describe('the connection of a PostgreSQL transaction', () => {
  it('is the one begun and unclaimed, claimed once, without a statement', async () => {
    const { connections, factory, log } = standIn();
    const transaction = await (await factory.connect()).startTransaction();
    const claimed = await connections.claim(ormOf(transaction));
    expect(claimed?.client).toBe(clientOf(transaction));
    expect([connections.probed, log]).toStrictEqual([0, []]);
  });

  it('with two unclaimed, is the one the ORM runs the work’s statement on, whichever began first', async () => {
    const { connections, factory, log } = standIn();
    const adapter = await factory.connect();
    const first = await adapter.startTransaction();
    const second = await adapter.startTransaction();
    const third = await adapter.startTransaction();
    expect((await connections.claim(ormOf(second)))?.client).toBe(clientOf(second));
    expect((await connections.claim(ormOf(first)))?.client).toBe(clientOf(first));
    // The last one left needs no statement.
    expect((await connections.claim(ormOf(third)))?.client).toBe(clientOf(third));
    expect(connections.probed).toBe(2);
    expect(log.map((line) => line.replace(/[0-9a-f-]{36}/, 'token'))).toStrictEqual([
      'tx2: SELECT 1 /* own connection token */',
      'tx1: SELECT 1 /* own connection token */',
    ]);
  });

  it('counts one whose connection it cannot see: no work takes another beside it by elimination', async () => {
    const { connections, factory } = standIn((begun) => begun !== 1);
    const adapter = await factory.connect();
    const hidden = await adapter.startTransaction();
    const shown = await adapter.startTransaction();
    expect((await connections.claim(ormOf(hidden)))?.client).toBeUndefined();
    expect((await connections.claim(ormOf(shown)))?.client).toBe(clientOf(shown));
  });

  it('is ending from the moment the ORM sends its COMMIT or ROLLBACK, or gives the connection back', async () => {
    const { connections, factory } = standIn();
    const adapter = await factory.connect();
    for (const end of ['COMMIT', 'ROLLBACK', 'commit()', 'rollback()']) {
      const transaction = await adapter.startTransaction();
      const claimed = (await connections.claim(ormOf(transaction)))!;
      expect(claimed.ending).toBe(false);
      if (end === 'commit()') void transaction.commit();
      else if (end === 'rollback()') void transaction.rollback();
      else void transaction.executeRaw({ sql: end, args: [], argTypes: [] });
      expect(claimed.ending).toBe(true);
    }
  });
});
