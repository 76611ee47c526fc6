// GraphQL twin of POST /player/events: any valid key, open without keys.
import { Arg, Int, Mutation, Resolver } from 'type-graphql';
import { maxEventsPerRequest } from './player-events.model.js';
import { PlayerEventsService } from './player-events.service.js';
import { PlayerEventInputType } from './player-events.type.js';

@Resolver()
export class PlayerEventsResolver {
  constructor(private readonly events: PlayerEventsService) {}

  @Mutation(() => Int, {
    description:
      `Reports what shoppers' players saw and did (at most ${maxEventsPerRequest} events); answers how many were ` +
      'accepted for counting: all of them, or the request is refused whole. Each counts once written, within a ' +
      'second, unless its session counted the same in the 30 minutes before it.',
  })
  recordPlayerEvents(@Arg('events', () => [PlayerEventInputType]) events: PlayerEventInputType[]): Promise<number> {
    return this.events.record(events);
  }
}
