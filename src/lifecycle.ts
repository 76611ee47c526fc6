// Where the process is in its life. GET /readyz answers 200 only while `ready`, so a load
// balancer sends no traffic while migrations run or while the process shuts down. Requests that
// arrive before the process is ready wait for it (up to a bound) instead of failing.

export type Phase = 'starting' | 'migrating' | 'ready' | 'stopping';

export class Lifecycle {
  private current: Phase;
  private resolveReady: () => void = () => {};
  private readonly readyPromise: Promise<void>;

  constructor(phase: Phase = 'ready') {
    this.current = phase;
    this.readyPromise = new Promise((resolve) => {
      this.resolveReady = resolve;
    });
    if (phase === 'ready') this.resolveReady();
  }

  get phase(): Phase {
    return this.current;
  }

  set phase(phase: Phase) {
    this.current = phase;
    if (phase === 'ready') this.resolveReady();
  }

  get ready(): boolean {
    return this.current === 'ready';
  }

  /** Resolves true once ready, false when `timeoutMs` passes first or the process is stopping. */
  async waitUntilReady(timeoutMs: number): Promise<boolean> {
    if (this.ready) return true;
    if (this.current === 'stopping') return false;
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<void>((resolve) => {
      timer = setTimeout(resolve, timeoutMs);
    });
    await Promise.race([this.readyPromise, timeout]);
    clearTimeout(timer);
    return this.ready;
  }
}
