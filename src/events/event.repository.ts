// The only event code that talks to Prisma (besides the delivery worker's plain SQL,
// delivery.repository.ts and delivery-outcome.repository.ts): writing events with the change they
// report, and what the sweeper removes (events past the retention that no delivery waits for,
// their deliveries and attempts with them).
import { timeParameter } from '../db/sql-executor.js';
import { jsonParameter, sqlOf } from '../db/tx-sql.js';
import type { DbClient, Prisma } from '../db/database.js';

export type EventRow = Pick<
  Prisma.EventUncheckedCreateInput,
  'messageId' | 'type' | 'data' | 'cartId' | 'orderId' | 'createdAt' | 'fanOutPending' | 'traceparent'
>;

/** Writes the events in the order given (their ids increase in that order). */
export async function insertEvents(tx: DbClient, rows: readonly EventRow[]): Promise<void> {
  if (rows.length === 0) return;
  const sql = sqlOf(tx);
  const [json, time] = [jsonParameter(sql.dialect), timeParameter(sql.dialect)];
  await sql.later(
    `INSERT INTO "Event" ("messageId", "type", "data", "cartId", "orderId", "createdAt", "fanOutPending", "traceparent")
    VALUES ${rows.map(() => `(?, ?, ${json}, ?, ?, ${time}, ?, ?)`).join(', ')}`,
    rows.flatMap((row) => [
      row.messageId,
      row.type,
      JSON.stringify(row.data),
      row.cartId ?? null,
      row.orderId ?? null,
      new Date(row.createdAt),
      row.fanOutPending ?? false,
      row.traceparent ?? null,
    ]),
  );
}

/**
 * Up to `take` ids of events made before `before` that no delivery waits for, oldest first. By
 * date, so that the createdAt index bounds the read (by id it would read every event).
 */
export async function settledEventsBefore(db: DbClient, before: Date, take: number): Promise<number[]> {
  const rows = await db.event.findMany({
    where: { createdAt: { lt: before }, deliveries: { none: { status: 'pending' } } },
    select: { id: true },
    orderBy: { createdAt: 'asc' },
    take,
  });
  return rows.map((row) => row.id);
}

/** Deletes these events unless a delivery waits for one meanwhile. */
export async function deleteSettledEvents(tx: DbClient, ids: readonly number[]): Promise<number> {
  const { count } = await tx.event.deleteMany({
    where: { id: { in: [...ids] }, deliveries: { none: { status: 'pending' } } },
  });
  return count;
}
