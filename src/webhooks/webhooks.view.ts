// The snake_case REST answers of webhook endpoints and deliveries (shapes: webhooks.schemas.ts),
// from webhooks.model.ts.
import type {
  CreatedEndpoint,
  DeliveryPage,
  WebhookAttempt,
  WebhookDelivery,
  WebhookEndpoint,
} from './webhooks.model.js';
import type {
  CreatedWebhookEndpointView,
  DeliveryPageView,
  WebhookDeliveryView,
  WebhookEndpointView,
} from './webhooks.schemas.js';

const isoOrNull = (date: Date | null) => date && date.toISOString();

export function endpointView(endpoint: WebhookEndpoint): WebhookEndpointView {
  return {
    id: endpoint.id,
    url: endpoint.url,
    description: endpoint.description,
    events: endpoint.events,
    enabled: endpoint.enabled,
    failing_since: isoOrNull(endpoint.failingSince),
    created_at: endpoint.createdAt.toISOString(),
    updated_at: endpoint.updatedAt.toISOString(),
  };
}

export function createdEndpointView(created: CreatedEndpoint): CreatedWebhookEndpointView {
  return { ...endpointView(created.endpoint), secret: created.secret };
}

function attemptView(attempt: WebhookAttempt): WebhookDeliveryView['attempts'][number] {
  return {
    at: attempt.at.toISOString(),
    status_code: attempt.statusCode,
    latency_ms: attempt.latencyMs,
    error: attempt.error,
  };
}

export function deliveryView(delivery: WebhookDelivery): WebhookDeliveryView {
  return {
    id: delivery.id,
    endpoint_id: delivery.endpointId,
    event_id: delivery.eventId,
    event_type: delivery.eventType,
    status: delivery.status,
    attempt_count: delivery.attemptCount,
    next_attempt_at: isoOrNull(delivery.nextAttemptAt),
    delivered_at: isoOrNull(delivery.deliveredAt),
    created_at: delivery.createdAt.toISOString(),
    attempts: delivery.attempts.map(attemptView),
  };
}

export function deliveryPageView(page: DeliveryPage): DeliveryPageView {
  return { deliveries: page.deliveries.map(deliveryView), has_more: page.hasMore };
}
