// The events waiting in columns (player-events.batch.ts): they come out by key as they went in, and
// a flush that failed goes back in (columns-heap.process.test.ts: they cost the heap nothing). How a
// flush crosses to the SQLite writing thread and back (player-events-thread.ts): its keys in
// columns and out again unchanged, and the thread's answer read back per event: what counted, what
// repeated a count, and what was not written (kept for the next flush); and the writers' memory of
// what last counted, which keeps known repeats from being written.
import { describe, expect, it } from 'vitest';
import { EventColumns, fromBatch, toBatch, written } from '../../src/player-events/player-events.batch.js';
import { outcomeOf } from '../../src/player-events/player-events-thread.js';
import { CountMemory } from '../../src/player-events/player-events.memory.js';
import { writeInGroups } from '../../src/player-events/player-events-thread.write.js';
import { eventKey } from '../../src/player-events/player-events.model.js';
import type { PendingKey } from '../../src/player-events/player-events.repository.js';

const key = (sessionId: string, type: PendingKey['type'], placementId: string, times: number[]): PendingKey => {
  const fields = { sessionId, mediaId: 7, type, placementId };
  return { key: eventKey(fields), ...fields, times };
};

const minute = 60_000;

const keys = [
  key('session-one-1', 'impression', '', [1_000, 2_000_000]),
  key('session-two-2', 'hotspot_open', '7:3', [5_000]),
  key('session-three', 'play', '', [9_000, 10_000, 3_000_000]),
];

describe('a flush in columns', () => {
  it('comes back as it went', () => {
    expect(fromBatch(structuredClone(toBatch(keys)))).toStrictEqual(keys);
  });

  it("takes events one by one, grows, and gives them back by key, each key's times in order", () => {
    // 40 keys of 64-character session ids, 10 events each, interleaved and out of order: past every
    // column's first size (64 rows, 4 KiB of session ids), rows and bytes growing in the same push.
    const many = Array.from({ length: 40 }, (_, index) =>
      key(
        `s${String(index).padStart(2, '0')}`.padEnd(64, 'x_-'),
        index % 2 ? 'play' : 'hotspot_open',
        index % 2 ? '' : `7:${index}`,
        [],
      ),
    );
    const columns = new EventColumns();
    for (let round = 9; round >= 0; round -= 1)
      for (const each of many) columns.push({ ...each, at: round * 1_000 + each.sessionId.charCodeAt(2) });
    expect(columns.length).toBe(400);
    const expected = many.map((each) => ({
      ...each,
      times: Array.from({ length: 10 }, (_, round) => round * 1_000 + each.sessionId.charCodeAt(2)),
    }));
    expect(fromBatch(columns.take())).toStrictEqual(expected);
    expect(columns.length).toBe(0);
    // A flush that was not written goes back with what came in meanwhile, past the columns' size too.
    columns.push({ ...keys[1]!, at: 1 });
    columns.append(toBatch(expected));
    columns.append(toBatch(keys));
    expect(fromBatch(columns.take())).toStrictEqual([
      { ...keys[1]!, times: [1, ...keys[1]!.times] },
      ...expected,
      keys[0],
      keys[2],
    ]);
    expect(fromBatch(columns.take())).toStrictEqual([]);
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
  it('leaves out what repeats a remembered count, and only that', () => {
    const memory = new CountMemory();
    const first = key('session-memo-1', 'impression', '', [0]);
    const other = key('session-memo-2', 'impression', '', [0]);
    expect(memory.sift([first, other])).toStrictEqual([first, other]);
    memory.remember([{ ...first, at: 10 * minute }]);
    // 30 minutes after the count it may count again; a minute before, it cannot; another key is not known.
    const later = key('session-memo-1', 'impression', '', [20 * minute, 39 * minute, 40 * minute, 41 * minute]);
    expect(memory.sift([later, other])).toStrictEqual([{ ...later, times: [40 * minute, 41 * minute] }, other]);
    // All of a key's times repeat: the key is not written at all.
    expect(memory.sift([key('session-memo-1', 'impression', '', [11 * minute])])).toStrictEqual([]);
    // The latest count is kept, whatever the order it is told in.
    memory.remember([{ ...first, at: 5 * minute }]);
    expect(memory.sift([key('session-memo-1', 'impression', '', [39 * minute])])).toStrictEqual([]);
  });

  it('forgets all at once past its size, so it stays bounded, even told more at once than it holds', () => {
    const memory = new CountMemory(3);
    const keysOf = (names: string[]) => names.map((name) => key(name, 'play', '', [minute]));
    const counted = (names: string[]) => keysOf(names).map((each) => ({ ...each, at: 0 }));
    memory.remember(counted(['memo-a', 'memo-b', 'memo-c']));
    expect(memory.sift(keysOf(['memo-a']))).toStrictEqual([]);
    memory.remember(counted(['memo-d']));
    expect(memory.sift(keysOf(['memo-a', 'memo-d'])).map((each) => each.sessionId)).toStrictEqual(['memo-a']);
    memory.remember(counted(['memo-e', 'memo-f', 'memo-g', 'memo-h', 'memo-i', 'memo-j', 'memo-k']));
    expect(memory.size).toBeLessThanOrEqual(3);
    expect(memory.sift(keysOf(['memo-k']))).toStrictEqual([]);
  });
});

describe("the thread's writing of a flush in groups", () => {
  /** The first event of each key written counts (as the table would for keys it has not seen). */
  const firstCounts = (written: PendingKey[][]) => (group: PendingKey[]) => {
    written.push(group);
    return Promise.resolve(group.map((each) => ({ ...each, at: each.times[0]! })));
  };
  const between = () => Promise.resolve();

  it('writes what may count, and answers every event counted or a repeat (left out or not)', async () => {
    const { counted, repeated } = written;
    const memory = new CountMemory();
    const partly = key('session-grp-1', 'impression', '', [10 * minute, 50 * minute]);
    const wholly = key('session-grp-2', 'impression', '', [12 * minute]);
    const fresh = key('session-grp-3', 'play', '', [1 * minute, 2 * minute]);
    const late = key('session-grp-4', 'play', '', [3 * minute]);
    memory.remember([
      { ...partly, at: 0 },
      { ...wholly, at: 0 },
    ]);
    const writes: PendingKey[][] = [];
    const flush = [partly, wholly, fresh, late];
    const result = await writeInGroups(flush, { memory, record: firstCounts(writes), between, perGroup: 4 });
    expect(result.error).toBeNull();
    // Groups: [partly, wholly] (3 events; fresh's 2 would make 5), [fresh, late].
    expect(writes).toStrictEqual([[{ ...partly, times: [50 * minute] }], [fresh, late]]);
    expect([...result.outcome]).toStrictEqual([repeated, counted, repeated, counted, repeated, counted]);
    expect(outcomeOf(flush, result.outcome, null)).toMatchObject({ counted: 3, written: 6, unwritten: [] });
    // What counted is remembered: the same flush again writes nothing, and every event is a repeat.
    const none: PendingKey[][] = [];
    const again = await writeInGroups(flush, { memory, record: firstCounts(none), between, perGroup: 4 });
    expect(none).toStrictEqual([]);
    expect([...again.outcome]).toStrictEqual(Array(6).fill(repeated));
  });

  it('stops at a group that fails: its events and the later ones are not written, nor remembered', async () => {
    const { counted, no } = written;
    const memory = new CountMemory();
    const flush = [
      key('session-grp-5', 'impression', '', [minute]),
      key('session-grp-6', 'impression', '', [minute]),
      key('session-grp-7', 'impression', '', [minute]),
    ];
    let writes = 0;
    const record = (group: PendingKey[]) => {
      writes += 1;
      return writes === 2 ? Promise.reject(new Error('disk I/O error')) : firstCounts([])(group);
    };
    const result = await writeInGroups(flush, { memory, record, between, perGroup: 1 });
    expect(result.error).toBe('disk I/O error');
    expect([...result.outcome]).toStrictEqual([counted, no, no]);
    expect(writes).toBe(2);
    expect(memory.sift(flush).map((each) => each.sessionId)).toStrictEqual(['session-grp-6', 'session-grp-7']);
  });
});
