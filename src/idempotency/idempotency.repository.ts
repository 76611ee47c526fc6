// The only Idempotency-Key code that talks to Prisma: a key's records (one per part of the answer
// a request keeps), and what the sweeper removes (records past the window, or past a caller's
// storage budget, oldest first).
import type { DbClient, Prisma } from '../db/database.js';
import { timeParameter } from '../db/sql-executor.js';
import { sqlOf } from '../db/tx-sql.js';

export type IdempotencyRecord = Prisma.IdempotencyRecordGetPayload<object>;
/** A record's identity: its key within a scope, and which part of the answer it keeps. */
export type RecordKey = Pick<IdempotencyRecord, 'scope' | 'key' | 'part'>;

const recordColumns = [
  'scope',
  'key',
  'part',
  'owner',
  'requestHash',
  'statusCode',
  'body',
  'resourceId',
  'bytes',
  'createdAt',
] as const satisfies readonly (keyof IdempotencyRecord)[];
const recordColumnList = recordColumns.map((column) => `"${column}"`).join(', ');

// The writes' own SQL (db/tx-sql.ts): a write with a key reads and writes its records in its transaction.
export async function recordsOf(tx: DbClient, scope: string, key: string): Promise<IdempotencyRecord[]> {
  return sqlOf(tx).all<IdempotencyRecord>(
    `SELECT ${recordColumnList} FROM "IdempotencyRecord" WHERE "scope" = ? AND "key" = ?`,
    [scope, key],
  );
}

/** Every part's: a twin may have removed them already. */
export async function deleteRecordsOf(tx: DbClient, scope: string, key: string): Promise<void> {
  await sqlOf(tx).run(`DELETE FROM "IdempotencyRecord" WHERE "scope" = ? AND "key" = ?`, [scope, key]);
}

export async function insertRecord(tx: DbClient, record: IdempotencyRecord): Promise<void> {
  const sql = sqlOf(tx);
  const values = recordColumns.map((column) => (column === 'createdAt' ? timeParameter(sql.dialect) : '?'));
  await sql.run(
    `INSERT INTO "IdempotencyRecord" (${recordColumnList}) VALUES (${values.join(', ')})`,
    recordColumns.map((column) => record[column]),
  );
}

/** Up to `take` keys with records made before `before`. */
export async function keysMadeBefore(
  db: DbClient,
  before: Date,
  take: number,
): Promise<Pick<IdempotencyRecord, 'scope' | 'key'>[]> {
  return db.idempotencyRecord.findMany({
    where: { createdAt: { lt: before } },
    select: { scope: true, key: true },
    take,
  });
}

/** Deletes the records of these keys made before `before`. */
export async function deleteMadeBefore(
  tx: DbClient,
  keys: readonly Pick<IdempotencyRecord, 'scope' | 'key'>[],
  before: Date,
): Promise<number> {
  const { count } = await tx.idempotencyRecord.deleteMany({
    where: { createdAt: { lt: before }, OR: keys.map(({ scope, key }) => ({ scope, key })) },
  });
  return count;
}

/** Up to `take` callers whose records hold more than `budget` bytes, with what they hold (by the owner index). */
export async function ownersOverBudget(
  db: DbClient,
  budget: number,
  take: number,
): Promise<{ owner: string; bytes: number }[]> {
  const rows = await db.idempotencyRecord.groupBy({
    by: ['owner'],
    _sum: { bytes: true },
    having: { bytes: { _sum: { gt: budget } } },
    orderBy: { owner: 'asc' },
    take,
  });
  return rows.map(({ owner, _sum }) => ({ owner, bytes: _sum.bytes ?? 0 }));
}

/** A caller's oldest `take` records with their sizes. */
export async function oldestOf(db: DbClient, owner: string, take: number): Promise<(RecordKey & { bytes: number })[]> {
  return db.idempotencyRecord.findMany({
    where: { owner },
    orderBy: { createdAt: 'asc' },
    select: { scope: true, key: true, part: true, bytes: true },
    take,
  });
}

export async function deleteOwnRecords(tx: DbClient, owner: string, records: readonly RecordKey[]): Promise<number> {
  const { count } = await tx.idempotencyRecord.deleteMany({
    where: { owner, OR: records.map(({ scope, key, part }) => ({ scope, key, part })) },
  });
  return count;
}
