// GraphQL input of player events: the REST body's events in camelCase.
import { Field, ID, InputType } from 'type-graphql';
import { DateTimeScalar } from '../graphql/scalars.js';
import { playerEventTypes } from './player-events.model.js';

@InputType('PlayerEventInput', {
  description: "What a shopper's player saw or did: counted once per session, media item, placement and 30 minutes.",
})
export class PlayerEventInputType {
  @Field(() => String, { description: `One of ${playerEventTypes.join(', ')}.` }) type!: string;
  @Field(() => ID, { description: 'The media item.' }) mediaId!: string;
  @Field(() => ID, {
    nullable: true,
    description: 'A placement of that media item (`<media id>:<position>`), when the event is about one.',
  })
  placementId?: string | null;
  @Field(() => String, {
    description: "The player's session: 8 to 64 characters of A-Z, a-z, 0-9, _ and -, random per browser tab.",
  })
  sessionId!: string;
  @Field(() => DateTimeScalar, {
    nullable: true,
    description:
      'Default: when received. More than 24 hours ago, or more than 5 minutes ahead of the gateway, is refused.',
  })
  occurredAt?: Date | null;
}
