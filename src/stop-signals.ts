// The signals that ask the process to stop, listened to from its first moment (main.ts imports
// this module before anything else): SIGTERM (orchestrators), SIGINT (Ctrl-C), SIGHUP (the
// terminal or session went away) and SIGQUIT (some supervisors stop with it). Left to their
// default they end the process on the spot, in-flight requests and all; here each one is handed
// to the server's shutdown, and one received while the server is still starting waits for it.
export const stopSignals = ['SIGTERM', 'SIGINT', 'SIGHUP', 'SIGQUIT'] as const;
export type StopSignal = (typeof stopSignals)[number];

let received: StopSignal | undefined;
let stop: ((signal: StopSignal) => void) | undefined;

for (const signal of stopSignals) {
  process.on(signal, () => {
    received ??= signal;
    stop?.(signal);
  });
}

/** Hands every stop signal from now on to stop; one received before is handed over at once. */
export function onStopSignal(handle: (signal: StopSignal) => void): void {
  stop = handle;
  if (received !== undefined) handle(received);
}
