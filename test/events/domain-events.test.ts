// Domain events are recorded on a write's transaction: its outbox rows and its change notices
// exist once it commits, and never when it rolls back; work after the commit runs after it and
// only then; a retried transaction starts over with nothing recorded.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inTransaction } from '../../src/db/transaction.js';
import { createChangeFeed, type ChangeFeed } from '../../src/events/change-feed.js';
import { DomainEvents } from '../../src/events/domain-events.js';
import { createTestDatabase, type TestDatabase } from '../helpers.js';

let database: TestDatabase;
let feed: ChangeFeed;
let events: DomainEvents;
const log = { warn: () => undefined, error: () => undefined, info: () => undefined } as never;

beforeAll(async () => {
  database = await createTestDatabase();
  feed = createChangeFeed(database, { maxWatches: 8, log });
  events = new DomainEvents(feed);
});
afterAll(async () => {
  await feed.close();
  await database.close();
});

const orderEvent = (orderId: string) => ({
  type: 'order.status_changed' as const,
  orderId,
  cartId: 'cart_x',
  data: { order_id: orderId },
});
const outboxOf = (orderId: string) => database.db.event.findMany({ where: { orderId }, select: { type: true } });

/** Whether the watch hears a signal within `ms`. */
async function heard(watch: AsyncIterator<void>, ms: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<false>((resolve) => (timer = setTimeout(() => resolve(false), ms)));
  const signal = watch.next().then(() => true);
  const result = await Promise.race([signal, timeout]);
  clearTimeout(timer);
  return result;
}

describe('domain events on the transaction', () => {
  it('a commit writes the events to the outbox and tells the watchers of their order after it, then runs the after-commit work', async () => {
    const watch = await feed.watch({ kind: 'order', id: 'ord_commit' });
    const seen: string[] = [];
    await inTransaction(database.db, async (_tx, unit) => {
      events.record(unit, [orderEvent('ord_commit')], new Date());
      unit.afterCommit(async () => {
        // After the commit: the outbox row is there for anyone to read.
        seen.push(`after commit: ${(await outboxOf('ord_commit')).length} event`);
      });
      seen.push('work done');
    });
    expect(seen).toStrictEqual(['work done', 'after commit: 1 event']);
    expect(await outboxOf('ord_commit')).toStrictEqual([{ type: 'order.status_changed' }]);
    expect(await heard(watch, 2_000)).toBe(true);
    watch.close();
  });

  it('a rollback writes nothing, tells nobody and runs no after-commit work', async () => {
    const watch = await feed.watch({ kind: 'order', id: 'ord_rollback' });
    let afterCommit = 0;
    await expect(
      inTransaction(database.db, async (_tx, unit) => {
        events.record(unit, [orderEvent('ord_rollback')], new Date());
        unit.afterCommit(() => {
          afterCommit += 1;
        });
        throw new Error('refused');
      }),
    ).rejects.toThrow('refused');
    expect(await outboxOf('ord_rollback')).toStrictEqual([]);
    expect(afterCommit).toBe(0);
    expect(await heard(watch, 300)).toBe(false);
    watch.close();
  });

  it('a transaction retried after a write conflict records only what its last attempt recorded', async () => {
    let attempt = 0;
    await inTransaction(database.db, async (_tx, unit) => {
      attempt += 1;
      events.record(unit, [orderEvent(`ord_retry_${attempt}`)], new Date());
      if (attempt === 1) throw Object.assign(new Error('write conflict'), { code: 'P2034' });
    });
    expect(attempt).toBe(2);
    expect(await outboxOf('ord_retry_1')).toStrictEqual([]);
    expect(await outboxOf('ord_retry_2')).toStrictEqual([{ type: 'order.status_changed' }]);
  });
});
