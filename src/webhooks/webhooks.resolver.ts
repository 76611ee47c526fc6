// GraphQL twins of the webhook admin routes: admin keys only, each calls one WebhookService method.
import { Arg, ID, Int, Mutation, Query, Resolver } from 'type-graphql';
import { AdminOnly } from '../graphql/admin-only.js';
import { WebhookService, defaultDeliveryPageSize, maxDeliveryPageSize } from './webhooks.service.js';
import { CreateWebhookEndpointResultType, WebhookDeliveryType, WebhookEndpointType } from './webhooks.type.js';
import type { CreatedEndpoint, WebhookDelivery, WebhookEndpoint } from './webhooks.model.js';
import { MaxItems } from '../graphql/list-size.js';
import { withDefault } from '../graphql/defaults.js';

@Resolver(() => WebhookEndpointType)
export class WebhookResolver {
  constructor(private readonly webhooks: WebhookService) {}

  @AdminOnly()
  @Query(() => [WebhookEndpointType], { description: 'Every webhook endpoint, oldest first (admin).' })
  @MaxItems('webhookEndpoints')
  webhookEndpoints(): Promise<WebhookEndpoint[]> {
    return this.webhooks.list();
  }

  @AdminOnly()
  @Query(() => WebhookEndpointType, { nullable: true, description: 'One webhook endpoint (admin).' })
  webhookEndpoint(@Arg('id', () => ID) id: string): Promise<WebhookEndpoint> {
    return this.webhooks.get(id);
  }

  @AdminOnly()
  @Query(() => [WebhookDeliveryType], {
    description:
      `An endpoint's deliveries, newest first, with their attempts (admin); \`first\` from 1 to ` +
      `${maxDeliveryPageSize}, \`after\` the last delivery id of the previous page.`,
  })
  webhookDeliveries(
    @Arg('endpointId', () => ID) endpointId: string,
    @Arg('first', () => Int, withDefault(defaultDeliveryPageSize)) first: number,
    @Arg('after', () => ID, { nullable: true }) after?: string | null,
  ): Promise<WebhookDelivery[]> {
    return this.webhooks.deliveries(endpointId, first, after ?? null).then((page) => page.deliveries);
  }

  @AdminOnly()
  @Mutation(() => CreateWebhookEndpointResultType, {
    description: 'Creates an endpoint; its signing secret is in this answer only (admin).',
  })
  createWebhookEndpoint(
    @Arg('url', () => String) url: string,
    @Arg('events', () => [String], { nullable: true, description: 'The event types to deliver; null or absent: all.' })
    events?: string[] | null,
    @Arg('description', () => String, { nullable: true }) description?: string | null,
  ): Promise<CreatedEndpoint> {
    return this.webhooks.create({ url, events: events ?? null, description: description ?? null });
  }

  @AdminOnly()
  @Mutation(() => WebhookEndpointType, {
    description:
      'Changes the arguments given (events: null = all, description: null clears); enabled: true switches ' +
      'a disabled endpoint back on (admin).',
  })
  updateWebhookEndpoint(
    @Arg('id', () => ID) id: string,
    @Arg('url', () => String, { nullable: true }) url?: string | null,
    @Arg('events', () => [String], { nullable: true }) events?: string[] | null,
    @Arg('description', () => String, { nullable: true }) description?: string | null,
    @Arg('enabled', () => Boolean, { nullable: true }) enabled?: boolean | null,
  ): Promise<WebhookEndpoint> {
    // Absent leaves a field as it is; null is meaningful for events and description only.
    return this.webhooks.update(id, {
      ...(url === undefined || url === null ? {} : { url }),
      ...(events === undefined ? {} : { events }),
      ...(description === undefined ? {} : { description }),
      ...(enabled === undefined || enabled === null ? {} : { enabled }),
    });
  }

  @AdminOnly()
  @Mutation(() => ID, { description: 'Deletes an endpoint with its deliveries; answers its id (admin).' })
  deleteWebhookEndpoint(@Arg('id', () => ID) id: string): Promise<string> {
    return this.webhooks.remove(id);
  }

  @AdminOnly()
  @Mutation(() => WebhookDeliveryType, {
    description: 'Makes a delivery due now, whatever its status: it is sent again on the next round (admin).',
  })
  retryWebhookDelivery(
    @Arg('endpointId', () => ID) endpointId: string,
    @Arg('deliveryId', () => ID) deliveryId: string,
  ): Promise<WebhookDelivery> {
    return this.webhooks.retry(endpointId, deliveryId);
  }
}
