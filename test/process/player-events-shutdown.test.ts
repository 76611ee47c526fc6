// A real gateway process writes the player events it holds when it is stopped: with writes a
// minute apart (PLAYER_EVENTS_FLUSH_MS=60000), events accepted just before SIGTERM are in the
// database once the process has exited, and none before.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { json, lampCatalog, processFixture, stopGateway, type ProcessFixture } from './gateway.js';

let fixture: ProcessFixture;
beforeAll(async () => {
  fixture = await processFixture(lampCatalog);
}, 120_000);
afterAll(() => fixture?.close());

describe('player events at shutdown', () => {
  it('are written when the process stops, before the database closes', async () => {
    const gateway = await fixture.start({ env: { PLAYER_EVENTS_FLUSH_MS: '60000', LOG_LEVEL: 'info' } });
    const events = ['stopping-1', 'stopping-2', 'stopping-3'].flatMap((session) => [
      { type: 'impression', media_id: 1, session_id: session },
      { type: 'play', media_id: 1, session_id: session },
    ]);
    const answer = await json('POST', `${gateway.base}/player/events`, { events });
    expect([answer.status, answer.body]).toStrictEqual([202, { accepted: 6 }]);
    const db = fixture.database.db;
    expect(await db.playerEventCount.count()).toBe(0);
    const stopped = await stopGateway(gateway);
    expect(stopped.code, stopped.output).toBe(0);
    const rows = await db.playerEventCount.findMany({ orderBy: { type: 'asc' } });
    expect(rows.map((row) => [row.type, row.count])).toStrictEqual([
      ['impression', 3],
      ['play', 3],
    ]);
    expect(gateway.output.join('')).toContain('"msg":"stopped"');
  }, 60_000);
});
