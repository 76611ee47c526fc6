// The watchdog's thread kills a process whose main thread is stuck, without holding or delaying
// one that exits in time.
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { projectRoot } from '../../src/db/schema-engine.js';
import { buildServer } from './gateway.js';

beforeAll(() => buildServer(), 120_000);

const within = <T>(promise: Promise<T>, ms: number) => Promise.race([promise, new Promise<'still running'>((resolve) => setTimeout(() => resolve('still running'), ms))]);

describe('the watchdog', () => {
  const watchdog = join(projectRoot, 'dist', 'src', 'watchdog.js');
  /** A process that starts the watchdog, arms it for armMs, then runs `then`; ms counts from arming. */
  const run = (armMs: number, then: string) => {
    const script = `const { startWatchdog } = await import(${JSON.stringify(watchdog)}); const armed = startWatchdog((error) => { console.error(error); process.exit(3); }); process.stdout.write(String(Date.now())); armed.arm(${armMs}); ${then}`;
    const child = spawn(process.execPath, ['--input-type=module', '-e', script], { stdio: ['ignore', 'pipe', 'inherit'] });
    let armedAt = '';
    child.stdout.on('data', (chunk: Buffer) => (armedAt += chunk.toString()));
    return new Promise<{ code: number | null; signal: NodeJS.Signals | null; ms: number }>((resolve) => child.once('exit', (code, signal) => resolve({ code, signal, ms: Date.now() - Number(armedAt) })));
  };

  it('kills a process whose main thread is stuck in a synchronous loop once the time is up', async () => {
    const ended = await within(run(1_000, 'for (;;);'), 10_000);
    console.info(`watchdog, main thread stuck, armed for 1 s: ${JSON.stringify(ended)}`);
    expect(ended).toMatchObject({ signal: 'SIGKILL' });
    expect(ended !== 'still running' && ended.ms).toBeGreaterThanOrEqual(1_000);
    expect(ended !== 'still running' && ended.ms).toBeLessThan(2_500);
  }, 30_000);

  it('neither kills nor holds a process that exits in time, by process.exit or with nothing left to do', async () => {
    const [exit, natural] = await Promise.all([within(run(30_000, 'setTimeout(() => process.exit(0), 200);'), 10_000), within(run(30_000, 'setTimeout(() => undefined, 200);'), 10_000)]);
    console.info(`watchdog armed for 30 s: process.exit after 200 ms ${JSON.stringify(exit)}, nothing left after 200 ms ${JSON.stringify(natural)}`);
    expect(exit).toMatchObject({ code: 0, signal: null });
    expect(natural).toMatchObject({ code: 0, signal: null });
  }, 30_000);
});
