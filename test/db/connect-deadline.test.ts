// How long a request waits for a PostgreSQL connection is counted in the time the process was free
// to hear the server. A process busy building large answers (16 pages of 24,000 SKUs under a small
// heap) blocked its event loop past the pool's wall-clock timer while new connections were opening,
// and answered 503 for a database that had answered long before. A server that never answers still
// fails the wait in its time, and leaves the pool's place free.
import { createServer, type Socket } from 'node:net';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { createDatabase, openDatabase } from '../../src/db/database.js';
import { faultPlace } from '../../src/db/faults.js';
import { listeningDeadline } from '../../src/timing.js';
import { testEngine, testPgUrl } from '../pg.js';

/** Keeps the event loop (and so every timer and socket of this process) busy for `ms`. */
function blockLoop(ms: number): void {
  const until = performance.now() + ms;
  while (performance.now() < until);
}

/** When `deadline` expired, in ms after `from`. */
function expiry(ms: number, from: () => number): Promise<number> {
  return new Promise((resolve) => listeningDeadline(ms, () => resolve(performance.now() - from())));
}

describe('a deadline of our own', () => {
  it('expires in its time while the process is idle', async () => {
    const start = performance.now();
    const after = await expiry(300, () => start);
    expect(after).toBeGreaterThanOrEqual(299);
    expect(after).toBeLessThan(1_000);
  });

  it('does not count a stretch the event loop was blocked as time the other side had to answer', async () => {
    let unblocked = 0;
    const expired = expiry(500, () => unblocked);
    const wallClock = new Promise<number>((resolve) => setTimeout(() => resolve(performance.now() - unblocked), 500));
    blockLoop(1_500);
    unblocked = performance.now();
    // A wall-clock timer fires as soon as the loop is free; the deadline still listens (at least 500 - 200 ms).
    expect(await wallClock).toBeLessThan(100);
    expect(await expired).toBeGreaterThanOrEqual(250);
  });
});

describe('waiting for a PostgreSQL connection', () => {
  const sockets: Socket[] = [];
  let closed = 0;
  // A server that accepts TCP and never says a word (a frozen database); it reads, to hear the client hang up.
  const silent = createServer((socket) => {
    sockets.push(socket);
    socket
      .on('close', () => (closed += 1))
      .on('error', () => undefined)
      .resume();
  });
  afterAll(() => {
    for (const socket of sockets) socket.destroy();
    silent.close();
  });

  it('fails as the database connecting after its time when the server never answers, and frees the place', async () => {
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const { port } = silent.address() as { port: number };
    const database = await createDatabase(`postgresql://nobody:secret@127.0.0.1:${port}/none`, {
      poolSize: 1,
      connectTimeoutMs: 300,
    });
    try {
      for (let attempt = 0; attempt < 2; attempt += 1) {
        const start = performance.now();
        const error = await database.db.$queryRawUnsafe('SELECT 1').then(
          () => null,
          (failure: unknown) => failure,
        );
        const waited = performance.now() - start;
        expect(faultPlace(error)).toBe('connecting');
        expect(waited).toBeGreaterThanOrEqual(290);
        expect(waited).toBeLessThan(3_000);
        // The connection that never opened is gone (its own deadline, a step later): the pool of one has its place again.
        await vi.waitFor(() => expect(database.poolStats()).toMatchObject({ total: 0, waiting: 0 }), {
          timeout: 1_000,
        });
      }
      // Both connections the gateway opened were hung up by it.
      await vi.waitFor(() => expect([sockets.length, closed]).toStrictEqual([2, 2]), { timeout: 1_000 });
    } finally {
      await database.close();
    }
  });

  it.runIf(testEngine === 'postgresql')(
    'answers the requests that waited too long, and hands the connection they would have had to the next',
    async () => {
      const database = await openDatabase(testPgUrl, { poolSize: 1, connectTimeoutMs: 300 });
      try {
        // The only connection, held by a transaction until every request below has given up.
        let release = () => undefined as void;
        const released = new Promise<void>((resolve) => (release = resolve));
        const held = database.db.$transaction(
          async (tx) => {
            await tx.$queryRawUnsafe('SELECT 1');
            await released;
            return 'held';
          },
          { timeout: 60_000, maxWait: 60_000 },
        );
        while (database.poolStats()!.total < 1) await new Promise(setImmediate);
        const waiting = await Promise.all(
          Array.from({ length: 2_000 }, () =>
            database.db.$queryRawUnsafe('SELECT 1').then(
              () => 'answered',
              (error: unknown) => faultPlace(error),
            ),
          ),
        );
        expect(new Set(waiting)).toStrictEqual(new Set(['connecting']));
        release();
        expect(await held).toBe('held');
        // The 2,000 given up on are gone from the pool's queue, or get the connection and give it back.
        const start = performance.now();
        expect(await database.db.$queryRawUnsafe<{ one: number }[]>('SELECT 1 AS one')).toStrictEqual([{ one: 1 }]);
        expect(performance.now() - start).toBeLessThan(1_000);
        expect(database.poolStats()).toMatchObject({ total: 1, waiting: 0 });
      } finally {
        await database.close();
      }
    },
  );

  it.runIf(testEngine === 'postgresql')(
    'gives every request its connection when the process was too busy to hear the server for longer than the wait',
    async () => {
      const database = await openDatabase(testPgUrl, { poolSize: 3, connectTimeoutMs: 500 });
      try {
        // 3 connections to open and 3 requests waiting for one, while the loop is blocked 1.5 s.
        const answers = Array.from({ length: 6 }, () =>
          database.db.$queryRawUnsafe<{ one: number }[]>('SELECT 1 AS one').then(
            (rows) => rows[0]?.one,
            (error: unknown) => String(error),
          ),
        );
        // The ORM hands its query to the pool a few turns later: block once all three are opening.
        while (database.poolStats()!.total < 3) await new Promise(setImmediate);
        blockLoop(1_500);
        expect(await Promise.all(answers)).toStrictEqual([1, 1, 1, 1, 1, 1]);
      } finally {
        await database.close();
      }
    },
  );
});
