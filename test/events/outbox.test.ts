// Events are written in the same transaction as their change: a submit writes cart.submitted and
// one order.created per order, a transition order.status_changed (and order.action_required);
// a refused request writes none; deliveries are created for the endpoints that want each event.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, dumpDatabase, readFixture, type TestApp } from '../helpers.js';
import { addToCart, californian, exampleA, post } from '../cart/cart-helpers.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp(readFixture('cart-catalog.json'));
});
afterAll(() => t.close());

async function readyCart(): Promise<string> {
  const cart = await addToCart(t, exampleA);
  await post(t, '/cart/customerInfo', { id: cart.body.id, buyer_identity: californian });
  return cart.body.id;
}

import { DeliveryRepository } from '../../src/events/delivery.repository.js';
import { testEngine } from '../pg.js';

const eventsOf = (cartId: string) => t.database.db.event.findMany({ where: { cartId }, orderBy: { id: 'asc' } });

describe('the outbox', () => {
  it('a submit writes cart.submitted and one order.created per order; their deliveries, for the endpoints that want them, come after', async () => {
    await t.database.db.webhookEndpoint.createMany({
      data: [
        { id: 'whep_all', url: 'http://127.0.0.1:9/all', secret: 'whsec_x', events: undefined },
        { id: 'whep_orders', url: 'http://127.0.0.1:9/orders', secret: 'whsec_x', events: ['order.created'] },
        { id: 'whep_off', url: 'http://127.0.0.1:9/off', secret: 'whsec_x', enabled: false },
      ],
    });
    const id = await readyCart();
    const submitted = await post<{ orders: { id: string }[] }>(t, '/cart/submit', { id });
    expect(submitted.status).toBe(200);
    const events = await eventsOf(id);
    expect(events.map((event) => [event.type, event.orderId])).toStrictEqual([
      ['cart.submitted', null],
      ['order.created', submitted.body.orders[0]!.id],
      ['order.created', submitted.body.orders[1]!.id],
    ]);
    expect(events[0]!.data).toMatchObject({
      cart_id: id,
      status: 'SUBMITTED',
      orders: [{ id: submitted.body.orders[0]!.id, status: 'SUBMITTED' }, {}],
    });
    expect(events.every((event) => /^msg_[0-9a-f]{32}$/.test(event.messageId))).toBe(true);
    // The submit's transaction wrote the events only: no row per endpoint, whatever their number.
    const ofEvents = { eventId: { in: events.map((event) => event.id) } };
    expect(await t.database.db.webhookDelivery.count({ where: ofEvents })).toBe(0);
    expect(events.map((event) => event.fanOutPending)).toStrictEqual([true, true, true]);
    // An endpoint created after the events were recorded does not get them.
    await t.database.db.webhookEndpoint.create({
      data: {
        id: 'whep_later',
        url: 'http://127.0.0.1:9/later',
        secret: 'whsec_x',
        createdAt: new Date(Date.now() + 1000),
      },
    });
    const repository = new DeliveryRepository(t.database.sql);
    expect(await repository.fanOut(1000)).toBe(3);
    expect(await repository.fanOut(1000)).toBe(0);
    expect((await eventsOf(id)).map((event) => event.fanOutPending)).toStrictEqual([false, false, false]);
    const deliveries = await t.database.db.webhookDelivery.findMany({
      where: { eventId: { in: events.map((event) => event.id) } },
      orderBy: [{ eventId: 'asc' }, { endpointId: 'asc' }],
    });
    expect(deliveries.map((delivery) => [delivery.eventId, delivery.endpointId, delivery.status])).toStrictEqual([
      [events[0]!.id, 'whep_all', 'pending'],
      [events[1]!.id, 'whep_all', 'pending'],
      [events[1]!.id, 'whep_orders', 'pending'],
      [events[2]!.id, 'whep_all', 'pending'],
      [events[2]!.id, 'whep_orders', 'pending'],
    ]);
    await t.database.db.webhookEndpoint.deleteMany({});
  });

  it.runIf(testEngine === 'postgresql')(
    "while another process's fan-out holds an earlier event, no later event's delivery becomes visible (an endpoint would get it first)",
    async () => {
      await t.database.db.webhookEndpoint.create({
        data: { id: 'whep_order', url: 'http://127.0.0.1:9/order', secret: 'whsec_x' },
      });
      const id = await readyCart();
      expect((await post(t, '/cart/submit', { id })).status).toBe(200);
      const events = await eventsOf(id);
      let release = () => {};
      const released = new Promise<void>((resolve) => (release = resolve));
      let holding = () => {};
      const held = new Promise<void>((resolve) => (holding = resolve));
      // The other process: its fan-out transaction has the first event locked and is still writing.
      const other = t.database.db.$transaction(
        async (tx) => {
          await tx.$queryRawUnsafe(`SELECT "id" FROM "Event" WHERE "id" = $1 FOR UPDATE`, events[0]!.id);
          holding();
          await released;
        },
        { timeout: 10_000 },
      );
      await held;
      const fanning = new DeliveryRepository(t.database.sql).fanOut(1000);
      await new Promise((resolve) => setTimeout(resolve, 400));
      const visible = await t.database.db.webhookDelivery.findMany({
        where: { endpointId: 'whep_order' },
        select: { eventId: true },
      });
      release();
      await other;
      await fanning;
      expect(visible).toStrictEqual([]);
      const after = await t.database.db.webhookDelivery.findMany({
        where: { endpointId: 'whep_order' },
        orderBy: { eventId: 'asc' },
        select: { eventId: true },
      });
      expect(after.map((delivery) => delivery.eventId)).toStrictEqual(events.map((event) => event.id));
      await t.database.db.webhookEndpoint.deleteMany({});
    },
  );

  it('a transition writes order.status_changed, and order.action_required when actions are required', async () => {
    const id = await readyCart();
    const order = (await post<{ orders: { id: string }[] }>(t, '/cart/submit', { id })).body.orders[0]!.id;
    await post(t, `/orders/${order}/status`, {
      status: 'ACTION_REQUIRED',
      required_actions: [{ action: 'Verify', description: '3-D Secure' }],
    });
    const events = (await eventsOf(id)).filter((event) => event.orderId === order && event.type !== 'order.created');
    expect(events.map((event) => event.type)).toStrictEqual(['order.status_changed', 'order.action_required']);
    expect(events[0]!.data).toMatchObject({
      order_id: order,
      cart_id: id,
      from: 'SUBMITTED',
      to: 'ACTION_REQUIRED',
      required_actions: [{ action: 'Verify', description: '3-D Secure' }],
    });
  });

  it('a refused submit or transition writes no event', async () => {
    const id = await readyCart();
    const order = (await post<{ orders: { id: string }[] }>(t, '/cart/submit', { id })).body.orders[0]!.id;
    const before = await dumpDatabase(t.database);
    expect((await post(t, '/cart/submit', { id })).status).toBe(409);
    expect((await post(t, `/orders/${order}/status`, { status: 'FULFILLED' })).status).toBe(422);
    expect(await dumpDatabase(t.database)).toBe(before);
  });
});
