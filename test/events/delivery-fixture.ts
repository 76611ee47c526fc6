// What the webhook delivery tests share (delivery.test.ts, delivery-gc-pressure.test.ts): an app
// on a fresh database with the cart catalog, delivery workers polling it, real receivers, and the
// endpoints, submits and order moves that make events. deliveryFixture() registers the hooks of
// the file that calls it: each test ends with its worker stopped, its receivers closed and no
// endpoint left.
import { afterAll, afterEach, beforeAll, expect } from 'vitest';
import { createTestApp, readFixture, testConfig, type TestApp } from '../helpers.js';
import { addToCart, californian, post } from '../cart/cart-helpers.js';
import {
  startDeliveryWorker,
  type DeliveryLog,
  type DeliveryWorker,
  type DeliveryWorkerOptions,
} from '../../src/events/delivery.js';
import { DeliveryRepository } from '../../src/events/delivery.repository.js';
import { startReceiver, type Receiver } from './webhook-receiver.js';

export function deliveryFixture() {
  let t: TestApp;
  const config = testConfig({ WEBHOOK_ALLOW_PRIVATE_URLS: 'true', WEBHOOK_RETRY_SCHEDULE: '1,1,2' });
  const logged: string[] = [];
  const log: DeliveryLog = {
    info: () => undefined,
    warn: (_details, message) => logged.push(message),
    error: (_details, message) => logged.push(message),
  };
  let worker: DeliveryWorker | undefined;
  const receivers: Receiver[] = [];
  let endpoints = 0;

  beforeAll(async () => {
    t = await createTestApp(readFixture('cart-catalog.json'));
  });
  afterAll(() => t.close());
  afterEach(async () => {
    await worker?.stop();
    worker = undefined;
    await Promise.all(receivers.splice(0).map((receiver) => receiver.close()));
    await t.database.db.webhookEndpoint.deleteMany({});
  });

  const deliveriesOf = (endpointId: string) =>
    t.database.db.webhookDelivery.findMany({
      where: { endpointId },
      orderBy: { eventId: 'asc' },
      include: { tries: { orderBy: { id: 'asc' } } },
    });

  return {
    get t() {
      return t;
    },
    config,
    /** Warnings and errors the workers logged. */
    logged,
    /** The running worker, if any. */
    get worker() {
      return worker;
    },
    startWorker(
      workerConfig = config,
      requestTimeoutMs?: number,
      maxInFlight?: number,
      pacing: Pick<DeliveryWorkerOptions, 'busy' | 'busyRate'> = {},
    ): DeliveryWorker {
      worker = startDeliveryWorker({
        sql: t.database.sql,
        config: workerConfig,
        log,
        pollIntervalMs: 50,
        ...(requestTimeoutMs ? { requestTimeoutMs } : {}),
        ...(maxInFlight ? { maxInFlight } : {}),
        ...pacing,
      });
      return worker;
    },
    /** Stops the running worker, as each test's end would. */
    async stopWorker(graceMs?: number): Promise<void> {
      await worker?.stop(graceMs);
      worker = undefined;
    },
    async receiver(...args: Parameters<typeof startReceiver>): Promise<Receiver> {
      const started = await startReceiver(...args);
      receivers.push(started);
      return started;
    },
    async endpoint(
      url: string,
      secret: string,
      extra: { failingSince?: Date; enabled?: boolean } = {},
    ): Promise<string> {
      endpoints += 1;
      const id = `whep_test${endpoints}`;
      await t.database.db.webhookEndpoint.create({ data: { id, url, secret, ...extra } });
      return id;
    },
    /** A submitted cart of two stores: cart.submitted and two order.created events. */
    async submitCart(): Promise<{ cartId: string; orders: string[] }> {
      const cart = await addToCart(t, [
        { variant_id: '2021', quantity: 1 },
        { variant_id: '2051', quantity: 1 },
      ]);
      await post(t, '/cart/customerInfo', { id: cart.body.id, buyer_identity: californian });
      const submitted = await post<{ orders: { id: string }[] }>(t, '/cart/submit', { id: cart.body.id });
      expect(submitted.status).toBe(200);
      return { cartId: cart.body.id, orders: submitted.body.orders.map((order) => order.id) };
    },
    async moveOrder(orderId: string, status: string, requiredActions?: unknown[]): Promise<void> {
      const answer = await post(t, `/orders/${orderId}/status`, {
        status,
        ...(requiredActions ? { required_actions: requiredActions } : {}),
      });
      expect(answer.status).toBe(200);
    },
    /** Writes the deliveries of recorded events now, as the worker does on its rounds. */
    fanOut: () => new DeliveryRepository(t.database.sql).fanOut(1000),
    /** Whether the endpoint has deliveries and every one of them was delivered. */
    async allDelivered(endpointId: string): Promise<boolean> {
      const deliveries = await deliveriesOf(endpointId);
      return deliveries.length > 0 && deliveries.every((delivery) => delivery.status === 'delivered');
    },
    /** Attempts made of the endpoint's first delivery (0 while it has none). */
    firstAttempts: async (endpointId: string) => (await deliveriesOf(endpointId))[0]?.attempts ?? 0,
    eventsOf: (cartId: string) => t.database.db.event.findMany({ where: { cartId }, orderBy: { id: 'asc' } }),
    deliveriesOf,
  };
}
