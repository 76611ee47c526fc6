// What a real gateway process does about clients and surroundings that would hold it: bodies
// trickled byte by byte, more connections than it takes, a stdout nobody reads or whose reader
// goes away (requests go on, lines are dropped, SIGTERM still ends it in order), and callers
// flooding it with huge slugs and unknown ids (memory stays bounded).
import { spawn } from 'node:child_process';
import { connect, type Socket } from 'node:net';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Sqlite from 'better-sqlite3';
import { sqliteFilePath } from '../../src/db/database.js';
import { projectRoot } from '../../src/db/schema-engine.js';
import { readFixture } from '../fixtures.js';
import { testEngine } from '../pg.js';
import { json, processFixture, status, until, type Gateway, type ProcessFixture } from './gateway.js';

let fixture: ProcessFixture;
beforeAll(async () => {
  fixture = await processFixture(readFixture('catalog.json'));
}, 120_000);
afterAll(() => fixture?.close());

const start = (env: Record<string, string>, unreadStdout = false) => fixture.start({ env, unreadStdout });

/** A raw connection; resolves `closed` with the time it took the server to close it. */
function rawConnection(port: number): { socket: Socket; closed: Promise<number>; received: () => string } {
  const opened = Date.now();
  const socket = connect(port, '127.0.0.1');
  let data = '';
  socket.on('data', (chunk: Buffer) => (data += chunk.toString()));
  socket.on('error', () => undefined);
  const closed = new Promise<number>((resolve) => socket.once('close', () => resolve(Date.now() - opened)));
  return { socket, closed, received: () => data };
}

const rssBytes = (pid: number) =>
  Number(/VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) * 1024;

describe('slow and numerous clients', () => {
  // One gateway for the two slow-client cases (a start is some 4 s of CPU): each leaves it serving.
  let slowClients: Promise<Gateway> | undefined;
  const withRequestTimeout = () => (slowClients ??= start({ REQUEST_TIMEOUT_MS: '1000' }));

  it('cuts a body trickled past REQUEST_TIMEOUT_MS (all 50 of them), and keeps serving', async () => {
    const gateway = await withRequestTimeout();
    const trickles = Array.from({ length: 50 }, () => rawConnection(gateway.port));
    for (const { socket } of trickles)
      socket.write('POST /cart HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{');
    const drip = setInterval(() => {
      for (const { socket } of trickles) if (!socket.destroyed) socket.write(' ');
    }, 100);
    try {
      const closedAfter = await Promise.all(trickles.map((trickle) => trickle.closed));
      console.info(`trickled bodies closed after ${Math.min(...closedAfter)}–${Math.max(...closedAfter)} ms`);
      expect(Math.max(...closedAfter)).toBeLessThan(3_500);
      expect(trickles.filter((trickle) => trickle.received().startsWith('HTTP/1.1 408')).length).toBeGreaterThan(0);
    } finally {
      clearInterval(drip);
    }
    expect((await json('GET', `${gateway.base}/product/11`)).status).toBe(200);
  }, 30_000);

  it('cuts headers sent byte by byte too', async () => {
    const gateway = await withRequestTimeout();
    const slow = rawConnection(gateway.port);
    slow.socket.write('GET /product/11 HTTP/1.1\r\n');
    const drip = setInterval(() => slow.socket.destroyed || slow.socket.write('X-A: b\r\n'), 200);
    try {
      expect(await slow.closed).toBeLessThan(3_500);
    } finally {
      clearInterval(drip);
    }
  }, 30_000);

  it('refuses connections past MAX_CONNECTIONS at once, and serves again when they go', async () => {
    const gateway = await start({ MAX_CONNECTIONS: '5' });
    const idle = Array.from({ length: 12 }, () => rawConnection(gateway.port));
    const early = await Promise.race([
      Promise.all(idle.slice(5).map((connection) => connection.closed)),
      new Promise<null>((resolve) => setTimeout(() => resolve(null), 2_000)),
    ]);
    expect(early).not.toBeNull();
    for (const connection of idle) connection.socket.destroy();
    await Promise.all(idle.map((connection) => connection.closed));
    // Served again once the server has seen them go.
    await until(async () => (await status(`${gateway.base}/product/11`)) === 200, 'a request served again', 5_000);
  }, 30_000);
});

describe.runIf(testEngine === 'sqlite')('another process holding the SQLite file', () => {
  it('makes writes 503 within a moment, without stopping the event loop for cached reads; /healthz stays 200', async () => {
    const gateway = await start({});
    expect((await json('GET', `${gateway.base}/product/11`)).status).toBe(200);
    const holder = new Sqlite(sqliteFilePath(fixture.url));
    holder.exec('BEGIN EXCLUSIVE');
    try {
      const started = Date.now();
      let writing = true;
      const written = json('POST', `${gateway.base}/cart`, {
        items: { storefront_cart_items_input: [{ variant_id: '1101', quantity: 1 }] },
      }).finally(() => (writing = false));
      // Cached reads one after another for as long as the write waits for the lock: each is timed.
      const reads: { status: number; ms: number }[] = [];
      while (writing) {
        const readStarted = Date.now();
        const answer = await json('GET', `${gateway.base}/product/11`);
        reads.push({ status: answer.status, ms: Date.now() - readStarted });
      }
      const write = await written;
      console.info(
        `SQLite locked: write ${write.status} after ${Date.now() - started} ms, ` +
          `${reads.length} cached reads meanwhile in ${reads.map((read) => read.ms).join(', ')} ms`,
      );
      expect(write.status).toBe(503);
      expect(write.headers.get('retry-after')).toBe('1');
      expect(reads.every((read) => read.status === 200)).toBe(true);
      // A read meets the write's wait for the lock, which holds the event loop (200 ms a statement,
      // server.ts): it waits that out, not the 5 s of SQLite's default busy timeout. Sent while the
      // write waits, it waits all of it: 300 to 650 ms measured on a loaded 2-core machine, 1,397 ms
      // once at a load average of 8; half the default's 5 s still tells the two apart.
      expect(Math.max(...reads.map((read) => read.ms))).toBeLessThan(2_500);
      // The probe write of /healthz meets the lock too: a wait for another writer, not a failing database.
      expect((await json('GET', `${gateway.base}/healthz`)).status).toBe(200);
    } finally {
      holder.exec('ROLLBACK');
      holder.close();
    }
  }, 30_000);
});

describe('a stdout nobody reads', () => {
  it('does not stop requests, and SIGTERM still ends the process in order within SHUTDOWN_TIMEOUT_MS', async () => {
    const gateway = await start({ LOG_LEVEL: 'info', SHUTDOWN_TIMEOUT_MS: '2000' }, true);
    // About 600 bytes of log a request: 500 requests fill the pipe (64 KiB) four times over.
    for (let batch = 0; batch < 10; batch += 1) {
      const answers = await Promise.all(
        Array.from({ length: 50 }, () =>
          fetch(`${gateway.base}/product/11`, { signal: AbortSignal.timeout(5_000) }).then(
            (response) => response.status,
          ),
        ),
      );
      expect(answers.every((code) => code === 200)).toBe(true);
    }
    const started = Date.now();
    const health = await fetch(`${gateway.base}/healthz`, { signal: AbortSignal.timeout(5_000) });
    expect(health.status).toBe(200);
    expect(Date.now() - started).toBeLessThan(1_000);
    const stopping = Date.now();
    gateway.process.kill('SIGTERM');
    // In order (0): the last lines are waited for half a second, not until the watchdog kills it.
    const code = await Promise.race([
      gateway.exited,
      new Promise<'still running'>((resolve) => setTimeout(() => resolve('still running'), 5_000)),
    ]);
    console.info(`with stdout unread: exit ${code} after ${Date.now() - stopping} ms`);
    expect(code).toBe(0);
  }, 60_000);

  it('a log pipe that stalls and then breaks: SIGTERM still ends the process in order (exit 0)', async () => {
    // 4 s to stop: on a machine busy with three other test files the stop itself took 2.7 s. A
    // writer that retried the lines would hold the exit past the watchdog's kill, whatever the time.
    const gateway = await start({ LOG_LEVEL: 'info', SHUTDOWN_TIMEOUT_MS: '4000' }, true);
    // 1,000 requests: the pipe full, and over 500 KB of lines queued behind it.
    for (let batch = 0; batch < 20; batch += 1) {
      const answers = await Promise.all(
        Array.from({ length: 50 }, () =>
          fetch(`${gateway.base}/product/11`, { signal: AbortSignal.timeout(5_000) }).then(
            (response) => response.status,
          ),
        ),
      );
      expect(answers.every((code) => code === 200)).toBe(true);
    }
    // The reader goes away with lines still queued, and SIGTERM comes before the next write
    // meets EPIPE: the lines must be given up, not retried.
    gateway.process.stdout?.destroy();
    const stopping = Date.now();
    gateway.process.kill('SIGTERM');
    const code = await Promise.race([
      gateway.exited,
      new Promise<'still running'>((resolve) => setTimeout(() => resolve('still running'), 8_000)),
    ]);
    console.info(`log pipe broken: exit ${code} after ${Date.now() - stopping} ms`);
    expect(code).toBe(0);
  }, 60_000);

  it('a reader that goes away: lines are dropped and counted, requests go on', async () => {
    const gateway = await start({ LOG_LEVEL: 'info' }, true);
    const dropped = async () =>
      Number(/^log_lines_dropped_total (\d+)/m.exec(await (await fetch(`${gateway.base}/metrics`)).text())?.[1]);
    expect(await dropped()).toBe(0);
    gateway.process.stdout?.destroy();
    for (let n = 0; n < 20; n += 1) expect((await fetch(`${gateway.base}/product/11`)).status).toBe(200);
    const count = await dropped();
    console.info(`reader gone: ${count} log lines dropped`);
    expect(count).toBeGreaterThan(0);
  }, 60_000);

  it('the log writer on its own (nothing else opens stdout): a full pipe holds neither its timers nor the exit', async () => {
    const logging = join(projectRoot, 'dist', 'src', 'logging.js');
    // 2 MB of lines for a pipe that takes a few hundred KB: writes are still under way at exit.
    const script = `const { stdoutDestination } = await import(${JSON.stringify(logging)}); const logs = stdoutDestination(); const line = JSON.stringify({ msg: 'x'.repeat(500) }) + '\\n'; for (let n = 0; n < 4000; n += 1) logs.stream.write(line); await logs.flush(300); process.exit(0);`;
    const child = spawn(process.execPath, ['--input-type=module', '-e', script], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    const started = Date.now();
    const code = await Promise.race([
      new Promise<number | null>((resolve) => child.once('exit', resolve)),
      new Promise<'still running'>((resolve) => setTimeout(() => resolve('still running'), 5_000)),
    ]);
    console.info(`log writer alone, stdout unread: exit ${code} after ${Date.now() - started} ms`);
    child.kill('SIGKILL');
    expect(code).toBe(0);
  }, 30_000);
});

describe('callers who would grow the heap', () => {
  it("3 × 60 GraphQL lookups with 1 MB slugs and 5,000 unknown ids, under npm start's heap cap: refused or not found, memory flat", async () => {
    // As `npm start` runs it: with the slugs kept, 180 MB of them would not fit.
    const gateway = await start({ NODE_OPTIONS: '--max-old-space-size=224' });
    const pid = gateway.process.pid ?? 0;
    const rounds: number[] = [];
    for (let round = 0; round < 3; round += 1) {
      for (let n = 0; n < 60; n += 1) {
        const slug = `${round}-${n}-${'s'.repeat(1_000_000)}`;
        const answer = await json('POST', `${gateway.base}/graphql`, {
          query: 'query ($slug: String!) { image(slug: $slug) { id } }',
          variables: { slug },
        });
        expect(answer.body).toMatchObject({ errors: [{ extensions: { code: 'VALIDATION_FAILED' } }] });
      }
      rounds.push(rssBytes(pid));
    }
    for (let batch = 0; batch < 50; batch += 1) {
      const answers = await Promise.all(
        Array.from({ length: 100 }, (_, index) =>
          fetch(`${gateway.base}/product/${1_000_000 + batch * 100 + index}`).then((response) => response.status),
        ),
      );
      expect(answers.every((code) => code === 404)).toBe(true);
    }
    rounds.push(rssBytes(pid));
    const metrics = await (await fetch(`${gateway.base}/metrics`)).text();
    const entries = Number(/^catalog_cache_entries (\d+)/m.exec(metrics)?.[1]);
    console.info(
      `flood: RSS after each round ${rounds.map((bytes) => Math.round(bytes / 2 ** 20)).join(' → ')} MiB, catalog cache entries ${entries}`,
    );
    expect(gateway.process.exitCode).toBeNull();
    expect(entries).toBeLessThan(20);
    expect(rounds[3]! - rounds[0]!).toBeLessThan(64 * 2 ** 20);
  }, 120_000);
});
