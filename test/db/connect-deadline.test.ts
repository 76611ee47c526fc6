// How long a request waits for a PostgreSQL connection, and for the answer to a statement, is
// counted in the time the process was free to hear the server. A process busy building large
// answers (16 pages of 24,000 SKUs under a small heap) blocked its event loop past the pool's
// wall-clock timer while new connections were opening, and answered 503 for a database that had
// answered long before. A server that never answers still fails the wait in its time, and leaves
// the pool's place free.
import { connect, createServer, type Socket } from 'node:net';
import { Worker } from 'node:worker_threads';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { createDatabase, openDatabase } from '../../src/db/database.js';
import { faultPlace } from '../../src/db/faults.js';
import { inTransaction } from '../../src/db/transaction.js';
import { sqlOf } from '../../src/db/tx-sql.js';
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

/** How `work` failed (null: it did not), and how long it took, in ms. */
async function timedFailure(work: () => Promise<unknown>): Promise<{ error: unknown; waited: number }> {
  const start = performance.now();
  const error = await work().then(
    () => null,
    (failure: unknown) => failure,
  );
  return { error, waited: performance.now() - start };
}

describe('a deadline of our own', () => {
  it('expires in its time while the process is idle', async () => {
    const start = performance.now();
    const after = await expiry(300, () => start);
    expect(after).toBeGreaterThanOrEqual(299);
    expect(after).toBeLessThan(3_000);
  });

  it('does not count a stretch the event loop was blocked as time the other side had to answer', async () => {
    let unblocked = 0;
    const expired = expiry(500, () => unblocked);
    const wallClock = new Promise<number>((resolve) => setTimeout(() => resolve(performance.now() - unblocked), 500));
    blockLoop(1_500);
    unblocked = performance.now();
    // A wall-clock timer fires as soon as the loop is free; the deadline still listens (at least 500 - 200 ms).
    expect(await wallClock).toBeLessThan(300);
    expect(await expired).toBeGreaterThanOrEqual(250);
  });

  it('reads what came in during a block before it expires after one', async () => {
    // An echo server in a thread of its own: it answers while this thread is blocked.
    // It raises `echoed` once its answer is written, so that the block below lasts past it.
    const echoed = new Int32Array(new SharedArrayBuffer(4));
    const echo = new Worker(
      `const { createServer } = require('node:net'); const { parentPort, workerData } = require('node:worker_threads');
      const server = createServer((socket) => socket.on('data', (data) => socket.write(data, () => Atomics.store(workerData, 0, 1))));
      server.listen(0, '127.0.0.1', () => parentPort.postMessage(server.address().port));`,
      { eval: true, workerData: echoed },
    );
    const port = await new Promise<number>((resolve) => echo.once('message', resolve));
    const socket = connect(port, '127.0.0.1');
    try {
      await new Promise((resolve) => socket.once('connect', resolve));
      let heard = false;
      socket.on('data', () => (heard = true));
      // Whether the answer was heard by the time the deadline said there was none.
      const expired = new Promise<boolean>((resolve) => listeningDeadline(200, () => resolve(heard)));
      socket.write('ping');
      // Blocked past the deadline's 200 ms, and until the answer is in (at most 5 s).
      const blocked = performance.now();
      while (
        performance.now() - blocked < 500 ||
        (Atomics.load(echoed, 0) === 0 && performance.now() - blocked < 5_000)
      );
      blockLoop(50);
      expect(await expired).toBe(true);
    } finally {
      socket.destroy();
      await echo.terminate();
    }
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
      connectTimeoutMs: 1_000,
    });
    try {
      for (let attempt = 0; attempt < 2; attempt += 1) {
        const { error, waited } = await timedFailure(() => database.db.$queryRawUnsafe('SELECT 1'));
        expect(faultPlace(error)).toBe('connecting');
        expect(waited).toBeGreaterThanOrEqual(990);
        expect(waited).toBeLessThan(3_500);
        // The connection that never opened is gone (its own deadline, a step later; the driver's
        // timer would take four times the wait): the pool of one has its place again.
        await vi.waitFor(() => expect(database.poolStats()).toMatchObject({ total: 0, waiting: 0 }), {
          timeout: 1_500,
        });
      }
      // Both connections the gateway opened were hung up by it.
      await vi.waitFor(() => expect([sockets.length, closed]).toStrictEqual([2, 2]), { timeout: 1_000 });
    } finally {
      await database.close();
    }
  });

  it("fails the catalog reader's connecting after its time too, as the database's", async () => {
    await new Promise<void>((resolve) => (silent.listening ? resolve() : silent.listen(0, '127.0.0.1', resolve)));
    const { port } = silent.address() as { port: number };
    const database = await createDatabase(`postgresql://nobody:secret@127.0.0.1:${port}/none`, {
      readPoolSize: 1,
      connectTimeoutMs: 1_000,
    });
    try {
      const { error, waited } = await timedFailure(() => database.reader.all('SELECT 1 AS one', []));
      expect(faultPlace(error)).toBe('connecting');
      expect(waited).toBeGreaterThanOrEqual(990);
      expect(waited).toBeLessThan(3_500);
      await vi.waitFor(() => expect(database.readPoolStats()).toMatchObject({ total: 0, waiting: 0 }), {
        timeout: 1_500,
      });
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
        let holding = false;
        const held = database.db.$transaction(
          async (tx) => {
            await tx.$queryRawUnsafe('SELECT 1');
            holding = true;
            await released;
            return 'held';
          },
          { timeout: 60_000, maxWait: 60_000 },
        );
        while (!holding) await new Promise(setImmediate);
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
    "gives a write its transaction's connection when the loop was blocked past the ORM's former 5 s wait",
    async () => {
      // The default wait (5 s, its wall-clock backups four times that).
      const database = await openDatabase(testPgUrl, { poolSize: 1 });
      try {
        const written = inTransaction(database.db, async (tx) =>
          tx.$queryRawUnsafe<{ one: number }[]>('SELECT 1 AS one'),
        ).then(
          (rows) => rows[0]?.one,
          (error: unknown) => String(error),
        );
        while (database.poolStats()!.total < 1) await new Promise(setImmediate);
        blockLoop(5_200);
        expect(await written).toBe(1);
      } finally {
        await database.close();
      }
    },
    30_000,
  );

  it.runIf(testEngine === 'postgresql')(
    'gives every request its connection when the process was too busy to hear the server for longer than the wait',
    async () => {
      const database = await openDatabase(testPgUrl, { poolSize: 3, connectTimeoutMs: 1_000 });
      try {
        // 3 connections to open and 3 requests waiting for one, while the loop is blocked 2.5 s.
        const answers = Array.from({ length: 6 }, () =>
          database.db.$queryRawUnsafe<{ one: number }[]>('SELECT 1 AS one').then(
            (rows) => rows[0]?.one,
            (error: unknown) => String(error),
          ),
        );
        // The ORM hands its query to the pool a few turns later: block once all three are opening.
        while (database.poolStats()!.total < 3) await new Promise(setImmediate);
        blockLoop(2_500);
        expect(await Promise.all(answers)).toStrictEqual([1, 1, 1, 1, 1, 1]);
      } finally {
        await database.close();
      }
    },
  );
});

/** A TCP relay to the test's PostgreSQL server that can stop passing the server's bytes on (a frozen server). */
async function relay(): Promise<{ url: string; connections(): number; freeze(): void; thaw(): void; close(): void }> {
  const target = new URL(testPgUrl);
  const upstreams: Socket[] = [];
  let frozen = false;
  const server = createServer((client) => {
    const upstream = connect(Number(target.port || 5432), target.hostname);
    upstreams.push(upstream);
    if (frozen) upstream.pause();
    client.pipe(upstream).on('error', () => client.destroy());
    upstream.pipe(client).on('error', () => upstream.destroy());
    client.on('close', () => upstream.destroy());
    upstream.on('close', () => client.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = new URL(testPgUrl);
  url.hostname = '127.0.0.1';
  url.port = String((server.address() as { port: number }).port);
  return {
    url: url.toString(),
    connections: () => upstreams.length,
    freeze: () => {
      frozen = true;
      for (const upstream of upstreams) upstream.pause();
    },
    thaw: () => {
      frozen = false;
      for (const upstream of upstreams) upstream.resume();
    },
    close: () => {
      for (const upstream of upstreams) upstream.destroy();
      server.close();
    },
  };
}

describe.runIf(testEngine === 'postgresql')('waiting for the answer to a statement', () => {
  it('takes the answer that came while the process was too busy to read it for longer than the wait', async () => {
    // The client waits a second past the statement timeout: 1.4 s.
    const database = await openDatabase(testPgUrl, { poolSize: 1, statementTimeoutMs: 400 });
    try {
      expect(await database.reader.all('SELECT 1 AS one', [])).toStrictEqual([{ one: 1 }]);
      const answer = database.reader.all<{ slept: string }>('SELECT pg_sleep(0.1)::text AS slept', []).then(
        (rows) => rows.length,
        (error: unknown) => String(error),
      );
      // The reader's statement is sent within this turn; its answer comes while the loop is blocked 2 s.
      await new Promise(setImmediate);
      blockLoop(2_000);
      expect(await answer).toBe(1);
    } finally {
      await database.close();
    }
  });

  it('leaves the connection be once each kind of statement is answered', async () => {
    // The client waits 1.1 s for an answer: a deadline left running would end the connection after it.
    const database = await openDatabase(testPgUrl, { poolSize: 1, readPoolSize: 1, statementTimeoutMs: 100 });
    // The one connection of each pool: the ORM's and transactions', and the catalog reader's.
    const pids = async () => [
      (await database.db.$queryRawUnsafe<{ pid: number }[]>('SELECT pg_backend_pid() AS pid'))[0]?.pid,
      (await database.reader.all<{ pid: number }>('SELECT pg_backend_pid() AS pid', []))[0]?.pid,
    ];
    try {
      const first = await pids();
      await database.db.$queryRawUnsafe('SELECT 1 AS one');
      await database.reader.all('SELECT 1 AS one', []);
      await inTransaction(database.db, (tx) => tx.$queryRawUnsafe('SELECT 1 AS one'));
      // A write's own transaction: its statements in batches (db/pg-batch.ts), each awaited so too.
      await inTransaction(database.db, async (tx) => {
        const sql = sqlOf(tx);
        expect(sql.via).toBe('connection');
        await Promise.all([sql.all('SELECT 1 AS one'), sql.all('SELECT 2 AS two')]);
      });
      // A statement that fails inside a transaction (outside one, the pool drops a connection whose statement failed).
      await expect(inTransaction(database.db, (tx) => tx.$queryRawUnsafe('SELECT 1 / 0 AS never'))).rejects.toThrow();
      await new Promise((resolve) => setTimeout(resolve, 1_600));
      expect(await pids()).toStrictEqual(first);
    } finally {
      await database.close();
    }
  });

  it("gives up a server that stops answering in its time, as the database's fault, and opens another connection", async () => {
    const frozen = await relay();
    const database = await openDatabase(frozen.url, { poolSize: 1, statementTimeoutMs: 300 });
    try {
      expect(await database.reader.all('SELECT 1 AS one', [])).toStrictEqual([{ one: 1 }]);
      frozen.freeze();
      const { error, waited } = await timedFailure(() => database.reader.all('SELECT 1 AS one', []));
      expect(faultPlace(error)).toBe('statement');
      expect(waited).toBeGreaterThanOrEqual(1_290);
      expect(waited).toBeLessThan(5_000);
      frozen.thaw();
      expect(await database.reader.all('SELECT 1 AS one', [])).toStrictEqual([{ one: 1 }]);
      // The silent connection was given up: the answer came on a new one.
      expect(frozen.connections()).toBe(2);
      // A write's own transaction, its statements sent in one batch, on the main pool's connection
      // (opened first: the relay freezes connections it has): given up so too.
      const write = () =>
        inTransaction(database.db, async (tx) => {
          const sql = sqlOf(tx);
          return Promise.all([sql.all('SELECT 1 AS one'), sql.all('SELECT 2 AS two')]);
        });
      expect(await write()).toStrictEqual([[{ one: 1 }], [{ two: 2 }]]);
      frozen.freeze();
      const written = await timedFailure(write);
      expect(faultPlace(written.error)).toBe('statement');
      expect(written.waited).toBeGreaterThanOrEqual(1_290);
      expect(written.waited).toBeLessThan(5_000);
      frozen.thaw();
    } finally {
      await database.close();
      frozen.close();
    }
  });
});
