// Loaded into a measured server with `--import` when the bench runs with --profile: a CPU
// profiler in the process (node:inspector, sampling on its own thread), started by SIGUSR2 and
// stopped by SIGWINCH, which writes the profile to $BENCH_PROFILE_DIR/<name>.cpuprofile, the name
// read from $BENCH_PROFILE_DIR/next (the harness writes it before the signal). Neither signal
// is one the gateway handles.
import { Session } from 'node:inspector';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const dir = process.env.BENCH_PROFILE_DIR;
if (dir) {
  const session = new Session();
  session.connect();
  session.post('Profiler.enable', () => session.post('Profiler.setSamplingInterval', { interval: 200 }));
  process.on('SIGUSR2', () => session.post('Profiler.start'));
  process.on('SIGWINCH', () =>
    session.post('Profiler.stop', (error, result) => {
      const name = readFileSync(join(dir, 'next'), 'utf8').trim();
      writeFileSync(join(dir, `${name}.cpuprofile`), error ? '{}' : JSON.stringify(result.profile));
    }),
  );
}
