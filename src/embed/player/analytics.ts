// What the player reports to the gateway of what shoppers see and do (docs/analytics.md): an
// impression (at least half of the media item in view for a second), a play (the video started)
// and a hotspot opening (a product panel opened from a hotspot, its legend entry or a video card).
// Events wait in a queue of the page (one per gateway and key) and leave in batches of at most 100:
// every few seconds, and at once when the page is hidden or left (pagehide), with fetch's
// keepalive, so that a request outlives the page. Nothing waits for them and nothing is said of a
// failure: a lost batch costs the shop figures, never the shopper a step. No cookie: the session
// is a random id per tab, in sessionStorage. An element with analytics="off" reports nothing.

export type PlayerEventType = 'impression' | 'play' | 'hotspot_open';

interface QueuedEvent {
  type: PlayerEventType;
  media_id: string;
  placement_id?: string;
  session_id: string;
}

/** How long an event waits at most before its batch leaves (unless the page is left first). */
export const flushMs = 5_000;
/** Events per request at most (the gateway takes 100 and 16 KiB). */
const maxBatch = 100;
/** How long the media item stays at least half in view before it counts as seen. */
export const impressionMs = 1_000;
const sessionKey = 'shoppable-media:session';

let pageSession: string | null = null;

/** 22 random characters of A-Z, a-z, 0-9, _ and - (what the gateway takes as a session id). */
function randomId(): string {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_-';
  return Array.from(crypto.getRandomValues(new Uint8Array(22)), (byte) => alphabet[byte % 64]).join('');
}

/** This tab's session: kept in sessionStorage (one per tab), or for the page alone when storage is refused. */
export function sessionId(): string {
  try {
    const kept = sessionStorage.getItem(sessionKey);
    if (kept && /^[A-Za-z0-9_-]{8,64}$/.test(kept)) return kept;
    const made = randomId();
    sessionStorage.setItem(sessionKey, made);
    return made;
  } catch {
    pageSession ??= randomId();
    return pageSession;
  }
}

/** The queue of one gateway and key: batches sent in the background. */
export class EventReporter {
  private queue: QueuedEvent[] = [];
  private timer: ReturnType<typeof setTimeout> | null = null;

  constructor(
    readonly endpoint: string,
    readonly apiKey: string | null,
  ) {
    const leave = () => this.flush();
    addEventListener('pagehide', leave);
    document.addEventListener('visibilitychange', () => {
      if (document.visibilityState === 'hidden') leave();
    });
  }

  report(type: PlayerEventType, mediaId: string, placementId: string | null = null): void {
    this.queue.push({
      type,
      media_id: mediaId,
      ...(placementId ? { placement_id: placementId } : {}),
      session_id: sessionId(),
    });
    if (this.queue.length >= maxBatch) this.flush();
    else this.timer ??= setTimeout(() => this.flush(), flushMs);
  }

  /** Sends everything queued now. */
  flush(): void {
    if (this.timer !== null) clearTimeout(this.timer);
    this.timer = null;
    while (this.queue.length > 0) this.send(this.queue.splice(0, maxBatch));
  }

  private send(events: QueuedEvent[]): void {
    const headers: Record<string, string> = { 'content-type': 'application/json' };
    if (this.apiKey) headers['x-api-key'] = this.apiKey;
    try {
      void fetch(`${this.endpoint}/player/events`, {
        method: 'POST',
        headers,
        body: JSON.stringify({ events }),
        keepalive: true,
        credentials: 'omit',
      }).catch(() => undefined);
    } catch {
      // A browser that refuses the request outright: the figures are lost, the page goes on.
    }
  }
}

const reporters = new Map<string, EventReporter>();

/** The page's queue for a gateway and key. */
export function reporterFor(endpoint: string, apiKey: string | null): EventReporter {
  const name = `${endpoint}\n${apiKey ?? ''}`;
  let reporter = reporters.get(name);
  if (!reporter) {
    reporter = new EventReporter(endpoint, apiKey);
    reporters.set(name, reporter);
  }
  return reporter;
}

/**
 * One element's events: its media item's impression (watched with an IntersectionObserver) and
 * play once per media item shown, each hotspot opening. `reporter()` is null while reporting is off.
 */
export class MediaEvents {
  private observer: IntersectionObserver | null = null;
  private watched: Element | null = null;
  private timer: ReturnType<typeof setTimeout> | null = null;
  private mediaId: string | null = null;
  private readonly sent = new Set<PlayerEventType>();

  constructor(private readonly reporter: () => EventReporter | null) {}

  /** Watches `frame` for the impression of `mediaId` (null: nothing shown); a new media item starts over. */
  watch(frame: Element | null, mediaId: string | null): void {
    if (mediaId !== this.mediaId) {
      this.mediaId = mediaId;
      this.sent.clear();
    }
    if (frame === this.watched) return;
    this.stop();
    this.watched = frame;
    if (!frame || typeof IntersectionObserver !== 'function') return;
    this.observer = new IntersectionObserver((entries) => this.seen(entries.at(-1)), { threshold: [0, 0.5] });
    this.observer.observe(frame);
  }

  played(): void {
    this.once('play');
  }

  opened(placementId: string): void {
    if (this.mediaId) this.reporter()?.report('hotspot_open', this.mediaId, placementId);
  }

  stop(): void {
    this.observer?.disconnect();
    this.observer = null;
    this.watched = null;
    this.cancel();
  }

  private seen(entry: IntersectionObserverEntry | undefined): void {
    if (!entry || !entry.isIntersecting || entry.intersectionRatio < 0.5) return this.cancel();
    this.timer ??= setTimeout(() => {
      this.timer = null;
      this.once('impression');
    }, impressionMs);
  }

  private cancel(): void {
    if (this.timer !== null) clearTimeout(this.timer);
    this.timer = null;
  }

  private once(type: PlayerEventType): void {
    if (!this.mediaId || this.sent.has(type)) return;
    const reporter = this.reporter();
    if (!reporter) return;
    this.sent.add(type);
    reporter.report(type, this.mediaId);
  }
}
