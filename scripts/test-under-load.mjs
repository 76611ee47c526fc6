// npm run test:loaded: the whole suite (vitest run, the engine of TEST_DATABASE) beside a CPU hog,
// as it must pass on a busy 2-core machine, not only on an idle one. The hog is HOG_PROCESSES
// busy loops (default: 3 per core), at the tests' own priority, so that the load average stays
// at 8 or more on 2 cores while the suite runs. Prints the load average seen every 10 s and, at
// the end, its lowest and mean values; exits with vitest's code.
// Each busy loop ends on its own once this script is gone (it checks its parent every few
// milliseconds), so nothing of the hog outlives a run that was killed.
import { spawn } from 'node:child_process';
import { availableParallelism, loadavg } from 'node:os';

const hogs = Number(process.env.HOG_PROCESSES ?? 3 * availableParallelism());
const busyLoop = `
const parent = process.ppid;
for (;;) {
  const until = Date.now() + 5;
  while (Date.now() < until);
  if (process.ppid !== parent) process.exit(0);
}`;

const children = Array.from({ length: hogs }, () => spawn(process.execPath, ['-e', busyLoop], { stdio: 'ignore' }));
const stopHogs = () => {
  for (const child of children) child.kill('SIGKILL');
};
process.once('exit', stopHogs);

const seen = [];
const sample = setInterval(() => {
  const [oneMinute] = loadavg();
  seen.push(oneMinute);
  console.log(`[load] ${oneMinute.toFixed(1)} (1-minute average; ${hogs} busy loops)`);
}, 10_000);

// In a process group of its own, so that a stop signal reaches its workers and what they started too.
const vitest = spawn(process.execPath, ['node_modules/vitest/vitest.mjs', 'run', ...process.argv.slice(2)], {
  stdio: 'inherit',
  detached: true,
});
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'])
  process.once(signal, () => {
    try {
      process.kill(-vitest.pid, signal);
    } catch {
      // already gone
    }
  });
const code = await new Promise((resolve) => vitest.once('exit', (exit, signal) => resolve(exit ?? (signal ? 1 : 0))));
clearInterval(sample);
stopHogs();
// The first minute's samples still average in the idle time before the run.
const measured = seen.length > 6 ? seen.slice(6) : seen;
if (measured.length > 0) {
  const mean = measured.reduce((sum, value) => sum + value, 0) / measured.length;
  console.log(
    `[load] while the suite ran (after its first minute): lowest ${Math.min(...measured).toFixed(1)}, mean ${mean.toFixed(1)}`,
  );
}
process.exit(code);
