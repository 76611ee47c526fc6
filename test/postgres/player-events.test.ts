// Player events across two real gateway processes on one database (PostgreSQL, where this folder's
// tests run; on SQLite too, two processes on one file, each writing in a thread of its own): every
// event is sent to both processes, at once, several times over; each (session, media item, type,
// placement) still counts once per 30 minutes, as the database judges it (neither process knows
// what the other counted), and an event 40 minutes after another of its key counts again.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testEngine } from '../pg.js';
import { json, processFixture, until, type Gateway, type ProcessFixture } from '../process/gateway.js';
import { oneStore } from './two-processes.js';

const catalog = {
  stores: [oneStore],
  products: [1, 2].map((id) => ({
    id,
    title: `Product ${id}`,
    price: 10,
    currency: 'USD',
    skus: [
      { sku_id: id * 10, merchant_id: 1, name: `Product ${id}`, qty_available: 5, retail_price: 10, currency: 'USD' },
    ],
  })),
  media: [
    {
      type: 'image',
      id: 1,
      slug: 'two-products',
      file_name: 'one.jpg',
      product_ids: [1, 2],
      placements: [
        { product_id: 1, x: 0.25, y: 0.5 },
        { product_id: 2, x: 0.75, y: 0.5 },
      ],
    },
  ],
};

const sessions = Array.from({ length: 60 }, (_, index) => `two-process-${String(index).padStart(3, '0')}`);

/** Each session's impression and its opening of one placement (every other session each). */
const eventsOf = (session: string, index: number, occurredAt?: string) => [
  { type: 'impression', media_id: 1, session_id: session, ...(occurredAt ? { occurred_at: occurredAt } : {}) },
  {
    type: 'hotspot_open',
    media_id: 1,
    placement_id: `1:${index % 2}`,
    session_id: session,
    ...(occurredAt ? { occurred_at: occurredAt } : {}),
  },
];

/** A process's player events as its /metrics count them. */
async function figures(gateway: Gateway): Promise<Record<string, number>> {
  const text = await (await fetch(`${gateway.base}/metrics`)).text();
  const found: Record<string, number> = {};
  for (const match of text.matchAll(/^player_events_total\{outcome="(\w+)"\} (\d+)$/gm))
    found[match[1]!] = Number(match[2]);
  found.pending = Number(/^player_events_pending (\d+)$/m.exec(text)?.[1] ?? NaN);
  return found;
}

const written = async (gateway: Gateway) => {
  const counted = await figures(gateway);
  return counted.pending === 0 && counted.accepted === (counted.counted ?? 0) + (counted.repeated ?? 0);
};

describe(`player events across two processes (${testEngine})`, () => {
  let fixture: ProcessFixture;
  let gateways: Gateway[];

  beforeAll(async () => {
    fixture = await processFixture(catalog);
    const env = { PLAYER_EVENTS_FLUSH_MS: '50' };
    gateways = [await fixture.start({ env }), await fixture.start({ env })];
  }, 120_000);

  afterAll(() => fixture?.close());

  it('counts each key once however many processes take it in, and again 30 minutes later', async () => {
    const earlier = new Date(Date.now() - 40 * 60_000).toISOString();
    const older = sessions.map((session, index) =>
      json('POST', `${gateways[index % 2]!.base}/player/events`, { events: eventsOf(session, index, earlier) }),
    );
    expect((await Promise.all(older)).map((answer) => answer.status)).toStrictEqual(sessions.map(() => 202));
    await until(async () => (await written(gateways[0]!)) && (await written(gateways[1]!)), 'the earlier events');
    // 40 minutes later: every batch to both processes, three times, all at once.
    const batches = sessions.map((session, index) => eventsOf(session, index));
    const sends = [0, 1, 2].flatMap(() =>
      gateways.flatMap((gateway) => batches.map((events) => json('POST', `${gateway.base}/player/events`, { events }))),
    );
    const answers = await Promise.all(sends);
    expect(answers.map((answer) => answer.status)).toStrictEqual(sends.map(() => 202));
    await until(async () => (await written(gateways[0]!)) && (await written(gateways[1]!)), 'every event written');

    const rows = await fixture.database.db.playerEventCount.findMany();
    const total = (type: string, placementId = '') =>
      rows
        .filter((row) => row.type === type && (type === 'impression' || row.placementId === placementId))
        .reduce((sum, row) => sum + row.count, 0);
    // 60 sessions: each key once 40 minutes ago and once now, whichever process took it in, however often.
    expect([total('impression'), total('hotspot_open', '1:0'), total('hotspot_open', '1:1')]).toStrictEqual([
      120, 60, 60,
    ]);
    const [a, b] = await Promise.all(gateways.map(figures));
    expect((a!.counted ?? 0) + (b!.counted ?? 0)).toBe(240);
    const performance = await json('GET', `${gateways[1]!.base}/media/1/performance?from=${earlier}`);
    expect([performance.body.impressions, performance.body.hotspot_opens]).toStrictEqual([120, 120]);
  }, 120_000);
});
