// A write's own transaction on PostgreSQL sends the statements it begins in one turn as one batch
// behind one Sync (src/db/pg-batch.ts): answered in one write back, each statement its own rows;
// the first that fails fails those behind it with its error; a ROLLBACK goes behind a Sync of its own.
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, testEngine, type TestDatabase } from '../helpers.js';
import { pgWritesOf } from '../pg.js';
import { inTransaction } from '../../src/db/transaction.js';
import { sqlOf } from '../../src/db/tx-sql.js';
import { pipelined, statementSender } from '../../src/db/pg-pipeline.js';
import { pgTypes } from '../../src/db/pg-values.js';

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database?.close());

const insertStore = (tx: Parameters<typeof sqlOf>[0], id: number, comment = '') =>
  sqlOf(tx).run(
    `INSERT INTO "Store" ("id", "name", "displayName", "marketplace", "currency", "marginRatePpm")
    VALUES (?, ?, ?, 'SHOPIFY', 'EUR', 0)${comment}`,
    [id, `batch-${id}.example`, `Batch ${id}`],
  );
const storeExists = async (id: number) => (await database.db.store.count({ where: { id } })) === 1;

describe.skipIf(testEngine !== 'postgresql')('statements begun together on PostgreSQL, in one batch', () => {
  it('is answered in one write back for the statements begun together, each its own rows, typed', async () => {
    const transaction = () =>
      inTransaction(database.db, async (tx) => {
        const sql = sqlOf(tx);
        return Promise.all([
          sql.all<{ n: number }>('SELECT CAST(? AS INTEGER) + 1 AS "n"', [0]),
          sql.all<{ at: Date; big: bigint }>(`SELECT TIMESTAMP '2026-12-02 10:00:00.5' AS "at", 7::int8 AS "big"`),
          sql.run('UPDATE "Store" SET "name" = "name" WHERE "id" = ?', [-1]),
          sql.all<{ word: string | null }>('SELECT NULL::text AS "word" UNION ALL SELECT ?', ['two']),
        ]);
      });
    // A text new to the connection goes alone, answered alone: the driver knows it prepared it.
    const first = await pgWritesOf(transaction);
    expect(first.answers).toBeGreaterThan(2);
    // The pool gives the same connection back (its last one free): the texts are prepared there.
    const { answer, writes, answers } = await pgWritesOf(transaction);
    expect(first.answer).toStrictEqual(answer);
    expect(answer).toStrictEqual([
      [{ n: 1 }],
      [{ at: new Date('2026-12-02T10:00:00.500Z'), big: 7n }],
      0,
      [{ word: null }, { word: 'two' }],
    ]);
    // BEGIN and the four statements; COMMIT: each write answered in one (one Sync behind each batch).
    expect({ writes, answers }).toStrictEqual({ writes: 2, answers: 2 });
  });

  it('fails the statements of a batch behind one that failed with its error, and keeps the answers before it', async () => {
    let outcomes: PromiseSettledResult<unknown>[] = [];
    const transaction = (id: number) =>
      inTransaction(database.db, async (tx) => {
        const sql = sqlOf(tx);
        outcomes = await Promise.allSettled([
          sql.all('SELECT 1 AS "n"'),
          insertStore(tx, id),
          sql.all('SELECT 2 AS "n"'),
          sql.run('UPDATE "Store" SET "name" = "name" WHERE "id" = ?', [id]),
        ]);
        const failed = outcomes.find((outcome) => outcome.status === 'rejected');
        if (failed) throw failed.reason;
      });
    // The texts prepared on the connection first (the pool gives it back next), the store inserted.
    await transaction(991_021);
    expect(await storeExists(991_021)).toBe(true);
    const { answers } = await pgWritesOf(() => expect(transaction(991_021)).rejects.toMatchObject({ code: '23505' }));
    // BEGIN and the four in one batch, then ROLLBACK.
    expect(answers).toBe(2);
    expect(outcomes.map((outcome) => outcome.status)).toStrictEqual(['fulfilled', 'rejected', 'rejected', 'rejected']);
    expect(outcomes[0]).toMatchObject({ value: [{ n: 1 }] });
    for (const outcome of outcomes.slice(1)) expect(outcome).toMatchObject({ reason: { code: '23505' } });
    // The connection it ran on serves the next write.
    await inTransaction(database.db, (tx) => insertStore(tx, 991_022));
    expect(await storeExists(991_022)).toBe(true);
  });

  it('fails a prepared statement begun behind a new text that failed with the new text’s error', async () => {
    await inTransaction(database.db, (tx) => insertStore(tx, 991_023));
    const read = (tx: Parameters<typeof sqlOf>[0]) => sqlOf(tx).all('SELECT 3 AS "n"');
    await inTransaction(database.db, read);
    // A text the connection has not prepared goes as the driver's own query, the prepared read
    // behind it in a batch; the read's refusal (25P02) reaches Promise.all turns before the insert's
    // failure does.
    const answer = inTransaction(database.db, (tx) =>
      Promise.all([insertStore(tx, 991_023, ` /* ${randomUUID()} */`), read(tx)]),
    );
    await expect(answer).rejects.toMatchObject({ code: '23505' });
  });

  it('runs a ROLLBACK sent in the same turn as a statement that fails', async () => {
    const pool = new pg.Pool({ connectionString: database.url, max: 1 });
    const client = await pool.connect();
    const backToOneAtATime = pipelined(client);
    try {
      const send = statementSender(client, pgTypes);
      const pid = (await send({ text: 'SELECT pg_backend_pid() AS "pid"', values: [] })).rows[0] as { pid: number };
      await send({ text: 'BEGIN', values: [] });
      const [failing, rollback] = await Promise.allSettled([
        send({ text: 'SELECT 1 / 0 AS "never"', values: [] }),
        send({ text: 'ROLLBACK', values: [], ownSync: true }),
      ]);
      expect(failing).toMatchObject({ status: 'rejected', reason: { code: '22012' } });
      expect(rollback).toMatchObject({ status: 'fulfilled', value: { command: 'ROLLBACK' } });
      // The connection is out of any transaction, and serves the next statement.
      const after = await send({ text: 'SELECT pg_backend_pid() AS "pid", 1 AS "one"', values: [] });
      expect(after.rows).toStrictEqual([{ ...pid, one: 1 }]);
    } finally {
      backToOneAtATime();
      client.release(true);
      await pool.end();
    }
  });
});
