// Player events (docs/analytics.md): what a shopper's player reports of a media item, and the rules
// that count them. Plain values; times in ms since 1970-01-01T00:00Z.

/** What a player reports: the media item seen (half of it for a second), a video started, a product opened from it. */
export const playerEventTypes = ['impression', 'play', 'hotspot_open'] as const;
export type PlayerEventType = (typeof playerEventTypes)[number];

/** Events in one request at most, and (REST) the bytes of its body. */
export const maxEventsPerRequest = 100;
export const maxEventsBodyBytes = 16 * 1024;

/** Each (session, media item, type, placement) counts at most once in this long. */
export const countOnceWithinMs = 30 * 60 * 1000;
/** When each of those last counted is kept this long after it (then deleted by the sweep). */
export const sessionsKeptMs = 48 * 60 * 60 * 1000;
/** An event may have occurred this long ago at most. */
export const maxEventAgeMs = 24 * 60 * 60 * 1000;
/** An event may say it occurred this far in the future at most (a client's clock runs ahead); it counts as now. */
export const clockSkewMs = 5 * 60 * 1000;

/** A session id: 8 to 64 of these characters. */
export const sessionIdShape = /^[A-Za-z0-9_-]{8,64}$/;

/** An event as both APIs receive it, before it is checked. */
export interface PlayerEventInput {
  type: unknown;
  mediaId: unknown;
  placementId?: unknown;
  sessionId: unknown;
  /** ISO 8601 text (REST) or a Date (GraphQL); absent: when it is received. */
  occurredAt?: unknown;
}

/** An event once checked: counted at `at` (its time, never in the future). */
export interface PlayerEvent {
  type: PlayerEventType;
  mediaId: number;
  /** `<mediaId>:<position>`, or '' for none. */
  placementId: string;
  sessionId: string;
  at: number;
}

/** What counts once per 30 minutes: an event's session, media item, type and placement. */
export const eventKey = (event: Omit<PlayerEvent, 'at'>): string =>
  `${event.sessionId} ${event.mediaId} ${event.type} ${event.placementId}`;

/** The UTC hour an instant falls in, as hours since 1970-01-01T00:00Z (how counts are kept). */
export const hourOf = (at: number): number => Math.floor(at / 3_600_000);

/** What the process has done with events since it started (GET /metrics). */
export interface PlayerEventStats {
  /** Events in requests accepted (202). */
  accepted: number;
  /** Events refused because the events waiting to be written were at their bound (503). */
  refused: number;
  /** Events written as counted. */
  counted: number;
  /** Events found to repeat a count of the last 30 minutes (in the writer's memory or in the database). */
  repeated: number;
  /** Events lost: the last flush at shutdown failed. */
  dropped: number;
  /** Flushes that failed (their events waited for the next). */
  failedFlushes: number;
  /** Events waiting to be written now. */
  pending: number;
}
