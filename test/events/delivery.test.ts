// Webhook delivery against a real HTTP receiver that verifies every request with the official
// `standardwebhooks` package: every event of a submit and its order moves arrives, signed, in
// event order, one at a time per endpoint; a 500 or a receiver that is down is retried on the
// schedule until it answers 2xx, every attempt recorded; an endpoint failing for more than five
// days is disabled; an expired claim (a dead process) is taken again, a live one is not; stop()
// waits for the request in flight, or cuts it after its grace and gives the delivery back.
import { describe, expect, it } from 'vitest';
import { testEngine } from '../helpers.js';
import { until } from '../process/gateway.js';
import { freePort } from '../../bench/ports.js';
import { retryDelayMs } from '../../src/events/delivery.js';
import { newSecret } from './webhook-receiver.js';
import { deliveryFixture } from './delivery-fixture.js';

const fixture = deliveryFixture();
const {
  config,
  logged,
  startWorker,
  stopWorker,
  receiver,
  endpoint,
  submitCart,
  moveOrder,
  fanOut,
  allDelivered,
  firstAttempts,
  eventsOf,
  deliveriesOf,
} = fixture;

describe('the retry schedule', () => {
  it('takes the step of the attempt, repeats the last one, and jitters by at most 10 %', () => {
    const schedule = [5, 300, 1800];
    expect(retryDelayMs(schedule, 1, () => 0.5)).toBe(5_000);
    expect(retryDelayMs(schedule, 2, () => 0.5)).toBe(300_000);
    expect(retryDelayMs(schedule, 3, () => 0.5)).toBe(1_800_000);
    expect(retryDelayMs(schedule, 9, () => 0.5)).toBe(1_800_000);
    expect(retryDelayMs(schedule, 1, () => 0)).toBe(4_500);
    expect(retryDelayMs(schedule, 1, () => 1)).toBe(5_500);
  });
});

describe(`webhook delivery (${testEngine})`, () => {
  it('a submit and its order moves: every event delivered once, verified by standardwebhooks, in event order, one at a time', async () => {
    const secret = newSecret();
    const hook = await receiver(secret, { delayMs: 20 });
    const endpointId = await endpoint(hook.url, secret);
    startWorker();
    const { cartId, orders } = await submitCart();
    await moveOrder(orders[0]!, 'PLACED');
    await moveOrder(orders[0]!, 'FULFILLED');
    await moveOrder(orders[1]!, 'ACTION_REQUIRED', [{ action: 'Verify', description: '3-D Secure' }]);
    await moveOrder(orders[1]!, 'PLACED');
    await moveOrder(orders[1]!, 'CANCELLED');
    const events = await eventsOf(cartId);
    expect(events.map((event) => event.type)).toStrictEqual([
      'cart.submitted',
      'order.created',
      'order.created',
      'order.status_changed',
      'order.status_changed',
      'order.status_changed',
      'order.action_required',
      'order.status_changed',
      'order.status_changed',
    ]);
    await until(
      async () => hook.received.length >= events.length && (await allDelivered(endpointId)),
      'every event to be delivered',
      15_000,
    );

    expect(hook.rejected).toStrictEqual([]);
    expect(hook.received.map((webhook) => webhook.id)).toStrictEqual(events.map((event) => event.messageId));
    expect(hook.received.map((webhook) => webhook.payload)).toStrictEqual(
      events.map((event) => ({ type: event.type, timestamp: event.createdAt.toISOString(), data: event.data })),
    );
    expect(
      hook.received.every(
        (webhook) => webhook.contentType === 'application/json' && Math.abs(webhook.timestamp - Date.now() / 1000) < 30,
      ),
    ).toBe(true);
    expect(hook.maxConcurrent).toBe(1);
    const deliveries = await deliveriesOf(endpointId);
    expect(
      deliveries.map((delivery) => [
        delivery.status,
        delivery.attempts,
        delivery.claimedUntil,
        delivery.tries.map((attempt) => [attempt.statusCode, attempt.error]),
      ]),
    ).toStrictEqual(events.map(() => ['delivered', 1, null, [[200, null]]]));
    expect(deliveries.every((delivery) => delivery.deliveredAt !== null && delivery.tries[0]!.latencyMs >= 0)).toBe(
      true,
    );
  });

  it('a receiver answering 500 then 200: retried after the schedule step with the same webhook-id, later events held back until then', async () => {
    const secret = newSecret();
    const hook = await receiver(secret, { reply: (n) => (n === 0 ? 500 : 200) });
    const endpointId = await endpoint(hook.url, secret);
    startWorker();
    const { cartId } = await submitCart();
    const events = await eventsOf(cartId);
    await until(async () => await allDelivered(endpointId), 'the retry to be delivered', 15_000);

    const ids = events.map((event) => event.messageId);
    expect(hook.received.map((webhook) => webhook.id)).toStrictEqual([ids[0], ...ids]);
    // Schedule 1,1,2: the retry came about a second later (±10 %).
    expect(hook.received[1]!.at - hook.received[0]!.at).toBeGreaterThanOrEqual(850);
    const [first, ...rest] = await deliveriesOf(endpointId);
    expect(first!.attempts).toBe(2);
    expect(first!.tries.map((attempt) => [attempt.statusCode, attempt.error])).toStrictEqual([
      [500, null],
      [200, null],
    ]);
    expect(rest.map((delivery) => delivery.attempts)).toStrictEqual([1, 1]);
    expect(
      (await fixture.t.database.db.webhookEndpoint.findUniqueOrThrow({ where: { id: endpointId } })).failingSince,
    ).toBeNull();
  });

  it('a receiver that is down: connection errors recorded, the endpoint failing, then delivered when it comes up', async () => {
    const secret = newSecret();
    const port = await freePort();
    const endpointId = await endpoint(`http://127.0.0.1:${port}/webhooks`, secret);
    startWorker();
    const { cartId } = await submitCart();
    const events = await eventsOf(cartId);
    await until(async () => (await firstAttempts(endpointId)) >= 2, 'two failed attempts', 10_000);
    const down = await deliveriesOf(endpointId);
    expect(
      down[0]!.tries.every((attempt) => attempt.statusCode === null && /ECONNREFUSED/.test(attempt.error ?? '')),
    ).toBe(true);
    expect(down.slice(1).map((delivery) => delivery.attempts)).toStrictEqual([0, 0]);
    expect(
      (await fixture.t.database.db.webhookEndpoint.findUniqueOrThrow({ where: { id: endpointId } })).failingSince,
    ).not.toBeNull();

    const hook = await receiver(secret, { port });
    await until(async () => await allDelivered(endpointId), 'delivery once the receiver is up', 15_000);
    expect(hook.received.map((webhook) => webhook.id)).toStrictEqual(events.map((event) => event.messageId));
    expect(hook.rejected).toStrictEqual([]);
    expect(
      (await fixture.t.database.db.webhookEndpoint.findUniqueOrThrow({ where: { id: endpointId } })).failingSince,
    ).toBeNull();
  });

  it('while requests are served the worker keeps to busyRate (a bucket of 20, then busyRate a second); once they stop, it drains at full speed', async () => {
    const secret = newSecret();
    const hook = await receiver(secret);
    const endpointIds: string[] = [];
    for (let index = 0; index < 30; index += 1) endpointIds.push(await endpoint(`${hook.url}/${index}`, secret));
    let busy = true;
    const started = Date.now();
    startWorker(config, undefined, undefined, { busy: () => busy, busyRate: 4 });
    await submitCart();
    // 30 endpoints × 3 events: without the limit every one of the 90 arrives within a second or
    // two. With it, the bucket's 20 at once, then 4 a second from the worker's start: over 1.5 s
    // more, at most what the elapsed time allows (on a busy machine the 20 take longer to come).
    await until(async () => hook.received.length >= 20, 'the bucket of 20', 10_000);
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    const whileBusy = hook.received.length;
    const seconds = (Date.now() - started) / 1000;
    expect(whileBusy).toBeLessThanOrEqual(20 + Math.ceil(seconds * 4) + 2);
    busy = false;
    await until(async () => hook.received.length === 90, 'every delivery once requests stopped', 5_000);
    expect(hook.rejected).toStrictEqual([]);
  });

  it('an endpoint failing for more than five days is disabled at its next failure and its pending deliveries fail; one failing for four days is not', async () => {
    const day = 24 * 3600 * 1000;
    const secret = newSecret();
    const hook = await receiver(secret, { reply: () => 500 });
    const old = await endpoint(hook.url, secret, { failingSince: new Date(Date.now() - 5 * day - 60_000) });
    const recent = await endpoint(hook.url, secret, { failingSince: new Date(Date.now() - 4 * day) });
    startWorker();
    await submitCart();
    await until(
      async () => !(await fixture.t.database.db.webhookEndpoint.findUniqueOrThrow({ where: { id: old } })).enabled,
      'the old endpoint to be disabled',
      10_000,
    );
    await until(async () => (await firstAttempts(recent)) >= 1, 'the recent endpoint to be tried', 10_000);

    const disabled = await deliveriesOf(old);
    expect(disabled.map((delivery) => [delivery.status, delivery.attempts, delivery.tries.length])).toStrictEqual([
      ['failed', 1, 1],
      ['failed', 0, 0],
      ['failed', 0, 0],
    ]);
    const kept = await fixture.t.database.db.webhookEndpoint.findUniqueOrThrow({ where: { id: recent } });
    expect(kept.enabled).toBe(true);
    expect((await deliveriesOf(recent)).map((delivery) => delivery.status)).toStrictEqual([
      'pending',
      'pending',
      'pending',
    ]);
    expect(logged).toContain('webhook endpoint disabled: failing for 5 days; its pending deliveries failed');
  });

  it("an expired claim (its process died) is taken again; another process's live claim is left alone until it expires", async () => {
    const secret = newSecret();
    const hook = await receiver(secret);
    const dead = await endpoint(hook.url, secret);
    const live = await endpoint(hook.url, secret);
    const { cartId } = await submitCart();
    const events = await eventsOf(cartId);
    await fanOut();
    expect((await deliveriesOf(dead)).length + (await deliveriesOf(live)).length).toBe(6);
    // Claimed only after the worker started (on SQLite it gives back every claim at start), held
    // back until then by disabling the endpoints.
    await fixture.t.database.db.webhookEndpoint.updateMany({
      where: { id: { in: [dead, live] } },
      data: { enabled: false },
    });
    startWorker();
    await new Promise((resolve) => setTimeout(resolve, 200));
    const now = Date.now();
    await fixture.t.database.db.webhookDelivery.updateMany({
      where: { endpointId: dead },
      data: { claimedUntil: new Date(now - 1_000) },
    });
    // Live for as long as the check below may take on a busy machine; expired by hand after it.
    await fixture.t.database.db.webhookDelivery.updateMany({
      where: { endpointId: live },
      data: { claimedUntil: new Date(now + 60_000) },
    });
    await fixture.t.database.db.webhookEndpoint.updateMany({
      where: { id: { in: [dead, live] } },
      data: { enabled: true },
    });

    await until(async () => await allDelivered(dead), 'the expired claims to be delivered', 10_000);
    expect(
      (await deliveriesOf(live)).every((delivery) => delivery.status === 'pending' && delivery.attempts === 0),
    ).toBe(true);
    await fixture.t.database.db.webhookDelivery.updateMany({
      where: { endpointId: live },
      data: { claimedUntil: new Date(Date.now() - 1) },
    });
    await until(async () => await allDelivered(live), 'the live claims to be delivered once expired', 10_000);
    expect(hook.received.map((webhook) => webhook.id)).toStrictEqual(
      [...events, ...events].map((event) => event.messageId),
    );
  });

  it('an answer later than the timeout is a failure, and a redirect is not followed', async () => {
    const slowSecret = newSecret();
    const slow = await receiver(slowSecret, { delayMs: 3_000 });
    const slowId = await endpoint(slow.url, slowSecret);
    const elsewhereSecret = newSecret();
    const elsewhere = await receiver(elsewhereSecret);
    const redirecting = await receiver(elsewhereSecret, { reply: () => 307, location: elsewhere.url });
    const redirectingId = await endpoint(redirecting.url, elsewhereSecret);
    // A deadline of 1 s: long enough for the redirect's answer on a loaded machine (the sockets'
    // thread runs at the lowest priority), short against the slow receiver's 3 s.
    startWorker(config, 1_000);
    await submitCart();
    await until(
      async () => (await firstAttempts(slowId)) >= 1 && (await firstAttempts(redirectingId)) >= 1,
      'an attempt to each',
      10_000,
    );
    const [late] = await deliveriesOf(slowId);
    expect([late!.status, late!.tries[0]!.statusCode, late!.tries[0]!.error]).toStrictEqual([
      'pending',
      null,
      'no answer within 1 s',
    ]);
    expect(late!.tries[0]!.latencyMs).toBeGreaterThanOrEqual(950);
    const [redirected] = await deliveriesOf(redirectingId);
    expect([redirected!.status, redirected!.tries[0]!.statusCode]).toStrictEqual(['pending', 307]);
    expect(elsewhere.received).toStrictEqual([]);
  });

  it('a URL the guard refuses (loopback, private URLs not allowed) is an attempt that failed, never a request', async () => {
    const secret = newSecret();
    const hook = await receiver(secret);
    const endpointId = await endpoint(hook.url, secret);
    startWorker({ ...config, webhookAllowPrivateUrls: false });
    await submitCart();
    await until(async () => (await firstAttempts(endpointId)) >= 1, 'a refused attempt', 10_000);
    const [first] = await deliveriesOf(endpointId);
    expect(first!.status).toBe('pending');
    expect(first!.tries[0]!.statusCode).toBeNull();
    expect(first!.tries[0]!.error).toBeTruthy();
    expect(hook.received).toStrictEqual([]);
  });

  it('stop() waits for the request in flight and records it; nothing is left claimed', async () => {
    const secret = newSecret();
    const hook = await receiver(secret, { delayMs: 700 });
    const endpointId = await endpoint(hook.url, secret);
    startWorker();
    await submitCart();
    await until(async () => hook.received.length === 1, 'the first request', 10_000);
    const stopping = Date.now();
    await stopWorker();
    expect(Date.now() - stopping).toBeGreaterThanOrEqual(400);
    const deliveries = await deliveriesOf(endpointId);
    expect(deliveries.map((delivery) => [delivery.status, delivery.claimedUntil])).toStrictEqual([
      ['delivered', null],
      ['pending', null],
      ['pending', null],
    ]);
    expect(hook.received).toHaveLength(1);
  });

  it('stop(graceMs) cuts a request that outlasts the grace: the attempt recorded, the claim given back, delivered at once by the next worker', async () => {
    const secret = newSecret();
    const hook = await receiver(secret, { reply: (n) => (n === 0 ? 'hang' : 200) });
    const endpointId = await endpoint(hook.url, secret);
    startWorker();
    await submitCart();
    await until(async () => hook.received.length === 1, 'the first request', 10_000);
    const stopping = Date.now();
    await stopWorker(300);
    expect(Date.now() - stopping).toBeLessThan(2_000);
    const [cut] = await deliveriesOf(endpointId);
    expect([
      cut!.status,
      cut!.attempts,
      cut!.claimedUntil,
      cut!.tries.map((attempt) => [attempt.statusCode, attempt.error]),
    ]).toStrictEqual(['pending', 0, null, [[null, 'cut short: the gateway process was stopping']]]);
    expect(
      (await fixture.t.database.db.webhookEndpoint.findUniqueOrThrow({ where: { id: endpointId } })).failingSince,
    ).toBeNull();

    startWorker();
    await until(async () => await allDelivered(endpointId), 'delivery by the next worker', 5_000);
    expect(hook.acknowledged).toHaveLength(3);
  });

  it('deleting or disabling an endpoint ends its request in flight at once, without an error', async () => {
    const secret = newSecret();
    const hanging = await receiver(secret, { reply: () => 'hang' });
    const deleted = await endpoint(hanging.url, secret);
    const disabled = await endpoint(hanging.url, secret);
    const loggedBefore = logged.length;
    startWorker();
    await submitCart();
    await until(async () => hanging.openSockets === 2, 'both requests open', 10_000);
    const at = Date.now();
    const removed = await fixture.t.app.inject({ method: 'DELETE', url: `/webhooks/${deleted}` });
    expect(removed.statusCode).toBe(204);
    const patched = await fixture.t.app.inject({
      method: 'PATCH',
      url: `/webhooks/${disabled}`,
      payload: { enabled: false },
    });
    expect(patched.statusCode).toBe(200);
    await until(async () => hanging.openSockets === 0 && fixture.worker?.inFlight === 0, 'the requests to end', 5_000);
    expect(Date.now() - at).toBeLessThan(2_000);
    const [cut] = await deliveriesOf(disabled);
    expect([cut!.status, cut!.attempts, cut!.claimedUntil, cut!.tries.map((attempt) => attempt.error)]).toStrictEqual([
      'pending',
      0,
      null,
      ['cut short: the endpoint was disabled or deleted'],
    ]);
    expect(logged.slice(loggedBefore)).toStrictEqual([]);
  });
});
