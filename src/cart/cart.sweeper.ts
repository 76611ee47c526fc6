// Removes what has outlived its use: carts that expired without being submitted,
// Idempotency-Key records past their 24 hours or past their caller's storage budget (the oldest
// first), and events (with their deliveries and attempts) older than 30 days that nothing waits
// to deliver. Each process sweeps on a timer; several processes may sweep at once (a delete of
// what is already gone deletes nothing). Work goes in bounded batches of short transactions, so
// a sweep never holds locks for long, and a cart being written is never swept: an expired cart
// cannot be locked for a write, and the delete checks again that the cart is still expired.
// Submitted carts and their orders are never removed.
import type { Db } from '../db/database.js';
import { inTransaction } from '../db/transaction.js';
import { idempotencyWindowMs } from '../idempotency/idempotency.js';
import {
  deleteMadeBefore,
  deleteOwnRecords,
  keysMadeBefore,
  oldestOf,
  ownersOverBudget,
} from '../idempotency/idempotency.repository.js';
import { deleteSettledEvents, settledEventsBefore } from '../events/event.repository.js';
import type { CartRepository } from './cart.repository.js';
import { defaultIdempotencyBudgetBytes } from '../config.js';
import type { CartLifetime } from './cart.lifetime.js';

export interface SweepOptions {
  batchSize?: number;
  /** Batches per sweep at most; the rest waits for the next sweep. */
  maxBatches?: number;
  /** Bytes of Idempotency-Key records one caller may keep (IDEMPOTENCY_BUDGET_BYTES). */
  idempotencyBudgetBytes?: number;
}

export interface SweepReport {
  carts: number;
  idempotencyRecords: number;
  /** Idempotency-Key records removed, oldest first, to bring callers back within their budget. */
  idempotencyOverBudget: number;
  /** Events past the retention with nothing left to deliver (their deliveries and attempts go with them). */
  events: number;
}

/** How long delivered events (with their delivery attempts) stay readable: GET /webhooks/{id}/deliveries. */
export const eventRetentionMs = 30 * 24 * 60 * 60 * 1000;

/** One sweep, its cart repository given as the services are given theirs (services.ts: createSweep). */
export async function sweep(
  db: Db,
  lifetime: CartLifetime,
  carts: CartRepository,
  options: SweepOptions = {},
): Promise<SweepReport> {
  const batchSize = options.batchSize ?? 500;
  const maxBatches = options.maxBatches ?? 20;
  const report: SweepReport = { carts: 0, idempotencyRecords: 0, idempotencyOverBudget: 0, events: 0 };
  for (let batch = 0; batch < maxBatches; batch += 1) {
    const before = lifetime.expiredBefore();
    const expired = await carts.expiredIds(db, before, batchSize);
    if (expired.length === 0) break;
    report.carts += await inTransaction(db, (tx) => carts.deleteExpired(tx, expired, before));
    if (expired.length < batchSize) break;
  }
  for (let batch = 0; batch < maxBatches; batch += 1) {
    const before = new Date(Date.now() - idempotencyWindowMs);
    const old = await keysMadeBefore(db, before, batchSize);
    if (old.length === 0) break;
    report.idempotencyRecords += await inTransaction(db, (tx) => deleteMadeBefore(tx, old, before));
    if (old.length < batchSize) break;
  }
  report.idempotencyOverBudget = await sweepOverBudget(
    db,
    options.idempotencyBudgetBytes ?? defaultIdempotencyBudgetBytes,
    batchSize,
    maxBatches,
  );
  for (let batch = 0; batch < maxBatches; batch += 1) {
    const before = new Date(Date.now() - eventRetentionMs);
    // Never an event a delivery still waits for: at-least-once outlives the retention.
    const old = await settledEventsBefore(db, before, batchSize);
    if (old.length === 0) break;
    report.events += await inTransaction(db, (tx) => deleteSettledEvents(tx, old));
    if (old.length < batchSize) break;
  }
  return report;
}

/**
 * Brings each caller over its budget back within it, removing its oldest records first; the
 * totals and the oldest records are read from the (owner, createdAt, bytes) index. At most
 * `maxBatches` deletions of `batchSize` records per sweep; what is left waits for the next.
 */
async function sweepOverBudget(db: Db, budget: number, batchSize: number, maxBatches: number): Promise<number> {
  let removed = 0;
  let batches = 0;
  const over = await ownersOverBudget(db, budget, batchSize);
  for (const { owner, bytes } of over) {
    let excess = bytes - budget;
    while (excess > 0 && batches < maxBatches) {
      batches += 1;
      const oldest = await oldestOf(db, owner, batchSize);
      const doomed: typeof oldest = [];
      for (const record of oldest) {
        if (excess <= 0) break;
        doomed.push(record);
        excess -= record.bytes;
      }
      if (doomed.length === 0) break;
      removed += await inTransaction(db, (tx) => deleteOwnRecords(tx, owner, doomed));
    }
  }
  return removed;
}
