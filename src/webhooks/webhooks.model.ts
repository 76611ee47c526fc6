// Webhook endpoints and their deliveries as the admin API shows them (the signing secret only in
// CreatedEndpoint, the answer of a creation).
import type { EventType } from '../events/events.model.js';

export interface WebhookEndpoint {
  id: string;
  url: string;
  description: string | null;
  /** The event types it receives; null: all of them. */
  events: EventType[] | null;
  enabled: boolean;
  /** Since when every attempt has failed; null while healthy. */
  failingSince: Date | null;
  createdAt: Date;
  updatedAt: Date;
}

export interface CreatedEndpoint {
  endpoint: WebhookEndpoint;
  /** whsec_ + base64 of 24 random bytes (Standard Webhooks); never shown again. */
  secret: string;
}

export const deliveryStatuses = ['pending', 'delivered', 'failed'] as const;

export type DeliveryStatus = (typeof deliveryStatuses)[number];

/** One HTTP attempt of a delivery. */
export interface WebhookAttempt {
  at: Date;
  /** The receiver's HTTP status; null when there was no answer (refused, timed out). */
  statusCode: number | null;
  latencyMs: number;
  error: string | null;
}

/** One event for one endpoint. */
export interface WebhookDelivery {
  id: string;
  endpointId: string;
  /** The event's message id (msg_…): the webhook-id header of every attempt. */
  eventId: string;
  eventType: string;
  status: DeliveryStatus;
  attemptCount: number;
  /** When it is due next; null unless pending. */
  nextAttemptAt: Date | null;
  deliveredAt: Date | null;
  createdAt: Date;
  /** Oldest first. */
  attempts: WebhookAttempt[];
}

export interface DeliveryPage {
  /** Newest first. */
  deliveries: WebhookDelivery[];
  hasMore: boolean;
}
