// REST shapes of the webhook admin routes, declared once (see src/rest/schema.ts): requests are
// checked for types only (URLs, event types and lengths are checked by the service, the same for
// GraphQL), answers are the endpoints and deliveries.
import { Type, type Static } from '@sinclair/typebox';
import { Named, Nullable, Ref } from '../rest/schema.js';
import { eventTypes } from '../events/events.model.js';
import { deliveryStatuses, type DeliveryStatus } from './webhooks.model.js';

const DateTime = (description = 'ISO 8601, UTC.') => Type.String({ description });
const EventList = Type.Unsafe<string[] | null>({
  type: ['array', 'null'],
  items: { type: 'string' },
  description: `Event types to receive: ${eventTypes.join(', ')}; null for all of them.`,
});

export const CreateWebhookBody = Type.Object({
  url: Type.String({
    description: 'http(s), no credentials, resolving to a public address (unless WEBHOOK_ALLOW_PRIVATE_URLS=true).',
  }),
  events: Type.Optional(EventList),
  description: Type.Optional(Nullable(Type.String({ description: 'At most 500 characters.' }))),
});
export type CreateWebhookBodyView = Static<typeof CreateWebhookBody>;

export const UpdateWebhookBody = Type.Object({
  url: Type.Optional(CreateWebhookBody.properties.url),
  events: Type.Optional(EventList),
  description: Type.Optional(Nullable(Type.String({ description: 'At most 500 characters.' }))),
  enabled: Type.Optional(
    Type.Boolean({ description: 'false pauses deliveries; true resumes them (and clears failing_since).' }),
  ),
});

export const DeliveryParams = Type.Object({
  id: Type.String({ description: 'The endpoint.' }),
  delivery_id: Type.String(),
});

export const DeliveriesQuery = Type.Object({
  first: Type.Optional(Type.String({ pattern: '^[0-9]{1,9}$', description: '1–100, default 20.' })),
  after: Type.Optional(Type.String({ description: 'The id of the last delivery of the previous page.' })),
});

const endpointFields = {
  id: Type.String(),
  url: Type.String(),
  description: Nullable(Type.String()),
  events: EventList,
  enabled: Type.Boolean(),
  failing_since: Nullable(
    Type.String({ description: 'When deliveries started failing (ISO 8601); null while they succeed.' }),
  ),
  created_at: DateTime(),
  updated_at: DateTime(),
};

export const WebhookEndpoint = Named(
  'WebhookEndpoint',
  Type.Object(endpointFields, { description: 'Where events are sent, signed per Standard Webhooks.' }),
);
export type WebhookEndpointView = Static<typeof WebhookEndpoint>;

export const CreatedWebhookEndpoint = Named(
  'CreatedWebhookEndpoint',
  Type.Object(
    { ...endpointFields, secret: Type.String({ description: 'whsec_…: shown once, in this answer only.' }) },
    { description: 'A new endpoint, with its signing secret.' },
  ),
);
export type CreatedWebhookEndpointView = Static<typeof CreatedWebhookEndpoint>;

export const WebhookList = Type.Object({ webhooks: Type.Array(Ref(WebhookEndpoint)) });

const Attempt = Type.Object({
  at: DateTime(),
  status_code: Nullable(Type.Integer({ description: "The receiver's status; null when it did not answer." })),
  latency_ms: Type.Integer(),
  error: Nullable(Type.String()),
});

export const WebhookDelivery = Named(
  'WebhookDelivery',
  Type.Object({
    id: Type.String(),
    endpoint_id: Type.String(),
    event_id: Type.String({ description: 'The webhook-id header of every attempt.' }),
    event_type: Type.String(),
    status: Type.Unsafe<DeliveryStatus>({ type: 'string', enum: [...deliveryStatuses] }),
    attempt_count: Type.Integer(),
    next_attempt_at: Nullable(Type.String({ description: 'ISO 8601; null when no attempt is due.' })),
    delivered_at: Nullable(Type.String({ description: 'ISO 8601.' })),
    created_at: DateTime(),
    attempts: Type.Array(Attempt),
  }),
);
export type WebhookDeliveryView = Static<typeof WebhookDelivery>;

export const DeliveryPage = Type.Object({ deliveries: Type.Array(Ref(WebhookDelivery)), has_more: Type.Boolean() });
export type DeliveryPageView = Static<typeof DeliveryPage>;
