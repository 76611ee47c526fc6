// What the bench scripts share: starting a server process and waiting for it, and measuring one
// with autocannon (rps, latencies, errors, and CPU from /proc: the server's, the load generator's,
// everything else's).
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { Agent, get as httpGet } from 'node:http';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { projectRoot } from '../src/db/schema-engine.js';
import { machineTicks } from './host.js';
import { freePort } from './ports.js';

export interface Measure {
  rps: number;
  p50_ms: number;
  p99_ms: number;
  errors: number;
  /** Requests that got no answer within the timeout (part of errors; not in the latencies). */
  timeouts: number;
  /** The answers other than 2xx, by status (part of errors). */
  statuses: Record<string, number>;
  /** CPU over the measured seconds, % of one core (Linux): the server's, the load generator's (this process), and everything else's on the machine. */
  server_cpu_pct: number | null;
  load_cpu_pct: number;
  other_cpu_pct: number | null;
  /** rps per core of server CPU (rps / server CPU): what the server serves with the CPU it got, less sensitive to a load generator at its limit or to other work on the machine. */
  rps_per_core: number | null;
}

export type Request = autocannon.Request;

export const randomInt = (low: number, high: number) => low + Math.floor(Math.random() * (high - low + 1));

async function waitFor(url: string, child: ChildProcess): Promise<void> {
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`${url}: the server exited (${child.exitCode})`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`${url} did not answer`);
}

export interface Server {
  base: string;
  child: ChildProcess;
  /** Peak resident memory so far, MiB (Linux). */
  peakRssMiB(): number | null;
  /** CPU seconds used so far (user + system, Linux). */
  cpuSeconds(): number | null;
  stop(): Promise<void>;
}

/** Servers started and not exited yet (stopped on a failure). */
export const running = new Set<ChildProcess>();

export async function start(
  script: string,
  args: string[],
  nodeFlags: string[],
  env: Record<string, string>,
  readyPath: string,
): Promise<Server> {
  const port = await freePort();
  const child = spawn(
    process.execPath,
    [...nodeFlags, script, ...args.map((arg) => arg.replace('{port}', String(port)))],
    {
      cwd: projectRoot,
      env: { ...process.env, ...env, PORT: String(port) },
      stdio: ['ignore', 'inherit', 'inherit'],
    },
  );
  running.add(child);
  child.once('exit', () => running.delete(child));
  const base = `http://127.0.0.1:${port}`;
  await waitFor(`${base}${readyPath}`, child);
  const status = (key: string) => {
    try {
      const match = new RegExp(`${key}:\\s+(\\d+) kB`).exec(readFileSync(`/proc/${child.pid}/status`, 'utf8'));
      return match ? Math.round(Number(match[1]) / 1024) : null;
    } catch {
      return null;
    }
  };
  return {
    base,
    child,
    peakRssMiB: () => status('VmHWM'),
    cpuSeconds() {
      try {
        // Fields after the command name: state is field 3, utime 14, stime 15 (clock ticks, 100 a second).
        const fields = readFileSync(`/proc/${child.pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
        return (Number(fields[11]) + Number(fields[12])) / 100;
      } catch {
        return null;
      }
    },
    stop: () =>
      new Promise((resolve) => {
        if (child.exitCode !== null || child.signalCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

/** CPU seconds the whole machine spent busy so far (all cores). */
function machineBusySeconds(): number | null {
  const ticks = machineTicks();
  return ticks === null ? null : ticks.busy / 100;
}

/** Slow answers count in the latencies rather than vanish as errors: a request gets 60 s. */
const requestTimeoutSeconds = 60;
/** The pause between the warm-up and the measured run. */
export const settleMs = 500;

export interface LoadOptions {
  connections: number;
  /** Seconds measured, after `warmup` seconds not measured. */
  duration: number;
  warmup: number;
}

export async function load(
  server: Server,
  requests: Request[],
  { connections, duration, warmup }: LoadOptions,
): Promise<Measure> {
  const run = (seconds: number) =>
    autocannon({ url: server.base, connections, duration: seconds, requests, timeout: requestTimeoutSeconds });
  if (warmup > 0) {
    await run(warmup);
    // autocannon stops by closing its connections, and the server still finishes what they had
    // asked (a search in its thread's queue keeps its place until answered): a fixed pause, so that
    // the measured run does not begin on top of that (enough for all but the slowest scenario,
    // cold GraphQL: about 0.6 s of it at 32 connections). Orders of a flow go on meanwhile.
    await new Promise((resolve) => setTimeout(resolve, settleMs));
  }
  const before = {
    server: server.cpuSeconds(),
    machine: machineBusySeconds(),
    self: process.cpuUsage(),
    at: process.hrtime.bigint(),
  };
  const result = await run(duration);
  const elapsed = Number(process.hrtime.bigint() - before.at) / 1e9;
  const serverCpu = before.server === null ? null : (server.cpuSeconds() ?? before.server) - before.server;
  const self = process.cpuUsage(before.self);
  const selfCpu = (self.user + self.system) / 1e6;
  const machineBusy = machineBusySeconds();
  const otherCpu =
    before.machine === null || machineBusy === null || serverCpu === null
      ? null
      : Math.max(0, machineBusy - before.machine - serverCpu - selfCpu);
  const percent = (seconds: number) => Math.round((100 * seconds) / elapsed);
  return {
    rps: Math.round(result.requests.average),
    p50_ms: result.latency.p50,
    p99_ms: result.latency.p99,
    errors: result.non2xx + result.errors + result.timeouts,
    timeouts: result.timeouts,
    statuses: Object.fromEntries(
      Object.entries(result.statusCodeStats ?? {})
        .filter(([status]) => !status.startsWith('2'))
        .map(([status, { count }]) => [status, count ?? 0]),
    ),
    server_cpu_pct: serverCpu === null ? null : percent(serverCpu),
    load_cpu_pct: percent(selfCpu),
    other_cpu_pct: otherCpu === null ? null : percent(otherCpu),
    rps_per_core: serverCpu ? Math.round(result.requests.total / serverCpu) : null,
  };
}

/** The node flags `npm start` runs the gateway with (package.json). */
export function startFlags(): string[] {
  const script = (JSON.parse(readFileSync(join(projectRoot, 'package.json'), 'utf8')) as { scripts: { start: string } })
    .scripts.start;
  return script.split(/\s+/).filter((word) => word.startsWith('--'));
}

export interface Paced {
  /** Requests sent per second (the pace asked for). */
  rate: number;
  sent: number;
  p50_ms: number;
  p99_ms: number;
  max_ms: number;
  /** Answers other than 200, and requests that failed. */
  errors: number;
}

/**
 * Sends GETs at a steady `rate` for `seconds`, whatever the answers (an open loop: a slow answer
 * does not slow the sending, so a stall shows in the latencies instead of hiding in fewer
 * requests), on kept-alive connections, each timed to the microsecond from the moment it was sent.
 * A light load that leaves the server room: its latency is service time plus what else the
 * server is doing, which is what a backlog or a stall would add to.
 */
export async function paced(base: string, path: () => string, rate: number, seconds: number): Promise<Paced> {
  return summarize(await pacedTimes(base, path, rate, seconds));
}

/** What `paced` measures before it is summed up: every answer's time (ms, ascending), so that runs can be pooled. */
export interface PacedTimes {
  rate: number;
  sent: number;
  times: number[];
  errors: number;
}

export async function pacedTimes(base: string, path: () => string, rate: number, seconds: number): Promise<PacedTimes> {
  const agent = new Agent({ keepAlive: true, maxSockets: 64 });
  const times: number[] = [];
  let errors = 0;
  const one = (url: string, sent: number) =>
    new Promise<void>((resolve) => {
      const request = httpGet(url, { agent }, (response) => {
        response.resume();
        response.on('end', () => {
          if (response.statusCode === 200) times.push(performance.now() - sent);
          else errors += 1;
          resolve();
        });
      });
      request.on('error', () => {
        errors += 1;
        resolve();
      });
    });
  const began = performance.now();
  const total = Math.round(rate * seconds);
  const open: Promise<void>[] = [];
  for (let index = 0; index < total; index += 1) {
    const due = began + (index * 1000) / rate;
    const wait = due - performance.now();
    if (wait > 1) await new Promise((resolve) => setTimeout(resolve, wait));
    // Timed from when it is sent: the sender's own timer may wake a little late, which is not the server's doing.
    open.push(one(`${base}${path()}`, performance.now()));
  }
  await Promise.all(open);
  agent.destroy();
  times.sort((a, b) => a - b);
  return { rate, sent: total, times, errors };
}

/** p50, p99 and max of one run's times, or of several runs' pooled (`pool`). */
export function summarize({ rate, sent, times, errors }: PacedTimes): Paced {
  const at = (q: number) =>
    Math.round((times[Math.min(times.length - 1, Math.floor(q * times.length))] ?? Number.NaN) * 100) / 100;
  return {
    rate,
    sent,
    p50_ms: at(0.5),
    p99_ms: at(0.99),
    max_ms: Math.round((times.at(-1) ?? Number.NaN) * 100) / 100,
    errors,
  };
}

/** Several runs' times as one run's. */
export function pool(runs: PacedTimes[]): PacedTimes {
  return {
    rate: runs[0]?.rate ?? Number.NaN,
    sent: runs.reduce((sum, run) => sum + run.sent, 0),
    times: runs.flatMap((run) => run.times).sort((a, b) => a - b),
    errors: runs.reduce((sum, run) => sum + run.errors, 0),
  };
}
