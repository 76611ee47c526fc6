// How a flush crosses to the SQLite writing thread and back (player-events-thread.ts): its keys in
// columns and out again unchanged, and the thread's answer read back per event: what counted, what
// repeated a count, and what was not written (kept for the next flush); and the writers' memory of
// what last counted, which keeps known repeats from being written.
import { describe, expect, it } from 'vitest';
import { fromBatch, toBatch, written } from '../../src/player-events/player-events.batch.js';
import { outcomeOf } from '../../src/player-events/player-events-thread.js';
import { CountMemory } from '../../src/player-events/player-events.memory.js';
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

describe("the writers' memory of what last counted", () => {
  const minute = 60_000;

  it('leaves out what repeats a remembered count, and only that', () => {
    const memory = new CountMemory();
    const first = key('session-memo-1', 'impression', '', [0]);
    const other = key('session-memo-2', 'impression', '', [0]);
    expect(memory.sift([first, other])).toStrictEqual({ write: [first, other], repeats: 0 });
    memory.remember([{ ...first, at: 10 * minute }]);
    // 30 minutes after the count it may count again; a minute before, it cannot; another key is not known.
    const later = key('session-memo-1', 'impression', '', [20 * minute, 39 * minute, 40 * minute, 41 * minute]);
    expect(memory.sift([later, other])).toStrictEqual({
      write: [{ ...later, times: [40 * minute, 41 * minute] }, other],
      repeats: 2,
    });
    // All of a key's times repeats: the key is not written at all.
    expect(memory.sift([key('session-memo-1', 'impression', '', [11 * minute])])).toStrictEqual({
      write: [],
      repeats: 1,
    });
    // The latest count is kept, whatever the order it is told in.
    memory.remember([{ ...first, at: 5 * minute }]);
    expect(memory.sift([key('session-memo-1', 'impression', '', [39 * minute])]).repeats).toBe(1);
  });

  it('forgets all at once past its size, so it stays bounded', () => {
    const memory = new CountMemory(3);
    const keysOf = (names: string[]) => names.map((name) => key(name, 'play', '', [minute]));
    memory.remember(keysOf(['memo-a', 'memo-b', 'memo-c']).map((each) => ({ ...each, at: 0 })));
    expect(memory.sift(keysOf(['memo-a'])).repeats).toBe(1);
    memory.remember(keysOf(['memo-d']).map((each) => ({ ...each, at: 0 })));
    expect(memory.sift(keysOf(['memo-a', 'memo-d'])).write.map((each) => each.sessionId)).toStrictEqual(['memo-a']);
  });
});
