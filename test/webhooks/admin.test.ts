// The webhook admin API, REST and GraphQL: endpoints with a secret shown once, validation and the
// SSRF guard, admin keys only, and deliveries (created by a real submit) with a manual retry.
import { print, type DocumentNode } from 'graphql';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, dumpDatabase, graphql as send, readFixture, type TestApp } from '../helpers.js';
import { addToCart, call, californian, exampleA, post } from '../cart/cart-helpers.js';
import { graphql } from '../gql/index.js';
import { checkWebhookUrl, isPublicAddress } from '../../src/security/url-guard.js';

interface EndpointJson {
  id: string;
  url: string;
  description: string | null;
  events: string[] | null;
  enabled: boolean;
  failing_since: string | null;
  created_at: string;
  updated_at: string;
  secret?: string;
}

interface DeliveryJson {
  id: string;
  endpoint_id: string;
  event_id: string;
  event_type: string;
  status: string;
  attempt_count: number;
  next_attempt_at: string | null;
  delivered_at: string | null;
  created_at: string;
  attempts: { at: string; status_code: number | null; latency_ms: number; error: string | null }[];
}

interface ErrorJson {
  code: string;
  details?: Record<string, unknown>;
}

const receiver = 'http://127.0.0.1:9/hooks';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp(readFixture('cart-catalog.json'), { WEBHOOK_ALLOW_PRIVATE_URLS: 'true' });
});
afterAll(() => t.close());

const get = <T>(url: string) => call<T>(t, { method: 'GET', url });
const patch = <T>(url: string, payload: unknown) => call<T>(t, { method: 'PATCH', url, payload: payload as object });
const remove = (url: string) => call<ErrorJson | null>(t, { method: 'DELETE', url });

async function createEndpoint(body: Record<string, unknown> = { url: receiver }): Promise<EndpointJson> {
  const created = await post<EndpointJson>(t, '/webhooks', body);
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  return created.body;
}

async function submittedCart(): Promise<{ cartId: string; orderIds: string[] }> {
  const cart = await addToCart(t, exampleA);
  await post(t, '/cart/customerInfo', { id: cart.body.id, buyer_identity: californian });
  const submitted = await post<{ orders: { id: string }[] }>(t, '/cart/submit', { id: cart.body.id });
  expect(submitted.status).toBe(200);
  return { cartId: cart.body.id, orderIds: submitted.body.orders.map((order) => order.id) };
}

describe('webhook endpoints (REST)', () => {
  it('creates an endpoint: 201 with a whsec_ secret of 24 random bytes, shown in this answer only', async () => {
    const created = await post<EndpointJson>(t, '/webhooks', {
      url: receiver,
      events: ['order.created', 'cart.submitted', 'order.created'],
      description: 'ERP',
    });
    expect(created.status).toBe(201);
    const { id, secret, created_at, updated_at, ...rest } = created.body;
    expect(id).toMatch(/^whep_[0-9a-f]{32}$/);
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{32}$/);
    expect(Buffer.from(secret!.slice('whsec_'.length), 'base64')).toHaveLength(24);
    expect(rest).toStrictEqual({
      url: receiver,
      description: 'ERP',
      events: ['cart.submitted', 'order.created'],
      enabled: true,
      failing_since: null,
    });
    expect(created_at).toBe(updated_at);
    // Stored as given, for the delivery worker to sign with.
    expect((await t.database.db.webhookEndpoint.findUniqueOrThrow({ where: { id } })).secret).toBe(secret);

    const one = await get<EndpointJson>(`/webhooks/${id}`);
    expect(one.status).toBe(200);
    expect(one.body).toStrictEqual({
      id,
      url: receiver,
      description: 'ERP',
      events: ['cart.submitted', 'order.created'],
      enabled: true,
      failing_since: null,
      created_at,
      updated_at,
    });
    const list = await get<{ webhooks: EndpointJson[] }>('/webhooks');
    expect(list.body.webhooks.map((endpoint) => endpoint.id)).toContain(id);
    for (const answer of [one, list]) {
      expect(JSON.stringify(answer.body)).not.toContain(secret);
      expect(JSON.stringify(answer.body)).not.toContain('"secret"');
    }
    // Each endpoint its own secret.
    expect((await createEndpoint()).secret).not.toBe(secret);
  });

  it('lists oldest first, all events when none are named', async () => {
    const before = (await get<{ webhooks: EndpointJson[] }>('/webhooks')).body.webhooks.length;
    const a = await createEndpoint({ url: 'http://127.0.0.1:9/a' });
    const b = await createEndpoint({ url: 'http://127.0.0.1:9/b', events: null, description: null });
    expect([a.events, b.events, b.description]).toStrictEqual([null, null, null]);
    const list = (await get<{ webhooks: EndpointJson[] }>('/webhooks')).body.webhooks;
    expect(list).toHaveLength(before + 2);
    expect(
      list
        .slice(-2)
        .map((endpoint) => endpoint.id)
        .sort(),
    ).toStrictEqual([a.id, b.id].sort());
    const times = list.map((endpoint) => endpoint.created_at);
    expect(times).toStrictEqual([...times].sort());
  });

  it('patches url, events, description and enabled; fields not given stay', async () => {
    const endpoint = await createEndpoint({ url: receiver, description: 'first' });
    const changed = await patch<EndpointJson>(`/webhooks/${endpoint.id}`, {
      url: 'http://127.0.0.1:9/v2',
      events: ['order.status_changed'],
    });
    expect(changed.status).toBe(200);
    expect(changed.body).toMatchObject({
      id: endpoint.id,
      url: 'http://127.0.0.1:9/v2',
      events: ['order.status_changed'],
      description: 'first',
      enabled: true,
    });
    const off = await patch<EndpointJson>(`/webhooks/${endpoint.id}`, {
      enabled: false,
      description: null,
      events: null,
    });
    expect(off.body).toMatchObject({ url: 'http://127.0.0.1:9/v2', events: null, description: null, enabled: false });
    const same = await patch<EndpointJson>(`/webhooks/${endpoint.id}`, {});
    expect(same.status).toBe(200);
    expect((await call<ErrorJson>(t, { method: 'PATCH', url: `/webhooks/${endpoint.id}` })).body.code).toBe(
      'VALIDATION_FAILED',
    );
    expect(same.body).toMatchObject({ url: 'http://127.0.0.1:9/v2', enabled: false });
    expect(JSON.stringify(same.body)).not.toContain('secret');
  });

  it('re-enabling an endpoint (disabled after failing) clears failing_since', async () => {
    const endpoint = await createEndpoint();
    const since = new Date('2026-01-01T00:00:00.000Z');
    await t.database.db.webhookEndpoint.update({
      where: { id: endpoint.id },
      data: { enabled: false, failingSince: since },
    });
    expect((await get<EndpointJson>(`/webhooks/${endpoint.id}`)).body).toMatchObject({
      enabled: false,
      failing_since: since.toISOString(),
    });
    expect(
      (await patch<EndpointJson>(`/webhooks/${endpoint.id}`, { description: 'still off' })).body.failing_since,
    ).toBe(since.toISOString());
    expect((await patch<EndpointJson>(`/webhooks/${endpoint.id}`, { enabled: true })).body).toMatchObject({
      enabled: true,
      failing_since: null,
    });
  });

  it('deletes an endpoint with its deliveries: 204, then 404 WEBHOOK_NOT_FOUND', async () => {
    const endpoint = await createEndpoint();
    await submittedCart();
    expect(
      (await get<{ deliveries: DeliveryJson[] }>(`/webhooks/${endpoint.id}/deliveries`)).body.deliveries,
    ).toHaveLength(3);
    expect(await t.database.db.webhookDelivery.count({ where: { endpointId: endpoint.id } })).toBe(3);
    const deleted = await remove(`/webhooks/${endpoint.id}`);
    expect(deleted.status).toBe(204);
    expect(deleted.body).toBeNull();
    expect(await t.database.db.webhookDelivery.count({ where: { endpointId: endpoint.id } })).toBe(0);
    for (const answer of [
      await get<ErrorJson>(`/webhooks/${endpoint.id}`),
      await remove(`/webhooks/${endpoint.id}`),
      await patch<ErrorJson>(`/webhooks/${endpoint.id}`, { enabled: true }),
    ]) {
      expect(answer.status).toBe(404);
      expect(answer.body).toMatchObject({ code: 'WEBHOOK_NOT_FOUND', details: { id: endpoint.id } });
    }
    expect((await get<ErrorJson>(`/webhooks/${'x'.repeat(5000)}/deliveries`)).body.code).toBe('WEBHOOK_NOT_FOUND');
  });

  it('refuses invalid bodies with 400 VALIDATION_FAILED naming the field, and writes nothing', async () => {
    const endpoint = await createEndpoint();
    const before = await dumpDatabase(t.database);
    const refusals: [Record<string, unknown>, string][] = [
      [{ url: 'not a url' }, 'url'],
      [{ url: '/relative/path' }, 'url'],
      [{ url: 'ftp://127.0.0.1/hooks' }, 'url'],
      [{ url: 'file:///etc/passwd' }, 'url'],
      [{ url: 'http://user:pass@127.0.0.1:9/hooks' }, 'url'],
      [{ url: 'http://token@127.0.0.1:9/hooks' }, 'url'],
      [{ url: `http://127.0.0.1:9/${'a'.repeat(2048)}` }, 'url'],
      [{ url: 'http://no-such-host.invalid/hooks' }, 'url'],
      [{ url: receiver, events: ['order.shipped'] }, 'events'],
      [{ url: receiver, events: ['order.created', 'ORDER.CREATED'] }, 'events'],
      [{ url: receiver, events: [] }, 'events'],
      [{ url: receiver, description: 'd'.repeat(501) }, 'description'],
    ];
    for (const [body, field] of refusals) {
      const created = await post<ErrorJson>(t, '/webhooks', body);
      expect(created.status, JSON.stringify(body).slice(0, 100)).toBe(400);
      expect(created.body).toMatchObject({ code: 'VALIDATION_FAILED', details: { field } });
      const { url, ...rest } = body;
      const patched = await patch<ErrorJson>(`/webhooks/${endpoint.id}`, field === 'url' ? { url } : rest);
      expect(patched.status).toBe(400);
      expect(patched.body).toMatchObject({ code: 'VALIDATION_FAILED', details: { field } });
    }
    // Wrong types are the schema's refusals.
    for (const body of [
      {},
      { url: 42 },
      { url: receiver, events: 'order.created' },
      { url: receiver, events: [1] },
      { url: receiver, description: 7 },
    ]) {
      expect((await post<ErrorJson>(t, '/webhooks', body)).body.code).toBe('VALIDATION_FAILED');
    }
    for (const body of [{ enabled: 'yes' }, { url: null }, { enabled: null }]) {
      expect((await patch<ErrorJson>(`/webhooks/${endpoint.id}`, body)).body.code).toBe('VALIDATION_FAILED');
    }
    expect(await dumpDatabase(t.database)).toBe(before);
  });
});

describe('the SSRF guard', () => {
  let guarded: TestApp;
  beforeAll(async () => {
    guarded = await createTestApp(null);
  });
  afterAll(() => guarded.close());

  it('refuses URLs that resolve to loopback, private, link-local or reserved addresses', async () => {
    const refused = [
      'http://127.0.0.1/',
      'http://10.0.0.1/',
      'http://169.254.169.254/latest/meta-data/',
      'http://[::1]/',
      'http://localhost/',
      'http://localhost:4000/webhooks',
      'https://192.168.1.10/hooks',
      'http://172.16.5.4/',
      'http://100.64.0.1/',
      'http://0.0.0.0/',
      'http://[::]/',
      'http://[fe80::1]/',
      'http://[fd12:3456::1]/',
      'http://[::ffff:127.0.0.1]/',
      'http://[::ffff:a9fe:a9fe]/',
      'http://2130706433/', // 127.0.0.1 as one number
      'http://0x7f.1/',
      'http://224.0.0.1/',
    ];
    const before = await dumpDatabase(guarded.database);
    for (const url of refused) {
      const response = await guarded.app.inject({ method: 'POST', url: '/webhooks', payload: { url } });
      expect(response.statusCode, url).toBe(400);
      expect(response.json()).toMatchObject({ code: 'VALIDATION_FAILED', details: { field: 'url' } });
    }
    expect(await dumpDatabase(guarded.database)).toBe(before);
  });

  it('accepts a public address, and refuses moving an endpoint onto a private one', async () => {
    const created = await guarded.app.inject({
      method: 'POST',
      url: '/webhooks',
      payload: { url: 'https://93.184.215.14/hooks?source=gateway' },
    });
    expect(created.statusCode).toBe(201);
    const { id, url } = created.json() as EndpointJson;
    expect(url).toBe('https://93.184.215.14/hooks?source=gateway');
    const moved = await guarded.app.inject({
      method: 'PATCH',
      url: `/webhooks/${id}`,
      payload: { url: 'http://169.254.169.254/' },
    });
    expect(moved.statusCode).toBe(400);
    expect(((await guarded.app.inject({ method: 'GET', url: `/webhooks/${id}` })).json() as EndpointJson).url).toBe(
      url,
    );
  });

  it('classifies addresses, IPv4-mapped, NAT64 and 6to4 forms by the IPv4 address they carry', () => {
    const blocked = [
      '127.0.0.1',
      '127.255.255.254',
      '10.1.2.3',
      '172.16.0.1',
      '172.31.255.255',
      '192.168.0.1',
      '169.254.169.254',
      '100.64.0.1',
      '100.127.255.255',
      '0.0.0.0',
      '224.0.0.251',
      '239.255.255.250',
      '255.255.255.255',
      '192.0.0.8',
      '198.18.0.1',
      '::',
      '::1',
      '::127.0.0.1',
      'fe80::1',
      'fe80::1%eth0',
      'febf::1',
      'fc00::1',
      'fd00:ec2::254',
      'ff02::1',
      '2001:db8::1',
      '100::1',
      '::ffff:127.0.0.1',
      '::ffff:7f00:1',
      '::ffff:10.0.0.1',
      '::ffff:169.254.169.254',
      '64:ff9b::a9fe:a9fe',
      '64:ff9b:1::1',
      '2002:7f00:1::',
      '2002:c0a8:101::1',
      'not an address',
    ];
    const allowed = [
      '93.184.215.14',
      '8.8.8.8',
      '172.15.255.255',
      '172.32.0.1',
      '100.63.255.255',
      '100.128.0.1',
      '11.0.0.1',
      '2606:4700::6810:84e5',
      '2001:4860:4860::8888',
      '::ffff:8.8.8.8',
      '64:ff9b::808:808',
      '2002:808:808::1',
    ];
    expect(blocked.filter(isPublicAddress)).toStrictEqual([]);
    expect(allowed.filter((address) => !isPublicAddress(address))).toStrictEqual([]);
  });

  it('is the check the delivery worker calls: the URL, or a refusal', async () => {
    expect((await checkWebhookUrl('https://93.184.215.14/a', false)).href).toBe('https://93.184.215.14/a');
    expect((await checkWebhookUrl('http://localhost:9/a', true)).hostname).toBe('localhost');
    await expect(checkWebhookUrl('http://localhost:9/a', false)).rejects.toMatchObject({ code: 'VALIDATION_FAILED' });
    await expect(checkWebhookUrl('http://no-such-host.invalid/', true)).rejects.toMatchObject({
      code: 'VALIDATION_FAILED',
    });
    await expect(checkWebhookUrl('gopher://127.0.0.1/', true)).rejects.toMatchObject({ code: 'VALIDATION_FAILED' });
  });
});

describe('deliveries', () => {
  it("lists an endpoint's deliveries from a real submit, newest first, in bounded pages, with their attempts", async () => {
    const endpoint = await createEndpoint();
    const others = await createEndpoint({ url: 'http://127.0.0.1:9/others', events: ['cart.submitted'] });
    const { cartId, orderIds } = await submittedCart();
    const events = await t.database.db.event.findMany({ where: { cartId }, orderBy: { id: 'asc' } });
    const page = await get<{ deliveries: DeliveryJson[]; has_more: boolean }>(`/webhooks/${endpoint.id}/deliveries`);
    expect(page.status).toBe(200);
    expect(page.body.has_more).toBe(false);
    expect(page.body.deliveries.map((delivery) => [delivery.event_type, delivery.event_id])).toStrictEqual([
      ['order.created', events[2]!.messageId],
      ['order.created', events[1]!.messageId],
      ['cart.submitted', events[0]!.messageId],
    ]);
    expect(events.slice(1).map((event) => event.orderId)).toStrictEqual(orderIds);
    const [first] = page.body.deliveries;
    expect(first).toStrictEqual({
      id: expect.stringMatching(/^dlv_[0-9a-f]{32}$/),
      endpoint_id: endpoint.id,
      event_id: events[2]!.messageId,
      event_type: 'order.created',
      status: 'pending',
      attempt_count: 0,
      next_attempt_at: events[2]!.createdAt.toISOString(),
      delivered_at: null,
      created_at: events[2]!.createdAt.toISOString(),
      attempts: [],
    });
    expect(
      (await get<{ deliveries: DeliveryJson[] }>(`/webhooks/${others.id}/deliveries`)).body.deliveries.map(
        (delivery) => delivery.event_type,
      ),
    ).toStrictEqual(['cart.submitted']);

    const firstTwo = await get<{ deliveries: DeliveryJson[]; has_more: boolean }>(
      `/webhooks/${endpoint.id}/deliveries?first=2`,
    );
    expect(firstTwo.body.has_more).toBe(true);
    const rest = await get<{ deliveries: DeliveryJson[]; has_more: boolean }>(
      `/webhooks/${endpoint.id}/deliveries?first=2&after=${firstTwo.body.deliveries[1]!.id}`,
    );
    expect(rest.body.has_more).toBe(false);
    expect([...firstTwo.body.deliveries, ...rest.body.deliveries].map((delivery) => delivery.id)).toStrictEqual(
      page.body.deliveries.map((delivery) => delivery.id),
    );

    // Attempts as the delivery worker records them: time, status code, latency, error.
    const oldest = page.body.deliveries[2]!;
    const at = new Date('2026-02-01T10:00:00.000Z');
    await t.database.db.webhookAttempt.createMany({
      data: [
        { deliveryId: oldest.id, at, statusCode: null, latencyMs: 10_000, error: 'timed out after 10 s' },
        { deliveryId: oldest.id, at: new Date(at.getTime() + 5000), statusCode: 503, latencyMs: 42, error: 'HTTP 503' },
        { deliveryId: oldest.id, at: new Date(at.getTime() + 305_000), statusCode: 204, latencyMs: 7, error: null },
      ],
    });
    await t.database.db.webhookDelivery.update({
      where: { id: oldest.id },
      data: { status: 'delivered', attempts: 3, deliveredAt: new Date(at.getTime() + 305_000) },
    });
    const delivered = (await get<{ deliveries: DeliveryJson[] }>(`/webhooks/${endpoint.id}/deliveries`)).body
      .deliveries[2]!;
    expect(delivered).toMatchObject({
      status: 'delivered',
      attempt_count: 3,
      next_attempt_at: null,
      delivered_at: '2026-02-01T10:05:05.000Z',
    });
    expect(delivered.attempts).toStrictEqual([
      { at: '2026-02-01T10:00:00.000Z', status_code: null, latency_ms: 10_000, error: 'timed out after 10 s' },
      { at: '2026-02-01T10:00:05.000Z', status_code: 503, latency_ms: 42, error: 'HTTP 503' },
      { at: '2026-02-01T10:05:05.000Z', status_code: 204, latency_ms: 7, error: null },
    ]);
  });

  it('refuses pages out of bounds and cursors of other endpoints', async () => {
    const endpoint = await createEndpoint();
    const other = await createEndpoint();
    await submittedCart();
    const foreign = (await get<{ deliveries: DeliveryJson[] }>(`/webhooks/${other.id}/deliveries`)).body.deliveries[0]!
      .id;
    for (const [query, field] of [
      ['first=0', 'first'],
      ['first=101', 'first'],
      [`after=${foreign}`, 'after'],
      ['after=dlv_nothing', 'after'],
    ] as const) {
      const answer = await get<ErrorJson>(`/webhooks/${endpoint.id}/deliveries?${query}`);
      expect(answer.status, query).toBe(400);
      expect(answer.body).toMatchObject({ code: 'VALIDATION_FAILED', details: { field } });
    }
    for (const query of ['first=-1', 'first=abc', 'first=1.5'])
      expect((await get<ErrorJson>(`/webhooks/${endpoint.id}/deliveries?${query}`)).status).toBe(400);
    expect(
      (await get<{ deliveries: DeliveryJson[] }>(`/webhooks/${endpoint.id}/deliveries?first=100`)).body.deliveries,
    ).toHaveLength(3);
  });

  it('retry makes a delivery due now: pending, next attempt now, claim cleared; 404 for a delivery of another endpoint', async () => {
    const endpoint = await createEndpoint();
    const other = await createEndpoint();
    await submittedCart();
    const [delivery] = (await get<{ deliveries: DeliveryJson[] }>(`/webhooks/${endpoint.id}/deliveries`)).body
      .deliveries;
    const later = new Date(Date.now() + 3_600_000);
    await t.database.db.webhookDelivery.update({
      where: { id: delivery!.id },
      data: { status: 'failed', attempts: 8, nextAttemptAt: later, claimedUntil: later },
    });
    const before = Date.now();
    const retried = await post<DeliveryJson>(t, `/webhooks/${endpoint.id}/deliveries/${delivery!.id}/retry`);
    expect(retried.status).toBe(200);
    expect(retried.body).toMatchObject({ id: delivery!.id, status: 'pending', attempt_count: 8, delivered_at: null });
    expect(Date.parse(retried.body.next_attempt_at!)).toBeGreaterThanOrEqual(before - 1);
    expect(Date.parse(retried.body.next_attempt_at!)).toBeLessThanOrEqual(Date.now());
    const row = await t.database.db.webhookDelivery.findUniqueOrThrow({ where: { id: delivery!.id } });
    expect([row.status, row.claimedUntil, row.nextAttemptAt.toISOString()]).toStrictEqual([
      'pending',
      null,
      retried.body.next_attempt_at,
    ]);

    const snapshot = await dumpDatabase(t.database);
    const foreign = await post<ErrorJson>(t, `/webhooks/${other.id}/deliveries/${delivery!.id}/retry`);
    expect(foreign.status).toBe(404);
    expect(foreign.body).toMatchObject({ code: 'DELIVERY_NOT_FOUND', details: { delivery_id: delivery!.id } });
    expect((await post<ErrorJson>(t, `/webhooks/whep_none/deliveries/${delivery!.id}/retry`)).body.code).toBe(
      'WEBHOOK_NOT_FOUND',
    );
    expect(await dumpDatabase(t.database)).toBe(snapshot);
  });
});

const CreateEndpoint = graphql(`
  mutation CreateWebhookEndpoint($url: String!, $events: [String!], $description: String) {
    createWebhookEndpoint(url: $url, events: $events, description: $description) {
      secret
      endpoint {
        id
        url
        description
        events
        enabled
        failingSince
      }
    }
  }
`);

const Endpoints = graphql(`
  query WebhookEndpoints {
    webhookEndpoints {
      id
      url
    }
  }
`);

const Endpoint = graphql(`
  query WebhookEndpoint($id: ID!) {
    webhookEndpoint(id: $id) {
      id
      url
      description
      events
      enabled
      failingSince
      createdAt
      updatedAt
    }
  }
`);

const UpdateEndpoint = graphql(`
  mutation UpdateWebhookEndpoint($id: ID!, $url: String, $events: [String!], $description: String, $enabled: Boolean) {
    updateWebhookEndpoint(id: $id, url: $url, events: $events, description: $description, enabled: $enabled) {
      id
      url
      description
      events
      enabled
    }
  }
`);

const DeleteEndpoint = graphql(`
  mutation DeleteWebhookEndpoint($id: ID!) {
    deleteWebhookEndpoint(id: $id)
  }
`);

const Deliveries = graphql(`
  query WebhookDeliveries($endpointId: ID!, $first: Int!, $after: ID) {
    webhookDeliveries(endpointId: $endpointId, first: $first, after: $after) {
      id
      endpointId
      eventId
      eventType
      status
      attemptCount
      nextAttemptAt
      deliveredAt
      createdAt
      attempts {
        at
        statusCode
        latencyMs
        error
      }
    }
  }
`);

const RetryDelivery = graphql(`
  mutation RetryWebhookDelivery($endpointId: ID!, $deliveryId: ID!) {
    retryWebhookDelivery(endpointId: $endpointId, deliveryId: $deliveryId) {
      id
      status
      attemptCount
      nextAttemptAt
    }
  }
`);

describe('GraphQL twins', () => {
  it('create (secret once), read, list, update, delete', async () => {
    const created = await send(t.app, CreateEndpoint, {
      url: receiver,
      events: ['order.status_changed'],
      description: 'via GraphQL',
    });
    expect(created.errors).toBeUndefined();
    const { secret, endpoint } = created.data!.createWebhookEndpoint;
    expect(secret).toMatch(/^whsec_/);
    expect(Buffer.from(secret.slice('whsec_'.length), 'base64')).toHaveLength(24);
    expect(endpoint).toStrictEqual({
      id: expect.stringMatching(/^whep_[0-9a-f]{32}$/),
      url: receiver,
      events: ['order.status_changed'],
      description: 'via GraphQL',
      enabled: true,
      failingSince: null,
    });
    // The same endpoint as REST shows it.
    const rest = (await get<EndpointJson>(`/webhooks/${endpoint.id}`)).body;

    const one = await send(t.app, Endpoint, { id: endpoint.id });
    expect(one.data?.webhookEndpoint).toStrictEqual({
      ...endpoint,
      createdAt: rest.created_at,
      updatedAt: rest.updated_at,
    });
    const list = await send(t.app, Endpoints);
    expect(list.data?.webhookEndpoints.map((item) => item.id)).toContain(endpoint.id);
    expect(JSON.stringify([one, list])).not.toContain(secret);

    // Absent arguments stay; null events = all, null description clears.
    const off = await send(t.app, UpdateEndpoint, { id: endpoint.id, enabled: false });
    expect(off.data?.updateWebhookEndpoint).toMatchObject({
      events: ['order.status_changed'],
      description: 'via GraphQL',
      enabled: false,
    });
    const cleared = await send(t.app, UpdateEndpoint, {
      id: endpoint.id,
      events: null,
      description: null,
      url: 'http://127.0.0.1:9/gql',
      enabled: true,
    });
    expect(cleared.data?.updateWebhookEndpoint).toStrictEqual({
      id: endpoint.id,
      events: null,
      description: null,
      url: 'http://127.0.0.1:9/gql',
      enabled: true,
    });

    const deleted = await send(t.app, DeleteEndpoint, { id: endpoint.id });
    expect(deleted.data?.deleteWebhookEndpoint).toBe(endpoint.id);
    const gone = await send(t.app, Endpoint, { id: endpoint.id });
    expect(gone.data?.webhookEndpoint).toBeNull();
    expect(gone.errors?.[0]?.extensions).toMatchObject({ code: 'WEBHOOK_NOT_FOUND', http: { status: 404 } });
  });

  it('refuses what REST refuses, with the same codes and fields', async () => {
    const before = await dumpDatabase(t.database);
    const refusals: [{ url: string; events?: string[] }, string][] = [
      [{ url: 'ftp://127.0.0.1/' }, 'url'],
      [{ url: 'http://a:b@127.0.0.1/' }, 'url'],
      [{ url: receiver, events: ['nope'] }, 'events'],
    ];
    for (const [variables, field] of refusals) {
      const answer = await send(t.app, CreateEndpoint, variables);
      expect(answer.errors?.[0]?.extensions).toMatchObject({ code: 'VALIDATION_FAILED', details: { field } });
    }
    expect(await dumpDatabase(t.database)).toBe(before);
  });

  it('lists deliveries and retries one', async () => {
    const { endpoint } = (await send(t.app, CreateEndpoint, { url: receiver, events: ['order.created'] })).data!
      .createWebhookEndpoint;
    await submittedCart();
    const listed = await send(t.app, Deliveries, { endpointId: endpoint.id, first: 10 });
    expect(listed.errors).toBeUndefined();
    const deliveries = listed.data!.webhookDeliveries;
    expect(
      deliveries.map((delivery) => [
        delivery.endpointId,
        delivery.eventType,
        delivery.status,
        delivery.attemptCount,
        delivery.attempts,
      ]),
    ).toStrictEqual([
      [endpoint.id, 'order.created', 'PENDING', 0, []],
      [endpoint.id, 'order.created', 'PENDING', 0, []],
    ]);
    // The same deliveries as REST lists, in the same order.
    const rest = (await get<{ deliveries: DeliveryJson[] }>(`/webhooks/${endpoint.id}/deliveries`)).body.deliveries;
    expect(deliveries.map((delivery) => [delivery.id, delivery.eventId, delivery.createdAt])).toStrictEqual(
      rest.map((delivery) => [delivery.id, delivery.event_id, delivery.created_at]),
    );
    const paged = await send(t.app, Deliveries, { endpointId: endpoint.id, first: 1, after: deliveries[0]!.id });
    expect(paged.data!.webhookDeliveries.map((delivery) => delivery.id)).toStrictEqual([deliveries[1]!.id]);

    await t.database.db.webhookDelivery.update({
      where: { id: deliveries[1]!.id },
      data: { status: 'delivered', deliveredAt: new Date(), attempts: 1 },
    });
    const retried = await send(t.app, RetryDelivery, { endpointId: endpoint.id, deliveryId: deliveries[1]!.id });
    expect(retried.data?.retryWebhookDelivery).toMatchObject({
      id: deliveries[1]!.id,
      status: 'PENDING',
      attemptCount: 1,
    });
    expect(Date.parse(retried.data!.retryWebhookDelivery.nextAttemptAt!)).toBeLessThanOrEqual(Date.now());

    const other = (await send(t.app, CreateEndpoint, { url: receiver })).data!.createWebhookEndpoint.endpoint;
    const foreign = await send(t.app, RetryDelivery, { endpointId: other.id, deliveryId: deliveries[1]!.id });
    expect(foreign.errors?.[0]?.extensions).toMatchObject({ code: 'DELIVERY_NOT_FOUND' });
    const tooMany = await send(t.app, Deliveries, { endpointId: endpoint.id, first: 101 });
    expect(tooMany.errors?.[0]?.extensions).toMatchObject({ code: 'VALIDATION_FAILED', details: { field: 'first' } });
  });
});

/** A GraphQL request with headers (the API key), untyped. */
async function sendWith(
  app: TestApp['app'],
  document: DocumentNode,
  variables: Record<string, unknown>,
  headers: Record<string, string>,
) {
  const response = await app.inject({
    method: 'POST',
    url: '/graphql',
    headers,
    payload: { query: print(document), variables },
  });
  return response.json() as { data?: Record<string, unknown> | null; errors?: { extensions: { code: string } }[] };
}

describe('with API keys', () => {
  const clientKey = 'client-key-0123456789';
  const adminKey = 'admin-key-0123456789';
  let keyed: TestApp;
  let endpointId: string;
  let deliveryId: string;
  beforeAll(async () => {
    keyed = await createTestApp(readFixture('cart-catalog.json'), {
      API_KEYS: `${clientKey}:client,${adminKey}:admin`,
      WEBHOOK_ALLOW_PRIVATE_URLS: 'true',
    });
    const created = await keyed.app.inject({
      method: 'POST',
      url: '/webhooks',
      headers: { 'x-api-key': adminKey },
      payload: { url: receiver },
    });
    endpointId = (created.json() as EndpointJson).id;
    const cart = await keyed.app.inject({
      method: 'POST',
      url: '/cart',
      headers: { 'x-api-key': clientKey },
      payload: { items: { storefront_cart_items_input: exampleA } },
    });
    const cartId = (cart.json() as { id: string }).id;
    await keyed.app.inject({
      method: 'POST',
      url: '/cart/customerInfo',
      headers: { 'x-api-key': clientKey },
      payload: { id: cartId, buyer_identity: californian },
    });
    await keyed.app.inject({
      method: 'POST',
      url: '/cart/submit',
      headers: { 'x-api-key': clientKey },
      payload: { id: cartId },
    });
    const listed = await keyed.app.inject({
      method: 'GET',
      url: `/webhooks/${endpointId}/deliveries`,
      headers: { 'x-api-key': adminKey },
    });
    deliveryId = (listed.json() as { deliveries: DeliveryJson[] }).deliveries[0]!.id;
  });
  afterAll(() => keyed.close());

  const routes = () => [
    { method: 'POST' as const, url: '/webhooks', payload: { url: receiver }, ok: 201 },
    { method: 'GET' as const, url: '/webhooks', ok: 200 },
    { method: 'GET' as const, url: `/webhooks/${endpointId}`, ok: 200 },
    { method: 'PATCH' as const, url: `/webhooks/${endpointId}`, payload: { description: 'admin' }, ok: 200 },
    { method: 'GET' as const, url: `/webhooks/${endpointId}/deliveries`, ok: 200 },
    { method: 'POST' as const, url: `/webhooks/${endpointId}/deliveries/${deliveryId}/retry`, ok: 200 },
    { method: 'DELETE' as const, url: `/webhooks/${endpointId}`, ok: 204 },
  ];

  it('a client key gets 403 FORBIDDEN on every route, before its body is looked at; no key 401', async () => {
    const before = await dumpDatabase(keyed.database);
    for (const { ok: _ok, ...route } of routes()) {
      const refused = await keyed.app.inject({ ...route, headers: { 'x-api-key': clientKey } });
      expect(refused.statusCode, `${route.method} ${route.url}`).toBe(403);
      expect(refused.json()).toMatchObject({ code: 'FORBIDDEN' });
      if (route.payload)
        expect(
          (await keyed.app.inject({ ...route, payload: { url: 7 }, headers: { 'x-api-key': clientKey } })).statusCode,
        ).toBe(403);
      expect((await keyed.app.inject(route)).statusCode).toBe(401);
    }
    expect(await dumpDatabase(keyed.database)).toBe(before);
  });

  it('a client key gets FORBIDDEN from every GraphQL twin', async () => {
    const before = await dumpDatabase(keyed.database);
    const operations: [DocumentNode, Record<string, unknown>][] = [
      [Endpoints, {}],
      [Endpoint, { id: endpointId }],
      [Deliveries, { endpointId, first: 5 }],
      [CreateEndpoint, { url: receiver }],
      [UpdateEndpoint, { id: endpointId, enabled: false }],
      [DeleteEndpoint, { id: endpointId }],
      [RetryDelivery, { endpointId, deliveryId }],
    ];
    for (const [document, variables] of operations) {
      const answer = await sendWith(keyed.app, document, variables, { 'x-api-key': clientKey });
      expect(answer.errors?.[0]?.extensions, print(document).slice(0, 60)).toMatchObject({ code: 'FORBIDDEN' });
    }
    expect(await dumpDatabase(keyed.database)).toBe(before);
  });

  it('an admin key may do everything, on both APIs', async () => {
    for (const { ok, ...route } of routes()) {
      const answer = await keyed.app.inject({ ...route, headers: { 'x-api-key': adminKey } });
      expect(answer.statusCode, `${route.method} ${route.url}: ${answer.body}`).toBe(ok);
    }
    const created = await sendWith(
      keyed.app,
      CreateEndpoint,
      { url: receiver },
      { authorization: `Bearer ${adminKey}` },
    );
    expect(created.errors).toBeUndefined();
    const { id } = (created.data?.createWebhookEndpoint as { endpoint: { id: string } }).endpoint;
    const listed = await sendWith(keyed.app, Endpoints, {}, { authorization: `Bearer ${adminKey}` });
    expect((listed.data?.webhookEndpoints as { id: string }[]).map((endpoint) => endpoint.id)).toContain(id);
  });
});

describe('WEBHOOK_MAX_ENDPOINTS', () => {
  let capped: TestApp;
  beforeAll(async () => {
    capped = await createTestApp(null, { WEBHOOK_ALLOW_PRIVATE_URLS: 'true', WEBHOOK_MAX_ENDPOINTS: '3' });
  });
  afterAll(() => capped.close());

  it('refuses an endpoint past the cap with 422 WEBHOOK_LIMIT_REACHED on both APIs, writing nothing; concurrent creations never pass it', async () => {
    const create = () => capped.app.inject({ method: 'POST', url: '/webhooks', payload: { url: receiver } });
    // Ten at once: as many as the cap get in, whatever the interleaving.
    const answers = await Promise.all(Array.from({ length: 10 }, create));
    expect(answers.map((answer) => answer.statusCode).sort()).toStrictEqual([
      201, 201, 201, 422, 422, 422, 422, 422, 422, 422,
    ]);
    expect(await capped.database.db.webhookEndpoint.count()).toBe(3);
    const before = await dumpDatabase(capped.database);
    const over = await create();
    expect(over.statusCode).toBe(422);
    expect(over.json()).toMatchObject({ code: 'WEBHOOK_LIMIT_REACHED', details: { max: 3 } });
    const overGraphQL = await send(capped.app, CreateEndpoint, { url: receiver });
    expect(overGraphQL.errors?.[0]?.extensions?.code).toBe('WEBHOOK_LIMIT_REACHED');
    expect(await dumpDatabase(capped.database)).toBe(before);
    const first = await capped.database.db.webhookEndpoint.findFirstOrThrow();
    expect((await capped.app.inject({ method: 'DELETE', url: `/webhooks/${first!.id}` })).statusCode).toBe(204);
    expect((await create()).statusCode).toBe(201);
  });
});
