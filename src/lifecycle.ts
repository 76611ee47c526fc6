// Where the process is in its life. GET /readyz answers 200 only while `ready`, so a load
// balancer sends no traffic while migrations run or while the process shuts down. Requests that
// arrive before the process is ready wait for it (up to a bound) instead of failing. It also
// knows when the last request came in, so background work can give way to requests.

export type Phase = 'starting' | 'migrating' | 'ready' | 'stopping';

export class Lifecycle {
  private current: Phase;
  private resolveReady: () => void = () => {};
  private readonly readyPromise: Promise<void>;
  /**
   * When the last request came in (Date.now(); 0: none yet), in memory other threads may read
   * (the SQLite webhook delivery thread: delivery-thread.ts).
   */
  readonly lastRequest = new Float64Array(new SharedArrayBuffer(8));

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

  /** Called as each request comes in (an onRequest hook: probes.plugin.ts). */
  requestArrived(): void {
    this.lastRequest[0] = Date.now();
  }

  /** True when a request came in within the last `ms` milliseconds. */
  servedWithin(ms: number): boolean {
    return servedWithin(this.lastRequest, ms);
  }

  /** Resolves once ready (never when the process stops before). */
  get whenReady(): Promise<void> {
    return this.readyPromise;
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

/** True when `lastRequest` (a Lifecycle's, perhaps seen from another thread) is within the last `ms` milliseconds. */
export function servedWithin(lastRequest: Float64Array, ms: number): boolean {
  return Date.now() - (lastRequest[0] ?? 0) < ms;
}
