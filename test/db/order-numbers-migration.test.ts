// The migration that gave stores their display names and orders their numbers, on a database with
// stores and orders from before it: each store's display name is its name, each store's orders
// are numbered in the order they were created from 1001 and carry its name, and the store's next
// order continues after its last number (a store without orders starts at 1001).
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import Sqlite from 'better-sqlite3';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, sqliteFilePath, type Database } from '../../src/db/database.js';
import { migrationsDir } from '../../src/db/schema-engine.js';
import { OrderRepository } from '../../src/orders/order.repository.js';
import { createBlankDatabase, type ScratchDatabase } from '../database.js';
import { testEngine } from '../pg.js';

const migration = 'store_display_names_and_order_numbers';
const directories = readdirSync(migrationsDir(testEngine))
  .filter((name) => /^\d+_/.test(name))
  .sort();
const at = directories.findIndex((name) => name.endsWith(`_${migration}`));

/** Runs SQL scripts (several statements each, no parameters) on the scratch database. */
async function runScripts(url: string, scripts: readonly string[]): Promise<void> {
  if (testEngine === 'postgresql') {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      for (const script of scripts) await client.query(script);
    } finally {
      await client.end();
    }
    return;
  }
  const sqlite = new Sqlite(sqliteFilePath(url));
  try {
    for (const script of scripts) sqlite.exec(script);
  } finally {
    sqlite.close();
  }
}

const scriptOf = (directory: string) =>
  readFileSync(join(migrationsDir(testEngine), directory, 'migration.sql'), 'utf8');
/** A date-time literal of the engine: Prisma's text on SQLite, a timestamp on PostgreSQL. */
const time = (minute: number) =>
  testEngine === 'postgresql'
    ? `'2026-11-01 10:${String(minute).padStart(2, '0')}:00'`
    : `'2026-11-01T10:${String(minute).padStart(2, '0')}:00.000+00:00'`;

/** Rows as they were before the migration: three stores, orders of two, in neither id nor creation order. */
function rowsBefore(): string {
  const order = (id: string, storeId: number, minute: number) =>
    `INSERT INTO "Order" ("id", "cartId", "storeId", "status", "requestId", "currency", "subtotalMinor", ` +
    `"shippingMinor", "taxMinor", "totalMinor", "createdAt", "updatedAt") VALUES ('${id}', 'cart-${id}', ` +
    `${storeId}, 'SUBMITTED', 'request-${id}', 'USD', 100, 0, 0, 100, ${time(minute)}, ${time(minute)});`;
  return [
    ...[1, 2, 3].map(
      (id) =>
        `INSERT INTO "Store" ("id", "name", "marketplace", "currency", "marginRatePpm") ` +
        `VALUES (${id}, 'store-${id}.example', 'shopify', 'USD', 0);`,
    ),
    ...['a', 'b', 'c', 'd', 'e'].map(
      (id) => `INSERT INTO "Cart" ("id", "updatedAt") VALUES ('cart-${id}', ${time(0)});`,
    ),
    order('c', 1, 30),
    order('a', 2, 5),
    order('b', 1, 40),
    order('e', 1, 50),
    order('d', 2, 20),
  ].join('\n');
}

let scratch: ScratchDatabase;
let database: Database;
beforeAll(async () => {
  scratch = await createBlankDatabase();
  await runScripts(scratch.url, [...directories.slice(0, at).map(scriptOf), rowsBefore(), scriptOf(directories[at]!)]);
  database = await openDatabase(scratch.url);
});
afterAll(async () => {
  await database?.close();
  await scratch?.remove();
});

describe(`the migration ${migration}`, () => {
  it('is among the migrations', () => {
    expect(at).toBeGreaterThan(0);
  });

  it("gives each store its name as display name, and each order its store's number and name", async () => {
    const { db } = database;
    expect(await db.store.findMany({ orderBy: { id: 'asc' }, select: { id: true, displayName: true } })).toStrictEqual([
      { id: 1, displayName: 'store-1.example' },
      { id: 2, displayName: 'store-2.example' },
      { id: 3, displayName: 'store-3.example' },
    ]);
    const orders = await db.order.findMany({
      orderBy: [{ storeId: 'asc' }, { orderNumber: 'asc' }],
      select: { id: true, orderNumber: true, storeName: true },
    });
    expect(orders.map((order) => [order.id, order.orderNumber, order.storeName])).toStrictEqual([
      ['c', 1001, 'store-1.example'],
      ['b', 1002, 'store-1.example'],
      ['e', 1003, 'store-1.example'],
      ['a', 1001, 'store-2.example'],
      ['d', 1002, 'store-2.example'],
    ]);
  });

  it("continues each store's numbers after its last; a store without orders starts at 1001", async () => {
    const numbers = await database.db.$transaction((tx) => new OrderRepository().takeOrderNumbers(tx, [3, 2, 1]));
    expect([...numbers]).toStrictEqual([
      [1, 1004],
      [2, 1003],
      [3, 1001],
    ]);
  });
});
