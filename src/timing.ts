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
 * made long is taken for the other side's silence. Here the time is counted in steps of `stepMs`;
 * a step that came late counts as two steps, not its length, and never as the last one: the
 * deadline expires only on a step on time, after the sockets were read. A peer that never answers
 * still expires it after `ms` (and a step) while the process is idle.
 */
export function listeningDeadline(ms: number, onExpired: () => void, stepMs = 100): Deadline {
  let counted = 0;
  let last = performance.now();
  let delay = Math.min(stepMs, ms);
  const step = () => {
    const now = performance.now();
    const late = now - last > 2 * stepMs;
    counted += late ? 2 * stepMs : now - last;
    last = now;
    if (counted >= ms && !late) {
      onExpired();
      return;
    }
    // Late past the end: one more turn of the loop, whose sockets are read before its timers run.
    const next = late && counted >= ms ? 1 : Math.max(1, Math.min(stepMs, ms - counted));
    if (next !== delay) {
      delay = next;
      timer = setTimeout(step, delay).unref();
    } else timer.refresh();
  };
  let timer = setTimeout(step, delay).unref();
  return { cancel: () => clearTimeout(timer) };
}
