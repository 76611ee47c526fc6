// Before any test file: start compiling the server (dist/, as `npm start` runs it) for the test
// files that start real gateway processes, once for all of them, in the background
// (test/server-build.ts); the process tiers' setup file waits for it. After the last: say how much
// of the machine's CPU time its host took meanwhile (steal, on a virtual machine), which stretches
// every timing of the run.
import { watchSteal } from '../bench/host.js';
import { startServerBuild } from './server-build.js';

export default function setup(): () => void {
  const stolen = watchSteal();
  const stopBuild = startServerBuild();
  return () => {
    stopBuild();
    const share = stolen();
    if (share !== null)
      console.info(
        `\nThe host took ${share.toFixed(1)} % of this machine's CPU time during the run (steal; ` +
          'over 1 %: not a quiet machine, and the run takes longer).',
      );
  };
}
