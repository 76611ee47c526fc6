// How a flush crosses to the SQLite writing thread and back (player-events-thread.ts): its keys in
// columns and out again unchanged, and the thread's answer read back per event: what counted, what
// repeated a count, and what was not written (kept for the next flush), with each key's last count.
import { describe, expect, it } from 'vitest';
import { fromBatch, toBatch, written } from '../../src/player-events/player-events.batch.js';
import { outcomeOf } from '../../src/player-events/player-events-thread.js';
import { eventKey } from '../../src/player-events/player-events.model.js';
import type { PendingKey } from '../../src/player-events/player-events.repository.js';

const key = (sessionId: string, type: PendingKey['type'], placementId: string, times: number[]): PendingKey => {
  const fields = { sessionId, mediaId: 7, type, placementId };
  return { key: eventKey(fields), ...fields, times };
};

const keys = [
  key('session-one-1', 'impression', '', [1_000, 2_000_000]),
  key('session-two-2', 'hotspot_open', '7:3', [5_000]),
  key('session-three', 'play', '', [9_000, 10_000, 3_000_000]),
];

describe('a flush in columns', () => {
  it('comes back as it went', () => {
    expect(fromBatch(structuredClone(toBatch(keys)))).toStrictEqual(keys);
  });

  it("reads the thread's answer per event", () => {
    const { counted, repeated, no } = written;
    // One: both counted. Two: a repeat. Three: counted, repeated, then the write stopped.
    const outcome = Uint8Array.from([counted, counted, repeated, counted, repeated, no]);
    const read = outcomeOf(keys, outcome, 'disk I/O error');
    expect({ ...read, error: (read.error as Error).message }).toStrictEqual({
      counted: 3,
      lastCounted: [
        [keys[0]!.key, 2_000_000],
        [keys[2]!.key, 9_000],
      ],
      written: 5,
      unwritten: [{ ...keys[2]!, times: [3_000_000] }],
      error: 'disk I/O error',
    });
    // A thread gone before it answered: nothing was written.
    expect(outcomeOf(keys, new Uint8Array(0), 'the player events thread ended (1)')).toMatchObject({
      counted: 0,
      written: 0,
      unwritten: keys,
    });
  });
});
