// The gateway's background threads on SQLite take the CPU after the event loop (Linux, where a
// priority is a thread's own): the webhook delivery thread, started with the server, and the
// thread that writes player events, started by the first flush, run at nice 19 in a real process
// as `npm start` runs it. (They once asked for it with `require`, which an ES module does not have,
// and silently kept the event loop's priority.)
import { readdirSync, readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testEngine } from '../pg.js';
import { json, lampCatalog, processFixture, until, type ProcessFixture } from './gateway.js';

/** Each thread of the process and its nice value (/proc/<pid>/task/<tid>/stat, the 19th field). */
function niceOfThreads(pid: number): Map<number, number> {
  const threads = new Map<number, number>();
  for (const tid of readdirSync(`/proc/${pid}/task`)) {
    try {
      const stat = readFileSync(`/proc/${pid}/task/${tid}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      threads.set(Number(tid), Number(fields[16]));
    } catch {
      // The thread ended while the list was read.
    }
  }
  return threads;
}

let fixture: ProcessFixture;
/** This runner's nice value: the gateway starts with it (nothing can be lowered past 19). */
const ownNice = process.platform === 'linux' ? niceOfThreads(process.pid).get(process.pid) : undefined;
const onSqliteLinux = testEngine === 'sqlite' && process.platform === 'linux' && ownNice !== undefined && ownNice < 19;

beforeAll(async () => {
  if (onSqliteLinux) fixture = await processFixture(lampCatalog);
}, 120_000);
afterAll(() => fixture?.close());

describe.skipIf(!onSqliteLinux)('background threads (SQLite, Linux)', () => {
  it('the delivery thread and the player events writer run at the lowest priority, the event loop at its own', async () => {
    const start = ownNice!;
    const gateway = await fixture.start({ env: { PLAYER_EVENTS_FLUSH_MS: '20' } });
    const pid = gateway.process.pid!;
    const lowest = () => [...niceOfThreads(pid).values()].filter((nice) => nice === 19).length;
    // The webhook delivery thread, once its module has loaded (it lowers itself first thing).
    await until(async () => lowest() === 1, 'the delivery thread at nice 19', 10_000);
    const atReady = niceOfThreads(pid);
    expect(atReady.get(pid)).toBe(start);

    const answer = await json('POST', `${gateway.base}/player/events`, {
      events: [{ type: 'impression', media_id: 1, session_id: 'priority-1' }],
    });
    expect(answer.status).toBe(202);
    await until(async () => (await fixture.database.db.playerEventCount.count()) === 1, 'the event to be written');
    const started = [...niceOfThreads(pid)].filter(([tid]) => !atReady.has(tid));
    // The writing thread is new since ready, at nice 19; the event loop is still at its own.
    expect(started.filter(([, nice]) => nice === 19)).toHaveLength(1);
    expect(niceOfThreads(pid).get(pid)).toBe(start);
  }, 60_000);
});
