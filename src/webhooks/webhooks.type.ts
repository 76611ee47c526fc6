// GraphQL types of the webhook admin API. Root values are the objects of webhooks.model.ts.
//
// For normalized client caches, every object with an `id` is exactly one thing: an endpoint
// (whep_…) or a delivery (dlv_…). The signing secret is not a field of the endpoint, which would
// be null on every later read and overwrite the cached one: it comes once, beside the endpoint, in
// CreateWebhookEndpointResult (no id). Attempts have no id of their own: they are parts of their
// delivery, listed under it.
import { Field, ID, Int, ObjectType, registerEnumType } from 'type-graphql';
import { DateTimeScalar } from '../graphql/scalars.js';
import { eventTypes } from '../events/events.model.js';
import { MaxItems } from '../graphql/list-size.js';

export enum DeliveryStatusEnum {
  PENDING = 'pending',
  DELIVERED = 'delivered',
  FAILED = 'failed',
}
registerEnumType(DeliveryStatusEnum, {
  name: 'WebhookDeliveryStatus',
  description:
    'PENDING until the receiver answers 2xx (retried on a schedule), then DELIVERED; FAILED when given up ' +
    '(its endpoint was disabled).',
});

const eventTypeList = eventTypes.join(', ');

@ObjectType('WebhookEndpoint', {
  simpleResolvers: true,
  description: 'Where events are POSTed, signed with its secret (Standard Webhooks).',
})
export class WebhookEndpointType {
  @Field(() => ID) id!: string;
  @Field(() => String) url!: string;
  @Field(() => String, { nullable: true }) description!: string | null;
  @Field(() => [String], { nullable: true, description: `The event types it receives (${eventTypeList}); null: all.` })
  @MaxItems(eventTypes.length)
  events!: string[] | null;
  @Field(() => Boolean, { description: 'False: nothing is delivered to it (switched off, or failing for 5 days).' })
  enabled!: boolean;
  @Field(() => DateTimeScalar, {
    nullable: true,
    description: 'Since when every attempt has failed; null while healthy.',
  })
  failingSince!: Date | null;
  @Field(() => DateTimeScalar) createdAt!: Date;
  @Field(() => DateTimeScalar) updatedAt!: Date;
}

@ObjectType('CreateWebhookEndpointResult', { simpleResolvers: true })
export class CreateWebhookEndpointResultType {
  @Field(() => WebhookEndpointType) endpoint!: WebhookEndpointType;
  @Field(() => String, { description: 'The signing secret (whsec_…), shown only in this answer: keep it now.' })
  secret!: string;
}

@ObjectType('WebhookAttempt', { simpleResolvers: true, description: 'One HTTP attempt of a delivery.' })
export class WebhookAttemptType {
  @Field(() => DateTimeScalar) at!: Date;
  @Field(() => Int, { nullable: true, description: "The receiver's HTTP status; null when it did not answer." })
  statusCode!: number | null;
  @Field(() => Int) latencyMs!: number;
  @Field(() => String, { nullable: true }) error!: string | null;
}

@ObjectType('WebhookDelivery', { simpleResolvers: true, description: 'One event for one endpoint.' })
export class WebhookDeliveryType {
  @Field(() => ID) id!: string;
  @Field(() => ID) endpointId!: string;
  @Field(() => ID, { description: "The event's message id (msg_…): the webhook-id header of every attempt." })
  eventId!: string;
  @Field(() => String) eventType!: string;
  @Field(() => DeliveryStatusEnum) status!: DeliveryStatusEnum;
  @Field(() => Int) attemptCount!: number;
  @Field(() => DateTimeScalar, { nullable: true, description: 'When it is due next; null unless PENDING.' })
  nextAttemptAt!: Date | null;
  @Field(() => DateTimeScalar, { nullable: true }) deliveredAt!: Date | null;
  @Field(() => DateTimeScalar) createdAt!: Date;
  @Field(() => [WebhookAttemptType], { description: 'Oldest first.' })
  @MaxItems('webhookAttempts')
  attempts!: WebhookAttemptType[];
}
