// The admin API of webhook endpoints, the same for REST and GraphQL: endpoints with their signing
// secret (shown once), their deliveries and attempts, and a manual retry. Which events an endpoint
// gets is decided when the event's deliveries are written, shortly after it is recorded
// (events/outbox.ts, events/delivery.repository.ts): the endpoints enabled then that existed when
// the event was recorded and want its type. At most WEBHOOK_MAX_ENDPOINTS endpoints exist.
import { randomBytes, randomUUID } from 'node:crypto';
import type { DatabaseProvider } from '../config.js';
import type { Db } from '../db/database.js';
import { inTransaction } from '../db/transaction.js';
import { DeliveryRepository } from '../events/delivery.repository.js';
import { AppError } from '../errors.js';
import { eventTypes, isEventType, type EventType } from '../events/events.model.js';
import { checkWebhookUrl } from '../security/url-guard.js';
import type { EndpointChanges, WebhookRepository } from './webhooks.repository.js';
import type { CreatedEndpoint, DeliveryPage, WebhookDelivery, WebhookEndpoint } from './webhooks.model.js';

const maxDescriptionLength = 500;
export const defaultDeliveryPageSize = 20;
export const maxDeliveryPageSize = 100;
/** Ids are whep_/dlv_ and 32 hex digits; anything much longer names nothing (and is not looked up). */
const maxIdLength = 64;

export interface NewEndpointInput {
  url: string;
  events?: readonly string[] | null;
  description?: string | null;
}

/** What to change; absent fields stay, `events: null` means all events, `description: null` clears it. */
export interface EndpointPatch {
  url?: string;
  events?: readonly string[] | null;
  description?: string | null;
  enabled?: boolean;
}

function endpointNotFound(id: string): AppError {
  return new AppError('WEBHOOK_NOT_FOUND', `No webhook endpoint with id ${id.slice(0, 64)}`, { id: id.slice(0, 64) });
}

function deliveryNotFound(endpointId: string, deliveryId: string): AppError {
  return new AppError(
    'DELIVERY_NOT_FOUND',
    `Webhook endpoint ${endpointId.slice(0, 64)} has no delivery with id ${deliveryId.slice(0, 64)}`,
    { delivery_id: deliveryId.slice(0, 64) },
  );
}

/** The event types to deliver, deduplicated in the order of eventTypes; null: all. */
function checkEvents(events: readonly string[] | null | undefined): EventType[] | null {
  if (events === null || events === undefined) return null;
  const unknown = events.find((type) => !isEventType(type));
  if (unknown !== undefined) {
    throw new AppError(
      'VALIDATION_FAILED',
      `events: unknown event type "${String(unknown).slice(0, 64)}"; known: ${eventTypes.join(', ')}`,
      { field: 'events' },
    );
  }
  if (events.length === 0)
    throw new AppError(
      'VALIDATION_FAILED',
      'events must name at least one event type; leave it out (or null) for all',
      { field: 'events' },
    );
  return eventTypes.filter((type) => events.includes(type));
}

function checkDescription(description: string | null | undefined): string | null {
  if (description === null || description === undefined) return null;
  if (description.length > maxDescriptionLength) {
    throw new AppError('VALIDATION_FAILED', `description must be at most ${maxDescriptionLength} characters`, {
      field: 'description',
    });
  }
  return description;
}

/** whsec_ + base64 of 24 random bytes: the Standard Webhooks secret format. */
function newSecret(): string {
  return `whsec_${randomBytes(24).toString('base64')}`;
}

export interface WebhookOptions {
  /** config.webhookAllowPrivateUrls */
  allowPrivateUrls: boolean;
  /** config.webhookMaxEndpoints */
  maxEndpoints: number;
}

/** Events fanned out before an endpoint's deliveries are listed, at most (the worker does the rest). */
const fanOutBeforeListing = 1000;

export class WebhookService {
  constructor(
    private readonly db: Db,
    private readonly provider: DatabaseProvider,
    private readonly repository: WebhookRepository,
    /** The delivery worker's statements (listing deliveries fans out first). */
    private readonly deliveryRepository: DeliveryRepository,
    private readonly options: WebhookOptions,
  ) {}

  list(): Promise<WebhookEndpoint[]> {
    return this.repository.list(this.db);
  }

  async get(id: string): Promise<WebhookEndpoint> {
    const endpoint = id.length <= maxIdLength ? await this.repository.find(this.db, id) : null;
    if (!endpoint) throw endpointNotFound(id);
    return endpoint;
  }

  async create(input: NewEndpointInput): Promise<CreatedEndpoint> {
    const events = checkEvents(input.events);
    const description = checkDescription(input.description);
    // Resolving the host takes time: done before, never inside, a transaction.
    const url = await checkWebhookUrl(input.url, this.options.allowPrivateUrls);
    const secret = newSecret();
    const { maxEndpoints } = this.options;
    const endpoint = await inTransaction(this.db, async (tx) => {
      // Concurrent creations count one after the other (PostgreSQL: a lock on the endpoint rows).
      if ((await this.repository.countLocked(tx, this.provider)) >= maxEndpoints) {
        throw new AppError(
          'WEBHOOK_LIMIT_REACHED',
          `At most ${maxEndpoints} webhook endpoints may exist; delete one first`,
          { max: maxEndpoints },
        );
      }
      return this.repository.create(
        tx,
        { id: `whep_${randomUUID().replaceAll('-', '')}`, url: url.href, description, events, secret },
        new Date(),
      );
    });
    return { endpoint, secret };
  }

  async update(id: string, patch: EndpointPatch): Promise<WebhookEndpoint> {
    if (id.length > maxIdLength) throw endpointNotFound(id);
    const changes: EndpointChanges = {};
    if (patch.events !== undefined) changes.events = checkEvents(patch.events);
    if (patch.description !== undefined) changes.description = checkDescription(patch.description);
    if (patch.enabled !== undefined) changes.enabled = patch.enabled;
    if (patch.url !== undefined) changes.url = (await checkWebhookUrl(patch.url, this.options.allowPrivateUrls)).href;
    const updated = await inTransaction(this.db, async (tx) => {
      const current = await this.repository.find(tx, id);
      if (!current) return null;
      // Switched back on by hand: its five days of failures start again from nothing.
      if (patch.enabled === true && !current.enabled) changes.failingSince = null;
      return this.repository.update(tx, id, changes, new Date());
    });
    if (!updated) throw endpointNotFound(id);
    return updated;
  }

  /** Deletes the endpoint with its deliveries; answers its id. */
  async remove(id: string): Promise<string> {
    if (id.length > maxIdLength || !(await this.repository.delete(this.db, id))) throw endpointNotFound(id);
    return id;
  }

  /** The endpoint's deliveries, newest first: `first` of them, older than the delivery `after`. */
  async deliveries(
    endpointId: string,
    first: number = defaultDeliveryPageSize,
    after: string | null = null,
  ): Promise<DeliveryPage> {
    if (!Number.isInteger(first) || first < 1 || first > maxDeliveryPageSize) {
      throw new AppError('VALIDATION_FAILED', `first must be an integer from 1 to ${maxDeliveryPageSize}`, {
        field: 'first',
      });
    }
    await this.get(endpointId);
    let beforeEvent: number | null = null;
    if (after !== null) {
      beforeEvent = after.length <= maxIdLength ? await this.repository.eventOf(this.db, endpointId, after) : null;
      if (beforeEvent === null)
        throw new AppError('VALIDATION_FAILED', `after must be the id of one of this endpoint's deliveries`, {
          field: 'after',
        });
    }
    // Events recorded a moment ago get their deliveries now rather than at the worker's next round.
    await this.deliveryRepository.fanOut(fanOutBeforeListing);
    const rows = await this.repository.deliveries(this.db, endpointId, first + 1, beforeEvent);
    return { deliveries: rows.slice(0, first), hasMore: rows.length > first };
  }

  /** Makes a delivery due now (the delivery worker sends it on its next round), whatever its status. */
  async retry(endpointId: string, deliveryId: string): Promise<WebhookDelivery> {
    await this.get(endpointId);
    const delivery = await inTransaction(this.db, async (tx) => {
      if (deliveryId.length > maxIdLength || !(await this.repository.makeDue(tx, endpointId, deliveryId, new Date())))
        return null;
      return this.repository.findDelivery(tx, endpointId, deliveryId);
    });
    if (!delivery) throw deliveryNotFound(endpointId, deliveryId);
    return delivery;
  }
}
