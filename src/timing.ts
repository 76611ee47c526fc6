// Waiting for something that may never answer (a frozen database, a dead resolver) for a bounded
// time, without cancelling it: it is left to settle on its own.

/** `work`'s value when it succeeds within `ms`; null when it fails or is still running then. */
export async function within<T>(work: Promise<T>, ms: number): Promise<{ value: T } | null> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<null>((resolve) => {
    timer = setTimeout(() => resolve(null), ms);
  });
  try {
    return await Promise.race([
      work.then(
        (value) => ({ value }),
        () => null,
      ),
      timeout,
    ]);
  } finally {
    clearTimeout(timer);
  }
}

/** A pending listeningDeadline. */
export interface Deadline {
  cancel(): void;
}

/**
 * Calls `onExpired` once `ms` of the time this process was free to hear an answer have passed. A
 * wait measured on the wall clock also counts the stretches the event loop spent blocked (a large
 * answer built, a long collection), and after such a stretch Node runs the timers before it reads
 * the sockets: an answer that arrived meanwhile is never heard, and a wait that only our own lag
 * made long is taken for the other side's silence. Here the time is counted in steps of `stepMs`,
 * a step that came late as two steps, not its length; and the deadline expires after the sockets
 * of that turn of the loop were read (setImmediate), so an answer already in is heard first. A peer
 * that never answers still expires it after `ms` (and a step) while the process is idle.
 */
export function listeningDeadline(ms: number, onExpired: () => void, stepMs = 100): Deadline {
  let counted = 0;
  let last = performance.now();
  let delay = Math.min(stepMs, ms);
  let expiring: NodeJS.Immediate | null = null;
  const step = () => {
    const now = performance.now();
    counted += Math.min(now - last, 2 * stepMs);
    last = now;
    if (counted >= ms) {
      expiring = setImmediate(onExpired);
      return;
    }
    const next = Math.max(1, Math.min(stepMs, ms - counted));
    if (next !== delay) {
      delay = next;
      timer = setTimeout(step, delay).unref();
    } else timer.refresh();
  };
  let timer = setTimeout(step, delay).unref();
  return {
    cancel: () => {
      clearTimeout(timer);
      if (expiring) clearImmediate(expiring);
    },
  };
}
