// A flush's events as they cross to the writing thread and back (player-events-thread.ts): in
// columns, so that handing thousands of them over is a few copies of memory rather than the
// cloning of an object per key.
import { eventKey, playerEventTypes, type PlayerEventType } from './player-events.model.js';
import type { PendingKey } from './player-events.repository.js';

export interface EventBatch {
  /** Each key's session id, joined by newlines (a session id holds none). */
  sessions: string;
  /** Each key's placement ('' for none), joined by newlines. */
  placements: string;
  mediaIds: Int32Array;
  /** The index of each key's type in playerEventTypes. */
  types: Uint8Array;
  /** How many events each key has. */
  counts: Int32Array;
  /** Every key's times in turn, oldest first. */
  times: Float64Array;
}

const typeIndex = Object.fromEntries(playerEventTypes.map((type, index) => [type, index])) as Record<
  PlayerEventType,
  number
>;

/** What became of each event of a batch, in the batch's order: not written, counted, or a repeat. */
export const written = { no: 0, counted: 1, repeated: 2 } as const;

export function toBatch(keys: readonly PendingKey[]): EventBatch {
  const sessions: string[] = [];
  const placements: string[] = [];
  const mediaIds = new Int32Array(keys.length);
  const types = new Uint8Array(keys.length);
  const counts = new Int32Array(keys.length);
  let events = 0;
  for (const key of keys) events += key.times.length;
  const times = new Float64Array(events);
  let at = 0;
  for (let index = 0; index < keys.length; index += 1) {
    const key = keys[index]!;
    sessions.push(key.sessionId);
    placements.push(key.placementId);
    mediaIds[index] = key.mediaId;
    types[index] = typeIndex[key.type];
    counts[index] = key.times.length;
    for (const time of key.times) times[at++] = time;
  }
  return { sessions: sessions.join('\n'), placements: placements.join('\n'), mediaIds, types, counts, times };
}

export function fromBatch(batch: EventBatch): PendingKey[] {
  const sessions = batch.sessions.split('\n');
  const placements = batch.placements.split('\n');
  const keys: PendingKey[] = [];
  let at = 0;
  for (let index = 0; index < batch.mediaIds.length; index += 1) {
    const count = batch.counts[index]!;
    const times: number[] = [];
    for (let event = 0; event < count; event += 1) times.push(batch.times[at++]!);
    const key = {
      sessionId: sessions[index]!,
      mediaId: batch.mediaIds[index]!,
      type: playerEventTypes[batch.types[index]!]!,
      placementId: placements[index]!,
    };
    keys.push({ key: eventKey(key), ...key, times });
  }
  return keys;
}
