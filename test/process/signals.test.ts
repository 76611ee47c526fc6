// Every stop signal ends a real gateway process in order, and a process always can end: SIGHUP
// and SIGQUIT drain like SIGTERM (requests in flight finish, "stopped" is logged, exit 0); a
// signal received while the server is still loading ends it in order too; and the watchdog's
// thread kills a process whose main thread is stuck, without delaying one that exits.
import { spawn } from 'node:child_process';
import { connect } from 'node:net';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { projectRoot } from '../../src/db/schema-engine.js';
import { readFixture } from '../fixtures.js';
import { processFixture, startGateway, until, type ProcessFixture } from './gateway.js';

let fixture: ProcessFixture;
beforeAll(async () => {
  fixture = await processFixture(readFixture('catalog.json'));
}, 120_000);
afterAll(() => fixture?.close());

const cartBody = JSON.stringify({ items: { storefront_cart_items_input: [{ variant_id: '1101', quantity: 1 }] } });

/**
 * A POST /cart in flight until finish() sends its body: `continued` resolves once the server has
 * taken its headers (it answers Expect: 100-continue), `status` with the final answer's status.
 */
function requestInFlight(port: number): { continued: Promise<void>; finish(): void; status: Promise<string> } {
  const socket = connect(port, '127.0.0.1');
  socket.write(
    `POST /cart HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(cartBody)}\r\nExpect: 100-continue\r\nConnection: close\r\n\r\n`,
  );
  let received = '';
  socket.on('data', (chunk: Buffer) => (received += chunk.toString()));
  const continued = new Promise<void>((resolve) =>
    socket.on('data', () => received.startsWith('HTTP/1.1 100') && resolve()),
  );
  const status = new Promise<string>((resolve) => {
    const settle = () =>
      resolve(
        /HTTP\/1\.1 ([2-5]\d\d)/.exec(received.replace(/^HTTP\/1\.1 100 Continue\r\n\r\n/, ''))?.[1] ?? 'nothing',
      );
    socket.on('error', settle);
    socket.on('close', settle);
  });
  return { continued, finish: () => socket.write(cartBody), status };
}

/** Whether the process has a handler for the signal (the SigCgt mask of /proc/<pid>/status). */
function catches(pid: number, signalNumber: number): boolean {
  const mask = /SigCgt:\s+([0-9a-f]+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? '0';
  return (BigInt(`0x${mask}`) & (1n << BigInt(signalNumber - 1))) !== 0n;
}

const within = <T>(promise: Promise<T>, ms: number) =>
  Promise.race([promise, new Promise<'still running'>((resolve) => setTimeout(() => resolve('still running'), ms))]);

describe('stop signals', () => {
  it.each(['SIGHUP', 'SIGQUIT'] as const)(
    '%s drains like SIGTERM: the requests in flight finish, "stopped" is logged, exit 0',
    async (signal) => {
      const gateway = await fixture.start({ env: { LOG_LEVEL: 'info' } });
      const inFlight = Array.from({ length: 3 }, () => requestInFlight(gateway.port));
      await Promise.all(inFlight.map((request) => request.continued));
      // Light load beside them: each answered (200, or 503 once stopping) or refused once closed.
      let loading = true;
      let loaded = 0;
      const load = (async () => {
        const seen = new Set<number | string>();
        while (loading) {
          seen.add(
            await fetch(`${gateway.base}/product/11`, { signal: AbortSignal.timeout(5_000) }).then(
              (response) => response.status,
              () => 'refused',
            ),
          );
          loaded += 1;
          // Light: a pause between two requests (a pace, not a wait for anything).
          await new Promise((resolve) => setTimeout(resolve, 20));
        }
        return seen;
      })();
      await until(async () => loaded >= 3, 'the load to be answered');
      const signalled = Date.now();
      gateway.process.kill(signal);
      // The shutdown has begun, and the requests in flight hold it: their bodies are sent only now.
      const began = `"msg":"${signal}: finishing in-flight requests"`;
      await until(async () => gateway.output.join('').includes(began), 'the shutdown to begin');
      expect(gateway.process.exitCode).toBeNull();
      expect(gateway.process.signalCode).toBeNull();
      for (const request of inFlight) request.finish();
      const answers = await Promise.all(inFlight.map((request) => request.status));
      const code = await within(gateway.exited, 10_000);
      loading = false;
      const seen = await load;
      console.info(
        `${signal}: exit ${code} after ${Date.now() - signalled} ms; requests in flight answered ${answers.join(', ')}; the load saw ${[...seen].join(', ')}`,
      );
      expect(answers).toStrictEqual(['200', '200', '200']);
      expect(code).toBe(0);
      const logs = gateway.output.join('');
      expect(logs).toContain(began);
      expect(logs).toContain('"msg":"stopped"');
      expect([...seen].every((status) => status === 200 || status === 503 || status === 'refused')).toBe(true);
    },
    60_000,
  );

  it('a SIGTERM received while the server is still loading: it never listens, logs "stopped" and exits 0', async () => {
    const gateway = await startGateway(fixture.url, { env: { LOG_LEVEL: 'info' } });
    try {
      const pid = gateway.process.pid ?? 0;
      // As soon as the process listens for the stop signals (SIGHUP: node itself catches SIGTERM
      // from its start), its modules are still loading.
      const deadline = Date.now() + 10_000;
      while (!catches(pid, 1) && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 5));
      gateway.process.kill('SIGTERM');
      const code = await within(gateway.exited, 30_000);
      const logs = gateway.output.join('');
      console.info(
        `SIGTERM while loading: exit ${code}; logged: ${[...logs.matchAll(/"msg":"([^"]*)"/g)].map((match) => match[1]).join(' | ')}`,
      );
      expect(code).toBe(0);
      expect(logs).toContain('"msg":"SIGTERM: finishing in-flight requests"');
      expect(logs).toContain('"msg":"stopped"');
      expect(logs).not.toContain('Server listening');
    } finally {
      gateway.process.kill('SIGKILL');
    }
  }, 60_000);
});

describe('the watchdog', () => {
  const watchdog = join(projectRoot, 'dist', 'src', 'watchdog.js');
  /**
   * A process that starts the watchdog, arms it for armMs, then runs `then`; ms counts from
   * arming. One still running after 10 s is killed here (a failing test leaves nothing spinning).
   */
  const run = (armMs: number, then: string) => {
    const script = `const { startWatchdog } = await import(${JSON.stringify(watchdog)}); const armed = startWatchdog((error) => { console.error(error); process.exit(3); }); process.stdout.write(String(Date.now())); armed.arm(${armMs}); ${then}`;
    const child = spawn(process.execPath, ['--input-type=module', '-e', script], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let armedAt = '';
    child.stdout.on('data', (chunk: Buffer) => (armedAt += chunk.toString()));
    let stillRunning = false;
    const limit = setTimeout(() => {
      stillRunning = true;
      child.kill('SIGKILL');
    }, 10_000);
    return new Promise<'still running' | { code: number | null; signal: NodeJS.Signals | null; ms: number }>(
      (resolve) =>
        child.once('exit', (code, signal) => {
          clearTimeout(limit);
          resolve(stillRunning ? 'still running' : { code, signal, ms: Date.now() - Number(armedAt) });
        }),
    );
  };

  it('kills a process whose main thread is stuck in a synchronous loop once the time is up', async () => {
    const ended = await run(1_000, 'for (;;);');
    console.info(`watchdog, main thread stuck, armed for 1 s: ${JSON.stringify(ended)}`);
    expect(ended).toMatchObject({ signal: 'SIGKILL' });
    expect(ended !== 'still running' && ended.ms).toBeGreaterThanOrEqual(1_000);
    expect(ended !== 'still running' && ended.ms).toBeLessThan(2_500);
  }, 30_000);

  it('neither kills nor holds a process that exits in time, by process.exit or with nothing left to do', async () => {
    const [exit, natural] = await Promise.all([
      run(30_000, 'setTimeout(() => process.exit(0), 200);'),
      run(30_000, 'setTimeout(() => undefined, 200);'),
    ]);
    console.info(
      `watchdog armed for 30 s: process.exit after 200 ms ${JSON.stringify(exit)}, nothing left after 200 ms ${JSON.stringify(natural)}`,
    );
    expect(exit).toMatchObject({ code: 0, signal: null });
    expect(natural).toMatchObject({ code: 0, signal: null });
  }, 30_000);
});
