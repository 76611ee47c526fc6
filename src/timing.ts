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
