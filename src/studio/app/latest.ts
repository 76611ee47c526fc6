// The one request a view has on its way: a newer one aborts the older, whose answer or failure is
// then dropped; the view is busy (`loading`) until the latest ends, and shows its failure in words
// (`error`). Leaving the page aborts it.
import type { ReactiveController, ReactiveControllerHost } from 'lit';
import { failed } from './events.js';
import { problem } from './words.js';

export interface LoadingView extends ReactiveControllerHost, HTMLElement {
  loading: boolean;
  error: string;
}

export class LatestRequest implements ReactiveController {
  private pending: AbortController | undefined;

  constructor(private readonly view: LoadingView) {
    view.addController(this);
  }

  hostDisconnected() {
    this.abort();
  }

  /** Drops the request on its way, if any. */
  abort() {
    this.pending?.abort();
  }

  /**
   * A request is to come (a search waiting out its pause): the one on its way is dropped, and the
   * view is busy from now until the next one ends (the dropped one's end does not clear it).
   */
  soon() {
    this.abort();
    this.pending = undefined;
    this.view.loading = true;
  }

  /** Runs `work` as the latest request; `onFailure` runs before its failure is shown. */
  async run(work: (signal: AbortSignal) => Promise<void>, onFailure?: () => void): Promise<void> {
    this.pending?.abort();
    const pending = new AbortController();
    this.pending = pending;
    this.view.loading = true;
    this.view.error = '';
    try {
      await work(pending.signal);
    } catch (error) {
      if (pending.signal.aborted) return;
      onFailure?.();
      this.view.error = problem(error);
      failed(this.view, error);
    } finally {
      if (this.pending === pending) this.view.loading = false;
    }
  }
}
