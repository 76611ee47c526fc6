// POST /player/events and recordPlayerEvents: what is accepted and how it counts (once per session,
// media item, type and placement within 30 minutes, in this process's memory and in the database),
// every refusal (the whole request refused, nothing counted), the keys, the rate limit, the bound
// on what waits, a flush that fails, the close that writes what waits, and the sweep of old sessions.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.js';
import { createSweep } from '../../src/services.js';
import { createTestApp, graphql as send, testConfig, type TestApp } from '../helpers.js';
import { addPlacements, attributionCatalog } from '../attribution/attribution-fixture.js';
import { eventFigures, events, settled, until } from './events-helpers.js';
import { graphql } from '../gql/index.js';

let t: TestApp;
const minute = 60_000;
const flushMs = '20';

/** The counts written, per media item, type and placement (hours summed). */
async function counts(app: TestApp = t): Promise<Record<string, number>> {
  const rows = await app.database.db.playerEventCount.findMany();
  const sums: Record<string, number> = {};
  for (const row of rows) {
    const key = `${row.mediaId} ${row.type} ${row.placementId}`;
    sums[key] = (sums[key] ?? 0) + row.count;
  }
  return sums;
}

const impression = (session: string, extra: Record<string, unknown> = {}) => ({
  type: 'impression',
  media_id: 1,
  session_id: session,
  ...extra,
});

beforeAll(async () => {
  t = await createTestApp(attributionCatalog, { PLAYER_EVENTS_FLUSH_MS: flushMs });
  await addPlacements(t.database.db);
});
afterAll(() => t.close());

describe('counting', () => {
  it('counts each session, media item, type and placement once per 30 minutes', async () => {
    const now = Date.now();
    const at = (minutesAgo: number) => new Date(now - minutesAgo * minute).toISOString();
    const answer = await events(t, [
      impression('count-once-1', { occurred_at: at(100) }),
      // 29 minutes after the first: a repeat. 31 minutes after it: counts again.
      impression('count-once-1', { occurred_at: at(71) }),
      impression('count-once-1', { occurred_at: at(69) }),
      // The same session's play, and its hotspot openings of two placements (one twice), count apart.
      { ...impression('count-once-1'), type: 'play' },
      { ...impression('count-once-1'), type: 'hotspot_open', placement_id: '1:0' },
      { ...impression('count-once-1'), type: 'hotspot_open', placement_id: '1:0' },
      { ...impression('count-once-1'), type: 'hotspot_open', placement_id: '1:1' },
      impression('count-once-2'),
    ]);
    expect([answer.status, answer.body, answer.headers['cache-control']]).toStrictEqual([
      202,
      { accepted: 8 },
      'no-store',
    ]);
    await settled(t, 8);
    // Sent again later, in another request: the writer's memory knows they counted.
    const again = await events(t, [impression('count-once-2'), { ...impression('count-once-1'), type: 'play' }]);
    expect(again.body).toStrictEqual({ accepted: 2 });
    await settled(t, 10);
    expect(await counts()).toStrictEqual({
      '1 impression ': 3,
      '1 play ': 1,
      '1 hotspot_open 1:0': 1,
      '1 hotspot_open 1:1': 1,
    });
    expect(await eventFigures(t)).toMatchObject({ accepted: 10, counted: 6, repeated: 4, pending: 0 });
    // Kept per session: one row per key, with the time it last counted.
    const seen = await t.database.db.playerEventSeen.findMany({
      where: { sessionId: 'count-once-1', type: 'impression' },
    });
    expect(seen.map((row) => Number(row.countedAt))).toStrictEqual([now - 69 * minute]);
  });

  it('counts an event once across two apps on one database (no memory shared)', async () => {
    const other = await buildApp(testConfig({ PLAYER_EVENTS_FLUSH_MS: flushMs }), t.database);
    const second = { app: other, database: t.database, close: () => other.close() };
    try {
      const before = (await counts())['2 impression '] ?? 0;
      await events(t, [{ ...impression('two-apps-1'), media_id: 2 }]);
      await settled(t, 11);
      await events(second, [{ ...impression('two-apps-1'), media_id: 2 }]);
      await settled(second, 1);
      expect(await eventFigures(second)).toMatchObject({ counted: 0, repeated: 1 });
      expect((await counts())['2 impression ']).toBe(before + 1);
    } finally {
      await other.close();
    }
  });
});

describe('refusals', () => {
  const cases: [string, unknown, string][] = [
    ['an unknown type', { ...impression('refused-01'), type: 'click' }, 'events[1].type'],
    ['an unknown media item', { ...impression('refused-01'), media_id: 999 }, 'events[1].media_id'],
    ['a media id that is not one', { ...impression('refused-01'), media_id: 'one' }, 'events[1].media_id'],
    [
      'a placement of another media item',
      { ...impression('refused-01'), placement_id: '2:0' },
      'events[1].placement_id',
    ],
    [
      'a placement the media item does not have',
      { ...impression('refused-01'), placement_id: '1:7' },
      'events[1].placement_id',
    ],
    ['a placement that is not one', { ...impression('refused-01'), placement_id: 'hotspot' }, 'events[1].placement_id'],
    ['a session id of 7 characters', impression('short-7'), 'events[1].session_id'],
    ['a session id of 65 characters', impression('s'.repeat(65)), 'events[1].session_id'],
    ['a session id with a space', impression('has space1'), 'events[1].session_id'],
    ['a time that is not one', impression('refused-01', { occurred_at: 'yesterday' }), 'events[1].occurred_at'],
    [
      'a time more than 24 hours ago',
      impression('refused-01', { occurred_at: new Date(Date.now() - 24 * 60 * minute - minute).toISOString() }),
      'events[1].occurred_at',
    ],
    [
      'a time more than 5 minutes ahead',
      impression('refused-01', { occurred_at: new Date(Date.now() + 6 * minute).toISOString() }),
      'events[1].occurred_at',
    ],
  ];

  it.each(cases)('refuses %s (400 naming the field), counting nothing of the request', async (_what, bad, field) => {
    const before = await eventFigures(t);
    const answer = await events(t, [impression('refused-ok-1'), bad, impression('refused-ok-2')]);
    expect([answer.status, answer.body.code, answer.body.details?.field]).toStrictEqual([
      400,
      'VALIDATION_FAILED',
      field,
    ]);
    expect(answer.body.message).toMatch(new RegExp(`^${field.replace(/[[\].]/g, '\\$&')} `));
    expect(await eventFigures(t)).toStrictEqual(before);
  });

  it('names every bad event, and takes an event up to 5 minutes ahead as now', async () => {
    const answer = await events(t, [impression('x'), { ...impression('refused-01'), type: 'view', media_id: 0 }]);
    expect(answer.body.details?.problems).toStrictEqual([
      { field: 'events[0].session_id', message: 'must be 8 to 64 characters of A-Z, a-z, 0-9, _ and -' },
      { field: 'events[1].type', message: 'must be one of impression, play, hotspot_open' },
      { field: 'events[1].media_id', message: 'must be a positive integer (the id of a media item)' },
    ]);
    const ahead = new Date(Date.now() + 4 * minute).toISOString();
    const accepted = await events(t, [{ ...impression('skewed-clock'), media_id: 3, occurred_at: ahead }]);
    expect(accepted.status).toBe(202);
    await settled(t, 12);
    const [seen] = await t.database.db.playerEventSeen.findMany({ where: { sessionId: 'skewed-clock' } });
    expect(Number(seen!.countedAt)).toBeLessThanOrEqual(Date.now());
  });

  it('refuses more than 100 events (400) and a body over 16 KiB (413)', async () => {
    const before = await eventFigures(t);
    const many = await events(
      t,
      Array.from({ length: 101 }, (_, index) => impression(`many-${String(index).padStart(4, '0')}`)),
    );
    expect([many.status, many.body.code]).toStrictEqual([400, 'VALIDATION_FAILED']);
    const large = await events(t, [impression('large-body', { note: 'x'.repeat(16 * 1024) })]);
    expect([large.status, large.body.code]).toStrictEqual([413, 'PAYLOAD_TOO_LARGE']);
    expect(await eventFigures(t)).toStrictEqual(before);
  });
});

const RecordEvents = graphql(`
  mutation RecordPlayerEvents($events: [PlayerEventInput!]!) {
    recordPlayerEvents(events: $events)
  }
`);

describe('GraphQL recordPlayerEvents', () => {
  it('accepts as REST does, and refuses naming the field in camelCase', async () => {
    const accepted = await send(t.app, RecordEvents, {
      events: [{ type: 'play', mediaId: '2', sessionId: 'graphql-session-1' }],
    });
    expect(accepted.data).toStrictEqual({ recordPlayerEvents: 1 });
    await settled(t, 13);
    const refused = await send(t.app, RecordEvents, {
      events: [
        { type: 'play', mediaId: '2', sessionId: 'graphql-session-1' },
        { type: 'hotspot_open', mediaId: '2', placementId: '1:0', sessionId: 'graphql-session-1' },
      ],
    });
    expect(refused.errors?.map((error) => [error.extensions.code, error.extensions.details?.field])).toStrictEqual([
      ['VALIDATION_FAILED', 'events[1].placementId'],
    ]);
    expect((await eventFigures(t)).accepted).toBe(13);
  });
});

describe('keys and limits', () => {
  it('takes a client or an admin key, refuses none (401) when keys are set, and rate limits', async () => {
    const keyed = await createTestApp(attributionCatalog, {
      API_KEYS: 'client-key-0123456789abcdef:client,admin-key-0123456789abcdef:admin',
      RATE_LIMIT_MAX: '3',
    });
    try {
      const send = (headers: Record<string, string>) => events(keyed, [impression('keyed-session')], headers);
      expect((await send({ 'x-api-key': 'client-key-0123456789abcdef' })).status).toBe(202);
      expect((await send({ authorization: 'Bearer admin-key-0123456789abcdef' })).status).toBe(202);
      expect((await send({})).body.code).toBe('UNAUTHENTICATED');
      const client = { 'x-api-key': 'client-key-0123456789abcdef' };
      await send(client);
      await send(client);
      const limited = await send(client);
      expect([limited.status, limited.body.code]).toStrictEqual([429, 'RATE_LIMITED']);
    } finally {
      await keyed.close();
    }
  });

  it('refuses with 503 what would take the waiting events past PLAYER_EVENTS_MAX_PENDING', async () => {
    const full = await createTestApp(attributionCatalog, {
      PLAYER_EVENTS_MAX_PENDING: '100',
      PLAYER_EVENTS_FLUSH_MS: '60000',
    });
    try {
      const batch = (from: number, count: number) =>
        Array.from({ length: count }, (_, index) => impression(`bounded-${String(from + index).padStart(4, '0')}`));
      expect((await events(full, batch(0, 60))).status).toBe(202);
      const over = await events(full, batch(60, 41));
      expect([over.status, over.body.code, over.headers['retry-after']]).toStrictEqual([
        503,
        'SERVICE_UNAVAILABLE',
        '1',
      ]);
      expect((await events(full, batch(60, 40))).status).toBe(202);
      expect(await eventFigures(full)).toMatchObject({ accepted: 100, refused: 41, pending: 100 });
    } finally {
      await full.close();
    }
    // Closing wrote what waited.
  });
});

describe('writing', () => {
  it('keeps the events of a flush that fails for the next one', async () => {
    const failing = await createTestApp(attributionCatalog, { PLAYER_EVENTS_FLUSH_MS: flushMs });
    const db = failing.database.db;
    try {
      await db.$executeRawUnsafe('ALTER TABLE "PlayerEventCount" RENAME TO "PlayerEventCountAway"');
      await events(failing, [impression('retried-1'), impression('retried-2')]);
      await until(async () => (await eventFigures(failing)).failedFlushes! > 0, 'a flush to fail');
      expect((await eventFigures(failing)).pending).toBe(2);
      await db.$executeRawUnsafe('ALTER TABLE "PlayerEventCountAway" RENAME TO "PlayerEventCount"');
      await settled(failing, 2);
      expect(await counts(failing)).toStrictEqual({ '1 impression ': 2 });
    } finally {
      await failing.close();
    }
  });

  it('writes what waits when the app closes', async () => {
    const closing = await createTestApp(attributionCatalog, { PLAYER_EVENTS_FLUSH_MS: '60000' });
    await events(closing, [impression('closing-1'), { ...impression('closing-1'), type: 'play', media_id: 2 }]);
    expect((await eventFigures(closing)).pending).toBe(2);
    await closing.app.close();
    expect(await counts(closing)).toStrictEqual({ '1 impression ': 1, '2 play ': 1 });
    await closing.database.close();
  });

  it('sweeps what is kept of sessions 48 hours after their last count', async () => {
    const now = Date.now();
    await t.database.db.playerEventSeen.createMany({
      data: [
        {
          sessionId: 'old-session-1',
          mediaId: 1,
          type: 'impression',
          placementId: '',
          countedAt: BigInt(now - 49 * 60 * minute),
        },
        {
          sessionId: 'new-session-1',
          mediaId: 1,
          type: 'impression',
          placementId: '',
          countedAt: BigInt(now - 47 * 60 * minute),
        },
      ],
    });
    const report = await createSweep(testConfig(), t.database)();
    expect(report.playerSessions).toBe(1);
    const left = await t.database.db.playerEventSeen.findMany({
      where: { sessionId: { in: ['old-session-1', 'new-session-1'] } },
    });
    expect(left.map((row) => row.sessionId)).toStrictEqual(['new-session-1']);
  });
});
