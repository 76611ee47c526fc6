// Which pool connection a PostgreSQL transaction's work may claim (db/pg-transactions.ts): only
// the one transaction begun and not yet claimed; none when two are, or when the adapter does not
// show a connection. The adapter here is a stand-in: each transaction it begins is on a pg client
// of its own (never connected).
import { describe, expect, it } from 'vitest';
import pg from 'pg';
import type { SqlDriverAdapter, SqlDriverAdapterFactory, Transaction } from '@prisma/driver-adapter-utils';
import { TransactionConnections } from '../../src/db/pg-transactions.js';

function standIn(showsClient: (begun: number) => boolean = () => true) {
  const ended: string[] = [];
  const transaction = (client: pg.Client, begun: number) =>
    ({
      ...(showsClient(begun) ? { client } : {}),
      options: { usePhantomQuery: false },
      commit: () => (ended.push(`tx${begun} committed`), Promise.resolve()),
      rollback: () => (ended.push(`tx${begun} rolled back`), Promise.resolve()),
    }) as unknown as Transaction;
  let begun = 0;
  const adapter = {
    startTransaction: () => {
      begun += 1;
      return Promise.resolve(transaction(new pg.Client(), begun));
    },
  } as unknown as SqlDriverAdapter;
  const factory = { connect: () => Promise.resolve(adapter) } as unknown as SqlDriverAdapterFactory;
  const connections = new TransactionConnections();
  return { connections, factory: connections.wrap(factory), ended };
}

const clientOf = (transaction: Transaction) => (transaction as unknown as { client: pg.Client }).client;

describe('the connection of a PostgreSQL transaction', () => {
  it('is claimed by the work of the one transaction begun, once', async () => {
    const { connections, factory, ended } = standIn();
    const adapter = await factory.connect();
    const transaction = await adapter.startTransaction();
    expect(connections.claim()).toBe(clientOf(transaction));
    expect(connections.claim()).toBeNull();
    await transaction.commit();
    expect(ended).toStrictEqual(['tx1 committed']);
  });

  it('is claimed by none while two are begun and unclaimed, and again once one has ended', async () => {
    const { connections, factory } = standIn();
    const adapter = await factory.connect();
    const first = await adapter.startTransaction();
    const second = await adapter.startTransaction();
    expect(connections.claim()).toBeNull();
    expect(connections.ambiguous).toBe(1);
    await first.rollback();
    expect(connections.claim()).toBe(clientOf(second));
  });

  it('counts a transaction whose connection it cannot see, so that no work takes another one beside it', async () => {
    const { connections, factory, ended } = standIn((begun) => begun !== 1);
    const adapter = await factory.connect();
    const hidden = await adapter.startTransaction();
    const shown = await adapter.startTransaction();
    expect(connections.claim()).toBeNull();
    await shown.commit();
    // The one left is the hidden one: claimed, as no connection.
    expect(connections.claim()).toBeNull();
    await hidden.rollback();
    expect(ended).toStrictEqual(['tx2 committed', 'tx1 rolled back']);
  });
});
