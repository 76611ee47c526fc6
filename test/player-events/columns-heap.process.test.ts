// While player events wait for their flush no object per event stays on the heap (player-events.batch.ts):
// as objects, those that outlived the young generation's collections were copied and promoted, and
// under 6,000 events a second each collection held the event loop 10-26 ms. Here, with collections
// forced (a process-tier file: it changes the V8 flags of its worker), 50,000 waiting events cost
// the heap under 1 MB (as objects about 26 MB), and their columns off the heap what they hold.
import { getHeapStatistics, setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { EventColumns, fromBatch } from '../../src/player-events/player-events.batch.js';

describe('player events waiting in columns', () => {
  it('hold no object per event: 50,000 of them cost the heap almost nothing', () => {
    setFlagsFromString('--expose-gc');
    const gc = runInNewContext('gc') as () => void;
    const columns = new EventColumns();
    gc();
    const heap = getHeapStatistics().used_heap_size;
    const buffers = process.memoryUsage().arrayBuffers;
    for (let index = 0; index < 50_000; index += 1)
      columns.push({
        // Each event's strings made afresh, as a request's parsed body makes them.
        sessionId: `session-${index}-${Math.random().toString(36).slice(2)}`.slice(0, 64),
        mediaId: 7,
        type: 'hotspot_open',
        placementId: `7:${index % 5}`,
        at: 1_700_000_000_000 + index,
      });
    gc();
    expect(getHeapStatistics().used_heap_size - heap).toBeLessThan(1_000_000);
    // Off the heap: at most 85 bytes an event, doubled while the columns grow.
    expect(process.memoryUsage().arrayBuffers - buffers).toBeLessThan(2 * 85 * 50_000);
    const batch = columns.take();
    expect(batch.times.length).toBe(50_000);
    expect(fromBatch(batch)[49_999]).toMatchObject({ placementId: '7:4', times: [1_700_000_049_999] });
  });
});
