// Events waiting to be written, and a flush as it crosses to the writer (player-events.writer.ts,
// the SQLite thread of player-events-thread.ts) and back: in columns, one row per event, not an
// object per event or key. While events wait on the event loop they survive its young
// generation's collections; as objects (a key, its strings, its times) each one was copied and
// then promoted, and at 6,000 events a second those collections grew from 1–2 ms to 10–26 ms
// (the ingest bench's reads waited behind them). In columns, what waits is a few typed arrays,
// whose contents the collector never copies. The writer groups a flush's events by key
// (fromBatch).
import { eventKey, playerEventTypes, type PlayerEvent, type PlayerEventType } from './player-events.model.js';
import type { PendingKey } from './player-events.repository.js';

/** A flush's events, one row per event (a key may have several, in any order). */
export interface EventBatch {
  /** Each event's session id as ASCII bytes (a session id is 8 to 64 of A-Z a-z 0-9 _ -), one after another. */
  sessions: Uint8Array;
  /** Where each event's session id ends in `sessions`. */
  sessionEnds: Uint32Array;
  mediaIds: Int32Array;
  /** The index of each event's type in playerEventTypes. */
  types: Uint8Array;
  /** The position of each event's placement in its media item; -1 for none. */
  placements: Int32Array;
  times: Float64Array;
}

const typeIndex = Object.fromEntries(playerEventTypes.map((type, index) => [type, index])) as Record<
  PlayerEventType,
  number
>;

/** What became of each event of a batch, in the batch's order: not written, counted, or a repeat. */
export const written = { no: 0, counted: 1, repeated: 2 } as const;

/** The position of a placement id (`<media id>:<position>`, checked), -1 for none. */
const positionOf = (placementId: string): number =>
  placementId === '' ? -1 : Number(placementId.slice(placementId.indexOf(':') + 1));

/** Rows past which take() gives the columns their first size back (after a burst: the database not written). */
const keptRows = 16_384;

/**
 * Events as they come, in growing columns: take() hands them over and starts again. An event costs
 * at most 85 bytes (21 and its session id), off the heap; the columns double when they grow.
 */
export class EventColumns {
  private size = 0;
  private sessionBytes = 0;
  private sessions = new Uint8Array(4096);
  private sessionEnds = new Uint32Array(64);
  private mediaIds = new Int32Array(64);
  private types = new Uint8Array(64);
  private placements = new Int32Array(64);
  private times = new Float64Array(64);

  get length(): number {
    return this.size;
  }

  /**
   * Takes a checked event (player-events.input.ts): its session id is ASCII (sessionIdShape), so a
   * byte a character; its placement, if any, is canonical (`<media id>:<position>`, no leading
   * zeros) and of its own media item, so its position alone gives the same text back.
   */
  push(event: PlayerEvent): void {
    this.room(1, event.sessionId.length);
    const { sessionId } = event;
    for (let index = 0; index < sessionId.length; index += 1)
      this.sessions[this.sessionBytes++] = sessionId.charCodeAt(index);
    const row = this.size++;
    this.sessionEnds[row] = this.sessionBytes;
    this.mediaIds[row] = event.mediaId;
    this.types[row] = typeIndex[event.type];
    this.placements[row] = positionOf(event.placementId);
    this.times[row] = event.at;
  }

  /** Adds a batch's events (what a flush did not write). */
  append(batch: EventBatch): void {
    const rows = batch.times.length;
    this.room(rows, batch.sessions.length);
    this.sessions.set(batch.sessions, this.sessionBytes);
    for (let index = 0; index < rows; index += 1)
      this.sessionEnds[this.size + index] = this.sessionBytes + batch.sessionEnds[index]!;
    this.mediaIds.set(batch.mediaIds, this.size);
    this.types.set(batch.types, this.size);
    this.placements.set(batch.placements, this.size);
    this.times.set(batch.times, this.size);
    this.size += rows;
    this.sessionBytes += batch.sessions.length;
  }

  /** The events so far, as a batch of their own; none are left. */
  take(): EventBatch {
    const batch = {
      sessions: this.sessions.slice(0, this.sessionBytes),
      sessionEnds: this.sessionEnds.slice(0, this.size),
      mediaIds: this.mediaIds.slice(0, this.size),
      types: this.types.slice(0, this.size),
      placements: this.placements.slice(0, this.size),
      times: this.times.slice(0, this.size),
    };
    if (this.times.length > keptRows) {
      const first = new EventColumns();
      this.sessions = first.sessions;
      this.sessionEnds = first.sessionEnds;
      this.mediaIds = first.mediaIds;
      this.types = first.types;
      this.placements = first.placements;
      this.times = first.times;
    }
    this.size = 0;
    this.sessionBytes = 0;
    return batch;
  }

  /** Room for `rows` more events and `bytes` more of session ids: each column at least doubled when it grows. */
  private room(rows: number, bytes: number): void {
    if (this.sessionBytes + bytes > this.sessions.length)
      this.sessions = grown(this.sessions, this.sessionBytes + bytes, (length) => new Uint8Array(length));
    if (this.size + rows <= this.times.length) return;
    const need = this.size + rows;
    this.sessionEnds = grown(this.sessionEnds, need, (length) => new Uint32Array(length));
    this.mediaIds = grown(this.mediaIds, need, (length) => new Int32Array(length));
    this.types = grown(this.types, need, (length) => new Uint8Array(length));
    this.placements = grown(this.placements, need, (length) => new Int32Array(length));
    this.times = grown(this.times, need, (length) => new Float64Array(length));
  }
}

function grown<Column extends Uint8Array | Uint32Array | Int32Array | Float64Array>(
  column: Column,
  need: number,
  make: (length: number) => Column,
): Column {
  const next = make(Math.max(need, column.length * 2));
  next.set(column);
  return next;
}

/** The events of these keys as a batch (a key's times in its order). */
export function toBatch(keys: readonly PendingKey[]): EventBatch {
  const columns = new EventColumns();
  for (const { sessionId, mediaId, type, placementId, times } of keys)
    for (const at of times) columns.push({ sessionId, mediaId, type, placementId, at });
  return columns.take();
}

/** A batch's events by key, the keys in the order first met, each key's times oldest first. */
export function fromBatch(batch: EventBatch): PendingKey[] {
  const keys = new Map<string, PendingKey>();
  // The session ids in one text (ASCII: a byte a character), each then a slice of it.
  const sessions = Buffer.from(batch.sessions.buffer, batch.sessions.byteOffset, batch.sessions.length).toString(
    'latin1',
  );
  let start = 0;
  for (let row = 0; row < batch.times.length; row += 1) {
    const end = batch.sessionEnds[row]!;
    const sessionId = sessions.slice(start, end);
    start = end;
    const mediaId = batch.mediaIds[row]!;
    const type = playerEventTypes[batch.types[row]!]!;
    const position = batch.placements[row]!;
    const placementId = position < 0 ? '' : `${mediaId}:${position}`;
    const name = eventKey({ sessionId, mediaId, type, placementId });
    const key = keys.get(name);
    if (key) key.times.push(batch.times[row]!);
    else keys.set(name, { key: name, sessionId, mediaId, type, placementId, times: [batch.times[row]!] });
  }
  const all = [...keys.values()];
  for (const key of all) if (key.times.length > 1) key.times.sort((a, b) => a - b);
  return all;
}
