// JSON Schemas of the webhook admin routes: request shapes (types only: URLs, event types and
// lengths are checked by the service, the same for GraphQL) and the documented answers.
import { deliveryStatuses } from './webhooks.model.js';

const nullableString = { type: ['string', 'null'] } as const;
const dateTime = { type: 'string' } as const;
const nullableDateTime = nullableString;
const eventList = { type: ['array', 'null'], items: { type: 'string' } } as const;

export const createWebhookBody = {
  type: 'object',
  required: ['url'],
  properties: { url: { type: 'string' }, events: eventList, description: nullableString },
} as const;

export const updateWebhookBody = {
  type: 'object',
  properties: { url: { type: 'string' }, events: eventList, description: nullableString, enabled: { type: 'boolean' } },
} as const;

export const webhookParams = { type: 'object', required: ['id'], properties: { id: { type: 'string' } } } as const;

export const deliveryParams = {
  type: 'object',
  required: ['id', 'delivery_id'],
  properties: { id: { type: 'string' }, delivery_id: { type: 'string' } },
} as const;

export const deliveriesQuery = {
  type: 'object',
  properties: { first: { type: 'string', pattern: '^[0-9]{1,9}$' }, after: { type: 'string' } },
} as const;

// Answers

const endpointProperties = {
  id: { type: 'string' },
  url: { type: 'string' },
  description: nullableString,
  events: eventList,
  enabled: { type: 'boolean' },
  failing_since: nullableDateTime,
  created_at: dateTime,
  updated_at: dateTime,
} as const;

const endpointFields = ['id', 'url', 'description', 'events', 'enabled', 'failing_since', 'created_at', 'updated_at'] as const;

export const webhookResponse = { type: 'object', required: endpointFields, properties: endpointProperties } as const;

/** The answer of a creation, the only one with the secret. */
export const createdWebhookResponse = {
  type: 'object',
  required: [...endpointFields, 'secret'],
  properties: { ...endpointProperties, secret: { type: 'string' } },
} as const;

export const webhookListResponse = {
  type: 'object',
  required: ['webhooks'],
  properties: { webhooks: { type: 'array', items: webhookResponse } },
} as const;

const attempt = {
  type: 'object',
  required: ['at', 'status_code', 'latency_ms', 'error'],
  properties: { at: dateTime, status_code: { type: ['integer', 'null'] }, latency_ms: { type: 'integer' }, error: nullableString },
} as const;

export const deliveryResponse = {
  type: 'object',
  required: ['id', 'endpoint_id', 'event_id', 'event_type', 'status', 'attempt_count', 'next_attempt_at', 'delivered_at', 'created_at', 'attempts'],
  properties: {
    id: { type: 'string' },
    endpoint_id: { type: 'string' },
    event_id: { type: 'string' },
    event_type: { type: 'string' },
    status: { type: 'string', enum: deliveryStatuses },
    attempt_count: { type: 'integer' },
    next_attempt_at: nullableDateTime,
    delivered_at: nullableDateTime,
    created_at: dateTime,
    attempts: { type: 'array', items: attempt },
  },
} as const;

export const deliveryPageResponse = {
  type: 'object',
  required: ['deliveries', 'has_more'],
  properties: { deliveries: { type: 'array', items: deliveryResponse }, has_more: { type: 'boolean' } },
} as const;
